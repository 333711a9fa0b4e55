"""`cardstock feedback --import` reads a CSV or TSV form a row at a time: what it holds is
the notes it keeps, never the file or its rows; the rows are those a whole read makes, and
a file that turns out unreadable partway is refused whole, nothing written
(docs/playtest.md, "Importing a form")."""

from __future__ import annotations

import inspect
import tracemalloc

import pytest
from playtest_project import project

from cardstock.catalog import feedback
from cardstock.catalog.tables import read_table
from cardstock.cli import main
from cardstock.core.issues import Issues

AWKWARD = (
    "\ufeff\r\n"
    'card,who,"note, long"\r\n'
    "# a comment row\n"
    'dawn,Ana,"two\nlines"\n'
    "\n"
    'noon,"Bo ""B""",plain,\n'
    "dusk,Cy,é\n"
)


def rows_of(table) -> list[tuple[int, dict]]:
    return [(r.line, r.cells) for r in table.rows]


def test_a_streamed_table_has_the_rows_a_whole_read_has(tmp_path):
    from cardstock.catalog.streamed import streamed_table

    form = tmp_path / "form.csv"
    form.write_bytes(AWKWARD.encode("utf-8"))
    whole = read_table(form, "form.csv", None, Issues(), tmp_path)
    issues = Issues()
    with streamed_table(form, "form.csv", tmp_path, issues) as table:
        assert inspect.isgenerator(table.rows)  # made as they are taken
        assert (table.header_line, rows_of(table)) == (whole.header_line, rows_of(whole))
        assert table.columns == whole.columns
        assert not table.failed and list(issues) == []


@pytest.mark.parametrize(
    "tail, line, said",
    [
        (b"tide,Di,\xff\n", None, "not UTF-8 text"),
        (b"tide,Di,a\rb\n", 4, "lone carriage return"),
        (b'tide,Di,"open\nmore\n', 4, "an unclosed quote"),
    ],
)
def test_a_file_unreadable_partway_fails_at_its_line(tmp_path, tail, line, said):
    from cardstock.catalog.streamed import streamed_table

    form = tmp_path / "form.csv"
    form.write_bytes(b"card,who,note\ndawn,Ana,fine\nnoon,Bo,fine\n" + tail)
    issues = Issues()
    with streamed_table(form, "form.csv", tmp_path, issues) as table:
        assert [r.line for r in table.rows] == [2, 3]
        assert table.failed
    (problem,) = list(issues)
    assert problem.line == line and said in problem.message


def write_form(path, rows: int) -> None:
    with path.open("w", encoding="utf-8") as f:
        f.write("card,who,when,note\n")
        for i in range(rows):
            f.write(f"{('dawn', 'noon', 'dusk')[i % 3]},t{i % 97},2026-11-20,note {i}\n")


def peak_of(args: list[str]) -> int:
    """The most memory Python held at once while cardstock ran with `args` (tracemalloc)."""
    tracemalloc.start()
    try:
        assert main(args) == 0
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_an_import_holds_the_notes_it_keeps_not_the_form(tmp_path, monkeypatch, capsys):
    root = project(tmp_path / "p")
    small, large = tmp_path / "small.csv", tmp_path / "large.csv"
    write_form(small, 1)
    write_form(large, 60_000)  # about 2 MB of text, some 40 MB as rows read whole
    importing = ["--root", str(root), "feedback", "--import"]
    assert main([*importing, str(small)]) == 0  # caches warmed up
    monkeypatch.setattr(feedback, "MAX_ROWS", 100)
    one_row = peak_of([*importing, str(small)])
    long_form = peak_of([*importing, str(large)])
    assert long_form < one_row + large.stat().st_size / 4, (one_row, long_form)
    assert "imported 100 notes" in capsys.readouterr().out


def test_an_import_of_a_form_unreadable_partway_writes_nothing(tmp_path, capsys):
    root = project(tmp_path / "p")
    form = tmp_path / "form.csv"
    form.write_bytes(b"card,who,note\ndawn,Ana,fine\nnoon,Bo,\xff\n")
    assert main(["--root", str(root), "feedback", "--import", str(form)]) == 2
    assert "not UTF-8 text" in capsys.readouterr().err
    assert not (root / "playtest" / "feedback" / "form.csv").exists()
