"""The numbers a rule template computes: a `{% set name = … %}` line whose expression does
arithmetic (`+`, `-`, `*`, `/`, `//`, `%`, `**` or the `sum` filter) and gives a number.

    {% set deck_size = per_colour + frenzies_dealt + rogations_dealt %}

Such a number is printed where no fact's word stands: the terms it adds are each held
where the data states them, but which terms it adds (and how) is the template's own. A
`value` fact holds it with a place `{ template = "rulebook.md.j2", computes = "deck_size" }`
(`places`): the template's name, read as the template prints it (with the template's
context and the names its `{% set %}` lines give, as `rendered_forms` reads a line), must
hold the fact's value. The finding names the template's line, the expression as written
and the numbers its named terms hold, so a term left out or an operator changed is seen.
`arithmetic` lists every such line of a game's rule templates, for the mutation test and
for the report line of the printed texts no check reads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from jinja2 import Environment, TemplateSyntaxError, nodes

from ...catalog.ruletext import layouts_dir
from .phrases import templates
from .rendered_forms import template_lines, template_names

if TYPE_CHECKING:
    from ...catalog.load import Catalog

# a `{% set name = expression %}` tag: the name is group 1, the expression group 2
SET_TAG = re.compile(r"\{%-?\s*set\s+(\w+)\s*=\s*(.*?)\s*-?%\}")
_ARITHMETIC = (nodes.Add, nodes.Sub, nodes.Mul, nodes.Div, nodes.FloorDiv, nodes.Mod, nodes.Pow)
_PARSER = Environment()  # parses an expression only; nothing is rendered with it


@dataclass(frozen=True)
class Computed:
    """One name a rule template computes by arithmetic: where, how, and what it holds."""

    shown_as: str  # the template, as the project names it
    line: int
    name: str
    expression: str  # as written
    start: int  # the expression's offset in the line
    value: Any  # the number it holds (None: the checker cannot evaluate it)
    terms: tuple[tuple[str, Any], ...]  # each name the expression reads that holds a number

    @property
    def where(self) -> str:
        return f"{self.shown_as}:{self.line}"

    def described(self) -> str:
        """The expression and its named terms' numbers: "give * 2 (give 4)"."""
        held = ", ".join(f"{k} {_plain(v)}" for k, v in self.terms)
        return f"{self.name} = {self.expression}" + (f" ({held})" if held else "")


def _plain(v: Any) -> str:
    return str(int(v)) if isinstance(v, float) and v.is_integer() else str(v)


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def is_arithmetic(expression: str) -> bool:
    """Does the expression do arithmetic: an arithmetic operator, or the `sum` filter?"""
    try:
        tree = _PARSER.parse("{{ " + expression + " }}")
    except TemplateSyntaxError:
        return False
    if any(True for _ in tree.find_all(_ARITHMETIC)):
        return True
    return any(f.name == "sum" for f in tree.find_all(nodes.Filter))


def _names_read(expression: str) -> list[str]:
    """The names the expression reads, each once, in the order written."""
    tree = _PARSER.parse("{{ " + expression + " }}")
    return list(dict.fromkeys(n.name for n in tree.find_all(nodes.Name) if n.ctx == "load"))


def arithmetic(catalog: Catalog) -> list[Computed]:
    """Every `{% set %}` line of the game's rule templates that computes a number by
    arithmetic (a list built with `+` is no number and is left out), in file order; a
    name the checker cannot evaluate holds None."""
    out: list[Computed] = []
    for shown_as, n, raw in template_lines(catalog):
        m = SET_TAG.match(raw.strip())
        if m is None or not is_arithmetic(m.group(2)):
            continue
        names = template_names(catalog, shown_as) or {}
        value = names.get(m.group(1))
        if value is not None and not _number(value):
            continue
        terms = tuple(
            (k, names[k]) for k in _names_read(m.group(2)) if k in names and _number(names[k])
        )
        start = raw.index(m.group(2), raw.index(m.group(1)) + len(m.group(1)))
        out.append(Computed(shown_as, n, m.group(1), m.group(2), start, value, terms))
    return out


def computed(catalog: Catalog, template: str, name: str) -> Computed | str:
    """The number `template` (named from the game's layouts folder) computes as `name`: its
    last arithmetic `{% set %}` line; else why there is none."""
    shown_as = catalog.display(layouts_dir(catalog) / template)
    if shown_as not in {shown for _, shown in templates(catalog)}:
        return f"the game has no rule template {template!r}"
    hits = [c for c in arithmetic(catalog) if c.shown_as == shown_as and c.name == name]
    if not hits:
        return f"{shown_as} computes no number {name!r} by arithmetic in a {{% set %}} line"
    return hits[-1]


__all__ = ["SET_TAG", "Computed", "arithmetic", "computed", "is_arithmetic"]
