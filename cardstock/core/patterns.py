"""Python format patterns written in catalog data (a set's `group = "Realm: {realm}"`)
and the width bound shared with templates: a pattern names plain fields only, and no
width or precision is over `MAX_WIDTH` (`{name:>999999999}` would build a gigabyte).
Light on purpose: loading a catalog needs it, and needs no Jinja2."""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
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


def check_pattern(pattern: str) -> str:
    """A `str.format` pattern written in catalog data ("Realm: {realm}"), checked: every
    field is a plain name (no attributes, indexes or nested fields) and widths are at most
    `MAX_WIDTH`. Returns the pattern; raises ValueError with a plain message."""
    try:
        parts = list(string.Formatter().parse(pattern))
    except ValueError as exc:
        raise ValueError(f"not a valid pattern: {exc}") from None
    for _, name, spec, _ in parts:
        if name is None:
            continue
        if not name.isidentifier():
            raise ValueError(
                f"{{{name}}}: a field in a pattern is a plain field name (no dots, brackets or "
                "numbers)"
            )
        if spec and "{" in spec:
            raise ValueError(f"{{{name}:{spec}}}: a pattern may not nest fields")
        if spec:
            try:
                check_format_spec(spec)
            except ValueError as exc:
                raise ValueError(f"{{{name}:{spec}}}: {exc}") from None
    return pattern


def safe_format(pattern: str, values: Mapping[str, Any]) -> str:
    """`pattern.format(**values)` for a pattern that `check_pattern` accepts."""
    return check_pattern(pattern).format(**values)
