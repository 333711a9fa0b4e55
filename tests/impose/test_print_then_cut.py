"""Print-then-cut (`--cut silhouette|cameo5|cricut`): every copy of every piece printed
once, its outline in the page's cut file (SVG and DXF) where the piece is printed, within
0.1 mm; Silhouette's registration marks (three corners, or four for the Cameo 5) where
the machine looks for them with nothing printed in their keep-out zones; every piece and
every cut outline inside the frame its machine's marks span (Cricut: its 6.75 x 9.25 in
area), for the five games on both papers, and as many poker cards a page as fit there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import ROOT, load_games, spread
from helpers_sheets import marked_ops
from pypdf import PdfReader

from cardstock.cli import main
from cardstock.core.units import POINTS_PER

MM = POINTS_PER["mm"]
INCH = POINTS_PER["in"]
# Silhouette type 1 marks, as the machine expects them (not read from cardstock)
INSET, LENGTH, SQUARE, KEEP_OUT = 10 * MM, 20 * MM, 5 * MM, 5 * MM


def printed(page) -> tuple[list[tuple[float, float, float, float, float]], list[tuple[float, ...]]]:
    """Each placed piece as (x, y of its trim box's lower left, width, height, bleed) in
    page points, as printed (a piece turned a quarter has its width and height swapped),
    and the rectangles of the registration marks."""
    xobjects = page["/Resources"]["/XObject"]
    pieces, marks = [], []
    for tag, op, args, cm in marked_ops(page):
        if op == b"Do":
            x0, y0, x1, y1 = (float(v) for v in xobjects[args[0]].get_object()["/BBox"])
            b = -x0
            w, h = x1 - x0 - 2 * b, y1 - y0 - 2 * b
            a, bb, c, d, e, f = cm
            corners = [(a * u + c * v + e, bb * u + d * v + f) for u in (0, w) for v in (0, h)]
            xs, ys = [p[0] for p in corners], [p[1] for p in corners]
            pieces.append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), b))
        elif op == b"re" and tag == "/RegistrationMarks":
            marks.append(tuple(float(a) for a in args))
    return pieces, marks


def _point(pt: str) -> tuple[float, float]:
    x, y = pt.split()
    return float(x), float(y)


def svg_outlines(path: Path) -> list[list[tuple[float, float]]]:
    text = path.read_text(encoding="utf-8")
    out = []
    for d in re.findall(r'd="M ([^"]+) Z"', text):
        out.append([_point(pt) for pt in d.split(" L ")])
    return out


GAMES_ALL = ("alpha-omega-cards", "alpha-omega-tiles", "alter-ego", "atmosfear", "vortex")
MACHINES = ("silhouette", "cameo5", "cricut")
# the (game, machine, paper) cases of the frame test: every game, machine and paper at
# least once by default, all of them in the full run
FRAMED = spread(GAMES_ALL, MACHINES, ["letter", "a4"])
# the games each machine's sheets are read for: the frame test's and the named ones below
READ = {
    machine: {g for g, m, _ in FRAMED if m == machine} | named
    for machine, named in (
        ("silhouette", {"alpha-omega-tiles", "atmosfear"}),
        ("cameo5", {"alpha-omega-tiles", "atmosfear"}),
        ("cricut", {"atmosfear"}),
    )
}


@pytest.fixture(scope="module")
def every_sheet(tmp_path_factory) -> dict[str, Path]:
    """Each machine's sheets on both papers for the games the tests read (`READ`), one
    build each."""
    out = {}
    for machine in MACHINES:
        folder = tmp_path_factory.mktemp(machine)
        games = sorted(READ[machine])
        args = ["--root", str(ROOT), "build", *games, "--only", "cut", "--cut", machine]
        assert main([*args, "--out", str(folder)]) == 0
        out[machine] = folder
    return out


@pytest.mark.parametrize("game,paper", [("alpha-omega-tiles", "letter"), ("atmosfear", "a4")])
def test_every_piece_is_printed_once_and_cut_where_it_is_printed(every_sheet, game, paper):
    folder = every_sheet["silhouette"] / game / "cut"
    reader = PdfReader(folder / f"{game}-silhouette-{paper}.pdf")
    (catalog,), _ = load_games(ROOT, [game])
    assert len(reader.pages) > 1
    total = 0
    for n, page in enumerate(reader.pages, start=1):
        ph = float(page.mediabox.height)
        pieces, _ = printed(page)
        outlines = svg_outlines(folder / f"{game}-silhouette-{paper}-{n}.svg")
        assert len(outlines) == len(pieces)
        dxf = (folder / f"{game}-silhouette-{paper}-{n}.dxf").read_text(encoding="utf-8")
        assert dxf.count("\nLINE\n") == sum(len(o) for o in outlines)
        for x, y, w, h, _ in pieces:
            # the piece's trim box in the cut file's millimetres (origin top left, y down)
            left, top, right, bottom = x / MM, (ph - y - h) / MM, (x + w) / MM, (ph - y) / MM
            match = [
                o
                for o in outlines
                if abs(min(p[0] for p in o) - left) <= 0.1
                and abs(max(p[0] for p in o) - right) <= 0.1
                and abs(min(p[1] for p in o) - top) <= 0.1
                and abs(max(p[1] for p in o) - bottom) <= 0.1
            ]
            assert len(match) == 1, (n, left, top)
        total += len(pieces)
    assert total == sum(c.count for c in catalog.components)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_silhouette_marks_are_where_the_machine_looks_and_nothing_is_printed_near_them(
    every_sheet, paper
):
    folder = every_sheet["silhouette"] / "alpha-omega-tiles" / "cut"
    for page in PdfReader(folder / f"alpha-omega-tiles-silhouette-{paper}.pdf").pages:
        pw, ph = float(page.mediabox.width), float(page.mediabox.height)
        pieces, marks = printed(page)
        assert (
            round(INSET, 2),
            round(ph - INSET - SQUARE, 2),
            round(SQUARE, 2),
            round(SQUARE, 2),
        ) in {tuple(round(v, 2) for v in m) for m in marks}
        corners = [
            (INSET, ph - INSET - LENGTH),
            (pw - INSET - LENGTH, ph - INSET - LENGTH),
            (INSET, INSET),
        ]
        # every mark lies in one of the three corners' squares
        for mx, my, mw, mh in marks:
            assert any(
                cx - 0.01 <= mx
                and mx + mw <= cx + LENGTH + 0.01
                and cy - 0.01 <= my
                and my + mh <= cy + LENGTH + 0.01
                for cx, cy in corners
            )
        zones = [
            (cx - KEEP_OUT, cy - KEEP_OUT, cx + LENGTH + KEEP_OUT, cy + LENGTH + KEEP_OUT)
            for cx, cy in corners
        ]
        for x, y, w, h, b in pieces:
            box = (x - b, y - b, x + w + b, y + h + b)
            for z in zones:
                assert box[2] <= z[0] or z[2] <= box[0] or box[3] <= z[1] or z[3] <= box[1], (
                    box,
                    z,
                )


def test_cricut_pieces_stay_inside_its_print_then_cut_area(every_sheet):
    folder = every_sheet["cricut"] / "atmosfear" / "cut"
    for page in PdfReader(folder / "atmosfear-cricut-letter.pdf").pages:
        pw, ph = float(page.mediabox.width), float(page.mediabox.height)
        ax, ay = (pw - 6.75 * INCH) / 2, (ph - 9.25 * INCH) / 2
        pieces, marks = printed(page)
        assert pieces and not marks
        for x, y, w, h, b in pieces:
            assert ax - 0.01 <= x - b and x + w + b <= ax + 6.75 * INCH + 0.01
            assert ay - 0.01 <= y - b and y + h + b <= ay + 9.25 * INCH + 0.01


def test_an_unknown_machine_is_one_message_and_nothing_is_written(tmp_path, capsys):
    assert (
        main(
            [
                "--root",
                str(ROOT),
                "build",
                "atmosfear",
                "--cut",
                "plotter",
                "--out",
                str(tmp_path / "out"),
            ]
        )
        == 2
    )
    assert "--cut: unknown cutting machine 'plotter'" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def frame(machine: str, pw: float, ph: float) -> tuple[float, float, float, float]:
    """Where the machine cuts, in page points (y up): the rectangle the Silhouette marks'
    outer edges span, or the Cricut's area, centred."""
    if machine == "cricut":
        aw, ah = 6.75 * INCH, 9.25 * INCH
        return (pw - aw) / 2, (ph - ah) / 2, (pw + aw) / 2, (ph + ah) / 2
    return INSET, INSET, pw - INSET, ph - INSET


@pytest.mark.parametrize("game, machine, paper", FRAMED)
def test_every_piece_and_outline_lies_inside_its_machines_frame(every_sheet, game, machine, paper):
    folder = every_sheet[machine] / game / "cut"
    reader = PdfReader(folder / f"{game}-{machine}-{paper}.pdf")
    for n, page in enumerate(reader.pages, start=1):
        pw, ph = float(page.mediabox.width), float(page.mediabox.height)
        x0, y0, x1, y1 = frame(machine, pw, ph)
        pieces, _ = printed(page)
        for x, y, w, h, b in pieces:  # bleed and all
            assert x0 - 0.01 <= x - b and x + w + b <= x1 + 0.01, (game, n, x, w)
            assert y0 - 0.01 <= y - b and y + h + b <= y1 + 0.01, (game, n, y, h)
        # the cut file: millimetres from the page's top left
        outlines = svg_outlines(folder / f"{game}-{machine}-{paper}-{n}.svg")
        assert len(outlines) == len(pieces)
        for outline in outlines:
            for px, py in outline:
                assert x0 / MM - 0.01 <= px <= x1 / MM + 0.01, (game, n, px)
                assert (ph - y1) / MM - 0.01 <= py <= (ph - y0) / MM + 0.01, (game, n, py)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("machine", ["silhouette", "cameo5"])
def test_six_poker_cards_fit_a_page_between_the_marks(every_sheet, machine, paper):
    """A poker card with its 3 mm bleed is 69.5 x 94.9 mm; turned a quarter, three rows
    of two fit between the marks on Letter and A4 (it was four cards a Letter page)."""
    folder = every_sheet[machine] / "atmosfear" / "cut"
    reader = PdfReader(folder / f"atmosfear-{machine}-{paper}.pdf")
    poker = sorted((63.5, 88.9))
    counts = []  # the pages of poker cards (the quick references are tarot cards)
    for page in reader.pages:
        sizes = [sorted((round(w / MM, 1), round(h / MM, 1))) for _, _, w, h, _ in printed(page)[0]]
        if sizes and all(size == poker for size in sizes):
            counts.append(len(sizes))
    assert counts and counts[0] == 6, counts
    assert len(counts) == -(-sum(counts) // 6), counts


def test_the_cameo_5_has_a_fourth_corner_mark_with_nothing_near_it(every_sheet):
    folder = every_sheet["cameo5"] / "alpha-omega-tiles" / "cut"
    for page in PdfReader(folder / "alpha-omega-tiles-cameo5-letter.pdf").pages:
        pw = float(page.mediabox.width)
        pieces, marks = printed(page)
        corner = (pw - INSET - LENGTH, INSET)  # the bottom right corner mark's square
        inside = [
            m
            for m in marks
            if corner[0] - 0.01 <= m[0]
            and m[0] + m[2] <= corner[0] + LENGTH + 0.01
            and corner[1] - 0.01 <= m[1]
            and m[1] + m[3] <= corner[1] + LENGTH + 0.01
        ]
        assert len(inside) == 2  # the L's two arms
        zone = (
            corner[0] - KEEP_OUT,
            corner[1] - KEEP_OUT,
            corner[0] + LENGTH + KEEP_OUT,
            corner[1] + LENGTH + KEEP_OUT,
        )
        for x, y, w, h, b in pieces:
            box = (x - b, y - b, x + w + b, y + h + b)
            assert box[2] <= zone[0] or zone[2] <= box[0] or box[3] <= zone[1] or zone[3] <= box[1]


def test_a_piece_a_keep_out_zone_pushes_off_an_empty_row_goes_on_below_the_zone() -> None:
    from types import SimpleNamespace

    from cardstock.impose.cut import fill_page, shelves

    # bleed wide enough that pieces need no gap; the zone fills the room's top left, and the
    # piece is too wide to sit beside it: a row of its own below the zone, not a loop
    board = SimpleNamespace(width=300.0, height=100.0, bleed=10.0)
    room, zone = (0.0, 0.0, 400.0, 600.0), (0.0, 500.0, 150.0, 100.0)
    (placed,) = fill_page([(board, "map")], 0, room, [zone], False, 600.0)
    assert placed.y + board.height + board.bleed <= zone[1] + 1e-6
    wide = SimpleNamespace(width=500.0, height=700.0, bleed=10.0)  # too wide either way
    assert shelves([(wide, "wide")], room, [zone]) == ([], ["wide"])
