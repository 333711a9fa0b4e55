"""Jinja2's filters, `range`, `lipsum` and the methods a template calls, with the size of
what each would make worked out before it runs and its steps counted.

A filter that makes text gets plain data of a printable size; one whose time grows faster
than its input (`sort`, `urlize`, …) costs steps per item (`FILTER_STEPS`); `join` and
`sum` count their items as they read them; a `str` method whose result can be far longer
than its input (`ljust`, `replace`, `join`, …) and a list or dict that grows are checked
first (`check_method`).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any

from jinja2.filters import do_join as _JOIN
from jinja2.filters import make_attrgetter
from jinja2.sandbox import safe_range
from jinja2.utils import generate_lorem_ipsum

from .patterns import MAX_WIDTH
from .template_budget import (
    MAX_LIPSUM,
    MAX_TEXT,
    SIZED,
    TemplateLimit,
    charge,
    check_percent_format,
    check_width,
    made,
    tick,
)
from .template_values import as_text


def _arg(
    args: tuple[Any, ...], kwargs: dict[str, Any], pos: int, name: str, default: Any = None
) -> Any:
    return args[pos] if len(args) > pos else kwargs.get(name, default)


def _replace_size(s: Any, old: Any, new: Any, count: Any) -> None:
    if isinstance(s, str) and isinstance(old, str) and isinstance(new, str) and len(new) > len(old):
        hits = len(s) + 1 if old == "" else s.count(old)
        if isinstance(count, int) and count >= 0:
            hits = min(hits, count)
        if len(s) + hits * (len(new) - len(old)) > MAX_TEXT:
            raise TemplateLimit(f"the template builds a text longer than {MAX_TEXT:,} characters")


# filter name -> a check of its arguments before it runs (args after the value)
def filter_checks() -> dict[str, Callable[[Any, tuple[Any, ...], dict[str, Any]], None]]:
    return {
        "center": lambda v, a, k: check_width(_arg(a, k, 0, "width", 80), "the width"),
        "indent": lambda v, a, k: _indent_size(v, _arg(a, k, 0, "width", 4)),
        "format": lambda v, a, k: check_percent_format(v),
        "replace": lambda v, a, k: _replace_size(
            str(v), _arg(a, k, 0, "old"), _arg(a, k, 1, "new"), _arg(a, k, 2, "count")
        ),
        "tojson": lambda v, a, k: check_width(_arg(a, k, 0, "indent"), "the indent"),
        "batch": lambda v, a, k: check_width(_arg(a, k, 0, "linecount"), "the batch size"),
        "slice": lambda v, a, k: check_width(_arg(a, k, 0, "slices"), "the number of slices"),
    }


# filters that do not turn their value into text: they pick, order or count its items
NOT_TEXT = frozenset(
    {
        "abs",
        "attr",
        "batch",
        "count",
        "d",
        "default",
        "dictsort",
        "first",
        "float",
        "groupby",
        "int",
        "items",
        "last",
        "length",
        "list",
        "map",
        "max",
        "min",
        "random",
        "reject",
        "rejectattr",
        "reverse",
        "round",
        "select",
        "selectattr",
        "slice",
        "sort",
        "unique",
        "lookup",
    }
)


# steps a filter costs per character or item of its value, beyond its one step: those
# whose time grows faster than copying it (measured on 4,000,000 characters or items)
FILTER_STEPS = {
    "urlize": 1.0,
    "wordwrap": 0.5,
    "sort": 0.5,
    "dictsort": 0.5,
    "groupby": 0.5,
    "unique": 0.25,
    "pprint": 0.125,
    "title": 0.125,
    "striptags": 0.0625,
    "wordcount": 0.0625,
}


def bounded_filter(
    name: str,
    func: Callable[..., Any],
    check: Callable[[Any, tuple[Any, ...], dict[str, Any]], None] | None,
) -> Callable[..., Any]:
    """`func` with its arguments checked first (a filter that makes text gets plain data of
    a printable size: `as_text`) and its result's size checked and counted after. Filters
    that take the context or environment first keep that argument in front."""
    pass_arg = getattr(func, "jinja_pass_arg", None)
    text = name not in NOT_TEXT
    cost = FILTER_STEPS.get(name, 0)

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        lead = 1 if pass_arg is not None else 0
        tick()
        if len(args) > lead:
            if cost and hasattr(args[lead], "__len__"):
                tick(int(len(args[lead]) * cost))
            if text:
                for arg in (*args[lead:], *kwargs.values()):
                    as_text(arg)
            if check is not None:
                check(args[lead], args[lead + 1 :], kwargs)
        return made(func(*args, **kwargs))

    return wrapper


def _items(value: Any) -> list[Any]:
    """The items of an iterable a filter reads, one step each (a generator from `map` or
    `select` is read here, counted, before anything is made of it)."""
    if isinstance(value, (list, tuple)):
        tick(max(1, len(value) // 16))
        return list(value)
    out = []
    for item in value:
        tick()
        out.append(item)
    return out


def join(eval_ctx: Any, value: Any, d: str = "", attribute: Any = None) -> Any:
    """Jinja2's `join`, with the length of what it would make counted first."""
    items = _items(value)
    if attribute is not None:
        return _JOIN(eval_ctx, items, d, attribute)
    size = as_text(d) * max(0, len(items) - 1)
    for item in items:
        size += as_text(item, MAX_TEXT - size) if not isinstance(item, str) else len(item)
        if size > MAX_TEXT:
            raise TemplateLimit(f"the template joins a text longer than {MAX_TEXT:,} characters")
    return _JOIN(eval_ctx, items, d, attribute)


def sum_items(environment: Any, iterable: Any, attribute: Any = None, start: Any = 0) -> Any:
    """Jinja2's `sum`, one step per item, each partial sum's length checked before it is
    made (a sum of lists or texts is a concatenation)."""
    get = make_attrgetter(environment, attribute) if attribute is not None else (lambda x: x)
    total = start
    for item in _items(iterable):
        value = get(item)
        if isinstance(total, (str, list, tuple)) and hasattr(value, "__len__"):
            if len(total) + len(value) > MAX_TEXT:
                raise TemplateLimit(
                    f"the template sums to a text or list longer than {MAX_TEXT:,} items"
                )
            total = made(total + value)  # never in place: the start value is the template's
        else:
            total = environment.call_binop(None, "+", total, value)
    return total


def _indent_size(s: Any, width: Any) -> None:
    check_width(width, "the indent")
    if isinstance(s, str) and isinstance(width, int):
        if len(s) + (s.count("\n") + 1) * width > MAX_TEXT:
            raise TemplateLimit(
                f"the template indents a text to longer than {MAX_TEXT:,} characters"
            )


WIDTH_METHODS = frozenset({"center", "ljust", "rjust", "zfill"})


def check_method(obj: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """Size checks for `str` methods whose result can be far longer than their input."""
    method = getattr(obj, "__name__", "")
    owner = getattr(obj, "__self__", None)
    if isinstance(owner, (list, dict, set)) and method in (
        "extend",
        "update",
        "append",
        "insert",
        "add",
        "setdefault",
    ):
        grows = (
            len(args[0])
            if method in ("extend", "update") and args and hasattr(args[0], "__len__")
            else 1
        )
        if len(owner) + grows > MAX_TEXT:
            raise TemplateLimit(f"the template builds a list longer than {MAX_TEXT:,} items")
        charge(8 * grows + sum(sys.getsizeof(a) for a in args if isinstance(a, SIZED)))
        return
    if not isinstance(owner, str):
        return
    if method == "join" and args:
        items = _items(args[0])
        if (
            sum(len(i) if isinstance(i, str) else 0 for i in items) + len(owner) * len(items)
            > MAX_TEXT
        ):
            raise TemplateLimit(f"the template joins a text longer than {MAX_TEXT:,} characters")
    elif method in WIDTH_METHODS:
        check_width(_arg(args, kwargs, 0, "width"), "the width")
    elif method == "expandtabs":
        check_width(_arg(args, kwargs, 0, "tabsize", 8), "the tab size")
    elif method == "replace":
        _replace_size(
            owner,
            _arg(args, kwargs, 0, "old"),
            _arg(args, kwargs, 1, "new"),
            _arg(args, kwargs, 2, "count", -1),
        )


def lipsum(n: int = 5, html: bool = True, min: int = 20, max: int = 100) -> str:
    if not (isinstance(n, int) and isinstance(max, int)) or n > MAX_LIPSUM or max > MAX_WIDTH:
        raise TemplateLimit(
            f"lipsum() makes at most {MAX_LIPSUM} paragraphs of at most {MAX_WIDTH} words"
        )
    return generate_lorem_ipsum(n, html, min, max)


def bounded_range(*args: int) -> range:
    """`range`, at most 100,000 items (Jinja2's sandbox cap), counted against the render's
    steps before its loop even starts."""
    rng = safe_range(*args)
    tick(max(1, len(rng) // 16))
    return rng
