"""The `rect` box type: a filled and/or stroked rectangle."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..ops import Rect, r
from .kind import BoxKind, Rect4

if TYPE_CHECKING:
    from ..art.shapes import Geometry
    from ..resolved import Box, Layout
    from .services import Services


def draw(
    painter: Services, lay: Layout, box: Box, ctx: dict[str, Any], geo: Geometry, rect: Rect4
) -> list[Any]:
    x, y, w, h = rect
    p = painter.paint_args(lay, box, ctx)
    if not p["fill"] and not p["stroke"]:
        return []
    return [
        Rect(r(x), r(y), r(w), r(h), radius=r(painter.length(lay, box, "radius", ctx, 0.0)), **p)
    ]


BOX = BoxKind(
    doc="a rectangle, filled and/or stroked, with rounded corners (`radius`)",
    draw=draw,
)
