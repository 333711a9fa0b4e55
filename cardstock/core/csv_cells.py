"""CSV files for the spreadsheets that open them: every CSV cardstock writes is made here.

A cell's text comes from the project or from tables fetched from the network (a card's
name, a playtester's note), and a spreadsheet runs a cell that begins with `=`, `+`, `-`
or `@` (or a tab or a carriage return) as a formula: `=HYPERLINK(…)` would be a live link,
other formulas worse. Such a cell is written as text, as OWASP's CSV-injection advice
says: a `'` before it, and the cell in quotes. Two kinds of cell stay as they are, since
no spreadsheet reads them as a formula: a number cardstock counted (an `int` or a
`float`), and a text that is a plain decimal number and nothing else (`-3`, `+2`,
`-0.5`; no exponent, no spaces), so a card's power of -1 is still a number. Every other
cell is quoted as Python's `csv` module quotes it for lines ended by "\r\n": only when it
holds the separator, a quote, a line feed or a carriage return. A spreadsheet ends a
record at a bare carriage return as at a line feed, so an unquoted one would start a row
whose first cell no guard has seen (`ok\r=HYPERLINK(…)`); the other characters some
reader ends a line at (Unicode's line boundaries, as `str.splitlines` knows them: vertical
tab, form feed, U+001C–U+001E, U+0085, U+2028, U+2029) quote a cell too, so no writer of
a CSV here leaves a line break outside quotes. (The lines are joined here, not by
`csv.writer`: the module quotes by a rule for the whole file, and cannot quote the one
guarded cell; a test holds that every line without such a cell is the module's own.)

A cell that already begins with `'`s before one of those characters gets one more `'`,
so reading a guarded cell back (`unguarded`) always gives the text that was written.

    csv_bytes(rows, delimiter=",")   the file, a row a line, UTF-8
    guarded(text)                    one cell's text as a spreadsheet must see it
    unguarded(text)                  a cell of a file written here, as its text was
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

# what a spreadsheet takes for the start of a formula, after any `'`s already there
_FORMULA = re.compile(r"^'*[=+\-@\t\r]")
_GUARDED = re.compile(r"^'+[=+\-@\t\r]")
_PLAIN_NUMBER = re.compile(r"^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$")
# what ends a line for some reader (`str.splitlines`'s boundaries): a cell holding one is quoted
_BREAK = re.compile("[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


def guarded(text: str) -> str:
    """`text` with a `'` before it when a spreadsheet would run it as a formula (or when
    it already begins with `'`s before such a start); a plain decimal number as it is."""
    if _PLAIN_NUMBER.match(text) or not _FORMULA.match(text):
        return text
    return "'" + text


def unguarded(text: str) -> str:
    """The text of a cell `guarded` wrote: one `'` less before a formula's start."""
    return text[1:] if _GUARDED.match(text) else text


def _cell(value: object, delimiter: str) -> str:
    """One cell as the file holds it: a guarded text in quotes; any other quoted only
    when it holds the separator, a quote or a line break (a line feed, a carriage return
    or another of `_BREAK`)."""
    if value is None:
        return ""
    text = str(value)
    if not isinstance(value, (int, float)):
        safe = guarded(text)
        if safe != text:
            return '"' + safe.replace('"', '""') + '"'
    if delimiter in text or '"' in text or _BREAK.search(text):
        return '"' + text.replace('"', '""') + '"'
    return text


def csv_line(row: Sequence[object], delimiter: str = ",") -> str:
    """One row as a line of the file, its line feed included."""
    cells = [_cell(v, delimiter) for v in row]
    if cells == [""]:  # a lone empty cell is written "" so the line is not blank
        return '""\n'
    return delimiter.join(cells) + "\n"


def csv_bytes(rows: Iterable[Sequence[object]], delimiter: str = ",") -> bytes:
    """The rows (the header first) as a CSV file in UTF-8, each line ended by a line feed."""
    return "".join(csv_line(r, delimiter) for r in rows).encode("utf-8")


__all__ = ["csv_bytes", "csv_line", "guarded", "unguarded"]
