"""The `ellipse` box type: an ellipse filling the box."""

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
    p = painter.paint_args(lay, box, ctx)
    if not p["fill"] and not p["stroke"]:
        return []
    return [Ellipse(r(x + w / 2), r(y + h / 2), r(w / 2), r(h / 2), **p)]


BOX = BoxKind(
    doc="an ellipse filling the box",
    draw=draw,
)
