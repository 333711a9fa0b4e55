"""Rectangular pieces in a centred grid, as many as fit; also the page frame (printable
area, footer strip, gutterfold halves) every arrangement starts from.

The footer goes on the page edge that costs the fewest slots (US Letter fits 3 x 3 poker
cards only with the footer along the side). Neighbouring cards share their cut line unless
the sheet asks for a gutter; bleed shows on the outside of the block, where it gives way
to crop marks (down to `marks.min_bleed`) and never leaves the printable area.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterator, Optional, Sequence

from .marks import Piece, band_on, band_thickness, crop_marks, cuts_of, edge_bleed, without_band
from .plan import Band, Box, Mirror, Page, Placement, Segment
from .sheets import Sheet, paper_size

EDGES = ("bottom", "right", "left", "top")


@dataclass(frozen=True)
class Item:
    """One physical copy to place: its faces and the component it comes from."""

    front: Any
    back: Any  # None when the piece has no printed back
    component: str


@dataclass(frozen=True)
class GridLayout:
    width: float
    height: float
    area: Box  # printable area of the page
    region: Box  # where the fronts and their marks go (one half for gutterfold)
    footer: Band
    slots: tuple[Box, ...]  # trim boxes, row by row from the top left
    cols: int
    rows: int
    gutter: float
    outer: dict[str, float]  # bleed beyond the block on each side
    fold: Optional[Mirror]  # gutterfold: the fold line

    @property
    def capacity(self) -> int:
        return self.cols * self.rows


def _fit(requested: Optional[int], avail: float, size: float, gutter: float) -> int:
    if requested is not None:
        return requested if requested * size + (requested - 1) * gutter <= avail + 1e-6 else 0
    return max(0, math.floor((avail + gutter + 1e-6) / (size + gutter)))


def centred(lo: float, hi: float, size: float, centre: Optional[float]) -> float:
    """Start of a span of `size` inside [lo, hi]: centred on `centre` when that fits."""
    if centre is not None:
        start = centre - size / 2
        if start >= lo - 1e-6 and start + size <= hi + 1e-6:
            return start
    return lo + (hi - lo - size) / 2


def candidates(sheet: Sheet, gutterfold: bool) -> Iterator[tuple[str, Optional[str], str]]:
    """Every (orientation, fold, footer edge) a planner may try for this sheet, in order.
    A gutterfold sheet may also turn the other way: its fold may fit only that way."""
    orientations = ["portrait", "landscape"] if sheet.orientation == "auto" else [sheet.orientation]
    if gutterfold and len(orientations) == 1:
        orientations.append("landscape" if orientations[0] == "portrait" else "portrait")
    folds: Sequence[Optional[str]] = ("x", "y") if gutterfold else (None,)
    edges = EDGES if sheet.footer.edge == "auto" else (sheet.footer.edge,)
    for orientation in orientations:
        for fold in folds:
            for edge in edges:
                yield orientation, fold, edge


def plan_grid(w: float, h: float, bleed: float, sheet: Sheet, paper: str, gutterfold: bool = False) -> Optional[GridLayout]:
    """The best grid for pieces of trim w x h on this sheet and paper (None: none fits)."""
    best: Optional[GridLayout] = None
    for orientation, fold, edge in candidates(sheet, gutterfold):
        layout = _layout(w, h, bleed, sheet, paper, orientation, fold, edge)
        if layout is not None and (best is None or layout.capacity > best.capacity):
            best = layout
    return best


@dataclass(frozen=True)
class Frame:
    """A page and the parts of it a planner may use."""

    width: float
    height: float
    area: Box  # printable area
    footer: Band
    front: Box  # where fronts and their marks go (one half for gutterfold)
    fit: Box  # where trim boxes go (the half less the fold gap)
    fold: Optional[Mirror]


def frame(sheet: Sheet, paper: str, orientation: str, fold: Optional[str], edge: str) -> Frame:
    W, H = paper_size(paper, orientation)
    m = sheet.margin
    area = Box(m, m, W - 2 * m, H - 2 * m)
    thick = band_thickness(sheet.footer)
    region = without_band(area, edge, thick + sheet.footer.gap)
    if sheet.marks.registration:  # keep the corners free for the machine's marks
        inset = sheet.marks.registration_size + sheet.marks.registration_inset + sheet.marks.gap
        region = region.grow(-inset, -inset, -inset, -inset)
    fg = sheet.gutterfold.gap
    mirror: Optional[Mirror] = None
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


def _layout(w: float, h: float, bleed: float, sheet: Sheet, paper: str, orientation: str, fold: Optional[str], edge: str) -> Optional[GridLayout]:
    f = frame(sheet, paper, orientation, fold, edge)
    W, H, front, fit = f.width, f.height, f.front, f.fit
    if fit.w <= 0 or fit.h <= 0:
        return None
    g = sheet.grid.gutter
    cols = _fit(sheet.grid.columns, fit.w, w, g)
    rows = _fit(sheet.grid.rows, fit.h, h, g)
    if cols < 1 or rows < 1:
        return None
    gw, gh = cols * w + (cols - 1) * g, rows * h + (rows - 1) * g
    if fold is None:
        x0 = centred(fit.x, fit.x1, gw, W / 2)
        y0 = centred(fit.y, fit.y1, gh, H / 2)
    elif fold == "x":  # centred in its half, at least the fold gap from the fold
        x0 = min(centred(front.x, front.x1, gw, None), fit.x1 - gw)
        y0 = centred(fit.y, fit.y1, gh, H / 2)
    else:
        x0 = centred(fit.x, fit.x1, gw, W / 2)
        y0 = max(centred(front.y, front.y1, gh, None), fit.y)
    space = {"left": x0 - front.x, "right": front.x1 - (x0 + gw), "bottom": y0 - front.y, "top": front.y1 - (y0 + gh)}
    outer = {side: edge_bleed(s, bleed, sheet.marks) for side, s in space.items()}
    slots = tuple(
        Box(x0 + c * (w + g), y0 + gh - (r + 1) * h - r * g, w, h) for r in range(rows) for c in range(cols)
    )
    return GridLayout(W, H, f.area, front, f.footer, slots, cols, rows, g, outer, f.fold)


def pieces_on(layout: GridLayout, filled: int, bleed: float) -> list[Piece]:
    """The first `filled` slots with the bleed each may paint: half the gutter (at most the
    bleed) towards a neighbour, the outer bleed outside the block, the full bleed towards
    an empty slot."""
    inner = min(bleed, layout.gutter / 2)
    out = []
    for k in range(filled):
        r, c = divmod(k, layout.cols)

        def side(dr: int, dc: int, name: str) -> float:
            rr, cc = r + dr, c + dc
            if not (0 <= rr < layout.rows and 0 <= cc < layout.cols):
                return layout.outer[name]
            return inner if rr * layout.cols + cc < filled else bleed

        out.append(Piece(layout.slots[k], (side(0, -1, "left"), side(1, 0, "bottom"), side(0, 1, "right"), side(-1, 0, "top"))))
    return out


def grid_pages(items: list[Item], layout: GridLayout, sheet: Sheet, *, bleed: float, cut_lines: str, style=None) -> list[Page]:
    """Fronts pages; each placement carries its back face (see plan.add_backs)."""
    pages: list[Page] = []
    n = layout.capacity
    # Pieces and marks depend only on how many slots a page fills: every full page shares them.
    marked: dict[int, tuple[list, list[Segment], list[Segment]]] = {}
    for start in range(0, len(items), n):
        chunk = items[start:start + n]
        if len(chunk) not in marked:
            pieces = pieces_on(layout, len(chunk), bleed)
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
            marked[len(chunk)] = (pieces, crop, cuts)
        pieces, crop, cuts = marked[len(chunk)]
        front = Page(layout.width, layout.height, "fronts", area=layout.area, footer=layout.footer, style=style)
        for item, piece in zip(chunk, pieces):
            front.placements.append(Placement(item.front, item.component, "front", piece.trim, 0, piece.bleed_box.corners(), back=item.back))
        front.crop, front.cuts = list(crop), list(cuts)
        pages.append(front)
    return pages
