"""A Platypus document for a book page size: cover and body page templates, running
footers with page numbers, a table of contents and PDF bookmarks. The booklets are imposed
from the finished reading PDF (`cardstock.books.booklet.impose`).

The story is laid out in one pass although its contents list pages that come after it:
the contents' rows (the headings) are known before layout, and a row's height does not
depend on its page number, so `Contents` takes its final size at once. Each row's dot
leader and page number (ReportLab's own `drawPageNumbers`) are a form that the page draws
where the row ends, defined once every heading has found its page and before the canvas is
saved (ReportLab lets a page use a form defined later). A story the single
pass cannot serve is laid out with ReportLab's `multiBuild` instead."""

from __future__ import annotations

import io
from ast import literal_eval
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    PageBreak,
    PageTemplate,
    Spacer,
    Table,
)
from reportlab.platypus.doctemplate import ActionFlowable, LayoutError
from reportlab.platypus.tableofcontents import TableOfContents

from ..core.toolwords import ENGLISH, ToolWords
from ..render.pdfdoc import (
    Spill,
    _doc_object,
    _next_page_name,
    pdf_settings,
    seal,
    unique_subset_tags,
)
from . import fonts, refs
from .columns import every

# the book sizes live with what recalls a book without typesetting (`recall`)
from .content import BOOK_FOR_PAPER, BookSize  # noqa: E402
from .marks import FOOTER, PAGE, Node, Recorder, Tagged, recorder_of, unwrapped
from .scripts import MeasuredParagraph, ScriptEntry, ScriptParagraph, needs_layout
from .story import HEADINGS, ICON_CALLBACK, Styles, grid_style, text_position


def margins() -> tuple[float, float, float, float]:
    """(inner, outer, top, bottom) in points."""
    return (0.55 * inch, 0.5 * inch, 0.5 * inch, 0.62 * inch)


class BookCanvas(Canvas):  # type: ignore[misc]  # ReportLab ships no type hints, so its classes are Any
    """The canvas of a book. It knows its document (`draft`: a pass whose pages are thrown
    away draws no pictures), and with `held` the save at the end of a build waits until
    `held` is cleared, so the contents can be finished first (as multiBuild does)."""

    def __init__(self, *args: Any, book: BookDoc, held: bool = False, **kw: Any):
        super().__init__(*args, **kw)
        self.book = book
        self.held = held
        # each finished page compressed at once into a temporary file (`pdfdoc.show_page`),
        # so a long book (a gallery of thousands of thumbnails) holds no page's operators
        self._spill = Spill()

    @property
    def draft(self) -> bool:
        return self.book.draft

    def showPage(self) -> None:
        name = _next_page_name(self)
        super().showPage()
        seal(_doc_object(self, name), "page stream", self._spill)

    def save(self) -> None:
        if not self.held:
            self.book.define_refs(self)
            super().save()
            self._spill.close()

    def discard(self) -> None:  # the end of a layout-only pass (`BookDoc.layout_only`)
        self._spill.close()


class MarkedPage(PageTemplate):  # type: ignore[misc]  # ReportLab ships no type hints, so its classes are Any
    """A page template whose pages are decoration save what the story marks as real
    content (`books.marks`)."""

    def beforeDrawPage(self, canv: Canvas, doc: BookDoc) -> None:  # noqa: N802
        doc.marks.page_begin(canv)

    def afterDrawPage(self, canv: Canvas, doc: BookDoc) -> None:  # noqa: N802
        doc.marks.page_end(canv)


class BookDoc(BaseDocTemplate):  # type: ignore[misc]  # ReportLab ships no type hints, so its classes are Any
    """The document: `links=False` leaves out links and bookmarks."""

    def __init__(
        self,
        buffer: Any,
        size: BookSize,
        styles: Styles,
        title: str,
        footer: str,
        painter: Callable[[Any, str, str], None],
        links: bool,
        meta: dict[str, str],
        columns: int = 1,
        words: ToolWords = ENGLISH,
    ):
        w, h = size.page
        self.columns = columns  # the body's running text in one column or two (`books.columns`)
        self.words = words  # cardstock's words in the book's language (`books.refs`)
        self.heading_pages: dict[str, int] = {}  # each heading's words -> its first page
        self.refs_used: dict[str, float] = {}  # each heading a reference drew -> its type size
        inner, outer, top, bottom = margins()
        self.book_margins = (inner, outer, top, bottom)
        self.has_entries = False
        self.single = False  # laid out in one pass (see `build`)
        # every pass a draft: the layout is wanted for what it finds, not to be printed
        self.layout_only = False
        self.toc_entries: list[
            tuple[int, str, int, Any]
        ] = []  # (level, title, page, key) as laid out
        super().__init__(
            buffer,
            pagesize=(w, h),
            invariant=1,
            pageCompression=1,
            leftMargin=inner,
            rightMargin=outer,
            topMargin=top,
            bottomMargin=bottom,
            title=meta.get("title", title),
            author=meta.get("author", ""),
            subject=meta.get("subject", ""),
            creator="cardstock",
            producer="cardstock (ReportLab)",
            keywords=meta.get("keywords", ""),
            lang=meta.get("lang") or None,  # the catalog's /Lang: how a reader speaks the text
            initialFontName=styles.f.regular,  # no unembedded Helvetica in the page preamble
            trimBox=(0, 0, w, h),
            bleedBox=(0, 0, w, h),  # a book page is cut at its edge
        )
        self.styles = styles
        self.marks = Recorder()  # the marked content of the pass being laid out
        self.footer_text = footer
        # the chapter of the last `#` heading laid out, and the one a page's first line
        # belongs to (its own when the page opens with a chapter's heading): a right-hand
        # page's running head, drawn when the page ends; the book's title on a left-hand one
        self.chapter: str | None = None
        self.page_chapter: str | None = None
        self.painter = painter
        self.links = links
        self.outline_level = -1
        fw = w - inner - outer
        fh = h - top - bottom
        self.frame_size = (fw, fh)
        cover = Frame(
            inner,
            bottom,
            fw,
            fh,
            id="cover",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        # Odd (right-hand) pages keep the wider margin on the left, at the fold; even
        # pages mirror it, so the text block stays clear of the staples in the booklet.
        self.body_frames = {"odd": (inner, bottom, fw, fh), "even": (outer, bottom, fw, fh)}
        self.addPageTemplates(
            [
                MarkedPage(id="cover", frames=[cover], pagesize=(w, h)),
                MarkedPage(
                    id="body",
                    frames=[self.body_frame("odd")],
                    onPageEnd=self._footer,
                    pagesize=(w, h),
                ),
            ]
        )

    def body_frame(self, side: str) -> Frame:
        return Frame(
            *self.body_frames[side],
            id=side,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )

    def beforePage(self) -> None:  # noqa: N802 - ReportLab's name; runs before the frame is chosen
        """Mirror the text frame on even (left-hand) pages (a fresh frame each page)."""
        if self.pageTemplate.id == "body":
            self.pageTemplate.frames = [self.body_frame("even" if self.page % 2 == 0 else "odd")]
        self.page_chapter = None

    draft = False  # True while a pass runs whose output is certainly thrown away
    passes = 0

    def beforeDocument(self) -> None:  # noqa: N802
        # multiBuild (the fallback, see `build`) lays the story out until the contents stop
        # changing and keeps only the last pass. With contents entries in the story, the
        # first pass (contents still empty) can never be the last, so pictures need not be
        # drawn in it. A single pass is always kept.
        self.passes += 1
        self.draft = self.layout_only or (not self.single and self.passes == 1 and self.has_entries)
        self.toc_entries = []
        self.heading_pages = {}
        self.refs_used = {}
        self.marks.reset()
        self.canv.setNamedCB(ICON_CALLBACK, self.painter)
        self.canv.setNamedCB(refs.CALLBACK, self._ref)
        self.outline_level = -1
        self.chapter = self.page_chapter = None
        if self.links:
            self.canv.showOutline()

    def _ref(self, canv: Canvas, kind: str, label: str) -> None:
        """A page reference's callback: its page, drawn where its room ends (`books.refs`)."""
        refs.draw(canv, label, text_position(canv), self.refs_used)

    def define_refs(self, canv: Canvas) -> None:
        """Define the page of each heading the text referred to, now that every heading has
        found its page (before the canvas is saved)."""
        if self.refs_used:
            color = colors.HexColor("#222222")
            refs.define(
                canv, self.refs_used, self.heading_pages, self.words, self.styles.f.regular, color
            )

    def _footer(self, canv: Canvas, doc: BookDoc) -> None:
        w, _ = self.pagesize
        inner, outer, _, bottom = self.book_margins
        page = doc.page
        y = bottom * 0.45
        self.marks.enter(canv, FOOTER)
        canv.saveState()
        canv.setStrokeColor(colors.HexColor(self.styles.accent))
        canv.setLineWidth(0.5)
        left_x = inner if page % 2 else outer
        canv.line(left_x, bottom * 0.75, left_x + self.frame_size[0], bottom * 0.75)
        canv.setFillColor(colors.HexColor("#555555"))
        canv.setFont(self.styles.f.bold, max(8.5 * self.styles.scale, self.styles.least))
        number = str(page)
        size = max(7.2 * self.styles.scale, self.styles.least)
        if page % 2:  # right-hand page: number at the outer (right) edge, the chapter
            canv.drawRightString(w - outer, y, number)
            canv.setFont(self.styles.f.italic, size)
            head = self.page_chapter or self.chapter or self.footer_text
            if not self._script_footer(canv, head, inner, y, size, TA_LEFT):
                fitted = _fitted(head, self.styles.f.italic, size, self.frame_size[0] * 0.8)
                canv.drawString(inner, y, fitted)
        else:  # left-hand page: the book's title
            canv.drawString(outer, y, number)
            canv.setFont(self.styles.f.italic, size)
            x = w - inner - self.frame_size[0] / 2
            if not self._script_footer(canv, self.footer_text, x, y, size, TA_RIGHT):
                canv.drawRightString(w - inner, y, self.footer_text)
        canv.restoreState()
        self.marks.leave(canv)

    def _script_footer(
        self, canv: Canvas, text: str, x: float, y: float, size: float, align: int
    ) -> bool:
        """A footer's `text` (the game's title, or the chapter) laid out as a face's text
        is, when its script needs it (`books.scripts`), in half the frame's width from `x`,
        its baseline at `y`; False when ReportLab's own drawing serves."""
        if not needs_layout(text, fonts.missing(text, self.styles.f.family)):
            return False
        style = ParagraphStyle(
            "footer",
            fontName=self.styles.f.italic,
            fontSize=size,
            leading=size * 1.2,
            textColor=colors.HexColor("#555555"),
            alignment=align,
        )
        para = ScriptParagraph(text, style)
        _, height = para.wrap(self.frame_size[0] / 2, size * 4)
        para.drawOn(canv, x, y - (height - para.baseline()))
        return True

    def afterFlowable(self, flowable: Flowable) -> None:  # noqa: N802
        flowable = unwrapped(flowable)
        if not isinstance(flowable, HEADINGS):
            if self.page_chapter is None and _shows(flowable):
                self.page_chapter = self.chapter  # the page's first line: the chapter goes on
            return
        self.heading_pages.setdefault(flowable.toc_title, self.page)
        if flowable.toc_level == 0:
            self.chapter = flowable.toc_title
        if self.page_chapter is None:
            self.page_chapter = self.chapter
        if flowable.toc_level <= 1:
            entry = (
                flowable.toc_level,
                flowable.toc_title,
                self.page,
                flowable.key if self.links else None,
            )
            self.toc_entries.append(entry)
            self.notify("TOCEntry", entry)
        if self.links:
            level = min(flowable.toc_level, self.outline_level + 1)
            self.canv.bookmarkPage(flowable.key)
            self.canv.addOutlineEntry(
                flowable.toc_title, flowable.key, level=max(0, level), closed=level > 0
            )
            self.outline_level = max(0, level)


def _shows(flowable: Flowable) -> bool:
    """Whether a flowable the document laid out puts something on the page (not a space,
    a page break or an action such as the next page's template)."""
    return not isinstance(flowable, (Spacer, PageBreak, ActionFlowable))


def _fitted(text: str, font: str, size: float, width: float) -> str:
    """`text` as a running head in `font` at `size`: whole when it fits `width`, else cut
    at a word and ended with an ellipsis."""
    if stringWidth(text, font, size) <= width:
        return text
    words = text.split()
    while words and stringWidth(" ".join(words) + " \u2026", font, size) > width:
        words.pop()
    return " ".join(words) + " \u2026" if words else text[:1] + "\u2026"


class Unsettled(Exception):
    """The single pass could not finish the contents; `build` lays the story out again
    with `multiBuild`."""


class _NumberText:
    """What `drawPageNumbers` needs of a canvas, keeping the text it draws instead of
    drawing it: the text object is the real canvas's (so the glyphs count for the
    document's font subsets); its code is spliced into the page later."""

    def __init__(self, canv: Canvas, x: float, y: float):
        self._canv = canv
        self._curr_tx_info = {"cur_x": x, "cur_y": y}
        self.code: list[str] = []

    def beginText(self, x: float, y: float) -> Any:  # noqa: N802
        return self._canv.beginText(x, y)

    def drawText(self, tx: Any) -> None:  # noqa: N802
        self.code.append(str(tx.getCode()))


class _Ends:
    """What a contents row's `<onDraw>` callback left to draw: ReportLab calls it before
    the row's own text is drawn, so the row (`_Row`) draws it after its text, for a reader
    to hear the title before the page number. One, however often its row is copied."""

    def __init__(self) -> None:
        self.todo: list[Callable[[Canvas], None]] = []
        self.at = (0.0, 0.0)  # where the row's text was drawn

    def drawn(self, canvas: Canvas, draw: Callable[[], None]) -> None:
        """`draw` in the space of the row's text (each in a graphics state of its own, so
        that marked content and saved states nest)."""
        canvas.saveState()
        canvas.translate(*self.at)
        draw()
        canvas.restoreState()

    def __deepcopy__(self, memo: dict[int, Any]) -> _Ends:
        return self


class _Row(Tagged):
    """A contents row (`TOCI`): its title, then its dot leader (an artifact) and page
    number, which its callback left in `ends`, drawn in the title's space."""

    def __init__(self, inner: Flowable, node: Node, ends: _Ends) -> None:
        super().__init__(inner, node)
        self.ends = ends

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        parts = super().split(availWidth, availHeight)
        return [_Row(p.inner, self.node, self.ends) for p in parts]

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:  # noqa: N802
        marks = recorder_of(canvas)
        if marks is not None:
            marks.enter(canvas, self.node)
        try:
            self.inner.drawOn(canvas, x, y, _sW)
            todo, self.ends.todo = self.ends.todo, []
            self.ends.at = (x, y)
            for draw in todo:
                draw(canvas)
        finally:
            if marks is not None:
                marks.leave(canvas)


def _leader(canvas: Canvas, draw: Callable[[], None]) -> None:
    """`draw` a dot leader: decoration (an artifact) in a tagged book."""
    marks = recorder_of(canvas)
    if marks is not None:
        marks.enter(canvas, PAGE)
    draw()
    if marks is not None:
        marks.leave(canvas)


class Contents(TableOfContents):  # type: ignore[misc]  # ReportLab ships no type hints, so its classes are Any
    """ReportLab's table of contents, able to be laid out in a single pass.

    `plan(rows, prefix)` gives it its rows, (level, title, key), before layout; it then
    lays out exactly the table `TableOfContents` makes from the finished entries (a row's
    height depends on its title, never on its page number). Where ReportLab's callback
    draws a row's dot leader and page number, this one leaves a marker (a PDF comment) in
    the page's stream and a link over the leader and number, and records the spot.
    `finish(canv, pages)`, after layout and before the canvas is saved, has ReportLab's
    own `drawPageNumbers` make each row's leader and number there and puts that text in
    place of the marker. Unplanned, it is the plain `TableOfContents` (for multiBuild)."""

    def __init__(self, **kw: Any):
        super().__init__(**kw)
        self.planned: list[tuple[int, str, Any]] | None = None
        self.prefix = ""
        self.placed: dict[
            int, tuple[float, float, float, float, bool]
        ] = {}  # row -> (x, y, availWidth, availHeight, right to left)
        self.drawn: dict[int, int] = {}  # row -> times drawn
        # the entries the document notified in this pass and in the last (multiBuild)
        self.seen: list[tuple[int, str, int, Any]] = []
        self.last: list[tuple[int, str, int, Any]] = []
        self.family: str | None = None  # the book's face, for `needs_layout` (`contents`)
        self.node = Node("TOC")  # its rows, each a `TOCI`, in the structure tree
        self._avail = 0.0  # the width the table was last laid out in
        self._titles: dict[Any, str] = {}  # a row's link target -> its words
        self._ends = _Ends()  # what the row being drawn draws after its title

    def plan(self, rows: list[tuple[int, str, Any]], prefix: str) -> None:
        self.planned = list(rows)
        self.prefix = prefix

    def addEntry(self, level: int, text: str, pageNum: int, key: Any = None) -> None:  # noqa: N802, N803
        super().addEntry(level, text, pageNum, key)
        self.seen.append((level, text, pageNum, key))

    def clearEntries(self) -> None:  # noqa: N802
        super().clearEntries()
        self.seen = []

    def beforeBuild(self) -> None:  # noqa: N802
        """A pass of multiBuild begins: the entries the last one saw are the ones drawn."""
        if self.planned is None:
            seen = self.seen  # ReportLab's own clears the entries (`clearEntries`)
            super().beforeBuild()
            self.last, self.seen = seen, []

    def _form(self, row: int) -> str:
        return f"{self.prefix}{row}"

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        planned = self.planned
        if planned is None:
            self._table_of(self.last, availWidth, availHeight, self._live_end)
            return self._wrapped(availWidth, availHeight)
        # The page-number slot of each entry carries the row's index: ReportLab puts it in
        # the (invisible) callback label only, so the table is the one the finished
        # entries make. ReportLab's own `beforeBuild` makes the entries the ones laid out.
        self.clearEntries()
        self.addEntries(
            [(level, title, row, key) for row, (level, title, key) in enumerate(planned)]
        )
        TableOfContents.beforeBuild(self)

        def place(canvas: Canvas, label: str, x: float, y: float, rtl: bool) -> None:
            row = int(label.split(",")[0])
            level, title, key = planned[row]
            self.placed[row] = (x, y, availWidth, availHeight, rtl)
            self.drawn[row] = self.drawn.get(row, 0) + 1
            self._ends.todo.append(partial(ends, row, level, title, key, y))

        def ends(row: int, level: int, title: str, key: Any, y: float, canvas: Canvas) -> None:
            # the leader and the number, defined by `finish`
            drawn = partial(self._ends.drawn, canvas)
            _leader(canvas, partial(drawn, partial(canvas.doForm, self._form(row) + "l")))
            drawn(partial(canvas.doForm, self._form(row)))
            if key:
                top = y + self.getLevelStyle(level).leading
                drawn(partial(_link, canvas, title, key, (0.0, y, availWidth, top)))

        rows = [(level, title, row, key) for row, (level, title, key) in enumerate(planned)]
        self._table_of(rows, availWidth, availHeight, place)
        return self._wrapped(availWidth, availHeight)

    def _wrapped(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        self.width, self.height = self._table.wrapOn(self.canv, avail_w, avail_h)
        return self.width, self.height

    def _live_end(self, canvas: Canvas, label: str, x: float, y: float, rtl: bool) -> None:
        """A row's leader and page number drawn with the row (multiBuild, whose last pass
        knows every page): what ReportLab's own callback draws, mirrored for a right-to-left
        row."""
        self._ends.todo.append(partial(self._live_ends, label, x, y, rtl))

    def _live_ends(self, label: str, x: float, y: float, rtl: bool, canvas: Canvas) -> None:
        page, level, key = label.split(",", 2)
        style = self.getLevelStyle(int(level))
        number = self.formatter(int(page)) if self.formatter else int(page)
        at = _NumberText(canvas, x, y)
        _numbers(at, style, number, x, y, self._avail, self._dot(int(level)), rtl)
        leader, figure = at.code
        drawn = partial(self._ends.drawn, canvas)
        _leader(canvas, partial(drawn, partial(canvas.addLiteral, leader)))
        drawn(partial(canvas.addLiteral, figure))
        target = literal_eval(key.replace("\\x2c", ","))
        if target:
            top = y + style.leading
            title = self._titles.get(target, "")
            drawn(partial(_link, canvas, title, target, (0.0, y, self._avail, top)))

    def _dot(self, level: int) -> str:
        return " . " if self.dotsMinLevel >= 0 and level >= self.dotsMinLevel else ""

    def _table_of(
        self,
        entries: list[tuple[int, str, int, Any]],
        avail_w: float,
        avail_h: float,
        end: Callable[[Canvas, str, float, float, bool], None],
    ) -> None:
        """ReportLab's table of the contents (`TableOfContents.wrap`), each row's end
        handed to `end(canvas, label, x, y, rtl)`; a title in a script ReportLab's
        Paragraph does not lay out (right to left, CJK, a character only a project font
        has) is a `ScriptEntry`, laid out as the book's body text is."""
        self._avail = avail_w
        self._titles = {key: text for _, text, _, key in entries if key}
        rows = entries or [(0, "Placeholder for table of contents", 0, None)]

        def callback(canvas: Canvas, kind: str, label: str) -> None:
            end(canvas, label, *text_position(canvas), False)

        self.canv.setNamedCB("drawTOCEntryEnd", callback)
        data: list[list[Flowable]] = []
        for level, text, page, key in rows:
            style = self.getLevelStyle(level)
            key_val = repr(key).replace(",", "\\x2c").replace('"', "\\x2c") if key else None
            label = f"{page},{level},{key_val}"
            para: Flowable
            if needs_layout(text, fonts.missing(text, self.family)):
                para = ScriptEntry(text, style, partial(_entry_end, end, label))
            else:
                # the row's link (its whole width, described by its words) is made where
                # the row ends (`end`)
                para = MeasuredParagraph(
                    f'{text}<onDraw name="drawTOCEntryEnd" label="{label}"/>', style
                )
            if style.spaceBefore:
                data.append([Spacer(1, style.spaceBefore)])
            data.append([_Row(para, Node("TOCI", self.node), self._ends)])
        self._table = Table(data, colWidths=(avail_w,), style=self.tableStyle)

    def finish(self, canv: Canvas, pages: list[int]) -> None:
        """Put each placed row's dot leader and page number (`pages[row]`) in its page.
        Raises Unsettled when that cannot be done (then nothing of this pass is kept)."""
        if self.planned is None:
            return  # drawn whole by ReportLab
        for row, (x, y, avail_w, _, rtl) in sorted(self.placed.items()):
            if self.drawn[row] != 1:
                raise Unsettled(f"contents row {row} was drawn {self.drawn[row]} times")
            level = self.planned[row][0]
            style = self.getLevelStyle(level)
            page = self.formatter(pages[row]) if self.formatter else pages[row]
            text = _NumberText(canv, x, y)
            try:
                _numbers(text, style, page, x, y, avail_w, self._dot(level), rtl)
            except AttributeError as exc:  # it wants more of a canvas than `_NumberText` has
                raise Unsettled(f"contents row {row}: {exc}") from exc
            leader, figure = text.code
            for form, code in ((self._form(row) + "l", leader), (self._form(row), figure)):
                canv.beginForm(form, -_FAR, -_FAR, _FAR, _FAR)
                canv.addLiteral(code)
                canv.endForm()


def _link(canvas: Canvas, title: str, key: Any, rect: tuple[float, float, float, float]) -> None:
    """A contents row's link, over the row (`rect`, in the row's space)."""
    canvas.linkRect(title, key, rect, relative=1)
    _linked(canvas)


def _linked(canvas: Canvas) -> None:
    """The link just made belongs to the contents row being drawn (`books.marks`)."""
    marks = recorder_of(canvas)
    if marks is not None:
        marks.link(canvas)


def _entry_end(
    end: Callable[[Canvas, str, float, float, bool], None],
    label: str,
    canvas: Canvas,
    x: float,
    y: float,
    rtl: bool,
) -> None:
    end(canvas, label, x, y, rtl)


def _numbers(
    text: _NumberText,
    style: ParagraphStyle,
    page: Any,
    x: float,
    y: float,
    avail_w: float,
    dot: str,
    rtl: bool,
) -> None:
    """A row's dot leader and page number, two texts in that order (a reader hears the
    number, not the leader): where ReportLab's own `drawPageNumbers` puts them (the number
    at the right, shrunk to fit, the leader from where the title ends), or for a title
    that runs right to left the same mirrored: the number at the row's left, the leader
    up to the title."""
    number = str(page)
    size = style.fontSize
    width = stringWidth(number, style.fontName, size)
    while not rtl and width > avail_w - x and size >= 1.0:
        size *= 0.9
        width = stringWidth(number, style.fontName, size)
    dot_w = stringWidth(dot, style.fontName, size) if dot else 0.0
    if rtl:
        count = max(0, int((x - width) / dot_w)) if dot_w else 0
        leader_x, number_x = width, 0.0
    else:
        count = int((avail_w - x - width) / dot_w) if dot_w else 0
        leader_x, number_x = avail_w - count * dot_w - width, avail_w - width
    for at, words in ((leader_x, dot * count), (number_x, number)):
        tx = text.beginText(at, y)
        tx.setFont(style.fontName, size)
        tx.setFillColor(style.textColor)
        tx.textLine(words)
        text.drawText(tx)


_FAR = 10_000.0  # a contents row's form is unbounded: it draws where the row's page says


def contents(styles: Styles) -> Contents:
    toc = Contents(
        levelStyles=styles.toc, dotsMinLevel=0, tableStyle=grid_style(styles, "TOP", (0, 0, 0, 0))
    )
    toc.family = styles.f.family
    return toc


@dataclass
class Built:
    data: bytes
    pages: int  # reading pages
    sheets_sides: int = 0  # booklet: printed sides
    passes: int = 0  # layout passes it took (counting a single pass given up)
    # a reading PDF as ReportLab drew it, before its structure tree was added: what the
    # booklets impose (None: `data` itself)
    drawn: bytes | None = None

    @property
    def imposed(self) -> bytes:
        return self.data if self.drawn is None else self.drawn


@pdf_settings()
def build(
    make_story: Callable[[BookDoc], list[Flowable]],
    size: BookSize,
    styles: Styles,
    title: str,
    footer: str,
    painter: Callable[[Any, str, str], None],
    meta: dict[str, str],
    columns: int = 1,
    words: ToolWords = ENGLISH,
    layout_only: bool = False,
) -> Built:
    """Lay out and draw the story as a reading-order PDF, in one pass (see the module
    docstring) or, when the story holds something only `multiBuild` can settle, in as many
    as that takes. `make_story(doc)` returns fresh flowables. Raises LayoutError when
    something can never fit (callers report it). `layout_only`: laid out for what that
    finds, every pass a draft that draws nothing; the Built holds no PDF."""

    def start() -> tuple[io.BytesIO, BookDoc, list[Flowable]]:
        buf = io.BytesIO()
        doc = BookDoc(buf, size, styles, title, footer, painter, True, meta, columns, words)
        doc.layout_only = layout_only
        story = make_story(doc)
        heads = [f for f in every(story) if isinstance(f, HEADINGS)]
        doc.has_entries = any(f.toc_level <= 1 for f in heads) and any(
            isinstance(f, TableOfContents) for f in story
        )
        return buf, doc, story

    def done(doc: BookDoc, passes: int) -> Built:
        from .tagging import tag  # pikepdf (QPDF): only for a book that is drawn

        drawn = unique_subset_tags(buf.getvalue())
        tagged = tag(drawn, doc.marks, meta.get("title", title), meta.get("lang", ""))
        return Built(tagged, doc.page, passes=passes, drawn=drawn)

    buf, doc, story = start()
    spent = 0  # passes of a single pass that could not finish
    tocs = [f for f in story if isinstance(f, Contents)]
    if all(isinstance(f, Contents) for f in story if f.isIndexing()):
        rows = [
            (f.toc_level, f.toc_title, f.key if doc.links else None)
            for f in every(story)
            if isinstance(f, HEADINGS) and f.toc_level <= 1
        ]
        for n, toc in enumerate(tocs if rows else []):  # no rows: ReportLab's placeholder, as ever
            toc.plan(rows, f"CardstockToc{n}Row")
        doc.single = True
        doc.build(story, canvasmaker=partial(BookCanvas, book=doc, held=True))
        settled = [(level, title, key) for level, title, _, key in doc.toc_entries] == rows
        if layout_only and settled:
            doc.canv.discard()
            return Built(b"", doc.page, passes=doc.passes)
        try:
            if not settled:
                # a heading was laid out other than as one flowable of the story
                raise Unsettled("the headings laid out are not the contents planned")
            pages = [page for _, _, page, _ in doc.toc_entries]
            for toc in tocs:
                toc.finish(doc.canv, pages)
            doc.canv.held = False
            doc.canv.save()
            return done(doc, doc.passes)
        except Unsettled:
            spent = doc.passes
            buf, doc, story = start()  # the contents need the pages multiBuild finds
    doc.multiBuild(story, canvasmaker=partial(BookCanvas, book=doc))
    if layout_only:
        return Built(b"", doc.page, passes=spent + doc.passes)
    return done(doc, spent + doc.passes)


def booklets_of(
    reading: Built,
    sizes: Mapping[str, BookSize],
    meta: dict[str, str],
    duplex: str = "long",
    words: ToolWords = ENGLISH,
) -> dict[str, Built]:
    """The saddle-stitched booklets of a reading PDF, one per paper at its `sizes[paper]`,
    for the `duplex` flip: the reading PDF is parsed, and the booklet assembled, once for
    all of them (`books.booklet.impose_all`); its notes in the language of `words`."""
    from .booklet import impose_all

    info = {
        "Title": meta.get("title", ""),
        "Author": meta.get("author", ""),
        "Subject": meta.get("subject", ""),
        "Keywords": meta.get("keywords", ""),
        "Creator": "cardstock",
        "Producer": "cardstock (ReportLab, pypdf)",
    }
    made = impose_all(reading.imposed, [size.sheet for size in sizes.values()], info, duplex, words)
    return {paper: Built(data, reading.pages, sides) for paper, (data, sides) in zip(sizes, made)}


def booklet(reading: Built, size: BookSize, meta: dict[str, str], duplex: str = "long") -> Built:
    """The saddle-stitched booklet of a reading PDF laid out at `size`."""
    return booklets_of(reading, {"": size}, meta, duplex)[""]


__all__ = [
    "BookDoc",
    "BookSize",
    "BOOK_FOR_PAPER",
    "Built",
    "Contents",
    "LayoutError",
    "Unsettled",
    "booklet",
    "booklets_of",
    "build",
    "contents",
]
