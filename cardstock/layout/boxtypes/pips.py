"""The `pips` box type: die pips for a number from 1 to 9."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..ops import Ellipse, r
from .kind import BoxKind, Rect4

if TYPE_CHECKING:
    from ..art.shapes import Geometry
    from ..resolved import Box, Layout
    from .services import Services


def draw(
    painter: Services, lay: Layout, box: Box, ctx: dict[str, Any], geo: Geometry, rect: Rect4
) -> list[Any]:
    x, y, w, h = rect
    v = painter.raw(lay, box, "count", ctx)
    try:
        n = int(float(str(v).strip()))
    except (TypeError, ValueError):
        painter.layout_issue(lay, box, "count", f"expected a whole number of pips, got {v!r}")
        return []
    s = min(w, h)
    ox, oy = x + (w - s) / 2, y + (h - s) / 2
    spots = {
        1: [(1, 1)],
        2: [(0, 0), (2, 2)],
        3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
        7: [(0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2)],
        8: [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)],
        9: [(i, j) for j in range(3) for i in range(3)],
    }.get(n)
    if spots is None:
        painter.layout_issue(lay, box, "count", f"pips show 1 to 9, got {n}")
        return []
    color = painter.color(lay, box, "color", ctx, None) or painter.layouts.theme.get(
        "ink", "#1f1f24"
    )
    rad = s * 0.11
    ops = []
    for i, j in spots:
        ops.append(
            Ellipse(
                r(ox + s * (0.2 + 0.3 * i)), r(oy + s * (0.2 + 0.3 * j)), r(rad), r(rad), fill=color
            )
        )
    return ops


BOX = BoxKind(
    doc="die pips for a number (`count`), laid out as on a die",
    draw=draw,
    content=True,
)
