"""The rulebook's booklets are imposed when they are first asked for: the rules check
renders the rulebook for its findings and never imposes; the stage imposes once, every
paper at once, and the booklets are the ones imposing each paper alone gives."""

from __future__ import annotations

from conftest import ROOT
from cardstock.books import rulebook
from cardstock.books.document import booklet
from cardstock.books.recall import BOOK_FOR_PAPER
from cardstock.catalog.load import load_games


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


def test_a_stage_in_another_process_takes_the_rulebook_its_check_laid_out(tmp_path):
    """The rules check lays the rulebook out (for its findings) and leaves it in the
    staging folder; the build moves that into the output's books folder; a stage whose
    catalog is another object (another worker) takes it instead of laying the book out
    again, with the same bytes, findings and faces drawn. A damaged entry is laid out."""
    import json
    import shutil

    from cardstock.books import bookcache, keep_books_in, stage_books_in

    out, staging = tmp_path / "out", tmp_path / "staging"
    papers = ("letter", "a4")
    try:
        keep_books_in(out)
        stage_books_in(staging)  # the check's settings (pipeline._check_task)
        (checked_cat,), _ = load_games(ROOT, ["alpha-omega-tiles"])
        renders = rulebook.STATS.renders
        checked = rulebook.render_rulebook(checked_cat, papers)
        assert rulebook.STATS.renders == renders + 1 and checked.reading is not None
        entries = sorted(staging.glob("*.json"))
        assert [p.name for p in entries] == ["alpha-omega-tiles--rulebook-laid.json"]
        (out / ".cache" / "books").mkdir(parents=True)
        for entry in entries:  # what pipeline._publish_faces does once every check passed
            shutil.copy(entry, out / ".cache" / "books" / entry.name)
        stage_books_in(None)  # the stage's settings (pipeline._run_task)
        (staged_cat,), _ = load_games(ROOT, ["alpha-omega-tiles"])
        handed = bookcache.STATS["handed"]
        staged = rulebook.render_rulebook(staged_cat, papers)
        assert rulebook.STATS.renders == renders + 1 and bookcache.STATS["handed"] == handed + 1  # not laid out again
        assert staged.reading is not None and staged.reading.data == checked.reading.data
        assert staged.reading.pages == checked.reading.pages
        assert (staged.issues, staged.drew, staged.key) == (checked.issues, checked.drew, checked.key)
        assert {p: b.data for p, b in staged.booklets.items()} == {p: b.data for p, b in checked.booklets.items()}
        # a damaged entry is not taken: the book is laid out, the same
        laid = out / ".cache" / "books" / "alpha-omega-tiles--rulebook-laid.json"
        entry = json.loads(laid.read_text(encoding="utf-8"))
        entry["pdf"] = entry["pdf"][:-8] + "!!!!!!!!"
        laid.write_text(json.dumps(entry), encoding="utf-8")
        (again_cat,), _ = load_games(ROOT, ["alpha-omega-tiles"])
        again = rulebook.render_rulebook(again_cat, papers)
        assert rulebook.STATS.renders == renders + 2 and again.reading is not None and again.reading.data == checked.reading.data
    finally:
        keep_books_in(None)
        stage_books_in(None)
