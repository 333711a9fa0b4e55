"""A rulebook's table has at most `MOST_ROWS` rows under its header (`books.bounds`): the
time ReportLab takes to lay a table out grows with the square of its rows (each page it is
split onto measures the rest of it again: 10,000 rows took 17 s), so a table of more is an
error of bad input at the template's line that wrote it, found before anything is typeset
(exit 2, nothing written). A table of exactly the bound is typeset; the bound is each
table's, and the shipped games' tables are far within it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import GAMES, ROOT, load_games
from helpers_rulebook import findings_with

from cardstock.books import rulebook
from cardstock.books.bounds import MOST_HEADINGS, MOST_ROWS, bound_problems
from cardstock.cli import main
from cardstock.core.cache import open_cache
from cardstock.core.issues import Issue
from cardstock.core.stage import Job
from cardstock.layout.faces import Faces

GAME = "alpha-omega-tiles"
WHERE = "layouts/g/rulebook.md.j2"


def _table(rows: int, columns: int = 2) -> str:
    """A table of `columns` one-letter columns and `rows` rows under its header."""
    return (
        "|"
        + "H|" * columns
        + "\n"
        + "|---" * columns
        + "|\n"
        + ("|" + "a|" * columns + "\n") * rows
    )


def _found(tmp_path: Path, added: str) -> tuple[list[Issue], int, int]:
    """What the check finds of the game's rulebook with `added` at its end, the line it
    starts at, and how often the book was typeset (`helpers_rulebook.findings_with`)."""
    return findings_with(tmp_path, GAME, added)


def test_a_table_of_the_most_rows_is_typeset_and_one_of_a_row_more_is_an_error_at_its_line(
    tmp_path: Path,
) -> None:
    """Exactly the bound is typeset; a row more is an error of bad input at the table's
    line, and nothing is typeset."""
    found, _, typeset = _found(tmp_path / "most", "# Long\n\n" + _table(MOST_ROWS))
    assert [i for i in found if i.level == "error"] == []
    assert typeset == 1
    found, line, typeset = _found(tmp_path / "over", "# Long\n\n" + _table(MOST_ROWS + 1))
    assert [(i.file, i.line, i.field, i.bad_input) for i in found] == [
        (f"layouts/{GAME}/rulebook.md.j2", line + 2, "table", True)
    ]
    assert f"a table of {MOST_ROWS + 1:,} rows, more than the {MOST_ROWS:,}" in found[0].message
    assert typeset == 0


def test_the_bound_is_each_tables_and_a_table_ends_at_a_blank_line() -> None:
    """Two tables of the most rows each are within it; rows after a blank line are a
    paragraph, not the table's; a third table of one row more is said at its own line."""
    text = "\n".join(
        ["# Tables", "", _table(MOST_ROWS), _table(MOST_ROWS), "|a|", "|a|", "", "# Last", ""]
    )
    assert bound_problems(text, WHERE, lambda: text) == []
    last = text.count("\n") + 1
    text += "\n" + _table(MOST_ROWS + 1)
    found = bound_problems(text, WHERE, lambda: text)
    assert [(i.line, i.field) for i in found] == [(last + 1, "table")]


def test_rows_that_look_like_a_tables_head_are_rows_of_the_table_they_are_in() -> None:
    """A row followed by a line like a delimiter row is a row (markdown-it reads it so, and
    keeps only the header's columns of it), not the head of another table: a row of more
    columns than a page holds is not said to be a table of them, and the rows of a table of
    too many are counted once, from its head."""
    wide = "|" + "w|" * 60 + "\n|---|\n"
    text = "# T\n\n|H|\n|---|\n|a|\n" + wide + "|a|\n"
    assert bound_problems(text, WHERE, lambda: text) == []
    rows = "|a|\n|---|\n" * (MOST_ROWS // 2 + 1)
    text = "# T\n\n|H|\n|---|\n" + rows
    found = bound_problems(text, WHERE, lambda: text)
    assert [(i.line, i.field) for i in found] == [(3, "table")]
    assert f"a table of {2 * (MOST_ROWS // 2 + 1):,} rows" in found[0].message


def test_a_table_a_tag_writes_over_the_bound_fails_the_check_and_the_build_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`{{ table('big') }}` of a game's table of one row more: the check and the build
    exit 2 (bad input) at the tag's line, and no book is written."""
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    root = tmp_path / "p"
    assert main(["init", str(root), "--name", "Starter"]) == 0
    template = root / "layouts" / "starter" / "rulebook.md.j2"
    text = template.read_text(encoding="utf-8").rstrip("\n") + "\n\n"
    template.write_text(text + "{{ table('big') }}\n", encoding="utf-8")
    game = root / "catalog" / "starter" / "game.toml"
    rows = ",".join('["a","b"]' for _ in range(MOST_ROWS + 1))
    added = f'\n[tables.big]\ntitle = "Big"\ncolumns = ["A", "B"]\nrows = [{rows}]\n'
    game.write_text(game.read_text(encoding="utf-8") + added, encoding="utf-8")
    assert main(["--root", str(root), "check", "--json"]) == 2
    out = tmp_path / "out"
    args = ["--root", str(root), "build", "--jobs", "1", "--only", "rulebook", "--out", str(out)]
    assert main(args) == 2
    assert not [p for p in out.rglob("*rulebook*") if p.is_file()]


def _rows_of_tables(text: str) -> list[int]:
    """The rows under each table's header in a rendered rulebook."""
    lines = text.split("\n")
    return [
        next((n for n, row in enumerate(lines[i + 2 :]) if not row.strip()), len(lines) - i - 2)
        for i in range(len(lines) - 1)
        if lines[i].lstrip().startswith("|")
        and set(lines[i + 1].strip()) <= set("|-: ")
        and lines[i + 1].strip()
    ]


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_rulebooks_tables_are_far_within_the_bound(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    """Every table a shipped rulebook renders has under a tenth of the most rows, the
    rulebook under a tenth of the most headings, and its text is within every bound."""
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    (catalog,), _ = load_games(ROOT, [game])
    store = open_cache()
    try:
        job = Job(catalog, Faces(catalog, store), None, False)
        text, found, _ = rulebook._text(job, ("letter", "a4"))
    finally:
        store.close()
    assert text is not None and found == []
    tables = _rows_of_tables(text)
    assert tables and max(tables) * 10 < MOST_ROWS
    headings = [line for line in text.split("\n") if re.match(r" {0,3}#{1,6} ", line)]
    assert headings and len(headings) * 10 < MOST_HEADINGS
    assert bound_problems(text, WHERE, lambda: text) == []
