"""Slot geometry from sheet data, before anything is drawn: how many pieces fit, where the
bleed may paint, where crop marks go, how hexes and tokens pack."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from cardstock.core.units import parse_length, parse_size
from cardstock.impose.grid import GridLayout, Item, frame, grid_pages, pieces_of, plan_grid
from cardstock.impose.marks import Piece, crop_marks
from cardstock.impose.pack import honeycomb_slots, pack_pages, plan_honeycomb
from cardstock.impose.plan import Box, Mirror, add_backs, flip, offset_convex
from cardstock.impose.sheets import Sheet, load_sheets
from cardstock.layout.ops import Ellipse, Face

ROOT = Path(__file__).resolve().parents[2]
MM = parse_length("1mm")
BLEED = 3 * MM
SHEETS = {s.stem: s.sheet for s in load_sheets(ROOT)[0]}


def pieces_on(
    layout: GridLayout, filled: int, bleed: float, sheet: Sheet | None = None
) -> list[Piece]:
    """The first `filled` slots of a page with no break, with the bleed each may paint."""
    return pieces_of(list(layout.slots[:filled]), layout, bleed, sheet)


def cards(**changes) -> Sheet:
    return SHEETS["cards"].model_copy(update=changes)


def test_poker_cards_go_four_by_two_across_letter_to_keep_their_bleed_and_crop_marks():
    w, h = parse_size("poker")
    layout = plan_grid(w, h, BLEED, cards(), "letter")
    assert (layout.cols, layout.rows) == (4, 2) and layout.width > layout.height and layout.kept
    assert not layout.footer.box.overlaps(Box(layout.slots[0].x, layout.slots[-1].y, 4 * w, 2 * h))
    assert min(layout.outer.values()) >= 2 * MM - 1e-6
    assert (
        layout.break_gap == pytest.approx(2 * BLEED) and layout.breaks == 1
    )  # a gutter between rows of different backs


def test_poker_cards_go_nine_to_an_a4_page_inside_the_five_millimetre_margin():
    w, h = parse_size("poker")
    layout = plan_grid(w, h, BLEED, cards(), "a4")
    assert (layout.cols, layout.rows) == (3, 3) and layout.width < layout.height and layout.kept
    assert min(layout.outer.values()) >= 2 * MM - 1e-6
    assert (
        min(layout.slots[0].x, layout.width - layout.slots[-1].x1)
        >= 5 * MM + 2 * MM + 0.5 * MM + 1.5 * MM - 1e-6
    )  # margin, bleed, crop mark
    assert (
        layout.break_gap == pytest.approx(2 * BLEED) and layout.breaks == 1
    )  # room for one gutter: a second new back starts a page


def test_a_printer_that_needs_six_millimetres_gets_eight_cards_on_a4():
    w, h = parse_size("poker")
    layout = plan_grid(w, h, BLEED, cards(margin=6 * MM), "a4")
    assert (layout.cols, layout.rows) == (4, 2) and layout.kept


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("size", ["poker", "bridge", "tarot", "mini", "square", "hex"])
def test_bleed_and_crop_marks_stay_inside_the_printable_area_and_off_every_card(paper, size):
    w, h = parse_size(size)
    layout = plan_grid(w, h, BLEED, cards(), paper)
    assert layout.capacity >= 1
    for filled in (
        layout.capacity,
        max(1, layout.capacity - layout.cols - 1),
    ):  # full, and a part-filled last page
        pieces = pieces_on(layout, filled, BLEED)
        marks, _ = crop_marks(pieces, layout.region, cards().marks)
        for p in pieces:
            assert layout.area.contains(p.bleed_box)
            assert not p.bleed_box.overlaps(layout.footer.box)
        for (ax, ay), (bx, by) in marks:
            mark = Box(min(ax, bx), min(ay, by), abs(bx - ax), abs(by - ay))
            assert layout.region.contains(mark)
            assert not any(
                mark.overlaps(p.bleed_box, eps=-0.01)
                if mark.w and mark.h
                else _crosses(mark, p.bleed_box)
                for p in pieces
            )


def _crosses(mark: Box, box: Box) -> bool:
    """A zero-width mark crosses a box when it passes through its inside."""
    if mark.w == 0:
        return box.x < mark.x < box.x1 and mark.y < box.y1 and mark.y1 > box.y
    return box.y < mark.y < box.y1 and mark.x < box.x1 and mark.x1 > box.x


def test_neighbours_split_the_gutter_for_bleed_and_share_a_cut_without_one():
    w, h = parse_size("poker")
    shared = pieces_on(plan_grid(w, h, BLEED, cards(margin=5 * MM), "a4"), 9, BLEED)
    assert shared[4].bleed == pytest.approx((0, 0, 0, 0))  # the middle card is surrounded
    gutter = cards(grid=SHEETS["cards"].grid.model_copy(update={"gutter": 4 * MM}))
    layout = plan_grid(*parse_size("bridge"), BLEED, gutter, "a4")
    assert (layout.cols, layout.rows) == (3, 3)
    pieces = pieces_on(layout, 9, BLEED)
    assert pieces[0].bleed[2] == pytest.approx(2 * MM)  # half the gutter towards its neighbour
    assert pieces[4].bleed == pytest.approx((2 * MM,) * 4)


def test_a_grid_the_sheet_cannot_hold_is_refused():
    w, h = parse_size("poker")
    too_many = cards(grid=SHEETS["cards"].grid.model_copy(update={"columns": 5}))
    assert plan_grid(w, h, BLEED, too_many, "a4") is None
    assert plan_grid(*parse_size("300mm x 300mm"), BLEED, cards(), "letter") is None


def test_mirrors_flip_positions_and_keep_backs_upright_when_turned_over():
    box = Box(10, 20, 30, 40)
    long_edge, short_edge = Mirror("x", 100), Mirror("y", 200)
    assert long_edge.box(box) == Box(160, 20, 30, 40) and long_edge.rotation(0) == 0
    assert short_edge.box(box) == Box(10, 340, 30, 40) and short_edge.rotation(0) == 180
    assert long_edge.rotation(90) == 270 and short_edge.rotation(90) == 90


def test_the_pages_of_a_file_hold_each_slots_turned_and_mirrored_geometry_once():
    w, h = parse_size("poker")
    layout = plan_grid(w, h, BLEED, cards(), "letter")
    front, back = (
        Face.build(w, h, BLEED, "rect", []),
        Face.build(w, h, BLEED, "rect", [Ellipse(9, 9, 4, 4, fill="#000000")]),
    )
    fronts = grid_pages(
        [Item(front, back, f"c{i}") for i in range(10 * layout.capacity)],
        layout,
        cards(),
        bleed=BLEED,
        cut_lines="auto",
    )
    alike: dict = {}
    pages = [
        page for f in fronts for page in add_backs([f], None, "long", (0.0, 0.0), alike=alike)
    ]  # a page at a time, as a file is made
    backs = [page for page in pages if page.role == "backs"]
    assert len(backs) == 10 and all(len(page.placements) == layout.capacity for page in backs)
    # ten fronts pages turned onto portrait paper and ten backs pages: each slot's box and
    # clip region made once for each and shared by all ten
    for role in ("fronts", "backs"):
        placed = [p for page in pages if page.role == role for p in page.placements]
        assert (
            len({id(p.trim) for p in placed})
            == len({id(p.clip) for p in placed})
            == layout.capacity
        )
    assert len({id(page.footer) for page in backs}) == 1
    # and the crop marks of each role: the same segments on every page, held once
    for role in ("fronts", "backs"):
        marks = [page.crop for page in pages if page.role == role]
        assert marks[0] and all(m == marks[0] for m in marks)
        assert len({id(s) for m in marks for s in m}) == len(marks[0])
    turned = pages[0]  # the fronts page as it goes through the printer (this grid is landscape)
    assert backs[0].placements[0].trim == flip(turned, "long").box(
        turned.placements[0].trim
    )  # each the mirror image


def test_gutterfold_halves_mirror_across_the_fold():
    w, h = parse_size("poker")
    layout = plan_grid(w, h, BLEED, cards(), "letter", gutterfold=True)
    assert layout.fold is not None and layout.capacity >= 3
    gap = cards().gutterfold.gap
    for slot in layout.slots:
        back = layout.fold.box(slot)
        if layout.fold.axis == "x":
            assert slot.x1 <= layout.fold.at - gap + 1e-6 and back.x >= layout.fold.at + gap - 1e-6
        else:  # fronts above the fold, backs below
            assert slot.y >= layout.fold.at + gap - 1e-6 and back.y1 <= layout.fold.at - gap + 1e-6


def test_per_edge_offsets_grow_only_the_edges_asked():
    square = ((0, 0), (10, 0), (10, 10), (0, 10))
    grown = offset_convex(
        square, [0, 1, 0, 2]
    )  # edge i runs from point i: right out by 1, left by 2
    assert [c for p in grown for c in p] == pytest.approx([-2, 0, 11, 0, 11, 10, -2, 10])


@pytest.mark.parametrize("size", ["60mm x 51.96mm", "51.96mm x 60mm"])
def test_hexes_tile_without_overlap_and_touch_their_neighbours(size):
    w, h = parse_size(size)
    fit = Box(17, 17, 578, 740)
    slots = honeycomb_slots(w, h, fit, None)
    assert len(slots) >= 14
    across = min(w, h)  # centre to centre of edge neighbours
    centres = [(b.x + b.w / 2, b.y + b.h / 2) for b in slots]
    dists = [math.dist(a, b) for i, a in enumerate(centres) for b in centres[i + 1 :]]
    assert min(dists) == pytest.approx(across, abs=1e-6)
    assert all(fit.contains(b) for b in slots)


def test_hex_tiles_fill_a_letter_page_with_eighteen():
    frame_, slots = plan_honeycomb(*parse_size("hex"), SHEETS["tiles"], "letter", False)
    assert len(slots) == 18


def disc(d: float) -> Face:
    return Face.build(d, d, BLEED, "circle", (Ellipse(d / 2, d / 2, d / 2, d / 2, fill="#000000"),))


def test_round_tokens_nest_in_a_lattice_a_gap_apart():
    pieces = SHEETS["pieces"]
    token = disc(25 * MM)
    d = token.width
    items = [Item(token, None, "token")] * 60
    f = frame(pieces, "a4", "portrait", None, "bottom")
    pages, too_big = pack_pages(
        [items], f, bleed=BLEED, gap=pieces.pack.gap, rotate=True, style=None
    )
    assert not too_big and sum(len(p.placements) for p in pages) == 60
    centres = [(p.trim.x + d / 2, p.trim.y + d / 2) for p in pages[0].placements]
    dists = [math.dist(a, b) for i, a in enumerate(centres) for b in centres[i + 1 :]]
    assert min(dists) == pytest.approx(d + pieces.pack.gap, abs=1e-6)
    rows = sorted({round(c[1], 3) for c in centres}, reverse=True)
    assert rows[0] - rows[1] < d + pieces.pack.gap  # nested rows, closer than a square grid
    assert len(pages[0].outlines) == len(pages[0].placements)


def test_a_piece_larger_than_the_page_is_reported_not_dropped_silently():
    pieces = SHEETS["pieces"]
    board = Face.build(*parse_size("300mm x 300mm"), BLEED, "rect", ())
    f = frame(pieces, "letter", "portrait", None, "bottom")
    pages, too_big = pack_pages(
        [[Item(board, None, "board")]], f, bleed=BLEED, gap=4 * MM, rotate=True, style=None
    )
    assert pages == [] and [i.component for i in too_big] == ["board"]


def test_registration_marks_keep_the_corners_free():
    sheet = cards(marks=SHEETS["cards"].marks.model_copy(update={"registration": True}))
    f = frame(sheet, "letter", "portrait", None, "bottom")
    corner = sheet.marks.registration_size + sheet.marks.registration_inset
    assert f.fit.x >= f.area.x + corner and f.fit.y1 <= f.area.y1 - corner


def test_a_new_back_in_the_middle_of_a_row_goes_on_past_a_gap_between_columns():
    """Alpha & Omega's last cards on Letter: three of one back, one of another, eight of a
    third, four reference cards. The row goes on past a gap between columns (it runs down
    the whole page, so the cuts stay straight); a card under one of another back starts
    below a gap between rows: two full pages where new rows alone would need three."""
    from types import SimpleNamespace

    from cardstock.impose.grid import fill_pages, page_slots

    w, h = parse_size("poker")
    layout = plan_grid(w, h, BLEED, cards(), "letter")
    assert (layout.cols, layout.rows, layout.breaks, layout.column_breaks) == (4, 2, 1, 1)
    run = [("a", 3), ("b", 1), ("c", 8), ("d", 4)]
    items = [Item(None, SimpleNamespace(key=back), back) for back, n in run for _ in range(n)]
    pages = fill_pages(items, layout)
    assert [([i.component for i, _ in chunk], rows, columns) for chunk, rows, columns in pages] == [
        (list("aaabcccc"), frozenset({1}), frozenset({3})),
        (list("ccccdddd"), frozenset({1}), frozenset()),
    ]
    slots = page_slots(layout, *pages[0][1:])
    gap = 2 * BLEED  # both cards' bleed
    xs = sorted({round(s.x, 3) for s in slots})
    assert [round(b - a, 3) for a, b in zip(xs, xs[1:])] == pytest.approx([w, w, w + gap], abs=1e-3)
    assert slots[0].y - slots[4].y1 == pytest.approx(gap)  # the rows apart
    block = Box(min(s.x for s in slots), min(s.y for s in slots), 0, 0)
    right = max(s.x1 for s in slots)
    assert (
        block.x - layout.region.x >= 2 * MM + 0.5 * MM + 1.5 * MM - 1e-6
    )  # bleed and a crop mark each side
    assert layout.region.x1 - right >= 2 * MM + 0.5 * MM + 1.5 * MM - 1e-6
