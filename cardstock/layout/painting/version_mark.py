"""A face's boxes painted with an honest version mark (`paint_marked`): the mark prints a
hash of every other op the face draws (and its size and shape), so editing anything drawn
(a reference card's table, a colour) changes it. A box shows the mark when its text names
`version_mark`, `back_version_mark` or `version_code` (the QR code that carries it)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ... import fonts
from ...catalog.resolve import VERSION_DIGITS
from ...core.bidi import has_rtl
from ..art.shapes import Geometry
from ..context import version_code, version_mark
from ..ops import Face, Op, Text, plain, plain_key
from ..resolved import Box, Layout
from ..safety import measures
from ..text import continued, scripts
from .inks import InkSpan, box_ink
from .painter import Painter

if TYPE_CHECKING:
    from ...catalog.load import Catalog
    from ...catalog.printing import ComponentPrint


MARK_NAMES = ("version_mark", "back_version_mark", "version_code")


def _shows_mark(box: Box) -> bool:
    """Whether a box's text names the version mark (or the code that carries it)."""
    text = box.get("text")
    return isinstance(text, str) and any(name in text for name in MARK_NAMES)


@dataclasses.dataclass(frozen=True)
class Marked:
    """A face's ops with an honest version mark: the version its marks print (a hash of
    every other op, and the face's size and shape; "" when no box shows it) and where the
    boxes showing it lie among the ops, as (first op, op count)."""

    ops: list[Op]
    version: str
    marks: tuple[tuple[int, int], ...]
    plains: list[Any]  # each op's plain form (`ops.plain`), for the face's content key

    def face(self, size: tuple[Any, ...], cut: Any, guides: tuple[Op, ...]) -> Face:
        """The face of these ops, `size` (width, height, bleed, shape), its cut outline and
        its non-printing guides drawn last; its key made of the plain forms already made."""
        w, h, b, shape = size
        ops, plains = (*self.ops, *guides), [*self.plains, *map(plain, guides)]
        return Face.build(w, h, b, shape, ops, cut, (), (), self.version, self.marks, plains)


def paint_marked(
    painter: Painter,
    lay: Layout,
    ctx: dict[str, Any],
    geo: Geometry,
    size: tuple[Any, ...],
    record: ComponentPrint,
    catalog: Catalog,
    drawings: MarkDrawings | None = None,
    inks: list[InkSpan] | None = None,
) -> Marked:
    """The face's ops, print-safety checked, with an honest version mark. When the boxes
    that show the mark are the layout's last (as the shipped layouts draw it, on top of
    everything), the other boxes are drawn first, the hash is taken of their ops (and the
    face's size and shape), and the boxes showing the mark are drawn once, with it, and
    checked as drawn. Otherwise they are drawn with a stand-in first and again with the
    hash (`_paint_twice`). Editing anything drawn (a reference card's table, a colour)
    changes the mark. `record`: the component drawn (`catalog.printing.ComponentPrint`);
    `drawings`: the game's marks drawn so far (`MarkDrawings`). `inks`, when given, is told
    ((), first op, op count, ink) of each box whose layout gives `ink` (what the ink-saver
    edition does to it: `layout.editions`)."""
    minimum = measures.min_type(record.shown.component.kind)
    safety = measures.face_check(painter.issues, lay, geo, minimum, painter.note)
    drawings = drawings if drawings is not None else MarkDrawings()

    def check(box: Box, before: list[Op], drawn: list[Op]) -> None:
        ink = box_ink(box) if inks is not None else None
        if inks is not None and ink is not None and drawn:
            inks.append(((), len(before), len(drawn), ink))
        if painter.memo is None:
            safety(box, before, drawn)
        else:
            painter.memo.check(painter, safety, box, before, drawn)

    first = _marks_last(lay)
    if first is None:
        return _paint_twice(painter, lay, ctx, geo, size, (record, catalog, drawings), check)
    ops = painter.paint(lay, ctx, geo, check=check, boxes=lay.boxes[:first])
    shown = [box for box in lay.boxes[first:] if painter.shown(lay, box, ctx)]
    plains = [plain(op) for op in ops]
    if not shown:
        return Marked(ops, "", (), plains)
    digest = plain_key((plain(size), tuple(plains)))  # `content_key((size, ops))`, once
    real = _with_digest(ctx, catalog, record, digest)
    spans = []
    for box in shown:
        drawn = drawings.draw(painter, lay, box, real, geo, digest[:VERSION_DIGITS])
        safety(box, ops, drawn)
        spans.append((len(ops), len(drawn)))
        ops += drawn
        plains += [plain(op) for op in drawn]
    return Marked(ops, digest[:VERSION_DIGITS], tuple(spans), plains)


def _marks_last(lay: Layout) -> int | None:
    """Where the boxes showing the mark start when every box from there on shows it (the
    layout's length when none does); None when a box showing it has others after it."""
    boxes = lay.boxes
    first = next((i for i, box in enumerate(boxes) if _shows_mark(box)), len(boxes))
    return first if all(_shows_mark(box) for box in boxes[first:]) else None


def _with_digest(
    ctx: dict[str, Any], catalog: Catalog, record: ComponentPrint, digest: str
) -> dict[str, Any]:
    """The face's context with the mark (and the code carrying it) holding `digest`."""
    real = dict(ctx)
    for name in MARK_NAMES:
        if ctx.get(name):
            real[name] = (
                version_code(record, digest)
                if name == "version_code"
                else version_mark(catalog, digest)
            )
    return real


def _paint_twice(
    painter: Painter,
    lay: Layout,
    ctx: dict[str, Any],
    geo: Geometry,
    size: tuple[Any, ...],
    of: tuple[ComponentPrint, Catalog, MarkDrawings],
    check: Callable[[Box, list[Op], list[Op]], None],
) -> Marked:
    """`paint_marked` for a layout with boxes drawn after one showing the mark: every box
    is drawn and checked in order, those showing the mark with a stand-in; the hash is
    taken of every other op, then those boxes are drawn again with it."""
    marked: list[tuple[int, int, Any]] = []  # (first op, op count, box) of boxes showing the mark

    def each(box: Box, before: list[Op], drawn: list[Op]) -> None:
        if _shows_mark(box):
            marked.append((len(before), len(drawn), box))
        check(box, before, drawn)

    ops = painter.paint(lay, ctx, geo, check=each)
    plains = [plain(op) for op in ops]
    if not marked:
        return Marked(ops, "", (), plains)
    skip = {i for start, n, _ in marked for i in range(start, start + n)}
    others = tuple(p for i, p in enumerate(plains) if i not in skip)
    digest = plain_key((plain(size), others))  # `content_key` of the other ops
    record, catalog, drawings = of
    real = _with_digest(ctx, catalog, record, digest)
    counts = []
    for start, n, box in reversed(marked):
        drawn = drawings.draw(painter, lay, box, real, geo, digest[:VERSION_DIGITS])
        ops[start : start + n] = drawn
        plains[start : start + n] = [plain(op) for op in drawn]
        counts.append((start, n, len(drawn)))
    spans, shift = [], 0
    for start, n, now in reversed(counts):  # first to last: each earlier box moves the rest
        spans.append((start + shift, now))
        shift += now - n
    return Marked(ops, digest[:VERSION_DIGITS], tuple(spans), plains)


HEX = frozenset("0123456789abcdef")  # the characters a face's digits are written in
DRAWINGS_MAX = 4096  # mark drawings a game keeps before it starts again


class MarkDrawings:
    """The version marks of one game's faces, each drawing kept by the width its digits
    measure. A box whose text is the mark alone (`{{ version_mark }}`), with no other
    key a template, draws from a face's context only the mark: the game's version, a
    space, and six hex digits, which are a word of their own. Text is measured by the
    advances of its characters, so two marks whose digits measure the same in the font
    they are drawn in are laid out alike, glyph for glyph but the digits, as long as
    that font has every hex digit (no fallback font takes one over). A mark whose
    digits measure as a mark drawn before is that drawing with its own digits written
    in their place; in the shipped fonts six digits measure one of a few widths, so a
    deck's marks are laid out a few times, not once a card. A drawing is kept only
    when drawing it raised no problem, and replays the notes it made."""

    def __init__(self) -> None:
        self._boxes: dict[int, tuple[Box, bool]] = {}  # by box: whether it shows the mark alone
        self._fonts: dict[int, tuple[Box, str]] = {}  # by box: the font its digits are in
        # (layout, box, geometry, width of the digits) -> the drawing
        self._drawn: dict[tuple[Any, ...], _Drawing] = {}
        self.draws = 0  # marks really drawn (what the tests count)

    def draw(
        self,
        painter: Painter,
        lay: Layout,
        box: Box,
        ctx: dict[str, Any],
        geo: Geometry,
        digits: str,
    ) -> list[Op]:
        """The box's ops with the mark `ctx` holds, whose digits are `digits`: what
        `painter.box` draws, drawn only for digits of a width not met before."""
        alone = self._alone(painter, box) and not continued.may_hold_part(box, ctx)
        font = self._fonts.get(id(box)) if alone else None
        key: tuple[Any, ...] | None = None
        if font is not None and font[0] is box:
            key = (id(lay), id(box), geo, fonts.string_width(digits, font[1], 1.0))
            hit = self._drawn.get(key)
            if hit is not None and hit.lay is lay and hit.box is box:
                painter.notes.extend(hit.notes)
                return hit.with_digits(digits)
        issues, notes = len(painter.issues), len(painter.notes)
        self.draws += 1
        ops = painter.box(lay, box, ctx, geo)
        if alone and len(painter.issues) == issues:
            self._keep(lay, box, geo, ops, tuple(painter.notes[notes:]), digits, key)
        return ops

    def _keep(
        self,
        lay: Layout,
        box: Box,
        geo: Geometry,
        ops: list[Op],
        notes: tuple[Any, ...],
        digits: str,
        key: tuple[Any, ...] | None,
    ) -> None:
        """Keep a drawing whose digits are in one run of text, once, in a font that has
        every hex digit, and whose text reads left to right with no character lines
        break around (the version's own letters put in visual order, or a line broken
        between two of them, would place the digits by more than their width)."""
        texts = [op.text for op in ops if isinstance(op, Text)]
        if any(has_rtl(t) or scripts.has_breaks(t) for t in texts):
            return
        runs = [(i, op) for i, op in enumerate(ops) if isinstance(op, Text) and digits in op.text]
        if len(runs) != 1 or runs[0][1].text.count(digits) != 1:
            return
        index, run = runs[0]
        if not HEX <= fonts.coverage(run.font):
            return
        self._fonts[id(box)] = (box, run.font)
        if key is None:
            key = (id(lay), id(box), geo, fonts.string_width(digits, run.font, 1.0))
        if len(self._drawn) >= DRAWINGS_MAX:
            self._drawn.clear()
        self._drawn[key] = _Drawing(lay, box, tuple(ops), notes, index, run.text.index(digits))

    def _alone(self, painter: Painter, box: Box) -> bool:
        """Whether a text box's text is the mark alone and no other key of it (or of its
        style) is a template: all it draws from a face's context is the mark."""
        known = self._boxes.get(id(box))
        if known is None or known[0] is not box:
            values = box.values
            named = painter.layouts.styles.get(values.get("style") or "", {})
            text = values.get("text")
            alone = (
                box.get("type") == "text"
                and isinstance(text, str)
                and text.strip() in ("{{ version_mark }}", "{{ back_version_mark }}")
                and not any(_is_template(v) for k, v in values.items() if k != "text")
                and not any(_is_template(v) for v in named.values())
            )
            known = self._boxes[id(box)] = (box, alone)
        return known[1]


@dataclasses.dataclass(frozen=True)
class _Drawing:
    """A mark's drawing (`MarkDrawings`): its ops, its notes, and where its digits lie
    (the run of text holding them, and where in it)."""

    lay: Layout
    box: Box
    ops: tuple[Op, ...]
    notes: tuple[Any, ...]
    run: int
    at: int

    def with_digits(self, digits: str) -> list[Op]:
        """The drawing with `digits` written in place of its own."""
        ops = list(self.ops)
        run = ops[self.run]
        assert isinstance(run, Text)
        text = run.text[: self.at] + digits + run.text[self.at + len(digits) :]
        ops[self.run] = dataclasses.replace(run, text=text)
        return ops


def _is_template(value: Any) -> bool:
    return isinstance(value, str) and ("{{" in value or "{%" in value)
