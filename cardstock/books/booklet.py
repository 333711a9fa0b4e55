"""Saddle-stitch imposition: reading pages two-up on landscape sheets, in folding order.

A booklet of N pages (N padded with blank pages to a multiple of four) needs N/4 sheets.
Sheet i (counting from 0, the outermost sheet first) carries, seen from the front:

    front:  left = N - 2i      right = 1 + 2i
    back:   left = 2 + 2i      right = N - 1 - 2i

Print the sheets double-sided, flipping on the SHORT edge, stack them in order, fold the
stack in half: the pages read 1, 2, 3, … Both sides of every sheet are upright, so no page
is rotated.

`booklet_order` is the pure page-order function; `ImposingCanvas` is a ReportLab canvas
that turns every page Platypus finishes into a Form XObject and, on save, draws the forms
into their slots on the sheets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from reportlab.pdfbase.pdfdoc import PDFFormXObject, PDFResourceDictionary
from reportlab.pdfgen.canvas import Canvas


@dataclass(frozen=True)
class Side:
    """One printed side of one sheet: the reading pages in its left and right halves
    (None for a blank page added to reach a multiple of four)."""

    sheet: int  # 1-based, outermost sheet first
    face: str  # "front" | "back"
    left: Optional[int]
    right: Optional[int]


def padded(pages: int) -> int:
    """Pages rounded up to a multiple of four (at least four)."""
    return max(4, -(-pages // 4) * 4)


def booklet_order(pages: int) -> list[Side]:
    """The sides to print, in print order (sheet 1 front, sheet 1 back, sheet 2 front, …)."""
    if pages < 1:
        raise ValueError("a booklet needs at least one page")
    n = padded(pages)

    def real(p: int) -> Optional[int]:
        return p if p <= pages else None

    sides: list[Side] = []
    for i in range(n // 4):
        sides.append(Side(i + 1, "front", real(n - 2 * i), real(1 + 2 * i)))
        sides.append(Side(i + 1, "back", real(2 + 2 * i), real(n - 1 - 2 * i)))
    return sides


def slot_of(page: int, pages: int) -> tuple[int, str, str]:
    """Where reading page `page` lands: (sheet, "front"|"back", "left"|"right")."""
    for side in booklet_order(pages):
        if side.left == page:
            return side.sheet, side.face, "left"
        if side.right == page:
            return side.sheet, side.face, "right"
    raise ValueError(f"page {page} is not in a booklet of {pages} pages")


class ImposingCanvas(Canvas):
    """A canvas whose pages become Form XObjects; `save()` imposes them two-up.

    Make it with `functools.partial(ImposingCanvas, sheet=(w, h))` as a Platypus
    `canvasmaker`; the document's page size must be half the sheet (or smaller: the page
    is centred in its half). Page features that belong to a page (links, bookmarks) must
    not be used while drawing: a form cannot hold them.
    """

    def __init__(self, *args, sheet: tuple[float, float], **kwargs):
        super().__init__(*args, **kwargs)
        self._sheet = sheet
        self._forms: list[tuple[str, float, float]] = []

    def showPage(self) -> None:  # noqa: N802 - ReportLab's name
        """Close the current reading page as a form instead of a page."""
        w, h = self._pagesize
        name = f"ReadingPage{len(self._forms) + 1}"
        form = _PageForm(0, 0, w, h)
        form.compression = self._pageCompression
        form.setStreamList([self._preamble] + self._code + [" "])
        self._setColorSpace(form)
        self._setExtGState(form)
        self._setXObjects(form)
        self._setShadingUsed(form)
        self._doc.addForm(name, form)
        self._forms.append((name, w, h))
        self._pageNumber += 1
        self._restartAccumulators()
        self.init_graphics_state()
        self.state_stack = []

    @property
    def reading_pages(self) -> int:
        return len(self._forms)

    def save(self) -> None:
        if len(self._code):
            self.showPage()
        sw, sh = self._sheet
        self.setPageSize((sw, sh))
        half = sw / 2
        for side in booklet_order(max(1, len(self._forms))):
            for slot, page in ((0, side.left), (1, side.right)):
                if page is None or page > len(self._forms):
                    continue
                name, w, h = self._forms[page - 1]
                self.saveState()
                # the fold is at the sheet's centre: each page sits against it
                x = half - w if slot == 0 else half
                self.translate(x, (sh - h) / 2)
                self.doForm(name)
                self.restoreState()
            Canvas.showPage(self)
        Canvas.save(self)


class _PageForm(PDFFormXObject):
    """A Form XObject holding a whole page: its resources are a page's resources.

    ReportLab's own forms list only fonts and XObjects, so transparency (ExtGState),
    shadings and colour spaces used on the page would be missing from the form."""

    def format(self, document):  # noqa: A003 - ReportLab's name
        if not self.Resources:
            resources = PDFResourceDictionary()
            resources.basicFonts()
            resources.allProcs()
            if self.XObjects:
                resources.XObject = self.XObjects
            if getattr(self, "ExtGState", None):
                resources.ExtGState = self.ExtGState
            resources.setShading(getattr(self, "_shadingUsed", {}))
            resources.setColorSpace(getattr(self, "_colorsUsed", {}))
            self.Resources = resources
        return super().format(document)
