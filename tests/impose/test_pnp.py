"""Print-and-play sheets, read back from the PDF: page sizes, every copy placed once, backs
at the mirror image of their fronts, crop marks outside every trim box, repeated faces
stored once, deterministic bytes.

The pieces here are the shipped catalogs' components drawn as simple test faces (coloured
rectangles, hexes, discs, die nets built from the real drawing ops and drawn by the real
PDF backend), so the imposition is tested on its own; test_pnp_stage.py runs the stage
with the real faces. The files are read back with tests/helpers_sheets.py.
"""

from __future__ import annotations

import math
import os
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from conftest import load_games
from helpers_sheets import PageRead, read_pdf

from cardstock.core.stage import BuildOptions
from cardstock.core.units import parse_length, parse_size
from cardstock.impose.pnp import doc_info, impose
from cardstock.impose.render import write_pdf
from cardstock.impose.sheets import load_sheets
from cardstock.layout.ops import Ellipse, Face, Rect, Text
from cardstock.render.pdf import PdfFaces

ROOT = Path(__file__).resolve().parents[2]
MM = parse_length("1mm")
MARGIN = 5 * MM  # the printer margin when no profile sets one
TOL = 0.01


# ---------------------------------------------------------------- test faces


def face_of(component, side: str, bleed: bool) -> Face | None:
    """A plain face per component (and one back per deck), shaped by the component's kind."""
    w, h = parse_size(component.size)
    b = 3 * MM if bleed else 0.0
    if component.kind == "die":
        if side == "back":
            return None
        s = w
        cut = (
            (s, 0),
            (2 * s, 0),
            (2 * s, s),
            (4 * s, s),
            (4 * s, 2 * s),
            (2 * s, 2 * s),
            (2 * s, 3 * s),
            (s, 3 * s),
            (s, 2 * s),
            (0, 2 * s),
            (0, s),
            (s, s),
        )
        ops = tuple(
            Rect(x * s, y * s, s, s, fill="#ffffff", stroke="#000000", stroke_width=0.3)
            for x, y in ((1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2))
        )
        return Face.build(
            4 * s,
            3 * s,
            b,
            "net",
            ops + (Text(s + 2, s + 8, component.id, "sans", 5),),
            cut=cut,
            folds=(((s, s), (2 * s, s)),),
        )
    if component.kind == "token":
        if side == "back":
            return None
        return Face.build(
            w,
            h,
            b,
            "circle",
            (
                Ellipse(w / 2, h / 2, w / 2 + b, h / 2 + b, fill="#1f5fa8"),
                Text(4, h / 2, component.id[:8], "sans", 5),
            ),
        )
    if component.kind == "pawn":
        if side == "back":
            return None
        return Face.build(
            w,
            2 * h,
            b,
            "standee",
            (Rect(-b, -b, w + 2 * b, 2 * h + 2 * b, fill="#2e7d32"),),
            folds=(((0, h), (w, h)),),
        )
    shape = "hex" if component.kind == "tile" else "rect"
    if side == "back":
        if component.back is None:
            return None
        back_ops = (
            Rect(-b, -b, w + 2 * b, h + 2 * b, fill="#1b1b1f"),
            Text(10, h / 2, f"back {component.back}", "sans", 9, color="#ffffff"),
        )
        return Face.build(w, h, b, shape, back_ops)
    front_ops = (
        Rect(-b, -b, w + 2 * b, h + 2 * b, fill="#b3261e"),
        Rect(5, 5, w - 10, h - 10, fill="#ffffff"),
        Text(10, 20, component.id, "sans", 8),
    )
    return Face.build(w, h, b, shape, front_ops)


# ---------------------------------------------------------------- building


@pytest.fixture(scope="module")
def catalogs():
    cats, issues = load_games(ROOT, ["atmosfear", "alpha-omega-tiles"])
    assert not issues.errors
    return {c.id: c for c in cats}


@pytest.fixture(scope="module")
def sheets():
    found, issues = load_sheets(ROOT)
    assert not issues
    return found


def build(catalog, sheets, paper: str, *, kinds=None, **options) -> bytes:
    offset = options.pop("offset", (0.0, 0.0))
    opts = BuildOptions(out=Path("unused"), **options)
    comps = [c for c in catalog.components if kinds is None or c.kind in kinds]
    pages, findings = impose(catalog, comps, face_of, sheets, paper, opts, offset)
    assert not findings
    return b"".join(write_pdf(pages, doc_info(catalog, paper, "pnp"), PdfFaces))


def sizes(catalog, sheets_, kinds=None) -> dict[str, tuple[float, float]]:
    """Face key -> trim size, for turning placement origins into boxes."""
    out = {}
    for comp in catalog.components:
        if kinds is None or comp.kind in kinds:
            for side in ("front", "back"):
                f = face_of(comp, side, True)
                if f is not None:
                    out[f.key] = (f.width, f.height)
    return out


def paper_points(paper: str) -> tuple[float, float]:
    return parse_size(paper)


# ---------------------------------------------------------------- tests


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_copy_of_every_component_is_placed_once_on_pages_of_the_paper(
    catalogs, sheets, paper
):
    cat = catalogs["atmosfear"]
    _, pages = read_pdf(build(cat, sheets, paper))
    W, H = paper_points(paper)
    for p in pages:  # portrait or landscape, whichever holds more
        assert sorted((p.width, p.height)) == pytest.approx(sorted((W, H)), abs=TOL)
    fronts = Counter(f.component for p in pages for f in p.faces if f.side == "front")
    backs = Counter(f.component for p in pages for f in p.faces if f.side == "back")
    assert fronts == {c.id: c.count for c in cat.components}
    assert backs == {c.id: c.count for c in cat.components if c.back}  # the dice have no backs


@pytest.mark.parametrize("paper, across, down", [("letter", 2, 4), ("a4", 3, 3)])
def test_poker_cards_go_as_many_to_a_page_as_keep_their_bleed_on_portrait_paper(
    catalogs, sheets, paper, across, down
):
    """Letter: 4 x 2 (9-up would leave 0.35 mm at its top and bottom), turned a quarter onto
    the portrait page, 2 across and 4 down; A4: 3 x 3 inside a 5 mm margin."""
    cat = catalogs["atmosfear"]
    data = build(cat, sheets, paper, kinds={"card"})
    _, pages = read_pdf(data)
    size = sizes(cat, sheets)
    fronts = [p for p in pages if p.faces and p.faces[0].side == "front"]
    assert len(pages) == 2 * len(fronts)  # each fronts page has its backs page
    assert sum(len(p.faces) for p in fronts) == 79
    assert all(p.width < p.height for p in pages)  # every page portrait, as the paper goes through
    first = pages[0]
    boxes = [f.box(*size[f.key]) for f in first.faces]
    assert len(boxes) == across * down
    assert (
        len({round(b[0], 2) for b in boxes}) == across
        and len({round(b[1], 2) for b in boxes}) == down
    )
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    assert (x0 + x1) / 2 == pytest.approx(first.width / 2, abs=TOL)
    assert (
        min(x0, y0, first.width - x1, first.height - y1) >= MARGIN + 2 * MM - TOL
    )  # the margin and 2 mm of bleed


def front_back_pairs(pages: list[PageRead]):
    for front, back in zip(pages, pages[1:]):
        if (
            front.faces
            and all(f.side == "front" for f in front.faces)
            and back.faces
            and all(f.side == "back" for f in back.faces)
        ):
            yield front, back


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_each_back_lands_at_the_mirror_image_of_its_front(catalogs, sheets, duplex):
    cat = catalogs["atmosfear"]
    size = sizes(cat, sheets)
    _, pages = read_pdf(build(cat, sheets, "letter", duplex=duplex))
    pairs = list(front_back_pairs(pages))
    assert (
        len(pairs)
        == sum(1 for p in pages if p.faces and p.faces[0].side == "back")
        >= math.ceil(85 / 8)
    )
    backed = {c.id for c in cat.components if c.back}
    for front, back in pairs:
        W, H = front.width, front.height
        with_backs = [f for f in front.faces if f.component in backed]  # not the dice beside them
        assert len(with_backs) == len(back.faces)
        for f, b in zip(with_backs, back.faces):
            assert f.component == b.component
            fx0, fy0, fx1, fy1 = f.box(*size[f.key])
            bx0, by0, bx1, by1 = b.box(*size[b.key])
            a, b_, c, d = f.origin[:4]
            if duplex == "long":  # flipped across the vertical centre line, turned the other way
                assert (bx0, bx1, by0, by1) == pytest.approx((W - fx1, W - fx0, fy0, fy1), abs=TOL)
                assert b.origin[:4] == pytest.approx((a, -b_, -c, d), abs=1e-6)
            else:  # flipped across the horizontal centre line, turned half a turn more
                assert (bx0, bx1, by0, by1) == pytest.approx((fx0, fx1, H - fy1, H - fy0), abs=TOL)
                assert b.origin[:4] == pytest.approx((-a, b_, c, -d), abs=1e-6)


def test_the_back_offset_moves_every_back_and_nothing_else(catalogs, sheets):
    cat = catalogs["atmosfear"]
    size = sizes(cat, sheets)
    dx, dy = 1.2 * MM, -0.5 * MM
    _, plain = read_pdf(build(cat, sheets, "a4"))
    _, moved = read_pdf(build(cat, sheets, "a4", offset=(dx, dy)))
    for a, b in zip(plain, moved):
        for fa, fb in zip(a.faces, b.faces):
            shift = (dx, dy) if fa.side == "back" else (0, 0)
            ba, bb = fa.box(*size[fa.key]), fb.box(*size[fb.key])
            assert (bb[0] - ba[0], bb[1] - ba[1]) == pytest.approx(shift, abs=TOL)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_crop_marks_lie_outside_every_trim_box_and_inside_the_margins(catalogs, sheets, paper):
    cat = catalogs["atmosfear"]
    size = sizes(cat, sheets)
    _, pages = read_pdf(build(cat, sheets, paper, kinds={"card", "reference"}))
    for page in pages:
        marks = page.lines.get("CropMarks", [])
        assert marks, "every page of cards has crop marks"
        boxes = [f.box(*size[f.key]) for f in page.faces]
        for (ax, ay), (bx, by) in marks:
            for x in (ax, bx):
                assert MARGIN - TOL <= x <= page.width - MARGIN + TOL
            for y in (ay, by):
                assert MARGIN - TOL <= y <= page.height - MARGIN + TOL
            for x0, y0, x1, y1 in boxes:
                inside_x = min(ax, bx) < x1 - TOL and max(ax, bx) > x0 + TOL
                inside_y = min(ay, by) < y1 - TOL and max(ay, by) > y0 + TOL
                assert not (inside_x and inside_y), "a crop mark crosses a card"
        # every vertical and horizontal cut of a fronts page is shown by a mark or a cut line
        if page.faces[0].side == "front":
            cut_at = {round(x, 1) for b in boxes for x in (b[0], b[2])}
            shown = {round(a[0], 1) for a, b in marks if abs(a[0] - b[0]) < TOL}
            shown |= {
                round(a[0], 1) for a, b in page.lines.get("CutLines", []) if abs(a[0] - b[0]) < TOL
            }
            assert cut_at <= shown


def test_the_footer_names_game_version_page_paper_and_scale(catalogs, sheets):
    cat = catalogs["atmosfear"]
    _, pages = read_pdf(build(cat, sheets, "a4"), text=True)
    n = len(pages)
    for i, page in enumerate(pages, start=1):
        text = " ".join(page.text.split())
        assert "Atmosfear: The Card Game" in text and "v0.1.0" in text
        assert f"page {i}/{n}" in text and "A4" in text and "print at 100% / actual size" in text
        assert "1 in" in text and "25 mm" in text
        bars = sorted(math.dist(a, b) for a, b in page.lines["Footer"])
        assert bars[-2:] == pytest.approx([25 * MM, 72.0], abs=TOL)  # the two scale bars


def test_a_face_placed_more_than_once_is_stored_once_and_a_single_face_inline(catalogs, sheets):
    cat = catalogs["atmosfear"]
    reader, pages = read_pdf(build(cat, sheets, "letter"))
    uses = Counter(f.key for p in pages for f in p.faces)
    forms_used = {f.key: f.form for p in pages for f in p.faces if f.form}
    for key, n in uses.items():
        assert (key in forms_used) == (n > 1), key
    # one XObject per repeated face, shared by every page that shows it
    objects = set()
    for page in reader.pages:
        xobjects = page["/Resources"].get("/XObject") or {}
        for name, ref in xobjects.items():
            objects.add((name, ref.idnum))
    assert len(objects) == len({k for k, n in uses.items() if n > 1})


def test_two_builds_are_byte_identical_and_qpdf_finds_no_fault(catalogs, sheets, tmp_path):
    cat = catalogs["atmosfear"]
    first = build(cat, sheets, "letter")
    assert build(cat, sheets, "letter") == first
    if shutil.which("qpdf") is None and not os.environ.get("CI"):
        pytest.skip("qpdf not installed; never skipped in CI")
    path = tmp_path / "pnp.pdf"
    path.write_bytes(first)
    done = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_fronts_only_prints_no_backs(catalogs, sheets):
    cat = catalogs["atmosfear"]
    _, pages = read_pdf(build(cat, sheets, "letter", duplex="none"))
    assert all(f.side == "front" for p in pages for f in p.faces)
    assert all(p.faces for p in pages)  # no backs pages, no blank reverses
    assert sum(len(p.faces) for p in pages) == 85 + 3  # cards, then the dice


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_gutterfold_puts_each_back_across_the_fold_from_its_front(catalogs, sheets, paper):
    cat = catalogs["atmosfear"]
    size = sizes(cat, sheets)
    _, pages = read_pdf(build(cat, sheets, paper, gutterfold=True, kinds={"card"}))
    assert sum(len(p.faces) for p in pages) == 2 * 79
    for page in pages:
        (fold,) = page.lines["Folds"]
        vertical = fold[0][0] == pytest.approx(fold[1][0])
        if vertical:
            assert fold[0][0] == pytest.approx(page.width / 2)
        else:
            assert fold[0][1] == pytest.approx(fold[1][1]) and fold[0][1] == pytest.approx(
                page.height / 2
            )
        fronts = [f for f in page.faces if f.side == "front"]
        backs = [f for f in page.faces if f.side == "back"]
        assert len(fronts) == len(backs) >= 1
        for f, b in zip(
            fronts, backs
        ):  # on opposite sides of the fold, each the other's mirror image
            fx0, fy0, fx1, fy1 = f.box(*size[f.key])
            bx0, by0, bx1, by1 = b.box(*size[b.key])
            if vertical:
                assert fx1 < page.width / 2 < bx0 or bx1 < page.width / 2 < fx0
                assert (bx0, by0) == pytest.approx((page.width - fx1, fy0), abs=TOL)
            else:
                assert by1 < page.height / 2 < fy0 or fy1 < page.height / 2 < by0
                assert (bx0, by0) == pytest.approx((fx0, page.height - fy1), abs=TOL)


def test_no_bleed_mode_draws_every_cut_line(catalogs, sheets):
    cat = catalogs["atmosfear"]
    _, pages = read_pdf(build(cat, sheets, "a4", bleed=False, kinds={"card"}))
    first = pages[0]
    cuts = first.lines["CutLines"]
    vertical = {round(a[0], 1) for a, b in cuts if abs(a[0] - b[0]) < TOL}
    horizontal = {round(a[1], 1) for a, b in cuts if abs(a[1] - b[1]) < TOL}
    assert len(vertical) == 4 and len(horizontal) == 4  # 3 x 3 cards: 4 cuts each way


def test_hex_tiles_share_their_cut_lines_in_a_honeycomb(catalogs, sheets):
    cat = catalogs["alpha-omega-tiles"]
    size = sizes(cat, sheets)
    _, pages = read_pdf(build(cat, sheets, "letter", kinds={"tile"}))
    fronts = [p for p in pages if p.faces and p.faces[0].side == "front"]
    assert sum(len(p.faces) for p in fronts) == 73
    first = fronts[0]
    assert len(first.faces) >= 16
    boxes = [f.box(*size[f.key]) for f in first.faces]
    w, h = size[first.faces[0].key]
    centres = [((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for b in boxes]
    # neighbours touch edge to edge: centres are exactly one hex height apart, never closer
    gaps = sorted(math.dist(a, b) for i, a in enumerate(centres) for b in centres[i + 1 :])
    assert gaps[0] == pytest.approx(h, abs=0.01)
    touching = sum(1 for g in gaps if abs(g - h) < 0.01)
    assert touching >= len(boxes)  # a honeycomb, not a loose grid
    # each shared edge is one cut line: fewer segments than six per tile
    segments = first.lines["CutLines"]
    assert len(segments) < 6 * len(boxes) - touching + 1
    assert all(MARGIN - TOL <= b[0] and b[2] <= first.width - MARGIN + TOL for b in boxes)


def test_tokens_dice_and_pawns_are_packed_with_their_own_cut_outlines(catalogs, sheets):
    cat = catalogs["alpha-omega-tiles"]
    _, pages = read_pdf(build(cat, sheets, "a4", kinds={"token", "pawn"}))
    placed = Counter(f.component for p in pages for f in p.faces)
    assert placed == {c.id: c.count for c in cat.components if c.kind in ("token", "pawn")}
    printed = [p for p in pages if p.faces]
    # the file holds no printed backs, so it prints on one side: no blank reverses
    assert len(printed) <= 2 and len(pages) == len(printed)
    for page in printed:
        assert page.paths["CutLines"] == len(page.faces)  # one outline per piece


@pytest.mark.parametrize(
    "options",
    [{"duplex": "long"}, {"duplex": "short"}, {"gutterfold": True}],
    ids=["long", "short", "gutterfold"],
)
@pytest.mark.parametrize("game, kinds", [("atmosfear", {"card"}), ("alpha-omega-tiles", {"tile"})])
def test_no_face_is_clipped_inside_its_trim(catalogs, sheets, game, kinds, options):
    """Whatever the arrangement and duplex, each face may paint all of its trim box."""
    cat = catalogs[game]
    size = sizes(cat, sheets)
    _, pages = read_pdf(build(cat, sheets, "a4", kinds=kinds, **options))
    for page in pages:
        for f in page.faces:
            x0, y0, x1, y1 = f.box(*size[f.key])
            cx0, cy0, cx1, cy1 = f.clip()
            assert cx0 <= x0 + TOL and cy0 <= y0 + TOL and cx1 >= x1 - TOL and cy1 >= y1 - TOL, (
                page.width,
                f.component,
                f.side,
            )


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", ["atmosfear", "alpha-omega-tiles"])
def test_nothing_is_printed_within_the_printer_margin_of_the_paper_edge(
    catalogs, sheets, game, paper
):
    _, pages = read_pdf(build(catalogs[game], sheets, paper))
    for page in pages:
        boxes = [f.clip() for f in page.faces]
        boxes += [
            (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
            for lines in page.lines.values()
            for a, b in lines
        ]
        for x0, y0, x1, y1 in boxes:
            assert x0 >= MARGIN - TOL and y0 >= MARGIN - TOL
            assert x1 <= page.width - MARGIN + TOL and y1 <= page.height - MARGIN + TOL
