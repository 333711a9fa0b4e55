"""What the rules check reads once per load of a catalog, for every fact that asks: the words
typed in the game's rule templates (`facts.rule.typed_words`), its translations
(`translated.translations`), its templates' lines as written, as printed and as rendered
alone, the names those lines can render (`facts.rendered_forms`, `facts.printed_lines`), and
the words of the texts the rule facts read at their places (`facts.rule`).

The rules room keeps them here, beside the catalog rather than on it:

    reads = reads_of(catalog)   # this load's reads, made when first asked for
    forget(catalog)             # let go of once the rules are checked

A load is one `Catalog` object: a `dataclasses.replace` copy reads anew. What a load read
is let go of by `forget` (the stages after the check read none of it, and the names a
template's lines render hold the whole template context, a dict of every component), and
in any case when the catalog itself is.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # a game without translations loads none of their code
    from ...catalog.load import Catalog
    from ...catalog.translations import Entry, Translation
    from ...core.issues import InputError


class TypedWords(NamedTuple):
    """The words typed in a game's rule templates: each line's (shown path, line number,
    its words as `words` reads them), and all of them run together (`joined`: a phrase is
    in it only when it is in one line, as each line's words start and end with a space)."""

    lines: list[tuple[str, int, str]]
    joined: str


@dataclass
class Read:
    """One translation, read once per load with what the checks look up in it: its fact
    entries by the English rule word (key, words), its entries by their English text, and
    the language's number words."""

    t: Translation
    facts: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    by_source: dict[str, Entry] = field(default_factory=dict)
    spelt: dict[str, int] = field(default_factory=dict)


@dataclass
class Reads:
    """What one load of a catalog has had read for its rules check so far (None: not yet)."""

    typed_words: TypedWords | None = None
    translations: list[Read] | None = None
    # (shown path, line number, the line as written) of every rule template
    template_raw_lines: list[tuple[str, int, str]] | None = None
    # (shown path, line number, the line, its arithmetic spans) of each rule template line
    # that does arithmetic on numbers (`computed.arithmetic_lines`)
    template_arithmetic: (
        list[tuple[str, int, str, tuple[tuple[int, int, str | None], ...]]] | None
    ) = None
    # (shown path, a line) → what each part of the template around it prints
    template_printed: dict[tuple[str, int], dict[int, list[str]] | None] | None = None
    # shown path → the names its lines can render ("": the context every template starts from)
    template_names: dict[str, dict[str, Any] | None] | None = None
    # shown path → the breach of a template bound its `{% set %}` lines made, raised again
    # to each reader of its names rather than run again (`rendered_forms._evaluated`)
    template_breaches: dict[str, InputError] = field(default_factory=dict)
    # (shown path, a line) → the line as a player reads it, None when it cannot be rendered alone
    template_reads: dict[tuple[str, int], str | None] | None = None
    # a text the rule facts read at their places (a card's field, a table's cell, a setup
    # step, a designer's choice) → its words (`phrases.words`), read once for every fact
    place_words: dict[str, str] = field(default_factory=dict)


# a load's reads by the identity of its catalog, each dropped when that catalog is let go of
# (so an identity is never read again for another catalog)
_KEPT: dict[int, Reads] = {}


def reads_of(catalog: Catalog) -> Reads:
    """What this load of `catalog` has read for its rules check (made when first asked for)."""
    kept = _KEPT.get(id(catalog))
    if kept is None:
        kept = _KEPT[id(catalog)] = Reads()
        weakref.finalize(catalog, _KEPT.pop, id(catalog), None)
    return kept


def forget(catalog: Catalog) -> None:
    """Let go of what the rules check read for this load of `catalog`."""
    _KEPT.pop(id(catalog), None)


def held(catalog: Catalog) -> Reads | None:
    """What is held for this load of `catalog`, without making anything (None: nothing)."""
    return _KEPT.get(id(catalog))


__all__ = ["Read", "Reads", "TypedWords", "forget", "held", "reads_of"]
