"""The text of each page of a PDF, read with PDFium (pypdfium2): the same words pypdf's
`extract_text` finds, without parsing every face's fonts and forms in Python, so a test
can read a footer on every page of a 60-page sheet file in a fraction of a second."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium


def page_texts(pdf: bytes | Path) -> list[str]:
    """Each page's text, in page order, lines ending in a newline (PDFium writes CR LF)."""
    doc = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        out = []
        for i in range(len(doc)):
            page = doc[i]
            textpage = page.get_textpage()
            out.append(textpage.get_text_range().replace("\r\n", "\n").replace("\r", "\n"))
            textpage.close()
            page.close()
        return out
    finally:
        doc.close()
