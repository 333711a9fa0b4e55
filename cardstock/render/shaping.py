"""Right-to-left runs drawn in a PDF: shaped by HarfBuzz through ReportLab's own shaping
(`shapeStr`, which ReportLab uses when `uharfbuzz` is installed and the font is
`shapable`, as every TrueType font it registers is by default), written in visual order
with HarfBuzz's positions by ReportLab's public text object."""

from __future__ import annotations

from typing import Any

from .. import fonts


def shaped_run(canvas: Any, font: str, size: float, text: str) -> str:
    """The PDF text operators that draw a right-to-left run in visual order: HarfBuzz's
    glyphs, with its positions, as ReportLab's text object writes a shaped string (its
    font and size set, the glyphs' `Tj`/`TJ`), without the text object's own BT/Tm/ET."""
    from reportlab.pdfbase.ttfonts import shapeStr

    name = fonts.register(font)
    tx = canvas.beginText()
    tx.setFont(name, size)
    tx.textOut(shapeStr(text, name, size, force=True))
    code: str = tx.getCode()
    head = "BT 1 0 0 1 0 0 Tm "
    return code.removeprefix(head).removesuffix(" ET")
