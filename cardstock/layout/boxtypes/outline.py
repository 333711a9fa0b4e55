"""The `outline` box type: the face's own cut shape, grown or shrunk (`inset`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..ops import Path
from .kind import BoxKind, Rect4

if TYPE_CHECKING:
    from ..art.shapes import Geometry
    from ..resolved import Box, Layout
    from .services import Services


def draw(
    painter: Services, lay: Layout, box: Box, ctx: dict[str, Any], geo: Geometry, rect: Rect4
) -> list[Any]:
    p = painter.paint_args(lay, box, ctx)
    if not p["fill"] and not p["stroke"]:
        return []
    inset = painter.inset(lay, box, ctx, geo)
    radius = painter.length(lay, box, "radius", ctx, 0.0)
    return [
        Path(
            geo.outline_path(inset, radius),
            p["fill"],
            p["stroke"],
            p["stroke_width"],
            p["dash"],
            p["opacity"],
            join="round",
        )
    ]


BOX = BoxKind(
    doc=(
        "the face's own cut shape (rectangle, hexagon, circle, path …), grown "
        'or shrunk by `inset` (`"bleed"`: out to the bleed edge)'
    ),
    draw=draw,
)
