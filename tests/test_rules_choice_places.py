"""A designer's choice as a place of a `value` or `rule` fact (`{ choice = "topic" }`), and
a `prose` fact with `signed = true`: the number a card's text states stands signed beside
a word of its field's name. The project is the starter of `cardstock init` with a designer's
choice, a card text and facts of this test's own."""

from __future__ import annotations

from pathlib import Path

from conftest import run_checks

from cardstock.core.cache import memory_cache
from cardstock.init import init_project
from cardstock.validate import validate

GAME = "moon-race"
CHOICE = "up to 4 players; play passes clockwise"
FACTS = """
[[facts]]
kind = "value"
id = "seats"
name = "at most 4 players"
value = 4
at = [{ players = "max" }, { choice = "the table", says = "up to {value} players" }]
choice = "four seats"

[[facts]]
kind = "rule"
id = "passing"
name = "play passes clockwise"
value = "clockwise"
opposites = ["counterclockwise"]
says = "passes {value}"
at = [{ choice = "the table" }]
choice = "the starter passes to the left"
source = "to the left"

[[facts]]
kind = "prose"
id = "dawn-power"
name = "Dawn's text states its power, signed"
match = { field = "name", equals = "Dawn" }
fields = ["power"]
signed = true
"""


def failures(
    tmp_path: Path, choice: str = CHOICE, topic: str = "the table", dawn: str = "Power +2."
) -> list[str]:
    root = tmp_path / GAME
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    folder = root / "catalog" / GAME
    cards = folder / "cards.csv"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("Play on any Sun card.", dawn), encoding="utf-8")
    with (folder / "game.toml").open("a", encoding="utf-8") as f:
        f.write(f'\n[[designer_choices]]\ntopic = "{topic}"\nchoice = "{choice}"\n')
    with (folder / "rules.toml").open("a", encoding="utf-8") as f:
        f.write(FACTS)
    found = validate(root, [GAME], memory_cache())
    assert not found.issues.errors, [i.render() for i in found.issues.errors]
    report = run_checks(found.catalogs, only={"facts"}).game(GAME)
    return [
        f"{c.rule}: {i.render()}" for c in report.checks if c.status == "fail" for i in c.findings
    ]


def test_a_choice_that_restates_the_facts_passes(tmp_path: Path) -> None:
    assert failures(tmp_path) == []


def test_a_number_edited_in_a_choice_fails_at_the_choice_with_both_values(
    tmp_path: Path,
) -> None:
    found = failures(tmp_path, CHOICE.replace("4", "5"))
    assert len(found) == 1, found
    assert f"catalog/{GAME}/game.toml:" in found[0] and "designer_choices[0]" in found[0]
    assert "5" in found[0] and "4" in found[0]


def test_a_rule_word_turned_round_in_a_choice_fails(tmp_path: Path) -> None:
    found = failures(tmp_path, CHOICE.replace("clockwise", "counterclockwise"))
    assert len(found) == 1 and "counterclockwise" in found[0], found


def test_a_renamed_topic_fails_both_facts(tmp_path: Path) -> None:
    found = failures(tmp_path, topic="seating")
    assert len(found) == 2 and all("'the table'" in f for f in found), found


def test_a_signed_number_beside_another_fields_word_does_not_state_the_field(
    tmp_path: Path,
) -> None:
    assert failures(tmp_path / "before", dawn="+2 Power: play on any Sun card.") == []
    found = failures(tmp_path / "other", dawn="Reason +2.")
    assert len(found) == 1 and "Dawn's power is 2" in found[0], found
    found = failures(tmp_path / "number", dawn="Power +3.")
    assert len(found) == 1 and "Dawn's power is 2" in found[0], found
