"""One report line lists the printed texts no check reads, by file and key; a shipped game
lists only texts it declares the designer's own (`[own_texts]`, one a line)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import GAMES, ROOT, load_games
from helpers_edits import games_copy

from cardstock.rules.provenance.check import unread_check
from cardstock.rules.provenance.unread import unread


@pytest.mark.parametrize("game", GAMES)
def test_a_shipped_game_leaves_unread_only_the_texts_it_declares_its_own(game: str) -> None:
    catalogs, issues = load_games(ROOT, [game])
    assert not issues.errors
    left, declared, stale = unread(catalogs[0])
    assert left == [] and stale == []
    assert "game.toml title" in declared


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("unread"), ["atmosfear"])


def _line(project: Path, old: str, new: str) -> tuple[str, list[str]]:
    rules = project / "catalog" / "atmosfear" / "rules.toml"
    text = rules.read_text(encoding="utf-8")
    assert old in text
    rules.write_text(text.replace(old, new, 1), encoding="utf-8")
    try:
        catalogs, issues = load_games(project, ["atmosfear"])
        assert not issues.errors
        check = unread_check(catalogs[0])
        return check.summary, [i.render() for i in check.findings]
    finally:
        rules.write_text(text, encoding="utf-8")


def test_a_text_no_longer_declared_is_listed_by_file_and_key(project: Path) -> None:
    summary, findings = _line(project, '"game.toml title" = "the', '"game.toml nothing" = "the')
    assert "no check reads 1, and none is declared: game.toml title" in summary
    assert any("'game.toml nothing' declares no printed text" in f for f in findings)


def test_a_pattern_declares_every_text_it_matches(project: Path) -> None:
    summary, _ = _line(project, "[own_texts]\n", '[own_texts]\n"game.toml tables.*.title" = "x"\n')
    assert "and none is declared" not in summary


def test_a_number_a_template_computes_and_no_fact_holds_is_listed(project: Path) -> None:
    # the quick reference's pack no longer held by the pack's fact: listed by template
    summary, _ = _line(
        project,
        ', { template = "quickref/dice.md.j2", computes = "pack" }]',
        "]",
    )
    assert "no check reads 1, and none is declared: quickref/dice.md.j2 computes pack" in summary


def test_declaring_a_number_a_fact_holds_is_a_pattern_that_declares_nothing(
    project: Path,
) -> None:
    summary, findings = _line(
        project,
        "[own_texts]\n",
        '[own_texts]\n"rulebook.md.j2 computes n * deal" = "the deal of each count, shown"\n',
    )
    assert "and none is declared" not in summary
    assert any("declares no printed text" in f for f in findings)  # dealt-N facts hold it
