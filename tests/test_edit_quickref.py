"""The edit loop's reference cards: a quick-reference face is keyed by the text its
template renders to, not by every table of the game, so a one-card edit the text does not
print lays out that card's face alone. Counted through `cardstock.layout.faces.STATS`, and
checked against the PDF read back and a build made from nothing."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardstock.cli import main
from cardstock.layout import faces
from conftest import copy_project

GAME = "alpha-omega-cards"
TABLE = "good.csv"
QUICKREF = f"{GAME}/{GAME}-quickref-letter.pdf"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = copy_project(tmp_path / "proj", (GAME,))
    return root


def build(root: Path, out: Path) -> int:
    """One build of the quick reference (the check lays out every face); faces laid out."""
    faces.STATS.reset()
    code = main(["--root", str(root), "build", "--out", str(out), "--jobs", "1", "--paper", "letter", "--only", "quickref"])
    assert code == 0
    return faces.STATS.laid_out


def first_card(root: Path) -> dict[str, str]:
    raw = (root / "catalog" / GAME / TABLE).read_text(encoding="utf-8")
    return next(r for r in csv.DictReader(io.StringIO(raw)) if r["text"] and '"' not in r["text"] and raw.count(r["name"]) == 1)


def replace_in_table(root: Path, old: str, new: str) -> None:
    path = root / "catalog" / GAME / TABLE
    raw = path.read_text(encoding="utf-8")
    assert raw.count(old) == 1
    path.write_text(raw.replace(old, new), encoding="utf-8")


def text_of(pdf: Path) -> str:
    return "".join(page.extract_text() for page in PdfReader(pdf).pages)


def test_an_edit_the_reference_text_does_not_print_keeps_the_reference_faces(project: Path, tmp_path: Path) -> None:
    out = project / "output"
    build(project, out)
    card = first_card(project)
    replace_in_table(project, card["text"], card["text"] + " (edited)")
    assert build(project, out) == 1  # that card's front; the reference card's sides are kept
    fresh = tmp_path / "fresh"
    build(project, fresh)
    assert (out / QUICKREF).read_bytes() == (fresh / QUICKREF).read_bytes()


def test_an_edit_the_reference_text_prints_lays_its_side_out_again(project: Path, tmp_path: Path) -> None:
    card = first_card(project)
    template = project / "layouts" / GAME / "quickref" / "scoring.md.j2"
    template.write_text(template.read_text(encoding="utf-8") + f"\n\nFirst of the good: {{{{ component('{card['id']}').name }}}}\n", encoding="utf-8")
    out = project / "output"
    build(project, out)
    assert f"First of the good: {card['name']}" in text_of(out / QUICKREF)
    replace_in_table(project, card["name"], "Renamed Card")
    assert build(project, out) == 2  # the card's front and the reference side that prints its name
    assert "First of the good: Renamed Card" in text_of(out / QUICKREF)
    fresh = tmp_path / "fresh"
    build(project, fresh)
    assert (out / QUICKREF).read_bytes() == (fresh / QUICKREF).read_bytes()


# ---- the rules check's quick-reference findings, kept by the texts the cards show


def quickref_lint(root: Path, out: Path | None) -> tuple[list[object], int]:
    """The rulebook lint of a freshly loaded catalog, reading what the build kept under
    `out` (None: nothing); its findings and how many quick-reference checks it made."""
    from cardstock.books import keep_books_in, quickref
    from cardstock.catalog.load import load_games
    from cardstock.books.check import lint

    (catalog,), issues = load_games(root, [GAME])
    assert not issues.errors
    keep_books_in(out)
    before = quickref.STATS["checks"]
    try:
        found = lint(catalog)
    finally:
        keep_books_in(None)
    return found, quickref.STATS["checks"] - before


def note_a_missing_character(root: Path) -> None:
    """A reference side with a character its fonts lack: the check warns, so its findings
    are not empty."""
    template = root / "layouts" / GAME / "quickref" / "scoring.md.j2"
    template.write_text(template.read_text(encoding="utf-8") + "\n\nFor luck: \u2603\n", encoding="utf-8")


def test_an_edit_the_reference_texts_do_not_print_keeps_the_checks_findings(project: Path) -> None:
    note_a_missing_character(project)
    out = project / "output"
    build(project, out)
    card = first_card(project)
    replace_in_table(project, card["text"], card["text"] + " (edited)")
    found, checked = quickref_lint(project, out)
    assert checked == 0
    fresh, fresh_checked = quickref_lint(project, None)
    assert fresh_checked == 1 and found == fresh
    assert any("U+2603" in i.message and "quickref" in i.file for i in found)  # its warning, kept


def test_an_edit_a_reference_text_prints_checks_it_again(project: Path) -> None:
    card = first_card(project)
    template = project / "layouts" / GAME / "quickref" / "scoring.md.j2"
    template.write_text(template.read_text(encoding="utf-8") + f"\n\nFirst of the good: {{{{ component('{card['id']}').name }}}}\n", encoding="utf-8")
    out = project / "output"
    build(project, out)
    assert quickref_lint(project, out)[1] == 0
    replace_in_table(project, card["name"], "Renamed Card")
    assert quickref_lint(project, out)[1] == 1
