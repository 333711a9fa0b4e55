"""Where a book's text lies on its pages, read back from the PDF: each line of the page's own
text (not the lettering inside a face's picture) with its position and the marked content
it belongs to (PDFium's page objects, pypdfium2), and each paragraph's marked content from
the structure tree (pikepdf). The rulebooks' page tests read columns, page fill, widows and
orphans and repeated table headers from these."""

from __future__ import annotations

import tempfile
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pikepdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c


@dataclass(frozen=True)
class Line:
    """A run of text drawn on a page: its left edge and baseline (points from the page's
    bottom left), its right edge, its marked content id (-1: none, an artifact such as
    the footer) and its text."""

    x: float
    y: float
    right: float
    mcid: int
    text: str


@dataclass
class Page:
    width: float
    height: float
    lines: list[Line]


def pages(pdf: Path, depth: int = 1) -> list[Page]:
    """Each page's runs of text, in the order they are drawn (with `depth` 2, those of
    the forms the page draws too)."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        out = []
        for i in range(len(doc)):
            page = doc[i]
            textpage = page.get_textpage()
            lines = []
            for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_TEXT], max_depth=depth):
                left, bottom, right, top = obj.get_bounds()
                matrix = obj.get_matrix()
                text = _text_of(obj, textpage)
                mcid = int(pdfium_c.FPDFPageObj_GetMarkedContentID(obj.raw))
                lines.append(Line(float(left), float(matrix.f), float(right), mcid, text))
            out.append(Page(float(page.get_width()), float(page.get_height()), lines))
            textpage.close()
            page.close()
        return out
    finally:
        doc.close()


def booklet_pages(pdf: Path) -> list[Page]:
    """The reading pages a booklet imposes (each drawn on a sheet side as a form,
    `/ReadingPage<n>`), in their own order and their own coordinates: each form set alone
    on a page of its size, then read as `pages` reads a book. The booklet carries no marks,
    so every line's mcid is -1."""
    with pikepdf.open(pdf) as booklet:
        forms: dict[int, Any] = {}
        for sheet in booklet.pages:
            for name, form in sheet.Resources.XObject.items():
                if name.startswith("/ReadingPage"):
                    forms[int(name[len("/ReadingPage") :])] = form
        alone = pikepdf.new()
        for number in sorted(forms):
            form = alone.copy_foreign(forms[number])
            width, height = (int(v) for v in form.BBox[2:4])
            page = alone.add_blank_page(page_size=(width, height))
            page.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(P=form))
            page.Contents = alone.make_stream(b"/P Do")
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "reading-pages.pdf"
            alone.save(path)
            return pages(path, depth=2)


def lowest_drawn(pdf: Path, floor: float) -> list[float | None]:
    """Each page's lowest point of anything drawn above `floor` (text, a picture, a face,
    a table's shading), in points from the page's bottom: how far down its content goes
    (None on a page with nothing above `floor`)."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        out: list[float | None] = []
        for i in range(len(doc)):
            page = doc[i]
            bottoms = [float(o.get_bounds()[1]) for o in page.get_objects(max_depth=1)]
            out.append(min((b for b in bottoms if b > floor), default=None))
            page.close()
        return out
    finally:
        doc.close()


def _text_of(obj: Any, textpage: Any) -> str:
    """The text a text object draws."""
    n = pdfium_c.FPDFTextObj_GetText(obj.raw, textpage.raw, None, 0)
    if n <= 2:
        return ""
    buffer = (pdfium_c.c_ushort * n)()
    pdfium_c.FPDFTextObj_GetText(obj.raw, textpage.raw, buffer, n)
    return bytes(buffer).decode("utf-16-le").rstrip("\x00")


def elements(
    pdf: Path, roles: set[str], whole: bool = False
) -> list[tuple[str, list[tuple[int, int]]]]:
    """Each structure element of one of `roles`, in reading order: its role and its marked
    contents as (page index, mcid); with `whole`, its elements' contents too (a table's
    cells)."""
    with pikepdf.open(pdf) as book:
        numbers: dict[Any, int] = {p.objgen: i for i, p in enumerate(book.pages)}
        found: list[tuple[str, list[tuple[int, int]]]] = []

        def kids(e: Any) -> list[Any]:
            k = e.get("/K")
            return [] if k is None else list(k) if isinstance(k, pikepdf.Array) else [k]

        def marks(e: Any) -> list[tuple[int, int]]:
            out = []
            for k in kids(e):
                if isinstance(k, pikepdf.Dictionary) and k.get("/Type") == "/MCR":
                    out.append((numbers[k.Pg.objgen], int(k.MCID)))
                elif whole and isinstance(k, pikepdf.Dictionary):
                    out += marks(k)
            return out

        def visit(e: Any) -> None:
            role = str(e.get("/S", ""))[1:]
            if role in roles:
                found.append((role, marks(e)))
            for k in kids(e):
                if isinstance(k, pikepdf.Dictionary) and k.get("/Type") == "/StructElem":
                    visit(k)

        visit(book.Root.StructTreeRoot)
        return found


def baselines(page: Page, mcids: set[int]) -> list[float]:
    """The distinct baselines (top first) of the page's text marked with one of `mcids`."""
    ys = sorted({round(line.y, 1) for line in page.lines if line.mcid in mcids}, reverse=True)
    out: list[float] = []
    for y in ys:
        if not out or out[-1] - y > 2.0:  # a bold word or an icon's room on the same line
            out.append(y)
    return out


def parts_by_place(
    book: list[Page], marks: list[tuple[int, int]]
) -> dict[tuple[int, bool], set[int]]:
    """An element's marked contents grouped by where they are drawn: (page index, in the
    page's right half)."""
    placed: dict[tuple[int, bool], set[int]] = defaultdict(set)
    for page_index, mcid in marks:
        page = book[page_index]
        xs = [line.x for line in page.lines if line.mcid == mcid]
        if xs:
            placed[(page_index, min(xs) > page.width / 2)].add(mcid)
    return placed


__all__ = [
    "lowest_drawn",
    "Line",
    "Page",
    "baselines",
    "booklet_pages",
    "elements",
    "pages",
    "parts_by_place",
]
