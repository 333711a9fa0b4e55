"""`check --mutate` moves a rule's cite to a line of the source that does not state what the
rule states (`cite`): the check holds every cite to its lines wherever the source is
present, and catches it at the rule's line in rules.toml. A cite no check can hold (a rule
stating no number or name, a designer's value) is not edited, and a game whose source
cannot be found gets no cite edits."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SEEDS
from helpers_edits import games_copy, judged

from cardstock.catalog.load import load_games
from cardstock.rules.model import load_rules
from cardstock.rules.mutation.changes import Edit
from cardstock.rules.mutation.cites import cite_edits
from cardstock.rules.player_texts import game_files
from cardstock.rules.sources import SOURCES_ENV

GAME = "alpha-omega-tiles"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("cites"), [GAME])


def _edits(project: Path) -> tuple[list[Edit], dict[Path, str]]:
    catalogs, issues = load_games(project, [GAME], load_rules)
    assert not issues.errors
    sources = game_files(catalogs[0])
    return list(cite_edits(catalogs[0], sources)), sources.texts


def test_a_cite_moves_to_the_next_line_that_does_not_state_the_rules_number(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SOURCES_ENV, str(SEEDS))
    chosen, _ = _edits(project)
    described = {(e.at, e.before, e.after) for e in chosen}
    # the pawns, 2 per player (line 49), cited at line 51 instead: no 2 there
    pawns = next(e for e in chosen if e.before == "49")
    assert pawns.shown == f"catalog/{GAME}/rules.toml"
    assert int(pawns.after) > 49
    assert len(described) == len(chosen)
    # a rule that states no number or name it gives as the source's is never moved
    rules = (project / "catalog" / GAME / "rules.toml").read_text(encoding="utf-8")
    snake = rules.index('name = "the Snake stays out of the Tile Deck"')
    line = rules.count("\n", 0, snake) + 1
    assert not any(line <= e.line <= line + 4 for e in chosen)


def test_without_the_source_no_cite_is_edited(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(SOURCES_ENV, raising=False)
    chosen, _ = _edits(project)
    assert chosen == []


def test_every_fourth_cite_edit_of_the_tiles_is_caught_at_its_line(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SOURCES_ENV, str(SEEDS))
    chosen, texts = _edits(project)
    assert len(chosen) >= 20
    report = judged(project, GAME, chosen[::4], texts, runs=1, sources=SEEDS)
    assert [o.edit.describe() for o in report.outcomes if not o.caught] == []
    assert all(any(f.part == "source" for f in o.found) for o in report.outcomes)


def test_the_sources_folder_check_mutate_is_given_is_where_the_cites_are_moved_within(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`check --mutate --sources DIR` on a project with no sources folder beside it moves
    cites within the source in DIR, as `$CARDSTOCK_SOURCES` does."""
    monkeypatch.delenv(SOURCES_ENV, raising=False)
    catalogs, issues = load_games(project, [GAME], load_rules)
    assert not issues.errors
    sources = game_files(catalogs[0])
    given = list(cite_edits(catalogs[0], sources, SEEDS))
    monkeypatch.setenv(SOURCES_ENV, str(SEEDS))
    assert given and given == _edits(project)[0]
