"""Every number, name and numbered step of each source rulebook is covered by a rule that
cites its line (or set aside with a reason), and every cited rule states what its lines
state: `cardstock check --coverage` over the five shipped games, and over copies broken the
ways a designer would break them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import GAMES, ROOT, SEEDS, load_games, run_checks

pytestmark = pytest.mark.needs_seeds


def coverage_of(root: Path, game: str):
    catalogs, issues = load_games(root, [game])
    assert not issues.errors, [i.render() for i in issues]
    return run_checks(catalogs, only={"source"}, sources=SEEDS, coverage=True).game(game)


def copy(tmp_path: Path, game: str) -> Path:
    shutil.copytree(ROOT / "catalog" / game, tmp_path / "catalog" / game)
    return tmp_path


def test_every_shipped_game_covers_every_number_and_name_of_its_source() -> None:
    for game in GAMES:
        report = coverage_of(ROOT, game)
        assert report.ok, [i.render() for c in report.checks for i in c.findings]
        [cov] = report.coverage
        assert cov.full, [(i.line, i.what, i.text) for i in cov.items if not i.covered]
        for what in ("number", "name"):
            covered, total = cov.tally(what)
            assert covered == total > 10


def test_the_command_line_lists_coverage_per_source(cli) -> None:
    result = cli("check", "atmosfear", "--only", "source", "--coverage", "--sources", str(SEEDS))
    assert result.code == 0, result.out
    assert (
        "atmosfear — " in result.out
        and "003_1b021a8c980fb258.txt: coverage full: numbers 44/44" in result.out
    )


def test_a_number_no_rule_covers_fails_with_its_source_line(tmp_path, cli) -> None:
    root = copy(tmp_path, "alter-ego")
    rules = root / "catalog" / "alter-ego" / "rules.toml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(
        text.replace(
            'cite = { line = 48, says = "a pair of Teamwork tokens replaces any single Hero '
            'icon" }',
            'choice = "a pair"',
        ),
        encoding="utf-8",
    )
    result = cli(
        "--root",
        str(root),
        "check",
        "alter-ego",
        "--only",
        "source",
        "--coverage",
        "--sources",
        str(SEEDS),
    )
    assert result.code == 1
    assert (
        "002_0de44b6fb8f36133.txt:48: number: number '2' is stated here and no rule of "
        "catalog/alter-ego/rules.toml covers it" in result.out
    )
    assert "002_0de44b6fb8f36133.txt:48  number 2" in result.out and "NOT COVERED" in result.out
    plain = cli(
        "--root", str(root), "check", "alter-ego", "--only", "source", "--sources", str(SEEDS)
    )
    assert plain.code == 0 and "1 warned" in plain.out  # without --coverage a gap is a warning


def test_a_rule_that_states_another_number_than_its_line_fails_with_both(tmp_path) -> None:
    root = copy(tmp_path, "vortex")
    rules = root / "catalog" / "vortex" / "rules.toml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(
        text.replace('to = "hand"\ncount = 7', 'to = "hand"\ncount = 6', 1), encoding="utf-8"
    )
    report = coverage_of(root, "vortex")
    found = [i.render() for c in report.checks if c.status == "fail" for i in c.findings]
    assert any(
        "catalog/vortex/rules.toml:" in f
        and "states 6; the source 004_ac253e6d7088f8d2.txt:25 states" in f
        and "7" in f
        for f in found
    ), found


def test_an_aside_must_give_its_reason(tmp_path, cli) -> None:
    root = copy(tmp_path, "atmosfear")
    rules = root / "catalog" / "atmosfear" / "rules.toml"
    rules.write_text(
        rules.read_text(encoding="utf-8") + "\n[[aside]]\nlines = [9]\nnumbers = [6]\n",
        encoding="utf-8",
    )
    result = cli("--root", str(root), "check", "atmosfear", "--only", "source")
    assert result.code == 2
    assert "catalog/atmosfear/rules.toml:" in result.err and "reason" in result.err


def test_without_the_source_anywhere_the_source_check_is_skipped_and_says_how(
    tmp_path, cli, monkeypatch
) -> None:
    monkeypatch.delenv("CARDSTOCK_SOURCES", raising=False)
    root = copy(tmp_path / "proj", "atmosfear")  # no sources/ in it, no shared/seeds beside it
    result = cli("--root", str(root), "check", "atmosfear", "--only", "source")
    assert result.code == 0
    assert "is in no sources folder (sources, ../shared/seeds)" in result.out
    assert "give --sources DIR (or set CARDSTOCK_SOURCES)" in result.out
