"""The index and the glossary of a rulebook's web page and e-book (`books.xhtml`): the same
terms and the same rule as the PDF's (`books.terms`), a term's places being the sections
that explain it, each a link to its heading."""

from __future__ import annotations

import html
from collections.abc import Callable, Iterator
from typing import Any

from ..core import markup
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


def index_list(places: Places) -> str:
    """The index as a list: each term, then a link to each section that explains it."""
    rows = []
    for term, spots in places.entries():
        links = ", ".join(f'<a href="#{_esc(a)}">{_esc(title)}</a>' for a, title in spots)
        rows.append(f'<li><span class="term">{_esc(term.name)}</span>: {links}</li>')
    return f'<ul class="index">{"".join(rows)}</ul>' if rows else ""


def glossary_list(terms: list[Term], block: Callable[[str, str], Any]) -> str:
    """The glossary as a description list; `block(tag, inner)` writes an element with the
    language marks its words need."""
    items = "".join(block("dt", _esc(t.name)) + block("dd", _esc(t.meaning)) for t in terms)
    return f'<dl class="glossary">{items}</dl>'
