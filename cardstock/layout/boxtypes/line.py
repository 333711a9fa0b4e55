"""The `line` box type: a line across the middle of the box."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..ops import Path, r
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
    color = p["stroke"] or p["fill"] or painter.layouts.theme.get("ink", "#000000")
    width = p["stroke_width"] or 0.75
    if w >= h:
        d = (("M", r(x), r(y + h / 2)), ("L", r(x + w), r(y + h / 2)))
    else:
        d = (("M", r(x + w / 2), r(y)), ("L", r(x + w / 2), r(y + h)))
    return [
        Path(
            d, None, color, width, p["dash"], p["opacity"], cap="round" if not p["dash"] else "butt"
        )
    ]


BOX = BoxKind(
    doc=(
        "a straight line across the middle of the box (horizontal, or vertical "
        "when the box is taller than wide)"
    ),
    draw=draw,
)
