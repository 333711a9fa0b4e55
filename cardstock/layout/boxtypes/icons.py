"""The `icons` box type: a list of icons, or copies of one, in a grid, a row, a column,
around the face's edges or in its corners."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ..ops import Ellipse, Icon, r
from .icon import icon_box_color, resolve_icons
from .kind import BoxKind, Rect4

if TYPE_CHECKING:
    from ..art.shapes import Geometry
    from ..resolved import Box, Layout
    from .services import Services

# The most icons one box draws: a count is a typo or a template gone wrong long before
# this (a track of 100 spaces is a board's); 10**7 copies never finished building
MOST_ICONS = 1000


def draw(
    painter: Services, lay: Layout, box: Box, ctx: dict[str, Any], geo: Geometry, rect: Rect4
) -> list[Any]:
    x, y, w, h = rect
    found = resolve_icons(painter, lay, box, ctx)
    if not found:
        return []
    count_v = painter.raw(lay, box, "count", ctx)
    if count_v is not None and str(count_v).strip() != "":
        try:
            n = int(float(str(count_v).strip()))
        except (ValueError, OverflowError):  # overflow: infinity
            painter.layout_issue(lay, box, "count", f"expected a whole number, got {count_v!r}")
            n = 1
        if n > MOST_ICONS:
            painter.layout_issue(
                lay, box, "count", f"an icons box draws at most {MOST_ICONS:,} icons, got {n:,}"
            )
            return []
        found = (found * max(0, n))[: max(0, n)] if len(found) == 1 else found[: max(0, n)]
    n = len(found)
    if n == 0:
        return []
    if n > MOST_ICONS:  # a list of icons as long
        painter.layout_issue(
            lay, box, "icons", f"an icons box draws at most {MOST_ICONS:,} icons, got {n:,}"
        )
        return []
    arrange = box.get("arrange", "grid")
    opacity = float(box.get("opacity", 1.0))
    fixed = painter.length(lay, box, "size", ctx, 0.0) if box.get("size") is not None else 0.0
    gap = 0.18
    slots: list[tuple[float, float, float]] = []  # (cx, cy, size)
    if arrange in ("grid", "row", "column"):
        slots += _grid_slots(arrange, n, rect, fixed, gap)
    elif arrange == "corners":
        s = fixed or min(w, h) * 0.2
        pts = [
            (x + s / 2, y + s / 2),
            (x + w - s / 2, y + s / 2),
            (x + w - s / 2, y + h - s / 2),
            (x + s / 2, y + h - s / 2),
        ]
        for i in range(n):
            cx, cy = pts[i % 4]
            slots.append((cx, cy, s))
    else:  # edges: the midpoints of the face outline's edges, or around a circle
        s = fixed or min(w, h) * 0.14
        inset = painter.inset(lay, box, ctx, geo) if box.get("inset") is not None else s * 0.75
        mids = geo.edge_points(inset, n)
        reps = len(mids) if len(found) == 1 and count_v is None else n
        for i in range(reps):
            cx, cy = mids[i % len(mids)]
            slots.append((cx, cy, s))
        if len(found) == 1:
            found = found * reps
    ops: list[Any] = []
    p = painter.paint_args(lay, box, ctx)
    for (cx, cy, s), (name, parts, icolor) in zip(slots, found):
        if p["fill"] or p["stroke"]:
            ops.append(Ellipse(r(cx), r(cy), r(s * 0.62), r(s * 0.62), **p))
        color = icon_box_color(painter, lay, box, ctx, icolor)
        ops.append(
            Icon(
                r(cx - s / 2),
                r(cy - s / 2),
                r(s),
                name,
                color,
                parts,
                opacity if not (p["fill"] or p["stroke"]) else 1.0,
            )
        )
    return ops


def _grid_slots(
    arrange: str, n: int, rect: Rect4, fixed: float, gap: float
) -> list[tuple[float, float, float]]:
    """Where `n` icons go in a grid (or one row, or one column): the arrangement that
    draws them largest, no larger than `fixed` when it is set, each row centred."""
    x, y, w, h = rect
    slots: list[tuple[float, float, float]] = []  # (cx, cy, size)
    best: tuple[float, int, int] | None = None
    rows_range = [1] if arrange == "row" else ([n] if arrange == "column" else range(1, n + 1))
    for rows in rows_range:
        cols = math.ceil(n / rows)
        s = min(w / (cols + gap * (cols - 1)), h / (rows + gap * (rows - 1)))
        if best is None or s > best[0] + 1e-9:
            best = (s, rows, cols)
    assert best is not None  # n >= 1, so there is a first candidate
    s, rows, cols = best
    if fixed:
        s = min(s, fixed)
    step = s * (1 + gap)
    total_h = rows * s + (rows - 1) * s * gap
    for i in range(n):
        row, col = divmod(i, cols)
        in_row = min(cols, n - row * cols)
        row_w = in_row * s + (in_row - 1) * s * gap
        cx = x + (w - row_w) / 2 + col * step + s / 2
        cy = y + (h - total_h) / 2 + row * step + s / 2
        slots.append((cx, cy, s))
    return slots


BOX = BoxKind(
    doc=(
        "a row or grid of icons: a list (`icons`, one icon per item) or `count` "
        f"copies of one (`icon`), at most {MOST_ICONS:,}"
    ),
    draw=draw,
    content=True,
)
