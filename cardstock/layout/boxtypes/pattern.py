"""The `pattern` box type: a faint background texture."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ...core.units import parse_length
from ..ops import Ellipse, Group, Path, polygon_path, r, rect_path
from .kind import BoxKind, Rect4

if TYPE_CHECKING:
    from ..art.shapes import Geometry
    from ..resolved import Box, Layout
    from .services import Services

# The most cells (squares of the pattern's `size`) one pattern box may cover: a grid of
# (width / size + 1) x (height / size + 1), which bounds the lines, rings or dots it draws.
# A 1,000 mm board with the default 6 mm holds about 28,000; a poker card at 1pt, 44,000
# dots (2.7 MB of SVG a face); 0.01pt, hundreds of millions (a build that never ends).
MOST_CELLS = 30_000
STEPPED = ("lattice", "stripes", "rings", "dots")  # the patterns drawn a `size` apart


def draw(
    painter: Services, lay: Layout, box: Box, ctx: dict[str, Any], geo: Geometry, rect: Rect4
) -> list[Any]:
    x, y, w, h = rect
    kind = box.get("pattern", "lattice")
    color = (
        painter.color(lay, box, "color", ctx, None)
        or painter.color(lay, box, "stroke", ctx, None)
        or painter.layouts.theme.get("ink", "#000000")
    )
    opacity = float(box.get("opacity", 0.15))
    sw = painter.length(lay, box, "stroke_width", ctx, 0.6)
    step = (
        painter.length(lay, box, "size", ctx, 6.0)
        if box.get("size") is not None
        else parse_length("6mm")
    )
    if kind in STEPPED:
        if not step > 0:  # also nan
            painter.layout_issue(lay, box, "size", f"a pattern's size must be positive, got {step}")
            return []
        cells = (abs(w) / step + 1) * (abs(h) / step + 1)
        if cells > MOST_CELLS:
            painter.layout_issue(
                lay,
                box,
                "size",
                f"a {kind} pattern of size {box.get('size')!r} covers {cells:,.0f} cells of "
                f"this box, more than {MOST_CELLS:,}: a larger size draws it",
            )
            return []
    cx, cy = x + w / 2, y + h / 2
    ops: list[Any] = []
    if kind in ("lattice", "stripes"):
        span = w + h
        k = -span
        while k <= span:
            ops.append(
                Path(
                    (("M", r(x + k), r(y)), ("L", r(x + k + h), r(y + h))),
                    stroke=color,
                    stroke_width=r(sw),
                    opacity=opacity,
                )
            )
            if kind == "lattice":
                ops.append(
                    Path(
                        (("M", r(x + k + h), r(y)), ("L", r(x + k), r(y + h))),
                        stroke=color,
                        stroke_width=r(sw),
                        opacity=opacity,
                    )
                )
            k += step
    elif kind == "rings":
        rad = step
        maxr = math.hypot(w, h) / 2
        while rad <= maxr:
            ops.append(
                Ellipse(
                    r(cx), r(cy), r(rad), r(rad), stroke=color, stroke_width=r(sw), opacity=opacity
                )
            )
            rad += step
    elif kind == "rays":
        n = 24
        rad = math.hypot(w, h)
        for i in range(0, n, 2):
            a1, a2 = 2 * math.pi * i / n, 2 * math.pi * (i + 1) / n
            pts = [
                (cx, cy),
                (cx + rad * math.cos(a1), cy + rad * math.sin(a1)),
                (cx + rad * math.cos(a2), cy + rad * math.sin(a2)),
            ]
            ops.append(Path(polygon_path(pts), fill=color, opacity=opacity))
    elif kind == "dots":
        j = 0
        yy = y + step / 2
        while yy < y + h:
            xx = x + step / 2 + (step / 2 if j % 2 else 0)
            while xx < x + w:
                ops.append(Ellipse(r(xx), r(yy), r(sw), r(sw), fill=color, opacity=opacity))
                xx += step
            yy += step * 0.866
            j += 1
    radius = painter.length(lay, box, "radius", ctx, 0.0)
    clip = (
        geo.outline_path(painter.inset(lay, box, ctx, geo), radius)
        if box.get("frame") == "bleed" or box.get("inset") is not None
        else rect_path(x, y, w, h, radius)
    )
    return [Group(tuple(ops), clip)]


BOX = BoxKind(
    doc="a background texture over the box (`pattern`), faint by default; at most "
    f"{MOST_CELLS:,} squares of its `size` cover the box",
    draw=draw,
)
