"""Piece shapes, registered in one place: `SHAPES` maps each name a layout's `shape` key may
take to what cardstock needs to know about it.

- the layout schema (`schema.LayoutSpec.shape`) and the reference read the names and docs;
- a face's geometry (`Geometry`: its outline grown or shrunk, its cut polygon, the
  safe-zone test, the points around its edge) asks the shape's `ShapeGeometry`;
- the sheets read `arrange` (what `arrange = "auto"` picks), `round` (nested rows),
  `movable` (leftover pieces may move to another page) and `bleed_follows_cut` (the face
  paints its bleed around its cut outline rather than around the trim box);
- the exports read `transparent` (PNG outside the outline), `tts_tile`, `die_net` and
  `standee` (what a piece becomes in Tabletop Simulator).

The shape `path` is a designer's own outline: SVG path data, or an SVG file, stretched to
the component's size (`outline` in the layout). Composed shapes (die nets, standees) are
drawn from panel layouts by `cardstock.layout.painting.panels` and have no single outline here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path as FsPath

from ...core.files import Unreadable, present, read_bytes
from ..ops import (
    PathData,
    circle_points,
    ellipse_path,
    hexagon,
    offset_polygon,
    point_in_polygon,
    polygon_path,
    r,
    rect_path,
)
from .symbols import PathError, parse_path

Point = tuple[float, float]
Polygon = tuple[Point, ...]

CURVE_STEPS = 16  # straight pieces per curve of a custom outline
HEX_RATIO = math.sin(math.radians(60))  # height / width of a flat-topped hexagon


class ShapeGeometry:
    """The geometry of a flat shape at trim size w x h (origin top-left, y down). The base
    class is the rectangle; `custom` is a path shape's outline in trim coordinates."""

    def polygon(self, w: float, h: float, inset: float, custom: Polygon | None) -> Polygon | None:
        """The outline moved `inset` inward (negative: outward) as a polygon; None for a
        rectangle."""
        return None

    def path(
        self, w: float, h: float, inset: float, radius: float, custom: Polygon | None
    ) -> PathData:
        rad = max(0.0, radius - inset) if radius else 0.0
        return rect_path(inset, inset, w - 2 * inset, h - 2 * inset, rad)

    def cut(self, w: float, h: float, custom: Polygon | None) -> Polygon | None:
        """The cut outline as a polygon; None means the trim rectangle."""
        return None

    def outside(
        self,
        w: float,
        h: float,
        safe: float,
        custom: Polygon | None,
        box: tuple[float, float, float, float],
    ) -> float:
        """How far (points) the rectangle `box` (x, y, w, h) reaches outside the safe zone."""
        x, y, bw, bh = box
        return max(0.0, safe - x, safe - y, (x + bw) - (w - safe), (y + bh) - (h - safe))

    def edge_points(
        self, w: float, h: float, inset: float, n: int, custom: Polygon | None
    ) -> list[Point]:
        """Where icons arranged around the edges go: the middles of the outline's sides."""
        return [(w / 2, inset), (w - inset, h / 2), (w / 2, h - inset), (inset, h / 2)]


class _Polygonal(ShapeGeometry):
    """A shape whose outline is a polygon (a hexagon, a designer's path)."""

    def outline(self, w: float, h: float, custom: Polygon | None) -> Polygon:
        raise NotImplementedError

    def polygon(self, w: float, h: float, inset: float, custom: Polygon | None) -> Polygon | None:
        return offset_polygon(self.outline(w, h, custom), -inset)

    def path(
        self, w: float, h: float, inset: float, radius: float, custom: Polygon | None
    ) -> PathData:
        poly = self.polygon(w, h, inset, custom)
        assert poly is not None  # a polygon shape always has its polygon
        return polygon_path(poly)

    def cut(self, w: float, h: float, custom: Polygon | None) -> Polygon | None:
        return self.outline(w, h, custom)

    def outside(
        self,
        w: float,
        h: float,
        safe: float,
        custom: Polygon | None,
        box: tuple[float, float, float, float],
    ) -> float:
        poly = self.polygon(w, h, safe, custom) or ()
        x, y, bw, bh = box
        return max(
            distance_outside(px, py, poly)
            for px, py in ((x, y), (x + bw, y), (x, y + bh), (x + bw, y + bh))
        )


class _Hex(_Polygonal):
    def outline(self, w: float, h: float, custom: Polygon | None) -> Polygon:
        return hexagon(w / 2, h / 2, w / 2, h / 2)

    def edge_points(
        self, w: float, h: float, inset: float, n: int, custom: Polygon | None
    ) -> list[Point]:
        poly = self.polygon(w, h, inset, custom) or ()
        return [
            ((poly[i][0] + poly[(i + 1) % 6][0]) / 2, (poly[i][1] + poly[(i + 1) % 6][1]) / 2)
            for i in range(6)
        ]


class _Path(_Polygonal):
    def outline(self, w: float, h: float, custom: Polygon | None) -> Polygon:
        return custom if custom else ((0.0, 0.0), (w, 0.0), (w, h), (0.0, h))

    def edge_points(
        self, w: float, h: float, inset: float, n: int, custom: Polygon | None
    ) -> list[Point]:
        """`n` points (at least one) spread evenly along the outline, moved `inset` inward."""
        return along(self.polygon(w, h, inset, custom) or (), max(n, 1))


class _Circle(ShapeGeometry):
    def path(
        self, w: float, h: float, inset: float, radius: float, custom: Polygon | None
    ) -> PathData:
        return ellipse_path(w / 2, h / 2, w / 2 - inset, h / 2 - inset)

    def cut(self, w: float, h: float, custom: Polygon | None) -> Polygon | None:
        return circle_points(w / 2, h / 2, min(w, h) / 2)

    def outside(
        self,
        w: float,
        h: float,
        safe: float,
        custom: Polygon | None,
        box: tuple[float, float, float, float],
    ) -> float:
        x, y, bw, bh = box
        cx, cy, rad = w / 2, h / 2, min(w, h) / 2 - safe
        return max(
            0.0,
            *(
                math.hypot(px - cx, py - cy) - rad
                for px, py in ((x, y), (x + bw, y), (x, y + bh), (x + bw, y + bh))
            ),
        )

    def edge_points(
        self, w: float, h: float, inset: float, n: int, custom: Polygon | None
    ) -> list[Point]:
        rad = min(w, h) / 2 - inset
        k = max(n, 1)
        return [
            (
                w / 2 + rad * math.cos(-math.pi / 2 + 2 * math.pi * i / k),
                h / 2 + rad * math.sin(-math.pi / 2 + 2 * math.pi * i / k),
            )
            for i in range(k)
        ]


class Shape:
    """A face shape: its outline, how sheets arrange it, and how its bleed and cut follow
    (made once, in `SHAPES`, never compared: a plain class)."""

    __slots__ = (
        "doc",
        "arrange",
        "geometry",
        "bleed_follows_cut",
        "round",
        "movable",
        "transparent",
        "tts_tile",
        "corner_radius",
        "die_net",
        "standee",
        "auto_for",
        "custom",
        "ratio",
    )

    def __init__(
        self,
        doc: str,  # one line for the reference
        arrange: str,  # the sheet arrangement `arrange = "auto"` picks: grid, honeycomb or pack
        geometry: ShapeGeometry | None = None,  # None: composed from panels (panels.py draws
        # it, by the flags below)
        bleed_follows_cut: bool = False,  # the bleed is the cut outline grown, not the trim box
        round: bool = False,  # packed in nested rows when as wide as tall
        movable: bool = True,  # a piece on an almost empty page may move to another page
        transparent: bool = True,  # a PNG export is transparent outside what the face paints
        tts_tile: int = 0,  # Tabletop Simulator's CustomTile type (0 box, 1 hex, 2 circle)
        corner_radius: bool = False,  # `corner_radius` rounds its corners
        die_net: bool = False,  # six panels of a die's faces, in value order (a TTS die)
        standee: bool = False,  # two panels back to back on a base (a TTS figurine)
        # `shape = "auto"` picks this shape for these component kinds (when `ratio` is set:
        # only for sizes whose height / width is that ratio, within 2 %)
        auto_for: tuple[str, ...] = (),
        custom: bool = False,  # its outline is the layout's `outline` (SVG path data or file)
        ratio: float | None = None,
    ) -> None:
        self.doc = doc
        self.arrange = arrange
        self.geometry = geometry
        self.bleed_follows_cut = bleed_follows_cut
        self.round = round
        self.movable = movable
        self.transparent = transparent
        self.tts_tile = tts_tile
        self.corner_radius = corner_radius
        self.die_net = die_net
        self.standee = standee
        self.auto_for = auto_for
        self.custom = custom
        self.ratio = ratio


# name -> Shape; the order is the reference's.
SHAPES: dict[str, Shape] = {
    "rect": Shape(
        "a rectangle (rounded with `corner_radius`)",
        "grid",
        ShapeGeometry(),
        transparent=False,
        corner_radius=True,
    ),
    "hex": Shape(
        "a flat-topped hexagon inscribed in the size",
        "honeycomb",
        _Hex(),
        bleed_follows_cut=True,
        tts_tile=1,
        auto_for=("tile",),
        ratio=HEX_RATIO,
    ),
    "circle": Shape(
        "a circle (an ellipse when the size is not square)",
        "pack",
        _Circle(),
        bleed_follows_cut=True,
        round=True,
        tts_tile=2,
        auto_for=("token",),
    ),
    "path": Shape(
        "your own outline: SVG path data or an SVG file (`outline`), stretched to the size",
        "pack",
        _Path(),
        bleed_follows_cut=True,
        movable=False,
        custom=True,
    ),
    "net": Shape(
        "a die net: six panels (`panel`) folded into a cube, with glue tabs",
        "pack",
        movable=False,
        die_net=True,
    ),
    "standee": Shape(
        "a folding standee: two panels (`panel`) back to back on a base",
        "pack",
        movable=False,
        standee=True,
    ),
}

AUTO = "auto"  # a layout value, not a shape: chosen from the component's kind and size


def auto_shape(kind: str, w: float, h: float) -> str:
    """The shape `auto` means for a component of this kind and trim size: the first shape
    that names the kind (and whose ratio the size has), else a rectangle."""
    for name, shape in SHAPES.items():
        if kind in shape.auto_for and (
            shape.ratio is None or (w > 0 and abs(h / w - shape.ratio) < 0.02)
        ):
            return name
    return "rect"


def names() -> tuple[str, ...]:
    return tuple(SHAPES)


def shape_of(name: object) -> Shape:
    """The registered shape `name`; the rectangle for a name that is not one."""
    return SHAPES.get(name, SHAPES["rect"]) if isinstance(name, str) else SHAPES["rect"]


def geometry_of(name: object) -> ShapeGeometry:
    return shape_of(name).geometry or ShapeGeometry()


@dataclass(frozen=True)
class Geometry:
    """The trim box (w x h at the origin), its bleed and safe margins, and its shape (a
    name in `SHAPES`, which answers every question of geometry)."""

    w: float
    h: float
    bleed: float
    safe: float
    shape: str = "rect"
    corner: float = 0.0  # rounded-corner guide radius for rect
    custom: Polygon | None = None  # a path shape's outline, in trim coordinates

    def frame(self, name: str) -> tuple[float, float, float, float]:
        if name == "bleed":
            b = self.bleed
            return (-b, -b, self.w + 2 * b, self.h + 2 * b)
        if name == "safe":
            s = self.safe
            return (s, s, max(0.0, self.w - 2 * s), max(0.0, self.h - 2 * s))
        return (0.0, 0.0, self.w, self.h)

    def polygon(self, inset: float = 0.0) -> Polygon | None:
        """The outline as a polygon, moved `inset` inward; None for a rectangle or circle."""
        return geometry_of(self.shape).polygon(self.w, self.h, inset, self.custom)

    def outline_path(self, inset: float = 0.0, radius: float = 0.0) -> PathData:
        return geometry_of(self.shape).path(self.w, self.h, inset, radius, self.custom)

    def cut(self) -> Polygon | None:
        return geometry_of(self.shape).cut(self.w, self.h, self.custom)

    def inside_safe(self, x: float, y: float, w: float, h: float) -> float:
        """How far (points) the rectangle reaches outside the safe zone (0 when inside)."""
        return self.reach(self.safe, x, y, w, h)

    def reach(self, inset: float, x: float, y: float, w: float, h: float) -> float:
        """How far (points) the rectangle reaches outside the outline moved `inset` inward
        (0 when inside): `inset` 0 is the cut, `safe` the safe line."""
        return geometry_of(self.shape).outside(self.w, self.h, inset, self.custom, (x, y, w, h))

    def edge_points(self, inset: float, n: int) -> list[Point]:
        """Where icons arranged around the edges of the outline go (see ShapeGeometry)."""
        return geometry_of(self.shape).edge_points(self.w, self.h, inset, n, self.custom)


def bleed_outline(
    width: float, height: float, bleed: float, shape: str, cut: Polygon | None
) -> PathData:
    """The area a face may paint: its cut outline grown by the bleed when its shape says so
    (hex, circle, path), else the trim box grown by the bleed. Both renderers clip to it."""
    if cut is None or not shape_of(shape).bleed_follows_cut:
        return rect_path(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed)
    return polygon_path(offset_polygon(cut, bleed))


# ---------------------------------------------------------------- custom outlines


def distance_outside(px: float, py: float, poly: Polygon) -> float:
    """How far the point is outside the polygon (0 inside); any simple polygon."""
    if len(poly) < 3 or point_in_polygon(px, py, poly):
        return 0.0
    best = math.inf
    for i in range(len(poly)):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % len(poly)]
        dx, dy = x2 - x1, y2 - y1
        t = (
            0.0
            if dx == dy == 0
            else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)))
        )
        best = min(best, math.hypot(px - (x1 + t * dx), py - (y1 + t * dy)))
    return best


def along(poly: Polygon, n: int) -> list[Point]:
    """`n` points spread evenly by length along a closed polygon, from its first vertex."""
    if not poly:
        return []
    sides = [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]
    lengths = [math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in sides]
    total = sum(lengths) or 1.0
    out: list[Point] = []
    for k in range(n):
        target, i = total * k / n, 0
        while i < len(lengths) - 1 and target > lengths[i]:
            target -= lengths[i]
            i += 1
        (ax, ay), (bx, by) = sides[i]
        t = target / lengths[i] if lengths[i] else 0.0
        out.append((ax + t * (bx - ax), ay + t * (by - ay)))
    return out


def flatten(d: PathData) -> Polygon:
    """The first closed figure of path data as a polygon: curves cut into CURVE_STEPS
    straight pieces, repeated points dropped."""
    pts: list[Point] = []
    for cmd in d:
        op = cmd[0]
        if op == "M":
            if pts:
                break  # the outline is the first figure
            pts.append((float(cmd[1]), float(cmd[2])))
        elif op == "L":
            pts.append((float(cmd[1]), float(cmd[2])))
        elif op == "C" and pts:
            (x0, y0), (x1, y1, x2, y2, x3, y3) = pts[-1], (float(v) for v in cmd[1:7])
            for k in range(1, CURVE_STEPS + 1):
                t = k / CURVE_STEPS
                u = 1 - t
                pts.append(
                    (
                        u**3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t**3 * x3,
                        u**3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t**3 * y3,
                    )
                )
        elif op == "Z" and pts:
            break
    out: list[Point] = []
    for p in pts:
        if not out or math.hypot(p[0] - out[-1][0], p[1] - out[-1][1]) > 1e-6:
            out.append(p)
    if len(out) > 1 and math.hypot(out[0][0] - out[-1][0], out[0][1] - out[-1][1]) <= 1e-6:
        out.pop()
    return tuple(out)


def _svg_file_path(path: FsPath, folder: FsPath) -> str:
    """The path data of the first <path> of an SVG file inside `folder`. Raises ValueError."""
    from .svgparse import SvgXmlError, parse_svg  # SVG reading: only for an outline file

    try:
        root, _ = parse_svg(read_bytes(path, folder))
    except Unreadable as exc:
        raise ValueError(f"cannot read the outline file: {exc}") from None
    except SvgXmlError as exc:
        at = "" if exc.line is None else f" (line {exc.line})"
        raise ValueError(f"the outline file cannot be read as SVG{at}: {exc}") from None
    for el in root.iter():
        if el.tag.rsplit("}", 1)[-1] == "path" and el.get("d"):
            return str(el.get("d"))
    raise ValueError("the outline file has no <path> with path data (`d`)")


def _unit_outline(text: str, folder: str, stamp: tuple[int, int]) -> Polygon:
    source = text.strip()
    if source.lower().endswith(".svg"):
        base = FsPath(folder).resolve()
        target = (base / source).resolve()
        try:
            target.relative_to(base)
        except ValueError:
            raise ValueError(f"the outline file {source!r} leaves the game folder") from None
        if not present(target):
            raise ValueError(f"outline file not found: {source}")
        source = _svg_file_path(target, base)
    try:
        poly = flatten(parse_path(source))
    except PathError as exc:
        raise ValueError(f"the outline is not SVG path data: {exc}") from None
    if len(poly) < 3:
        raise ValueError("the outline needs a closed figure of at least three points")
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    x0, y0, sw, sh = min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
    if not (math.isfinite(sw) and math.isfinite(sh)) or sw <= 0 or sh <= 0:
        raise ValueError("the outline has no area")
    return tuple(((x - x0) / sw, (y - y0) / sh) for x, y in poly)


def custom_outline(text: object, folder: FsPath, w: float, h: float) -> Polygon:
    """A path shape's outline stretched to w x h: `text` is SVG path data ("M 0 0 L …
    Z") or an SVG file inside `folder` (its first <path>). Raises ValueError with the
    reason when it cannot be used."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(
            'a path shape needs an `outline`: SVG path data ("M 0 0 L 10 0 L 5 9 Z") or an SVG file'
        )
    stamp = (0, 0)
    if text.strip().lower().endswith(".svg"):
        try:
            st = (folder / text.strip()).stat()
            stamp = (st.st_mtime_ns, st.st_size)
        except OSError:
            pass
    unit = _unit_outline(text, str(folder), stamp)
    return tuple((r(u * w), r(v * h)) for u, v in unit)
