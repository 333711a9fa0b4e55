"""A `value` fact's places in a designer's choice (`{ topic = …, says = … }`) and at
the least or the most a field takes (`{ least = field }`, `{ most = field }`): a choice that
restates the catalog's range of a field fails when the choice's number or the cards' values
change. The project is the starter of `cardstock init` with a designer's choice and two
facts of this test's own."""

from __future__ import annotations

from pathlib import Path

from conftest import run_checks

from cardstock.core.cache import memory_cache
from cardstock.init import init_project
from cardstock.validate import validate

GAME = "moon-race"
CHOICE = "the cards' power runs from 2 to 9"
FACTS = """
[[facts]]
kind = "value"
id = "weakest"
name = "the weakest card has power 2"
value = 2
at = [{ least = "power", match = { set = "deck" } }, { topic = "power", says = "from {value} to" }]
choice = "the designer's range"

[[facts]]
kind = "value"
id = "strongest"
name = "the strongest card has power 9"
value = 9
at = [{ most = "power", match = { set = "deck" } }, { topic = "power", says = "to {value}" }]
choice = "the designer's range"
"""


def failures(tmp_path: Path, choice: str = CHOICE, edit: tuple[str, str] = ("", "")) -> list[str]:
    root = tmp_path / GAME
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    folder = root / "catalog" / GAME
    with (folder / "game.toml").open("a", encoding="utf-8") as f:
        f.write(f'\n[[designer_choices]]\ntopic = "power"\nchoice = "{choice}"\n')
    with (folder / "rules.toml").open("a", encoding="utf-8") as f:
        f.write(FACTS)
    if edit[0]:
        cards = folder / "cards.csv"
        cards.write_text(cards.read_text(encoding="utf-8").replace(*edit), encoding="utf-8")
    found = validate(root, [GAME], memory_cache())
    assert not found.issues.errors, [i.render() for i in found.issues.errors]
    report = run_checks(found.catalogs, only={"facts"}).game(GAME)
    return [
        f"{c.rule}: {i.render()}" for c in report.checks if c.status == "fail" for i in c.findings
    ]


def test_a_choice_stating_the_fields_range_passes(tmp_path: Path) -> None:
    assert failures(tmp_path) == []


def test_a_number_of_the_choice_edited_fails_at_the_choice(tmp_path: Path) -> None:
    found = failures(tmp_path, CHOICE.replace("from 2", "from 3"))
    assert len(found) == 1
    assert "the weakest card has power 2" in found[0]
    assert "game.toml" in found[0] and "designer_choices[0] (power)" in found[0]


def test_the_least_value_changed_in_the_cards_fails_naming_the_field(tmp_path: Path) -> None:
    found = failures(tmp_path, edit=("Dawn,3,Sun,sun,2,", "Dawn,3,Sun,sun,4,"))
    assert len(found) == 1 and "the least power" in found[0]


def test_the_most_value_changed_in_the_cards_fails_naming_the_field(tmp_path: Path) -> None:
    found = failures(tmp_path, edit=("Midnight,2,Moon,moon,9,", "Midnight,2,Moon,moon,7,"))
    assert len(found) == 1 and "the most power" in found[0]
