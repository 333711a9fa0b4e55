"""Cards of different sizes share sheets: the room left under the last, part-filled page
of one size (two poker cards over an empty lower half) takes the next size's first cards
as a grid block of their own, instead of that size starting a new page.

The block keeps every guarantee of a grid page (see docs/sheets.md): it sits below
everything already on the page (faces with their bleed, crop marks, cut lines) with room
for its own bleed and crop marks, so no cut is shared between the two blocks and every
cut of the new block gets its marks; rows whose backs differ are split as on any grid
page; and the backs page mirrors the whole page, so each card's back stays behind it.
"""

from __future__ import annotations

import math
from typing import Any

from .grid import GridLayout, Item, break_room, centred, fill_pages, grid_pages, plan_grid, reserve
from .marks import edge_bleed
from .plan import Box, Page
from .sheets import SheetFile


def _lowest(page: Page) -> float | None:
    """The lowest point of anything drawn in the page's block (None: nothing)."""
    ys: list[float] = []
    for p in page.placements:
        if p.clip:
            ys += [q[1] for q in p.clip]
        elif p.clip_circle is not None:
            ys.append(p.clip_circle[1] - p.clip_circle[2])
        ys.append(p.trim.y)
    for a, b in [*page.crop, *page.cuts, *page.folds]:
        ys += [a[1], b[1]]
    for o in page.outlines:
        ys += [q[1] for q in o.points]
        if o.circle is not None:
            ys.append(o.circle[1] - o.circle[2])
    return min(ys) if ys else None


def grid_in(
    region: Box, page: Page, w: float, h: float, bleed: float, sheet: Any
) -> GridLayout | None:
    """A grid of w x h pieces inside `region` of `page`, keeping on every side the sheet's
    minimum bleed and room for a crop mark; centred across the page where it fits."""
    need = reserve(bleed, sheet)
    g = sheet.grid.gutter
    cols = max(0, math.floor((region.w - 2 * need + g + 1e-6) / (w + g)))
    rows = max(0, math.floor((region.h - 2 * need + g + 1e-6) / (h + g)))
    if sheet.grid.columns is not None:
        cols = min(cols, sheet.grid.columns)
    if sheet.grid.rows is not None:
        rows = min(rows, sheet.grid.rows)
    if cols < 1 or rows < 1:
        return None
    gw, gh = cols * w + (cols - 1) * g, rows * h + (rows - 1) * g
    x0 = centred(region.x + need, region.x1 - need, gw, page.width / 2)
    y0 = centred(region.y + need, region.y1 - need, gh, None)
    space = {
        "left": x0 - region.x,
        "right": region.x1 - (x0 + gw),
        "bottom": y0 - region.y,
        "top": region.y1 - (y0 + gh),
    }
    outer = {side: edge_bleed(s, bleed, sheet.marks) for side, s in space.items()}
    slots = tuple(
        Box(x0 + c * (w + g), y0 + gh - (r + 1) * h - r * g, w, h)
        for r in range(rows)
        for c in range(cols)
    )
    break_gap, breaks = break_room(g, bleed, rows, region.h - 2 * need - gh)
    _, columns = break_room(g, bleed, cols, region.w - 2 * need - gw)
    footer = page.footer
    assert footer is not None, "grid pages carry their footer"
    return GridLayout(
        page.width,
        page.height,
        page.area or Box(0, 0, page.width, page.height),
        region,
        footer,
        slots,
        cols,
        rows,
        g,
        outer,
        None,
        region,
        break_gap,
        True,
        breaks,
        columns if break_gap is not None else 0,
    )


class Room:
    """The free part of a grid page below its block, for the next size's cards (a holder
    never compared: a plain class)."""

    __slots__ = ("page", "sheet", "region")

    def __init__(self, page: Page, sheet: SheetFile, region: Box) -> None:
        self.page = page
        self.sheet = sheet
        self.region = region  # the page's block region (printable area less the footer)

    @staticmethod
    def under(page: Page, sheet: SheetFile, paper: str, bleed: float) -> Room | None:
        """The room of the last grid page of a group (None when it holds no cards)."""
        first = page.placements[0].face if page.placements else None
        if first is None:
            return None
        layout = plan_grid(first.width, first.height, bleed, sheet.sheet, paper, False)
        if layout is None or (layout.width, layout.height) != (page.width, page.height):
            return None
        return Room(page, sheet, layout.region)

    def free(self) -> Box | None:
        lowest = _lowest(self.page)
        if lowest is None:
            return None
        top = lowest - self.sheet.sheet.marks.gap
        if top - self.region.y <= 0:
            return None
        return Box(self.region.x, self.region.y, self.region.w, top - self.region.y)

    def take(
        self, items: list[Item], sheet: SheetFile, *, bleed: float, cut_lines: str, style: Any
    ) -> list[Item]:
        """Place as many of `items` (the first ones, in order) as fit under the page's
        block, as a grid block of their own; returns the items still to place."""
        if not items or sheet.file != self.sheet.file:
            return items
        region = self.free()
        if region is None:
            return items
        face = items[0].front
        layout = grid_in(region, self.page, face.width, face.height, bleed, sheet.sheet)
        if layout is None:
            return items
        n = len(fill_pages(items, layout)[0][0])  # what the first page of that block holds
        block = grid_pages(
            items[:n], layout, sheet.sheet, bleed=bleed, cut_lines=cut_lines, style=style
        )[0]
        self.page.placements.extend(block.placements)
        self.page.crop.extend(block.crop)
        self.page.cuts.extend(block.cuts)
        return items[n:]
