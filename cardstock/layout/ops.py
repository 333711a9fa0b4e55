"""The drawing model shared by every backend: a face is a small list of drawing ops.

Coordinates are PDF points with the origin at the TOP-LEFT corner of the trim box and y
pointing DOWN (as in SVG). The bleed area extends to [-bleed, width+bleed] x
[-bleed, height+bleed]. Text runs carry their final positions (already wrapped and
fitted with the real font's metrics), so the SVG and PDF backends place every glyph run at
the same spot; neither backend measures or wraps text.

Paths are tuples of commands with absolute coordinates:
    ("M", x, y)  ("L", x, y)  ("C", x1, y1, x2, y2, x, y)  ("Z",)
"""

from __future__ import annotations

import hashlib
import json
import marshal
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields, replace
from operator import attrgetter
from typing import Any

from ..core.issues import Issue

Cmd = tuple[Any, ...]  # ("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("Z",)
PathData = tuple[Cmd, ...]
Point = tuple[float, float]
Matrix = tuple[float, float, float, float, float, float]  # a b c d e f (SVG/PDF order)


def multiply(outer: Matrix, inner: Matrix) -> Matrix:
    """The matrix of `inner` then `outer`: p -> outer(inner(p)) (a group's transform
    inside the transform it is drawn in)."""
    return (
        outer[0] * inner[0] + outer[2] * inner[1],
        outer[1] * inner[0] + outer[3] * inner[1],
        outer[0] * inner[2] + outer[2] * inner[3],
        outer[1] * inner[2] + outer[3] * inner[3],
        outer[0] * inner[4] + outer[2] * inner[5] + outer[4],
        outer[1] * inner[4] + outer[3] * inner[5] + outer[5],
    )


PRECISION = 3  # decimals kept for every coordinate (1/1000 pt): deterministic output


_ROUNDED: dict[float, float] = {}  # one float object for each rounded value (`r`)
ROUNDED_MAX = 100_000  # values kept before `_ROUNDED` starts again


def r(value: float) -> float:
    """Round a coordinate so output is short and identical run to run (no -0.0). Equal
    values come back as one object: the same layout's coordinates repeat from face to face,
    and a game's kept drawings hold one float for each value, not one for each use."""
    v = round(float(value), PRECISION) or 0.0  # `or`: -0.0 is false, so it becomes 0.0
    kept = _ROUNDED.get(v)
    if kept is None:
        if len(_ROUNDED) >= ROUNDED_MAX:
            _ROUNDED.clear()
        _ROUNDED[v] = kept = v
    return kept


@dataclass(frozen=True, slots=True)
class Rect:
    """A rectangle at (x, y), w by h, its corners rounded by `radius`."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    radius: float = 0.0
    dash: tuple[float, ...] = ()
    opacity: float = 1.0


@dataclass(frozen=True, slots=True)
class Ellipse:
    """An ellipse centred at (cx, cy) with radii rx and ry."""

    cx: float
    cy: float
    rx: float
    ry: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    dash: tuple[float, ...] = ()
    opacity: float = 1.0


@dataclass(frozen=True, slots=True)
class Path:
    """A path of move, line, curve and close commands, filled or stroked."""

    d: PathData
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    dash: tuple[float, ...] = ()
    opacity: float = 1.0
    fill_rule: str = "nonzero"  # nonzero | evenodd
    cap: str = "butt"  # butt | round | square
    join: str = "miter"  # miter | round | bevel


@dataclass(frozen=True, slots=True)
class Text:
    """One run of text in one font, its baseline starting at (x, y)."""

    x: float
    y: float
    text: str
    font: str  # a face name from cardstock.fonts.FACES
    size: float
    color: str = "#000000"
    opacity: float = 1.0


@dataclass(frozen=True, slots=True)
class SymbolPart:
    """One part of a vector symbol, in the symbol's 0..100 box."""

    d: PathData
    stroke_width: float = 0.0  # 0: filled; otherwise stroked with round caps and joins
    fill_rule: str = "nonzero"
    opacity: float = 1.0


@dataclass(frozen=True, slots=True)
class Icon:
    """A vector symbol drawn in the square (x, y, size, size) in one colour."""

    x: float
    y: float
    size: float
    symbol: str
    color: str
    parts: tuple[SymbolPart, ...]
    opacity: float = 1.0


@dataclass(frozen=True, slots=True)
class Image:
    """A PNG or JPEG drawn into (x, y, w, h) (already fitted; clip with a Group)."""

    x: float
    y: float
    w: float
    h: float
    path: str = field(repr=False, compare=False)  # absolute file path; not part of the key
    sha256: str = ""  # the file's content hash: the key changes when the file does
    mime: str = "image/png"
    opacity: float = 1.0


@dataclass(frozen=True, slots=True)
class Group:
    """Ops drawn with an optional clip path and an optional transform (applied first)."""

    ops: tuple[Op, ...]
    clip: PathData | None = None
    transform: Matrix | None = None


@dataclass(frozen=True, slots=True)
class Guide:
    """A non-printing guide (trim, safe zone, rounded corners); previews may show it."""

    d: PathData
    kind: str  # trim | safe | corner


@dataclass(frozen=True, slots=True)
class Note:
    """What one box of a face found while it was drawn — not part of the drawing (nor of the
    face's key): its place on the face (x0, y0, x1, y1; all 0 when the box was drawn into
    a composed net), for text the size chosen, its minimum and how far it overflows at
    the minimum (points), and its problems: "minimum size", "overflow", "safe zone",
    "contrast", "missing glyph". Proof sheets outline and label them."""

    box: str  # "<layout>.<box>"
    x0: float
    y0: float
    x1: float
    y1: float
    size: float = 0.0
    min_size: float = 0.0
    overflow: float = 0.0
    problems: tuple[str, ...] = ()


# how previews (the SVG guide layer, PDFs drawn with guides) colour each kind of guide
GUIDE_COLORS = {"trim": "#00a0c6", "safe": "#e6007e", "corner": "#00a0c6", "cut": "#00a0c6"}


Op = Rect | Ellipse | Path | Text | Icon | Image | Group | Guide

TRIMMED = "-trim"  # ends the key of a face with its bleed cut away (`Face.trimmed`)
UNMARKED = "unmarked"  # keys a face drawn without its version marks (`Face.unmarked`)


@dataclass(frozen=True, slots=True)
class Face:
    """One laid-out face. `key` is a content hash: the same key means the same drawing."""

    key: str
    width: float
    height: float
    bleed: float
    shape: str  # rect | hex | circle | net | standee
    ops: tuple[Op, ...]
    cut: tuple[Point, ...] | None = None  # cut outline; None means the trim rectangle
    folds: tuple[tuple[Point, Point], ...] = ()  # ((x1, y1), (x2, y2)) fold lines
    findings: tuple[Issue, ...] = ()
    notes: tuple[Note, ...] = ()  # what its boxes found while drawn (proof sheets)
    # the version its mark prints: a hash of every op but the marks' ("" without a mark)
    version: str = ""
    marks: tuple[tuple[int, int], ...] = ()  # (first op, op count) of each box showing it

    def trimmed(self) -> Face:
        """This face with its bleed cut away (a book's thumbnail): the same ops, kept under
        a key of its own (`TRIMMED` after this face's)."""
        return replace(self, key=self.key + TRIMMED, bleed=0.0)

    def unmarked(self) -> Face:
        """This face without the boxes that show its version (a print-shop upload), under a
        key of its own; the face itself when it shows none."""
        if not self.marks:
            return self
        skip = {i for start, n in self.marks for i in range(start, start + n)}
        ops = tuple(op for i, op in enumerate(self.ops) if i not in skip)
        # a print run's faces alone: `replace` is slower than `_with`, and needs no speed here
        return replace(self, key=content_key((self.key, UNMARKED)), ops=ops, version="", marks=())

    def outline(self) -> Face:
        """This face without its drawing and its boxes' notes (a game too big to keep every
        drawing holds this; `layout.faces`)."""
        return self._with((), self.findings, ())

    def found(self, findings: tuple[Issue, ...], notes: tuple[Note, ...]) -> Face:
        """This face with what laying it out found (its findings and its boxes' notes)."""
        return self._with(self.ops, findings, notes)

    def _with(
        self, ops: tuple[Op, ...], findings: tuple[Issue, ...], notes: tuple[Note, ...]
    ) -> Face:
        """This face with other ops, findings and notes. Made by the constructor, not
        `replace`, which takes three times as long: a 50,000-card game makes two a face."""
        return Face(
            self.key,
            self.width,
            self.height,
            self.bleed,
            self.shape,
            ops,
            self.cut,
            self.folds,
            findings,
            notes,
            self.version,
            self.marks,
        )

    @property
    def drawing_key(self) -> str:
        """The key of what the face's ops draw, whatever its bleed: a trimmed face draws
        the ops of the face it was cut from, so the two share it."""
        return self.key.removesuffix(TRIMMED)

    @staticmethod
    def build(
        width: float,
        height: float,
        bleed: float,
        shape: str,
        ops: Sequence[Op],
        cut: tuple[Point, ...] | None = None,
        folds: Iterable[tuple[Point, Point]] = (),
        findings: Iterable[Issue] = (),
        version: str = "",
        marks: tuple[tuple[int, int], ...] = (),
        plains: Sequence[Any] | None = None,
    ) -> Face:
        """A face keyed by what it draws (`content_key`); `plains`, when given, are the
        ops' plain forms (`plain`), made once by a caller that hashed them already."""
        width, height, bleed = r(width), r(height), r(bleed)
        if plains is None:
            key = content_key((width, height, bleed, shape, ops, cut, folds))
        else:  # the same value `content_key` makes plain, without walking the ops again
            key = plain_key((width, height, bleed, shape, tuple(plains), plain(cut), plain(folds)))
        return Face(
            key,
            width,
            height,
            bleed,
            shape,
            tuple(ops),
            cut,
            tuple(folds),
            tuple(findings),
            (),
            version,
            marks,
        )

    def walk(self) -> Iterator[Any]:
        """Every op, groups flattened (depth first), with groups themselves included."""
        yield from walk(self.ops)


def walk(ops: Iterable[Any]) -> Iterator[Any]:
    for op in ops:
        yield op
        if isinstance(op, Group):
            yield from walk(op.ops)


# ---------------------------------------------------------------- faces as data


_NAMES: dict[type, tuple[str, ...]] = {}
_GETTERS: dict[type, Callable[[Any], tuple[Any, ...]]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """The fields of an op class (or `Note`, `Face`), in their declared order."""
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


def values(obj: Any) -> tuple[Any, ...]:
    """The field values of an op (or a `Note`, a `Face`) in their declared order. The ops
    are slotted dataclasses, without a `__dict__`: a face's drawing is many small ops, kept
    for the whole build (`layout/faces.RETAIN_MAX`)."""
    get = _GETTERS.get(type(obj))
    if get is None:
        names = field_names(type(obj))
        one = attrgetter(*names)
        get = _GETTERS[type(obj)] = one if len(names) > 1 else lambda o: (one(o),)
    return get(obj)


def _data(op: Any) -> list[Any]:
    """One op as a JSON-able list: its class name, then its field values in order."""
    t = type(op)
    if t is Group:
        return ["Group", [_data(o) for o in op.ops], op.clip, op.transform]
    if t is Icon:
        return [
            "Icon",
            op.x,
            op.y,
            op.size,
            op.symbol,
            op.color,
            [_data(p) for p in op.parts],
            op.opacity,
        ]
    return [t.__name__, *values(op)]


def _tuples(value: Any) -> Any:
    """JSON's lists back into the tuples ops hold (paths, dashes, matrices)."""
    if type(value) is not list:
        return value
    return tuple(
        [_tuples(v) if type(v) is list else v for v in value]
    )  # a number or a string is itself: no call


def _op(data: list[Any]) -> Any:
    name = data[0]
    if name == "Group":
        return Group(tuple(_op(o) for o in data[1]), _tuples(data[2]), _tuples(data[3]))
    if name == "Icon":
        return Icon(
            data[1], data[2], data[3], data[4], data[5], tuple(_op(p) for p in data[6]), data[7]
        )
    return _OPS[name](*[_tuples(v) if type(v) is list else v for v in data[1:]])


def _note(n: list[Any]) -> Note:
    box, x0, y0, x1, y1, size, min_size, overflow, problems = n
    return Note(str(box), x0, y0, x1, y1, size, min_size, overflow, tuple(problems))


LINES_KEPT = 1024  # ops (and notes) a `FaceLines` keeps by their line before starting again


class FaceLines:
    """A face as the cache keeps it: lines of JSON, the face's size, shape, cut and
    findings on the first, then one line for each op, then one for each note. Most ops of
    a game's faces repeat from face to face (a frame, a title bar of one of a few colours,
    the guides; `memo` draws each once, with its notes), so each op and note is written
    as its line once and read back from it once: a repeated op costs a look-up, not a
    parse and a dataclass made again. Both memos are bounded (`LINES_KEPT`) and belong
    to one game's `Faces`."""

    def __init__(self) -> None:
        self._lines: dict[int, tuple[Any, str]] = {}  # id(op or note) -> (it, its line)
        self._ops: dict[str, Any] = {}  # a line -> the op read from it
        self._notes: dict[str, Note] = {}  # a line -> the note read from it

    def dumps(self, face: Face) -> bytes:
        head = [
            face.key,
            face.width,
            face.height,
            face.bleed,
            face.shape,
            len(face.ops),
            face.cut,
            face.folds,
            [i.data() for i in face.findings],
            face.version,
            face.marks,
        ]
        lines = [_json(head)]
        lines += [self._line(op, _data) for op in face.ops]
        lines += [self._line(n, _note_data) for n in face.notes]
        return "\n".join(lines).encode()

    def _line(self, obj: Any, data: Callable[[Any], list[Any]]) -> str:
        """An op's or a note's line (`data` gives what it holds), written once for each
        object: the boxes a game's faces share replay the same ops and notes on every face."""
        kept = self._lines.get(id(obj))
        if kept is not None and kept[0] is obj:  # the object is held, so its id is its own
            return kept[1]
        if len(self._lines) >= LINES_KEPT:
            self._lines.clear()
        line = _json(data(obj))
        self._lines[id(obj)] = (obj, line)
        return line

    def loads(self, data: bytes) -> Face | None:
        """The face `dumps` wrote; None for anything else (a damaged entry)."""
        try:
            lines = data.decode().split("\n")
            head = json.loads(lines[0])
            key, width, height, bleed, shape, n, cut, folds, findings, version, marks = head
            if type(n) is not int or not 0 <= n < len(lines):
                return None
            return Face(
                key,
                width,
                height,
                bleed,
                shape,
                tuple([self._read(line, self._ops, _op) for line in lines[1 : n + 1]]),
                _tuples(cut),
                _tuples(folds),
                tuple(Issue.from_data(i) for i in findings),
                tuple([self._read(line, self._notes, _note) for line in lines[n + 1 :]]),
                str(version),
                _tuples(marks),
            )
        except (TypeError, ValueError, KeyError, IndexError):
            return None

    @staticmethod
    def _read(line: str, memo: dict[str, Any], make: Callable[[list[Any]], Any]) -> Any:
        found = memo.get(line)
        if found is None:
            if len(memo) >= LINES_KEPT:
                memo.clear()
            found = memo[line] = make(json.loads(line))
        return found


def _note_data(note: Note) -> list[Any]:
    """A note as a JSON-able list: its field values in order."""
    return list(values(note))


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def content_key(obj: Any) -> str:
    """A short hash of ops (and of tuples holding them): the same drawing, the same key, in
    every process. Ops are turned into plain tuples (see `plain`) and serialised with
    marshal format 2, which writes equal values as equal bytes (unlike formats 3 and up, it
    has no back-references, which depend on object identity) and is much faster than repr;
    coordinates are already rounded by `r`. Values marshal cannot write fall back to repr."""
    return plain_key(plain(obj))


def plain_key(value: Any) -> str:
    """`content_key` of what is already plain (`plain`: tuples of class names, strings and
    numbers), without walking it again."""
    try:
        data = marshal.dumps(value, 2)
    except ValueError:
        data = repr(value).encode("utf-8")
    return hashlib.sha256(data).hexdigest()[:16]


def _fields(op: Any) -> tuple[Any, ...]:
    """A leaf op as (class name, its field values in order)."""
    return (type(op).__name__, *values(op))


def _plain_group(op: Group) -> tuple[Any, ...]:
    return ("Group", tuple(map(plain, op.ops)), op.clip, op.transform)


def _plain_icon(op: Icon) -> tuple[Any, ...]:
    return (
        "Icon",
        op.x,
        op.y,
        op.size,
        op.symbol,
        op.color,
        tuple(map(_fields, op.parts)),
        op.opacity,
    )


def _plain_image(op: Image) -> tuple[Any, ...]:
    # the file path is left out: the content hash stands for the file
    return ("Image", op.x, op.y, op.w, op.h, op.sha256, op.mime, op.opacity)


_OPS: dict[str, Any] = {
    "Rect": Rect,
    "Ellipse": Ellipse,
    "Path": Path,
    "Text": Text,
    "Guide": Guide,
    "SymbolPart": SymbolPart,
    "Image": Image,
}

_PLAIN = {
    Rect: _fields,
    Ellipse: _fields,
    Path: _fields,
    Text: _fields,
    Guide: _fields,
    SymbolPart: _fields,
    Group: _plain_group,
    Icon: _plain_icon,
    Image: _plain_image,
}


PLAINS_KEPT = 8192  # ops whose plain form `plain` remembers before it starts again
_plains: dict[int, tuple[Any, Any]] = {}  # id(op) -> (the op, its plain form)


def plain(obj: Any) -> Any:
    """Ops → nested tuples of class names, strings and numbers; other values as they are
    (lists and tuples walked for the ops inside). An op's plain form is worked out once
    while it is remembered: the faces of a game share most of their ops (`memo`). A
    face's own ops are made plain once, for its version mark's hash and its content key
    both (`version_mark.paint_marked`, `Face.build`'s `plains`)."""
    convert = _PLAIN.get(type(obj))
    if convert is not None:
        kept = _plains.get(id(obj))
        if kept is not None and kept[0] is obj:  # the op itself is held: its id is its own
            return kept[1]
        if len(_plains) >= PLAINS_KEPT:
            _plains.clear()
        found = convert(obj)
        _plains[id(obj)] = (obj, found)
        return found
    if isinstance(obj, (tuple, list)):
        return tuple(map(plain, obj))
    return obj


# ---------------------------------------------------------------- geometry helpers


_PATHS: dict[tuple[float, ...], PathData] = {}  # `rect_path`'s outlines, one object each
PATHS_MAX = 4096  # outlines kept before `_PATHS` starts again


def rect_path(x: float, y: float, w: float, h: float, radius: float = 0.0) -> PathData:
    """A rectangle's outline, with rounded corners when `radius` is above 0. Equal
    rectangles come back as one tuple: a box's clip or frame repeats on every face of its
    layout, and a game's kept drawings then hold it once, not once a face."""
    at = (x, y, w, h, radius)
    kept = _PATHS.get(at)
    if kept is None:
        if len(_PATHS) >= PATHS_MAX:
            _PATHS.clear()
        _PATHS[at] = kept = _rect_path(x, y, w, h, radius)
    return kept


def _rect_path(x: float, y: float, w: float, h: float, radius: float) -> PathData:
    if radius <= 0:
        return (
            ("M", r(x), r(y)),
            ("L", r(x + w), r(y)),
            ("L", r(x + w), r(y + h)),
            ("L", r(x), r(y + h)),
            ("Z",),
        )
    rad = min(radius, w / 2, h / 2)
    k = rad * 0.5522847498
    x2, y2 = x + w, y + h
    return (
        ("M", r(x + rad), r(y)),
        ("L", r(x2 - rad), r(y)),
        ("C", r(x2 - rad + k), r(y), r(x2), r(y + rad - k), r(x2), r(y + rad)),
        ("L", r(x2), r(y2 - rad)),
        ("C", r(x2), r(y2 - rad + k), r(x2 - rad + k), r(y2), r(x2 - rad), r(y2)),
        ("L", r(x + rad), r(y2)),
        ("C", r(x + rad - k), r(y2), r(x), r(y2 - rad + k), r(x), r(y2 - rad)),
        ("L", r(x), r(y + rad)),
        ("C", r(x), r(y + rad - k), r(x + rad - k), r(y), r(x + rad), r(y)),
        ("Z",),
    )


def ellipse_path(cx: float, cy: float, rx: float, ry: float) -> PathData:
    kx, ky = rx * 0.5522847498, ry * 0.5522847498
    return (
        ("M", r(cx + rx), r(cy)),
        ("C", r(cx + rx), r(cy + ky), r(cx + kx), r(cy + ry), r(cx), r(cy + ry)),
        ("C", r(cx - kx), r(cy + ry), r(cx - rx), r(cy + ky), r(cx - rx), r(cy)),
        ("C", r(cx - rx), r(cy - ky), r(cx - kx), r(cy - ry), r(cx), r(cy - ry)),
        ("C", r(cx + kx), r(cy - ry), r(cx + rx), r(cy - ky), r(cx + rx), r(cy)),
        ("Z",),
    )


def polygon_path(points: Iterable[Point]) -> PathData:
    pts = list(points)
    if not pts:
        return ()
    cmds: list[Cmd] = [("M", r(pts[0][0]), r(pts[0][1]))]
    cmds += [("L", r(x), r(y)) for x, y in pts[1:]]
    cmds.append(("Z",))
    return tuple(cmds)


def hexagon(cx: float, cy: float, rx: float, ry: float) -> tuple[Point, ...]:
    """A flat-topped hexagon with horizontal radius rx (corner) and vertical half-height ry."""
    pts = []
    for i in range(6):
        a = math.radians(60 * i)
        pts.append(
            (r(cx + rx * math.cos(a)), r(cy + ry * math.sin(a) / math.sin(math.radians(60))))
        )
    return tuple(pts)


def circle_points(cx: float, cy: float, radius: float, n: int = 72) -> tuple[Point, ...]:
    return tuple(
        (
            r(cx + radius * math.cos(2 * math.pi * i / n)),
            r(cy + radius * math.sin(2 * math.pi * i / n)),
        )
        for i in range(n)
    )


def offset_polygon(points: Iterable[Point], distance: float) -> tuple[Point, ...]:
    """Grow (distance > 0) or shrink a convex polygon, counter-clockwise or clockwise."""
    pts = list(points)
    n = len(pts)
    if n < 3 or distance == 0:
        return tuple(pts)
    area = sum(pts[i][0] * pts[(i + 1) % n][1] - pts[(i + 1) % n][0] * pts[i][1] for i in range(n))
    sign = 1.0 if area > 0 else -1.0  # y down: positive area is clockwise on screen
    lines = []
    for i in range(n):
        (x1, y1), (x2, y2) = pts[i], pts[(i + 1) % n]
        dx, dy = x2 - x1, y2 - y1
        length = math.hypot(dx, dy) or 1.0
        nx, ny = dy / length * sign, -dx / length * sign  # outward normal
        lines.append(((x1 + nx * distance, y1 + ny * distance), (dx, dy)))
    out = []
    for i in range(n):
        (p, d1), (q, d2) = lines[i - 1], lines[i]
        den = d1[0] * d2[1] - d1[1] * d2[0]
        if abs(den) < 1e-9:
            out.append((r(q[0]), r(q[1])))
            continue
        t = ((q[0] - p[0]) * d2[1] - (q[1] - p[1]) * d2[0]) / den
        out.append((r(p[0] + d1[0] * t), r(p[1] + d1[1] * t)))
    return tuple(out)


def point_in_polygon(x: float, y: float, points: Iterable[Point]) -> bool:
    inside = False
    pts = list(points)
    n = len(pts)
    j = n - 1
    for i in range(n):
        xi, yi = pts[i]
        xj, yj = pts[j]
        if (yi > y) != (yj > y):
            xc = (xj - xi) * (y - yi) / (yj - yi) + xi
            if x < xc:
                inside = not inside
        j = i
    return inside


def transform_path(d: PathData, m: Matrix) -> PathData:
    a, b, c, dd, e, f = m
    out: list[Cmd] = []
    for cmd in d:
        if cmd[0] == "Z":
            out.append(cmd)
            continue
        vals = cmd[1:]
        pts = []
        for i in range(0, len(vals), 2):
            x, y = vals[i], vals[i + 1]
            pts += [r(a * x + c * y + e), r(b * x + dd * y + f)]
        out.append((cmd[0], *pts))
    return tuple(out)
