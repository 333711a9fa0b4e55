"""Bounds on a rendered rulebook, checked before anything of it is typeset.

A rulebook template may come from someone else, and what its rendered text asks of the
typesetter is bounded: ReportLab's time grows steeply with one heading's length (a
5,000-character heading never finished), with one paragraph's length (2 MB of one
paragraph never finished), and with the square of one table's rows (each page a table is
split onto measures the rest of it again: 10,000 rows took 17 s to lay out, 1,000 rows
0.3 s) and faster than the number of headings (the contents is one such table: 8,000
headings took 19 s, 1,000 1 s), and a table of more columns than a page holds raises
instead of laying out. Each bound is far above what a real rulebook writes. And the text
holds no character a table's cell may not (`core.files.CONTROL`: a control character other
than tab and line feed, U+FFFE, U+FFFF, a lone surrogate), which would make an EPUB and a
web page that are not well-formed, whatever made it (the render refuses what a template
makes, `template_values.check_characters`; this sees the text as it is typeset). Going over
a bound, or holding such a character, is an error of bad input (exit 2) at the template's
line that made the text, and nothing of the book is typeset (`rulebook._text`).

The rendered text's lines are traced back to the template's (`_Lines`): a line typed in the
template is found by its first characters, in order after the line found before it; a line
a tag wrote (`{{ … }}`, a loop), or one not found, is put at the template's first line with
a tag after the last line found.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable

from ..core.files import CONTROL
from ..core.issues import Issue
from ..core.template_values import Unprintable

MOST_HEADING = 300  # characters of one heading's line (`# …`)
MOST_HEADINGS = 1_000  # headings in all: each is a row of the contents' one table
MOST_BLOCK = 20_000  # characters of one paragraph, list item or note, its lines together
MOST_COLUMNS = 40  # columns of one table (its header row's cells)
MOST_ROWS = 1_000  # rows of one table under its header row (`_Scan._rows`)
MOST_TEXT = 1_000_000  # characters of the whole rendered rulebook

_HEADING = re.compile(r" {0,3}#{1,6}(?:[ \t]|$)")
# a line that starts a block of its own: a heading, a list item, a table row, a note
_STARTS = re.compile(r" {0,3}(?:#{1,6}(?:[ \t]|$)|[-*+][ \t]|\d{1,9}[.)][ \t]|\||>)")
# a table's delimiter row, under its header row: `|---|:--:|`
_DELIMITER = re.compile(r"\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*")
_CELL_BAR = re.compile(r"(?<!\\)\|")
_KEY = 12  # the first characters a rendered line is found by in the template
_SPACES = str.maketrans({"\u00a0": " ", "\u202f": " "})  # `ruletext.spaced`'s spaces


def _key(line: str) -> str:
    return line.translate(_SPACES).strip()[:_KEY]


class _Lines:
    """Where the rendered text's lines were written in the template (the module's
    docstring): `at(i)` is the template's line of rendered line `i`, asked in order."""

    def __init__(self, template: str) -> None:
        self.typed: dict[str, list[int]] = {}  # a typed line's first characters -> its lines
        self.tags: list[int] = []  # the lines holding a tag (`{{`, `{%`)
        for number, line in enumerate(template.splitlines(), 1):
            if "{{" in line or "{%" in line:
                self.tags.append(number)
            key = _key(line)
            if key and "{" not in key and any(ch.isalnum() for ch in key):
                self.typed.setdefault(key, []).append(number)
        self.last = 0  # the template's line of the last rendered line found

    def at(self, line: str) -> int | None:
        found = self.typed.get(_key(line), [])
        after = bisect_right(found, self.last)
        if after < len(found):
            self.last = found[after]
            return self.last
        tag = bisect_right(self.tags, self.last)
        return self.tags[tag] if tag < len(self.tags) else None


def _columns(row: str) -> int:
    """The cells of a table's row, its outer bars left out."""
    inner = row.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    return len(_CELL_BAR.split(inner))


class _Scan:
    """The rendered text's lines read in order, each block's length added up: what goes
    past a bound, as (rendered line, field, message)."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.found: list[tuple[int, str, str]] = []
        self.start, self.size = -1, 0  # the block being read: its first line, its length
        self.skipping = False  # in the rows of a table reported for its size
        self.rows_end = 0  # the line after the last row of the last table counted
        self.headings = 0  # the headings read so far

    def close(self) -> None:
        if self.start >= 0 and self.size > MOST_BLOCK:
            said = (
                f"a paragraph of {self.size:,} characters, more than the {MOST_BLOCK:,} "
                "cardstock typesets in one paragraph: break it into shorter ones"
            )
            self.found.append((self.start, "text", said))
        self.start, self.size = -1, 0

    def read(self, i: int, line: str) -> None:
        bad = CONTROL.search(line)
        if bad is not None:  # the rule of a table's cell, said as the render says it
            self.found.append((i, "text", f"the rendered text {Unprintable(bad.group())}"))
        if not line.strip():
            self.close()
            self.skipping = False
        elif self.skipping:
            return
        elif _HEADING.match(line):
            self.close()
            self._heading(i, line.strip())
        elif self._big_table(i, line):
            self.close()
            self.skipping = True
        elif _STARTS.match(line) or self.start < 0:
            self.close()
            self.start, self.size = i, len(line)
        else:
            self.size += 1 + len(line)

    def _heading(self, i: int, heading: str) -> None:
        self.headings += 1
        if self.headings == MOST_HEADINGS + 1:  # said once, at the first heading past it
            said = (
                f"a heading past the {MOST_HEADINGS:,} a rulebook may have (each is a line "
                "of its contents): merge some sections, or make their titles bold lines"
            )
            self.found.append((i, "heading", said))
        if len(heading) > MOST_HEADING:
            said = (
                f"the heading {heading[:40] + '…'!r} has {len(heading):,} characters, more "
                f"than the {MOST_HEADING:,} a heading may have"
            )
            self.found.append((i, "heading", said))

    def _big_table(self, i: int, line: str) -> bool:
        """Whether the line heads a table of more columns than a page holds, or of more
        rows than one table may have (said). A line among a table's rows heads none."""
        following = self.lines[i + 1] if i + 1 < len(self.lines) else ""
        if i < self.rows_end or "|" not in line or "-" not in following:
            return False
        if not _DELIMITER.fullmatch(following):
            return False
        columns = _columns(line)
        if columns > MOST_COLUMNS:
            said = (
                f"a table of {columns:,} columns, more than the {MOST_COLUMNS} a rulebook's "
                "page holds: split it into narrower tables"
            )
        else:
            rows = self._rows(i + 2)
            if rows <= MOST_ROWS:
                return False
            said = (
                f"a table of {rows:,} rows, more than the {MOST_ROWS:,} cardstock typesets "
                "in one table: split it into shorter tables"
            )
        self.found.append((i, "table", said))
        return True

    def _rows(self, start: int) -> int:
        """The rows of the table whose first row is line `start`: the lines up to the next
        blank one, where markdown-it ends a table (a line of any other block is a row of
        it). Each line is counted once: the rows are not read again for a table's head."""
        end = start
        while end < len(self.lines) and self.lines[end].strip():
            end += 1
        self.rows_end = end
        return end - start


def bound_problems(text: str, where: str, source: Callable[[], str | None]) -> list[Issue]:
    """What in the rendered rulebook `text` goes past a bound (the module's docstring), as
    errors of bad input at the template's lines (`where`: the template as shown; `source`:
    its text, read only when something is found, None when it cannot be); none when it
    is within every bound. The length of the whole text is said only when nothing else
    is."""
    lines = text.split("\n")
    scan = _Scan(lines)
    for i, line in enumerate(lines):
        scan.read(i, line)
    scan.close()
    if not scan.found:
        if len(text) <= MOST_TEXT:
            return []
        said = (
            f"the rendered rulebook has {len(text):,} characters, more than the "
            f"{MOST_TEXT:,} cardstock typesets"
        )
        return [Issue(where, None, "rulebook", said, bad_input=True)]
    at = _template_lines(lines, {i for i, _, _ in scan.found}, source())
    return [
        Issue(where, at.get(i), field, message, bad_input=True)
        for i, field, message in sorted(scan.found)
    ]


def _template_lines(lines: list[str], wanted: set[int], template: str | None) -> dict[int, int]:
    """The template's line of each rendered line in `wanted` that can be found (`_Lines`)."""
    if template is None:
        return {}
    located = _Lines(template)
    at: dict[int, int] = {}
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        number = located.at(line)
        if i in wanted and number is not None:
            at[i] = number
        if i >= max(wanted):
            break
    return at
