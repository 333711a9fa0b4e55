"""Faces made ready for a press that prints CMYK: the ink recipe, and transparency flattened.

Two passes over a face's drawing operations, each returning a new `Face` (the layout's own
face is never changed):

- `inks(face)`: the CMYK recipe for blacks (docs/print-shops.md, "Blacks"). A colour is
  *neutral* when its plain conversion (`pdf.cmyk_color`) puts at most `NEUTRAL` (25 %)
  on each of C, M and Y, and *near-black* when it is neutral with at least `NEAR_BLACK`
  (75 %) on the black plate (the dark greys of body text and card grounds, such as
  #23232b, C19 M19 K83, or #1b1b1f, C13 M13 K88). A filled shape whose bounding box
  covers at least `RICH_AREA` (one square inch, 645 mm²) in a near-black prints as rich
  black, `RICH_BLACK` (C 40 M 30 Y 30 K 100, 200 % ink), so a large dark area is deep
  black instead of a flat dark grey. Text smaller than `SMALL_TEXT` (12 pt) in a
  neutral colour with at least `GREY_TEXT` (50 %) black prints from the black plate
  alone: a near-black as solid black (K 100), a grey at its own K; small type cannot
  come out blurred by the other plates' registration. The chosen inks are written as
  device colours, `"cmyk:c,m,y,k"`, which the PDF drawer writes as they are.
- `flatten(face)`: the same drawing without transparency, for PDF/X-1a (which allows no
  opacity below 1, no soft masks and no transparency groups); it runs after `inks`. A
  see-through shape is painted opaque in the colour it shows over what lies beneath:
  once over the white paper, then once over each opaque filled shape painted before it
  that it meets, clipped to that shape (and to the clips that shape was drawn with), each
  in the inks the two make together (`top × opacity + under × (1 − opacity)` per ink, as
  PDF composites in CMYK). Pieces painted so are themselves what later see-through shapes
  lie over. Two tests keep the pieces few: shapes whose convex hulls are apart do not
  meet, and a shape that covers the whole see-through shape (an upright rectangle,
  rounded or not, or an ellipse, within its clips) hides the paper and everything
  painted before it. Strokes, text and even-odd shapes with holes are not used as what
  lies beneath (a clip cannot follow them), so where a see-through shape crosses one of
  them it is painted as over the shape below. A face whose see-through drawing lies
  over a picture, that draws a picture with an alpha channel or an opacity, or whose
  see-through drawing would take more than `MAX_PIECES` pieces, cannot be flattened as
  vectors: `flatten` returns None and the caller draws that face as a CMYK picture of
  itself (`pdf.cmyk_image`).
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path as FsPath
from typing import Any

from ..core.files import read_again
from ..core.units import POINTS_PER
from ..layout.ops import (
    Ellipse,
    Face,
    Group,
    Icon,
    Image,
    Matrix,
    Op,
    Path,
    PathData,
    Rect,
    Text,
    ellipse_path,
    multiply,
    r,
    rect_path,
)
from .pdf import cmyk_color

NEUTRAL = 0.25  # the most C, M or Y of a colour's plain conversion that leaves it neutral
NEAR_BLACK = 0.75  # the least K of a neutral colour's plain conversion that makes it near-black
GREY_TEXT = (
    0.5  # the least K of a neutral colour whose small text prints from the black plate alone
)
RICH_BLACK = (0.40, 0.30, 0.30, 1.0)  # C M Y K of large near-black areas
RICH_AREA = POINTS_PER["in"] ** 2  # a fill's bounding box at least this large (pt²) is a large area
SMALL_TEXT = 12.0  # near-black text below this size (pt) prints from the black plate alone
BLACK_ONLY = (0.0, 0.0, 0.0, 1.0)

DEVICE = "cmyk:"  # a colour given as device CMYK: "cmyk:0.4,0.3,0.3,1"

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
WHITE = "#ffffff"


def device(cmyk: Sequence[float]) -> str:
    """A device CMYK colour as an op's colour string."""
    return DEVICE + ",".join(f"{v:g}" for v in cmyk)


def neutral(color: str | None) -> float | None:
    """The black-plate share of `color` ("#rrggbb") when its plain conversion is neutral
    (no more than NEUTRAL of C, M or Y); None for any other colour."""
    if not color or not color.startswith("#"):
        return None
    c = cmyk_color(color)
    if max(float(c.cyan), float(c.magenta), float(c.yellow)) > NEUTRAL:
        return None
    return float(c.black)


def near_black(color: str | None) -> bool:
    """Whether `color` is neutral with at least NEAR_BLACK on the black plate."""
    k = neutral(color)
    return k is not None and k >= NEAR_BLACK


def text_ink(color: str) -> str | None:
    """The black-plate-only ink of small text in `color`, or None when it keeps its own."""
    k = neutral(color)
    if k is None or k < GREY_TEXT:
        return None
    return device(BLACK_ONLY if k >= NEAR_BLACK else (0.0, 0.0, 0.0, round(k, 4)))


# ---------------------------------------------------------------- geometry


def invert(m: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    det = a * d - b * c
    if abs(det) < 1e-12:
        return IDENTITY
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def moved(path: PathData, m: Matrix) -> PathData:
    """Path data under the matrix `m` (an affine map keeps lines lines and Béziers Béziers)."""
    if m == IDENTITY:
        return path
    out: list[tuple[Any, ...]] = []
    for cmd in path:
        if len(cmd) == 1:
            out.append(cmd)
            continue
        pts = cmd[1:]
        moved_pts: list[float] = []
        for i in range(0, len(pts), 2):
            x, y = apply(m, pts[i], pts[i + 1])
            moved_pts += [r(x), r(y)]
        out.append((cmd[0], *moved_pts))
    return tuple(out)


def bounds(path: PathData) -> Box | None:
    """The box of a path's points, control points included (it holds the whole curve)."""
    xs = [v for cmd in path for v in cmd[1::2]]
    ys = [v for cmd in path for v in cmd[2::2]]
    if not xs:
        return None
    return min(xs), min(ys), max(xs), max(ys)


def grown(box: Box, by: float) -> Box:
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def scale_of(m: Matrix) -> float:
    """How much `m` scales lengths (the square root of its area scale)."""
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def outline(op: Rect | Ellipse | Path) -> PathData:
    if isinstance(op, Rect):
        return rect_path(op.x, op.y, op.w, op.h, op.radius)
    if isinstance(op, Ellipse):
        return ellipse_path(op.cx, op.cy, op.rx, op.ry)
    return op.d


def text_box(op: Text) -> Box:
    """A box sure to hold a run of text: its font size above the baseline, a third below,
    and at most one em per character across."""
    return (
        op.x - op.size * 0.2,
        op.y - op.size * 1.2,
        op.x + op.size * (len(op.text) + 0.2),
        op.y + op.size * 0.4,
    )


# ---------------------------------------------------------------- inks


def inks(face: Face) -> Face:
    """`face` with rich black for large near-black fills and black-only small near-black
    text (see the module's docstring); the same face when nothing changes."""
    ops = tuple(_inks(face.ops, IDENTITY))
    if ops == face.ops:
        return face
    return Face.build(
        face.width, face.height, face.bleed, face.shape, ops, face.cut, face.folds, face.findings
    )


def _inks(ops: Sequence[Op], m: Matrix) -> list[Op]:
    out: list[Op] = []
    for op in ops:
        if isinstance(op, Group):
            inner = multiply(m, op.transform) if op.transform is not None else m
            out.append(Group(tuple(_inks(op.ops, inner)), op.clip, op.transform))
        elif isinstance(op, Text):
            black = text_ink(op.color) if op.size * scale_of(m) < SMALL_TEXT else None
            out.append(replace(op, color=black) if black else op)
        elif isinstance(op, (Rect, Ellipse, Path)) and near_black(op.fill):
            box = bounds(moved(outline(op), m))
            large = box is not None and (box[2] - box[0]) * (box[3] - box[1]) >= RICH_AREA
            out.append(replace(op, fill=device(RICH_BLACK)) if large else op)
        else:
            out.append(op)
    return out


# ---------------------------------------------------------------- flattening


def ink(color: str) -> tuple[float, float, float, float]:
    """The C, M, Y, K a colour prints with ("#rrggbb" by `pdf.cmyk_color`, a device colour
    as it is)."""
    c = cmyk_color(color)
    return float(c.cyan), float(c.magenta), float(c.yellow), float(c.black)


def blend(top: str, under: str, opacity: float) -> str:
    """The device colour `top` shows painted at `opacity` over `under`: each ink
    `top × opacity + under × (1 − opacity)`, as PDF composites in a CMYK blending space
    (normal blend mode), so a see-through shape over rich black stays rich black."""
    return device(
        tuple(round(x * opacity + y * (1 - opacity), 4) for x, y in zip(ink(top), ink(under)))
    )


@dataclass(frozen=True)
class _Under:
    """An opaque area already painted: its box and clips (face coordinates; the area is
    where all the clips meet), its colour (None: a picture), and a box it is sure to
    cover whole (None when no such box is known)."""

    box: Box
    clips: tuple[PathData, ...]
    color: str | None
    solid: Box | None
    hulls: tuple[Hull, ...] = ()  # the clips' convex hulls

    @staticmethod
    def of(box: Box, clips: tuple[PathData, ...], color: str | None, solid: Box | None) -> _Under:
        return _Under(box, clips, color, solid, tuple(hull(c) for c in clips))


def overlap(a: Box | None, b: Box | None) -> Box | None:
    """The box two boxes share, None when they share none (or either is None)."""
    if a is None or b is None:
        return None
    box = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return box if box[0] < box[2] and box[1] < box[3] else None


def inside(box: Box, outer: Box | None) -> bool:
    return (
        outer is not None
        and outer[0] <= box[0]
        and outer[1] <= box[1]
        and box[2] <= outer[2]
        and box[3] <= outer[3]
    )


def solid_box(path: PathData) -> Box | None:
    """A box the filled `path` covers whole, for the outlines faces are mostly made of: an
    upright rectangle (its own box), a rounded one (its box less 0.3 × the corner radius
    on each side: the arc's 45° point lies 0.29 × the radius in) and an upright ellipse
    (the rectangle inscribed in it); None for any other outline."""
    kinds = "".join(str(cmd[0]) for cmd in path)
    box = bounds(path)
    if box is None:
        return None
    x0, y0, x1, y1 = box
    if kinds in ("MLLLZ", "MLLLLZ"):
        corners = {(cmd[1], cmd[2]) for cmd in path if len(cmd) == 3}
        return box if corners <= {(x0, y0), (x1, y0), (x1, y1), (x0, y1)} else None
    if kinds == "MLCLCLCLCZ":
        inset = 0.3 * (path[0][1] - x0)
        return overlap(grown(box, -inset), box)
    if kinds == "MCCCCZ":
        cx, cy, hx, hy = (
            (x0 + x1) / 2,
            (y0 + y1) / 2,
            (x1 - x0) / 2 / math.sqrt(2),
            (y1 - y0) / 2 / math.sqrt(2),
        )
        return cx - hx, cy - hy, cx + hx, cy + hy
    return None


def covered(paths: Sequence[PathData]) -> Box | None:
    """A box the area where all of `paths` meet covers whole, or None."""
    solid: Box | None = None
    for i, path in enumerate(paths):
        box = solid_box(path)
        solid = box if i == 0 else overlap(solid, box)
        if solid is None:
            return None
    return solid


Hull = tuple[tuple[float, float], ...]


def hull(path: PathData) -> Hull:
    """The convex hull of a path's points, control points included (it holds the whole
    outline), counter-clockwise (Andrew's monotone chain)."""
    points = sorted({(cmd[i], cmd[i + 1]) for cmd in path for i in range(1, len(cmd) - 1, 2)})
    if len(points) <= 2:
        return tuple(points)

    def half(seq: list[tuple[float, float]]) -> list[tuple[float, float]]:
        out: list[tuple[float, float]] = []
        for p in seq:
            while (
                len(out) >= 2
                and (
                    (out[-1][0] - out[-2][0]) * (p[1] - out[-2][1])
                    - (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0])
                )
                <= 0
            ):
                out.pop()
            out.append(p)
        return out

    lower, upper = half(points), half(points[::-1])
    return tuple(lower[:-1] + upper[:-1])


def apart(a: Hull, b: Hull) -> bool:
    """Whether two convex hulls share no area (touching along an edge or at a point counts
    as apart): some edge of one is a line with the other wholly on its far side. An edge is
    given up at the first point of the other on its near side (the flattening asks this of
    every pair of a see-through drawing and an area beneath it)."""
    if len(a) < 3 or len(b) < 3:
        return True  # a point or a segment has no area
    for poly, other in ((a, b), (b, a)):
        for i, p in enumerate(poly):
            q = poly[(i + 1) % len(poly)]
            nx, ny = q[1] - p[1], p[0] - q[0]  # outward normal of a counter-clockwise edge
            limit = nx * p[0] + ny * p[1] - 1e-6 * (abs(nx) + abs(ny))
            for x, y in other:
                if nx * x + ny * y < limit:
                    break  # this point is on the near side: the edge separates nothing
            else:
                return True
    return False


# opaque pieces a face's see-through drawing may become before it is drawn as a picture instead
MAX_PIECES = 600


class _Flattener:
    def __init__(self) -> None:
        self.under: list[_Under] = []
        # a see-through drawing over a picture, a picture that needs a mask, or too many pieces
        self.raster = False
        self.pieces = 0

    def ops(self, ops: Sequence[Op], m: Matrix, clips: tuple[PathData, ...]) -> list[Op]:
        out: list[Op] = []
        for op in ops:
            out += self.op(op, m, clips)
        return out

    def op(self, op: Op, m: Matrix, clips: tuple[PathData, ...]) -> list[Op]:
        if isinstance(op, Group):
            inner = multiply(m, op.transform) if op.transform is not None else m
            inner_clips = clips + (moved(op.clip, inner),) if op.clip is not None else clips
            return [Group(tuple(self.ops(op.ops, inner, inner_clips)), op.clip, op.transform)]
        if isinstance(op, Icon):
            return (
                [self.op(icon_group(op), m, clips)[0]]
                if _see_through_icon(op)
                else self._icon(op, m, clips)
            )
        if isinstance(op, Image):
            if op.opacity < 1 or has_alpha(op):
                self.raster = True
            shape = moved(rect_path(op.x, op.y, op.w, op.h), m)
            self._paint(shape, clips, None)
            return [op]
        if isinstance(op, Text):
            if op.opacity >= 1:
                return [op]
            return self._blended(
                text_box(op),
                m,
                clips,
                op.color,
                op.opacity,
                lambda c: replace(op, color=c, opacity=1.0),
                None,
            )
        if isinstance(op, (Rect, Ellipse, Path)):
            return self._shape(op, m, clips)
        return [op]  # guides

    def _icon(self, op: Icon, m: Matrix, clips: tuple[PathData, ...]) -> list[Op]:
        k = op.size / 100.0
        inner = multiply(m, (k, 0.0, 0.0, k, op.x, op.y))
        for part in op.parts:
            if part.stroke_width <= 0 and _clips_as_drawn(part.d, part.fill_rule):
                self._paint(moved(part.d, inner), clips, op.color)
        return [op]

    def _shape(self, op: Rect | Ellipse | Path, m: Matrix, clips: tuple[PathData, ...]) -> list[Op]:
        shape = outline(op)
        rule = op.fill_rule if isinstance(op, Path) else "nonzero"
        if op.opacity >= 1:
            if op.fill and _clips_as_drawn(shape, rule):
                self._paint(moved(shape, m), clips, op.fill)
            return [op]
        out: list[Op] = []
        box = bounds(shape)
        if box is None:
            return [op]
        if op.fill:
            fill_only = replace(op, stroke=None, stroke_width=0.0)
            keep = moved(shape, m) if _clips_as_drawn(shape, rule) else None
            out += self._blended(
                box,
                m,
                clips,
                op.fill,
                op.opacity,
                lambda c: replace(fill_only, fill=c, opacity=1.0),
                keep,
            )
        if op.stroke and op.stroke_width > 0:
            stroke_only = replace(op, fill=None)
            out += self._blended(
                grown(box, op.stroke_width),
                m,
                clips,
                op.stroke,
                op.opacity,
                lambda c: replace(stroke_only, stroke=c, opacity=1.0),
                None,
            )
        return out

    def _paint(self, shape: PathData, clips: tuple[PathData, ...], color: str | None) -> None:
        box = bounds(shape)
        if box is not None:
            area = clips + (shape,)
            self.under.append(_Under.of(box, area, color, covered(area)))

    def _blended(
        self,
        local: Box,
        m: Matrix,
        clips: tuple[PathData, ...],
        color: str,
        opacity: float,
        make: Any,
        keep: PathData | None,
    ) -> list[Op]:
        """A see-through drawing as opaque pieces: over the paper, then over each opaque
        area beneath it, clipped to that area (its clips moved into the drawing's own
        coordinates). `keep`: the drawing's own outline in face coordinates, when the
        pieces it paints can lie beneath later see-through drawings."""
        x0, y0, x1, y1 = local
        corners = [apply(m, x, y) for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]
        box: Box | None = (
            min(p[0] for p in corners),
            min(p[1] for p in corners),
            max(p[0] for p in corners),
            max(p[1] for p in corners),
        )
        for clip in clips:  # what the clips leave of it
            box = overlap(box, bounds(clip))
        if box is None:
            return []  # clipped away whole: nothing of it shows
        reach = hull(keep) if keep is not None else hull(tuple(("L", x, y) for x, y in corners))
        beneath = [
            u for u in self.under if meet(u.box, box) and not any(apart(reach, h) for h in u.hulls)
        ]
        # an area that covers the whole box hides the paper and everything painted before it
        covering = [i for i, u in enumerate(beneath) if inside(box, u.solid)]
        over_paper = not covering
        beneath = beneath[covering[-1] :] if covering else beneath
        if any(u.color is None for u in beneath):
            self.raster = True
            return [make(color)]
        self.pieces += len(beneath) + over_paper
        if self.pieces > MAX_PIECES:
            self.raster = True
            return [make(color)]
        back = invert(m)
        out: list[Op] = [make(blend(color, WHITE, opacity))] if over_paper else []
        for u in beneath:
            piece: Op = make(blend(color, str(u.color), opacity))
            for clip in reversed(u.clips):
                piece = Group((piece,), moved(clip, back), None)
            out.append(piece)
        if keep is not None:
            own = clips + (keep,)
            solid = covered(own)
            if over_paper:
                self.under.append(_Under.of(box, own, blend(color, WHITE, opacity), solid))
            self.under += [
                _Under.of(
                    u.box,
                    u.clips + own,
                    blend(color, str(u.color), opacity),
                    overlap(u.solid, solid),
                )
                for u in beneath
            ]
        return out


def _clips_as_drawn(shape: PathData, rule: str) -> bool:
    """Whether clipping to `shape` (non-zero rule) covers what filling it covers: always for
    the non-zero rule, and for the even-odd rule when it has one outline only."""
    return rule != "evenodd" or sum(1 for cmd in shape if cmd[0] == "M") <= 1


def _see_through_icon(op: Icon) -> bool:
    return op.opacity < 1 or any(p.opacity < 1 for p in op.parts)


def icon_group(op: Icon) -> Group:
    """An icon as the paths it is drawn with: its parts in its 0..100 box, moved and scaled
    onto (x, y, size), filled or stroked (round caps and joins) in its colour."""
    k = op.size / 100.0
    paths: list[Op] = []
    for part in op.parts:
        alpha = op.opacity * part.opacity
        if part.stroke_width > 0:
            paths.append(
                Path(
                    part.d,
                    None,
                    op.color,
                    part.stroke_width,
                    (),
                    alpha,
                    "nonzero",
                    "round",
                    "round",
                )
            )
        else:
            paths.append(Path(part.d, op.color, None, 0.0, (), alpha, part.fill_rule))
    return Group(tuple(paths), None, (k, 0.0, 0.0, k, op.x, op.y))


def has_alpha(op: Image) -> bool:
    """Whether a picture has an alpha channel or a transparent colour."""
    from PIL import Image as PILImage

    with PILImage.open(io.BytesIO(read_again(FsPath(op.path)))) as picture:
        return "A" in picture.getbands() or "transparency" in picture.info


def flatten(face: Face) -> Face | None:
    """`face` without transparency (see the module's docstring); the same face when it has
    none, None when it can only be flattened as a picture."""
    flattener = _Flattener()
    ops = tuple(flattener.ops(face.ops, IDENTITY, ()))
    if flattener.raster:
        return None
    if ops == face.ops:
        return face
    return Face.build(
        face.width, face.height, face.bleed, face.shape, ops, face.cut, face.folds, face.findings
    )


__all__ = [
    "BLACK_ONLY",
    "DEVICE",
    "GREY_TEXT",
    "MAX_PIECES",
    "NEAR_BLACK",
    "NEUTRAL",
    "RICH_AREA",
    "RICH_BLACK",
    "SMALL_TEXT",
    "blend",
    "device",
    "flatten",
    "icon_group",
    "ink",
    "inks",
    "near_black",
    "neutral",
    "text_ink",
]
