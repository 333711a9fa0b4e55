"""A `value` fact's places in a designer's choice (`{ topic = …, says = … }`) and at
the least or the most a field takes (`{ least = field }`, `{ most = field }`): a choice that
restates the catalog's range of a field fails when the choice's number or the cards' values
change. The project is the starter of `cardstock init` with a designer's choice and two
facts of this test's own."""

from __future__ import annotations

from pathlib import Path

from helpers_edits import STARTER as GAME
from helpers_edits import failures as failed
from helpers_edits import starter

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
    choices = f'\n[[designer_choices]]\ntopic = "power"\nchoice = "{choice}"\n'
    return failed(starter(tmp_path, game=choices, rules=FACTS, cards=edit), GAME, {"facts"})


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
