"""No CSV cardstock writes holds a line break outside quotes: a cell holding a carriage
return, a line feed or any other character some reader ends a line at (Unicode's line
boundaries) is quoted, so a spreadsheet never starts a record inside it, where a formula
(`ok\\r=HYPERLINK(…)`) would begin a row no guard has seen (docs/outputs.md, "Text written
for the program that opens it")."""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardstock.core.csv_cells import csv_bytes

# every character `str.splitlines` ends a line at, the line feed first
BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def test_a_note_with_a_carriage_return_before_a_formula_stays_one_quoted_cell():
    cell = "ok\r=HYPERLINK(http://evil.example;x)"
    data = csv_bytes([["card", "note", "who"], ["noon", cell, "Ana\r=2+3"]])
    assert data.decode("utf-8").split("\n")[1] == f'noon,"{cell}","Ana\r=2+3"'
    rows = list(csv.reader(io.StringIO(data.decode("utf-8"), newline="")))
    assert rows == [["card", "note", "who"], ["noon", cell, "Ana\r=2+3"]]


@pytest.mark.parametrize("char", list(BREAKS[1:]), ids=[f"U+{ord(c):04X}" for c in BREAKS[1:]])
def test_a_cell_holding_any_line_break_besides_a_line_feed_is_quoted_as_one_is(char):
    assert csv_bytes([["a", f"x{char}y"]]).decode("utf-8") == f'a,"x{char}y"\n'


@given(st.lists(st.text(), min_size=1, max_size=4))
def test_outside_quotes_a_written_line_holds_no_line_break_but_its_end(row):
    line = csv_bytes([row]).decode("utf-8")
    outside = "".join(line.removesuffix("\n").split('"')[::2])  # the text between quoted runs
    assert not set(outside) & set(BREAKS), line
