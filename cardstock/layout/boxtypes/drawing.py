"""The `drawing` box type: one part of a drawn layout's SVG file (the unmarked drawing
between two marked boxes, or one element whose paint a field sets), drawn as vectors over
the box, which a drawn layout places over its page (`cardstock.layout.drawings.read`)."""

from __future__ import annotations

import hashlib
import os
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path as FsPath
from typing import TYPE_CHECKING, Any

from ...core.files import Unreadable, placing, read_bytes
from ...core.issues import Issue
from ..art.svgart import data_ops, with_opacity
from ..drawings.parts import part_svg, parts
from ..drawings.xml import DrawnXmlError, parse_drawing
from ..ops import Ellipse, Group, Path, Rect, Text
from .kind import BoxKind, Rect4

if TYPE_CHECKING:
    from ..art.shapes import Geometry
    from ..resolved import Box, Layout
    from .services import Services

# the SVG of each part drawn so far, by the file's hash and the part's number
_PARTS: dict[tuple[bytes, int, tuple[float, float]], bytes | None] = {}
PARTS_MAX = 512


# each drawing's bytes by the file as it is on disk (path, inode, size, change times): the
# faces of a deck read the drawing once, and read it afresh when it is saved again
_FILES: dict[tuple[Any, ...], bytes] = {}
FILES_MAX = 64


def drawing_bytes(path: FsPath, root: FsPath) -> bytes:
    """The drawing's bytes, read through `read_bytes` (which says why it cannot be)."""
    try:
        st = os.lstat(path)
    except OSError:
        return read_bytes(path, root)
    key = (str(path), str(root), st.st_ino, st.st_dev, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
    known = None if placing() else _FILES.get(key)
    if known is None:
        known = read_bytes(path, root)
        if not placing():
            if len(_FILES) >= FILES_MAX:
                _FILES.clear()
            _FILES[key] = known
    return known


def part_bytes(data: bytes, part: int, grow: tuple[float, float]) -> bytes | None:
    """The drawing with only its part `part` left to draw, its page grown by `grow`
    (`drawings.parts.part_svg`); None: no such part, or a file that cannot be read, which
    reading the layout reported."""
    key = (hashlib.sha256(data).digest(), part, grow)
    if key not in _PARTS:
        try:
            root, _ = parse_drawing(data)
            found = parts(root)
        except (DrawnXmlError, ET.ParseError):
            found = []
        if len(_PARTS) >= PARTS_MAX:
            _PARTS.clear()
        _PARTS[key] = part_svg(root, found[part], grow) if 0 <= part < len(found) else None
    return _PARTS[key]


def draw(
    painter: Services, lay: Layout, box: Box, ctx: dict[str, Any], geo: Geometry, rect: Rect4
) -> list[Any]:
    shown = str(box.get("drawn") or "")
    root = painter.catalog.root
    try:
        data = drawing_bytes(root / shown, root)
    except Unreadable as exc:
        painter.layout_issue(lay, box, "drawn", f"cannot read the drawing {shown!r}: {exc}")
        return []
    x, y, w, h = rect
    b = geo.bleed if box.get("frame") == "trim" and w > 0 and h > 0 else 0.0
    svg = part_bytes(
        data, int(box.get("part", 0)), (round(b / w, 6), round(b / h, 6)) if b else (0.0, 0.0)
    )
    if svg is None:
        painter.layout_issue(lay, box, "part", f"the drawing {shown!r} has no such part")
        return []
    ops, problems = data_ops(svg, (x - b, y - b, w + 2 * b, h + 2 * b), "stretch")
    for msg in problems:  # about the file: one finding however many cards use it
        painter.issues.append(Issue(shown, None, "", msg, "warning"))
    fill = painter.color(lay, box, "fill", ctx, None) if box.get("fill") is not None else None
    stroke = painter.color(lay, box, "stroke", ctx, None) if box.get("stroke") else None
    if fill or stroke:
        ops = _painted(ops, fill, stroke)
    if box.get("opacity") is not None:
        value = painter.raw(lay, box, "opacity", ctx, 1.0)
        try:
            factor = max(0.0, min(1.0, float(value)))
        except (TypeError, ValueError):
            painter.layout_issue(lay, box, "opacity", f"expected a number, got {value!r}")
            factor = 1.0
        ops = with_opacity(ops, factor)
    return ops


def _painted(ops: list[Any], fill: str | None, stroke: str | None) -> list[Any]:
    """`ops` with what they fill painted `fill` and what they stroke painted `stroke`."""
    out: list[Any] = []
    for op in ops:
        if isinstance(op, Group):
            out.append(replace(op, ops=tuple(_painted(list(op.ops), fill, stroke))))
        elif isinstance(op, (Rect, Ellipse, Path)):
            changes: dict[str, Any] = {}
            if fill and op.fill not in (None, "none"):
                changes["fill"] = fill
            if stroke and op.stroke not in (None, "none"):
                changes["stroke"] = stroke
            out.append(replace(op, **changes) if changes else op)
        elif isinstance(op, Text) and fill:
            out.append(replace(op, color=fill))
        else:
            out.append(op)
    return out


BOX = BoxKind(
    doc=(
        "a part of a drawn layout's SVG file (`drawn`, `part`), drawn as vectors over the "
        "box; a drawn layout makes these boxes itself, from what is not marked"
    ),
    draw=draw,
    keys=("drawn", "part", "fill", "stroke", "opacity"),
)
