"""A Platypus document for a book page size: cover and body page templates, running
footers with page numbers, a table of contents and PDF bookmarks. The booklets are imposed
from the finished reading PDF (`cardstock.books.booklet.impose`)."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any, Callable

from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate
from reportlab.platypus.doctemplate import LayoutError
from reportlab.platypus.tableofcontents import TableOfContents

from ..units import PAPERS, parse_length
from .story import ICON_CALLBACK, Heading, Styles, grid_style

rl_config.useA85 = 0  # plain (Flate) streams: smaller and identical run to run


@dataclass(frozen=True)
class BookSize:
    """A book page size and the sheet two of its pages are imposed on."""

    name: str  # "half-letter" | "a5"
    sheet_paper: str  # "letter" | "a4"

    @property
    def page(self) -> tuple[float, float]:
        w, h = PAPERS[self.name]
        return parse_length(w), parse_length(h)

    @property
    def sheet(self) -> tuple[float, float]:
        w, h = PAPERS[self.sheet_paper]
        return parse_length(h), parse_length(w)  # landscape


BOOK_FOR_PAPER = {"letter": BookSize("half-letter", "letter"), "a4": BookSize("a5", "a4")}


def margins(size: BookSize) -> tuple[float, float, float, float]:
    """(inner, outer, top, bottom) in points."""
    return (0.55 * inch, 0.5 * inch, 0.5 * inch, 0.62 * inch)


class BookDoc(BaseDocTemplate):
    """The document: `links=False` leaves out links and bookmarks."""

    def __init__(self, buffer: Any, size: BookSize, styles: Styles, title: str, footer: str, painter: Callable, links: bool, meta: dict[str, str]):
        w, h = size.page
        inner, outer, top, bottom = margins(size)
        self.book_margins = (inner, outer, top, bottom)
        self.has_entries = False
        super().__init__(
            buffer, pagesize=(w, h), invariant=1, pageCompression=1,
            leftMargin=inner, rightMargin=outer, topMargin=top, bottomMargin=bottom,
            title=meta.get("title", title), author=meta.get("author", ""), subject=meta.get("subject", ""),
            creator="cardstock", producer="cardstock (ReportLab)", keywords=meta.get("keywords", ""),
            initialFontName=styles.f.regular,  # no unembedded Helvetica in the page preamble
        )
        self.styles = styles
        self.footer_text = footer
        self.painter = painter
        self.links = links
        self.outline_level = -1
        fw = w - inner - outer
        fh = h - top - bottom
        self.frame_size = (fw, fh)
        cover = Frame(inner, bottom, fw, fh, id="cover", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        # Odd (right-hand) pages keep the wider margin on the left, at the fold; even
        # pages mirror it, so the text block stays clear of the staples in the booklet.
        odd = Frame(inner, bottom, fw, fh, id="odd", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        even = Frame(outer, bottom, fw, fh, id="even", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([
            PageTemplate(id="cover", frames=[cover], pagesize=(w, h)),
            PageTemplate(id="body", frames=[odd], onPage=self._footer, pagesize=(w, h)),
        ])
        self._even_frame = even
        self._odd_frame = odd

    def beforePage(self) -> None:  # noqa: N802 - ReportLab's name; runs before the frame is chosen
        """Mirror the text frame on even (left-hand) pages."""
        if self.pageTemplate.id == "body":
            frame = self._even_frame if self.page % 2 == 0 else self._odd_frame
            frame._reset()
            self.pageTemplate.frames = [frame]

    draft = False  # True while a pass runs whose output is certainly thrown away
    passes = 0

    def beforeDocument(self) -> None:  # noqa: N802
        # multiBuild lays the story out until the contents stop changing and keeps only the
        # last pass. With contents entries in the story, the first pass (contents still
        # empty) can never be the last, so pictures need not be drawn in it.
        self.passes += 1
        self.draft = self.passes == 1 and self.has_entries
        self.canv.setNamedCB(ICON_CALLBACK, self.painter)
        self.outline_level = -1
        if self.links:
            self.canv.showOutline()

    def _footer(self, canv: Canvas, doc: "BookDoc") -> None:
        w, _ = self.pagesize
        inner, outer, _, bottom = self.book_margins
        page = doc.page
        y = bottom * 0.45
        canv.saveState()
        canv.setStrokeColor(colors.HexColor(self.styles.accent))
        canv.setLineWidth(0.5)
        left_x = inner if page % 2 else outer
        canv.line(left_x, bottom * 0.75, left_x + self.frame_size[0], bottom * 0.75)
        canv.setFillColor(colors.HexColor("#555555"))
        canv.setFont(self.styles.f.bold, 8.5 * self.styles.scale)
        number = str(page)
        if page % 2:  # right-hand page: number at the outer (right) edge
            canv.drawRightString(w - outer, y, number)
            canv.setFont(self.styles.f.italic, 7.2 * self.styles.scale)
            canv.drawString(inner, y, self.footer_text)
        else:
            canv.drawString(outer, y, number)
            canv.setFont(self.styles.f.italic, 7.2 * self.styles.scale)
            canv.drawRightString(w - inner, y, self.footer_text)
        canv.restoreState()

    def afterFlowable(self, flowable: Flowable) -> None:  # noqa: N802
        if not isinstance(flowable, Heading):
            return
        if flowable.toc_level <= 1:
            self.notify("TOCEntry", (flowable.toc_level, flowable.toc_title, self.page, flowable.key if self.links else None))
        if self.links:
            level = min(flowable.toc_level, self.outline_level + 1)
            self.canv.bookmarkPage(flowable.key)
            self.canv.addOutlineEntry(flowable.toc_title, flowable.key, level=max(0, level), closed=level > 0)
            self.outline_level = max(0, level)


def contents(styles: Styles) -> TableOfContents:
    toc = TableOfContents(levelStyles=styles.toc, dotsMinLevel=0, tableStyle=grid_style(styles, "TOP", (0, 0, 0, 0)))
    return toc


@dataclass
class Built:
    data: bytes
    pages: int  # reading pages
    sheets_sides: int = 0  # booklet: printed sides


def build(make_story: Callable[[BookDoc], list[Flowable]], size: BookSize, styles: Styles, title: str, footer: str, painter: Callable, meta: dict[str, str]) -> Built:
    """Lay out and draw the story once, as a reading-order PDF. `make_story(doc)` returns
    fresh flowables. Raises LayoutError when something can never fit (callers report it)."""
    buf = io.BytesIO()
    doc = BookDoc(buf, size, styles, title, footer, painter, links=True, meta=meta)
    story = make_story(doc)
    doc.has_entries = any(isinstance(f, Heading) and f.toc_level <= 1 for f in story) and any(isinstance(f, TableOfContents) for f in story)
    doc.multiBuild(story, canvasmaker=Canvas)
    return Built(buf.getvalue(), doc.page)


def booklet(reading: Built, size: BookSize, meta: dict[str, str]) -> Built:
    """The saddle-stitched booklet of a reading PDF laid out at `size`."""
    from .booklet import impose

    info = {"Title": meta.get("title", ""), "Author": meta.get("author", ""), "Subject": meta.get("subject", ""),
            "Keywords": meta.get("keywords", ""), "Creator": "cardstock", "Producer": "cardstock (ReportLab, pypdf)"}
    data, sides = impose(reading.data, size.sheet, info)
    return Built(data, reading.pages, sides)


__all__ = ["BookDoc", "BookSize", "BOOK_FOR_PAPER", "Built", "LayoutError", "booklet", "build", "contents"]
