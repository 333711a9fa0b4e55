"""What a template may print, and how long it would print: plain data only, its size
worked out before it is printed.

A function, method, class or object that would print as ``<... at 0x...>``, and Jinja2's
own objects (``{{ self }}``, ``loop``, ``joiner``, ``cycler``, ``namespace()``), are
refused wherever a value becomes text (`as_text`); a render's output is joined up to
`MAX_TEXT` characters (`bounded_join`).
"""

from __future__ import annotations

import types
from collections.abc import Iterable, Mapping
from typing import Any

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


def _refuse_unprintable(bad: Any) -> None:
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
        v = stack.pop()
        if isinstance(v, str):
            total += len(v) + 2
        elif isinstance(v, (bool, type(None), float)):
            total += 24
        elif isinstance(v, int):
            total += v.bit_length() // 3 + 2
        elif isinstance(v, (bytes, bytearray)):
            total += 4 * len(v) + 3
        elif isinstance(v, Undefined):
            total += 0
        elif isinstance(v, (list, tuple, set, frozenset)):
            total += 2 + 2 * len(v)
            if total <= limit:
                stack.extend(v)
        elif isinstance(v, Mapping):
            total += 2 + 4 * len(v)
            if total <= limit:
                for kv in v.items():
                    stack.extend(kv)
        elif _default_repr(v):
            _refuse_unprintable(v)
        else:
            total += 64  # an object of cardstock's own, which prints a short name
        if total > limit:
            raise TemplateLimit(f"the template makes a text longer than {limit:,} characters")
    return total


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
