"""Spreadsheet tables (CSV, or one sheet of an XLSX workbook) → rows that remember their line."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from .issues import Issues


@dataclass(frozen=True)
class Row:
    """One table row: cell values by column name, and where it came from."""

    file: str  # display path, e.g. "catalog/vortex/devotees.csv" or "…/cards.xlsx[Good]"
    line: int  # 1-based line (CSV) or sheet row number (XLSX)
    cells: dict[str, str]


@dataclass(frozen=True)
class Table:
    file: str
    header_line: int
    columns: list[str]
    rows: list[Row]


def _clean(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _build(display: str, records: list[tuple[int, list[str]]], issues: Issues) -> Table | None:
    records = [(n, r) for n, r in records if any(c.strip() for c in r)]
    if not records:
        issues.add(display, None, "", "the table is empty: expected a header row naming the columns")
        return None
    header_line, header = records[0]
    columns = [c.strip() for c in header]
    seen: set[str] = set()
    for col in columns:
        if not col:
            issues.add(display, header_line, "", "a column has no name in the header row")
        elif col in seen:
            issues.add(display, header_line, col, "the column appears twice in the header row")
        seen.add(col)
    rows: list[Row] = []
    for line, record in records[1:]:
        if record and record[0].lstrip().startswith("#"):
            continue  # a comment row, as designers leave notes in sheets
        if len(record) > len(columns) and any(c.strip() for c in record[len(columns):]):
            issues.add(display, line, "", f"the row has {len(record)} cells but the header names {len(columns)} columns")
        cells = {col: (record[i].strip() if i < len(record) else "") for i, col in enumerate(columns) if col}
        rows.append(Row(display, line, cells))
    return Table(display, header_line, [c for c in columns if c], rows)


def read_csv(path: Path, display: str, issues: Issues) -> Table | None:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        issues.add(display, None, "", f"the file is not UTF-8 text ({exc.reason} at byte {exc.start}); save it as CSV UTF-8")
        return None
    records: list[tuple[int, list[str]]] = []
    reader = csv.reader(text.splitlines(keepends=True))
    try:
        for record in reader:
            # reader.line_num is the line where the record ended; multi-line cells start earlier
            records.append((reader.line_num, record))
    except csv.Error as exc:
        issues.add(display, reader.line_num, "", f"the CSV cannot be read: {exc}")
        return None
    return _build(display, records, issues)


def read_xlsx(path: Path, display: str, sheet: str | None, issues: Issues) -> Table | None:
    try:
        import openpyxl
    except ImportError:  # pragma: no cover - openpyxl is a declared dependency
        issues.add(display, None, "", "reading XLSX needs openpyxl: pip install openpyxl")
        return None
    try:
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a broken file
        issues.add(display, None, "", f"the workbook cannot be opened: {exc}")
        return None
    try:
        names = book.sheetnames
        if sheet is None:
            sheet = names[0]
        if sheet not in names:
            issues.add(display, None, "sheet", f"no sheet named {sheet!r}; the workbook has {', '.join(map(repr, names))}")
            return None
        ws = book[sheet]
        records = [(i, [_clean(v) for v in row]) for i, row in enumerate(ws.iter_rows(values_only=True), start=1)]
    finally:
        book.close()
    return _build(f"{display}[{sheet}]", records, issues)


def read_table(path: Path, display: str, sheet: str | None, issues: Issues) -> Table | None:
    """Read a CSV or XLSX table; problems go to `issues` and None is returned."""
    if not path.is_file():
        issues.add(display, None, "", "the table file does not exist")
        return None
    suffix = path.suffix.lower()
    if suffix == ".csv":
        return read_csv(path, display, issues)
    if suffix == ".xlsx":
        return read_xlsx(path, display, sheet, issues)
    issues.add(display, None, "", f"unsupported table type {suffix!r}: expected .csv or .xlsx")
    return None
