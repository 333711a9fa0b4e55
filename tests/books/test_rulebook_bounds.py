"""A rendered rulebook is bounded before it is typeset (`books.bounds.bound_problems`): a
heading longer than 300 characters, a paragraph longer than 20,000, a table of more than 40
columns, or a rendered text over 1,000,000 characters is an error of bad input at the
template's line that wrote it, and nothing of the book is typeset (ReportLab once ran for
minutes on a 5,000-character heading or a 2 MB paragraph, and raised on a table of 60
columns). A table of 40 columns, the most, typesets in every edition the rulebook stage
writes: the reading PDF in two columns and in one, the booklets and the large-print
edition."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers_rulebook import findings_with
from pypdf import PdfReader

from cardstock.books.bounds import (
    MOST_BLOCK,
    MOST_COLUMNS,
    MOST_HEADING,
    MOST_TEXT,
    bound_problems,
)
from cardstock.cli import main
from cardstock.core.issues import Issue

GAME = "alpha-omega-tiles"
WHERE = "layouts/g/rulebook.md.j2"


def _table(columns: int) -> str:
    return (
        "|" + "|".join(f"c{i}" for i in range(columns)) + "|\n" + "|---" * columns + "|\n"
        "|" + "x|" * columns + "\n"
    )


def _checked(tmp_path: Path, added: str) -> tuple[list[Issue], int]:
    """What the rules check finds of the game's rulebook with `added` at its end, which
    typesets nothing; and the template's line `added` starts at."""
    found, line, typeset = findings_with(tmp_path, GAME, added)
    assert typeset == 0, "the rulebook was typeset"
    return found, line


def test_a_heading_too_long_is_an_error_at_its_line_and_nothing_is_typeset(
    tmp_path: Path,
) -> None:
    found, line = _checked(tmp_path, "# " + "word " * 1000 + "\n")
    assert [(i.file, i.line, i.field, i.bad_input) for i in found] == [
        (f"layouts/{GAME}/rulebook.md.j2", line, "heading", True)
    ]
    assert "5,001 characters" in found[0].message


def test_a_paragraph_a_tag_writes_too_long_is_an_error_at_the_tags_line(
    tmp_path: Path,
) -> None:
    found, line = _checked(tmp_path, "# Many\n\n{{ 'x ' * 20000 }}\n")
    assert [(i.line, i.field) for i in found] == [(line + 2, "text")]
    assert "a paragraph of 40,000 characters" in found[0].message


def test_a_table_wider_than_a_page_is_an_error_at_its_line_not_an_exception(
    tmp_path: Path,
) -> None:
    found, line = _checked(tmp_path, "# Wide\n\n" + _table(60))
    assert [(i.line, i.field) for i in found] == [(line + 2, "table")]
    assert "a table of 60 columns, more than the 40" in found[0].message


def test_a_text_within_every_bound_is_left_to_be_typeset() -> None:
    text = "\n\n".join(
        [
            "# " + "H" * (MOST_HEADING - 2),
            "x" * (MOST_BLOCK - 1),
            _table(MOST_COLUMNS),
            "- " + "y" * (MOST_BLOCK - 3),
        ]
    )
    assert bound_problems(text, WHERE, lambda: text) == []


def test_a_table_reported_for_its_columns_is_not_reported_again_for_its_rows() -> None:
    text = "# Wide\n\n" + _table(5000)
    found = bound_problems(text, WHERE, lambda: text)
    assert [(i.line, i.field) for i in found] == [(3, "table")]


def test_a_line_typed_twice_is_found_at_the_place_it_is_written_after_the_one_before() -> None:
    template = "# Rules\n\nIntro.\n\n# Rules\n\n{{ text }}\n"
    rendered = "# Rules\n\nIntro.\n\n# Rules\n\n" + "z" * (MOST_BLOCK + 1) + "\n"
    found = bound_problems(rendered, WHERE, lambda: template)
    assert [(i.line, i.field) for i in found] == [(7, "text")]


def test_a_template_that_cannot_be_read_again_names_the_file_alone() -> None:
    found = bound_problems("# " + "H" * MOST_HEADING, WHERE, lambda: None)
    assert [(i.file, i.line, i.field) for i in found] == [(WHERE, None, "heading")]


def test_a_rendered_rulebook_too_long_in_all_is_an_error_at_its_file() -> None:
    text = ("w " * 5000 + "\n\n") * (MOST_TEXT // 10000 + 1)
    found = bound_problems(text, WHERE, lambda: text)
    assert [(i.file, i.line, i.field, i.bad_input) for i in found] == [
        (WHERE, None, "rulebook", True)
    ]


# a header of one letter a column: each fits its cell in every edition, so the row reads back
LETTERS = [chr(ord("A") + i) for i in range(26)] + [chr(ord("a") + i) for i in range(14)]
STARTER = "moon-race"


def _lettered(columns: int) -> str:
    """A table of `columns` columns, each headed by a letter of `LETTERS`, and two rows."""
    heads = LETTERS[:columns]
    return (
        "|"
        + "|".join(heads)
        + "|\n"
        + "|---" * columns
        + "|\n"
        + ("|" + "|".join(h.lower() * 3 for h in heads) + "|\n") * 2
    )


@pytest.mark.parametrize("columns, paper", [(2, "all"), (2, "a4"), (1, "all"), (1, "a4")], ids=str)
def test_a_table_of_the_most_columns_typesets_in_every_edition_of_the_rulebook(
    tmp_path: Path, columns: int, paper: str
) -> None:
    """The reading PDF (in two columns on a whole Letter or A4 page, or in one on the
    booklet's page), the booklets, the large-print edition with and without each face's
    words, the web page and the e-book: each is made, and each PDF prints the table's
    header row whole."""
    assert len(LETTERS) == MOST_COLUMNS
    root = tmp_path / "p"
    assert main(["init", str(root), "--name", "Moon Race"]) == 0
    template = root / "layouts" / STARTER / "rulebook.md.j2"
    text = template.read_text(encoding="utf-8").rstrip("\n")
    template.write_text(text + "\n\n# Wide\n\n" + _lettered(MOST_COLUMNS), encoding="utf-8")
    game = root / "catalog" / STARTER / "game.toml"
    game.write_text(game.read_text(encoding="utf-8") + f"\n[rulebook]\ncolumns = {columns}\n")
    made = {}
    for words in ((), ("--card-words",)):
        out = tmp_path / f"out{len(words)}"
        args = ["--root", str(root), "build", "--jobs", "1", "--only", "rulebook"]
        args += ["--paper", paper, "--large-print", *words, "--out", str(out)]
        assert main(args) == 0
        made.update({f"{p.name} {words}": p for p in (out / STARTER).rglob("*") if p.is_file()})
    names = {name.split()[0] for name in made}
    assert {f"{STARTER}-rulebook.pdf", f"{STARTER}-rulebook-large-print.pdf"} <= names
    assert {f"{STARTER}-rulebook.epub", "index.html"} <= names
    assert any("-rulebook-booklet-" in name for name in names)
    header = "".join(LETTERS)
    for name, path in made.items():
        if path.suffix == ".pdf":
            text = "".join(page.extract_text() or "" for page in PdfReader(path).pages)
            assert header in re.sub(r"\s+", "", text), name
