"""What a prepress operator measures on the written PDFs, for every print-and-play and
quick-reference file of the five games on Letter and A4, read back with pypdf: the bleed
each card really shows beyond each cut edge it does not share (its clip beyond its trim)
is at least 2 mm and at least what the page's footer claims; the cards of one size on a
page stand on one grid, so straight cuts serve them all; A4 takes nine poker cards; no
two pages of cards are both half empty (the gaps between different backs let the cards go
on, across a row as well as down the page); and
on gutterfold sheets every cut of the fronts has crop marks at both ends on the fronts'
side of the fold, and the fold line keeps clear of the footer."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from conftest import GAMES, ROOT, faces_of, job_of, load_games, spread
from helpers_sheets import PageRead, read_page
from helpers_text import page_texts
from pypdf import PdfReader

from cardstock.core.stage import BuildOptions
from cardstock.core.units import parse_length
from cardstock.impose.grid import plan_grid
from cardstock.impose.pnp import build_pnp, front_bleed
from cardstock.impose.sheets import choose, load_sheets

PAPERS = ("letter", "a4")
MM = parse_length("1mm")
TOL = 0.01
CLAIM = re.compile(r"bleed (\d+\.\d) mm or more, margin (\d+\.\d) mm")
GEOMETRY = re.compile(rb"/Face <<[^>]*>> BDC")


@pytest.fixture(scope="module")
def catalogs():
    cats, issues = load_games(ROOT, list(GAMES))
    assert not issues.errors
    return {c.id: c for c in cats}


@pytest.fixture(scope="module")
def files(default_sheets):
    """(game, kind, paper) -> the built file's bytes (pnp and quickref, default options,
    built once per test run)."""
    return default_sheets


def trims(catalog) -> dict[str, tuple[float, float, str]]:
    """Face key -> trim width, height and shape."""
    faces = faces_of(catalog)
    out = {}
    for comp in catalog.components:
        for side in ("front", "back"):
            f = faces.outline(faces.records.of(comp), side, bleed=True)
            if f is not None:
                out[f.key] = (f.width, f.height, f.shape)
    return out


_READ: dict[bytes, list[tuple[PageRead, str]]] = {}


def pages_of(data: bytes) -> list[tuple[PageRead, str]]:
    """Every page, read, with its text; pages whose drawing differs only in which faces
    they show (full pages of one grid) are read once, and each file once per module."""
    if data in _READ:
        return _READ[data]
    reader = PdfReader(io.BytesIO(data))
    texts = [" ".join(t.split()) for t in page_texts(data)]
    seen: dict[bytes, PageRead] = {}
    out = []
    for page, text in zip(reader.pages, texts):
        key = GEOMETRY.sub(b"", page.get_contents().get_data())  # type: ignore[union-attr]  # pypdf: a page it wrote has contents
        if key not in seen:
            seen[key] = read_page(reader, page)
        out.append((seen[key], text))
    _READ[data] = out
    return out


def rect_boxes(page: PageRead, sizes) -> list[tuple[Any, tuple[float, float, float, float]]]:
    """The rectangular cards of a page with their trim boxes."""
    out = []
    for f in page.faces:
        w, h, shape = sizes[f.key]
        if shape == "rect":
            out.append((f, f.box(w, h)))
    return out


def unshared_bleeds(page: PageRead, sizes) -> list[float]:
    """The bleed each card shows beyond each of its four cut edges that no other card of
    the page lies against (points)."""
    cards = rect_boxes(page, sizes)
    found = []
    for f, (x0, y0, x1, y1) in cards:
        cx0, cy0, cx1, cy1 = f.clip()
        for side, bleed in (
            ("left", x0 - cx0),
            ("bottom", y0 - cy0),
            ("right", cx1 - x1),
            ("top", cy1 - y1),
        ):
            if not any(_against(side, (x0, y0, x1, y1), other) for g, other in cards if g is not f):
                found.append(bleed)
    return found


def _against(side: str, a, b) -> bool:
    """Whether card b lies against side `side` of card a (a shared cut)."""
    ax0, ay0, ax1, ay1 = a
    bx0, by0, bx1, by1 = b
    across_y = min(ay1, by1) - max(ay0, by0) > TOL
    across_x = min(ax1, bx1) - max(ax0, bx0) > TOL
    return {
        "left": across_y and abs(bx1 - ax0) < TOL,
        "right": across_y and abs(bx0 - ax1) < TOL,
        "bottom": across_x and abs(by1 - ay0) < TOL,
        "top": across_x and abs(by0 - ay1) < TOL,
    }[side]


@pytest.mark.parametrize("game, kind, paper", spread(GAMES, ["pnp", "quickref"], PAPERS))
def test_every_card_shows_two_millimetres_of_bleed_and_no_less_than_its_footer_claims(
    catalogs, files, game, kind, paper
):
    sizes = trims(catalogs[game])
    measured = 0
    for page, text in pages_of(files[(game, kind, paper)]):
        bleeds = unshared_bleeds(page, sizes)
        if not bleeds:
            continue
        least = min(bleeds)
        assert least >= 2 * MM - TOL, (game, paper, text[:60], least / MM)
        claim = CLAIM.search(text)
        if claim is not None:
            assert float(claim.group(1)) * MM <= least + TOL, (text[:80], least / MM)
            assert float(claim.group(2)) >= 5.0
        measured += len(bleeds)
    assert measured > 0


@pytest.mark.parametrize("game, kind, paper", spread(GAMES, ["pnp", "quickref"], PAPERS))
def test_cards_of_one_size_on_a_page_stand_on_one_grid_so_straight_cuts_serve_them(
    catalogs, files, game, kind, paper
):
    """No cut along a card's edge, carried straight across the page, runs through another
    card of its size: the reference cards beside a game's tokens stand in a row, not
    scattered wherever each one found room."""
    sizes = trims(catalogs[game])
    for page, text in pages_of(files[(game, kind, paper)]):
        cards = rect_boxes(page, sizes)
        for f, a in cards:
            for g, b in cards:
                if g is f or (round(a[2] - a[0], 1), round(a[3] - a[1], 1)) != (
                    round(b[2] - b[0], 1),
                    round(b[3] - b[1], 1),
                ):
                    continue
                for x in (a[0], a[2]):
                    assert not b[0] + TOL < x < b[2] - TOL, (
                        game,
                        text[:60],
                        f.component,
                        g.component,
                    )
                for y in (a[1], a[3]):
                    assert not b[1] + TOL < y < b[3] - TOL, (
                        game,
                        text[:60],
                        f.component,
                        g.component,
                    )


@pytest.mark.parametrize("game", GAMES)
def test_a4_takes_nine_poker_cards_a_page_and_letter_eight(catalogs, files, game):
    sizes = trims(catalogs[game])
    cards = sum(
        c.count
        for c in catalogs[game].components
        if c.kind in ("card", "reference") and c.size == "poker"
    )
    for paper, most in (("a4", 9), ("letter", 8)):
        counts = [len(rect_boxes(page, sizes)) for page, _ in pages_of(files[(game, "pnp", paper)])]
        assert max(counts) == min(most, 4 if cards < 10 else most), (
            game,
            paper,
            counts,
        )  # a game of four reference cards: one row


def capacities(catalog, paper: str) -> dict[str, int]:
    """Face key -> how many of that card its own grid holds on a page of `paper` (the
    sheet that takes the piece, the grid the imposition plans for its trim and bleed)."""
    faces = faces_of(catalog)
    sheets, _ = load_sheets(ROOT)
    out = {}
    for comp in catalog.components:
        sheet = choose(sheets, game=catalog.id, kind=comp.kind, size=comp.size, paper=paper)
        for side in ("front", "back"):
            f = faces.outline(faces.records.of(comp), side, bleed=True)
            if f is None or sheet is None:
                continue
            layout = plan_grid(f.width, f.height, front_bleed(f), sheet.sheet, paper)
            if layout is not None:
                out[f.key] = layout.capacity
    return out


def half_empty(pages: list[list[str]], capacity: dict[str, int]) -> list[float]:
    """How full each page of cards is that is at most half full, as a fraction: each card
    counts against its own grid's capacity (four tarot cards fill a page that holds four,
    two poker cards are a quarter of one that holds eight)."""
    fills = [sum(1 / capacity[key] for key in page) for page in pages]
    return [fill for fill in fills if 0 < fill <= 0.5 + 1e-9]


def test_half_empty_counts_a_page_by_its_own_grid_and_finds_two_of_one_size():
    """The measure itself: two pages of four poker cards on a grid of eight are both half
    empty; four tarot cards on a grid of four fill their page, beside two poker cards."""
    capacity = {"poker": 8, "tarot": 4}
    assert len(half_empty([["poker"] * 8, ["poker"] * 4, ["poker"] * 4], capacity)) == 2
    assert half_empty([["poker"] * 2, ["tarot"] * 4], capacity) == [0.25]
    assert half_empty([["poker"] * 2 + ["tarot"] * 2], capacity) == []  # 1/4 + 1/2


@pytest.mark.parametrize("game, paper", spread(GAMES, PAPERS))
def test_no_two_pages_of_cards_are_both_half_empty(catalogs, files, game, paper):
    """Alpha & Omega's last cards change back at nearly every card: on Letter they once
    left two pages of four (a new row for every new back); a gap between columns lets a
    row go on past a change of back. A page is half empty by its own cards' grid: the
    last four tarot-sized reference cards fill a page that holds four, even when the
    poker cards before them end on a part-filled page their size cannot share."""
    sizes = trims(catalogs[game])
    capacity = capacities(catalogs[game], paper)
    fronts = [
        [f.key for f, _ in rect_boxes(page, sizes)]
        for page, _ in pages_of(files[(game, "pnp", paper)])
        if any(f.side == "front" for f in page.faces)
    ]
    half = half_empty(fronts, capacity)
    assert len(half) <= 1, (game, paper, [len(keys) for keys in fronts], half)


# ---------------------------------------------------------------- gutterfold


@pytest.fixture(scope="module")
def folded(catalogs, tmp_path_factory):
    """(game, paper) -> the gutterfold PnP file of the games with cards and tiles."""
    out = tmp_path_factory.mktemp("folded")
    found = {}
    for gid in ("atmosfear", "alpha-omega-tiles", "vortex"):
        for a in build_pnp(job_of(catalogs[gid], BuildOptions(out=out, gutterfold=True))).artifacts:
            found[(gid, a.paper)] = a.path.read_bytes()
    return found


def _crosses(seg, box) -> bool:
    (ax, ay), (bx, by) = seg
    x0, y0, x1, y1 = box
    return min(ax, bx) < x1 and max(ax, bx) > x0 and min(ay, by) < y1 and max(ay, by) > y0


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", ["atmosfear", "alpha-omega-tiles", "vortex"])
def test_a_gutterfold_cut_has_marks_at_both_ends_on_the_fronts_side_and_the_fold_clears_the_footer(
    catalogs, folded, game, paper
):
    sizes = trims(catalogs[game])
    checked = 0
    for page, text in pages_of(folded[(game, paper)]):
        fronts = [b for f, b in rect_boxes(page, sizes) if f.side == "front"]
        if not fronts:
            continue
        fold = max(
            page.lines["Folds"], key=lambda s: abs(s[1][0] - s[0][0]) + abs(s[1][1] - s[0][1])
        )
        vertical = abs(fold[0][0] - fold[1][0]) < TOL
        at = fold[0][0] if vertical else fold[0][1]
        k = 0 if vertical else 1
        side = (
            1 if (fronts[0][k] + fronts[0][k + 2]) / 2 > at else -1
        )  # the fronts' side of the fold
        # the footer's band: its scale bars, carried along its edge across the page
        fx = [p[0] for s in page.lines["Footer"] for p in s]
        fy = [p[1] for s in page.lines["Footer"] for p in s]
        band = (min(fx), min(fy), max(fx), max(fy))
        band = (
            (0.0, band[1], page.width, band[3])
            if band[2] - band[0] > band[3] - band[1]
            else (band[0], 0.0, band[2], page.height)
        )
        assert not _crosses(fold, band), (game, paper, text[:60])
        marks = page.lines.get("CropMarks", [])
        for box in fronts:
            for cut_vertical, at_, lo, hi in (
                (True, box[0], box[1], box[3]),
                (True, box[2], box[1], box[3]),
                (False, box[1], box[0], box[2]),
                (False, box[3], box[0], box[2]),
            ):
                a, j = (0, 1) if cut_vertical else (1, 0)  # across, along
                on_line = [
                    m
                    for m in marks
                    if abs(m[0][a] - at_) < TOL
                    and abs(m[1][a] - at_) < TOL
                    and all((p[k] - at) * side > -TOL for p in m)
                ]  # marks on the fronts' side only (up to the fold)
                # the cut runs through the block of fronts: its two ends lie beyond every
                # front on it
                ends = [b for b in fronts if b[a] - TOL <= at_ <= b[a + 2] + TOL]
                lo, hi = min(b[j] for b in ends), max(b[j + 2] for b in ends)
                assert any(max(m[0][j], m[1][j]) < lo for m in on_line), (
                    game,
                    paper,
                    cut_vertical,
                    at_ / MM,
                )
                assert any(min(m[0][j], m[1][j]) > hi for m in on_line), (
                    game,
                    paper,
                    cut_vertical,
                    at_ / MM,
                )
                checked += 1
    assert checked > 0
