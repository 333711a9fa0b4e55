"""Print-safety checks on what a face really draws: every text run and icon inside the safe
zone of the face's own outline (rectangle, hex or circle), and every text run and icon at
least 4.5:1 in contrast with what is painted under it (the WCAG 2 formula).

`face_check` runs as each box of a face is drawn (the painter calls it); the rules
checker's `print-safety` provider (`cardstock.layout.lint`) gathers what it found.
The checks read the drawing ops a box produced (with any group transforms), not the box's
declared rectangle: an icon placed around a hex's edges is checked where it lands, and a
symbol is measured by its own outline, not by the square it is drawn in.
"""

from __future__ import annotations

import math

from typing import Any, Callable, Iterable, Iterator, Optional, Protocol, Sequence

from .. import fonts
from ..core.issues import Issue
from .boxtypes import draws_content
from .context import contrast, mix
from .ops import Ellipse, Group, Icon, Image, Matrix, Path, Rect, Text
from .spec import Box
from ..core.units import fmt_mm

IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
MIN_CONTRAST = 4.5  # WCAG 2 AA for normal text
PAPER = "#ffffff"  # what shows where nothing is painted


class Mark:
    """A text run or an icon as drawn: its box on the face and the colour it prints in.
    (A plain class: the lint makes one per run of every face, read only here.)"""

    __slots__ = ("op", "box", "color", "opacity")

    def __init__(self, op: object, box: tuple[float, float, float, float], color: str, opacity: float) -> None:
        self.op = op
        self.box = box  # x0, y0, x1, y1 in face coordinates
        self.color = color
        self.opacity = opacity


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def _then(inner: Matrix, outer: Matrix) -> Matrix:
    """`inner` applied first, then `outer`."""
    a, b, c, d, e, f = inner
    A, B, C, D, E, F = outer
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _bounds(points: Iterable[tuple[float, float]], m: Matrix) -> Optional[tuple[float, float, float, float]]:
    pts = list(points) if m == IDENTITY else [_apply(m, x, y) for x, y in points]  # most ops are drawn untransformed
    if not pts:
        return None
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def _path_points(d: Sequence[tuple[Any, ...]]) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for cmd in d:
        vals = cmd[1:]
        out.extend((float(vals[i]), float(vals[i + 1])) for i in range(0, len(vals) - 1, 2))
    return out


def icon_box(op: Icon) -> Optional[tuple[float, float, float, float]]:
    """The symbol's own outline (its parts, in their 0..100 box) inside the icon's square."""
    pts: list[tuple[float, float]] = []
    pad = 0.0
    for part in op.parts:
        pts.extend(_path_points(part.d))
        pad = max(pad, part.stroke_width / 2)
    if not pts:
        return None
    k = op.size / 100.0
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (op.x + (min(xs) - pad) * k, op.y + (min(ys) - pad) * k, op.x + (max(xs) + pad) * k, op.y + (max(ys) + pad) * k)


def text_box(op: Text) -> tuple[float, float, float, float]:
    width = fonts.string_width(op.text, op.font, op.size)
    return (op.x, op.y - fonts.ascent(op.font) * op.size, op.x + width, op.y - fonts.descent(op.font) * op.size)


def marks(ops: Iterable[object], m: Matrix = IDENTITY) -> Iterator[Mark]:
    """Every text run and icon among the ops, with its box on the face."""
    for op in ops:
        if isinstance(op, Group):
            yield from marks(op.ops, _then(op.transform, m) if op.transform else m)
        elif isinstance(op, Text) and op.text.strip():
            x0, y0, x1, y1 = text_box(op)
            if m == IDENTITY:  # most runs: the box as it is, its corners in order
                yield Mark(op, (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)), op.color, op.opacity)
                continue
            box = _bounds(((x0, y0), (x1, y0), (x0, y1), (x1, y1)), m)
            if box is not None:
                yield Mark(op, box, op.color, op.opacity)
        elif isinstance(op, Icon):
            b = icon_box(op)
            if b is not None:
                box = _bounds(((b[0], b[1]), (b[2], b[1]), (b[0], b[3]), (b[2], b[3])), m)
                if box is not None:
                    yield Mark(op, box, op.color, op.opacity)


# ---------------------------------------------------------------- what lies under a point


class _Paint:
    """A filled shape: the points it covers, its colour and opacity (None colour: an image).
    (A plain class: the lint makes one per filled op of every face, read only here.)"""

    __slots__ = ("op", "m", "plain", "color", "opacity", "box", "edges")

    def __init__(self, op: object, m: Matrix, color: Optional[str], opacity: float, box: tuple[float, float, float, float]) -> None:
        self.op = op
        self.m = m
        self.plain = m == IDENTITY  # drawn untransformed: a point is tested as it is
        self.color = color
        self.opacity = opacity
        self.box = box  # bounds on the face, for a quick miss
        # a path's edges, worked out on the first point tested (most fills are tested at many)
        self.edges: Optional[list[tuple[float, float, float, float]]] = None

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
            u, v = _apply(inv, x, y)
        op = self.op
        if isinstance(op, Rect):
            return op.x <= u <= op.x + op.w and op.y <= v <= op.y + op.h
        if isinstance(op, Image):
            return op.x <= u <= op.x + op.w and op.y <= v <= op.y + op.h
        if isinstance(op, Ellipse):
            return op.rx > 0 and op.ry > 0 and ((u - op.cx) / op.rx) ** 2 + ((v - op.cy) / op.ry) ** 2 <= 1
        if isinstance(op, Path):
            edges = self.edges
            if edges is None:
                edges = self.edges = _edges(op.d)
            return _inside(edges, u, v, op.fill_rule)
        return False


def _invert(m: Matrix) -> Optional[Matrix]:
    a, b, c, d, e, f = m
    det = a * d - b * c
    if abs(det) < 1e-12:
        return None
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(e * ia + f * ic), -(e * ib + f * id_))


def _edges(d: Sequence[tuple[Any, ...]]) -> list[tuple[float, float, float, float]]:
    """A path's edges (x0, y0, x1, y1), every subpath closed, curves by their end points."""
    start: Optional[tuple[float, float]] = None
    prev: Optional[tuple[float, float]] = None
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


def _inside(edges: Sequence[tuple[float, float, float, float]], x: float, y: float, rule: str) -> bool:
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


def fills(ops: Iterable[object], m: Matrix = IDENTITY, clip: Optional[tuple[float, float, float, float]] = None) -> Iterator[_Paint]:
    """Every op that paints an area (filled shapes, images), in drawing order, each bounded
    by the clip paths of the groups it is drawn in (art that a box crops paints only the box)."""
    for op in ops:
        if isinstance(op, Group):
            inner = _then(op.transform, m) if op.transform else m
            box = clip
            if op.clip:
                found = _path_box(op.clip) if inner == IDENTITY else _bounds(_path_points(op.clip), inner)
                box = _meet(box, found) if found is not None else box
            yield from fills(op.ops, inner, box)
        elif isinstance(op, (Rect, Ellipse, Path)) and op.fill:
            yield _Paint(op, m, op.fill, op.opacity, _meet(clip, _op_bounds(op, m)))
        elif isinstance(op, Image):
            yield _Paint(op, m, None, 1.0, _meet(clip, _op_bounds(op, m)))


def _meet(clip: Optional[tuple[float, float, float, float]], box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """`box` cut to `clip` (an empty box when they do not meet)."""
    if clip is None:
        return box
    return (max(clip[0], box[0]), max(clip[1], box[1]), min(clip[2], box[2]), min(clip[3], box[3]))


def _path_box(d: Sequence[tuple[Any, ...]]) -> Optional[tuple[float, float, float, float]]:
    """`_bounds(_path_points(d), IDENTITY)` without making the points: the smallest and
    largest x and y of the path's coordinate pairs."""
    xs: list[float] = []
    ys: list[float] = []
    for cmd in d:
        n = (len(cmd) - 1) // 2 * 2
        if n:
            xs += cmd[1:n + 1:2]
            ys += cmd[2:n + 2:2]
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
        pts = [(op.cx - op.rx, op.cy - op.ry), (op.cx + op.rx, op.cy - op.ry), (op.cx - op.rx, op.cy + op.ry), (op.cx + op.rx, op.cy + op.ry)]
    elif isinstance(op, Path):
        pts = _path_points(op.d)
    else:
        pts = []
    found = _bounds(pts, m)
    return found if found is not None else (0.0, 0.0, -1.0, -1.0)


def background(below: Sequence[_Paint], x: float, y: float) -> Optional[str]:
    """The colour printed at (x, y) by the fills drawn so far (None: an image is there)."""
    color = PAPER
    for p in below:
        if not p.covers(x, y):
            continue
        if p.color is None:
            return None
        color = p.color if p.opacity >= 1 else blend(p.color, color, p.opacity)
    return color


# ---------------------------------------------------------------- colour


def blend(top: str, under: str, opacity: float) -> str:
    """`top` painted at `opacity` over `under`."""
    return mix(under, top, opacity)


def least_contrast(mark: Mark, below: Sequence[_Paint]) -> Optional[tuple[float, str]]:
    """The lowest contrast of the mark against the colours under its centre and the
    middle of its box's four quarters, with the colour that gives it (None: over an image)."""
    x0, y0, x1, y1 = mark.box
    below = [p for p in below if p.box[0] <= x1 and x0 <= p.box[2] and p.box[1] <= y1 and y0 <= p.box[3]]
    worst: Optional[tuple[float, str]] = None
    for fx, fy in ((0.5, 0.5), (0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)):
        under = background(below, x0 + fx * (x1 - x0), y0 + fy * (y1 - y0))
        if under is None:
            return None
        ink = mark.color if mark.opacity >= 1 else blend(mark.color, under, mark.opacity)
        ratio = contrast(ink, under)
        if worst is None or ratio < worst[0]:
            worst = (ratio, under)
    return worst


class SafeZone(Protocol):
    """What `outside` asks of a face's geometry (`cardstock.layout.boxes.Geometry`)."""

    def inside_safe(self, x: float, y: float, w: float, h: float) -> float: ...


def outside(geo: SafeZone, box: tuple[float, float, float, float]) -> float:
    """How far the box reaches outside the face's safe zone (0 inside)."""
    x0, y0, x1, y1 = box
    return float(geo.inside_safe(x0, y0, x1 - x0, y1 - y0))


# ---------------------------------------------------------------- the check a face runs as it is drawn

GEOMETRY_KEYS = ("frame", "left", "top", "right", "bottom", "width", "height", "padding", "size", "inset", "arrange")


def _placed_by(box: Box) -> tuple[str, Optional[int]]:
    """Where the box's position was last changed: a game's override wins over the defaults."""
    declared = box.where("")
    for key in GEOMETRY_KEYS:
        if key in box.origins and not box.origins[key][0].endswith("layouts/default.toml"):
            return box.origins[key]
    return declared


def face_check(issues: list[Issue], lay: Any, geo: Any, note: Optional[Callable[..., None]] = None) -> Callable[[Any, list[Any], list[Any]], None]:
    """A check for Painter.paint (a face's findings go to `issues`): each text run and icon a content box draws must lie
    inside the safe zone of the face's outline and stand out 4.5:1 from what is under it
    measured on the ops themselves. Each box is reported once per face."""

    under: list[Any] = []  # the fills of the ops drawn so far, gathered as the face is drawn
    seen = [0]
    last: list[Any] = [None, []]  # the ops the last checked box drew, and their fills

    def check(box: Any, before: list[Any], drawn: list[Any]) -> None:
        new = before[seen[0]:]
        if last[0] is not None and new == last[0]:  # the box checked last: its fills are known
            under.extend(last[1])
        else:
            under.extend(fills(new))
        seen[0] = len(before)
        last[0], last[1] = None, []
        if not drawn or not draws_content(box.get("type")):
            return
        where = _placed_by(box)
        name = f"layouts.{lay.name}.boxes.{box.name}"
        found = list(marks(drawn))
        boxes = [m.box for m in found]
        if box.get("type") == "pips":
            boxes += [(e.cx - e.rx, e.cy - e.ry, e.cx + e.rx, e.cy + e.ry) for e in drawn if isinstance(e, Ellipse)]
        worst = max((outside(geo, b) for b in boxes), default=0.0)
        drawn_box = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)) if boxes else None
        if worst > 0.05:
            if note is not None and drawn_box is not None:
                note(lay, box, drawn_box, ("safe zone",))
            issues.append(Issue(
                *where, name,
                f"what the box draws reaches {fmt_mm(worst)} outside the safe zone ({fmt_mm(geo.safe)} inside the cut) on a "
                f"{fmt_mm(geo.w)} x {fmt_mm(geo.h)} {geo.shape} face; move it inward or it may be cut off",
                "warning",
            ))
        drawn_fills = list(fills(drawn))
        last[0], last[1] = list(drawn), drawn_fills
        below = under + drawn_fills
        low: Optional[tuple[float, str, str]] = None
        for m in found:
            got = least_contrast(m, below)
            if got is not None and got[0] < MIN_CONTRAST and (low is None or got[0] < low[0]):
                low = (got[0], m.color, got[1])
        if low is not None:
            if note is not None and drawn_box is not None:
                note(lay, box, drawn_box, ("contrast",))
            file, line = box.origins["color"] if "color" in box.origins else where
            issues.append(Issue(
                file, line, name,
                f"{low[1]} on {low[2]} is {math.floor(low[0] * 10) / 10:.1f}:1, below the {MIN_CONTRAST}:1 a print needs to read "
                "well (WCAG); darken the ink or lighten what is under it",
                "warning",
            ))

    return check
