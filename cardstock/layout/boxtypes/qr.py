"""The `qr` box type: a QR code of the box's text, dark modules on a light quiet zone.

The code is made by segno (a well-kept, pure-Python QR encoder that follows ISO/IEC 18004:
mask choice, error correction, version fitting), drawn as one icon whose parts are the dark
modules, so the print-safety check measures and contrast-checks it like any icon. A face
shows its own version in one with `text = "{{ version_code }}"` (docs/playtest.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..ops import Icon, Rect, SymbolPart, r
from .kind import BoxKind, Rect4

if TYPE_CHECKING:
    from ..art.shapes import Geometry
    from ..resolved import Box, Layout
    from .services import Services

QUIET = 2  # modules of light margin on each side (readers find a code on a card with 2)
ERROR = "m"  # error correction: about 15 % of the code may be smudged or cut
PAPER = "#ffffff"
# The most characters a code of this error correction holds (5,596 digits, the largest
# version): a longer text is refused before it is encoded, since segno takes seconds to
# find that a text of millions does not fit, and would for every face
MOST_CHARS = 5596


def modules(text: str) -> tuple[tuple[bool, ...], ...]:
    """The code's dark (True) and light modules, row by row, without its quiet zone."""
    import segno  # with its writers' imports (urllib, http, email): only a drawn code needs it

    code = segno.make_qr(text, error=ERROR, boost_error=False)
    return tuple(tuple(bool(v) for v in row) for row in code.matrix)


def _runs(rows: tuple[tuple[bool, ...], ...], unit: float) -> tuple[tuple[Any, ...], ...]:
    """The dark modules as one path in the symbol's 0..100 box: a rectangle for each run of
    dark modules in a row."""
    cmds: list[tuple[Any, ...]] = []
    for j, row in enumerate(rows):
        i = 0
        while i < len(row):
            if not row[i]:
                i += 1
                continue
            start = i
            while i < len(row) and row[i]:
                i += 1
            x0, x1 = (start + QUIET) * unit, (i + QUIET) * unit
            y0, y1 = (j + QUIET) * unit, (j + 1 + QUIET) * unit
            cmds += [
                ("M", r(x0), r(y0)),
                ("L", r(x1), r(y0)),
                ("L", r(x1), r(y1)),
                ("L", r(x0), r(y1)),
                ("Z",),
            ]
    return tuple(cmds)


def draw(
    painter: Services, lay: Layout, box: Box, ctx: dict[str, Any], geo: Geometry, rect: Rect4
) -> list[Any]:
    import segno

    x, y, w, h = rect
    text = str(painter.raw(lay, box, "text", ctx) or "").strip()
    if not text:
        return []
    try:
        if len(text) > MOST_CHARS:
            raise segno.DataOverflowError(text[:20])
        rows = modules(text)
    except segno.DataOverflowError:
        painter.layout_issue(
            lay, box, "text", f"{len(text)} characters are more than a QR code holds"
        )
        return []
    side = min(w, h)
    unit = 100.0 / (len(rows) + 2 * QUIET)
    ink = painter.color(lay, box, "color", ctx, None) or "#000000"
    sx, sy = x + (w - side) / 2, y + (h - side) / 2
    return [
        Rect(r(sx), r(sy), r(side), r(side), fill=PAPER),
        Icon(r(sx), r(sy), r(side), "qr", ink, (SymbolPart(_runs(rows, unit)),)),
    ]


BOX = BoxKind(
    doc=f"a QR code of the box's `text`, at most {MOST_CHARS:,} characters (dark `color` on "
    "a white square with a quiet zone)",
    draw=draw,
    content=True,
    keys=("text",),
)
