"""Boards across pages: a piece larger than a page is printed in tiles that share a 10 mm
band with each neighbour, the alignment crosses of a band at the same place of the piece
on both tiles, the tiles together covering the whole piece with its bleed; a key page
first; each board also whole on one page (TrimBox the cut) for a print shop."""

from __future__ import annotations

import json
import math

import pytest
from conftest import mini_with_a_piece as project
from helpers_sheets import marked_ops
from pypdf import PdfReader

from cardstock.cli import main
from cardstock.core.units import POINTS_PER, parse_size
from cardstock.impose.board import tiling
from cardstock.impose.sheets import paper_size

MM = POINTS_PER["mm"]


def _inverse(m: tuple[float, ...]) -> tuple[float, ...]:
    a, b, c, d, e, f = m
    det = a * d - b * c
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


def _apply(m: tuple[float, ...], x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def placements(page) -> dict:
    """The tile's window (x, y, w, h), where the piece's trim box's lower left lands, and
    the centres of the alignment crosses, in points of the tile's layout (the page's own
    for a portrait layout; for a landscape one, before it was turned onto the portrait
    page: the matrix the window is drawn under is the turn)."""
    at = (0.0, 0.0)
    found: dict = {"window": None, "face": None, "crosses": set(), "turn": None}
    for tag, op, args, cm in marked_ops(page):
        if op == b"re" and tag == "/TileWindow":
            found["window"] = tuple(float(a) for a in args)
            found["turn"] = cm
        elif op == b"Do" and found["face"] is None:
            found["face"] = (cm[4], cm[5])
        elif tag == "/Crosses" and op in (b"m", b"l"):
            x, y = float(args[0]), float(args[1])
            if op == b"l" and abs(y - at[1]) < 1e-6:  # a horizontal arm: its middle is the centre
                found["crosses"].add(((x + at[0]) / 2, y))
            at = (x, y)
    found["face"] = _apply(_inverse(found["turn"]), *found["face"])
    return found


@pytest.mark.parametrize(
    "size", ["500mm x 400mm", "297mm x 900mm", "24in x 18in", "420mm x 297mm", "900mm x 300mm"]
)
def test_tiles_of_a_board_larger_than_a3_overlap_and_their_crosses_line_up(tmp_path, size):
    root = project(tmp_path, size)
    assert (
        main(["--root", str(root), "--only", "board", "--paper", "a4", "--out", str(root / "out")])
        == 0
    )
    pages = PdfReader(root / "out" / "mini" / "mini-board-a4.pdf").pages
    tiles = [placements(p) for p in pages[1:]]  # the first page is the key
    assert len(tiles) >= 4
    bleed = 3 * MM
    # each tile in the piece's coordinates (origin at the bleed box's lower left)
    boxes = []
    for t in tiles:
        (wx, wy, ww, wh), (fx, fy) = t["window"], t["face"]
        ox, oy = fx - bleed, fy - bleed
        crosses = {(x - ox, y - oy) for x, y in t["crosses"]}
        boxes.append(((wx - ox, wy - oy, wx - ox + ww, wy - oy + wh), crosses))
    w, h = (
        float(v)
        for v in (
            PdfReader(root / "out" / "mini" / "mini-board-map.pdf").pages[0].mediabox.width,
            PdfReader(root / "out" / "mini" / "mini-board-map.pdf").pages[0].mediabox.height,
        )
    )
    # together the tiles cover the whole piece with its bleed
    assert min(b[0][0] for b in boxes) <= 0.01 and min(b[0][1] for b in boxes) <= 0.01
    assert max(b[0][2] for b in boxes) >= w - 0.01 and max(b[0][3] for b in boxes) >= h - 0.01
    neighbours = 0
    for i, (a, ca) in enumerate(boxes):
        for b, cb in boxes[i + 1 :]:
            ox = min(a[2], b[2]) - max(a[0], b[0])
            oy = min(a[3], b[3]) - max(a[1], b[1])
            side_by_side = abs(a[1] - b[1]) < 0.01 and ox > 0
            one_above = abs(a[0] - b[0]) < 0.01 and oy > 0
            if not (side_by_side or one_above):
                continue
            neighbours += 1
            band = ox if side_by_side else oy
            assert abs(band - 10 * MM) < 0.01, band / MM  # a 10 mm band, exactly
            shared = {
                c
                for c in ca
                if max(a[0], b[0]) <= c[0] <= min(a[2], b[2])
                and max(a[1], b[1]) <= c[1] <= min(a[3], b[3])
            }
            assert len(shared) >= 2
            # the same crosses at the same places of the piece on both tiles (to the 0.01 pt
            # the content stream's numbers are written to)
            assert all(any(math.dist(c, d) < 0.02 for d in cb) for c in shared)
    assert neighbours >= 3


def test_a_board_is_also_written_whole_with_its_trim_box(tmp_path):
    root = project(tmp_path, "500mm x 400mm")
    assert (
        main(["--root", str(root), "--only", "board", "--paper", "a4", "--out", str(root / "out")])
        == 0
    )
    page = PdfReader(root / "out" / "mini" / "mini-board-map.pdf").pages[0]
    assert (
        abs(float(page.mediabox.width) - 506 * MM) < 0.01
        and abs(float(page.mediabox.height) - 406 * MM) < 0.01
    )
    trim = [float(v) for v in page.trimbox]
    assert abs(trim[2] - trim[0] - 500 * MM) < 0.01 and abs(trim[3] - trim[1] - 400 * MM) < 0.01


def test_the_key_page_names_every_tile(tmp_path):
    root = project(tmp_path, "500mm x 400mm")
    assert (
        main(
            [
                "--root",
                str(root),
                "--only",
                "board",
                "--paper",
                "letter",
                "--out",
                str(root / "out"),
            ]
        )
        == 0
    )
    pages = PdfReader(root / "out" / "mini" / "mini-board-letter.pdf").pages
    key = pages[0].extract_text()
    names = [p.extract_text().split("tile ")[1].split(" ")[0] for p in pages[1:]]
    assert names and all(n in key for n in names)
    assert names[0] == "A1"


def test_a_piece_that_fits_a_page_is_not_tiled_but_a_board_is_still_written_whole(tmp_path):
    root = project(tmp_path, "150mm x 150mm")
    assert (
        main(["--root", str(root), "--only", "board", "--paper", "a4", "--out", str(root / "out")])
        == 0
    )
    assert not (root / "out" / "mini" / "mini-board-a4.pdf").exists()
    assert (root / "out" / "mini" / "mini-board-map.pdf").exists()


PROBES = ("420mm x 297mm", "700mm x 500mm", "900mm x 300mm", "297mm x 900mm")


def _corners(window: tuple[float, ...], m: tuple[float, ...]) -> list[tuple[float, float]]:
    x, y, w, h = window
    return [_apply(m, x + dx, y + dy) for dx in (0, w) for dy in (0, h)]


def test_every_board_page_of_the_five_games_and_of_probes_is_portrait(tmp_path, default_build):
    """docs/sheets.md: every page of every file is portrait, as the paper goes through the
    printer. Read back from every board PDF the five games build on both papers (the
    run's shared build with default options, whose parts include the boards on every
    paper; none of the games has a piece larger than a page today, so none is written)
    and from probes whose tiles are laid out landscape on one paper or both: every page's
    MediaBox is the portrait paper, with no /Rotate for a print dialog to act on; a
    landscape layout is turned a quarter counter-clockwise onto it (the turn the card
    sheets use), and the tile window lies on the page within its margin."""
    made = json.loads((default_build / "manifest.json").read_text(encoding="utf-8"))
    boards = sorted(a["path"] for a in made["artifacts"] if a["kind"] == "board")
    files = [default_build / path for path in boards]
    turned = 0
    for i, size in enumerate(PROBES):
        root = project(tmp_path / f"probe{i}", size)
        for paper in ("letter", "a4"):
            w, h = parse_size(size)
            t = tiling(w + 6 * MM, h + 6 * MM, paper)
            assert t is not None
            turned += t.landscape
        args = ["--root", str(root), "--only", "board", "--paper", "all"]
        assert main([*args, "--out", str(root / "out")]) == 0
        files += [root / "out" / "mini" / f"mini-board-{p}.pdf" for p in ("letter", "a4")]
    assert turned >= 4  # the probes do lay tiles out landscape
    for path in files:
        paper = path.stem.rsplit("-", 1)[1]
        pw, ph = paper_size(paper, "portrait")
        pages = PdfReader(path).pages
        assert pages
        for n, page in enumerate(pages):
            assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, pw, ph], abs=0.01)
            assert page.get("/Rotate", 0) == 0, (path.name, n)
            if n == 0:
                continue  # the key page: the whole piece, drawn the same way
            found = placements(page)
            turn = found["turn"]
            assert turn in ((1, 0, 0, 1, 0, 0), pytest.approx((0, 1, -1, 0, pw, 0))), turn
            for x, y in _corners(found["window"], turn):
                assert 5 * MM - 0.01 <= x <= pw - 5 * MM + 0.01, (path.name, n)
                assert 5 * MM - 0.01 <= y <= ph - 5 * MM + 0.01, (path.name, n)
