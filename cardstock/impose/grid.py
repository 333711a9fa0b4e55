"""Rectangular pieces in a centred grid, as many as fit; also the page frame (printable
area, footer strip, gutterfold halves) every arrangement starts from.

The footer goes on the page edge that costs the fewest slots (US Letter fits 3 x 3 poker
cards only with the footer along the side). Neighbouring cards share their cut line unless
the sheet asks for a gutter; bleed shows on the outside of the block, where it gives way
to crop marks (down to `marks.min_bleed`) and never leaves the printable area.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .marks import Piece, band_on, band_thickness, crop_marks, cuts_of, edge_bleed, without_band
from .plan import Band, Box, Mirror, Page, Placement, Point, Segment
from .sheets import DEFAULT_MARGIN, MarksSpec, Sheet, paper_size

EDGES = ("bottom", "right", "left", "top")


class Item:
    """One physical copy to place: its faces and the component it comes from (never
    compared: a plain class)."""

    __slots__ = ("front", "back", "component", "design")

    def __init__(self, front: Any, back: Any, component: str, design: str | None = None) -> None:
        self.front = front
        self.back = back  # None when the piece has no printed back
        self.component = component
        # the design its back is drawn from, when many pieces' backs differ only in what
        # each prints (the reverses of a double-sided set); None: the back face itself
        self.design = design

    @property
    def back_design(self) -> str | None:
        """What a slightly miscut neighbour would show of this piece's back: backs of one
        design may share a cut, so only a change of design needs a gutter (None: no back).
        A double-sided set's reverses share their set's design; a deck's back is its own."""
        if self.back is None:
            return None
        return self.design if self.design is not None else str(self.back.key)


@dataclass(frozen=True)
class GridLayout:
    """Where a grid sheet puts things: the printable area, the footer band and each slot."""

    width: float
    height: float
    area: Box  # printable area of the page
    region: Box  # where the fronts and their marks go (one half for gutterfold)
    footer: Band
    slots: tuple[Box, ...]  # trim boxes of a full page, row by row from the top left
    cols: int
    rows: int
    gutter: float
    outer: dict[str, float]  # bleed beyond the block of a full page on each side
    fold: Mirror | None  # gutterfold: the fold line
    fit: Box = Box(0, 0, 0, 0)  # where trim boxes may go
    break_gap: float | None = None  # between rows whose backs differ; None: a new page per back
    kept: bool = True  # every side has room for the sheet's minimum bleed and a crop mark
    # how many break gaps between rows a page has room for (a new back beyond them: a new page)
    breaks: int = 0
    column_breaks: int = 0  # how many break gaps between columns (each runs down the whole page)

    @property
    def capacity(self) -> int:
        return self.cols * self.rows


def _fit(requested: int | None, avail: float, size: float, gutter: float) -> int:
    if requested is not None:
        return requested if requested * size + (requested - 1) * gutter <= avail + 1e-6 else 0
    return max(0, math.floor((avail + gutter + 1e-6) / (size + gutter)))


def centred(lo: float, hi: float, size: float, centre: float | None) -> float:
    """Start of a span of `size` inside [lo, hi]: centred on `centre` when that fits."""
    if centre is not None:
        start = centre - size / 2
        if start >= lo - 1e-6 and start + size <= hi + 1e-6:
            return start
    return lo + (hi - lo - size) / 2


def candidates(sheet: Sheet, gutterfold: bool) -> Iterator[tuple[str, str | None, str]]:
    """Every (orientation, fold, footer edge) a planner may try for this sheet, in order.
    A gutterfold sheet may also turn the other way: its fold may fit only that way."""
    orientations = ["portrait", "landscape"] if sheet.orientation == "auto" else [sheet.orientation]
    if gutterfold and len(orientations) == 1:
        orientations.append("landscape" if orientations[0] == "portrait" else "portrait")
    folds: Sequence[str | None] = ("x", "y") if gutterfold else (None,)
    edges = EDGES if sheet.footer.edge == "auto" else (sheet.footer.edge,)
    for orientation in orientations:
        for fold in folds:
            for edge in edges:
                yield orientation, fold, edge


def reserve(bleed: float, sheet: Sheet) -> float:
    """What a grid keeps free beside its block on every side: the sheet's minimum bleed (at
    most the face's own) and, with crop marks, the gap and the shortest mark."""
    marks = sheet.marks
    return min(bleed, marks.min_bleed) + (marks.gap + marks.min_length if marks.crop else 0.0)


def plan_grid(
    w: float, h: float, bleed: float, sheet: Sheet, paper: str, gutterfold: bool = False
) -> GridLayout | None:
    """The best grid for pieces of trim w x h on this sheet and paper (None: none fits):
    the most pieces among the grids that keep the minimum bleed and a crop mark on every
    side (8-up where 9-up cannot), then those with room for a gutter between rows of
    different backs. Only when no grid keeps them is the bleed given up."""
    need = reserve(bleed, sheet)
    for kept in (True, False):
        best: GridLayout | None = None
        for orientation, fold, edge in candidates(sheet, gutterfold):
            layout = _layout(
                w, h, bleed, sheet, paper, orientation, fold, edge, need if kept else 0.0
            )
            if layout is None:
                continue
            if best is None or (layout.capacity, layout.breaks, layout.column_breaks) > (
                best.capacity,
                best.breaks,
                best.column_breaks,
            ):
                best = layout
        if best is not None:
            return best if kept else replace(best, kept=False)
    return None


class Frame:
    """A page and the parts of it a planner may use (never compared: a plain class)."""

    __slots__ = ("width", "height", "area", "footer", "front", "fit", "fold")

    def __init__(
        self,
        width: float,
        height: float,
        area: Box,  # printable area
        footer: Band,
        front: Box,  # where fronts and their marks go (one half for gutterfold)
        fit: Box,  # where trim boxes go (the half less the fold gap)
        fold: Mirror | None,
    ) -> None:
        self.width = width
        self.height = height
        self.area = area
        self.footer = footer
        self.front = front
        self.fit = fit
        self.fold = fold


def frame(sheet: Sheet, paper: str, orientation: str, fold: str | None, edge: str) -> Frame:
    W, H = paper_size(paper, orientation)
    m = DEFAULT_MARGIN if sheet.margin is None else sheet.margin
    area = Box(m, m, W - 2 * m, H - 2 * m)
    thick = band_thickness(sheet.footer)
    region = without_band(area, edge, thick + sheet.footer.gap)
    if sheet.marks.registration:  # keep the corners free for the machine's marks
        inset = sheet.marks.registration_size + sheet.marks.registration_inset + sheet.marks.gap
        region = region.grow(-inset, -inset, -inset, -inset)
    fg = sheet.gutterfold.gap
    mirror: Mirror | None = None
    if fold == "x":  # fronts left of a vertical fold, backs right of it
        a = max(region.x, W - region.x1)
        front = Box(a, region.y, W / 2 - a, region.h)
        fit = Box(front.x, front.y, front.w - fg, front.h)
        mirror = Mirror("x", W / 2)
    elif fold == "y":  # fronts above a horizontal fold, backs below it
        b = min(region.y1, H - region.y)
        front = Box(region.x, H / 2, region.w, b - H / 2)
        fit = Box(front.x, front.y + fg, front.w, front.h - fg)
        mirror = Mirror("y", H / 2)
    else:
        front = fit = region
    return Frame(W, H, area, band_on(area, edge, thick), front, fit, mirror)


def _origin(f: Frame, gw: float, gh: float) -> tuple[float, float]:
    """The lower-left corner of a gw x gh block of trim boxes in the frame."""
    W, H, front, fit = f.width, f.height, f.front, f.fit
    if f.fold is None:
        return centred(fit.x, fit.x1, gw, W / 2), centred(fit.y, fit.y1, gh, H / 2)
    if f.fold.axis == "x":  # centred in its half, at least the fold gap from the fold
        return min(centred(front.x, front.x1, gw, None), fit.x1 - gw), centred(
            fit.y, fit.y1, gh, H / 2
        )
    return centred(fit.x, fit.x1, gw, W / 2), max(centred(front.y, front.y1, gh, None), fit.y)


def _layout(
    w: float,
    h: float,
    bleed: float,
    sheet: Sheet,
    paper: str,
    orientation: str,
    fold: str | None,
    edge: str,
    need: float = 0.0,
) -> GridLayout | None:
    f = frame(sheet, paper, orientation, fold, edge)
    W, H, front, fit = f.width, f.height, f.front, f.fit
    if fit.w <= 0 or fit.h <= 0:
        return None
    g = sheet.grid.gutter
    cols = _fit(sheet.grid.columns, fit.w - 2 * need, w, g)
    rows = _fit(sheet.grid.rows, fit.h - 2 * need, h, g)
    if cols < 1 or rows < 1:
        return None
    gw, gh = cols * w + (cols - 1) * g, rows * h + (rows - 1) * g
    x0, y0 = _origin(f, gw, gh)
    space = {
        "left": x0 - front.x,
        "right": front.x1 - (x0 + gw),
        "bottom": y0 - front.y,
        "top": front.y1 - (y0 + gh),
    }
    outer = {side: edge_bleed(s, bleed, sheet.marks) for side, s in space.items()}
    slots = tuple(
        Box(x0 + c * (w + g), y0 + gh - (r + 1) * h - r * g, w, h)
        for r in range(rows)
        for c in range(cols)
    )
    bg, breaks = break_room(g, bleed, rows, fit.h - 2 * need - gh)
    _, columns = break_room(g, bleed, cols, fit.w - 2 * need - gw)
    return GridLayout(
        W,
        H,
        f.area,
        front,
        f.footer,
        slots,
        cols,
        rows,
        g,
        outer,
        f.fold,
        fit,
        bg,
        breaks=breaks,
        column_breaks=columns if bg is not None else 0,
    )


def break_room(gutter: float, bleed: float, rows: int, spare: float) -> tuple[float | None, int]:
    """The gap between rows whose backs differ (both cards' bleed, at least the gutter) and
    how many such gaps fit in the `spare` height of a page; (None, 0) when none does."""
    gap = max(gutter, 2 * bleed)
    extra = gap - gutter
    if rows < 2:
        return None, 0
    if extra <= 1e-9:
        return gap, rows - 1
    fits = min(rows - 1, math.floor((spare + 1e-6) / extra))
    return (gap, fits) if fits > 0 else (None, 0)


def page_slots(
    layout: GridLayout, breaks: frozenset[int], columns: frozenset[int] = frozenset()
) -> list[Box]:
    """The trim boxes of a page whose rows in `breaks` start below a break gap and whose
    columns in `columns` start right of one (a new back), the block centred as a full
    page's is."""
    if (not breaks and not columns) or layout.break_gap is None:
        return list(layout.slots)
    extra = layout.break_gap - layout.gutter
    first = layout.slots[0]
    w, h, g = first.w, first.h, layout.gutter
    gw = layout.cols * w + (layout.cols - 1) * g + len(columns) * extra
    gh = layout.rows * h + (layout.rows - 1) * g + len(breaks) * extra
    f = Frame(
        layout.width,
        layout.height,
        layout.area,
        layout.footer,
        layout.region,
        layout.fit,
        layout.fold,
    )
    x0, y0 = _origin(f, gw, gh)
    out: list[Box] = []
    for r in range(layout.rows):
        top = y0 + gh - r * (h + g) - sum(extra for b in breaks if b <= r)
        out.extend(
            Box(x0 + c * (w + g) + sum(extra for b in columns if b <= c), top - h, w, h)
            for c in range(layout.cols)
        )
    return out


def pieces_of(
    trims: list[Box], layout: GridLayout, bleed: float, sheet: Sheet | None = None
) -> list[Piece]:
    """Each trim box with the bleed it may paint on each side: none on a cut it shares with
    a neighbour, half the way to a neighbour across a gutter (at most the bleed), and
    towards the edge of the block's region the outer bleed (it gives way to crop marks down
    to the sheet's minimum bleed)."""
    marks = sheet.marks if sheet is not None else MarksSpec()
    region = layout.region
    out = []
    for t in trims:
        near = _nearest(t, trims)
        space = {
            "left": t.x - region.x,
            "bottom": t.y - region.y,
            "right": region.x1 - t.x1,
            "top": region.y1 - t.y1,
        }
        reach: list[float] = []
        for name in ("left", "bottom", "right", "top"):
            d = near[name]
            if d != math.inf:  # a neighbour: half the way to it
                reach.append(max(0.0, min(bleed, d / 2, edge_bleed(space[name], bleed, marks))))
            elif sheet is None:
                reach.append(layout.outer[name])
            else:
                reach.append(edge_bleed(space[name], bleed, marks))
        left, bottom, right, top = reach
        out.append(Piece(t, (left, bottom, right, top)))
    return out


def _nearest(t: Box, trims: list[Box]) -> dict[str, float]:
    """How far the nearest other trim box is on each side of `t` (left, bottom, right,
    top), counting only boxes beside it or above or below it; infinity where none is."""
    near = {"left": math.inf, "bottom": math.inf, "right": math.inf, "top": math.inf}
    for o in trims:
        if o is t:
            continue
        if o.y < t.y1 - 0.01 and t.y < o.y1 - 0.01:  # side by side
            if o.x1 <= t.x + 0.01:
                near["left"] = min(near["left"], t.x - o.x1)
            elif o.x >= t.x1 - 0.01:
                near["right"] = min(near["right"], o.x - t.x1)
        if o.x < t.x1 - 0.01 and t.x < o.x1 - 0.01:  # one above the other
            if o.y1 <= t.y + 0.01:
                near["bottom"] = min(near["bottom"], t.y - o.y1)
            elif o.y >= t.y1 - 0.01:
                near["top"] = min(near["top"], o.y - t.y1)
    return near


Filled = tuple[
    list[tuple[Item, int]], frozenset[int], frozenset[int]
]  # (item, slot)s, row breaks, column breaks


def fill_pages(items: list[Item], layout: GridLayout) -> list[Filled]:
    """Items to (page, slot) in order, row by row. A card never shares a cut with a card of
    another back design (`Item.back_design`). Where the back changes in the middle of a
    row, the row goes on past a break gap between two columns, when the page has one
    there or room for another (the gap runs down the whole page, so every cut stays
    straight); otherwise the new back starts a new row. A card under one of another back
    puts a break gap above its row.
    When the page has no room for the gap a card needs, the card starts a new page."""
    pages: list[Filled] = []
    cur: list[tuple[Item, int]] = []
    backs: dict[int, str | None] = {}  # slot -> the back printed there
    rows: set[int] = set()
    columns: set[int] = set()
    r = c = 0
    prev: str | None = None
    gaps = layout.break_gap is not None
    for item in items:
        key = item.back_design
        if cur and key != prev and c:
            if c in columns or (gaps and len(columns) < layout.column_breaks):
                columns.add(c)  # on along the row, past a gap between columns
            else:
                r, c = r + 1, 0
        if (
            r < layout.rows
            and r
            and r not in rows
            and (r - 1) * layout.cols + c in backs
            and backs[(r - 1) * layout.cols + c] != key
        ):
            if gaps and len(rows) < layout.breaks:
                rows.add(r)  # a gap above the row: the card above has another back
            else:
                r = layout.rows  # no room for another gap on this page
        if r >= layout.rows:
            pages.append((cur, frozenset(rows), frozenset(columns)))
            cur, backs, rows, columns, r, c = [], {}, set(), set(), 0, 0
        slot = r * layout.cols + c
        cur.append((item, slot))
        backs[slot] = key
        prev = key
        c += 1
        if c == layout.cols:
            r, c = r + 1, 0
    if cur:
        pages.append((cur, frozenset(rows), frozenset(columns)))
    return pages


def grid_pages(
    items: list[Item],
    layout: GridLayout,
    sheet: Sheet,
    *,
    bleed: float,
    cut_lines: str,
    style: Any = None,
) -> list[Page]:
    """Fronts pages; each placement carries its back face (see plan.add_backs)."""
    pages: list[Page] = []
    # Pieces and marks depend only on which slots a page fills: pages alike share them.
    marked: dict[
        tuple[Any, ...], tuple[list[Piece], list[Segment], list[Segment], list[tuple[Point, ...]]]
    ] = {}
    for chunk, breaks, columns in fill_pages(items, layout):
        key = (tuple(k for _, k in chunk), breaks, columns)
        if key not in marked:
            slots = page_slots(layout, breaks, columns)
            pieces = pieces_of([slots[k] for _, k in chunk], layout, bleed, sheet)
            crop: list[Segment] = []
            if sheet.marks.crop:
                crop, unmarked = crop_marks(pieces, layout.region, sheet.marks)
            else:
                unmarked = cuts_of(pieces)
            cuts: list[Segment] = []
            if cut_lines == "always":
                cuts = [c.line() for c in cuts_of(pieces)]
            elif cut_lines == "auto":
                cuts = [c.line() for c in unmarked]
            marked[key] = (pieces, crop, cuts, [piece.bleed_box.corners() for piece in pieces])
        pieces, crop, cuts, clips = marked[key]
        front = Page(
            layout.width,
            layout.height,
            "fronts",
            area=layout.area,
            footer=layout.footer,
            style=style,
        )
        for (item, _), piece, clip in zip(chunk, pieces, clips):
            front.placements.append(
                Placement(item.front, item.component, "front", piece.trim, 0, clip, back=item.back)
            )
        front.crop, front.cuts = list(crop), list(cuts)
        pages.append(front)
    return pages
