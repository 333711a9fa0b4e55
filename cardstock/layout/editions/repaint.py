"""What an edition does to each op of a face, in one pass over the ops in drawing order.

The ink-saver edition (`INK_SAVER`) prints little ink:

- a fill that covers most of the face (`BACKGROUND`, a full-bleed background) is dropped;
- any other fill (a panel, a band, a badge) is lightened: mixed `LIGHTEN` of the way
  toward white, so it keeps its hue and a player still tells the panels apart;
- on a back, every fill is dropped and each shape but the background kept as an outline
  in its own colour (darkened to read on paper), and the face's trim drawn as a thin
  line: what stays is the outline and the game's mark (its name, its icon);
- art (images) is kept;
- a box whose layout gives `ink` (`INKS`) has its fills and art drawn that way instead:
  `keep`, `lighten`, `drop` or `outline` (a 0.75 pt line in the fill's colour; a PNG or
  JPEG picture traced as line art, `lineart`);
- a composed face (a die net, a standee: `art.shapes`) is each of its panels as a face
  of its own: a fill covering most of a panel is that panel's background, and each panel
  layout's boxes choose their own `ink`;
- each text run and icon is darkened by the least that makes it stand out
  `INK_CONTRAST`:1 from the ground it now lies on (white text on a dropped panel would
  vanish), measured as the print-safety lint measures (`safety.measures.least_contrast`).

The high-contrast edition (`HIGH_CONTRAST`):

- every text run and icon stands out `HIGH_CONTRAST_RATIO`:1 (WCAG AAA) from its ground,
  measured as the lint measures: darkened (or lightened) by the least that gets there,
  else black or white, else drawn on a plate of its own;
- no text over art: a text run over an image is drawn on a plate;
- every stroke (rules, frames, outlines) `THICKER` times as wide, at least `MIN_RULE`.

Nothing is added or taken away at the top level of the face's ops but the back's trim
line, drawn last: a face's version marks keep their places (`ops.Face.marks`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from ..art.shapes import shape_of
from ..context import contrast, legible, luminance, mix, readable
from ..ops import Ellipse, Group, Icon, Image, Matrix, Op, Path, Rect, Text, multiply, rect_path
from ..painting.inks import InkSpan
from ..safety.ground import IDENTITY, Paint, fills, path_points, points_box
from ..safety.measures import Mark, least_contrast, marks
from .lineart import line_art

Drawn = TypeVar("Drawn", bound=Rect | Ellipse | Path | Text | Icon)

INK_SAVER = "ink-saver"
HIGH_CONTRAST = "high-contrast"

# what a box's `ink` key asks of the ink-saver edition for the fills and art it draws (its
# text and icons are always inked to read): as they are, lightened, left out, or outlined
KEEP, LIGHTEN_INK, DROP, OUTLINE_INK = "keep", "lighten", "drop", "outline"
INKS = (KEEP, LIGHTEN_INK, DROP, OUTLINE_INK)
Inks = tuple[InkSpan, ...]  # each box's `ink`, as painting told it (`painting.inks`)

BACKGROUND = 0.8  # a fill covering this share of the face's trim area is its background
LIGHTEN = 0.85  # how far toward white the ink-saver mixes a panel's fill
INK_CONTRAST = 4.6  # the ink-saver's text against its lightened ground (the lint's 4.5:1)
OUTLINE = 0.75  # points: the width of a back's outlines and trim line
HIGH_CONTRAST_RATIO = 7.1  # WCAG AAA's 7:1, with the room the lint's rounding needs
THICKER = 1.5  # the high-contrast edition's strokes, this many times as wide
MIN_RULE = 0.75  # points: and at least this wide
PLATE_PAD = 1.0  # points around a text run's box that its plate covers
WHITE = "#ffffff"


class Repaint:
    """One face's pass: the fills drawn so far (`paints`, as `ground.fills` makes them)
    and the face's trim area, to tell a background from a panel."""

    def __init__(self, face: Any, edition: str, side: str) -> None:
        self.edition = edition
        self.ink: str | None = None  # the `ink` of the box whose ops are being repainted
        self.back = side == "back"
        self.area = max(face.width * face.height, 1e-6)
        self.paints: list[Paint] = []

    # ------------------------------------------------------------ the walk

    def ops(
        self, ops: Sequence[Op], m: Matrix, clip: tuple[float, float, float, float] | None
    ) -> tuple[Op, ...]:
        out: list[Op] = []
        for op in ops:
            out.append(self.op(op, m, clip))
        return tuple(out)

    def op(self, op: Op, m: Matrix, clip: tuple[float, float, float, float] | None) -> Op:
        if isinstance(op, Group):
            inner = multiply(m, op.transform) if op.transform else m
            box = clip
            if op.clip:
                found = points_box(path_points(op.clip), inner)
                if found is not None:
                    box = found if box is None else _meet(box, found)
            return Group(self.ops(op.ops, inner, box), op.clip, op.transform)
        if isinstance(op, (Text, Icon)):
            return self.mark(op, m)
        if isinstance(op, (Rect, Ellipse, Path)):
            made = self.shape(op, m)
        elif isinstance(op, Image):
            made = _image(op, self.ink) if self.edition == INK_SAVER else op
        else:
            return op
        self.paints.extend(fills((made,), m, clip))
        return made

    def panel(self, op: Group, k: int, by_op: dict[tuple[tuple[int, ...], int], str]) -> Op:
        """A composed face's `k`-th op, a panel (a group clipped to it): its ops repainted
        as a face's, its clip the area its background covers, each box's `ink` its own."""
        inner = multiply(IDENTITY, op.transform) if op.transform else IDENTITY
        box = points_box(path_points(op.clip), inner) if op.clip else None
        face_area = self.area
        if box is not None:
            self.area = max((box[2] - box[0]) * (box[3] - box[1]), 1e-6)
        out: list[Op] = []
        own = self.ink  # the panel's ink, when a box gave the whole of it one
        for j, child in enumerate(op.ops):
            self.ink = by_op.get(((k,), j), own) if self.edition == INK_SAVER else None
            out.append(self.op(child, inner, box))
        self.area, self.ink = face_area, own
        return Group(tuple(out), op.clip, op.transform)

    # ------------------------------------------------------------ shapes

    def shape(self, op: Rect | Ellipse | Path, m: Matrix) -> Op:
        if self.edition == HIGH_CONTRAST:
            if op.stroke and op.stroke_width > 0:
                return _with(op, stroke_width=max(op.stroke_width * THICKER, MIN_RULE))
            return op
        if not op.fill or not _is_color(op.fill):
            return op
        if self.ink is not None:
            return _inked(op, self.ink, m)
        if self._background(op, m):
            return _with(op, fill=None)
        if self.back:
            ink = legible(op.fill, WHITE, 3.0)
            if op.stroke:
                return _with(op, fill=None)
            return _with(op, fill=None, stroke=ink, stroke_width=OUTLINE / _scale(m))
        return _with(op, fill=mix(op.fill, WHITE, LIGHTEN))

    def _background(self, op: Rect | Ellipse | Path, m: Matrix) -> bool:
        found = list(fills((op,), m))
        if not found:
            return False
        x0, y0, x1, y1 = found[0].box
        return bool((x1 - x0) * (y1 - y0) >= BACKGROUND * self.area)

    # ------------------------------------------------------------ text runs and icons

    def mark(self, op: Text | Icon, m: Matrix) -> Op:
        if not _is_color(op.color):
            return op
        found = next(marks((op,), m), None)
        if found is None:
            return op
        ratio = HIGH_CONTRAST_RATIO if self.edition == HIGH_CONTRAST else INK_CONTRAST
        grounds = _grounds(found, self.paints)
        if grounds is None:  # over art
            if self.edition != HIGH_CONTRAST:
                return op
            return self._plated(op, found, ratio)
        if self.edition == HIGH_CONTRAST and op.opacity < 1:
            op = _with(op, opacity=1.0)
            found = Mark(op, found.box, op.color, 1.0)
        color = _ink_for(op.color, grounds, ratio)
        if color is not None and color != op.color:
            op = _with(op, color=color)
        # held to what the lint measures of the run as now inked, else on a plate
        got = least_contrast(Mark(op, found.box, op.color, op.opacity), self.paints)
        if color is None or (got is not None and got[0] < ratio):
            return self._plated(op, found, ratio)
        return op

    def _plated(self, op: Text | Icon, found: Mark, ratio: float) -> Op:
        """The run on a plate of its own: white under dark ink, black under light."""
        plate = WHITE if luminance(op.color) < 0.18 else "#000000"
        ink = legible(op.color, plate, ratio)
        x0, y0, x1, y1 = found.box
        rect = Rect(
            x0 - PLATE_PAD, y0 - PLATE_PAD, x1 - x0 + 2 * PLATE_PAD, y1 - y0 + 2 * PLATE_PAD, plate
        )
        return Group((rect, _with(op, color=ink, opacity=1.0)))


def _inked(op: Rect | Ellipse | Path, ink: str, m: Matrix) -> Op:
    """A fill as a box's `ink` asks (`INKS`)."""
    assert op.fill is not None
    if ink == LIGHTEN_INK:
        return _with(op, fill=mix(op.fill, WHITE, LIGHTEN))
    if ink == DROP:
        return _with(op, fill=None)
    if ink == OUTLINE_INK:
        line = op.stroke or legible(op.fill, WHITE, 3.0)
        width = op.stroke_width if op.stroke else OUTLINE / _scale(m)
        return _with(op, fill=None, stroke=line, stroke_width=width)
    return op


def _image(op: Image, ink: str | None) -> Op:
    """Art as a box's `ink` asks: kept (the default), lightened (printed at a third of its
    strength), left out, or traced as line art (`lineart`)."""
    if ink == LIGHTEN_INK:
        return replace(op, opacity=op.opacity * (1 - LIGHTEN) * 2)
    if ink == DROP:
        return Group(())
    if ink == OUTLINE_INK:
        return line_art(op)
    return op


def _grounds(found: Mark, paints: list[Paint]) -> list[str] | None:
    """The colours under a mark where the lint looks (None: over an image)."""
    got = least_contrast(found, paints)
    if got is None:
        return None
    out = {got[1]}
    # the other colours the lint samples: held to each of them too
    for color in ("#000000", WHITE):
        probe = Mark(found.op, found.box, color, 1.0)
        again = least_contrast(probe, paints)
        if again is not None:
            out.add(again[1])
    return sorted(out)


def _ink_for(ink: str, grounds: list[str], ratio: float) -> str | None:
    """The ink nearest `ink` that stands out `ratio`:1 from every ground (None: none)."""
    if all(contrast(ink, g) >= ratio for g in grounds):
        return ink
    worst = min(grounds, key=lambda g: contrast(ink, g))
    for candidate in (legible(ink, worst, ratio), "#000000", WHITE, readable(worst)):
        if all(contrast(candidate, g) >= ratio for g in grounds):
            return candidate
    return None


def _scale(m: Matrix) -> float:
    a, b, c, d, _, _ = m
    return math.sqrt(abs(a * d - b * c)) or 1.0


def _meet(
    a: tuple[float, float, float, float], b: tuple[float, float, float, float]
) -> tuple[float, float, float, float]:
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


def _is_color(value: str | None) -> bool:
    if not value:
        return False
    try:
        luminance(value)
    except (ValueError, TypeError):
        return False
    return True


def _with(op: Drawn, **changes: Any) -> Drawn:
    """A copy of a frozen op with other values."""
    return replace(op, **changes)


def _trim_line(face: Any) -> Op:
    """The face's cut outline as a thin line (a back reduced to its outline)."""
    if face.cut:
        pts = list(face.cut)
        d: tuple[Any, ...] = (
            ("M", pts[0][0], pts[0][1]),
            *(("L", x, y) for x, y in pts[1:]),
            ("Z",),
        )
    else:
        d = rect_path(0.0, 0.0, face.width, face.height)
    return Path(d, None, "#4d4d4d", OUTLINE)


def repaint(face: Any, edition: str, side: str, inks: Inks = ()) -> tuple[Op, ...]:
    """The face's ops as `edition` draws them (see the module's docstring); `inks`: the
    boxes whose layout gives their `ink`."""
    if edition not in (INK_SAVER, HIGH_CONTRAST):
        raise ValueError(f"no edition {edition!r}")
    by_op = {(p, i): ink for p, start, n, ink in inks for i in range(start, start + n)}
    panels = shape_of(face.shape).geometry is None  # a die net, a standee
    pass_ = Repaint(face, edition, side)
    made: list[Op] = []
    for i, op in enumerate(face.ops):
        pass_.ink = by_op.get(((), i)) if edition == INK_SAVER else None
        if panels and isinstance(op, Group) and op.clip:
            made.append(pass_.panel(op, i, by_op))
        else:
            made.append(pass_.op(op, IDENTITY, None))
    ops = tuple(made)
    if edition == INK_SAVER and side == "back":
        ops = (*ops, _trim_line(face))
    return ops
