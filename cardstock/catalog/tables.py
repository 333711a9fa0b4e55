"""Tables as designers keep them → rows that remember their line.

A table is a CSV (comma, semicolon or tab separated, sniffed from the header line), a TSV,
one sheet of an XLSX workbook, or a YAML or JSON file holding a list of rows (mappings).
Every reader returns the same `Table`: a header, and rows whose cells are keyed by the
header's names, each row knowing its file and line for `path:line: field: message`.

Each reader is bounded beyond the size of the file (core/files): a workbook's parts may
inflate to at most `MAX_XLSX_BYTES` in all (read from the archive's directory before
anything is inflated) and a sheet may hold at most `MAX_CELLS` cells; a YAML file's
aliases may make at most `MAX_YAML_NODES` values in all, and a table of any kind may nest
lists at most `MAX_DEPTH` deep (`lists`, `cells`). Given the most rows to read, every
reader stops at the first row past it, so a table too long to print is refused having
read no more of it than that.
"""

from __future__ import annotations

import codecs
import csv
import io
import re
import unicodedata
import zipfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from ..core.files import CONTROL, Unreadable, issue, read_bytes
from ..core.issues import Issues
from .cells import Row, RowLimit, Table, clean_cell, column_letter, control_problem
from .lists import read_json, read_yaml

TABLE_SUFFIXES = (".csv", ".tsv", ".txt", ".xlsx", ".yaml", ".yml", ".json")
DELIMITERS = (",", ";", "\t")
DELIMITER_NAMES = {",": "comma", ";": "semicolon", "\t": "tab"}

MAX_XLSX_BYTES = 64 * 1024 * 1024  # all the parts of a workbook, inflated
MAX_CELLS = 100_000  # cells of one sheet, empty ones included (a larger table reads faster as CSV)


def _build(
    display: str,
    records: list[tuple[int, list[str]]],
    issues: Issues,
    stopped: int | None = None,
    header: bool = True,
) -> Table | None:
    """The records as a table: the first names the columns, unless `header` is false,
    when every record is a row and the columns are named by letter (A, B, C …)."""
    records = [(n, r) for n, r in records if any(c.strip() for c in r)]
    if not records:
        expected = "a header row naming the columns" if header else "rows"
        issues.add(display, None, "", f"the table is empty: expected {expected}")
        return None
    if not header:
        width = max(len(r) for _, r in records)
        records = [(records[0][0], [""] * width), *records]
    header_line, head = records[0]
    # a column without a header is named by its letter, unless no row uses it at all
    # (spreadsheets often carry empty trailing columns)
    used = [any(i < len(r) and r[i].strip() for _, r in records[1:]) for i in range(len(head))]
    columns = header_columns(display, header_line, head, used, issues)
    rows = [
        row
        for line, record in records[1:]
        if (row := row_of(display, line, record, columns, issues)) is not None
    ]
    return Table(display, header_line, [c for c in columns if c], rows, stopped)


def header_columns(
    display: str, line: int, head: list[str], used: list[bool], issues: Issues
) -> list[str]:
    """The header's names, one a column: a column without one is named by its letter when
    `used` says a row fills it, else "" (it is then no column); a name twice is reported."""
    named = [c.strip() for c in head]
    columns = [c or (column_letter(i) if used[i] else "") for i, c in enumerate(named)]
    seen: set[str] = set()
    for col in columns:
        if col and col in seen:
            issues.add(display, line, col, "the column appears twice in the header row")
        seen.add(col)
    return columns


def row_of(
    display: str, line: int, record: list[str], columns: list[str], issues: Issues
) -> Row | None:
    """One record under the header's `columns` as a row; None for a comment row (`# …`),
    as designers leave notes in sheets. Cells past the header's and control characters
    are reported (the characters left out)."""
    if record and record[0].lstrip().startswith("#"):
        return None
    width = len(columns)
    if len(record) > width and any(c.strip() for c in record[width:]):
        issues.add(
            display,
            line,
            "",
            f"the row has {len(record)} cells but the header names {width} columns",
        )
    cells: dict[str, Any] = {}
    for i, col in enumerate(columns):
        value = record[i].strip() if i < len(record) else ""
        problem = control_problem(value)
        if problem:
            issues.add(display, line, col or column_letter(i), problem)
            value = CONTROL.sub("", value)
        if col:
            cells[col] = value
    return Row(display, line, cells)


def sniff_delimiter(header: str, suffix: str) -> str:
    """The separator of a CSV: a tab for .tsv, else whichever of comma, semicolon and tab
    the header line uses most outside quotes (a comma when it has none)."""
    if suffix == ".tsv":
        return "\t"
    outside = re.sub(r'"[^"]*"', "", header)
    counts = {d: outside.count(d) for d in DELIMITERS}
    best = max(DELIMITERS, key=lambda d: (counts[d], -DELIMITERS.index(d)))
    return best if counts[best] else ","


BOM = b"\xef\xbb\xbf"
UTF8_CHUNK = 1 << 20  # bytes a UTF-8 check decodes at once


def _utf8_problem(data: bytes) -> tuple[str, int] | None:
    """Why `data` is not UTF-8 text (a byte-order mark allowed at its start): the decoder's
    reason and the offset of the byte after the mark, or None. Checked a chunk at a time,
    so a large file is never held as text whole."""
    start = len(BOM) if data.startswith(BOM) else 0
    pos = start
    while pos < len(data):
        chunk = data[pos : pos + UTF8_CHUNK]
        try:
            _, used = codecs.utf_8_decode(chunk, "strict", pos + len(chunk) >= len(data))
        except UnicodeDecodeError as exc:
            return str(exc.reason), pos - start + exc.start
        if not used:  # pragma: no cover - a chunk of one incomplete character
            used = len(chunk)
        pos += used
    return None


def _physical_lines(data: bytes) -> Iterator[str]:
    """The text's lines, decoded one at a time (NFC), each ended by "\n" (a "\r\n" ending
    becomes "\n"; the last line keeps no ending it lacks). Only those endings split lines:
    U+2028, form feeds and the like stay in the cell they belong to (and are refused
    there). `data` must be UTF-8 (see `_utf8_problem`)."""
    pos = len(BOM) if data.startswith(BOM) else 0
    size = len(data)
    while pos < size:
        end = data.find(b"\n", pos)
        if end < 0:
            yield unicodedata.normalize("NFC", data[pos:].decode("utf-8"))
            return
        cut = end - 1 if end > pos and data[end - 1] == 13 else end  # 13: "\r"
        yield unicodedata.normalize("NFC", data[pos:cut].decode("utf-8")) + "\n"
        pos = end + 1


LONE_CR = re.compile(rb"\r(?!\n)")


def _lone_carriage_returns(data: bytes, most: int | None) -> list[int]:
    """The lines holding a carriage return that does not end the line (as "\r\n" does),
    each once: past `most` of them the table is refused anyway, so no more are looked for."""
    found: list[int] = []
    line, counted = 1, 0
    for match in LONE_CR.finditer(data):
        line += data.count(b"\n", counted, match.start())
        counted = match.start()
        if not found or found[-1] != line:
            if most is not None and len(found) > most:
                break
            found.append(line)
    return found


def _opening_quote_line(lines: Iterable[str], start: int) -> int:
    """The 1-based line of the quote left open, scanning from line index `start`."""
    inside = False
    opened = start + 1
    for number, line in enumerate(lines, start=1):
        if number <= start:
            continue
        for char in line:
            if char == '"':
                inside = not inside
                if inside:
                    opened = number
    return opened


def read_csv(
    data: bytes,
    suffix: str,
    display: str,
    issues: Issues,
    max_rows: int | None = None,
    header: bool = True,
) -> Table | None:
    """A CSV or TSV file as a table, read a line at a time: with `max_rows`, the read stops
    at the first row past it (see `Table.stopped`); without a `header` row, its columns
    are named by letter."""
    bad = _utf8_problem(data)
    if bad is not None:
        reason, offset = bad
        issues.add(display, None, "", not_utf8(reason, offset))
        return None
    # a bare carriage return is a control character in a cell, not the end of a row
    lone = _lone_carriage_returns(data, max_rows)
    for number in lone:
        issues.add(display, number, "", LONE_CR_PROBLEM)
    if lone:
        return None
    first_line = next((line for line in _physical_lines(data) if line.strip()), "")
    delimiter = sniff_delimiter(first_line, suffix)
    records: list[tuple[int, list[str]]] = []
    limit = RowLimit(max_rows, header)
    stopped: int | None = None
    reader = csv.reader(_physical_lines(data), delimiter=delimiter, strict=True)
    started = 0  # lines read before the current record
    try:
        for record in reader:
            # reader.line_num is the line where the record ended; multi-line cells start earlier
            if limit.past(record):
                stopped = reader.line_num
                break
            if any(c.strip() for c in record):
                records.append((reader.line_num, record))
            started = reader.line_num
    except csv.Error as exc:
        csv_problem(
            display,
            exc,
            started,
            lambda: _opening_quote_line(_physical_lines(data), started),
            issues,
        )
        return None
    return _build(display, records, issues, stopped, header)


def not_utf8(reason: str, offset: int) -> str:
    return f"the file is not UTF-8 text ({reason} at byte {offset}); save it as CSV UTF-8"


LONE_CR_PROBLEM = (
    "the line holds a lone carriage return (U+000D), which cannot be printed; rows end with "
    "a line feed"
)


def csv_problem(
    display: str, exc: csv.Error, started: int, opened: Callable[[], int], issues: Issues
) -> None:
    """Report what the CSV reader refused: a quote never closed at the line `opened` gives
    (the line of the quote left open), any other error at the line after the `started`
    lines read before the record."""
    if "unexpected end of data" in str(exc):
        issues.add(
            display,
            opened(),
            "",
            'an unclosed quote: the cell opened with " on this line never ends; close it '
            'with another "',
        )
    else:
        issues.add(display, started + 1, "", f"the CSV cannot be read: {exc}")


def read_xlsx(
    data: bytes,
    display: str,
    sheet: str | None,
    issues: Issues,
    max_rows: int | None = None,
    header: bool = True,
) -> Table | None:
    """One sheet of a workbook as a table (the first sheet unless one is named); with
    `max_rows`, the read stops at the first row past it (see `Table.stopped`); without a
    `header` row, its columns are named by letter."""
    try:
        import openpyxl
    except ImportError:  # pragma: no cover - openpyxl is a declared dependency
        issues.add(display, None, "", "reading XLSX needs openpyxl: pip install openpyxl")
        return None
    inflated = _inflated_size(data)
    if inflated > MAX_XLSX_BYTES:
        issues.add(
            display,
            None,
            "",
            f"the workbook inflates to {inflated / 1024 / 1024:,.0f} MB, more than the "
            f"{MAX_XLSX_BYTES // 1024 // 1024} MB cardstock reads from one workbook",
        )
        return None
    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a broken file
        issues.add(display, None, "", f"the workbook cannot be opened: {exc}")
        return None
    records: list[tuple[int, list[str]]] = []
    stopped: int | None = None
    try:
        names = book.sheetnames
        if sheet is None:
            sheet = names[0]
        if sheet not in names:
            issues.add(
                display,
                None,
                "sheet",
                f"no sheet named {sheet!r}; the workbook has {', '.join(map(repr, names))}",
            )
            return None
        ws = book[sheet]
        cells = 0
        limit = RowLimit(max_rows, header)
        for i, row in enumerate(ws.iter_rows(values_only=True), start=1):
            cells += len(row)
            if cells > MAX_CELLS:
                issues.add(
                    f"{display}[{sheet}]",
                    i,
                    "",
                    f"the sheet holds more than {MAX_CELLS:,} cells (empty ones between filled "
                    "ones included), cardstock's limit for one sheet",
                )
                return None
            record = [clean_cell(v) for v in row]
            if limit.past(record):
                stopped = i
                break
            records.append((i, record))
    except Exception as exc:  # a truncated or damaged sheet fails while it is read
        where = f"{display}[{sheet}]" if sheet else display
        issues.add(
            where,
            len(records) + 1 if records else None,
            "",
            f"the sheet cannot be read (is the file complete?): {type(exc).__name__}: {exc}",
        )
        return None
    finally:
        book.close()
    return _build(f"{display}[{sheet}]", records, issues, stopped, header)


def _inflated_size(data: bytes) -> int:
    """What a workbook's parts add up to inflated, as its archive's directory says (the
    zip reader stops at the stated size); 0 when it is not a readable archive (openpyxl
    then says what is wrong)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            return sum(info.file_size for info in z.infolist())
    except (zipfile.BadZipFile, ValueError, OSError, EOFError):
        return 0


# a reader gets the file's bytes, its suffix, the name it is shown by, what the set asks of
# it (see `Ask`) and where problems go
Reader = Callable[[bytes, str, str, "Ask", Issues], Table | None]
READERS: dict[str, Reader] = {
    ".csv": lambda b, x, d, a, i: read_csv(b, x, d, i, a.max_rows, a.header),
    ".tsv": lambda b, x, d, a, i: read_csv(b, x, d, i, a.max_rows, a.header),
    ".txt": lambda b, x, d, a, i: read_csv(b, x, d, i, a.max_rows, a.header),
    ".xlsx": lambda b, x, d, a, i: read_xlsx(b, d, a.sheet, i, a.max_rows, a.header),
    ".yaml": lambda b, x, d, a, i: read_yaml(b, d, i, a.max_rows, a.key),
    ".yml": lambda b, x, d, a, i: read_yaml(b, d, i, a.max_rows, a.key),
    ".json": lambda b, x, d, a, i: read_json(b, d, i, a.max_rows, a.key),
}
HEADERLESS = (".csv", ".tsv", ".txt", ".xlsx")  # the tables `header = false` applies to
KEYED = (".yaml", ".yml", ".json")  # the tables whose rows may sit under a `table_key`


class Ask:
    """What a set asks of its table's reader: the XLSX sheet (None: the first), the most
    rows to read (None: all), whether the first row is a header (CSV, TSV, XLSX), and the
    key the rows are under (YAML, JSON; None: the document is the list). Never compared:
    a plain class."""

    __slots__ = ("sheet", "max_rows", "header", "key")

    def __init__(
        self,
        sheet: str | None = None,
        max_rows: int | None = None,
        header: bool = True,
        key: str | None = None,
    ) -> None:
        self.sheet: str | None = sheet
        self.max_rows: int | None = max_rows
        self.header: bool = header
        self.key: str | None = key


def read_table(
    path: Path,
    display: str,
    sheet: str | None,
    issues: Issues,
    root: Path,
    max_rows: int | None = None,
    ask: Ask | None = None,
) -> Table | None:
    """Read a table of any supported type from inside `root` (through the door, see
    core/files); problems go to `issues` and None is returned. With `max_rows`, the
    read stops at the first row past it, which `Table.stopped` locates; `ask` says the
    rest a set asks of the reader (a header row or none, the key the rows are under)."""
    if not path.exists():
        issues.add(display, None, "", "the table file does not exist")
        return None
    suffix = path.suffix.lower()
    reader = READERS.get(suffix)
    if reader is None:
        issues.add(
            display,
            None,
            "",
            f"unsupported table type {suffix!r}: expected one of {', '.join(READERS)}",
        )
        return None
    try:
        data = read_bytes(path, root)
    except Unreadable as exc:
        issues.extend([issue(display, exc)])
        return None
    base = ask or Ask()
    asked = Ask(sheet, max_rows, base.header, base.key)
    return reader(data, suffix, display, asked, issues)
