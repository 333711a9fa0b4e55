"""The `arithmetic` edits: a number a rule template computes, computed from one term fewer.

Each expression of a rulebook's or quick reference's tags that does arithmetic on numbers
(`reading.computed.spans`: a `{{ … }}`, a `{% set %}`'s value, a `{% trans %}` header's
binding) loses its last term at its outermost operator, as a designer who forgot a part
would write it: `per_colour + frenzies_dealt + rogations_dealt` becomes `per_colour +
frenzies_dealt`, `give * (lives | length)` becomes `give`, `deck - n * hand` becomes `deck
- n`. A `{% set %}` whose name holds no number (a list joined with `+`) is left alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..player_texts import Sources
from ..reading.computed import operators, spans, tokens
from ..reading.phrases import templates
from ..reading.rendered_forms import template_names
from .changes import Change, Edit

if TYPE_CHECKING:
    from ...catalog.load import Catalog


_STOPS = {"+", "-", "*", "/", "//", "%", "**"}  # an operator of the same depth ends the term


def without_last_term(expression: str) -> str | None:
    """The expression less its last term at its outermost operator (the operator and the
    operand after it, up to a filter, a comma or a closing bracket of that depth); None
    when it has no arithmetic operator."""
    toks = tokens(expression)
    if not toks:
        return None
    ops = operators(toks)
    if not ops:
        return None
    depth = min(toks[i].depth for i in ops)
    i = [k for k in ops if toks[k].depth == depth][-1]
    j = i + 1
    while j < len(toks):
        t = toks[j]
        if t.depth < depth or (t.depth == depth and t.text in ("|", ",", "if", "else")):
            break
        if t.depth == depth and j > i + 1 and t.kind == "operator" and t.text in _STOPS:
            break
        j += 1
    cut_from = toks[i - 1].end  # the space before the operator goes too
    cut_to = toks[j - 1].end
    return expression[:cut_from] + expression[cut_to:]


def _numeric(catalog: Catalog, shown: str, name: str | None) -> bool:
    """Does a `{% set %}` name hold a number (a loop's or a print's expression: yes)?"""
    if name is None:
        return True
    value = (template_names(catalog, shown) or {}).get(name)
    return value is None or (isinstance(value, (int, float)) and not isinstance(value, bool))


def arithmetic_edits(catalog: Catalog, sources: Sources) -> Iterable[Edit]:
    """Each arithmetic expression of the game's rule templates, less its last term."""
    for path, shown in templates(catalog):
        text = sources.texts.get(path)
        if text is None:
            continue
        for start, end, name in spans(text):
            if not _numeric(catalog, shown, name):
                continue
            before = text[start:end]
            after = without_last_term(before)
            if after is None or after.strip() == before.strip():
                continue
            yield Edit(
                "arithmetic",
                shown,
                text.count("\n", 0, start) + 1,
                "template arithmetic" + (f" {name}" if name else ""),
                before.strip(),
                after.strip(),
                (Change(path, start, end, after),),
            )


__all__ = ["arithmetic_edits", "without_last_term"]
