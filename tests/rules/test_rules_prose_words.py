"""`prose-words`: the game file's prose (designer's choices, set descriptions, table notes)
says no rule fact's opposite where the fact's `says` puts its value, and names no card or
deck twice in one list. The project is the starter of `cardstock init` with a rule fact and
a designer's choice of this test's own."""

from __future__ import annotations

from pathlib import Path

from cardstock.core.cache import memory_cache
from cardstock.core.stage import Job
from cardstock.init import init_project
from cardstock.rules.checks.own import OWN
from cardstock.rules.checks.prose_contradictions import prose_words
from cardstock.validate import validate

GAME = "moon-race"
FACT = """
[[facts]]
kind = "rule"
id = "win"
name = "the player with the most sparks wins"
value = "most"
opposites = ["fewest"]
says = "{value} sparks"
"""


def project(tmp_path: Path, choice: str, source: str = "") -> Path:
    root = tmp_path / GAME
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    folder = root / "catalog" / GAME
    with (folder / "game.toml").open("a", encoding="utf-8") as f:
        f.write(f'\n[[designer_choices]]\ntopic = "the end"\nchoice = "{choice}"\n')
    with (folder / "rules.toml").open("a", encoding="utf-8") as f:
        f.write(FACT + source)
    return root


def findings(root: Path) -> list[str]:
    found = validate(root, [GAME], memory_cache())
    assert not found.issues.errors, [i.render() for i in found.issues.errors]
    return [i.render() for i in prose_words(Job(found.catalogs[0], found.faces[GAME]))]


def test_the_check_is_one_of_the_checks_the_rules_check_runs() -> None:
    assert "prose-words" in [p.name for p in OWN]


def test_prose_that_agrees_with_the_rule_fact_and_the_names_is_no_finding(
    tmp_path: Path,
) -> None:
    choice = "the most sparks win; Dawn, Noon and Eclipse are the Sun cards"
    assert findings(project(tmp_path, choice)) == []


def test_a_choice_saying_the_facts_opposite_is_located_with_both_words(tmp_path: Path) -> None:
    found = findings(project(tmp_path, "the fewest sparks win"))
    assert len(found) == 1, found
    line = found[0]
    assert line.startswith(f"catalog/{GAME}/game.toml:")
    assert "designer_choices[0].choice: says 'fewest' where fact 'win'" in line
    assert f"(catalog/{GAME}/rules.toml:" in line and "states 'most'" in line


def test_the_opposite_away_from_the_facts_words_is_left_alone(tmp_path: Path) -> None:
    assert findings(project(tmp_path, "the fewest cards in hand draw first")) == []


def test_a_list_naming_a_card_twice_fails_naming_it(tmp_path: Path) -> None:
    found = findings(project(tmp_path, "Dawn, Noon and Dawn are the Sun cards"))
    assert len(found) == 1, found
    assert "designer_choices[0].choice: names 'Dawn' twice in one list" in found[0]


def test_a_card_named_again_outside_its_list_is_left_alone(tmp_path: Path) -> None:
    choice = "Dawn, Noon and Eclipse are the Sun cards; Dawn is the weakest"
    assert findings(project(tmp_path, choice)) == []
