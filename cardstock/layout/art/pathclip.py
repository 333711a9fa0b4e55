"""Path data cut to an upright rectangle, for drawings that cannot carry a clip path: a
game's own icon is one colour's paths in its 0..100 box (`ownicons`), so the parts of
its SVG outside the viewBox are cut off its shapes rather than hidden by a clip.

A subpath inside the rectangle is kept as it is; one outside it is left out; one that
crosses its edge is flattened (each curve into `CURVE_STEPS` lines) and cut: a filled
subpath as a polygon (Sutherland–Hodgman, which keeps the winding of every point inside,
so both fill rules fill as before), a stroked one as a line, in pieces where it leaves
the rectangle and comes back.
"""

from __future__ import annotations

from collections.abc import Callable

from ..ops import Cmd, PathData, Point, r

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
CURVE_STEPS = 16  # lines a crossing curve is flattened into


def box_of(d: PathData) -> Box | None:
    """The box of a path's points, control points included (it holds the whole curve)."""
    xs = [v for cmd in d for v in cmd[1::2]]
    ys = [v for cmd in d for v in cmd[2::2]]
    if not xs:
        return None
    return min(xs), min(ys), max(xs), max(ys)


def inside(inner: Box, outer: Box) -> bool:
    return (
        inner[0] >= outer[0]
        and inner[1] >= outer[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


def apart(a: Box, b: Box) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def rectangle(d: PathData) -> Box | None:
    """The box an upright rectangle's path outlines (four corners, closed), else None."""
    if len(d) not in (5, 6) or d[0][0] != "M" or d[-1][0] != "Z":
        return None
    corners = [c[1:] for c in d[:-1]]
    if any(c[0] != "L" for c in d[1:-1]) or len(corners) not in (4, 5):
        return None
    if len(corners) == 5:
        if corners[4] != corners[0]:
            return None
        corners = corners[:4]
    xs = sorted({float(p[0]) for p in corners})
    ys = sorted({float(p[1]) for p in corners})
    if len(xs) != 2 or len(ys) != 2:
        return None
    for a, b in zip(corners, corners[1:] + corners[:1]):
        if a[0] != b[0] and a[1] != b[1]:
            return None  # a diagonal side
    return xs[0], ys[0], xs[1], ys[1]


def clip_path(d: PathData, box: Box, filled: bool) -> PathData:
    """`d` cut to `box`: the area a fill paints inside it (`filled`), or the lines a
    stroke follows inside it."""
    out: list[Cmd] = []
    for sub in _subpaths(d):
        found = box_of(sub)
        if found is None:
            continue
        if inside(found, box):
            out.extend(sub)
            continue
        if apart(found, box):
            continue
        points, closed = _flattened(sub)
        if filled:
            poly = _polygon_cut(points, box)
            if len(poly) >= 3:
                out.append(("M", r(poly[0][0]), r(poly[0][1])))
                out.extend(("L", r(x), r(y)) for x, y in poly[1:])
                out.append(("Z",))
        else:
            if closed and points and points[0] != points[-1]:
                points.append(points[0])
            for line in _line_cut(points, box):
                out.append(("M", r(line[0][0]), r(line[0][1])))
                out.extend(("L", r(x), r(y)) for x, y in line[1:])
    return tuple(out)


def _subpaths(d: PathData) -> list[PathData]:
    subs: list[list[Cmd]] = []
    for cmd in d:
        if cmd[0] == "M" or not subs:
            subs.append([])
        subs[-1].append(cmd)
    return [tuple(s) for s in subs]


def _flattened(sub: PathData) -> tuple[list[Point], bool]:
    """A subpath's points, its curves made lines, and whether it is closed."""
    points: list[Point] = []
    closed = False
    for cmd in sub:
        op = cmd[0]
        if op in ("M", "L"):
            points.append((float(cmd[1]), float(cmd[2])))
        elif op == "C" and points:
            x0, y0 = points[-1]
            x1, y1, x2, y2, x3, y3 = (float(v) for v in cmd[1:])
            for i in range(1, CURVE_STEPS + 1):
                t = i / CURVE_STEPS
                u = 1 - t
                a, b, c, e = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
                points.append(
                    (a * x0 + b * x1 + c * x2 + e * x3, a * y0 + b * y1 + c * y2 + e * y3)
                )
        elif op == "Z":
            closed = True
    return points, closed


def _edges(box: Box) -> list[tuple[Callable[[Point], bool], Callable[[Point, Point], Point]]]:
    x0, y0, x1, y1 = box

    def at_x(x: float) -> Callable[[Point, Point], Point]:
        def cut(p: Point, q: Point) -> Point:
            t = (x - p[0]) / (q[0] - p[0])
            return (x, p[1] + t * (q[1] - p[1]))

        return cut

    def at_y(y: float) -> Callable[[Point, Point], Point]:
        def cut(p: Point, q: Point) -> Point:
            t = (y - p[1]) / (q[1] - p[1])
            return (p[0] + t * (q[0] - p[0]), y)

        return cut

    return [
        (lambda p: p[0] >= x0, at_x(x0)),
        (lambda p: p[0] <= x1, at_x(x1)),
        (lambda p: p[1] >= y0, at_y(y0)),
        (lambda p: p[1] <= y1, at_y(y1)),
    ]


def _polygon_cut(points: list[Point], box: Box) -> list[Point]:
    """Sutherland–Hodgman: the polygon cut by each side of the box in turn."""
    poly = points[:-1] if len(points) > 1 and points[0] == points[-1] else list(points)
    for keep, cut in _edges(box):
        if not poly:
            break
        out: list[Point] = []
        prev = poly[-1]
        for cur in poly:
            if keep(cur):
                if not keep(prev):
                    out.append(cut(prev, cur))
                out.append(cur)
            elif keep(prev):
                out.append(cut(prev, cur))
            prev = cur
        poly = out
    return poly


def _line_cut(points: list[Point], box: Box) -> list[list[Point]]:
    """The pieces of a polyline inside the box (Liang–Barsky on each segment)."""
    pieces: list[list[Point]] = []
    current: list[Point] = []
    for p, q in zip(points, points[1:]):
        seg = _segment_cut(p, q, box)
        if seg is None:
            if current:
                pieces.append(current)
                current = []
            continue
        a, b = seg
        if current and current[-1] == a:
            current.append(b)
        else:
            if current:
                pieces.append(current)
            current = [a, b]
        if b != q:  # it leaves the box here
            pieces.append(current)
            current = []
    if current:
        pieces.append(current)
    return pieces


def _segment_cut(p: Point, q: Point, box: Box) -> tuple[Point, Point] | None:
    x0, y0, x1, y1 = box
    dx, dy = q[0] - p[0], q[1] - p[1]
    lo, hi = 0.0, 1.0
    for pk, qk in ((-dx, p[0] - x0), (dx, x1 - p[0]), (-dy, p[1] - y0), (dy, y1 - p[1])):
        if pk == 0:
            if qk < 0:
                return None
            continue
        t = qk / pk
        if pk < 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
        if lo > hi:
            return None
    a = p if lo == 0 else (p[0] + lo * dx, p[1] + lo * dy)
    b = q if hi == 1 else (p[0] + hi * dx, p[1] + hi * dy)
    return a, b
