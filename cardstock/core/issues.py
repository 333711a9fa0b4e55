"""Problems as values: every stage reports `Issue`s; only the CLI prints them."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from dataclasses import field as _field  # `field` is also an Issue attribute's name
from typing import Any, Literal

# characters a terminal acts on rather than shows: C0 and C1 controls (escape sequences,
# carriage returns, new lines) and the bidirectional overrides that reorder a line
_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def escaped(text: str) -> str:
    """`text` with every control character shown as an escape (`\\x1b`, `\\n`,
    `\\u202e`), so input quoted in a message can neither move the cursor, clear the screen,
    start a line of its own nor reorder what is printed."""
    if not _UNSAFE.search(text):
        return text
    return _UNSAFE.sub(
        lambda m: (
            _NAMED.get(m.group())
            or (
                f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100 else f"\\u{ord(m.group()):04x}"
            )
        ),
        text,
    )


Level = Literal["error", "warning"]


@dataclass(frozen=True, order=True)
class Issue:
    """One problem found in the input, located as precisely as the input allows."""

    file: str
    line: int | None
    field: str
    message: str
    level: Level = "error"
    # an error of the input found only while drawing (a layout template naming nothing, a
    # font a template chose that does not exist): reported as bad input (exit 2), not as a
    # failed rules check
    bad_input: bool = _field(default=False, compare=False)

    def render(self) -> str:
        """`path:line: field: message` (line and field left out when unknown), on one line,
        control characters escaped (`escaped`)."""
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        prefix = f"{where}: {self.field}: " if self.field else f"{where}: "
        tag = "warning: " if self.level == "warning" else ""
        return escaped(f"{prefix}{tag}{self.message}")

    def data(self) -> list[object]:
        """The issue as plain data (for the cache and for JSON reports)."""
        return [self.file, self.line, self.field, str(self.message), self.level, self.bad_input]

    @staticmethod
    def from_data(data: list[object]) -> Issue:
        file, line, fld, message, level, bad = data
        return Issue(
            str(file),
            line if isinstance(line, int) else None,
            str(fld),
            str(message),
            "warning" if level == "warning" else "error",
            bad_input=bool(bad),
        )


@dataclass
class Issues:
    """An ordered collection of issues, collected in one pass and reported once."""

    items: list[Issue] = field(default_factory=list)

    def add(
        self, file: str, line: int | None, fld: str, message: str, level: Level = "error"
    ) -> None:
        self.items.append(Issue(file, line, fld, message, level))

    def extend(self, other: Iterable[Issue]) -> None:
        self.items.extend(other)

    @property
    def errors(self) -> list[Issue]:
        return [i for i in self.items if i.level == "error"]

    def __bool__(self) -> bool:
        return bool(self.items)

    def __iter__(self) -> Iterator[Issue]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)


# a value quoted in a message ('Engine', "12"): messages that differ only in these are alike
# a pattern's text: `re.compile` makes it when first asked and keeps it (a build that
# never asks does not compile it)
_QUOTED = r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\""
GROUP_FROM = 3  # this many rows with alike messages are reported as one


def _marked(varies: Iterator[bool]) -> Callable[[re.Match[str]], str]:
    """A replacement for `_QUOTED.sub`: "…" for each quoted value in turn whose flag in
    `varies` is set, the value itself otherwise."""
    return lambda m: "…" if next(varies) else m.group(0)


def grouped(
    items: Iterable[Issue], names: Mapping[tuple[str, int], str] | None = None
) -> list[Issue]:
    """Issues of one file's rows that differ only in the values they quote (and their
    line), `GROUP_FROM` or more of them, as one issue at the first row: "66 rows (lines
    2–67; e.g. 'Engine', 'Midgame'): no back matches …". When the messages are the same
    word for word, the rows are named instead, by `names` ((file, line) → the row's card):
    "3 rows (lines 5–7; cards 'Ember', 'Blaze', 'Flood'): …", or only by their lines when
    no name is known. Others stay as they are, in order."""
    items = list(items)
    alike: dict[tuple[str, str, str, str], list[Issue]] = {}
    for issue in items:
        if issue.line is not None:
            alike.setdefault(
                (issue.file, issue.field, issue.level, re.compile(_QUOTED).sub("…", issue.message)),
                [],
            ).append(issue)
    big = {key: hits for key, hits in alike.items() if len({i.line for i in hits}) >= GROUP_FROM}
    out: list[Issue] = []
    done: set[tuple[str, str, str, str]] = set()
    for issue in items:
        key = (issue.file, issue.field, issue.level, re.compile(_QUOTED).sub("…", issue.message))
        if issue.line is None or key not in big:
            out.append(issue)
            continue
        if key in done:
            continue
        done.add(key)
        hits = big[key]
        quoted = [re.compile(_QUOTED).findall(i.message) for i in hits]
        varies = [len({q[n] for q in quoted}) > 1 for n in range(len(quoted[0]))]
        template = re.compile(_QUOTED).sub(_marked(iter(varies)), hits[0].message)
        values = list(dict.fromkeys(q[n] for q in quoted for n, v in enumerate(varies) if v))
        lines = sorted({i.line for i in hits if i.line is not None})
        out.append(
            replace(
                hits[0],
                message=f"{len(lines)} rows (lines {lines[0]}–{lines[-1]}"
                f"{_examples(values, hits, names or {})}): {template}",
            )
        )
    return out


def _examples(values: list[str], hits: list[Issue], names: Mapping[tuple[str, int], str]) -> str:
    """What a group of rows' message shows of them after their lines: the values that
    vary, else the rows' cards by name, else nothing."""
    if not values:
        cards = [names.get((i.file, i.line)) for i in hits if i.line is not None]
        values = list(dict.fromkeys(repr(c) for c in cards if c))
        if not values:
            return ""
        return "; cards " + ", ".join(values[:3]) + (", …" if len(values) > 3 else "")
    return "; e.g. " + ", ".join(values[:3]) + (", …" if len(values) > 3 else "")


class InputError(Exception):
    """Raised at a stage boundary when the input has errors; carries them all. `written`:
    found only after the build wrote its files (the downloads page, rendered from what
    the build made), so not everything was left unwritten."""

    def __init__(self, issues: Iterable[Issue], *, written: bool = False):
        self.issues = list(issues)
        self.written = written
        super().__init__("\n".join(i.render() for i in self.issues))

    # keep the issues when a worker process sends the error back
    def __reduce__(self) -> tuple[Any, tuple[list[Issue], bool]]:
        return (_input_error, (self.issues, self.written))


def _input_error(issues: list[Issue], written: bool) -> InputError:
    return InputError(issues, written=written)
