"""The index, the glossary and the setup picture of a rulebook's web page and e-book
(`books.xhtml`): the same terms and the same rule as the PDF's (`books.terms`), a term's
places being the sections that explain it, each a link to its heading; the same piles as
the PDF's picture (`books.setup_piles`)."""

from __future__ import annotations

import html
from collections.abc import Callable, Iterator
from typing import Any

from ..core import markup
from ..core.punctuation import spaced
from .setup_piles import SetupPicture
from .terms import Places, Term

Section = tuple[str, str]  # a heading's anchor and its words


class WebPlaces(Places):
    """`Places` whose spots are sections: a heading's own, or the section a bold term is
    introduced in."""

    section: Section | None = None

    def read(self, blocks: list[markup.Block], sections: Iterator[Section]) -> None:
        """The blocks of the text in order, `sections` giving each heading's anchor and
        words as the page writes them."""
        for b in blocks:
            if isinstance(b, markup.Heading):
                self.section = next(sections, None)
                if self.section is not None:
                    self.saw_heading(b.text, self.section)
            elif isinstance(b, (markup.Paragraph, markup.ListItem, markup.Note)):
                if self.section is not None:
                    self.saw_text(b.text, self.section)


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def index_list(places: Places, lang: str | None) -> str:
    """The index as a list: each term, then a link to each section that explains it (the
    colon between spaced as the language `lang` spaces it)."""
    colon = spaced("a: b", lang)[1:-1]
    rows = []
    for term, spots in places.entries():
        links = ", ".join(f'<a href="#{_esc(a)}">{_esc(title)}</a>' for a, title in spots)
        rows.append(f'<li><span class="term">{_esc(term.name)}</span>{colon}{links}</li>')
    return f'<ul class="index">{"".join(rows)}</ul>' if rows else ""


def glossary_list(terms: list[Term], block: Callable[[str, str], Any]) -> str:
    """The glossary as a description list; `block(tag, inner)` writes an element with the
    language marks its words need."""
    items = "".join(block("dt", _esc(t.name)) + block("dd", _esc(t.meaning)) for t in terms)
    return f'<dl class="glossary">{items}</dl>'


def setup_figure(picture: SetupPicture | None, block: Callable[[str, str], Any]) -> str:
    """The setup picture (`books.setup_piles`) as a figure: each pile a card drawn by the
    style sheet, its count on it or its counts by player count under its name; the figure
    is named by the picture's words, and every count is text a reader reads."""
    if picture is None:
        return ""
    parts = []
    for title, piles in (
        (picture.shared_title, picture.shared),
        (picture.each_title, picture.each),
    ):
        if not piles:
            continue
        items = []
        for p in piles:
            card = "" if p.varies else _esc(p.lines[0])
            under = "<br/>".join(_esc(line) for line in p.lines) if p.varies else ""
            counts = (
                f'<span class="pile-counts">{under}</span>'
                if under
                else f'<span class="unseen">: {card}</span>'  # the card's count, read
            )
            items.append(
                f'<li><span class="card" aria-hidden="true">{card}</span>'
                f'<span class="pile-name">{_esc(p.name)}</span>{counts}</li>'
            )
        parts.append(block("p", _esc(title)) + f'<ul class="piles">{"".join(items)}</ul>')
    label = _esc(picture.words())
    return f'<figure class="setup" aria-label="{label}">{"".join(parts)}</figure>'
