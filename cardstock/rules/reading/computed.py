"""The numbers a rule template computes: an expression doing arithmetic on numbers (`+`,
`-`, `*`, `/`, `//`, `%`, `**`) in a `{% set name = … %}`, a `{{ … }}` or a `{% trans %}`
header's binding.

    {% set deck_size = per_colour + frenzies_dealt + rogations_dealt %}
    {% for n in players.counts %}{{ pack - n * deal }} | {% endfor %}

Such a number is printed where no fact's word stands: the terms it adds are each held
where the data states them, but which terms it adds (and how) is the template's own. A
`value` fact holds it with a place `{ template = "rulebook.md.j2", computes = "deck_size" }`
(`places`): the template's name, read as the template prints it (with the template's
context and the names its `{% set %}` lines give, as `rendered_forms` reads a line), must
hold the fact's value; an expression printed as it is is named by its words (`computes =
"pack - n * deal"`, with `given = { n = 3 }` for a loop's names). The finding names the
template's line, the expression as written and the numbers its named terms hold, so a
term left out or an operator changed is seen. `spans` finds every
arithmetic expression of a template's text (a `{{ … }}`, a `{% set %}` or a `{% trans %}`
header's binding), each operator of it with its place (`operators`), for the mutation
test's `arithmetic` edits; `computations` names each, as a `template` place names it, for
the report line of the printed texts no check reads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from jinja2 import TemplateSyntaxError, nodes

from ...catalog.ruletext import layouts_dir
from ...core.templating import plain
from .phrases import templates
from .rendered_forms import template_lines, template_names

if TYPE_CHECKING:
    from ...catalog.load import Catalog

# a `{% set name = expression %}` tag: the name is group 1, the expression group 2
_SET_TAG = re.compile(r"\{%-?\s*set\s+(\w+)\s*=\s*(.*?)\s*-?%\}")


@dataclass(frozen=True)
class Computed:
    """A number a rule template computes: where, how, and what it holds."""

    shown_as: str  # the template, as the project names it
    line: int
    name: str  # the name a `{% set %}` gives it ("": an expression printed as it is)
    expression: str  # as written
    value: Any  # what it holds (None: the checker cannot evaluate it)
    terms: tuple[tuple[str, Any], ...]  # each name the expression reads that holds a number

    @property
    def where(self) -> str:
        return f"{self.shown_as}:{self.line}"

    def described(self) -> str:
        """The expression and its named terms' numbers: "start_deck = give * 2 (give 4)"."""
        held = ", ".join(f"{k} {_plain(v)}" for k, v in self.terms)
        named = f"{self.name} = " if self.name else ""
        return f"{named}{self.expression}" + (f" ({held})" if held else "")


def _plain(v: Any) -> str:
    return str(int(v)) if isinstance(v, float) and v.is_integer() else str(v)


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _names_read(expression: str) -> list[str]:
    """The names the expression reads, each once, in the order written."""
    try:
        tree = plain().compiled("x", expression)
    except TemplateSyntaxError:
        return []
    return list(dict.fromkeys(n.name for n in tree.find_all(nodes.Name) if n.ctx == "load"))


def _made(
    shown_as: str, n: int, name: str, expression: str, value: Any, names: dict[str, Any]
) -> Computed:
    terms = tuple(
        (k, names[k]) for k in _names_read(expression) if k in names and _number(names[k])
    )
    return Computed(shown_as, n, name, expression, value, terms)


def _sets(catalog: Catalog) -> list[Computed]:
    """Every `{% set name = … %}` line of the game's rule templates, in file order, each
    name holding what the template's lines give it (None: the checker cannot evaluate it)."""
    out: list[Computed] = []
    for shown_as, n, raw in template_lines(catalog):
        m = _SET_TAG.match(raw.strip())
        if m is not None:
            names = template_names(catalog, shown_as) or {}
            out.append(_made(shown_as, n, m.group(1), m.group(2), names.get(m.group(1)), names))
    return out


def computed(
    catalog: Catalog, template: str, name: str, given: dict[str, Any] | None = None
) -> Computed | str:
    """The number `template` (named from the game's layouts folder) computes as `name` (the
    last `{% set %}` of that name) or as the expression `name` (the first tag that prints
    it, its words as written), with the names in `given` (a loop's) bound; else why none."""
    shown_as = catalog.display(layouts_dir(catalog) / template)
    if shown_as not in {shown for _, shown in templates(catalog)}:
        return f"the game has no rule template {template!r}"
    names = {**(template_names(catalog, shown_as) or {}), **(given or {})}
    if name.isidentifier():
        hits = [c for c in _sets(catalog) if c.shown_as == shown_as and c.name == name]
        if not hits:
            return f"{shown_as} sets no {name!r} in a {{% set %}} line of its own"
        c = hits[-1]
        if given:
            c = _made(shown_as, c.line, name, c.expression, _value(c.expression, names), names)
    else:
        wanted = " ".join(name.split())
        found = next(
            (
                (n, raw[a:b].strip())
                for shown, n, raw in template_lines(catalog)
                if shown == shown_as
                for a, b, _ in spans(raw)
                if " ".join(raw[a:b].split()) == wanted
            ),
            None,
        )
        if found is None:
            return f"{shown_as} computes `{wanted}` nowhere" + _instead(
                catalog, shown_as, names, set(given or {})
            )
        c = _made(shown_as, found[0], "", found[1], _value(found[1], names), names)
    if not _number(c.value):
        return f"{c.where} `{c.described()}` holds no number the checker can compute"
    return c


def computations(catalog: Catalog) -> list[tuple[str, str]]:
    """(the template as named from the game's layouts folder, what it computes: the name a
    `{% set %}` gives, or the expression printed, spaces folded) of every arithmetic on
    numbers the game's rule templates write (a `{% set %}` whose name holds no number is
    left out), each once, in file order."""
    prefix = catalog.display(layouts_dir(catalog)).rstrip("/") + "/"
    out: list[tuple[str, str]] = []
    for shown_as, _, raw in template_lines(catalog):
        for a, b, name in spans(raw):
            if name is not None:
                value = (template_names(catalog, shown_as) or {}).get(name)
                if value is not None and not _number(value):
                    continue
            found = (shown_as.removeprefix(prefix), name or " ".join(raw[a:b].split()))
            if found not in out:
                out.append(found)
    return out


def _instead(catalog: Catalog, shown_as: str, names: dict[str, Any], given: set[str]) -> str:
    """What the template computes in the place of an expression it no longer writes: each
    printed arithmetic expression reading the names a loop gives (or, when none does, each
    printed arithmetic expression), with its value."""
    printed = [
        _made(shown_as, n, "", raw[a:b].strip(), _value(raw[a:b], names), names)
        for shown, n, raw in template_lines(catalog)
        if shown == shown_as
        for a, b, name in spans(raw)
        if name is None
    ]
    found = [c for c in printed if given <= set(_names_read(c.expression))] or printed
    told = [f"`{c.expression}` (line {c.line}) holds {_plain(c.value)}" for c in found[:3]]
    return f"; it computes {', '.join(told)}" if told else ""


def _value(expression: str, names: dict[str, Any]) -> Any:
    """The expression's value with `names`, or None when it cannot be evaluated."""
    try:
        return plain().compiled("e", expression)(**names)
    except Exception:  # noqa: BLE001 - a name it cannot evaluate: no value
        return None


# an expression in a template's text: `{{ … }}`, `{% set name = … %}`, a `{% trans %}` header
_TAGS = re.compile(
    r"\{\{-?(?P<print>.*?)-?\}\}|\{%-?\s*set\s+(?P<name>\w+)\s*=(?P<set>.*?)-?%\}"
    r"|\{%-?\s*trans\b(?P<trans>.*?)-?%\}",
    re.S,
)
_OPERATORS = {"+", "-", "*", "/", "//", "%", "**"}
_OPEN, _CLOSE = "([{", ")]}"


@dataclass(frozen=True)
class Token:
    """One token of an expression: its kind, its text, its offset, its bracket depth."""

    kind: str
    text: str
    start: int
    depth: int

    @property
    def end(self) -> int:
        return self.start + len(self.text)


def tokens(expression: str) -> list[Token] | None:
    """The expression's tokens, whitespace left out (None: it is no expression)."""
    try:
        raw = list(plain().lex("{{" + expression + "}}"))
    except TemplateSyntaxError:
        return None
    out, at, depth = [], -2, 0
    for _, kind, text in raw:
        if kind == "operator" and text in _CLOSE:
            depth -= 1
        if kind not in ("whitespace", "variable_begin", "variable_end"):
            out.append(Token(kind, text, at, depth))
        if kind == "operator" and text in _OPEN:
            depth += 1
        at += len(text)
    return out


def operators(toks: list[Token]) -> list[int]:
    """The indexes of the binary arithmetic operators among `toks` that work on numbers: a
    sign after another operator is no binary one, and a `%` after a string (formatting) or
    a `+` of a list or a string (`[…]`, `'…'`) is left out."""
    out = []
    for i, t in enumerate(toks):
        if t.kind != "operator" or t.text not in _OPERATORS or i == 0:
            continue
        before, after = toks[i - 1], toks[i + 1] if i + 1 < len(toks) else None
        if before.kind == "operator" and before.text not in _CLOSE:
            continue  # a sign
        if after is None or after.kind == "string" or before.kind == "string":
            continue
        if after.text == "[" or before.text == "]" or "~" in {before.text, after.text}:
            continue
        out.append(i)
    return out


@lru_cache(maxsize=4096)
def spans(text: str) -> tuple[tuple[int, int, str | None], ...]:
    """(start, end, the name a `{% set %}` gives it or None) in `text` of each expression
    of its tags that does arithmetic on numbers: a `{{ … }}`, a `{% set %}`'s value, each
    binding of a `{% trans %}` header. Worked out once for each text: every fact that
    reads a template's numbers reads the same lines."""
    out: list[tuple[int, int, str | None]] = []
    for m in _TAGS.finditer(text):
        group = next(g for g in ("print", "set", "trans") if m.group(g) is not None)
        start = m.start(group)
        parts = [(start, m.end(group))]
        if group == "trans":
            parts = _bindings(m.group(group), start)
        for a, b in parts:
            toks = tokens(text[a:b])
            if toks and operators(toks):
                out.append((a, b, m.group("name")))
    return tuple(out)


def _bindings(header: str, start: int) -> list[tuple[int, int]]:
    """The (start, end) of each `name=expression` value of a `{% trans %}` header."""
    toks = tokens(header) or []
    out: list[tuple[int, int]] = []
    i = 0
    while i + 2 < len(toks):
        if toks[i].kind == "name" and toks[i + 1].text == "=" and toks[i].depth == 0:
            j = i + 2
            while j < len(toks) and not (toks[j].text == "," and toks[j].depth == 0):
                j += 1
            out.append((start + toks[i + 2].start, start + toks[j - 1].end))
            i = j + 1
        else:
            i += 1
    return out


__all__ = [
    "Computed",
    "Token",
    "computations",
    "computed",
    "operators",
    "spans",
    "tokens",
]
