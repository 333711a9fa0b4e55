"""Tables as designers keep them → rows that remember their line.

A table is a CSV (comma, semicolon or tab separated, sniffed from the header line), a TSV,
one sheet of an XLSX workbook, or a YAML or JSON file holding a list of rows (mappings).
Every reader returns the same `Table`: a header, and rows whose cells are keyed by the
header's names, each row knowing its file and line for `path:line: field: message`.

Each reader is bounded beyond the size of the file (core/files): a workbook's parts may
inflate to at most `MAX_XLSX_BYTES` in all (read from the archive's directory before
anything is inflated) and a sheet may hold at most `MAX_CELLS` cells; a YAML file's
aliases may make at most `MAX_YAML_NODES` values in all, and a table of any kind may nest
lists at most `MAX_DEPTH` deep.
"""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.files import Unreadable, issue, read_bytes
from ..core.issues import Issues

TABLE_SUFFIXES = (".csv", ".tsv", ".txt", ".xlsx", ".yaml", ".yml", ".json")
DELIMITERS = (",", ";", "\t")
DELIMITER_NAMES = {",": "comma", ";": "semicolon", "\t": "tab"}
# C0 controls other than tab and newline, DEL, and the C1 controls: never meant in a cell
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")

MAX_XLSX_BYTES = 64 * 1024 * 1024  # all the parts of a workbook, inflated
MAX_CELLS = 100_000  # cells of one sheet, empty ones included (a larger table reads faster as CSV)
MAX_YAML_NODES = 1_000_000  # values a YAML file makes, each alias counted as what it repeats
MAX_DEPTH = 32  # lists within lists in a YAML or JSON table


@dataclass(frozen=True)
class Row:
    """One table row: cell values by column name, and where it came from."""

    file: str  # display path, e.g. "catalog/vortex/devotees.csv" or "…/cards.xlsx[Good]"
    line: int  # 1-based line (CSV, YAML, JSON) or sheet row number (XLSX)
    cells: dict[str, Any]  # text for CSV and XLSX; YAML and JSON lists stay lists


@dataclass(frozen=True)
class Table:
    file: str
    header_line: int
    columns: list[str]
    rows: list[Row]


def column_letter(index: int) -> str:
    """0 → "A", 25 → "Z", 26 → "AA": how a spreadsheet names a column."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def _clean(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _control_problem(text: str) -> str | None:
    found = CONTROL.search(text)
    if found is None:
        return None
    char = found.group()
    name = "a NUL byte" if char == "\x00" else f"the control character U+{ord(char):04X}"
    return f"the cell holds {name}, which cannot be printed; remove it (an export from another program can leave these)"


def _build(display: str, records: list[tuple[int, list[str]]], issues: Issues) -> Table | None:
    records = [(n, r) for n, r in records if any(c.strip() for c in r)]
    if not records:
        issues.add(
            display, None, "", "the table is empty: expected a header row naming the columns"
        )
        return None
    header_line, header = records[0]
    width = len(header)
    named = [c.strip() for c in header]
    # a column without a header is named by its letter, unless no row uses it at all
    # (spreadsheets often carry empty trailing columns)
    used = [any(i < len(r) and r[i].strip() for _, r in records[1:]) for i in range(width)]
    columns = [c or (column_letter(i) if used[i] else "") for i, c in enumerate(named)]
    seen: set[str] = set()
    for col in columns:
        if col and col in seen:
            issues.add(display, header_line, col, "the column appears twice in the header row")
        seen.add(col)
    rows: list[Row] = []
    for line, record in records[1:]:
        if record and record[0].lstrip().startswith("#"):
            continue  # a comment row, as designers leave notes in sheets
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
            problem = _control_problem(value)
            if problem:
                issues.add(display, line, col or column_letter(i), problem)
                value = CONTROL.sub("", value)
            if col:
                cells[col] = value
        rows.append(Row(display, line, cells))
    return Table(display, header_line, [c for c in columns if c], rows)


def sniff_delimiter(header: str, suffix: str) -> str:
    """The separator of a CSV: a tab for .tsv, else whichever of comma, semicolon and tab
    the header line uses most outside quotes (a comma when it has none)."""
    if suffix == ".tsv":
        return "\t"
    outside = re.sub(r'"[^"]*"', "", header)
    counts = {d: outside.count(d) for d in DELIMITERS}
    best = max(DELIMITERS, key=lambda d: (counts[d], -DELIMITERS.index(d)))
    return best if counts[best] else ","


def _physical_lines(text: str) -> list[str]:
    """Lines ended by "\\n" or "\\r\\n" only: U+2028, form feeds and the like stay in the
    cell they belong to (and are refused there), instead of splitting a row."""
    text = text.replace("\r\n", "\n")
    lines = text.split("\n")
    out = [line + "\n" for line in lines[:-1]]
    if lines[-1]:
        out.append(lines[-1])
    return out


def _opening_quote_line(lines: list[str], start: int) -> int:
    """The 1-based line of the quote left open, scanning from line index `start`."""
    inside = False
    opened = start + 1
    for number, line in enumerate(lines[start:], start=start + 1):
        for char in line:
            if char == '"':
                inside = not inside
                if inside:
                    opened = number
    return opened


def _text(data: bytes, display: str, issues: Issues, hint: str = "") -> str | None:
    """The table's text: UTF-8 with or without a byte-order mark, NFC; None (reported) if not."""
    try:
        return unicodedata.normalize("NFC", data.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        issues.add(
            display,
            None,
            "",
            f"the file is not UTF-8 text ({exc.reason} at byte {exc.start}){hint}",
        )
        return None


def read_csv(data: bytes, suffix: str, display: str, issues: Issues) -> Table | None:
    text = _text(data, display, issues, "; save it as CSV UTF-8")
    if text is None:
        return None
    lines = _physical_lines(text)
    # a bare carriage return is a control character in a cell, not the end of a row
    for number, line in enumerate(lines, start=1):
        if "\r" in line:
            issues.add(
                display,
                number,
                "",
                "the line holds a lone carriage return (U+000D), which cannot be printed; rows end with a line feed",
            )
    if any("\r" in line for line in lines):
        return None
    header = next((line for line in lines if line.strip()), "")
    delimiter = sniff_delimiter(header, suffix)
    records: list[tuple[int, list[str]]] = []
    reader = csv.reader(lines, delimiter=delimiter, strict=True)
    started = 0  # lines read before the current record
    try:
        for record in reader:
            # reader.line_num is the line where the record ended; multi-line cells start earlier
            records.append((reader.line_num, record))
            started = reader.line_num
    except csv.Error as exc:
        if "unexpected end of data" in str(exc):
            opened = _opening_quote_line(lines, started)
            issues.add(
                display,
                opened,
                "",
                'an unclosed quote: the cell opened with " on this line never ends; close it with another "',
            )
        else:
            issues.add(display, started + 1, "", f"the CSV cannot be read: {exc}")
        return None
    return _build(display, records, issues)


def read_xlsx(data: bytes, display: str, sheet: str | None, issues: Issues) -> Table | None:
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
            f"the workbook inflates to {inflated / 1024 / 1024:,.0f} MB, more than the {MAX_XLSX_BYTES // 1024 // 1024} MB cardstock reads from one workbook",
        )
        return None
    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a broken file
        issues.add(display, None, "", f"the workbook cannot be opened: {exc}")
        return None
    records: list[tuple[int, list[str]]] = []
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
        for i, row in enumerate(ws.iter_rows(values_only=True), start=1):
            cells += len(row)
            if cells > MAX_CELLS:
                issues.add(
                    f"{display}[{sheet}]",
                    i,
                    "",
                    f"the sheet holds more than {MAX_CELLS:,} cells (empty ones between filled ones included), cardstock's limit for one sheet",
                )
                return None
            records.append((i, [_clean(v) for v in row]))
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
    return _build(f"{display}[{sheet}]", records, issues)


def _inflated_size(data: bytes) -> int:
    """What a workbook's parts add up to inflated, as its archive's directory says (the
    zip reader stops at the stated size); 0 when it is not a readable archive (openpyxl
    then says what is wrong)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            return sum(info.file_size for info in z.infolist())
    except (zipfile.BadZipFile, ValueError, OSError, EOFError):
        return 0


def _yaml_problem(node: Any) -> str | None:
    """Why a composed YAML document is too large or too deep to read (an alias counted as
    all the values it repeats), or None: worked out once per node, before any value is
    made."""
    import yaml

    sizes: dict[int, int] = {}
    stack: list[tuple[Any, int, bool]] = [(node, 1, False)]
    while stack:
        current, depth, done = stack.pop()
        key = id(current)
        if done:
            children = (
                current.value
                if isinstance(current, yaml.SequenceNode)
                else [n for kv in current.value for n in kv]
            )
            sizes[key] = 1 + sum(sizes.get(id(c), 0) for c in children)
            if sizes[key] > MAX_YAML_NODES:
                return f"its aliases make more than {MAX_YAML_NODES:,} values, cardstock's limit for one YAML file"
            continue
        if key in sizes:
            continue
        if not isinstance(current, (yaml.SequenceNode, yaml.MappingNode)):
            sizes[key] = 1
            continue
        if depth > MAX_DEPTH:
            return f"its lists and mappings nest more than {MAX_DEPTH} deep, cardstock's limit for a table"
        sizes[key] = 0  # in progress: a recursive alias counts nothing more
        stack.append((current, depth, True))
        children = (
            current.value
            if isinstance(current, yaml.SequenceNode)
            else [n for kv in current.value for n in kv]
        )
        stack.extend((c, depth + 1, False) for c in children if id(c) not in sizes)
    return None


class _TooDeep(ValueError):
    pass


def _scalar(value: Any, depth: int = 0) -> Any:
    """A YAML/JSON cell as the row models read it: scalars as text, lists as lists."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        if depth >= MAX_DEPTH:
            raise _TooDeep(
                f"the cell's lists nest more than {MAX_DEPTH} deep, cardstock's limit for a table"
            )
        return [_scalar(v, depth + 1) for v in value]
    if value is None:
        return ""
    return _clean(value)


MAX_NESTING = 16  # levels of mappings inside a row


def _flat(item: dict[Any, Any], prefix: str = "", depth: int = 0) -> list[tuple[str, Any]]:
    """A row's keys, a nested mapping's as paths: `back: {name: …}` is the column
    `back.name` (which a set maps to a field: columns = { secret = "back.name" })."""
    out: list[tuple[str, Any]] = []
    for key, value in item.items():
        name = prefix + str(key).strip()
        if isinstance(value, dict) and value and depth < MAX_NESTING:
            out += _flat(value, name + ".", depth + 1)
        else:
            out.append((name, "" if isinstance(value, dict) and not value else value))
    return out


def _rows_from_items(display: str, items: list[tuple[int, Any]], issues: Issues) -> Table | None:
    """A list of mappings, each with its line → a table; the header is every key in order
    of first appearance, located at the first row."""
    if not items:
        issues.add(display, None, "", "the table is empty: expected a list of rows")
        return None
    columns: list[str] = []
    rows: list[Row] = []
    for line, item in items:
        if not isinstance(item, dict):
            issues.add(
                display,
                line,
                "",
                f"expected a row of 'column: value' pairs, got {type(item).__name__}",
            )
            continue
        cells: dict[str, Any] = {}
        for name, value in _flat(item):
            if name not in columns:
                columns.append(name)
            if isinstance(value, dict) or (
                isinstance(value, list) and any(isinstance(v, dict) for v in value)
            ):
                issues.add(
                    display,
                    line,
                    name,
                    f"a cell holds one value or a list of values, not a list of mappings (or mappings nested more than {MAX_NESTING} deep)",
                )
                continue
            try:
                cell = _scalar(value)
            except _TooDeep as exc:
                issues.add(display, line, name, str(exc))
                continue
            for text in cell if isinstance(cell, list) else [cell]:
                problem = _control_problem(str(text))
                if problem:
                    issues.add(display, line, name, problem)
            cells[name] = cell
        rows.append(Row(display, line, cells))
    return Table(display, items[0][0], columns, rows)


def read_yaml(data: bytes, display: str, issues: Issues) -> Table | None:
    import yaml

    text = _text(data, display, issues)
    if text is None:
        return None
    try:
        # the node tree gives every row's line; the loader then builds its values
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        problem = _yaml_problem(node) if node is not None else None
        if problem is not None:
            issues.add(display, None, "", f"the YAML cannot be read: {problem}")
            return None
        data = yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        issues.add(display, line, "", f"the YAML cannot be read: {exc.problem or exc.context}")
        return None
    except yaml.YAMLError as exc:
        issues.add(display, None, "", f"the YAML cannot be read: {exc}")
        return None
    if node is None or not isinstance(node, yaml.SequenceNode) or not isinstance(data, list):
        line = node.start_mark.line + 1 if node is not None else None
        issues.add(
            display, line, "", "expected a list of rows, each a mapping such as '- name: Ember'"
        )
        return None
    items = [(child.start_mark.line + 1, value) for child, value in zip(node.value, data)]
    return _rows_from_items(display, items, issues)


def read_json(data: bytes, display: str, issues: Issues) -> Table | None:
    text = _text(data, display, issues)
    if text is None:
        return None
    decoder = json.JSONDecoder()
    counted = [0, 1]  # an index, and the line it is on: lines are counted forwards once

    def line_at(index: int) -> int:
        if index < counted[0]:
            return text.count("\n", 0, index) + 1
        counted[1] += text.count("\n", counted[0], index)
        counted[0] = index
        return counted[1]

    def skip(index: int) -> int:
        while index < len(text) and text[index] in " \t\r\n":
            index += 1
        return index

    items: list[tuple[int, Any]] = []
    try:
        i = skip(0)
        if i >= len(text) or text[i] != "[":
            issues.add(
                display, line_at(i), "", 'expected a list of rows: [ {"name": "Ember", …}, … ]'
            )
            return None
        i = skip(i + 1)
        if i < len(text) and text[i] == "]":
            i += 1
        else:
            while True:
                value, end = decoder.raw_decode(text, i)
                items.append((line_at(i), value))
                i = skip(end)
                if i < len(text) and text[i] == ",":
                    i = skip(i + 1)
                    continue
                if i < len(text) and text[i] == "]":
                    i += 1
                    break
                issues.add(display, line_at(i), "", "expected ',' or ']' after a row")
                return None
        if skip(i) != len(text):
            issues.add(display, line_at(skip(i)), "", "unexpected text after the list of rows")
            return None
    except json.JSONDecodeError as exc:
        issues.add(display, exc.lineno, "", f"the JSON cannot be read: {exc.msg}")
        return None
    except RecursionError:
        issues.add(
            display,
            line_at(i),
            "",
            f"the JSON cannot be read: its lists nest more deeply than cardstock reads ({MAX_DEPTH} deep for a table)",
        )
        return None
    return _rows_from_items(display, items, issues)


# a reader gets the file's bytes, its suffix, the name it is shown by, the sheet asked for
READERS: dict[str, Callable[[bytes, str, str, str | None, Issues], Table | None]] = {
    ".csv": lambda b, x, d, s, i: read_csv(b, x, d, i),
    ".tsv": lambda b, x, d, s, i: read_csv(b, x, d, i),
    ".txt": lambda b, x, d, s, i: read_csv(b, x, d, i),
    ".xlsx": lambda b, x, d, s, i: read_xlsx(b, d, s, i),
    ".yaml": lambda b, x, d, s, i: read_yaml(b, d, i),
    ".yml": lambda b, x, d, s, i: read_yaml(b, d, i),
    ".json": lambda b, x, d, s, i: read_json(b, d, i),
}


def read_table(
    path: Path, display: str, sheet: str | None, issues: Issues, root: Path
) -> Table | None:
    """Read a table of any supported type from inside `root` (through the door, see
    core/files); problems go to `issues` and None is returned."""
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
    return reader(data, suffix, display, sheet, issues)
