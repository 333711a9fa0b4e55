"""The patterns a user writes that cardstock fills in, and the width bound shared with
templates. A pattern is text with fields in braces: a set's `group = "Realm: {realm}"`
and `ids = "{set}-{name}"`, the `[playtest] code` of a card's QR code, a game's own words
for cardstock's messages (`msgctxt "cardstock"`). They all go through one formatter
(`check_pattern`, `fill`): a field is a name alone (`{realm}`), with no format spec,
conversion, attribute, index or number (`{realm:>9}`, `{realm!r}`, `{realm.x}`,
`{realm[0]}`, `{0}`), `{{` and `}}` stand for a brace; a pattern is at most
`PATTERN_MAX` characters and what it fills to at most `FILLED_MAX`, so no pattern can
run code or build a gigabyte. The width bound (`MAX_WIDTH`) is what the templates' own
`format` filters may ask for (`core.template_budget`). Light on purpose: loading a
catalog needs it, and needs no Jinja2."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

MAX_WIDTH = 1000  # a width or precision in a format


@lru_cache(maxsize=8192)
def compiled(regex: str) -> re.Pattern[str]:
    """`re.compile(regex)`, kept for the process. The rules checks look for every name and
    phrase of a game in every text, each by a pattern of its own. A game has more of them
    than the 512 that `re` keeps, so `re`'s own cache would compile them again and again."""
    return re.compile(regex)


def whole_name(name: str) -> re.Pattern[str]:
    """`name` as written, as a whole word: not inside a longer word or a hyphenated one."""
    return compiled(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])")


# `%` conversions: flags, width, precision (the mapping key is skipped)
# a pattern's text: `re.compile` makes it when first asked and keeps it (a build that
# never asks does not compile it)
PERCENT_SPEC = r"%(?:\([^)]*\))?[#0\- +]*(\*|\d+)?(?:\.(\*|\d+))?"
# str.format specs: [[fill]align][sign][z][#][0][width][grouping][.precision][type]
FORMAT_SPEC = re.compile(r"(?:.?[<>=^])?[+\- ]?z?#?0?(\d*)[,_]?(?:\.(\d*))?")


def check_width(n: Any, what: str) -> None:
    """ValueError when the whole number `n` is over `MAX_WIDTH` (other values pass)."""
    if isinstance(n, int) and not isinstance(n, bool) and abs(n) > MAX_WIDTH:
        raise ValueError(f"{what} {n} is larger than the limit of {MAX_WIDTH}")


def check_percent_format(pattern: Any) -> None:
    """ValueError for a `%` format whose width or precision is over `MAX_WIDTH` or `*`."""
    if not isinstance(pattern, str):
        return
    for m in re.compile(PERCENT_SPEC).finditer(pattern):
        for part in m.groups():
            if part == "*":
                raise ValueError("a '*' width in a '%' format is not allowed in templates")
            if part:
                check_width(int(part), "the format width")


def check_format_spec(spec: str) -> None:
    """ValueError for a `str.format` spec whose width or precision is over `MAX_WIDTH`."""
    m = FORMAT_SPEC.match(spec)
    if m:
        for part in m.groups():
            if part:
                check_width(int(part), "the format width")


PATTERN_MAX = 1000  # characters of a pattern a user writes
FILLED_MAX = 10_000  # characters a pattern may fill to
# what a pattern is read as: a brace written twice, a field, or a brace alone
_PIECE = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|[{}]")


def _pieces(pattern: str) -> tuple[tuple[str, bool], ...]:
    """The pattern as (text, is a field's name) pieces; ValueError with a plain message
    for what the formatter refuses."""
    if len(pattern) > PATTERN_MAX:
        raise ValueError(
            f"the pattern is {len(pattern):,} characters long; at most {PATTERN_MAX:,}"
        )
    out: list[tuple[str, bool]] = []
    at = 0
    for m in _PIECE.finditer(pattern):
        if m.start() > at:
            out.append((pattern[at : m.start()], False))
        at = m.end()
        piece = m.group()
        if piece in ("{{", "}}"):
            out.append((piece[0], False))
        elif m.group(1) is not None:
            out.append((_field_name(m.group(1)), True))
        else:
            raise ValueError(_lone_brace(pattern, m.start()))
    if at < len(pattern):
        out.append((pattern[at:], False))
    return tuple(out)


def _field_name(inside: str) -> str:
    """The name of a field written `{inside}`; ValueError when it is not a name alone."""
    if inside.isidentifier():
        return inside
    shown = "{" + inside + "}"
    if ":" in inside:
        why = "a format spec"
    elif "!" in inside:
        why = "a conversion"
    elif "." in inside or "[" in inside:
        why = "an attribute or an index"
    elif not inside.strip():
        why = "no name"
    elif inside.strip()[0].isdigit():
        why = "a number for a name"
    else:
        why = "what is not a name"
    raise ValueError(f"{shown}: the field holds {why}; a field is a name alone, such as {{name}}")


def _lone_brace(pattern: str, at: int) -> str:
    brace = pattern[at]
    if brace == "{" and "}" in pattern[at:]:
        end = pattern.index("}", at) + 1
        return (
            f"{pattern[at:end]}…: a field holds no braces; a field is a name alone, such as "
            "{name} (write {{ or }} for a brace itself)"
        )
    other = "}" if brace == "{" else "{"
    return f"a {brace!r} with no {other!r} to pair it (write {brace * 2} for a brace itself)"


def pattern_fields(pattern: str) -> list[str]:
    """The names a pattern's fields give, in order (none for a pattern it refuses)."""
    try:
        return [text for text, named in _pieces(pattern) if named]
    except ValueError:
        return []


def check_pattern(pattern: str, names: Sequence[str] | None = None) -> str:
    """A pattern a user wrote ("Realm: {realm}"), checked as `fill` reads it, and, given
    `names`, naming only those. Returns the pattern; raises ValueError with a plain
    message."""
    pieces = _pieces(pattern)
    if names is not None:
        unknown = sorted({text for text, named in pieces if named and text not in names})
        if unknown:
            raise ValueError(
                f"unknown name {{{unknown[0]}}}; the pattern may name "
                + ", ".join("{" + n + "}" for n in names)
            )
    return pattern


def fill(pattern: str, values: Mapping[str, Any]) -> str:
    """The pattern with each field's value filled in (`str` of it), each `{{` and `}}` a
    brace. ValueError for a pattern `check_pattern` refuses or that fills to more than
    `FILLED_MAX` characters, KeyError for a field `values` does not give."""
    out: list[str] = []
    size = 0
    for text, named in _pieces(pattern):
        piece = str(values[text]) if named else text
        size += len(piece)
        if size > FILLED_MAX:
            raise ValueError(f"the pattern fills to more than {FILLED_MAX:,} characters")
        out.append(piece)
    return "".join(out)
