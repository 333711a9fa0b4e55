"""The one rule that tells a mark (an element bound to a field) from the names a drawing
program gives elements by itself, and what a mark says (docs/draw-your-card.md).

An element's `inkscape:label` (Affinity: `serif:id`), else its `id` (as Illustrator
escapes it: `card_bg_x5B_fill_x5D_`), is a mark when it is written in lower case:
a letter, then letters, digits and `_` (`title`, `card_bg`), optionally followed by
`-` and a suffix (`cost-2`, `cost-*`: several elements bound to one field), then by a
property in brackets (`card_bg[fill]`, `[stroke]`, `[opacity]`) or by `=value` (a group
shown when the field holds that value). Not marks: a name with a capital letter, a space
(but see below) or a leading `_` (`Layer 1`, `Background`, Illustrator's `Layer_1` and
`_x31_`), and a name a drawing program writes by itself, an element's kind then digits (`rect123`,
`path4567-8`, `g12`, `layer1`, `text89`, `tspan3`).

A label of several words, each of them a mark, holds several marks (PnPInk's `id1 id2`):
`card_bg[fill] edge[stroke]` sets two properties of one element, and `bonus suit=Fire` on
a group shows what it holds when both are true. A label with any word that is no mark
(`Layer 1`) is no mark at all.
"""

from __future__ import annotations

import difflib
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

INKSCAPE_LABEL = "{http://www.inkscape.org/namespaces/inkscape}label"
SERIF_ID = "{http://www.serif.com/}id"  # Affinity's name of a layer, as it was typed
PROPERTIES = ("fill", "stroke", "opacity")
_ESCAPED = re.compile(r"_x([0-9A-Fa-f]{2})_")
_COPY = re.compile(r"_\d+_$")

_MARK = re.compile(
    r"(?P<field>[a-z][a-z0-9_]*)(?:-(?P<suffix>[a-z0-9_*-]+))?"
    r"(?:\[(?P<prop>fill|stroke|opacity)\]|=(?P<value>[^\s=]+))?"
)
# element kinds drawing programs name their elements after, then a number (Inkscape's
# `rect123`, its copies' `rect123-4-5`, a layer's `layer1`)
_KINDS = (
    "a|circle|clippath|defs|desc|ellipse|filter|flowpara|flowregion|flowroot|g|guide|image|"
    "layer|line|lineargradient|marker|mask|metadata|namedview|path|pattern|polygon|polyline|"
    "radialgradient|rect|stop|style|svg|switch|symbol|text|textpath|title|tspan|use"
)
_AUTOMATIC = re.compile(rf"(?:{_KINDS})\d+(?:-\d+)*")


@dataclass(frozen=True)
class Mark:
    """What a mark says: the field it binds, the property it sets (or None: the element
    shows the field), the value a group is shown for (or None: shown when the field is
    true), and the mark as written."""

    field: str
    prop: str | None
    value: str | None
    written: str


def automatic(name: str) -> bool:
    """Whether `name` is one a drawing program writes by itself (`rect123`, `g12`)."""
    return _AUTOMATIC.fullmatch(name) is not None


def read_mark(name: str | None) -> Mark | None:
    """The mark `name` is, or None when it is not one (see the module's docstring)."""
    if not name:
        return None
    text = name.strip()
    m = _MARK.fullmatch(text)
    if m is None or automatic(text):
        return None
    return Mark(m.group("field"), m.group("prop"), m.group("value"), text)


def read_marks(name: str | None) -> tuple[Mark, ...]:
    """The marks `name` holds: one, several (words each of which is a mark), or none."""
    words = (name or "").split()
    found = [read_mark(w) for w in words]
    if not words or any(m is None for m in found):
        return ()
    return tuple(m for m in found if m is not None)


def exported_id(name: str) -> str:
    """An id as the name it was exported from: Illustrator writes a character an id cannot
    hold as `_xHH_` (`card_bg_x5B_fill_x5D_` for `card_bg[fill]`) and a name given twice
    with `_1_`, `_2_` after it (`name_1_`)."""
    if "_" not in name:
        return name
    return _COPY.sub("", _ESCAPED.sub(lambda m: chr(int(m.group(1), 16)), name))


def marks_of(el: ET.Element) -> tuple[Mark, ...]:
    """An element's marks: its label's (Inkscape's `inkscape:label`, Affinity's
    `serif:id`), else its id's (none: the element is unmarked)."""
    return (
        read_marks(el.get(INKSCAPE_LABEL))
        or read_marks(el.get(SERIF_ID))
        or read_marks(exported_id(el.get("id") or ""))
    )


def mark_of(el: ET.Element) -> Mark | None:
    """An element's first mark (None: the element is unmarked)."""
    found = marks_of(el)
    return found[0] if found else None


def suggestion(name: str, known: list[str]) -> str:
    """` (did you mean …?)` naming the nearest known names, or nothing."""
    near = difflib.get_close_matches(name, known, n=3, cutoff=0.6)
    return f" (did you mean {' or '.join(near)}?)" if near else ""
