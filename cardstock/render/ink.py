"""How much ink a PDF's pages print, measured from their rendered pixels.

A page is rendered (PDFium, as every raster export is: `render.png`) at `INK_DPI` on white
paper, and its ink coverage is the mean over its pixels of the share of cyan, magenta and
yellow a plain conversion of the pixel's colour prints: (3 − (R + G + B) / 255) / 3, so
white paper is 0 and solid black 1, and a page's coverage is that mean as a per cent of
its area. It is a measure of ink to compare editions by (an ink-saver edition beside the
colour one), not a printer's exact use: no printer's profile or black generation is
assumed. `cardstock build` reports it for each sheet, quick reference and booklet of a
game built in an edition (docs/editions.md).
"""

from __future__ import annotations

from pathlib import Path

from .png import _bitmaps

INK_DPI = 20  # coarse: coverage is a mean over the page, and a fine raster costs time


def page_coverage(pdf: bytes, dpi: float = INK_DPI) -> list[float]:
    """Each page's ink coverage, 0 to 1 (see the module's docstring)."""
    out: list[float] = []
    for _i, bitmap in _bitmaps(pdf, dpi, _white(pdf), None):
        image = bitmap.to_pil().convert("RGB")
        counts = image.histogram()  # 256 counts for each of R, G, B, one after the other
        pixels = image.width * image.height or 1
        light = sum((i % 256) * n for i, n in enumerate(counts))
        out.append(1.0 - light / (3 * 255 * pixels))
    return out


def _white(pdf: bytes) -> list[bool]:
    """Every page on white (no transparency): as long as the document has pages."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        return [False] * len(doc)
    finally:
        doc.close()


def file_coverage(path: Path) -> list[float]:
    """`page_coverage` of a PDF file."""
    return page_coverage(path.read_bytes())
