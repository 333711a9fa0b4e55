"""Jinja2 for every template cardstock renders: one sandbox, with bounds.

Catalog text, layout templates, rulebook and quick-reference templates and the downloads
page may all come from someone else, so each of them is rendered by an environment made
here (`environment`), never by a plain `jinja2.Environment`. On top of Jinja2's sandbox
(no underscore attributes, no code):

- undefined names are errors, never printed blank;
- a value printed with ``{{ }}``, joined, formatted or given to a filter that makes text
  must be plain data: a function, method, class or object that would print as
  ``<... at 0x...>``, and Jinja2's own objects (``{{ self }}``, ``loop``, ``joiner``,
  ``cycler``, ``namespace()``), are refused (``{{ name.format_map }}``, ``'%r'|format(joiner)``);
- one render may produce at most `MAX_TEXT` characters, and so may any string or list it
  builds (``'x' * 3000000000`` is refused before it is made, and so is a ``join``, a
  ``sum``, a ``~``, a ``%`` or a filter whose text would be longer: the size of what a
  value would print as is counted before it is printed);
- everything one render makes (each string, list and dict an operator, a filter or a call
  returns, each item it adds to a list) counts against `MAX_MADE` bytes, so a loop that
  keeps making large values stops while it runs, not when memory runs out;
- one render may take at most `MAX_STEPS` loop iterations and calls, and `MAX_SECONDS`
  (the clock is read at every step and every value made);
- a template text is at most `MAX_SOURCE` characters and `MAX_TOKENS` tokens, and nests
  no deeper than Python's own stack allows (compiling costs time and memory per token);
- widths and precisions in ``%``, the ``format`` filter and ``str.format`` are at most
  `MAX_WIDTH`; powers and products of whole numbers at most `MAX_INT_BITS` bits.

A breach raises `TemplateLimit` (a Jinja2 `SecurityError`), which callers report as an
Issue with the template's location like any other template error.
"""

from __future__ import annotations

import contextvars
import copy
import functools
import math
import os
import string
import sys
import time
import types
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from jinja2 import (
    BaseLoader,
    StrictUndefined,
    TemplateError,
    TemplateNotFound,
    Undefined,
    nodes,
    pass_environment,
    pass_eval_context,
)
from jinja2.compiler import CodeGenerator, Frame
from jinja2.environment import Template
from jinja2.exceptions import SecurityError
from jinja2.ext import Extension
from jinja2.filters import do_join as _JOIN
from jinja2.filters import make_attrgetter
from jinja2.lexer import Token, TokenStream
from jinja2.loaders import split_template_path
from jinja2.parser import Parser
from jinja2.sandbox import SandboxedEnvironment, safe_range
from jinja2.utils import generate_lorem_ipsum
from markupsafe import Markup

from . import patterns
from .files import Unreadable, present, read_text
from .files import issue as file_issue
from .issues import InputError, Issue
from .patterns import MAX_WIDTH

MAX_TEXT = 4_000_000  # characters (or list items) one render may produce or build
MAX_STEPS = 1_000_000  # steps in one render: a loop iteration is one, a call `CALL_STEPS`
CALL_STEPS = 10  # a call (macro, helper, method) costs far more than a loop step
MAX_SECONDS = 10.0  # wall time of one render
MAX_INT_BITS = 1_000_000  # size of a whole number a template may compute
MAX_LIPSUM = 50  # paragraphs of placeholder text
MAX_MADE = 256 * 1024 * 1024  # bytes of values one render may make, all told
MAX_SOURCE = 1_000_000  # characters of one template's text
MAX_TOKENS = (
    20_000  # tokens (names, numbers, operators, tags) of one template: compiling costs per token
)
MAX_COMPILED = 4_096  # template texts one environment keeps compiled


class TemplateLimit(SecurityError):
    """A template went over one of the bounds above."""


# ---------------------------------------------------------------- per-render budget


class _Budget:
    __slots__ = ("steps", "deadline", "made")

    def __init__(self, steps: int, deadline: float) -> None:
        self.steps = steps
        self.deadline = deadline
        self.made = MAX_MADE  # bytes the render may still make

    def tick(self, n: int = 1) -> None:
        self.steps -= n
        if self.steps < 0:
            raise TemplateLimit(
                f"the template runs more than {MAX_STEPS:,} steps (loop iterations, and calls at {CALL_STEPS} each) in one render"
            )
        self.clock()

    def charge(self, size: int) -> None:
        self.made -= size
        if self.made < 0:
            raise TemplateLimit(
                f"the template makes more than {MAX_MADE // 1024 // 1024} MB of text and lists in one render"
            )
        self.clock()

    def clock(self) -> None:
        if time.monotonic() > self.deadline:
            raise TemplateLimit(f"the template took longer than {MAX_SECONDS:g} s to render")


_BUDGET: contextvars.ContextVar[_Budget | None] = contextvars.ContextVar(
    "cardstock_template_budget", default=None
)


def _tick(n: int = 1) -> None:
    budget = _BUDGET.get()
    if budget is not None:
        budget.tick(n)


def _charge(size: int) -> None:
    budget = _BUDGET.get()
    if budget is not None:
        budget.charge(size)


def _budgeted(run: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """`run(*args, **kwargs)` under a fresh budget, or the budget of the render it runs in."""
    if _BUDGET.get() is not None:
        return run(*args, **kwargs)
    token = _BUDGET.set(_Budget(MAX_STEPS, time.monotonic() + MAX_SECONDS))
    try:
        return run(*args, **kwargs)
    except RecursionError:
        raise TemplateLimit("the template calls itself (a macro, an include) too deeply") from None
    except MemoryError:
        raise TemplateLimit("the template needs more memory than this machine gives it") from None
    finally:
        _BUDGET.reset(token)


class BoundedTemplate(Template):
    """A template whose `render` runs under one budget of steps, bytes made and time (a
    render started from inside another one shares the outer budget)."""

    def render(self, *args: Any, **kwargs: Any) -> str:
        text: str = _budgeted(super().render, *args, **kwargs)
        return text


class BoundedExpression:
    """An expression compiled by `BoundedSandbox.compile_expression`: evaluated under a
    budget like a template's render."""

    def __init__(self, expression: Callable[..., Any]) -> None:
        self._expression = expression

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return _budgeted(self._expression, *args, **kwargs)


_SIZED = (str, bytes, list, tuple, dict, set, frozenset)


def made(value: Any) -> Any:
    """`value`, which an operator, a filter or a call just made: its length checked and its
    bytes counted against the render's budget."""
    if isinstance(value, _SIZED):
        _check_size(value)
        _charge(sys.getsizeof(value))
    elif isinstance(value, int):
        _check_int(value)
    return value


# ---------------------------------------------------------------- size checks


def _check_size(value: Any, what: str = "text") -> Any:
    """`value` unchanged when it is not too long; TemplateLimit otherwise."""
    if isinstance(value, (str, list, tuple, bytes)) and len(value) > MAX_TEXT:
        raise TemplateLimit(f"the template builds a {what} longer than {MAX_TEXT:,} characters")
    return value


def _check_int(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_INT_BITS:
        raise TemplateLimit(f"the template computes a number larger than {MAX_INT_BITS:,} bits")
    return value


def _check_source(env: SandboxedEnvironment, source: str) -> None:
    """A template text's length, before it is read (its tokens are counted as Jinja2 reads
    them: `TokenBudget`)."""
    if len(source) > MAX_SOURCE:
        raise TemplateLimit(
            f"the template is {len(source):,} characters long, more than the {MAX_SOURCE:,} a template may be"
        )


class TokenBudget(Extension):
    """Counts the tokens of every text the environment reads (a template or an expression)
    while Jinja2's own lexer makes them, and stops the read at `MAX_TOKENS`: a Jinja2
    extension's `filter_stream` sees each token before the parser does, so a text is
    never lexed twice and nothing past the bound is parsed or compiled."""

    def filter_stream(self, stream: TokenStream) -> Iterator[Token]:
        for n, token in enumerate(stream):
            if n >= MAX_TOKENS:
                raise TemplateLimit(
                    f"the template has more than {MAX_TOKENS:,} tokens (names, numbers, operators and tags)"
                )
            yield token


def _compiled(make: Callable[..., Any], *args: Any) -> Any:
    try:
        return make(*args)
    except RecursionError:
        raise TemplateLimit("the template nests too deeply to be read") from None


def _check_width(n: Any, what: str) -> None:
    try:
        patterns.check_width(n, what)
    except ValueError as exc:
        raise TemplateLimit(str(exc)) from None


def check_percent_format(pattern: Any) -> None:
    """Refuse a `%` format whose width or precision is over `MAX_WIDTH` or given by `*`."""
    try:
        patterns.check_percent_format(pattern)
    except ValueError as exc:
        raise TemplateLimit(str(exc)) from None


def check_format_spec(spec: str) -> None:
    """Refuse a `str.format` spec whose width or precision is over `MAX_WIDTH`."""
    try:
        patterns.check_format_spec(spec)
    except ValueError as exc:
        raise TemplateLimit(str(exc)) from None


# ---------------------------------------------------------------- printable values

_SCALARS = (str, int, float, bool, type(None))


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


def _unprintable(value: Any, budget: list[int]) -> Any | None:
    """The first thing in `value` that would print as a bare Python repr, or None."""
    budget[0] -= 1
    if budget[0] < 0 or isinstance(value, (*_SCALARS, Markup, Undefined)):
        return None
    if isinstance(value, (list, tuple, set, frozenset)):
        return next((bad for v in value if (bad := _unprintable(v, budget)) is not None), None)
    if isinstance(value, dict):
        return next(
            (
                bad
                for kv in value.items()
                for v in kv
                if (bad := _unprintable(v, budget)) is not None
            ),
            None,
        )
    return value if _default_repr(value) else None


def _refuse_unprintable(bad: Any) -> None:
    shown = getattr(bad, "__name__", None) or type(bad).__name__
    raise SecurityError(
        f"'{shown}' is a function, method or object, not a value that can be printed"
    )


def finalize(value: Any) -> Any:
    """What `{{ }}` prints: plain data only, never the repr of a function or an object, and
    never more than `MAX_TEXT` characters."""
    if type(value) in _SCALARS:
        return value
    as_text(value)
    return value


def as_text(value: Any, limit: int = MAX_TEXT) -> int:
    """About how many characters `value` prints as (at least as many as it does), checked
    before it is printed: plain data (see `finalize`) of at most `limit` characters.
    Containers are walked without recursion, and the walk stops at the limit, so a list
    that holds itself or a list of a million references to one long text costs no more
    than the limit."""
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


def _bounded_join(parts: Iterable[str]) -> str:
    """`"".join` for a render's output, stopping once it passes `MAX_TEXT` characters."""
    out: list[str] = []
    size = 0
    for part in parts:
        size += len(part)
        if size > MAX_TEXT:
            raise TemplateLimit(f"the template's output is longer than {MAX_TEXT:,} characters")
        out.append(part)
    return "".join(out)


# ---------------------------------------------------------------- filters and calls with sizes


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
def _filter_checks() -> dict[str, Callable[[Any, tuple[Any, ...], dict[str, Any]], None]]:
    return {
        "center": lambda v, a, k: _check_width(_arg(a, k, 0, "width", 80), "the width"),
        "indent": lambda v, a, k: _indent_size(v, _arg(a, k, 0, "width", 4)),
        "format": lambda v, a, k: check_percent_format(v),
        "replace": lambda v, a, k: _replace_size(
            str(v), _arg(a, k, 0, "old"), _arg(a, k, 1, "new"), _arg(a, k, 2, "count")
        ),
        "tojson": lambda v, a, k: _check_width(_arg(a, k, 0, "indent"), "the indent"),
        "batch": lambda v, a, k: _check_width(_arg(a, k, 0, "linecount"), "the batch size"),
        "slice": lambda v, a, k: _check_width(_arg(a, k, 0, "slices"), "the number of slices"),
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


def _bounded_filter(
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
        _tick()
        if len(args) > lead:
            if cost and hasattr(args[lead], "__len__"):
                _tick(int(len(args[lead]) * cost))
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
        _tick(max(1, len(value) // 16))
        return list(value)
    out = []
    for item in value:
        _tick()
        out.append(item)
    return out


def _join(eval_ctx: Any, value: Any, d: str = "", attribute: Any = None) -> Any:
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


def _sum(environment: Any, iterable: Any, attribute: Any = None, start: Any = 0) -> Any:
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
    _check_width(width, "the indent")
    if isinstance(s, str) and isinstance(width, int):
        if len(s) + (s.count("\n") + 1) * width > MAX_TEXT:
            raise TemplateLimit(
                f"the template indents a text to longer than {MAX_TEXT:,} characters"
            )


WIDTH_METHODS = frozenset({"center", "ljust", "rjust", "zfill"})


def _check_method(obj: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
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
        _charge(8 * grows + sum(sys.getsizeof(a) for a in args if isinstance(a, _SIZED)))
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
        _check_width(_arg(args, kwargs, 0, "width"), "the width")
    elif method == "expandtabs":
        _check_width(_arg(args, kwargs, 0, "tabsize", 8), "the tab size")
    elif method == "replace":
        _replace_size(
            owner,
            _arg(args, kwargs, 0, "old"),
            _arg(args, kwargs, 1, "new"),
            _arg(args, kwargs, 2, "count", -1),
        )


def _lipsum(n: int = 5, html: bool = True, min: int = 20, max: int = 100) -> str:
    if not (isinstance(n, int) and isinstance(max, int)) or n > MAX_LIPSUM or max > MAX_WIDTH:
        raise TemplateLimit(
            f"lipsum() makes at most {MAX_LIPSUM} paragraphs of at most {MAX_WIDTH} words"
        )
    return generate_lorem_ipsum(n, html, min, max)


def _bounded_range(*args: int) -> range:
    """`range`, at most 100,000 items (Jinja2's sandbox cap), counted against the render's
    steps before its loop even starts."""
    rng = safe_range(*args)
    _tick(max(1, len(rng) // 16))
    return rng


# ---------------------------------------------------------------- the compiler hook


class _BoundedCodeGenerator(CodeGenerator):
    """Compiles every `for` loop to iterate through `environment.loop_steps` (one step per
    item) and checks the length of every `~` concatenation."""

    def visit_For(self, node: nodes.For, frame: Frame) -> None:  # noqa: N802 - Jinja's visitor naming
        node = copy.copy(node)
        node.iter = nodes.Call(
            nodes.EnvironmentAttribute("loop_steps"),
            [node.iter],
            [],
            None,
            None,
            lineno=node.lineno,
        )
        super().visit_For(node, frame)

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:  # noqa: N802
        self.write("environment.checked_text(")
        node = copy.copy(node)
        node.nodes = [
            nodes.Call(
                nodes.EnvironmentAttribute("text_part"), [n], [], None, None, lineno=n.lineno
            )
            for n in node.nodes
        ]
        super().visit_Concat(node, frame)
        self.write(")")


# ---------------------------------------------------------------- the environment


class BoundedSandbox(SandboxedEnvironment):
    """Jinja2's sandbox with the bounds described in this module's docstring."""

    code_generator_class = _BoundedCodeGenerator
    template_class = BoundedTemplate
    intercepted_binops = frozenset({"*", "**", "%", "+"})

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.concat = _bounded_join  # type: ignore[method-assign]  # Jinja documents replacing concat on an environment
        self.globals["range"] = _bounded_range
        self.globals["lipsum"] = _lipsum
        checks = _filter_checks()
        self.filters = {
            name: _bounded_filter(name, f, checks.get(name)) for name, f in self.filters.items()
        }
        self.filters["join"] = pass_eval_context(_join)
        self.filters["sum"] = pass_environment(_sum)
        self._strings: dict[tuple[str, str], Any] = {}

    def compiled(self, kind: str, text: str) -> Any:
        """A template ("t"), an expression ("e"), or an expression whose undefined names
        stay undefined ("u", rather than None) given as a string, compiled once by this
        environment (a layout repeats the same texts for every face; a `--watch` process
        keeps them from one build to the next); or only read, for its syntax and the names
        it uses: the tree of a template ("p") or of an expression ("x"), which a template's
        compiling then starts from (Jinja2 compiles a tree as it compiles a text). Kept by
        the text itself, so an edited text is compiled anew; at most `MAX_COMPILED` are
        kept. A compile error is not kept: it is raised each time."""
        found = self._strings.get((kind, text))
        if found is None:
            if kind == "t":  # from the tree when the text was read for its syntax before
                found = self.from_string(self._strings.get(("p", text), text))
            elif kind == "p":
                found = self.parse(text)
            elif kind == "x":
                found = self._expression_tree(text)
            else:
                found = self.compile_expression(text, undefined_to_none=kind == "e")
            if len(self._strings) >= MAX_COMPILED:
                self._strings.clear()
            self._strings[(kind, text)] = found
        return found

    def _expression_tree(self, text: str) -> nodes.Expr:
        """An expression read (as `{{ … }}` would read it) without compiling it."""
        _check_source(self, text)
        parser = Parser(self, text, state="variable")
        tree: nodes.Expr = _compiled(parser.parse_expression)
        if not parser.stream.eos:
            parser.fail(f"unexpected {parser.stream.current.value!r} after the expression")
        return tree

    # helpers the compiled code calls
    @staticmethod
    def loop_steps(iterable: Iterable[Any]) -> Iterator[Any]:
        for item in iterable:
            _tick()
            yield item

    @staticmethod
    def checked_text(value: Any) -> Any:
        return made(value)

    @staticmethod
    def text_part(value: Any) -> Any:
        """A part of a `~` concatenation: plain data of a printable size."""
        as_text(value)
        return value

    def compile_expression(self, source: str, undefined_to_none: bool = True) -> Any:
        """An expression evaluated under a budget, like a template's render."""
        _check_source(self, source)
        return BoundedExpression(_compiled(super().compile_expression, source, undefined_to_none))

    def parse(
        self, source: str, name: str | None = None, filename: str | None = None
    ) -> nodes.Template:
        _check_source(self, source)
        tree: nodes.Template = _compiled(super().parse, source, name, filename)
        return tree

    def compile(
        self,
        source: Any,
        name: str | None = None,
        filename: str | None = None,
        raw: bool = False,
        defer_init: bool = False,
    ) -> Any:
        """Every template's text, given as a string or read by a loader, is bounded before
        it is compiled (`_check_source`)."""
        if isinstance(source, str):
            _check_source(self, source)
        return _compiled(super().compile, source, name, filename, raw, defer_init)

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "*":
            for seq, n in ((left, right), (right, left)):
                if (
                    isinstance(seq, (str, list, tuple, bytes))
                    and isinstance(n, int)
                    and len(seq) * n > MAX_TEXT
                ):
                    raise TemplateLimit(
                        f"the template builds a text or list longer than {MAX_TEXT:,} items"
                    )
            if (
                isinstance(left, int)
                and isinstance(right, int)
                and left.bit_length() + right.bit_length() > MAX_INT_BITS
            ):
                raise TemplateLimit(
                    f"the template computes a number larger than {MAX_INT_BITS:,} bits"
                )
        elif operator == "**":
            if isinstance(left, int) and isinstance(right, int) and right > 0 and abs(left) > 1:
                if right * math.log2(abs(left)) > MAX_INT_BITS:
                    raise TemplateLimit(
                        f"the template computes a number larger than {MAX_INT_BITS:,} bits"
                    )
        elif operator == "%":
            check_percent_format(left)
            if isinstance(left, str):
                as_text(right, MAX_TEXT - len(left))
        elif operator == "+":
            if (
                isinstance(left, (str, list, tuple))
                and isinstance(right, (str, list, tuple))
                and len(left) + len(right) > MAX_TEXT
            ):
                raise TemplateLimit(
                    f"the template builds a text or list longer than {MAX_TEXT:,} items"
                )
        result = super().call_binop(context, operator, left, right)
        return made(result)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 - Jinja's signature
        _tick(CALL_STEPS)
        _check_method(__obj, args, kwargs)
        return made(super().call(__context, __obj, *args, **kwargs))

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """`str.format` and `str.format_map` through a formatter whose widths are bounded."""
        inner = super().wrap_str_format(value)
        if inner is None:
            return None
        pattern = value.__self__

        @functools.wraps(inner)
        def bounded(*args: Any, **kwargs: Any) -> str:
            room = MAX_TEXT - len(pattern)
            for arg in (*args, *kwargs.values()):
                room -= as_text(arg, room)
            for _, _, spec, _ in string.Formatter().parse(pattern):
                if spec and "{" in spec:
                    raise TemplateLimit(
                        "a width given by a nested field is not allowed in templates"
                    )
                if spec:
                    check_format_spec(spec)
            text: str = _check_size(inner(*args, **kwargs))
            return text

        return bounded


class UnreadableTemplate(TemplateError):
    """A template file the door refused (core/files): no data can make it usable."""


class FileLoader(BaseLoader):
    """Templates from one folder (and its subfolders), each read through the one door for
    input files (core/files: inside the project `root` or cardstock's own folders, a
    regular file, bounded): what `{% include %}` and `{% extends %}` may reach."""

    def __init__(self, folder: Path, root: Path) -> None:
        self.folder = folder
        self.root = root

    def get_source(self, environment: Any, template: str) -> tuple[str, str, Callable[[], bool]]:
        path = self.folder.joinpath(*split_template_path(template))  # ".." is not found
        if not present(path):
            raise TemplateNotFound(template)
        try:
            text = read_text(path, self.root)
        except Unreadable as exc:
            raise UnreadableTemplate(f"cannot read the template file {template!r}: {exc}") from None
        return text, os.path.normpath(path), lambda: False


def environment(*, loader: Any = None, autoescape: Any = False, **globals_: Any) -> BoundedSandbox:
    """The environment every template in cardstock is rendered with: the bounded sandbox,
    strict undefined names, no HTML autoescaping unless asked (the output backends escape
    for their own format; the downloads page asks for it)."""
    env = BoundedSandbox(
        extensions=[TokenBudget],
        undefined=StrictUndefined,
        autoescape=autoescape,
        loader=loader,
        finalize=finalize,
        keep_trailing_newline=False,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(globals_)
    return env


_PLAIN: BoundedSandbox | None = None


def plain() -> BoundedSandbox:
    """The process's one environment of `environment()`'s defaults, for template texts
    rendered one at a time (a rulebook, a quick reference, a catalog cell): made once, so
    what it compiled is kept for the next render of the same text (`BoundedSandbox.compiled`)."""
    global _PLAIN
    if _PLAIN is None:
        _PLAIN = environment()
    return _PLAIN


def render(
    text: str,
    context: Mapping[str, Any],
    *,
    file: str,
    line: int | None,
    field: str,
    env: SandboxedEnvironment | None = None,
) -> tuple[str, Issue | None]:
    """Render `text` with `context`. On any template problem, return the raw text and an
    Issue that says where and what went wrong."""
    env = env or plain()
    try:
        template = (
            env.compiled("t", text) if isinstance(env, BoundedSandbox) else env.from_string(text)
        )
        return template.render(**context), None
    except SecurityError as exc:  # a breach of the sandbox or its bounds: bad input, exit 2
        where = line if line is not None else error_line(exc)
        raise InputError(
            [Issue(file, where, field, template_message(exc, "text", with_line=line is not None))]
        ) from None
    except TemplateError as exc:
        where = line if line is not None else error_line(exc)
        return text, Issue(
            file, where, field, template_message(exc, "text", with_line=line is not None)
        )
    except (ArithmeticError, RecursionError, MemoryError, ValueError, TypeError) as exc:
        return text, Issue(
            file,
            line if line is not None else error_line(exc),
            field,
            f"the text cannot be rendered ({type(exc).__name__}): {exc}",
        )


def error_line(exc: BaseException, filename: str = "<template>") -> int | None:
    """The line of the template `filename` an error was raised on, read from the traceback
    Jinja2 rewrites so that template frames carry the template's own lines."""
    line = getattr(exc, "lineno", None) if type(exc).__name__ == "TemplateSyntaxError" else None
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


class Breach(str):
    """A template message that reports a breach of the sandbox or its bounds (a
    SecurityError): callers that collect template messages as findings raise it as an
    InputError instead, since it is bad input, not a finding about the game."""


def template_message(exc: TemplateError, what: str = "template", *, with_line: bool = False) -> str:
    """A Jinja2 error as a plain message about `what` ("text" in catalog fields, "template"
    in layouts); `with_line` adds a syntax error's line within the text."""
    kind = type(exc).__name__
    detail = getattr(exc, "message", None) or str(exc)
    if isinstance(exc, UnreadableTemplate):
        return detail
    if kind == "UndefinedError":
        return f"the {what} names something that does not exist: {detail}"
    if isinstance(exc, TemplateLimit):
        return Breach(f"the {what} goes over a limit: {detail}")
    if isinstance(exc, SecurityError):
        return Breach(f"the {what} tried something templates may not do: {detail}")
    if kind == "TemplateSyntaxError":
        sub = getattr(exc, "lineno", None) if with_line else None
        return f"template syntax error{f' on its line {sub}' if sub else ''}: {detail}"
    return f"the {what} cannot be rendered ({kind}): {detail}"


# ---------------------------------------------------------------- checking a template file


def check_template(
    path: Path, shown: str, names: set[str] | Callable[[], set[str]], field: str, root: Path
) -> list[Issue]:
    """A template file's syntax, and the names it reads that its context does not have
    (`names`, or a function giving them when the template must be checked)."""
    try:
        text = read_text(path, root)
    except Unreadable as exc:
        return [file_issue(shown, exc, field)]
    given = names if isinstance(names, set) else names()
    return [
        Issue(shown, line, field, message)
        for line, message in _template_problems(plain(), text, given)
    ]


def syntax_problem(kind: str, text: str) -> str | None:
    """The syntax error of a template ("t") or an expression ("e"), None when it reads.
    Read once per process for each text (`BoundedSandbox.compiled`)."""
    try:
        plain().compiled("p" if kind == "t" else "x", text)
        return None
    except TemplateError as exc:
        return template_message(exc)


def _template_problems(
    env: BoundedSandbox, text: str, names: set[str]
) -> list[tuple[int | None, str]]:
    """(line, message) of each problem of a template text: its syntax, the names it reads
    that neither `names` nor the environment's globals give."""
    try:
        ast = env.compiled("p", text)
    except TemplateError as exc:
        return [(getattr(exc, "lineno", None), str(template_message(exc)))]
    except RecursionError:
        return [(None, "the template nests too deeply to be read")]
    out: list[tuple[int | None, str]] = []
    unknown = sorted(_names_read(ast) - names - set(env.globals))
    for name in unknown:
        line = next((n.lineno for n in ast.find_all(nodes.Name) if n.name == name), None)
        out.append(
            (
                line,
                f"the template names {name!r}, which it is not given; it has: {', '.join(sorted(names))}",
            )
        )
    return out


# names every template may read without being given them
TEMPLATE_OWN = frozenset({"loop", "caller", "varargs", "kwargs", "self", "super"})


def _names_read(ast: nodes.Template) -> set[str]:
    """The names a template reads that it does not set itself (a loop variable, a
    `{% set %}`, a macro argument). Simpler than Jinja's own analysis, which generates
    the template's code, and enough to catch a misspelt name."""
    read: set[str] = set()
    own: set[str] = set(TEMPLATE_OWN)
    for n in ast.find_all(nodes.Name):
        (read if n.ctx == "load" else own).add(n.name)
    for m in ast.find_all(nodes.Macro):
        own.add(m.name)
    return read - own
