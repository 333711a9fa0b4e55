"""A rulebook is laid out once per build and kept across builds: the rules check lays it
out (to find what does not fit) and keeps it in the cache under a key of what it read —
its rendered text, the reading page size, the drawing of every face of the game and the
code — and the rulebook stage writes that very book. Counted through
`cardstock.books.rulebook.STATS.renders` (books laid out by this process) in one-process
builds, never by timing, and checked against a build made from nothing. A game set in two
columns (the default, `[rulebook] columns`) has two books to lay out, `BOOKS`: the reading
PDF on whole pages and the booklet's one-column pages, which the check lays out to find what
does not fit. A build for one paper lays them out once each although the check reads the
booklet's for every paper the game prints on."""

from __future__ import annotations

import csv
import io
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import copy_project
from helpers_generated import generated_game, generated_rulebook
from pypdf import PdfReader

from cardstock.books import rulebook
from cardstock.cli import main

GAME = "alpha-omega-cards"
BOOK = f"{GAME}/{GAME}-rulebook.pdf"
BOOKLET = f"{GAME}/{GAME}-rulebook-booklet-letter.pdf"
BOOKS = 2  # the reading PDF in two columns, and the booklet's pages


def build(root: Path, out: Path) -> int:
    """One build of the rulebook (its rules check runs too); the rulebooks laid out."""
    before = rulebook.STATS.renders
    code = main(
        [
            "--root",
            str(root),
            "build",
            "--out",
            str(out),
            "--jobs",
            "1",
            "--paper",
            "letter",
            "--only",
            "rulebook",
        ]
    )
    assert code == 0
    return rulebook.STATS.renders - before


@dataclass
class FirstBuild:
    """The project built once from nothing, with its output and a cache of its own, and a
    copy of both kept aside (`base / "kept"`); `renders`, the rulebooks that build laid out."""

    base: Path
    renders: int
    texts: int = 0  # times that build rendered the rulebook's template


@pytest.fixture(scope="module")
def first_build(tmp_path_factory: pytest.TempPathFactory) -> FirstBuild:
    """The project built once from nothing for the module: what one test reads and every
    test that starts from a built project copies."""
    base = tmp_path_factory.mktemp("built")
    root = copy_project(base / "proj", (GAME,))
    texts: list[Path] = []
    render_file = rulebook.render_file  # type: ignore[attr-defined]

    def counted(catalog: Any, path: Path, context: Any, field: str) -> Any:
        texts.append(path)
        return render_file(catalog, path, context, field)

    with pytest.MonkeyPatch.context() as env:
        env.setenv("CARDSTOCK_CACHE", str(base / "cache"))
        env.setattr(rulebook, "render_file", counted)
        renders = build(root, root / "output")
    for part in ("proj", "cache"):
        shutil.copytree(base / part, base / "kept" / part)
    return FirstBuild(base, renders, len(texts))


@pytest.fixture
def built(first_build: FirstBuild, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The project as its first build left it, output and cache, in the folder that build
    ran in (each test starts from the kept copy); the cache at `built.parent / "cache"`.
    That build's rules check kept what laying the rulebook out found, so a check of it
    lays nothing out."""
    base = first_build.base
    for part in ("proj", "cache"):
        shutil.rmtree(base / part, ignore_errors=True)
        shutil.copytree(base / "kept" / part, base / part)
    monkeypatch.setenv("CARDSTOCK_CACHE", str(base / "cache"))
    return base / "proj"


def edit_a_card(root: Path) -> None:
    path = root / "catalog" / GAME / "good.csv"
    raw = path.read_text(encoding="utf-8")
    row = next(
        r
        for r in csv.DictReader(io.StringIO(raw))
        if r["text"] and '"' not in r["text"] and raw.count(r["text"]) == 1
    )
    path.write_text(raw.replace(row["text"], row["text"] + " (edited)"), encoding="utf-8")


def test_the_check_and_the_stage_of_one_build_lay_the_rulebook_out_once(
    first_build: FirstBuild,
) -> None:
    """The module's first build, from nothing (no output, an empty cache)."""
    assert first_build.renders == BOOKS
    out = first_build.base / "kept" / "proj" / "output"
    assert (out / BOOK).is_file() and (out / BOOKLET).is_file()


def test_the_check_and_the_stage_of_one_build_render_the_rulebook_template_once(
    first_build: FirstBuild,
) -> None:
    """The check renders the template to lay the book out; the stage writes the book and
    its readers from the same text, not from a second rendering."""
    assert first_build.texts == 1


def test_a_build_with_nothing_changed_lays_out_nothing(built: Path) -> None:
    assert build(built, built / "output") == 0


def test_a_missing_rulebook_file_is_written_again_from_the_kept_book(built: Path) -> None:
    out = built / "output"
    first = (out / BOOK).read_bytes()
    (out / BOOK).unlink()
    assert build(built, out) == 0
    assert (out / BOOK).read_bytes() == first


def test_an_edit_to_a_face_the_rulebook_shows_lays_it_out_again_as_a_fresh_build_would(
    built: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = built / "output"
    edit_a_card(built)
    assert build(built, out) == BOOKS
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "no-cache"))
    fresh = tmp_path / "fresh"
    assert build(built, fresh) == BOOKS
    assert (out / BOOK).read_bytes() == (fresh / BOOK).read_bytes()
    assert (out / BOOKLET).read_bytes() == (fresh / BOOKLET).read_bytes()


def test_a_damaged_cache_entry_is_laid_out_again(built: Path) -> None:
    import sqlite3

    out = built / "output"
    with sqlite3.connect(built.parent / "cache" / "cache.sqlite") as db:
        db.execute("UPDATE entries SET data = x'00ff' WHERE kind = 'book'")
    (out / BOOK).unlink()
    assert build(built, out) == BOOKS


def test_the_kept_book_holds_the_reading_pdf_as_its_bytes(built: Path) -> None:
    """The cache keeps a laid-out book's PDFs as bytes, not as text inside its JSON: the
    entry grows with the book by the PDFs' own size, and is made and read without copies
    of them as text."""
    import sqlite3

    book = (built / "output" / BOOK).read_bytes()
    with sqlite3.connect(built.parent / "cache" / "cache.sqlite") as db:
        kept = [bytes(d) for (d,) in db.execute("SELECT data FROM entries WHERE kind = 'book'")]
    data = next(d for d in kept if book in d)
    assert len(data) < 2 * len(book) + 4096  # the reading PDF, the drawing it was made from


def test_a_build_for_one_paper_lays_the_rulebook_out_once(tmp_path):
    generated_game(tmp_path, 3)
    generated_rulebook(tmp_path, 6)
    out = tmp_path / "output"
    rulebook.STATS.renders = 0
    # the check renders for every paper the game prints on, the build asks for one of them
    assert (
        main(
            [
                "--root",
                str(tmp_path),
                "build",
                "--out",
                str(out),
                "--jobs",
                "1",
                "--paper",
                "letter",
                "--only",
                "rulebook",
            ]
        )
        == 0
    )
    assert rulebook.STATS.renders == BOOKS
    reading = PdfReader(out / "gen" / "gen-rulebook.pdf")
    booklet = PdfReader(out / "gen" / "gen-rulebook-booklet-letter.pdf")
    assert len(reading.pages) >= 5
    assert len(booklet.pages) % 2 == 0 and len(booklet.pages) >= len(reading.pages)
    assert not (out / "gen" / "gen-rulebook-booklet-a4.pdf").exists()


def checked(root: Path) -> int:
    """The rules check of the rulebook (`cardstock check --only rulebook`), which reports
    what laying the rulebook out finds; the rulebooks laid out."""
    before = rulebook.STATS.renders
    assert main(["--root", str(root), "check", "--only", "rulebook", "--verbose"]) == 0
    return rulebook.STATS.renders - before


def test_the_check_keeps_what_the_rulebook_found_when_an_edit_changes_only_a_faces_drawing(
    built: Path,
) -> None:
    assert checked(built) == 0  # the build's own check kept what it found
    edit_a_card(built)
    assert checked(built) == 0  # the face's text changed, not its size: nothing to find anew
    assert build(built, built / "output") == BOOKS  # the book itself shows the face: drawn again


def test_the_check_lays_the_rulebook_out_again_when_its_text_changes_and_reports_what_it_finds(
    built: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert checked(built) == 0  # the build's own check kept what it found
    template = built / "layouts" / GAME / "rulebook.md.j2"
    template.write_text(
        template.read_text(encoding="utf-8") + "\n\nA sign the font lacks: \u4e00\n",
        encoding="utf-8",
    )
    capsys.readouterr()
    assert checked(built) == 1
    assert "U+4E00" in capsys.readouterr().out
    edit_a_card(built)
    assert checked(built) == 0
    assert "U+4E00" in capsys.readouterr().out  # the kept finding is still reported


def test_a_face_whose_size_changes_makes_the_check_lay_the_rulebook_out_again(
    built: Path,
) -> None:
    assert checked(built) == 0  # the build's own check kept what it found
    game = built / "catalog" / GAME / "game.toml"
    text = game.read_text(encoding="utf-8")
    assert 'card_size = "poker"' in text
    game.write_text(
        text.replace('card_size = "poker"', 'card_size = "bridge"', 1), encoding="utf-8"
    )
    assert checked(built) == 1


def test_what_the_component_list_says_or_the_game_file_changes_lays_the_rulebook_out_again(
    built: Path,
) -> None:
    assert checked(built) == 0  # the build's own check kept what it found
    path = built / "catalog" / GAME / "good.csv"
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    name = next(
        r["name"]
        for r in rows
        if r["name"] and path.read_text(encoding="utf-8").count(r["name"]) == 1
    )
    path.write_text(
        path.read_text(encoding="utf-8").replace(name, name + " Renamed"), encoding="utf-8"
    )
    assert checked(built) == 1  # a caption of the component list changed: what fits may too
    game = built / "catalog" / GAME / "game.toml"
    game.write_text(
        game.read_text(encoding="utf-8") + "\n# a comment is enough: the game file is read again\n",
        encoding="utf-8",
    )
    assert checked(built) == 1
    assert checked(built) == 0


def test_a_back_colour_the_rulebook_takes_its_accent_from_lays_it_out_again_as_a_fresh_build_would(
    built: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = built / "output"
    before = (out / BOOK).read_bytes()
    game = built / "catalog" / GAME / "game.toml"
    text = game.read_text(encoding="utf-8")
    assert (
        'color = "#274b7a"' in text
    )  # the first set's back colour: the rulebook's headings take it; no front draws it
    game.write_text(text.replace('color = "#274b7a"', 'color = "#8e2a6b"', 1), encoding="utf-8")
    _rebuilt_as_fresh(built, before, tmp_path, monkeypatch)


def test_terms_the_rules_file_drops_lay_the_rulebook_out_again_as_a_fresh_build_would(
    built: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The glossary and the index list the rules file's `terms` facts, which no face and
    not the template's text read: the kept book is keyed by them too."""
    out = built / "output"
    before = (out / BOOK).read_bytes()
    rules = built / "catalog" / GAME / "rules.toml"
    text = rules.read_text(encoding="utf-8")
    listed = '"Balance of Strength", "Strength Balance", '
    assert text.count(listed) == 1
    rules.write_text(text.replace(listed, ""), encoding="utf-8")
    _rebuilt_as_fresh(built, before, tmp_path, monkeypatch)


def _rebuilt_as_fresh(
    built: Path, before: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The edited project built again lays its rulebook out anew (its bytes change from
    `before`), as a build with an empty cache lays it out."""
    out = built / "output"
    assert build(built, out) == BOOKS
    assert (out / BOOK).read_bytes() != before
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "no-cache"))
    fresh = tmp_path / "fresh"
    build(built, fresh)
    assert (out / BOOK).read_bytes() == (fresh / BOOK).read_bytes()
