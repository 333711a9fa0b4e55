"""The rulebook as semantic markup, for the web page (`output/<game>/rules/index.html`) and
the EPUB (`books.epub`): the blocks the PDF is typeset from (`cardstock.core.markup`,
`content.split`), each as its HTML element, so the three editions say the same thing.

    # / ## / ###      → h2 / h3 / h4 with an id (the cover's title is the page's h1)
    paragraph         → p            a list item → li of a ul or ol (numbered as written)
    table             → table: th scope="col" for the header, th scope="row" for each
                        row's first cell, in a scrolling region on a narrow screen
    note              → div role="note"
    :icon:            → an inline SVG of the game's symbol, named by the icon's label
    contents()        → nav: a list of links to the # and ## headings
    component_list()  → a figure per group with a figure per face (the SVG face, its alt
                        text the words the face prints, `books.cardwords`, but the name
                        its caption gives; a face without words named from the catalog)
    faces(...)        → a row of figures      page_break() → nothing
    glossary()        → dl of the game's defined terms
    setup_picture()   → a figure of the piles the setup leaves (`books.index_web`)
    beside(...)       → the next block beside the figures of the cards it plays
    index()           → a list of the game's terms, each with links to the sections
                        that explain it (`books.index_web`)

The markup is XHTML as well as HTML (void elements closed, only XML's five entities), so
the EPUB's chapters are the same text. Every piece of the game's text is escaped.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ..catalog.kinds import kind_said, kind_word
from ..catalog.load import Catalog
from ..catalog.schema import Component
from ..catalog.wording import (
    CONTENTS,
    IN_THE_BOX,
    PLAYERS,
    PLAYERS_RANGE,
    VERSION,
    book_word,
    components_line,
    printed_group,
    said_count,
)
from ..core import markup
from ..core.toolwords import ENGLISH, ToolWords
from ..layout.art.symbols import Library
from ..layout.ops import Face
from ..render.svg import num, path_d
from . import refs
from .cardwords import alt_text, face_words
from .content import Chunk, book_meta, cover_ids, galleries, players_line
from .direction import Marks
from .index_web import WebPlaces, glossary_list, index_list, setup_figure
from .setup_piles import setup_picture
from .terms import GLOSSARY, INDEX, defined, game_terms, literal


def esc(text: str) -> str:
    """Text for an element's content or a quoted attribute (XML's entities only)."""
    return html.escape(text, quote=True)


# --------------------------------------------------------------------------- colours


def _channel(v: float) -> float:
    return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4


def luminance(hex_color: str) -> float:
    """WCAG relative luminance of "#rrggbb"."""
    r, g, b = (int(hex_color[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def readable(hex_color: str, ratio: float = 7.0) -> str:
    """The colour darkened (mixed with black) until it contrasts with white by `ratio`
    (WCAG AAA for body text): the game's accent as a page can use it for text and for a
    table's header behind white text."""
    r, g, b = (int(hex_color[i : i + 2], 16) for i in (1, 3, 5))
    for step in range(101):
        k = 1 - step / 100
        c = f"#{round(r * k):02x}{round(g * k):02x}{round(b * k):02x}"
        if 1.05 / (luminance(c) + 0.05) >= ratio:
            return c
    return "#000000"


# --------------------------------------------------------------------------- inline


class Icons:
    """The game's icons as inline SVG, each named for a screen reader by its label."""

    def __init__(self, catalog: Catalog, library: Library):
        self.icons = catalog.game.icons
        self.library = library

    def label(self, name: str) -> str:
        icon = self.icons[name]
        return icon.label or name.replace("-", " ").capitalize()

    def svg(self, name: str) -> str:
        icon = self.icons[name]
        color = icon.color or "#333333"
        symbol = self.library.get(icon.symbol or name)
        paths: list[str] = []
        for part in symbol.parts if symbol is not None else ():
            d = path_d(part.d)
            if part.stroke_width > 0:
                paint = (
                    f'fill="none" stroke="{esc(color)}" stroke-width="{num(part.stroke_width)}" '
                    'stroke-linecap="round" stroke-linejoin="round"'
                )
            else:
                rule = ' fill-rule="evenodd"' if part.fill_rule == "evenodd" else ""
                paint = f'fill="{esc(color)}"{rule}'
            if part.opacity < 1:
                paint += f' opacity="{num(part.opacity)}"'
            paths.append(f'<path d="{d}" {paint}/>')
        if not paths:  # no symbol: a disc with the label's first letter, as the PDF draws it
            letter = esc(self.label(name)[:1].upper())
            paths = [
                f'<circle cx="50" cy="50" r="50" fill="{esc(color)}"/>'
                f'<text x="50" y="68" font-size="56" text-anchor="middle" fill="#ffffff" '
                f'font-family="sans-serif" font-weight="bold">{letter}</text>'
            ]
        return (
            '<svg class="icon" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" '
            f'role="img" aria-label="{esc(self.label(name))}">{"".join(paths)}</svg>'
        )


def inline(text: str, icons: Icons) -> str:
    """Inline markup (**bold**, *italic*, :icon:, line breaks) → escaped HTML."""
    out: list[str] = []
    for span in markup.spans(text):
        if span.icon is not None:
            if span.icon in icons.icons:
                out.append(icons.svg(span.icon))
            else:  # an undeclared icon: the PDF prints it as written (and the check says so)
                out.append(esc(f":{span.icon}:"))
            continue
        t = "<br />".join(esc(part) for part in span.text.split("\n"))
        t = refs.TOKEN.sub(_link, t)  # a heading referred to: its words, a link to it
        if span.italic:
            t = f"<em>{t}</em>"
        if span.bold:
            t = f"<strong>{t}</strong>"
        out.append(t)
    return "".join(out)


def _link(m: re.Match[str]) -> str:
    """A page reference (`books.refs`) as a link to the heading it names: the web page and
    the e-book have no pages."""
    title = refs.title_of(m.group(1))
    return f'<a href="#{anchor_of(title)}">{esc(title)}</a>'


def anchor_of(title: str) -> str:
    """The id the first heading of `title`'s words has (a later one adds `-2`, `-3`, …)."""
    base = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "section"
    return base if base[0].isalpha() else f"s-{base}"


def plain(text: str) -> str:
    """A heading's words without its icons and marks (as the PDF's bookmarks give it)."""
    return " ".join("".join(sp.text for sp in markup.spans(text) if sp.icon is None).split())


# --------------------------------------------------------------------------- figures


def figure(
    c: Component,
    src: str | None,
    caption: str | None,
    label: str | None = None,
    words: ToolWords = ENGLISH,
    group: str | None = None,
    marks: Marks | None = None,
    said: str = "",
) -> str:
    """One face: the SVG image with its alt text (`src` None: a face that cannot be drawn,
    its words in a box), and its caption (None: none), marked by `marks` when its words go
    another way than the document's. The alt text is `said`, the words the face prints
    (`books.cardwords`, without the caption's); a face that prints none is named from the
    catalog (`alt_text`). An attribute has one language, the document's: where cardstock
    has no words for the count ("2 cards") in it, the alt text names the face alone and the
    count follows it in English, marked so, for screen readers only."""
    english = marks.english(words, f"{{n}} {kind_word(c.kind, 1)}") if marks and not said else ""
    alt = esc(said or alt_text(c, label, words, group, count=not english))
    if src is None:
        img = f'<span class="outline" role="img" aria-label="{alt}">{esc(c.name)}</span>'
    else:
        img = f'<img src="{esc(src)}" alt="{alt}" />'
    if english:
        count = esc(kind_said(words, c.kind, c.count))
        img += f'<span class="unseen"{english}>{count}</span>'
    if caption is None:
        return f'<figure class="face">{img}</figure>'
    mark = marks.block(caption) if marks else ""
    return f'<figure class="face">{img}<figcaption{mark}>{caption}</figcaption></figure>'


def _caption(c: Component, label: str | None = None) -> str:
    """A face's caption as the PDF's: "<b>2×</b> Name" (the count only for copies)."""
    count = f"<strong>{c.count}\u00d7</strong> " if c.count > 1 else ""
    return f"{count}{esc(label or c.name)}"


# --------------------------------------------------------------------------- the body


@dataclass
class Entry:
    """A heading as the contents list it: level (0 for #), words, id."""

    level: int
    title: str
    id: str


# the words of each face's picture, by its component's id, caption name and label
Said = dict[tuple[str, str, str | None], str]


@dataclass
class Body:
    """The rulebook's markup: its cover (header), main text, and the headings it holds."""

    cover: str
    main: str
    entries: list[Entry] = field(default_factory=list)
    faces: list[Component] = field(default_factory=list)  # every face shown, once each


class Writer:
    """Turns a rulebook's chunks into markup. `src(component)` is where a face's SVG is,
    relative to the document (None: the face cannot be drawn); `drawing(component)` its
    laid-out face, whose words its picture carries (None: the face's name from the
    catalog stands for them). `said`: the words of each face's picture
    (`cardwords.face_words`) by the face's component, the name its caption gives and its
    label, filled as the writer meets them; the writers of one book's readers (the web
    page, the e-book) share one, so each face's words are worked out once for both."""

    def __init__(
        self,
        catalog: Catalog,
        library: Library,
        src: Callable[[Component], str | None],
        drawing: Callable[[Component], Face | None] | None = None,
        parts: Mapping[str, tuple[Component, ...]] | None = None,
        said: Said | None = None,
    ):
        self.catalog, self.src, self.drawing = catalog, src, drawing
        self.said: Said = {} if said is None else said
        self.parts = parts  # each continued card's later parts (`layout.text.continued`)
        self.marks = Marks(book_meta(catalog)["lang"])
        self.icons = Icons(catalog, library)
        self.by_id = {c.id: c for c in catalog.components}
        self.entries: list[Entry] = []
        self.shown: dict[str, Component] = {}
        self._ids: set[str] = set()
        self._level = 0  # the last heading's level (1 for #)

    def _face(
        self, c: Component, caption: str | None, label: str | None = None, name: str = ""
    ) -> str:
        """A face's figure; `name`: the name its caption gives, which its words leave out."""
        self.shown.setdefault(c.id, c)
        group = printed_group(self.catalog, c)
        words = self.catalog.tool_words
        src = self.src(c)
        key = (c.id, name, label)
        said = self.said.get(key)
        if said is None:
            face = self.drawing(c) if self.drawing is not None and src is not None else None
            said = self.said[key] = face_words(self.catalog, c, face, name, label)
        return figure(c, src, caption, label, words, group, self.marks, said)

    def _block(self, tag: str, inner: str, attrs: str = "") -> str:
        """`<tag attrs>inner</tag>`, with the language and direction its words need."""
        return f"<{tag}{attrs}{self.marks.block(inner)}>{inner}</{tag}>"

    def _own(self, tag: str, msgid: str, inner: str, attrs: str = "") -> str:
        """cardstock's own words (`inner`, said of `msgid`), marked English where the
        language has no translation of them."""
        own = self.marks.english(self.catalog.tool_words, msgid)
        return f"<{tag}{attrs}{own}>{inner}</{tag}>" if own else self._block(tag, inner, attrs)

    def _anchor(self, title: str) -> str:
        base = anchor_of(title)
        anchor, n = base, 1
        while anchor in self._ids:
            n += 1
            anchor = f"{base}-{n}"
        self._ids.add(anchor)
        return anchor

    def heading(self, b: markup.Heading) -> str:
        # a level is at most one below the heading before it (as the PDF's bookmarks nest)
        level = min(b.level, 3, self._level + 1)
        self._level = level
        entry = Entry(level - 1, plain(b.text), self._anchor(plain(b.text)))
        self.entries.append(entry)
        tag = f"h{level + 1}"
        return self._block(tag, inline(b.text, self.icons), f' id="{entry.id}"')

    def table(self, t: markup.Table) -> str:
        n = max([len(t.header)] + [len(r) for r in t.rows])
        rows = [tuple(r) + ("",) * (n - len(r)) for r in (t.header, *t.rows)]
        name = ", ".join(plain(c) for c in rows[0] if plain(c))
        head = "".join(self._block("th", inline(c, self.icons), ' scope="col"') for c in rows[0])
        body = []
        for r in rows[1:]:
            first = self._block("th", inline(r[0], self.icons), ' scope="row"')
            rest = "".join(self._block("td", inline(c, self.icons)) for c in r[1:])
            body.append(f"<tr>{first}{rest}</tr>")
        label = esc(self._table_name(name))
        return (
            f'<div class="table" role="region" tabindex="0" aria-label="{label}">'
            f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>"
        )

    def _table_name(self, columns: str) -> str:
        """A table's name for a screen reader, by its columns ("Table: Rank, Card"), in
        the book's language (an attribute has no language of its own: where cardstock has
        no words for it in the book's language, the columns alone name it)."""
        words = self.catalog.tool_words
        if self.marks.english(words, TABLE):
            return columns
        return words(TABLE, columns=columns)

    def blocks(self, blocks: list[markup.Block]) -> list[str]:
        out: list[str] = []
        open_list: str | None = None
        expect = 0
        for b in blocks:
            kind = ("ol" if b.ordered else "ul") if isinstance(b, markup.ListItem) else None
            if open_list and kind != open_list:
                out.append(f"</{open_list}>")
                open_list = None
            if isinstance(b, markup.ListItem):
                if open_list is None:
                    open_list, expect = kind, b.number
                    start = f' start="{b.number}"' if b.ordered and b.number != 1 else ""
                    out.append(f"<{kind}{start}>")
                value = f' value="{b.number}"' if b.ordered and b.number != expect else ""
                expect = b.number + 1
                out.append(self._block("li", inline(b.text, self.icons), value))
            elif isinstance(b, markup.Heading):
                out.append(self.heading(b))
            elif isinstance(b, markup.Paragraph):
                out.append(self._block("p", inline(b.text, self.icons)))
            elif isinstance(b, markup.Note):
                note = self._block("p", inline(b.text, self.icons))
                out.append(f'<div class="note" role="note">{note}</div>')
            elif isinstance(b, markup.Table):
                out.append(self.table(b))
        if open_list:
            out.append(f"</{open_list}>")
        return out

    def components(self) -> list[str]:
        """The component list: the box's totals, then a figure per gallery."""
        totals = self.catalog.totals()
        said = self.catalog
        kinds = ", ".join(esc(said_count(said, k, n)) for k, n in totals["by_kind"].items())
        total = esc(components_line(said, totals["all"]))
        box = book_word(said, IN_THE_BOX, total=f"<strong>{total}</strong>", kinds=kinds)
        out = [self._own("p", IN_THE_BOX, box)]
        for g in galleries(self.catalog, self.parts):
            labels = g.labels or (None,) * len(g.faces)
            items = "".join(
                f"<li>{self._face(c, _caption(c, label), label, label or c.name)}</li>"
                for c, label in zip(g.faces, labels)
            )
            count = esc(said_count(self.catalog, g.kind, g.count))
            own = self.marks.english(self.catalog.tool_words, f"{{n}} {kind_word(g.kind, 1)}")
            head = f"{esc(g.name)} \u2014 " + (f"<span{own}>{count}</span>" if own else count)
            out.append(
                f'<figure class="group">{self._block("figcaption", head)}'
                f'<ul class="gallery">{items}</ul></figure>'
            )
        return out

    def cover(self, chunks: list[Chunk]) -> str:
        g = self.catalog.game
        parts = [self._block("h1", esc(g.title))]
        if g.description:
            parts.append(self._block("p", esc(g.description), ' class="subtitle"'))
        ids = cover_ids(self.catalog, chunks)
        if ids:
            faces = "".join(self._face(self.by_id[i], None) for i in ids)
            parts.append(f'<div class="faces cover-faces">{faces}</div>')
        players = PLAYERS[0] if g.players.min == g.players.max else PLAYERS_RANGE
        line = f"<strong>{esc(players_line(self.catalog))}</strong>"
        parts.append(self._own("p", players, line))
        version = esc(book_word(self.catalog, VERSION, version=g.version))
        parts.append(self._own("p", VERSION, version))
        parts += [self._block("p", esc(credit)) for credit in g.credits]
        return f'<header class="cover">{"".join(parts)}</header>'

    def body(self, chunks: list[Chunk]) -> Body:
        """The cover and the main text; the contents (a placeholder until every heading is
        known) are filled in last."""
        cover = self.cover(chunks)
        out: list[str] = []
        places = WebPlaces(game_terms(self.catalog))
        shown: list[Component] = []  # the cards `beside()` named, for the next block
        for ch in chunks:
            if isinstance(ch, str):
                blocks = markup.parse(ch)
                if shown and blocks:
                    out.append(self._beside(shown, self._read(blocks[:1], places)))
                    blocks = blocks[1:]
                shown = []
                out += self._read(blocks, places)
            elif ch.name == "beside":
                shown = [self.by_id[i] for i in ch.args if i in self.by_id]
            elif ch.name in ("index", "glossary"):
                out += self._terms(ch.name, places)
            elif ch.name == "setup-picture":
                out.append(setup_figure(setup_picture(self.catalog), self._block))
            elif ch.name == "contents":
                out.append("\0contents\0")
            elif ch.name == "components":
                out += self.components()
            elif ch.name == "faces":
                comps = [self.by_id[i] for i in ch.args if i in self.by_id]
                if comps:
                    row = "".join(self._face(c, esc(c.name), name=c.name) for c in comps)
                    out.append(f'<div class="faces">{row}</div>')
        heading = book_word(self.catalog, CONTENTS)
        own = self.marks.english(self.catalog.tool_words, CONTENTS)
        listed = contents(self.entries, heading, own)
        main = "\n".join(out).replace("\0contents\0", listed)
        main = main.replace(
            "\0index\0", index_list(places, self.catalog.lang or self.catalog.game.language)
        )
        return Body(cover, main, list(self.entries), list(self.shown.values()))

    def _read(self, blocks: list[markup.Block], places: WebPlaces) -> list[str]:
        """The blocks' markup, their terms' places noted (`books.index_web`)."""
        first = len(self.entries)
        out = self.blocks(blocks)
        places.read(blocks, iter([(e.id, e.title) for e in self.entries[first:]]))
        return out

    def _beside(self, comps: list[Component], step: list[str]) -> str:
        """An example's step beside the faces of the cards it plays (`books.examples`)."""
        faces = "".join(self._face(c, esc(c.name), name=c.name) for c in comps)
        return (
            f'<div class="beside"><div class="faces">{faces}</div>'
            f'<div class="step">{"".join(step)}</div></div>'
        )

    def _terms(self, name: str, places: WebPlaces) -> list[str]:
        """`glossary()` (nothing when the game defines no term) or `index()`: its `#`
        heading, then its list (the index's filled in last, once every section is read)."""
        terms = defined(places.terms) if name == "glossary" else places.terms
        if not terms:
            return []
        words = self.catalog.tool_words(GLOSSARY if name == "glossary" else INDEX)
        head = self._read([markup.Heading(1, literal(words))], places)
        if name == "glossary":
            for t in terms:  # the glossary introduces what nothing before it does
                places.saw_text(f"**{literal(t.name)}**", places.section)
            return [*head, glossary_list(terms, self._block)]
        return [*head, "\0index\0"]


TABLE = "Table: {columns}"  # a table's name for a screen reader, by its columns


def nested(items: list[tuple[int, str]]) -> str:
    """Nested ordered lists of (level, an item's markup): an item one level deeper than
    the one before is listed inside it (a deeper jump counts as one level, as the PDF's
    bookmarks do)."""
    if not items:
        return ""
    out = ["<ol>"]
    prev = -1
    for n, (level, inner) in enumerate(items):
        level = max(0, min(level, prev + 1))
        if n:
            out.append("<ol>" if level > prev else "</li>" + "</ol></li>" * (prev - level))
        out.append(f"<li>{inner}")
        prev = level
    out.append("</li>" + "</ol></li>" * prev + "</ol>")
    return "".join(out)


CONTENTS_ID = "contents-title"  # the contents page's heading, a landmark of the e-book


def contents(entries: list[Entry], heading: str = "Contents", own: str = "") -> str:
    """The contents: the # headings with their ## headings nested, each a link (`own`:
    the heading's language and direction, when it is cardstock's English)."""
    toc = nested(
        [(e.level, f'<a href="#{e.id}">{esc(e.title)}</a>') for e in entries if e.level <= 1]
    )
    return (
        f'<nav class="contents" role="doc-toc" aria-labelledby="{CONTENTS_ID}">'
        f'<h2 id="{CONTENTS_ID}"{own}>{esc(heading)}</h2>{toc}</nav>'
    )


# --------------------------------------------------------------------------- the page


def style_sheet(accent: str, font: str) -> str:
    """The page's CSS: a fluid single column that reads on a phone, and print rules. Its
    colours are written out where they are used, never through custom properties
    (`var(...)`): an e-reader or converter that does not know them drops the declaration,
    and a table's white header text would stand on white."""
    ink, text, tint = readable(accent), "#1f1f1f", "#f3f4f6"
    return f"""
html {{ -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }}
body {{ margin: 0; color: {text}; background: #ffffff;
  font-family: "{font}", "Liberation Sans", Arial, Helvetica, sans-serif;
  font-size: 1.0625rem; line-height: 1.55; }}
header.cover, main, footer {{ max-width: 44rem; margin: 0 auto; padding: 0 1rem; }}
header.cover {{ text-align: center; padding-top: 2rem; padding-bottom: 1rem; }}
h1 {{ color: {ink}; font-size: 2.2rem; line-height: 1.15; margin: 0 0 .5rem; }}
h2 {{ color: {ink}; font-size: 1.6rem; line-height: 1.2; margin: 2.2rem 0 .6rem; }}
h3 {{ color: {ink}; font-size: 1.25rem; margin: 1.6rem 0 .4rem; }}
h4 {{ font-size: 1.07rem; margin: 1.2rem 0 .3rem; }}
.subtitle {{ font-style: italic; font-size: 1.15rem; }}
p, li {{ overflow-wrap: break-word; }}
li {{ margin: .2rem 0; }}
a {{ color: #0b4f9c; }}
a:focus-visible, .table:focus-visible {{ outline: 3px solid #0b4f9c; outline-offset: 2px; }}
.icon {{ width: 1.15em; height: 1.15em; vertical-align: -0.2em; }}
.note {{ background: {tint}; border-inline-start: 4px solid {ink};
  padding: .4rem .9rem; margin: 1rem 0; }}
.note p {{ margin: .3rem 0; }}
.table {{ overflow-x: auto; margin: .8rem 0 1.2rem; }}
table {{ border-collapse: collapse; min-width: 60%; font-size: .95rem; }}
th, td {{ text-align: start; vertical-align: top; padding: .35rem .55rem;
  border-bottom: 1px solid #c9ccd1; }}
thead th {{ background: {ink}; color: #ffffff; }}
tbody tr:nth-child(even) {{ background: {tint}; }}
figure {{ margin: 0; }}
figure.group {{ margin: 1.2rem 0; }}
figure.group > figcaption {{ font-weight: bold; margin-bottom: .4rem; }}
.gallery {{ list-style: none; padding: 0; margin: 0; display: grid; gap: .8rem .6rem;
  grid-template-columns: repeat(auto-fill, minmax(6.5rem, 1fr)); }}
.faces {{ display: flex; flex-wrap: wrap; gap: .8rem; justify-content: center; margin: 1rem 0; }}
.faces .face {{ width: 8rem; max-width: 40%; }}
.cover-faces .face {{ width: 7rem; }}
.face img {{ display: block; width: 100%; height: auto; }}
.outline {{ display: block; border: 1px solid #5a5f66; border-radius: 6px; padding: 1.5rem .3rem;
  text-align: center; font-weight: bold; }}
.face figcaption {{ font-size: .85rem; text-align: center; margin-top: .25rem; }}
.unseen {{ position: absolute; width: 1px; height: 1px; overflow: hidden; white-space: nowrap;
  clip: rect(0 0 0 0); clip-path: inset(50%); }}
nav.contents ol {{ padding-inline-start: 1.4rem; }}
.setup .piles {{ list-style: none; padding: 0; margin: .3rem 0 1rem; display: flex;
  flex-wrap: wrap; gap: .8rem 1rem; }}
.setup .piles li {{ width: 6.5rem; text-align: center; font-size: .85rem; }}
.setup .card {{ display: block; width: 3.6rem; height: 5rem; margin: 0 auto .35rem;
  border: 1px solid {ink}; border-radius: 4px; background: {tint}; color: {ink};
  box-shadow: 3px 3px 0 #ffffff, 4px 4px 0 {ink}, 6px 6px 0 #ffffff, 7px 7px 0 {ink};
  font-size: 1.3rem; font-weight: bold; line-height: 5rem; }}
.setup .pile-name {{ display: block; font-weight: bold; }}
.setup .pile-counts {{ display: block; }}
.index {{ list-style: none; padding: 0; }}
.beside {{ display: grid; grid-template-columns: minmax(6rem, 30%) 1fr; gap: 1rem;
  align-items: start; margin: .6rem 0; }}
.beside .faces {{ margin: 0; justify-content: flex-start; }}
.beside .faces .face {{ width: 5.5rem; max-width: 45%; }}
.glossary dt {{ font-weight: bold; }}
.glossary dd {{ margin: 0 0 .5rem 1.2rem; }}
footer {{ margin-top: 3rem; padding-bottom: 2rem; font-size: .9rem; }}
@media (max-width: 30rem) {{
  body {{ font-size: 1rem; }}
  h1 {{ font-size: 1.8rem; }}
  h2 {{ font-size: 1.4rem; }}
}}
@media print {{
  body {{ font-size: 11pt; }}
  header.cover, main, footer {{ max-width: none; padding: 0; }}
  a {{ color: inherit; text-decoration: none; }}
  h2, h3, h4 {{ break-after: avoid; }}
  figure, tr, .note {{ break-inside: avoid; }}
  .table {{ overflow: visible; }}
  thead th {{ -webkit-print-color-adjust: exact; print-color-adjust: exact; }}
  nav.contents {{ break-after: page; }}
  footer {{ display: none; }}
}}
""".strip()


def page(
    catalog: Catalog,
    body: Body,
    accent: str,
    font: str,
    css_href: str | None,
    font_rules: str = "",
) -> str:
    """A whole document: HTML5 (`css_href` None: the style sheet inline, after
    `font_rules`, the @font-face rules of fonts that come with the page) that is XHTML too."""
    meta = book_meta(catalog)
    marks = Marks(meta["lang"])
    style = (
        f'<link rel="stylesheet" href="{esc(css_href)}" />'
        if css_href is not None
        else f"<style>\n{font_rules}{style_sheet(accent, font)}\n</style>"
    )
    return (
        "<!DOCTYPE html>\n"
        f'<html xmlns="http://www.w3.org/1999/xhtml"{marks.document()}>\n'
        '<head>\n<meta charset="utf-8" />\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1" />\n'
        f"<title>{esc(meta['title'])}</title>\n"
        f'<meta name="description" content="{esc(meta["subject"])}" />\n'
        f"{style}\n</head>\n<body>\n{body.cover}\n<main>\n{body.main}\n</main>\n"
        f"{footer(catalog, marks) if css_href is None else ''}</body>\n</html>\n"
    )


# cardstock's own words of the web page's footer (`cardstock/locale/cardstock.pot`)
ALSO = "Also as a {pdf} and an {epub}."
PDF = "PDF"
EPUB = "e-book (EPUB)"


def footer(catalog: Catalog, marks: Marks | None = None) -> str:
    """The web page's footer: the other editions beside it, in the book's language."""
    gid, words = esc(catalog.id), catalog.tool_words
    pdf = f'<a href="../{gid}-rulebook.pdf">{esc(words(PDF))}</a>'
    epub = f'<a href="../{gid}-rulebook.epub">{esc(words(EPUB))}</a>'
    own = marks.english(words, ALSO) if marks else ""
    said = esc(words(ALSO, pdf="\0pdf\0", epub="\0epub\0"))  # the links go in escaped words
    said = said.replace("\0pdf\0", pdf).replace("\0epub\0", epub)
    return f"<footer><p{own}>{said}</p></footer>\n"
