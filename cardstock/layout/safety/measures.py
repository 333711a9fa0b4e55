"""Print-safety checks on what a face really draws:

- every text run and icon at least `CLEARANCE` (0.5 mm) inside the safe line of the face's
  own outline (rectangle, hex or circle);
- every frame (the edge of a shape that does not reach the cut: a card's inner panel, a
  ring, a box around the art) at least `CLEARANCE` inside the safe line too, so that a
  cut that drifts by as much as the safe margin still leaves a band of frame all round;
  shapes that reach the cut are backgrounds and bleed;
- no text run smaller than the type minimum of its piece (`min_type`: 6 pt, 7 pt on a
  reference card), measured as printed (a run in a scaled group is as small as it prints);
- every text run and icon at least 4.5:1 in contrast with what is painted under it (the
  WCAG 2 formula).

`face_check` runs as each box of a face is drawn (the painter calls it); the rules
checker's `print-safety` provider (`cardstock.layout.checks.drawn`) gathers what it found.
The checks read the drawing ops a box produced (with any group transforms), not the box's
declared rectangle: an icon placed around a hex's edges is checked where it lands, and a
symbol is measured by its own outline, not by the square it is drawn in.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Protocol

from ... import fonts
from ...core.issues import Issue
from ...core.units import POINTS_PER, fmt_mm
from ..boxtypes import draws_content
from ..context import contrast
from ..ops import Ellipse, Group, Icon, Image, Matrix, Path, Rect, Text, multiply
from ..resolved import At, Box
from .ground import (
    IDENTITY,
    PAPER,
    Paint,
    apply_matrix,
    background,
    below,
    blend,
    fills,
    path_edges,
    path_points,
    points_box,
    winding_inside,
)

MM = POINTS_PER["mm"]
CLEARANCE = 0.5 * MM  # text, icons and frames stay this far inside the safe line
# The smallest type printed, in points: on a piece (card, tile, token, die, pawn) 6 pt; on
# a reference card, read across the table, and in a rulebook 7 pt (MIN_BOOK_TYPE, which
# the books room sets its smallest style by). Sizes below these are hard to read on card
# stock from a home printer.
MIN_TYPE = 6.0
MIN_TYPE_BY_KIND = {"reference": 7.0}
MIN_BOOK_TYPE = 7.0
TOLERANCE = 0.05  # points: measuring noise (rounded coordinates) is not a finding


def min_type(kind: str) -> float:
    """The smallest type a piece of this kind may carry, in points."""
    return MIN_TYPE_BY_KIND.get(kind, MIN_TYPE)


MIN_CONTRAST = 4.5  # WCAG 2 AA for normal text
# what every low-contrast finding advises (`layout.editions` tells its findings by it)
CONTRAST_ADVICE = "darken the ink or lighten what is under it"


class Mark:
    """A text run or an icon as drawn: its box on the face and the colour it prints in.
    (A plain class: the lint makes one per run of every face, read only here.)"""

    __slots__ = ("op", "box", "color", "opacity")

    def __init__(
        self, op: object, box: tuple[float, float, float, float], color: str, opacity: float
    ) -> None:
        self.op = op
        self.box = box  # x0, y0, x1, y1 in face coordinates
        self.color = color
        self.opacity = opacity


def icon_box(op: Icon) -> tuple[float, float, float, float] | None:
    """The symbol's own outline (its parts, in their 0..100 box) inside the icon's square."""
    pts: list[tuple[float, float]] = []
    pad = 0.0
    for part in op.parts:
        pts.extend(path_points(part.d))
        pad = max(pad, part.stroke_width / 2)
    if not pts:
        return None
    k = op.size / 100.0
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (
        op.x + (min(xs) - pad) * k,
        op.y + (min(ys) - pad) * k,
        op.x + (max(xs) + pad) * k,
        op.y + (max(ys) + pad) * k,
    )


def text_box(op: Text) -> tuple[float, float, float, float]:
    width = fonts.string_width(op.text, op.font, op.size)
    return (
        op.x,
        op.y - fonts.ascent(op.font) * op.size,
        op.x + width,
        op.y - fonts.descent(op.font) * op.size,
    )


def marks(ops: Iterable[object], m: Matrix = IDENTITY) -> Iterator[Mark]:
    """Every text run and icon among the ops, with its box on the face."""
    for op in ops:
        if isinstance(op, Group):
            yield from marks(op.ops, multiply(m, op.transform) if op.transform else m)
        elif isinstance(op, Text) and op.text.strip():
            x0, y0, x1, y1 = text_box(op)
            if m == IDENTITY:  # most runs: the box as it is, its corners in order
                yield Mark(
                    op, (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)), op.color, op.opacity
                )
                continue
            box = points_box(((x0, y0), (x1, y0), (x0, y1), (x1, y1)), m)
            if box is not None:
                yield Mark(op, box, op.color, op.opacity)
        elif isinstance(op, Icon):
            b = icon_box(op)
            if b is not None:
                box = points_box(((b[0], b[1]), (b[2], b[1]), (b[0], b[3]), (b[2], b[3])), m)
                if box is not None:
                    yield Mark(op, box, op.color, op.opacity)


def printed_sizes(ops: Iterable[object], m: Matrix = IDENTITY) -> Iterator[tuple[Text, float]]:
    """Every text run among the ops with the size it prints at (its size times the scale
    of the groups it is drawn in)."""
    for op in ops:
        if isinstance(op, Group):
            yield from printed_sizes(op.ops, multiply(m, op.transform) if op.transform else m)
        elif isinstance(op, Text) and op.text.strip():
            a, b, c, d, _, _ = m
            yield op, op.size * math.sqrt(abs(a * d - b * c))


def frame_points(
    ops: Iterable[object], m: Matrix = IDENTITY
) -> Iterator[tuple[list[tuple[float, float]], float]]:
    """Every shape among the ops as its points on the face (rectangles and images by
    their corners, ellipses by their four extremes, paths by their points) and half its
    stroke width as printed."""
    for op in ops:
        if isinstance(op, Group):
            inner = multiply(m, op.transform) if op.transform else m
            # what a clipped group draws lies within its clip: a pattern's cells, a cropped
            # picture
            if op.clip:
                yield [apply_matrix(inner, x, y) for x, y in _on_curve(op.clip)], 0.0
            else:
                yield from frame_points(op.ops, inner)
            continue
        pad = 0.0
        pts: list[tuple[float, float]] = []
        if isinstance(op, (Rect, Image)):
            pts = [
                (op.x, op.y),
                (op.x + op.w, op.y),
                (op.x, op.y + op.h),
                (op.x + op.w, op.y + op.h),
            ]
            pad = op.stroke_width / 2 if isinstance(op, Rect) and op.stroke else 0.0
        elif isinstance(op, Ellipse):
            pts = [
                (op.cx - op.rx, op.cy),
                (op.cx + op.rx, op.cy),
                (op.cx, op.cy - op.ry),
                (op.cx, op.cy + op.ry),
            ]
            pad = op.stroke_width / 2 if op.stroke else 0.0
        elif isinstance(op, Path) and (op.fill or op.stroke):
            pts = _on_curve(op.d)
            pad = op.stroke_width / 2 if op.stroke else 0.0
        if not pts:
            continue
        a, b, c, d, _, _ = m
        if m != IDENTITY:
            pts = [apply_matrix(m, x, y) for x, y in pts]
        yield pts, pad * math.sqrt(abs(a * d - b * c))


def _on_curve(d: Sequence[tuple[Any, ...]]) -> list[tuple[float, float]]:
    """The points a path passes through: each command's end point (a curve's control
    points lie off it, outside a circle drawn with curves)."""
    return [(float(cmd[-2]), float(cmd[-1])) for cmd in d if len(cmd) >= 3]


class Zone(Protocol):
    """What the frame and clearance checks ask of a face's geometry (`shapes.Geometry`)."""

    safe: float

    def reach(self, inset: float, x: float, y: float, w: float, h: float) -> float: ...


def frame_reach(geo: Zone, ops: Iterable[object]) -> float:
    """How far the frames among the ops come inside `CLEARANCE` of the safe line, or
    beyond it (0: none does). A shape with a point on or beyond the cut is a background
    (it bleeds), not a frame."""
    worst = 0.0
    t = TOLERANCE
    for pts, pad in frame_points(ops):
        if any(geo.reach(0.0, x - t, y - t, 2 * t, 2 * t) > 0 for x, y in pts):
            continue
        worst = max(
            worst,
            *(geo.reach(geo.safe + CLEARANCE, x - pad, y - pad, 2 * pad, 2 * pad) for x, y in pts),
        )
    return worst


# ---------------------------------------------------------------- colour


def least_contrast(mark: Mark, below: Sequence[Paint]) -> tuple[float, str] | None:
    """The lowest contrast of the mark against the colours under its centre and the
    middle of its box's four quarters, with the colour that gives it (None: over an image)."""
    x0, y0, x1, y1 = mark.box
    below = [
        p for p in below if p.box[0] <= x1 and x0 <= p.box[2] and p.box[1] <= y1 and y0 <= p.box[3]
    ]
    worst: tuple[float, str] | None = None
    for fx, fy in ((0.5, 0.5), (0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)):
        under = background(below, x0 + fx * (x1 - x0), y0 + fy * (y1 - y0))
        if under is None:
            return None
        ink = mark.color if mark.opacity >= 1 else blend(mark.color, under, mark.opacity)
        ratio = contrast(ink, under)
        if worst is None or ratio < worst[0]:
            worst = (ratio, under)
    return worst


MIXED = "mixed"  # `uniform`: the colour under a box is not the same everywhere


def uniform(below: Sequence[Paint], box: tuple[float, float, float, float]) -> str | None:
    """The colour `background` finds at every point of `box` (x0, y0, x1, y1) when each
    fill covers all of the box or none of it (None: an image is there); `MIXED` when a fill
    covers part of it, or one this cannot tell about (a transformed fill)."""
    x0, y0, x1, y1 = box
    color: str | None = PAPER
    for p in below:
        b0, c0, b1, c1 = p.box
        if x0 > b1 + 0.01 or x1 < b0 - 0.01 or y0 > c1 + 0.01 or y1 < c0 - 0.01:
            continue  # `covers` is false at every point of the box
        inside = b0 - 0.01 <= x0 and x1 <= b1 + 0.01 and c0 - 0.01 <= y0 and y1 <= c1 + 0.01
        held = _holds(p, box) if p.plain and inside else None
        if held is None:
            return MIXED
        if held:
            if p.color is None:
                return None
            color = p.color if p.opacity >= 1 else blend(p.color, color or PAPER, p.opacity)
    return color


def _holds(p: Paint, box: tuple[float, float, float, float]) -> bool | None:
    """Whether an untransformed fill whose box holds `box` covers every point of it as
    `covers` tests one (True), none (False), or some or this cannot tell (None). A rectangle
    or image holding it, an ellipse holding its corners (it is convex) cover it all; a path
    none of whose edges comes near it has one winding number all over it."""
    x0, y0, x1, y1 = box
    op = p.op
    if isinstance(op, (Rect, Image)):
        return (op.x <= x0 and x1 <= op.x + op.w and op.y <= y0 and y1 <= op.y + op.h) or None
    if isinstance(op, Ellipse):
        corners = ((x0, y0), (x1, y0), (x0, y1), (x1, y1))
        return (
            op.rx > 0
            and op.ry > 0
            and all(
                ((u - op.cx) / op.rx) ** 2 + ((v - op.cy) / op.ry) ** 2 <= 1 for u, v in corners
            )
        ) or None
    if not isinstance(op, Path):
        return None
    edges = p.edges = p.edges if p.edges is not None else path_edges(op.d)
    for a, b, c, d in edges:  # an edge near the box: it may cover part of it
        if min(a, c) <= x1 + 0.01 and x0 - 0.01 <= max(a, c) and min(b, d) <= y1 + 0.01:
            if y0 - 0.01 <= max(b, d):
                return None
    return winding_inside(edges, (x0 + x1) / 2, (y0 + y1) / 2, op.fill_rule)


def _against(mark: Mark, under: str | None) -> tuple[float, str] | None:
    """`least_contrast` of a mark over one colour (None: over an image)."""
    if under is None:
        return None
    ink = mark.color if mark.opacity >= 1 else blend(mark.color, under, mark.opacity)
    return (contrast(ink, under), under)


def _clear(geo: Any, box: tuple[float, float, float, float]) -> bool:
    """Whether `box` lies `CLEARANCE` inside the safe line (within `TOLERANCE`) of a convex
    safe zone (a rectangle, a hexagon, a circle; not a designer's own outline, which may bend
    inward): every box inside this one then does too."""
    x0, y0, x1, y1 = box
    reach = geo.reach(geo.safe + CLEARANCE, x0, y0, x1 - x0, y1 - y0)
    custom = getattr(geo, "custom", None)
    return custom is None and outside(geo, box) <= TOLERANCE and reach <= TOLERANCE


class SafeZone(Protocol):
    """What `outside` asks of a face's geometry (`cardstock.layout.art.shapes.Geometry`)."""

    def inside_safe(self, x: float, y: float, w: float, h: float) -> float: ...


def outside(geo: SafeZone, box: tuple[float, float, float, float]) -> float:
    """How far the box reaches outside the face's safe zone (0 inside)."""
    x0, y0, x1, y1 = box
    return float(geo.inside_safe(x0, y0, x1 - x0, y1 - y0))


# ------------------------------------------------------ the check a face runs as it is drawn

GEOMETRY_KEYS = (
    "frame",
    "left",
    "top",
    "right",
    "bottom",
    "width",
    "height",
    "padding",
    "size",
    "inset",
    "arrange",
)


def _placed_by(box: Box) -> At | None:
    """Where the box's position was last changed: a game's override wins over the defaults
    (None: a box declared nowhere, shown as `Box.where` shows it)."""
    for key in GEOMETRY_KEYS:
        if key in box.origins and not box.origins[key].file.endswith("layouts/default.toml"):
            return box.origins[key]
    return box.at("")


def box_origin(box: Box) -> tuple[str, int | None]:
    """The file and line a finding of `box` points to: where it was placed."""
    return _origin(_placed_by(box))


def _origin(at: At | None) -> tuple[str, int | None]:
    """The file and line of `at` (its line looked up now, for a message)."""
    return ("layouts", None) if at is None else at.origin()


def _mm2(points: float) -> str:
    return f"{points / MM:.2f}mm"


def type_check(
    issues: list[Issue], lay: Any, minimum: float
) -> Callable[[Any, list[Any], list[Any]], None]:
    """A check for Painter.paint that reports a box whose text prints below `minimum`
    points. The panels of a die net or a standee get this check alone: their edges are
    mostly folds, which do not drift as a cut does."""

    def check(box: Any, before: list[Any], drawn: list[Any]) -> None:
        smallest = min((size for _, size in printed_sizes(drawn)), default=None)
        if smallest is None or smallest >= minimum - 0.01:
            return
        key = next((k for k in ("min_size", "size", "style") if k in box.origins), None)
        file, line = box.origins[key].origin() if key else _origin(_placed_by(box))
        issues.append(
            Issue(
                file,
                line,
                f"layouts.{lay.name}.boxes.{box.name}",
                f"text printed at {smallest:g}pt, below the {minimum:g}pt this piece's "
                "type may not go under; raise the box's "
                "size and min_size, or give the text more room",
                "warning",
            )
        )

    return check


def face_check(
    issues: list[Issue],
    lay: Any,
    geo: Any,
    minimum: float = MIN_TYPE,
    note: Callable[..., None] | None = None,
) -> FaceCheck:
    """A check for Painter.paint (a face's findings go to `issues`): each text run and icon
    a content box draws must lie `CLEARANCE` inside the safe line of the face's outline,
    print at `minimum` points or more and stand out 4.5:1 from what is under it; each frame
    another box draws must keep `CLEARANCE` inside the safe line; all measured on the ops
    themselves. Each box is reported once per face for each kind of problem; `note`, when
    given, is told what each box found (the proof sheets outline it)."""
    return FaceCheck(issues, lay, geo, type_check(issues, lay, minimum), note, minimum)


class FaceCheck:
    """`face_check`'s check: the fills of the ops drawn so far gathered as the face is
    drawn, each box's ops measured as it comes. What a content box's findings depend on
    besides its own ops is `minimum` and what is painted under it (`under`, brought up
    to date by `catch_up`): `memo` keys a box's findings by them."""

    def __init__(
        self,
        issues: list[Issue],
        lay: Any,
        geo: Any,
        small: Callable[[Any, list[Any], list[Any]], None],
        note: Callable[..., None] | None,
        minimum: float = MIN_TYPE,
    ) -> None:
        self.issues = issues
        self.minimum = minimum
        self.lay = lay
        self.geo = geo
        self.small = small
        self.note = note
        self.under: list[Any] = []  # the fills of the ops drawn so far (`ground.below`)
        self.seen = 0
        self.last: list[Any] | None = None  # the ops the last checked box drew
        self.last_fills: list[Any] = []  # and their fills
        # the box around what the last content box checked draws (`placement`)
        self.extent: tuple[float, float, float, float] | None = None

    def catch_up(self, before: list[Any], made: Callable[[list[Any]], Any] = fills) -> None:
        """`under` brought up to date: the fills of `before`, the ops drawn so far, each
        op's as `made` gives them (`memo` keeps those of the ops faces share)."""
        new = before[self.seen :]
        if not new:
            return
        if self.last is not None and new == self.last:  # the box checked last: fills known
            self.under.extend(self.last_fills)
        else:
            self.under.extend(made(new))
        self.seen = len(before)
        self.last, self.last_fills = None, []

    def __call__(self, box: Any, before: list[Any], drawn: list[Any]) -> None:
        self.catch_up(before)
        if not drawn:
            return
        if not draws_content(box.get("type")):
            self.frame(box, drawn)
            return
        found = list(marks(drawn))
        drawn_box = self.extent = self.placement(box, drawn, found)
        self.small(box, before, drawn)
        drawn_fills = list(fills(drawn))
        self.last, self.last_fills = list(drawn), drawn_fills
        under = below(self.under, drawn_box)  # a clipped group's fills, where they may show
        self.contrast(box, found, under + drawn_fills, drawn_box)

    def _named(self, box: Any) -> tuple[str, int | None, str]:
        """The file and line a finding of `box` points to (where it was placed), and its
        field: worked out for a box with a finding only."""
        return (*_origin(_placed_by(box)), f"layouts.{self.lay.name}.boxes.{box.name}")

    def frame(self, box: Any, drawn: list[Any]) -> None:
        """A frame a box draws must keep `CLEARANCE` inside the safe line."""
        reach = frame_reach(self.geo, drawn)
        if reach > TOLERANCE:
            self.issues.append(
                Issue(
                    *self._named(box),
                    f"a frame this box draws comes {_mm2(reach)} too close to the safe line "
                    f"(frames keep {_mm2(CLEARANCE)} inside "
                    f"the safe zone, {fmt_mm(self.geo.safe)} inside the cut, so that a cut "
                    "off by that much still leaves a frame all round) "
                    f"on a {fmt_mm(self.geo.w)} x {fmt_mm(self.geo.h)} {self.geo.shape} face; "
                    "move its edges inward, or let it reach the cut",
                    "warning",
                )
            )

    def placement(
        self, box: Any, drawn: list[Any], found: list[Mark]
    ) -> tuple[float, float, float, float] | None:
        """What a content box draws must lie `CLEARANCE` inside the safe line; returns the
        box around it (None when it drew no text, icon or pip)."""
        geo = self.geo
        boxes = [m.box for m in found]
        if box.get("type") == "pips":
            boxes += [
                (e.cx - e.rx, e.cy - e.ry, e.cx + e.rx, e.cy + e.ry)
                for e in drawn
                if isinstance(e, Ellipse)
            ]
        drawn_box = (
            (
                min(b[0] for b in boxes),
                min(b[1] for b in boxes),
                max(b[2] for b in boxes),
                max(b[3] for b in boxes),
            )
            if boxes
            else None
        )
        if drawn_box is not None and _clear(geo, drawn_box):
            return drawn_box  # each box lies in this one, which is clear of the safe line
        worst = max((outside(geo, b) for b in boxes), default=0.0)
        near = max(
            (geo.reach(geo.safe + CLEARANCE, b[0], b[1], b[2] - b[0], b[3] - b[1]) for b in boxes),
            default=0.0,
        )
        if worst > TOLERANCE:
            if self.note is not None and drawn_box is not None:
                self.note(self.lay, box, drawn_box, ("safe zone",))
            self.issues.append(
                Issue(
                    *self._named(box),
                    f"what the box draws reaches {fmt_mm(worst)} outside the safe zone "
                    f"({fmt_mm(geo.safe)} inside the cut) on a "
                    f"{fmt_mm(geo.w)} x {fmt_mm(geo.h)} {geo.shape} face; move it inward or "
                    "it may be cut off",
                    "warning",
                )
            )
        elif near > TOLERANCE:
            self.issues.append(
                Issue(
                    *self._named(box),
                    f"what the box draws comes within {_mm2(CLEARANCE - near)} of the safe "
                    f"line, less than the {_mm2(CLEARANCE)} "
                    f"clearance inside the safe zone ({fmt_mm(geo.safe)} inside the cut) on a "
                    f"{fmt_mm(geo.w)} x {fmt_mm(geo.h)} "
                    f"{geo.shape} face; move it {_mm2(near)} inward",
                    "warning",
                )
            )
        return drawn_box

    def contrast(
        self,
        box: Any,
        found: list[Mark],
        below: list[Any],
        drawn_box: tuple[float, float, float, float] | None,
    ) -> None:
        """Each mark must stand out `MIN_CONTRAST`:1 from what is under it (under a box of
        one colour, `uniform`, each mark is held to that colour)."""
        low: tuple[float, str, str] | None = None
        same = uniform(below, drawn_box) if drawn_box is not None else MIXED
        for m in found:
            got = least_contrast(m, below) if same is MIXED else _against(m, same)
            if got is not None and got[0] < MIN_CONTRAST and (low is None or got[0] < low[0]):
                low = (got[0], m.color, got[1])
        if low is not None:
            if self.note is not None and drawn_box is not None:
                self.note(self.lay, box, drawn_box, ("contrast",))
            file, line, name = self._named(box)
            if "color" in box.origins:
                file, line = _origin(box.origins["color"])
            self.issues.append(
                Issue(
                    file,
                    line,
                    name,
                    f"{low[1]} on {low[2]} is {math.floor(low[0] * 10) / 10:.1f}:1, below the "
                    f"{MIN_CONTRAST}:1 a print needs to read "
                    f"well (WCAG); {CONTRAST_ADVICE}",
                    "warning",
                )
            )
