"""A face's boxes painted with an honest version mark (`paint_marked`): the mark prints a
hash of every other op the face draws (and its size and shape), so editing anything drawn
(a reference card's table, a colour) changes it. A box shows the mark when its text names
`version_mark`, `back_version_mark` or `version_code` (the QR code that carries it)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from . import printsafe
from .boxes import Painter
from .context import VERSION_DIGITS, version_code, version_mark
from .ops import Op, content_key
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
    """The face's ops, print-safety checked, with an honest version mark: the boxes that
    show the mark are drawn with a stand-in first, the hash is taken of every other op
    the face draws (and its size and shape), then those boxes are drawn again with it.
    Editing anything drawn (a reference card's table, a colour) changes the mark."""
    safety = printsafe.face_check(painter.issues, lay, geo, minimum, painter.note)
    marked: list[tuple[int, int, Any]] = []  # (first op, op count, box) of boxes showing the mark

    def check(box: Box, before: list[Op], drawn: list[Op]) -> None:
        if _shows_mark(box):
            marked.append((len(before), len(drawn), box))
        if painter.memo is None:
            safety(box, before, drawn)
        else:
            painter.memo.check(painter, safety, box, before, drawn)

    ops = painter.paint(lay, ctx, geo, check=check)
    if not marked:
        return Marked(ops, "", ())
    skip = {i for start, n, _ in marked for i in range(start, start + n)}
    digest = content_key((size, tuple(op for i, op in enumerate(ops) if i not in skip)))
    real = dict(ctx)
    for name in MARK_NAMES:
        if ctx.get(name):
            real[name] = (
                version_code(catalog, component, digest)
                if name == "version_code"
                else version_mark(catalog, digest)
            )
    counts = []
    for start, n, box in reversed(marked):
        drawn = painter.box(lay, box, real, geo)
        ops[start : start + n] = drawn
        counts.append((start, n, len(drawn)))
    spans, shift = [], 0
    for start, n, now in reversed(counts):  # first to last: each earlier box moves the rest
        spans.append((start + shift, now))
        shift += now - n
    return Marked(ops, digest[:VERSION_DIGITS], tuple(spans))
