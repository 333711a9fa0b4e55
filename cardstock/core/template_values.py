"""What a template may print, and how long it would print: plain data only, its size
worked out before it is printed.

A function, method, class or object that would print as ``<... at 0x...>``, and Jinja2's
own objects (``{{ self }}``, ``loop``, ``joiner``, ``cycler``, ``namespace()``), are
refused wherever a value becomes text (`as_text`); a render's output is joined up to
`MAX_TEXT` characters (`bounded_join`).

What a render prints is held to the rule a table's cell is (`core.files.CONTROL`): a
control character other than tab and line feed, U+FFFE, U+FFFF or a lone surrogate, which a
string escape (``{{ "\\x01" }}``) makes as easily as a typed one, is refused as it is
printed (`check_characters`, `Unprintable`), so the SVG, HTML and EPUB files made from the
text are well-formed. Only cardstock's own renders that mark their output with such
characters to cut it up again (the rules checker's readings) render unchecked
(`checking`).
"""

from __future__ import annotations

import contextvars
import itertools
import types
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, NoReturn

from jinja2 import Undefined
from jinja2.exceptions import SecurityError

from .files import CONTROL, control_named
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
    """`"".join` for a render's output, stopping once it passes `MAX_TEXT` characters, and
    at a part that holds a character no text may (`check_characters`): what a `{{ }}`
    prints is checked as it is printed (`templating.finalize`), and this check sees the
    rest (a `{% filter %}` or `{% call %}` block's text). A part the template's own code
    yields is refused inside that code (`throw`), so the error carries the template's line."""
    out: list[str] = []
    size = 0
    checked = CHECKING.get() is not False
    for part in parts:
        size += len(part)
        if size > MAX_TEXT:
            raise TemplateLimit(f"the template's output is longer than {MAX_TEXT:,} characters")
        if checked and CONTROL.search(part):
            throw: Callable[[BaseException], Any] | None = getattr(parts, "throw", None)
            try:
                check_characters(part)
            except Unprintable as exc:
                if throw is not None:
                    throw(exc.with_traceback(None))
                raise
        out.append(part)
    return "".join(out)


# Whether the render running now holds what it prints to the rule a cell is: True in a
# checked render, False in one of cardstock's own that marks its output with control
# characters (`checking`), None outside any render, while a template is compiled: Jinja2
# then prints a `{{ }}` of constants ahead of time only when `finalize` accepts it, so one
# that makes such a character is printed, and refused, at render time, at its own line.
CHECKING: contextvars.ContextVar[bool | None] = contextvars.ContextVar(
    "cardstock_template_checking", default=None
)


@contextmanager
def checking(checked: bool | None) -> Iterator[None]:
    """While the context lasts, renders hold their text to the rule a cell is (`checked`
    True; None, while a template is compiled) or do not (False: see `CHECKING`)."""
    token = CHECKING.set(checked)
    try:
        yield
    finally:
        CHECKING.reset(token)


class Unprintable(SecurityError):
    """A text a template makes, or a template's own text, holds a character no text of a
    project may (`core.files.CONTROL`, what a table's cell is refused for): bad input, as a
    breach of the sandbox is. `char` is the character; `lineno` the line of the template's
    text that holds it, when it is typed there (None when the render made it)."""

    def __init__(self, char: str, lineno: int | None = None) -> None:
        said = f"{control_named(char)}, which cannot be printed (nor may a table's cell hold it)"
        if lineno is None:  # the escape that makes it, as a template would write it
            escape = ascii(char)[1:-1]
            said = f'makes {said}: remove what makes it (a string escape such as "{escape}")'
        else:
            said = f"holds {said}: remove it"
        super().__init__(said)
        self.char = char
        self.lineno = lineno


def check_characters(text: str) -> str:
    """`text` unchanged when it holds no character `CONTROL` refuses (the rule of a
    table's cell: `catalog.cells.control_problem`); `Unprintable` otherwise."""
    found = CONTROL.search(text)
    if found is not None:
        raise Unprintable(found.group())
    return text


def check_typed(text: str) -> None:
    """A template's own text held to the rule of a cell: `Unprintable` at the line of the
    first character `CONTROL` refuses, but a carriage return, which Jinja2 reads as a line
    break (a file saved with Windows line ends prints none)."""
    for found in CONTROL.finditer(text):
        if found.group() != "\r":
            raise Unprintable(found.group(), text.count("\n", 0, found.start()) + 1)
