"""Which heading a rule template's line stands under, as a player reads it.

A rule fact may name its phase (`phase = "Crusade"`: the part of a round it is a rule of).
The paragraph that states it must then stand under that phase's heading: a line of the
rulebook that renders the fact's value (`fact('id').value`) and is moved under another
phase's heading tells the player to do it at the wrong time, although every word of it is
still right. A line stands under the nearest Markdown heading above it in its template
(`#` to `######` at the line's start), read as it prints (rendered alone with the
template's names, as `rendered_forms` reads a line; a heading it cannot render is read
with each rendered thing left out). A line that opens with the phase's name itself (a
quick reference's "3. **Frenzy** (all at once): …", in bold after a list's number or mark)
stands in that phase too.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .phrases import words
from .rendered_forms import line_read, renders, template_lines

if TYPE_CHECKING:
    from ...catalog.load import Catalog

_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*)$")
_TAGS = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
_LITERAL = re.compile(r"""_\(\s*(['"])(.*?)\1\s*\)""")
# a line that opens, after a list's number or mark, with words in bold ("3. **Frenzy** (")
_BOLD_LEAD = re.compile(r"^\s*(?:[-*+]\s+|\d+[.)]\s+)?\*\*")
# … and those words, as the line reads with its emphasis gone: up to a bracket or a colon
_OPENING = re.compile(r"^\s*(?:[-*+]\s+|\d+[.)]\s+)?([^(:]*)")


def _lead(catalog: Catalog, shown_as: str, n: int, raw: str) -> str:
    """The words in bold a template line opens with ("Frenzy" of `3. **Frenzy** (all at
    once): …`), as it prints; "" for a line that does not open in bold."""
    if _BOLD_LEAD.match(_TAGS.sub("", raw)) is None:
        return ""
    read = line_read(catalog, shown_as, n, raw) or _TAGS.sub(" ", raw)
    m = _OPENING.match(read)
    return " ".join(m.group(1).split()) if m else ""


def _heading_words(catalog: Catalog, shown_as: str, n: int, raw: str) -> str:
    """The words a heading line prints: rendered alone, else its text and `_("…")`
    literals with every other rendered thing left out."""
    read = line_read(catalog, shown_as, n, raw)
    if read is None:
        literals = " ".join(m.group(2) for m in _LITERAL.finditer(raw))
        read = _TAGS.sub(" ", raw) + " " + literals
    return " ".join(read.replace("#", " ").replace("*", " ").split())


def placed_lines(catalog: Catalog, fact_id: str) -> list[tuple[str, int, str, int | None, str]]:
    """Each template line that renders the fact's value: (template, line, the words in bold
    it opens with or "", the line of the heading above it or None, that heading's words)."""
    lines = template_lines(catalog)
    out: list[tuple[str, int, str, int | None, str]] = []
    for k, (shown_as, n, raw) in enumerate(lines):
        if fact_id not in raw or not renders(raw, fact_id):
            continue
        head: tuple[int | None, str] = (None, "")
        for shown2, n2, raw2 in reversed(lines[:k]):
            if shown2 != shown_as:
                break
            m = _HEADING.match(raw2)
            if m:
                head = (n2, _heading_words(catalog, shown2, n2, m.group(2)))
                break
        out.append((shown_as, n, _lead(catalog, shown_as, n, raw), head[0], head[1]))
    return out


def says_phase(text: str, phase: str) -> bool:
    """Does `text` name the phase (its words in a row, case aside)?"""
    return f" {words(phase).strip()} " in f" {words(text).strip()} "


def opens_with(lead: str, phase: str) -> bool:
    """Does a line's bold opening (`placed_lines`) name the phase?"""
    return bool(lead) and says_phase(lead, phase)


__all__ = ["opens_with", "placed_lines", "says_phase"]
