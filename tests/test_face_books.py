"""The rulebook's booklets are imposed when they are first asked for: the rules check
renders the rulebook for its findings and never imposes; the stage imposes once, every
paper at once, and the booklets are the ones imposing each paper alone gives."""

from __future__ import annotations

from conftest import ROOT
from cardstock.books import rulebook
from cardstock.books.document import booklet
from cardstock.books.recall import BOOK_FOR_PAPER
from cardstock.load import load_games


def test_booklets_are_imposed_only_when_asked_for_and_once():
    (cat,), issues = load_games(ROOT, ["alpha-omega-tiles"])
    assert not issues.errors
    before = rulebook.STATS.imposed
    checked = rulebook.render_rulebook(cat, ("letter", "a4"))  # what the rules check asks
    assert checked.reading is not None
    assert rulebook.STATS.imposed == before  # findings only: nothing imposed
    staged = rulebook.render_rulebook(cat, ("letter", "a4"))  # the stage, in the same process
    made = dict(staged.booklets.items())
    assert rulebook.STATS.imposed == before + 1 and sorted(made) == ["a4", "letter"]
    dict(staged.booklets.items())
    assert rulebook.STATS.imposed == before + 1  # imposed once
    meta = {"title": f"{cat.game.title} \u2014 Rules", "author": ", ".join(cat.game.credits),
            "subject": cat.game.description or "", "keywords": f"{cat.game.id} rulebook {cat.game.version}"}
    for paper, built in made.items():
        alone = booklet(staged.reading, BOOK_FOR_PAPER[paper], meta)
        assert (built.data, built.sheets_sides, built.pages) == (alone.data, alone.sheets_sides, alone.pages)
    # a build for one paper asks for a part of the rendering: only that paper is imposed
    letter_only = rulebook.render_rulebook(cat, ("letter",))
    assert list(letter_only.booklets) == ["letter"] and letter_only.booklets["letter"].data == made["letter"].data
