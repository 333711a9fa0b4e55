"""What a face's ops paint, and where: the ground the print-safety check
(`measures`) holds each text run and icon against.

- `fills`: every op that paints an area (a filled shape, an image) as a `Paint`, in
  drawing order, bounded by the clip paths of the groups it is drawn in;
- `background`: the colour those fills print at a point, over the paper;
- `clipped`: a group drawn in a clip path as a `Clipped`, whose fills are worked out
  only when something lies within its clip (`below`, `meeting`): a placeholder's rays,
  turned on every card inside one frame, are not measured while no text or icon lies in
  that frame.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from ..context import mix
from ..ops import Ellipse, Group, Image, Matrix, Path, Rect, multiply

IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
PAPER = "#ffffff"  # what shows where nothing is painted
Box = tuple[float, float, float, float]


def apply_matrix(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def points_box(
    points: Iterable[tuple[float, float]], m: Matrix
) -> tuple[float, float, float, float] | None:
    pts = (
        list(points) if m == IDENTITY else [apply_matrix(m, x, y) for x, y in points]
    )  # most ops are drawn untransformed
    if not pts:
        return None
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def path_points(d: Sequence[tuple[Any, ...]]) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for cmd in d:
        vals = cmd[1:]
        out.extend((float(vals[i]), float(vals[i + 1])) for i in range(0, len(vals) - 1, 2))
    return out


class Paint:
    """A filled shape: the points it covers, its colour and opacity (None colour: an image).
    (A plain class: the lint makes one per filled op of every face, read only here.)"""

    __slots__ = ("op", "m", "plain", "color", "opacity", "box", "edges")

    def __init__(
        self,
        op: object,
        m: Matrix,
        color: str | None,
        opacity: float,
        box: tuple[float, float, float, float],
    ) -> None:
        self.op = op
        self.m = m
        self.plain = m == IDENTITY  # drawn untransformed: a point is tested as it is
        self.color = color
        self.opacity = opacity
        self.box = box  # bounds on the face, for a quick miss
        # a path's edges, worked out on the first point tested (most fills are tested at many)
        self.edges: list[tuple[float, float, float, float]] | None = None

    def covers(self, x: float, y: float) -> bool:
        x0, y0, x1, y1 = self.box
        if not (x0 - 0.01 <= x <= x1 + 0.01 and y0 - 0.01 <= y <= y1 + 0.01):
            return False
        if self.plain:
            u, v = x, y
        else:
            inv = _invert(self.m)
            if inv is None:
                return False
            u, v = apply_matrix(inv, x, y)
        op = self.op
        if isinstance(op, Rect):
            return op.x <= u <= op.x + op.w and op.y <= v <= op.y + op.h
        if isinstance(op, Image):
            return op.x <= u <= op.x + op.w and op.y <= v <= op.y + op.h
        if isinstance(op, Ellipse):
            return (
                op.rx > 0
                and op.ry > 0
                and ((u - op.cx) / op.rx) ** 2 + ((v - op.cy) / op.ry) ** 2 <= 1
            )
        if isinstance(op, Path):
            edges = self.edges
            if edges is None:
                edges = self.edges = path_edges(op.d)
            return winding_inside(edges, u, v, op.fill_rule)
        return False


def _invert(m: Matrix) -> Matrix | None:
    a, b, c, d, e, f = m
    det = a * d - b * c
    if abs(det) < 1e-12:
        return None
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(e * ia + f * ic), -(e * ib + f * id_))


def path_edges(d: Sequence[tuple[Any, ...]]) -> list[tuple[float, float, float, float]]:
    """A path's edges (x0, y0, x1, y1), every subpath closed, curves by their end points."""
    start: tuple[float, float] | None = None
    prev: tuple[float, float] | None = None
    edges: list[tuple[float, float, float, float]] = []
    for cmd in d:
        if cmd[0] == "M":
            if prev is not None and start is not None and prev != start:
                edges.append((*prev, *start))
            start = prev = (float(cmd[1]), float(cmd[2]))
        elif cmd[0] in ("L", "C") and prev is not None:
            nxt = (float(cmd[-2]), float(cmd[-1]))
            edges.append((*prev, *nxt))
            prev = nxt
        elif cmd[0] == "Z" and prev is not None and start is not None:
            edges.append((*prev, *start))
            prev = start
    if prev is not None and start is not None and prev != start:
        edges.append((*prev, *start))
    return edges


def winding_inside(
    edges: Sequence[tuple[float, float, float, float]], x: float, y: float, rule: str
) -> bool:
    """Point in a path's fill (given by its edges), by winding number."""
    winding = 0
    crossings = 0
    for x0, y0, x1, y1 in edges:
        if (y0 <= y) != (y1 <= y):
            t = (y - y0) / (y1 - y0)
            if x0 + t * (x1 - x0) > x:
                crossings += 1
                winding += 1 if y1 > y0 else -1
    return crossings % 2 == 1 if rule == "evenodd" else winding != 0


def fills(
    ops: Iterable[object],
    m: Matrix = IDENTITY,
    clip: tuple[float, float, float, float] | None = None,
) -> Iterator[Paint]:
    """Every op that paints an area (filled shapes, images), in drawing order, each bounded
    by the clip paths of the groups it is drawn in (art that a box crops paints only the box)."""
    for op in ops:
        if isinstance(op, Group):
            inner = multiply(m, op.transform) if op.transform else m
            box = clip
            if op.clip:
                found = (
                    _path_box(op.clip)
                    if inner == IDENTITY
                    else points_box(path_points(op.clip), inner)
                )
                box = _meet(box, found) if found is not None else box
            yield from fills(op.ops, inner, box)
        elif isinstance(op, (Rect, Ellipse, Path)) and op.fill:
            yield Paint(op, m, op.fill, op.opacity, _meet(clip, _op_bounds(op, m)))
        elif isinstance(op, Image):
            yield Paint(op, m, None, 1.0, _meet(clip, _op_bounds(op, m)))


def _meet(
    clip: tuple[float, float, float, float] | None, box: tuple[float, float, float, float]
) -> tuple[float, float, float, float]:
    """`box` cut to `clip` (an empty box when they do not meet)."""
    if clip is None:
        return box
    return (max(clip[0], box[0]), max(clip[1], box[1]), min(clip[2], box[2]), min(clip[3], box[3]))


def _path_box(d: Sequence[tuple[Any, ...]]) -> tuple[float, float, float, float] | None:
    """`points_box(path_points(d), IDENTITY)` without making the points: the smallest and
    largest x and y of the path's coordinate pairs."""
    xs: list[float] = []
    ys: list[float] = []
    for cmd in d:
        n = (len(cmd) - 1) // 2 * 2
        if n:
            xs += cmd[1 : n + 1 : 2]
            ys += cmd[2 : n + 2 : 2]
    if not xs:
        return None
    return (float(min(xs)), float(min(ys)), float(max(xs)), float(max(ys)))


def _op_bounds(op: object, m: Matrix) -> tuple[float, float, float, float]:
    """A box on the face around everything a filled op may cover."""
    if m == IDENTITY:  # most fills are drawn untransformed: their box from their numbers
        if isinstance(op, Path):
            box = _path_box(op.d)
            return box if box is not None else (0.0, 0.0, -1.0, -1.0)
        if isinstance(op, (Rect, Image)):
            xa, xb, ya, yb = op.x, op.x + op.w, op.y, op.y + op.h
            return (min(xa, xb), min(ya, yb), max(xa, xb), max(ya, yb))
        if isinstance(op, Ellipse):
            xa, xb, ya, yb = op.cx - op.rx, op.cx + op.rx, op.cy - op.ry, op.cy + op.ry
            return (min(xa, xb), min(ya, yb), max(xa, xb), max(ya, yb))
    if isinstance(op, (Rect, Image)):
        pts = [(op.x, op.y), (op.x + op.w, op.y), (op.x, op.y + op.h), (op.x + op.w, op.y + op.h)]
    elif isinstance(op, Ellipse):
        pts = [
            (op.cx - op.rx, op.cy - op.ry),
            (op.cx + op.rx, op.cy - op.ry),
            (op.cx - op.rx, op.cy + op.ry),
            (op.cx + op.rx, op.cy + op.ry),
        ]
    elif isinstance(op, Path):
        pts = path_points(op.d)
    else:
        pts = []
    found = points_box(pts, m)
    return found if found is not None else (0.0, 0.0, -1.0, -1.0)


def background(below: Sequence[Paint], x: float, y: float) -> str | None:
    """The colour printed at (x, y) by the fills drawn so far (None: an image is there)."""
    color = PAPER
    for p in below:
        if not p.covers(x, y):
            continue
        if p.color is None:
            return None
        color = p.color if p.opacity >= 1 else blend(p.color, color, p.opacity)
    return color


def blend(top: str, under: str, opacity: float) -> str:
    """`top` painted at `opacity` over `under`."""
    return mix(under, top, opacity)


# ------------------------------------------------- a clipped group, measured when it matters


def meets(area: Box, extent: Box) -> bool:
    """Whether a fill bounded by `area` may show under `extent`, by the test the contrast
    check skips a fill with (`measures.uniform`; `least_contrast` reads only fills that
    meet a mark's box, inside `extent`)."""
    b0, c0, b1, c1 = area
    x0, y0, x1, y1 = extent
    return not (x0 > b1 + 0.01 or x1 < b0 - 0.01 or y0 > c1 + 0.01 or y1 < c0 - 0.01)


class Clipped:
    """A group drawn in a clip path at the face's top level, its fills worked out the
    first time something lies within its clip (`paints`). Each fill it paints is cut to
    `box`, its clip's bounds on the face (`fills`), so a fill of it meets a box only when
    `box` does: what lies elsewhere on the face never needs them."""

    __slots__ = ("op", "box", "_paints")

    def __init__(self, op: Group, box: Box) -> None:
        self.op = op
        self.box = box
        self._paints: list[Paint] | None = None

    def paints(self) -> list[Paint]:
        """`fills` of the group, worked out once."""
        if self._paints is None:
            self._paints = list(fills((self.op,)))
        return self._paints


def clipped(op: object) -> Clipped | None:
    """A group drawn in a clip path (at the face's top level) as a `Clipped`, bounded as
    `fills` bounds what it draws; None for any other op, or a clip with no points."""
    if not isinstance(op, Group) or not op.clip:
        return None
    m = op.transform if op.transform else IDENTITY
    found = _path_box(op.clip) if m == IDENTITY else points_box(path_points(op.clip), m)
    return Clipped(op, found) if found is not None else None


def below(under: Sequence[Paint | Clipped], extent: Box | None) -> list[Paint]:
    """The fills of `under` in drawing order, a clipped group's worked out when its clip
    meets `extent` and left out when it does not (none of its fills can show there)."""
    out: list[Paint] = []
    for p in under:
        if not isinstance(p, Clipped):
            out.append(p)
        elif extent is not None and meets(p.box, extent):
            out += p.paints()
    return out


def meeting(under: Sequence[Paint | Clipped], extent: Box) -> Iterator[Paint]:
    """The fills of `under` that may show under `extent` (`meets`), in drawing order."""
    for p in under:
        if not meets(p.box, extent):
            continue
        if isinstance(p, Clipped):
            yield from (q for q in p.paints() if meets(q.box, extent))
        else:
            yield p
