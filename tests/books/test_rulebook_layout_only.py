"""A rules check with no build behind it (`cardstock check`, `check --mutate`), or in a
build that prints no rulebook (`--only pnp`), lays the rulebook out for what that finds and
draws nothing (`document.build(layout_only=True)`): it finds exactly what a build's check
finds, keeps no book in the cache, and a build after it lays the book out and draws it.
Compared on each shipped game and on a copy of one whose rulebook is broken in every way
its layout reports (a sign the font lacks, an unknown icon, a reference to no heading, a
table row taller than a page)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from conftest import GAMES, ROOT, copy_project, load_games

from cardstock.books import rulebook
from cardstock.cli import main
from cardstock.core.cache import open_cache
from cardstock.core.stage import BuildOptions, Job
from cardstock.layout.faces import Faces

BROKEN = "alpha-omega-tiles"
TALL_ROW = "| a | b |\n|---|---|\n| tall |" + " word" * 900 + " |\n"
BREAKS = (
    "\n\nA sign the font lacks: \u4e00\n",
    "\n\nAn icon the game does not have: :no-such-icon:\n",
    "\n\nRead {{ see('No Such Chapter') }} first.\n",
    "\n\n" + TALL_ROW,
)


def _findings(root: Path, game: str, options: BuildOptions | None, cache: Path) -> list[str]:
    """What laying out `game`'s rulebook finds for a job with `options` (None: a check
    with no build), with a cache of its own (the folder `cache`), then how many books
    that cache keeps."""
    with pytest.MonkeyPatch.context() as env:
        env.setenv("CARDSTOCK_CACHE", str(cache))
        (catalog,), issues = load_games(root, [game])
        assert not issues.errors
        store = open_cache()
        try:
            job = Job(catalog, Faces(catalog, store), options, options is not None)
            found = rulebook.rulebook_findings(job, tuple(catalog.game.print.papers))
        finally:
            store.close()
    with sqlite3.connect(cache / "cache.sqlite") as db:
        (kept,) = db.execute("SELECT COUNT(*) FROM entries WHERE kind = 'book'").fetchone()
    return [*(str(i) for i in found), f"books kept: {kept}"]


def _both(root: Path, game: str, tmp_path: Path) -> tuple[list[str], list[str]]:
    """The findings of a check alone, with an empty cache, then of a build's check, with a
    cache holding only the faces the check laid out (as a build after a check finds
    them): the build lays the book out itself."""
    build = BuildOptions(out=tmp_path / "out")
    alone = _findings(root, game, None, tmp_path / "check-cache")
    shutil.copytree(tmp_path / "check-cache", tmp_path / "build-cache")
    with sqlite3.connect(tmp_path / "build-cache" / "cache.sqlite") as db:
        db.execute("DELETE FROM entries WHERE kind != 'face'")
    laid_out = rulebook.STATS.renders
    built = _findings(root, game, build, tmp_path / "build-cache")
    assert rulebook.STATS.renders > laid_out  # not served the check's findings
    return alone, built


@pytest.mark.parametrize("game", GAMES)
def test_a_check_alone_finds_what_a_builds_check_finds_in_each_shipped_game(
    game: str, tmp_path: Path
) -> None:
    alone, built = _both(ROOT, game, tmp_path)
    assert alone[:-1] == built[:-1]
    assert alone[-1] == "books kept: 0"  # laid out, not drawn
    assert built[-1] == "books kept: 1"  # the build's stage writes this very book


def test_a_check_alone_finds_every_problem_of_a_broken_rulebook_a_build_finds(
    tmp_path: Path,
) -> None:
    root = copy_project(tmp_path / "proj", (BROKEN,))
    template = root / "layouts" / BROKEN / "rulebook.md.j2"
    template.write_text(template.read_text(encoding="utf-8") + "".join(BREAKS), encoding="utf-8")
    alone, built = _both(root, BROKEN, tmp_path)
    assert alone[:-1] == built[:-1]
    said = "\n".join(alone)
    for sign in ("U+4E00", ":no-such-icon:", "No Such Chapter", "a table row"):
        assert sign in said, (sign, said)


def test_a_build_after_a_check_alone_lays_the_book_out_and_draws_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = copy_project(tmp_path / "proj", ("alpha-omega-cards",))
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    rulebook.STATS.renders = 0
    assert main(["--root", str(root), "check", "--only", "rulebook"]) == 0
    assert rulebook.STATS.renders == 1  # laid out for its findings
    out = tmp_path / "out"
    args = ["--root", str(root), "build", "--out", str(out), "--jobs", "1", "--paper", "letter"]
    assert main([*args, "--only", "rulebook"]) == 0
    # the findings were kept by the check; the reading PDF and the booklet's pages drawn
    assert rulebook.STATS.renders == 1 + 2
    assert (out / "alpha-omega-cards" / "alpha-omega-cards-rulebook.pdf").stat().st_size > 0


def test_a_build_that_prints_no_rulebook_lays_it_out_for_its_findings_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = copy_project(tmp_path / "proj", ("alpha-omega-cards",))
    cache = tmp_path / "cache"
    monkeypatch.setenv("CARDSTOCK_CACHE", str(cache))
    rulebook.STATS.renders = 0
    args = ["--root", str(root), "build", "--out", str(tmp_path / "out"), "--jobs", "1"]
    assert main([*args, "--paper", "letter", "--only", "pnp"]) == 0
    assert rulebook.STATS.renders == 1  # the check's layout of the book
    with sqlite3.connect(cache / "cache.sqlite") as db:
        (kept,) = db.execute("SELECT COUNT(*) FROM entries WHERE kind = 'book'").fetchone()
    assert kept == 0  # nothing drawn to keep
    assert not list((tmp_path / "out").rglob("*rulebook*"))
