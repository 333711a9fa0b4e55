"""What the rules check finds of a shipped game's rulebook with text added to its end,
and how often the rulebook was typeset to find it: the tests of the rulebook's bounds
(tests/books/test_rulebook_table_rows.py, test_rulebook_heading_count.py) share it."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import copy_project, load_games

from cardstock.books import rulebook
from cardstock.core.cache import open_cache
from cardstock.core.issues import Issue
from cardstock.core.stage import Job
from cardstock.layout.faces import Faces


def findings_with(tmp_path: Path, game: str, added: str) -> tuple[list[Issue], int, int]:
    """What the rules check finds of `game`'s rulebook with `added` at its end; the
    template's line `added` starts at; and how many times the rulebook was typeset."""
    root = copy_project(tmp_path / "proj", (game,))
    template = root / "layouts" / game / "rulebook.md.j2"
    text = template.read_text(encoding="utf-8").rstrip("\n") + "\n\n"
    template.write_text(text + added, encoding="utf-8")
    typeset = rulebook._typeset
    calls: list[object] = []

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(args)
        return typeset(*args, **kwargs)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as env:
        env.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
        env.setattr(rulebook, "_typeset", counted)
        (catalog,), issues = load_games(root, [game])
        assert not issues.errors
        store = open_cache()
        try:
            job = Job(catalog, Faces(catalog, store), None, False)
            found = rulebook.rulebook_findings(job, tuple(catalog.game.print.papers))
        finally:
            store.close()
    return found, len(text.splitlines()) + 1, len(calls)
