"""A gallery's grid of faces laid out a page at a time.

A book's component list shows every distinct face of a group in one grid. Made as one
ReportLab `Table`, every row of it (each face's thumbnail and its wrapped caption) exists
before the first page is laid out, and a table split over pages is measured whole again
for every page; at 50,000 cards that is the largest thing a build holds. `Grid` is the same
grid made as it is laid out: `split` makes a `Table` of the rows that fit the space it is
given and a `Grid` of the rest, and a row's cells are made when the row is first measured.
A grid is measured no further than the tallest frame it can be laid out in (`tallest`):
asked its height in a space without bound (ReportLab's `KeepTogether`, which a heading
kept with its next flowable is wrapped in, asks each part's height that way), a grid
taller than any frame says only that it is taller than that, instead of making every row
of every page it will fill.
The pages are those the one table would have been split into, drawn the same: a row is as
tall as a table makes it (each row is measured as a one-row `Table`), rows are counted into
a space as `Table.split` counts them, and what is drawn is always a `Table` of whole rows.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from reportlab.platypus import Flowable, KeepTogether, Table, TableStyle

# A grid that does not fit its space reports a height at least this much over it, so that
# a frame, which lets a flowable overrun by a hair (ReportLab's _FUZZ), splits it.
_OVER = 1.0


class Grid(Flowable):  # type: ignore[misc]  # ReportLab ships no type hints, so its classes are Any
    """Rows `start`.. of a grid of `count` rows; `row(i)` makes row i's cells."""

    def __init__(
        self,
        row: Callable[[int], list[Any]],
        count: int,
        widths: list[float],
        style: TableStyle,
        start: int = 0,
        made: list[tuple[list[Any], float]] | None = None,
        tallest: float = float("inf"),
    ) -> None:
        super().__init__()
        # the table style is `cells`, not `style`: a flowable's `style` would give it space
        # before and after, which a Table of this style has none of
        self.row, self.count, self.widths, self.cells = row, count, widths, style
        self.start, self.tallest = start, tallest
        self.made: list[tuple[list[Any], float]] = made or []  # rows start.., with heights
        self.bound: float | None = None  # set by KeepGallery while it measures
        self.whole: Table | None = None  # the rest as one table, when it fits
        self.hAlign = "LEFT"

    def _table(self, rows: list[list[Any]]) -> Table:
        return Table(rows, colWidths=self.widths, style=self.cells, hAlign="LEFT")

    def _measure(self, width: float, height: float) -> float:
        """Make and measure rows until they are taller than `height` or all are made;
        their total height."""
        total = sum(h for _, h in self.made)
        while total <= height and self.start + len(self.made) < self.count:
            cells = self.row(self.start + len(self.made))
            _, h = self._table([cells]).wrap(width, height)
            self.made.append((cells, h))
            total += h
        return total

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        limit = min(availHeight, self.tallest, availHeight if self.bound is None else self.bound)
        total = self._measure(availWidth, limit + _OVER)
        if self.start + len(self.made) < self.count or total > limit + _OVER:
            self.whole = None
            return sum(self.widths), total
        self.whole = self._table([cells for cells, _ in self.made])
        size: tuple[float, float] = self.whole.wrap(availWidth, availHeight)
        return size

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:  # noqa: N802
        """Drawn whole (it fit): the table of its rows, as a frame draws a table."""
        if self.whole is None:
            raise RuntimeError("a gallery grid drawn before it was measured")
        self.whole.drawOn(canvas, x, y, _sW)

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        """A table of the rows that fit, as `Table.split` counts them, and the rest."""
        self._measure(availWidth, availHeight + _OVER)
        used, n = 0.0, 0
        for _, h in self.made:
            if used + h > availHeight:
                break
            used += h
            n += 1
        if n == 0:
            return []
        page = self._table([cells for cells, _ in self.made[:n]])
        if self.start + n >= self.count:
            return [page]
        rest = Grid(
            self.row,
            self.count,
            self.widths,
            self.cells,
            self.start + n,
            self.made[n:],
            self.tallest,
        )
        return [page, rest]


# the fewest rows under a gallery's heading when the gallery goes on to the next page; or
# fewer rows when they are at least `LEAST_SHARE` of the tallest frame tall (a row of faces
# each set beside its words, or of tall standees, may fill a third of a page on its own)
LEAST_ROWS = 2
LEAST_SHARE = 0.2


class KeepGallery(KeepTogether):  # type: ignore[misc]  # ReportLab ships no type hints
    """A gallery's heading kept with its grid (ReportLab's `KeepTogether`), the grid
    measured only as far as the space the two are given: `KeepTogether` asks whether the
    whole fits, and a grid taller than that space needs no more rows measured to say no.
    A gallery that does not fit the room left is cut between rows when that room holds
    its heading and `LEAST_ROWS` rows (or rows `LEAST_SHARE` of a page tall), rather than
    moved whole to the next page and leaving this one short."""

    def __init__(self, head: Flowable, grid: Grid) -> None:
        super().__init__([head, grid])
        self.head, self.grid = head, grid

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:  # noqa: N803
        self.grid.bound = aH
        try:
            size: tuple[float, float] = super().wrap(aW, aH)
        finally:
            self.grid.bound = None
        return size

    def split(self, aW: float, aH: float) -> list[Flowable]:  # noqa: N803
        _, hh = self.head.wrap(aW, aH)
        room = aH - hh - self.head.getSpaceBefore() - self.head.getSpaceAfter()
        grid = self.grid
        if room > 0 and grid.split(aW, room):  # measures the rows that fit `room`
            heights = list(itertools.accumulate(h for _, h in grid.made))
            fit = sum(1 for h in heights if h <= room)
            rows = min(fit, grid.count - grid.start - 1)  # a row at least for the next page
            tall = rows > 0 and heights[rows - 1] >= LEAST_SHARE * grid.tallest
            if rows >= LEAST_ROWS or tall:
                return [self.head, *grid.split(aW, heights[rows - 1])]
        out: list[Flowable] = super().split(aW, aH)
        return out


__all__ = ["LEAST_ROWS", "LEAST_SHARE", "Grid", "KeepGallery"]
