"""The edit loop's books: a rulebook is laid out again only when something it read changed.

A build keeps each rulebook with what it read (`cardstock.books.bookcache`): the text its
template rendered to, the rows' outline and the drawing of every face it shows. Counted
through `cardstock.books.rulebook.STATS.renders` (rulebooks laid out in this process),
never by timing, and checked against a build made from nothing."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from cardstock.books import rulebook
from cardstock.cli import main
from conftest import copy_project

GAME = "alpha-omega-cards"
TABLE = "good.csv"
BOOK = f"{GAME}/{GAME}-rulebook.pdf"
BOOKLET = f"{GAME}/{GAME}-rulebook-booklet-letter.pdf"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = copy_project(tmp_path / "proj", (GAME,))
    return root


def build(root: Path, out: Path) -> int:
    """One build of the rulebook (the check runs too); the rulebooks laid out."""
    before = rulebook.STATS.renders
    code = main(["--root", str(root), "build", "--out", str(out), "--jobs", "1", "--paper", "letter", "--only", "rulebook"])
    assert code == 0
    return rulebook.STATS.renders - before


def edit(root: Path, column: str, card: int = 0) -> str:
    """Append " (edited)" to `column` of the `card`-th card of the table; its id."""
    path = root / "catalog" / GAME / TABLE
    raw = path.read_text(encoding="utf-8")
    rows = [r for r in csv.DictReader(io.StringIO("\n".join(x for x in raw.splitlines() if not x.startswith("#"))))]
    row = next(r for r in rows[card:] if r[column] and '"' not in r[column] and raw.count(r[column]) == 1)
    path.write_text(raw.replace(row[column], row[column] + " (edited)"), encoding="utf-8")
    return row["id"]


def fresh(root: Path, tmp: Path) -> Path:
    """The same project built into a new folder, with no cache at all."""
    out = tmp / "fresh"
    assert build(root, out) == 1
    return out


def test_an_edit_to_a_cell_the_rulebook_neither_prints_nor_draws_keeps_it(project: Path, tmp_path: Path) -> None:
    out = project / "output"
    assert build(project, out) == 1
    before = {name: (out / name).read_bytes() for name in (BOOK, BOOKLET)}
    mtime = (out / BOOK).stat().st_mtime_ns
    edit(project, "derivation")  # the designer's notes: neither on the card nor in the book
    assert build(project, out) == 0
    assert (out / BOOK).stat().st_mtime_ns == mtime  # not even rewritten
    assert {name: (out / name).read_bytes() for name in before} == before
    made = fresh(project, tmp_path)
    assert {name: (made / name).read_bytes() for name in before} == before


def test_an_edit_to_a_face_the_rulebook_shows_lays_it_out_again(project: Path, tmp_path: Path) -> None:
    out = project / "output"
    assert build(project, out) == 1
    old = (out / BOOK).read_bytes()
    edit(project, "text")  # a card's rules text: on its face, and so on its thumbnail
    assert build(project, out) == 1
    new = (out / BOOK).read_bytes()
    assert new != old
    assert new == (fresh(project, tmp_path) / BOOK).read_bytes()


def test_an_edit_to_a_cell_the_template_prints_lays_it_out_again(project: Path, tmp_path: Path) -> None:
    """A cell that is on no face, printed by the rulebook's text: the template reads it,
    so a change to it is a change to the rulebook."""
    path = project / "layouts" / GAME / "rulebook.md.j2"
    first = next(r for r in csv.DictReader(io.StringIO("\n".join(x for x in (project / "catalog" / GAME / TABLE).read_text(encoding="utf-8").splitlines() if not x.startswith("#")))) if r["derivation"])
    path.write_text(path.read_text(encoding="utf-8") + f"\n\nA designer's note: {{{{ component('{first['id']}').fields.derivation }}}}\n", encoding="utf-8")
    out = project / "output"
    assert build(project, out) == 1
    old = (out / BOOK).read_bytes()
    assert edit(project, "derivation") == first["id"]
    assert build(project, out) == 1
    new = (out / BOOK).read_bytes()
    assert new != old and new == (fresh(project, tmp_path) / BOOK).read_bytes()
    assert build(project, out) == 0  # and nothing changed since: kept


def test_a_kept_rulebook_whose_file_was_changed_is_laid_out_again(project: Path) -> None:
    out = project / "output"
    assert build(project, out) == 1
    good = (out / BOOK).read_bytes()
    edit(project, "derivation")
    (out / BOOK).write_bytes(good[:-10] + b"0123456789")  # the same size, other bytes
    assert build(project, out) == 1
    assert (out / BOOK).read_bytes() == good


def test_a_damaged_entry_is_a_miss(project: Path) -> None:
    out = project / "output"
    assert build(project, out) == 1
    (entry,) = (out / ".cache" / "books").glob(f"{GAME}--rulebook.json")
    entry.write_text("{not json", encoding="utf-8")
    edit(project, "derivation")
    assert build(project, out) == 1


# ---- the rules check's lint: findings kept by what decides the pagination


def lint_now(root: Path, out: Path | None) -> tuple[list[object], int]:
    """The rulebook lint of a freshly loaded catalog, reading the books kept under `out`
    (None: none); its findings and how many rulebooks it laid out."""
    from cardstock.books import keep_books_in
    from cardstock.catalog.load import load_games
    from cardstock.books.check import lint

    (catalog,), issues = load_games(root, [GAME])
    assert not issues.errors
    keep_books_in(out)
    before = rulebook.STATS.renders
    try:
        found = lint(catalog)
    finally:
        keep_books_in(None)
    return found, rulebook.STATS.renders - before


def note_a_missing_character(root: Path) -> None:
    """A rulebook line with a character its fonts lack: the layout warns about it, so the
    kept findings are not empty."""
    path = root / "layouts" / GAME / "rulebook.md.j2"
    path.write_text(path.read_text(encoding="utf-8") + "\n\nA snowman for luck: \u2603\n", encoding="utf-8")


def test_when_only_a_shown_face_draws_differently_the_check_keeps_the_findings_and_the_stage_lays_out_once(project: Path, tmp_path: Path) -> None:
    from cardstock.books import bookcache

    note_a_missing_character(project)
    out = project / "output"
    assert build(project, out) == 1
    edit(project, "text")  # on the card's face: its thumbnail draws differently, same size
    found, laid = lint_now(project, out)
    assert laid == 0  # the check did not lay the rulebook out
    fresh_found, fresh_laid = lint_now(project, None)
    assert fresh_laid == 1 and found == fresh_found and found  # the same findings as a fresh lint
    stale = bookcache.STATS["stale"]
    assert build(project, out) == 1  # the stage lays it out, once
    # the check and the stage each found the entry stale: the check reported its
    # findings, the stage laid the book out
    assert bookcache.STATS["stale"] == stale + 2
    assert (out / BOOK).read_bytes() == (fresh(project, tmp_path) / BOOK).read_bytes()
    assert lint_now(project, out)[1] == 0 and build(project, out) == 0  # now kept whole


def test_a_change_that_moves_the_pagination_is_checked_again(project: Path) -> None:
    out = project / "output"
    assert build(project, out) == 1
    edit(project, "name")  # the component list's caption: the rulebook's own text changes
    assert lint_now(project, out)[1] == 1


def test_a_face_whose_recorded_size_differs_is_checked_again(project: Path) -> None:
    """The faces' shapes are compared, not trusted: an entry that remembers a face of
    another size is no use to the check once that face draws differently."""
    import json

    out = project / "output"
    assert build(project, out) == 1
    (entry,) = (out / ".cache" / "books").glob(f"{GAME}--rulebook.json")
    data = json.loads(entry.read_text(encoding="utf-8"))
    data["shapes"] = {i: "1.0x1.0" for i in data["shapes"]}
    entry.write_text(json.dumps(data), encoding="utf-8")
    assert lint_now(project, out)[1] == 0  # every face draws as recorded: kept whole
    edit(project, "text")
    assert lint_now(project, out)[1] == 1
