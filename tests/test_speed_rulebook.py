"""Rulebooks are laid out once per build, in one pass, whatever their length: the rules
check and the rulebook stage share one rendering (counted by
`cardstock.books.rulebook.STATS`), and the pages grow with the text."""

from __future__ import annotations

from pypdf import PdfReader

from cardstock.books import rulebook
from cardstock.cli import main

from helpers_generated import generated_game, generated_rulebook
from conftest import render_book


def test_a_build_for_one_paper_lays_the_rulebook_out_once(tmp_path):
    generated_game(tmp_path, 3)
    generated_rulebook(tmp_path, 6)
    out = tmp_path / "output"
    rulebook.STATS.renders = 0
    # the check renders for every paper the game prints on, the build asks for one of them
    assert main(["--root", str(tmp_path), "build", "--out", str(out), "--jobs", "1", "--paper", "letter", "--only", "rulebook"]) == 0
    assert rulebook.STATS.renders == 1
    reading = PdfReader(out / "gen" / "gen-rulebook.pdf")
    booklet = PdfReader(out / "gen" / "gen-rulebook-booklet-letter.pdf")
    assert len(reading.pages) >= 10
    assert len(booklet.pages) == -(-len(reading.pages) // 4) * 2  # two book pages a side
    assert not (out / "gen" / "gen-rulebook-booklet-a4.pdf").exists()


def test_twice_the_text_makes_about_twice_the_pages_in_one_pass(tmp_path):
    pages = []
    for chapters in (5, 10):
        root = tmp_path / str(chapters)
        generated_game(root, 2)
        generated_rulebook(root, chapters)
        from conftest import load_games

        (catalog,), _ = load_games(root, ["gen"])
        r = render_book(catalog, ("letter",), booklets=False)
        assert r.reading is not None and r.reading.passes == 1
        pages.append(r.reading.pages)
    assert 1.8 <= pages[1] / pages[0] <= 2.2
