"""A `prose` fact with `signed = true`: the number a card's text states must stand signed
beside a word of its field's name ("Power +2"), so a text that puts the card's number beside
another word, or states another number, fails the fact. The project is the starter of
`cardstock init` with one card text and a fact of this test's own."""

from __future__ import annotations

from pathlib import Path

from helpers_edits import STARTER as GAME
from helpers_edits import failures as failed
from helpers_edits import starter

FACTS = """
[[facts]]
kind = "prose"
id = "dawn-power"
name = "Dawn's text states its power, signed"
match = { field = "name", equals = "Dawn" }
fields = ["power"]
signed = true
"""


def failures(tmp_path: Path, dawn: str) -> list[str]:
    root = starter(tmp_path, rules=FACTS, cards=("Play on any Sun card.", dawn))
    return failed(root, GAME, {"facts"})


def test_a_signed_number_beside_its_fields_word_states_the_field(tmp_path: Path) -> None:
    assert failures(tmp_path / "after", dawn="Power +2.") == []
    assert failures(tmp_path / "before", dawn="+2 Power: play on any Sun card.") == []


def test_a_signed_number_beside_another_word_does_not_state_the_field(tmp_path: Path) -> None:
    found = failures(tmp_path, dawn="Reason +2.")
    assert len(found) == 1 and "Dawn's power is 2" in found[0], found


def test_another_signed_number_fails_with_the_fields_value(tmp_path: Path) -> None:
    found = failures(tmp_path, dawn="Power +3.")
    assert len(found) == 1 and "Dawn's power is 2" in found[0], found
