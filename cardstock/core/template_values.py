"""What a template may print, and how long it would print: plain data only, its size
worked out before it is printed.

A function, method, class or object that would print as ``<... at 0x...>``, and Jinja2's
own objects (``{{ self }}``, ``loop``, ``joiner``, ``cycler``, ``namespace()``), are
refused wherever a value becomes text (`as_text`); a render's output is joined up to
`MAX_TEXT` characters (`bounded_join`).
"""

from __future__ import annotations

import itertools
import types
from collections.abc import Iterable, Mapping
from typing import Any, NoReturn

from jinja2 import Undefined
from jinja2.exceptions import SecurityError

from .template_budget import MAX_TEXT, TemplateLimit

SCALARS = (str, int, float, bool, type(None))


# Jinja2's own objects that print their template's own text, not object text
_JINJA_TEXT = ("TemplateModule",)


def _default_repr(value: Any) -> bool:
    """Would `str(value)` be a bare Python repr (a type, a function, `<X object at 0x…>`)
    or object text of Jinja2's own (`<TemplateReference …>`, `<LoopContext 1/3>`)?"""
    if isinstance(value, (type, types.ModuleType)) or callable(value):
        return True
    cls: Any = type(value)
    if (cls.__module__ or "").split(".")[0] == "jinja2" and cls.__name__ not in _JINJA_TEXT:
        return True
    return bool(cls.__str__ is object.__str__ and cls.__repr__ is object.__repr__)


def _refuse_unprintable(bad: Any) -> NoReturn:
    shown = getattr(bad, "__name__", None) or type(bad).__name__
    raise SecurityError(
        f"'{shown}' is a function, method or object, not a value that can be printed"
    )


def as_text(value: Any, limit: int = MAX_TEXT) -> int:
    """About how many characters `value` prints as (at least as many as it does), checked
    before it is printed: plain data (see `templating.finalize`) of at most `limit`
    characters. Containers are walked without recursion, and the walk stops at the limit,
    so a list that holds itself or a list of a million references to one long text costs
    no more than the limit."""
    if isinstance(value, str):
        if len(value) > limit:
            raise TemplateLimit(f"the template makes a text longer than {limit:,} characters")
        return len(value)
    total = 0
    stack = [value]
    while stack:
        size, held = _printed_size(stack.pop())
        total += size
        if total <= limit:
            stack.extend(held)
        if total > limit:
            raise TemplateLimit(f"the template makes a text longer than {limit:,} characters")
    return total


def _printed_size(v: Any) -> tuple[int, Iterable[Any]]:
    """About how many characters one value prints as, besides the values it holds, and
    those values (walked by `as_text` only while the total stays within its limit)."""
    if isinstance(v, str):
        return len(v) + 2, ()
    if isinstance(v, (bool, type(None), float)):
        return 24, ()
    if isinstance(v, int):
        return v.bit_length() // 3 + 2, ()
    if isinstance(v, (bytes, bytearray)):
        return 4 * len(v) + 3, ()
    if isinstance(v, Undefined):
        return 0, ()
    if isinstance(v, (list, tuple, set, frozenset)):
        return 2 + 2 * len(v), v
    if isinstance(v, Mapping):
        return 2 + 4 * len(v), itertools.chain.from_iterable(v.items())
    if _default_repr(v):
        _refuse_unprintable(v)
    return 64, ()  # an object of cardstock's own, which prints a short name


def bounded_join(parts: Iterable[str]) -> str:
    """`"".join` for a render's output, stopping once it passes `MAX_TEXT` characters."""
    out: list[str] = []
    size = 0
    for part in parts:
        size += len(part)
        if size > MAX_TEXT:
            raise TemplateLimit(f"the template's output is longer than {MAX_TEXT:,} characters")
        out.append(part)
    return "".join(out)
