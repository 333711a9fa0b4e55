"""A face's boxes painted with an honest version mark (`paint_marked`): the mark prints a
hash of every other op the face draws (and its size and shape), so editing anything drawn
(a reference card's table, a colour) changes it. A box shows the mark when its text names
`version_mark`, `back_version_mark` or `version_code` (the QR code that carries it)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import printsafe
from .boxes import Painter
from .context import VERSION_DIGITS, version_code, version_mark
from .ops import Face, Op, plain, plain_key
from .resolved import Box, Layout
from .shapes import Geometry

if TYPE_CHECKING:
    from ..catalog.load import Catalog
    from ..catalog.schema import Component


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
    component: Component,
    catalog: Catalog,
    minimum: float,
) -> Marked:
    """The face's ops, print-safety checked, with an honest version mark. When the boxes
    that show the mark are the layout's last (as the shipped layouts draw it, on top of
    everything), the other boxes are drawn first, the hash is taken of their ops (and the
    face's size and shape), and the boxes showing the mark are drawn once, with it, and
    checked as drawn. Otherwise they are drawn with a stand-in first and again with the
    hash (`_paint_twice`). Editing anything drawn (a reference card's table, a colour)
    changes the mark."""
    safety = printsafe.face_check(painter.issues, lay, geo, minimum, painter.note)

    def check(box: Box, before: list[Op], drawn: list[Op]) -> None:
        if painter.memo is None:
            safety(box, before, drawn)
        else:
            painter.memo.check(painter, safety, box, before, drawn)

    first = _marks_last(lay)
    if first is None:
        return _paint_twice(painter, lay, ctx, geo, size, component, catalog, check)
    ops = painter.paint(lay, ctx, geo, check=check, boxes=lay.boxes[:first])
    shown = [box for box in lay.boxes[first:] if painter.shown(lay, box, ctx)]
    plains = [plain(op) for op in ops]
    if not shown:
        return Marked(ops, "", (), plains)
    digest = plain_key((plain(size), tuple(plains)))  # `content_key((size, ops))`, once
    real = _with_digest(ctx, catalog, component, digest)
    spans = []
    for box in shown:
        drawn = painter.box(lay, box, real, geo)
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
    ctx: dict[str, Any], catalog: Catalog, component: Component, digest: str
) -> dict[str, Any]:
    """The face's context with the mark (and the code carrying it) holding `digest`."""
    real = dict(ctx)
    for name in MARK_NAMES:
        if ctx.get(name):
            real[name] = (
                version_code(catalog, component, digest)
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
    component: Component,
    catalog: Catalog,
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
    real = _with_digest(ctx, catalog, component, digest)
    counts = []
    for start, n, box in reversed(marked):
        drawn = painter.box(lay, box, real, geo)
        ops[start : start + n] = drawn
        plains[start : start + n] = [plain(op) for op in drawn]
        counts.append((start, n, len(drawn)))
    spans, shift = [], 0
    for start, n, now in reversed(counts):  # first to last: each earlier box moves the rest
        spans.append((start + shift, now))
        shift += now - n
    return Marked(ops, digest[:VERSION_DIGITS], tuple(spans), plains)
