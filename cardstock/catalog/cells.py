"""What every table reader makes: rows that remember their file and line, the checks each
cell gets whatever file it came from, and the game's clean-up of its cells (`cleaned`,
each bounded to `MAX_CELL` characters)."""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING, Any

from ..core.files import CONTROL, control_named
from ..core.issues import Issues
from ..core.units import in_points

if TYPE_CHECKING:
    from .fields import FieldSpec
    from .schema import Clean

MAX_DEPTH = 32  # lists within lists in a YAML or JSON table
# the longest the game's clean-up (`cleaned`) may make a cell: a CSV cell's limit (Python's
# csv reader's, which the tables are read with; `translations.MAX_TEXT` too)
MAX_CELL = 131_072


class Row:
    """One table row: cell values by column name, and where it came from (never compared:
    a plain class). `unread` holds the YAML or JSON values no field could hold (a list
    of mappings, mappings or lists nested too deep), by column, each as what is wrong
    with it: they are not among the cells, and only a reader of their column reports
    them (`unread_problem`), so a key no field reads is ignored whatever it holds."""

    __slots__ = ("file", "line", "cells", "unread")

    def __init__(
        self,
        file: str,
        line: int,
        cells: dict[str, Any],
        unread: dict[str, str] | None = None,
    ) -> None:
        self.file = file  # display path, e.g. "catalog/vortex/devotees.csv" or "…/cards.xlsx[Good]"
        self.line = line  # 1-based line (CSV, YAML, JSON) or sheet row number (XLSX)
        self.cells = cells  # text for CSV and XLSX; YAML and JSON lists stay lists
        self.unread = unread


def unread_problem(row: Row, column: str) -> str | None:
    """Why the row's value in `column` could not be read as a cell (see `Row.unread`), or
    None when the column holds a cell or nothing."""
    return row.unread.get(column) if row.unread else None


class Table:
    """A table's rows under its header. A reader given a row limit stops at the first row
    past it: `rows` are those before, and `stopped` is that row's line (None: all read).
    Never compared: a plain class."""

    __slots__ = ("file", "header_line", "columns", "rows", "stopped")

    def __init__(
        self,
        file: str,
        header_line: int,
        columns: list[str],
        rows: list[Row],
        stopped: int | None = None,
    ) -> None:
        self.file = file
        self.header_line = header_line
        self.columns = columns
        self.rows = rows
        self.stopped = stopped


class RowLimit:
    """Counts a table's rows as they are read, the way `_build` will see them: the first
    record with a cell is the header (unless the table has none), and comment rows
    (`# …`) and empty ones are not rows. `past` says whether a record is the first row
    beyond `most` (None: no limit)."""

    def __init__(self, most: int | None, header: bool = True) -> None:
        self.most = most
        self.header = not header  # True once the header is passed, or when there is none
        self.rows = 0

    def past(self, record: list[str]) -> bool:
        if not any(c.strip() for c in record):
            return False
        if not self.header:
            self.header = True
            return False
        if record[0].lstrip().startswith("#"):
            return False
        self.rows += 1
        return self.most is not None and self.rows > self.most


def column_letter(index: int) -> str:
    """0 → "A", 25 → "Z", 26 → "AA": how a spreadsheet names a column."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def clean_cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def control_problem(text: str) -> str | None:
    found = CONTROL.search(text)
    if found is None:
        return None
    return (
        f"the cell holds {control_named(found.group())}, which cannot be printed; remove it "
        "(an export from another program can leave these)"
    )


# a lone surrogate: no text a field reads can hold one (Pydantic refuses it as no string)
SURROGATE = re.compile("[\ud800-\udfff]")


def without_surrogates(cell: Any) -> Any:
    """A cell (a text, or a YAML or JSON list of values) with its lone surrogates left out,
    once `control_problem` has reported them: the field reading the cell would report the
    same character again as no string. Other characters that check reports stay, so a
    reader that leaves such a row out (`catalog.feedback`) still sees them."""
    if isinstance(cell, str):
        return SURROGATE.sub("", cell)
    if isinstance(cell, list):
        return [without_surrogates(v) for v in cell]
    return cell


def decoded_text(data: bytes, display: str, issues: Issues, hint: str = "") -> str | None:
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


class TooLong(Exception):
    """A `[clean]` entry would make a cell `length` characters long, more than `MAX_CELL`:
    `entry` is its key path in the game file (`("clean", "replace", text)`)."""

    def __init__(self, entry: tuple[str, str, str], length: int) -> None:
        super().__init__(entry, length)
        self.entry = entry
        self.length = length


def _replaced(text: str, old: str, new: str, entry: tuple[str, str, str]) -> str:
    """`text.replace(old, new)`, refused (`TooLong`) before it is made when it would be
    longer than `MAX_CELL`: each replacement reads what the ones before made, so a few
    entries that each lengthen a text would multiply it past any memory."""
    if len(new) > len(old):
        found = text.count(old)
        length = len(text) + found * (len(new) - len(old))
        if found and length > MAX_CELL:
            raise TooLong(entry, length)
    return text.replace(old, new)


def cleaned(
    clean: Clean, cells: dict[str, Any], fields: dict[str, FieldSpec], dpi: float | None = None
) -> dict[str, Any]:
    """A row's cells with the game's clean-up applied (`[clean]`): each replacement in
    order, then each emoji → `:icon:` (the bare icon id in an `icon` or `icons` field);
    a `length` field's pixels in points at the game's `dpi`. `TooLong` when an entry
    would make a cell longer than `MAX_CELL`."""
    if dpi:
        cells = {
            k: in_points(v, dpi)
            if isinstance(v, str) and k in fields and fields[k].type == "length"
            else v
            for k, v in cells.items()
        }
    if not clean.replace and not clean.emoji:
        return dict(cells)
    emoji = sorted(
        ((k.replace("\ufe0f", ""), v, k) for k, v in clean.emoji.items()), key=lambda e: -len(e[0])
    )

    def fix(text: str, bare: bool) -> str:
        for old, new in clean.replace.items():
            text = _replaced(text, old, new, ("clean", "replace", old))
        for old, icon, key in emoji:
            if old and old in text:
                new = f" {icon} " if bare else f":{icon}:"
                entry = ("clean", "emoji", key)
                text = _replaced(_replaced(text, old + "\ufe0f", new, entry), old, new, entry)
        return text.strip() if bare else text

    out: dict[str, Any] = {}
    for key, value in cells.items():
        spec = fields.get(key)
        bare = spec is not None and spec.type in ("icon", "icons")
        if isinstance(value, str):
            out[key] = fix(value, bare)
        elif isinstance(value, list):
            out[key] = [fix(v, bare) if isinstance(v, str) else v for v in value]
        else:
            out[key] = value
    return out
