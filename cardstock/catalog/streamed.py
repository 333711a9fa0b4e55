"""A playtest form's export read a row at a time (`cardstock feedback --import`).

A form's export may hold a million rows, of which an import keeps the notes that hold up.
A CSV or TSV export is read as its rows are asked for: a line is read, checked (UTF-8, no
lone carriage return), parsed and made a row only when the reader of the rows takes the
next one, so what an import holds is the notes it keeps, never the file or its rows. The
rows are those `tables.read_csv` makes of the same file, each knowing its line, with one
difference: a column whose header is empty is named by its letter even when no row fills
it (a whole read looks at every row first, and leaves such a column out).

A problem with the file itself found partway (a line that is not UTF-8, a lone carriage
return, a quote never closed, the file growing past its limit) ends the rows there and is
reported at its line; `Streamed.failed` then says the file could not be read, and the
import keeps nothing. A YAML or JSON export is read whole, as a game's tables are
(`tables.read_table`), its rows then handed out one at a time.

    with streamed_table(path, display, root, issues) as table:   # None: unreadable
        for row in table.rows: ...
        table.failed
"""

from __future__ import annotations

import csv
import itertools
import unicodedata
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from ..core.files import Unreadable, issue, read_lines
from ..core.issues import Issues
from .cells import Row
from .tables import (
    BOM,
    LONE_CR_PROBLEM,
    csv_problem,
    header_columns,
    not_utf8,
    read_table,
    row_of,
    sniff_delimiter,
)

STREAMED = (".csv", ".tsv", ".txt")  # the exports read a row at a time


class Streamed:
    """A table whose rows are made as they are taken: its file, the line and names of its
    header, the rows (an iterator, read once) and, once they are all taken, whether the
    file turned out unreadable partway (the problem is among the issues). Never
    compared: a plain class."""

    __slots__ = ("file", "header_line", "columns", "rows", "failed")

    def __init__(self, file: str, header_line: int, columns: list[str]) -> None:
        self.file = file
        self.header_line = header_line
        self.columns = columns
        self.rows: Iterator[Row] = iter(())
        self.failed = False


class _Lines:
    """A file's lines as text, each checked and normalised (NFC) as it is read, "\\r\\n"
    ending as "\\n"; a line that is not UTF-8 or holds a lone carriage return ends them,
    reported (`failed`). It follows the quotes of the record being read, so a quote never
    closed is reported at the line that opened it."""

    def __init__(self, raw: Iterator[bytes], display: str, issues: Issues) -> None:
        self.raw, self.display, self.issues = raw, display, issues
        self.number = 0  # lines read
        self.offset = 0  # bytes read, past a byte-order mark
        self.failed = False
        self.inside = False  # within a quoted cell of the record being read
        self.opened = 1  # the line of the last quote that opened a cell (else the record's)

    def __iter__(self) -> Iterator[str]:
        while True:
            try:
                raw = next(self.raw, None)
            except Unreadable as exc:
                self._fail(None, issue(self.display, exc).message)
                return
            if raw is None:
                return
            self.number += 1
            if self.number == 1 and raw.startswith(BOM):
                raw = raw[len(BOM) :]
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                self._fail(None, not_utf8(str(exc.reason), self.offset + exc.start))
                return
            self.offset += len(raw)
            text = text[:-2] + "\n" if text.endswith("\r\n") else text
            if "\r" in text:
                self._fail(self.number, LONE_CR_PROBLEM)
                return
            self._quotes(text)
            yield unicodedata.normalize("NFC", text)

    def _fail(self, line: int | None, message: str) -> None:
        self.issues.add(self.display, line, "", message)
        self.failed = True

    def _quotes(self, text: str) -> None:
        quotes = text.count('"')
        if quotes >= (2 if self.inside else 1):
            self.opened = self.number
        if quotes % 2:
            self.inside = not self.inside

    def record_ended(self) -> None:
        self.inside, self.opened = False, self.number + 1


@contextmanager
def streamed_table(
    path: Path, display: str, root: Path, issues: Issues, most: int | None = None
) -> Iterator[Streamed | None]:
    """The table at `path` (inside `root`), its rows read as they are taken while the
    context lasts (CSV, TSV), or read whole (YAML, JSON: at most `most` rows, as
    `read_table` reads them); None when it cannot be read at all (reported)."""
    if path.suffix.lower() not in STREAMED or not path.exists():
        whole = read_table(path, display, None, issues, root, most)
        table = None
        if whole is not None:
            table = Streamed(whole.file, whole.header_line, whole.columns)
            table.rows = iter(whole.rows)
        yield table
        return
    with ExitStack() as stack:
        try:
            raw = stack.enter_context(read_lines(path, root))
        except Unreadable as exc:
            issues.extend([issue(display, exc)])
            yield None
            return
        yield _opened(_Lines(raw, display, issues), path.suffix.lower(), display, issues)


def _opened(lines: _Lines, suffix: str, display: str, issues: Issues) -> Streamed | None:
    """The table once its header is read (None: the file ends or fails before one)."""
    text = iter(lines)
    ahead: list[str] = []  # the blank lines before the first that is not, and that one
    for line in text:
        ahead.append(line)
        if line.strip():
            break
    first = ahead[-1] if ahead and ahead[-1].strip() else ""
    reader = csv.reader(
        itertools.chain(ahead, text), delimiter=sniff_delimiter(first, suffix), strict=True
    )
    try:
        head = next((r for r in reader if any(c.strip() for c in r)), None)
    except csv.Error as exc:
        if not lines.failed:  # else the lines ended early for the reason reported
            csv_problem(display, exc, max(len(ahead) - 1, 0), lambda: lines.opened, issues)
        return None
    if lines.failed:
        return None
    if head is None:
        issues.add(
            display, None, "", "the table is empty: expected a header row naming the columns"
        )
        return None
    lines.record_ended()
    columns = header_columns(display, reader.line_num, head, [True] * len(head), issues)
    table = Streamed(display, reader.line_num, [c for c in columns if c])
    table.rows = _rows(table, reader, lines, columns, issues)
    return table


def _rows(
    table: Streamed, reader: Iterator[list[str]], lines: _Lines, columns: list[str], issues: Issues
) -> Iterator[Row]:
    """The rows below the header, made one at a time; `table.failed` is set when the file
    turns out unreadable on the way."""
    started = lines.number
    try:
        for record in reader:
            lines.record_ended()
            if any(c.strip() for c in record):
                row = row_of(table.file, lines.number, record, columns, issues)
                if row is not None:
                    yield row
            started = lines.number
    except csv.Error as exc:
        if not lines.failed:
            csv_problem(table.file, exc, started, lambda: lines.opened, issues)
        table.failed = True
    if lines.failed:
        table.failed = True


__all__ = ["STREAMED", "Streamed", "streamed_table"]
