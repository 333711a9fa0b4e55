"""The bounds of one template render, and the budget that counts its work as it runs.

A render gets one budget (`budgeted`): steps (a loop iteration is one, a call
`CALL_STEPS`), bytes of values made (`MAX_MADE`), and the processor time of the thread
that runs it (`MAX_CPU_SECONDS`). Every bound counts work the render itself does, so
whether a template is refused never depends on how busy the machine is: a render that
waits for the processor while other programs run is not charged for that wait. The
steps bound loops, recursion and ranges; the processor time is the backstop for work no
step counts (a single method call over a long text, repeated in a loop), so that no
template runs forever.

One render's bounds leave a project free to make each of many renders slow within them
(a test `'ab' in s` over a text of 4,000,000 characters is one step), and a card's text is
rendered several times over, on up to 50,000 rows. So all the renders of one process
(a command) spend one budget besides: `MAX_PROCESS_CPU_SECONDS` of their threads'
processor time, each render charged what it used as it ends, its deadline the sooner of
its own and what is left of that budget. A build spends a budget of its own (`spending`,
entered by `build.build`; each worker forked from it starts with what is left of it), so
each rebuild of a long `--watch` or `preview` starts afresh.

The size checks here refuse a value before it is made when its length or its number of
bits is over a bound. A breach raises `TemplateLimit`.
"""

from __future__ import annotations

import contextvars
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from jinja2.exceptions import SecurityError

from . import patterns

MAX_TEXT = 4_000_000  # characters (or list items) one render may produce or build
MAX_STEPS = 1_000_000  # steps in one render: a loop iteration is one, a call `CALL_STEPS`
CALL_STEPS = 10  # a call (macro, helper, method) costs far more than a loop step
MAX_CPU_SECONDS = 10.0  # processor time of the thread running one render
# Processor time of all the renders of one build, or of one other command (`spending`).
# Measured (29 November 2026, `time.thread_time` summed around each outermost `budgeted`,
# one process): the bench's starter deck of 5,000 cards spends 0.18 s in 5,046 renders
# building every part (1.8 s at 50,000 cards); the same deck with a template in every
# card's text 6.5 s in 100,000 renders (65 s at 50,000); the five shipped games built
# together 0.76 s. Over 25 times the largest: no honest game reaches it, and a project
# whose 50,000 rows each render in a second within one render's bounds, about six times
# each (83 hours), is stopped once its renders have spent half an hour.
MAX_PROCESS_CPU_SECONDS = 1800.0
CLOCK_EVERY = 64  # steps and values made between two readings of the thread's clock
MAX_INT_BITS = 1_000_000  # size of a whole number a template may compute
MAX_LIPSUM = 50  # paragraphs of placeholder text
MAX_MADE = 256 * 1024 * 1024  # bytes of values one render may make, all told
MAX_SOURCE = 1_000_000  # characters of one template's text
# tokens (names, numbers, operators, tags) of one template: compiling costs per token
MAX_TOKENS = 20_000
MAX_COMPILED = 4_096  # template texts one environment keeps compiled


class TemplateLimit(SecurityError):
    """A template went over one of the bounds above."""


class _Spent:
    """The processor time the renders of one build or command have used (`spending`)."""

    __slots__ = ("seconds",)

    def __init__(self) -> None:
        self.seconds = 0.0


# What the renders spend now: the process's (a command, a library caller), or the build's
# it runs (`spending`); a worker forked from a build spends what is left of the build's.
_SPENT = _Spent()


def _over_all() -> TemplateLimit:
    return TemplateLimit(
        f"the project's templates used more than {MAX_PROCESS_CPU_SECONDS:,g} s of processor "
        "time in all (cardstock's limit on all the renders of one build or command)"
    )


def spent() -> bool:
    """Have the renders running now spent their build's or command's budget? A caller that
    collects each row's refusal raises this one instead: every later render would be
    refused with the same words, so it is reported once, at the row that spent it."""
    return _SPENT.seconds >= MAX_PROCESS_CPU_SECONDS


@contextmanager
def spending() -> Iterator[None]:
    """The renders inside (one build: each rebuild of a `--watch` or a `preview`) share a
    budget of `MAX_PROCESS_CPU_SECONDS` of their own; the process's resumes after, with
    what it had spent before, so a long-lived process never runs out across builds."""
    global _SPENT
    outer = _SPENT
    _SPENT = _Spent()
    try:
        yield
    finally:
        _SPENT = outer


class _Budget:
    """What one render may still do: steps, bytes to make, and the thread's processor
    time at which it is stopped: its own `MAX_CPU_SECONDS`, or sooner when less than that
    is left of the budget of the build it runs in (`_Spent`). The clock costs a system
    call, so it is read when the render starts and ends (to charge the build what it
    used) and once every `CLOCK_EVERY` steps or values made, not at each one: between two
    readings a render does a bounded amount of work (each step and each value is bounded
    itself)."""

    __slots__ = (
        "steps",
        "made",
        "cpu_deadline",
        "until_clock",
        "started",
        "spent",
        "by_all",
        "stopped",
    )

    def __init__(self) -> None:
        self.steps = MAX_STEPS
        self.made = MAX_MADE  # bytes the render may still make
        self.started = time.thread_time()
        self.spent = _SPENT  # charged what the render used, when it ends
        left = MAX_PROCESS_CPU_SECONDS - self.spent.seconds
        self.by_all = left < MAX_CPU_SECONDS  # the build's budget ends before the render's
        self.cpu_deadline = self.started + min(left, MAX_CPU_SECONDS)
        self.until_clock = CLOCK_EVERY
        self.stopped: float | None = None  # the reading that stopped it, if the clock did

    def tick(self, n: int = 1) -> None:
        self.steps -= n
        if self.steps < 0:
            raise TemplateLimit(
                f"the template runs more than {MAX_STEPS:,} steps (loop iterations, and calls "
                f"at {CALL_STEPS} each) in one render"
            )
        self.until_clock -= 1
        if self.until_clock <= 0:
            self.clock()

    def charge(self, size: int) -> None:
        self.made -= size
        if self.made < 0:
            raise TemplateLimit(
                f"the template makes more than {MAX_MADE // 1024 // 1024} MB of text and lists "
                "in one render"
            )
        self.until_clock -= 1
        if self.until_clock <= 0:
            self.clock()

    def clock(self) -> None:
        self.until_clock = CLOCK_EVERY
        now = time.thread_time()
        if now > self.cpu_deadline:
            self.stopped = now
            self.stop()

    def stop(self) -> None:
        """Raise the bound the deadline stands for: the render's own, or the build's."""
        if self.by_all:
            raise _over_all()
        raise TemplateLimit(
            f"the template used more than {MAX_CPU_SECONDS:g} s of processor time in one render"
        )

    def close(self) -> None:
        """Charge the build the processor time the render used (the clock is read again
        unless it was read as it stopped the render)."""
        end = time.thread_time() if self.stopped is None else self.stopped
        self.spent.seconds += end - self.started


_BUDGET: contextvars.ContextVar[_Budget | None] = contextvars.ContextVar(
    "cardstock_template_budget", default=None
)


def tick(n: int = 1) -> None:
    """Count `n` steps against the budget of the render running now (if any)."""
    budget = _BUDGET.get()
    if budget is not None:
        budget.tick(n)


def charge(size: int) -> None:
    """Count `size` bytes made against the budget of the render running now (if any)."""
    budget = _BUDGET.get()
    if budget is not None:
        budget.charge(size)


def budgeted(run: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """`run(*args, **kwargs)` under a fresh budget, or the budget of the render it runs in;
    refused at once when the build's is spent (`spending`)."""
    if _BUDGET.get() is not None:
        return run(*args, **kwargs)
    budget = _Budget()
    if budget.by_all and budget.cpu_deadline <= budget.started:
        raise _over_all()  # nothing left: refused before it starts
    token = _BUDGET.set(budget)
    try:
        return run(*args, **kwargs)
    except RecursionError:
        raise TemplateLimit("the template calls itself (a macro, an include) too deeply") from None
    except MemoryError:
        raise TemplateLimit("the template needs more memory than this machine gives it") from None
    finally:
        _BUDGET.reset(token)
        budget.close()


SIZED = (str, bytes, list, tuple, dict, set, frozenset)


def made(value: Any) -> Any:
    """`value`, which an operator, a filter or a call just made: its length checked and its
    bytes counted against the render's budget."""
    if isinstance(value, SIZED):
        check_size(value)
        charge(sys.getsizeof(value))
    elif isinstance(value, int):
        check_int(value)
    return value


# ---------------------------------------------------------------- size checks


def check_size(value: Any, what: str = "text") -> Any:
    """`value` unchanged when it is not too long; TemplateLimit otherwise."""
    if isinstance(value, (str, list, tuple, bytes)) and len(value) > MAX_TEXT:
        raise TemplateLimit(f"the template builds a {what} longer than {MAX_TEXT:,} characters")
    return value


def check_int(value: Any) -> Any:
    """`value` unchanged when it is not a whole number of more than `MAX_INT_BITS` bits."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_INT_BITS:
        raise TemplateLimit(f"the template computes a number larger than {MAX_INT_BITS:,} bits")
    return value


def check_source(source: str) -> None:
    """A template text's length, before it is read (its tokens are counted as Jinja2 reads
    them: `templating.TokenBudget`)."""
    if len(source) > MAX_SOURCE:
        raise TemplateLimit(
            f"the template is {len(source):,} characters long, more than the {MAX_SOURCE:,} "
            "a template may be"
        )


def read_within_stack(make: Callable[..., Any], *args: Any) -> Any:
    """`make(*args)` (reading or compiling a text), with a text nested deeper than Python's
    stack allows refused as a TemplateLimit."""
    try:
        return make(*args)
    except RecursionError:
        raise TemplateLimit("the template nests too deeply to be read") from None


def check_width(n: Any, what: str) -> None:
    """Refuse a width, indent or count `n` over `MAX_WIDTH` (`patterns.check_width`)."""
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
