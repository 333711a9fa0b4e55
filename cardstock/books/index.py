"""A rulebook PDF's index and glossary (`{{ index() }}`, `{{ glossary() }}`).

The index lists the game's terms (`books.terms`) with the pages where the book explains
each, found while the book is drawn: each heading and each block of text that may
explain a term is drawn by a `Noted`, which tells the book's `Places` its page. The
index stands at the back, so every page it names is drawn before it is laid out: it
needs no second layout pass. Each entry is a paragraph (`P`) of the index's `Index`
element in the structure tree. The glossary gives each defined term in bold on a line of
its own, then its meaning set in under it (a paragraph each)."""

from __future__ import annotations

from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from ..catalog.load import Catalog
from ..core import markup
from .marks import Node, Tagged, recorder_of, tagged, unwrapped
from .scripts import paragraph
from .story import HEADINGS, Builder, Styles, escape, text_position
from .terms import GLOSSARY, INDEX, Places, Term, defined, game_terms, literal


class BookPlaces(Places):
    """The `Places` of a PDF: spots are page numbers, found again in each layout pass."""

    passes: Any = None  # the layout pass the spots were found in

    def in_pass(self, n: Any) -> None:
        if n != self.passes:
            self.passes = n
            self.headed = {t.key: [] for t in self.terms}
            self.bold = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> BookPlaces:
        return self  # one record of the book, however often Platypus copies a flowable


class Noted(Tagged):
    """A heading or a block of text (any flowable, tagged as it was) that tells the
    book's places the page it is drawn on; its later parts, when it is split, are
    drawn as they were."""

    def __init__(self, inner: Flowable, places: BookPlaces, text: str, heading: bool):
        super().__init__(inner, getattr(inner, "node", None) or Node("P"))
        self.places, self.text, self.heading = places, text, heading

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        canv = self.__dict__.get("canv")
        parts = (
            self.inner.splitOn(canv, availWidth, availHeight)
            if canv is not None
            else self.inner.split(availWidth, availHeight)
        )
        if not parts:
            return []
        return [Noted(parts[0], self.places, self.text, self.heading), *parts[1:]]

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:  # noqa: N802
        book = getattr(canvas, "book", None)
        self.places.in_pass(getattr(book, "passes", None))
        page = int(canvas.getPageNumber())
        if getattr(book, "links", False):
            canvas.bookmarkPage(page_key(page))  # where the index's page number leads
        if self.heading:
            self.places.saw_heading(self.text, page)
        else:
            self.places.saw_text(self.text, page)
        self.inner.drawOn(canvas, x, y, _sW)


def _text_of(flowable: Flowable) -> tuple[str, bool] | None:
    """The words a flowable of the text shows, and whether it is a heading (None: it
    explains nothing, a table or a spacer)."""
    inner = unwrapped(flowable)
    if isinstance(inner, HEADINGS):
        return str(inner.toc_title), True
    text = getattr(inner, "text", None)
    return (text, False) if isinstance(text, str) and text else None


def noted(flowables: list[Flowable], places: BookPlaces | None) -> list[Flowable]:
    """The text's flowables, each heading and text block made a `Noted`."""
    if places is None:
        return flowables
    out: list[Flowable] = []
    for f in flowables:
        seen = _text_of(f) if isinstance(f, Tagged) else None
        out.append(f if seen is None else Noted(f, places, *seen))
    return out


def index_style(styles: Styles) -> ParagraphStyle:
    """An entry: the body's type, its later lines hung under the first."""
    hang = 12 * styles.scale
    return ParagraphStyle(
        "index",
        parent=styles.body,
        leftIndent=hang,
        firstLineIndent=-hang,
        spaceBefore=0,
        spaceAfter=1.5 * styles.scale,
        alignment=0,
    )


class IndexBlock(Flowable):  # type: ignore[misc]  # ReportLab ships no type hints, so its classes are Any
    """The index's entries, made when it is laid out (every page it names is drawn by
    then); Platypus splits it into its entries, which flow from page to page."""

    def __init__(self, places: BookPlaces, styles: Styles, family: str):
        super().__init__()
        self.places, self.styles, self.family = places, styles, family
        self.node = Node("Index")
        self._parts: list[Flowable] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> IndexBlock:
        return self

    def entries(self) -> list[Flowable]:
        """An entry a term: its name, then its pages, each a link to its page (`LINK`)."""
        style = index_style(self.styles)
        out: list[Flowable] = []
        for term, pages in self.places.entries():
            numbers = ", ".join(str(p) for p in pages)
            marked = f"{term.name}\u2002{numbers}"
            linked = ", ".join(
                f'{p}<onDraw name="{LINK}" label="{p} {_width(str(p), style)}"/>' for p in pages
            )
            para = paragraph(marked, style, self.family, f"{escape(term.name)}\u2002{linked}")
            out.append(Tagged(para, Node("P", self.node)))
        return out

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        canv = self.__dict__.get("canv")
        if canv is not None:
            canv.setNamedCB(LINK, _link)
        self._parts = self.entries()
        height = 0.0
        for p in self._parts:
            _, h = p.wrap(availWidth, availHeight)
            height += h + p.getSpaceAfter()
        self.width, self.height = availWidth, height
        return availWidth, height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        return self.entries()

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:  # noqa: N802
        top = y + self.height
        for p in self._parts:
            _, h = p.wrap(self.width, self.height)
            top -= h
            p.drawOn(canvas, x, top)
            top -= p.getSpaceAfter()


LINK = "cardstockIndexLink"  # the callback an index entry's page number calls


def page_key(page: int) -> str:
    """The destination an index's page number leads to."""
    return f"CardstockIndexPage{page}"


def _width(text: str, style: ParagraphStyle) -> str:
    """The callback's label past the page: the number's width and size, as it is set."""
    return f"{stringWidth(text, style.fontName, style.fontSize):.2f} {style.fontSize:.2f}"


def _link(canvas: Any, kind: str, label: str) -> None:
    """An index entry's page number, just drawn, made a link to its page: a `Link` of the
    entry in the structure tree (`books.marks`), described by the number."""
    page, width, size = label.split()
    x, y = text_position(canvas)
    rect = (x - float(width), y - float(size) * 0.25, x, y + float(size) * 0.85)
    canvas.linkRect(page, page_key(int(page)), rect, relative=1)
    marks = recorder_of(canvas)
    if marks is not None:
        marks.link(canvas)


def heading(b: Builder, words: str) -> list[Flowable]:
    """The index's or the glossary's `#` heading, listed in the contents as any is."""
    return b.blocks([markup.Heading(1, literal(words))])


def index(catalog: Catalog, b: Builder, places: BookPlaces, styles: Styles) -> list[Flowable]:
    """`{{ index() }}`: its heading, then its entries. The heading is not kept with the
    whole block of entries, which would move a short index whole to the next page: the
    room a chapter's heading asks for below it (`story.Builder.heading`) holds its first
    entries, and the rest flow on."""
    words = catalog.tool_words(INDEX)
    head = heading(b, words)
    head[-1].keepWithNext = 0
    return [*head, IndexBlock(places, styles, styles.f.family)]


def glossary(
    catalog: Catalog, b: Builder, places: BookPlaces | None, styles: Styles
) -> list[Flowable]:
    """`{{ glossary() }}`: its heading and a paragraph a defined term (nothing when the
    game defines none)."""
    terms = defined(game_terms(catalog))
    if not terms:
        return []
    out = heading(b, catalog.tool_words(GLOSSARY))
    for t in terms:
        out += noted(_entry(t, styles), places)
    return out


def _entry(t: Term, styles: Styles) -> list[Flowable]:
    """A defined term: its name in bold on a line of its own, kept with its meaning, set
    in under it."""
    name = paragraph(
        f"**{literal(t.name)}**", _term_style(styles), styles.f.family, f"<b>{escape(t.name)}</b>"
    )
    meaning = paragraph(
        literal(t.meaning), _meaning_style(styles), styles.f.family, escape(t.meaning)
    )
    return [tagged(name, "P"), tagged(meaning, "P")]


def _term_style(styles: Styles) -> ParagraphStyle:
    return ParagraphStyle(
        "glossary-term", parent=styles.body, spaceAfter=0, keepWithNext=1, alignment=0
    )


def _meaning_style(styles: Styles) -> ParagraphStyle:
    return ParagraphStyle("glossary-meaning", parent=styles.body, leftIndent=12 * styles.scale)


def places_of(catalog: Catalog) -> BookPlaces:
    return BookPlaces(game_terms(catalog))
