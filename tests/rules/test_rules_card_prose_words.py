"""A card's text says only what its card holds (issue #42): with a `prose` fact's `numbers`,
every number the text states is one of the card's fields; with its `groups`, the text names
no deck but those; and a `rule` fact with a `cards` place holds one rule word on every card
of a filter. The project is the starter of `cardstock init`, with facts of this test's
own."""

from __future__ import annotations

from pathlib import Path

from helpers_edits import STARTER as GAME
from helpers_edits import failures, starter

FACTS = """
[[facts]]
kind = "prose"
id = "card-numbers"
name = "Dawn's text states no number but its power"
match = { name = "Dawn" }
numbers = ["power"]
groups = ["Suit: Sun", "Suit: Moon"]

[[facts]]
kind = "rule"
id = "card-top"
name = "cards are taken from the top of a pile"
value = "the top"
opposites = ["the bottom"]
at = [{ cards = { set = "deck" }, field = "text" }]
"""


def project(tmp_path: Path, text: str) -> Path:
    """The starter, its first card's text replaced by `text`, with this test's facts."""
    return starter(tmp_path, rules=FACTS, cards=("Play on any Sun card.", text))


def test_a_text_stating_only_its_own_power_and_the_top_passes(tmp_path: Path) -> None:
    root = project(tmp_path, "Take 2 cards from the top of the pile.")
    assert failures(root, GAME, {"facts"}) == []


def test_a_number_no_field_holds_fails_naming_the_card_and_the_number(tmp_path: Path) -> None:
    found = failures(project(tmp_path, "Take 3 cards from the top of the pile."), GAME, {"facts"})
    assert len(found) == 1, found
    assert "cards.csv:3: text:" in found[0]
    assert "Dawn's text states '3', which none of its power holds" in found[0]


def test_twice_counts_as_two(tmp_path: Path) -> None:
    found = failures(project(tmp_path, "Take a card twice."), GAME, {"facts"})
    assert found == [], found
    found = failures(project(tmp_path / "b", "Take a card three times."), GAME, {"facts"})
    assert len(found) == 1 and "states 'three'" in found[0], found


def test_a_deck_outside_groups_fails(tmp_path: Path) -> None:
    found = failures(project(tmp_path, "Play on any Deck card."), GAME, {"facts"})
    assert len(found) == 1, found
    assert "names 'Deck', a deck or group its texts do not name" in found[0]


def test_a_cards_place_fails_on_the_opposite_at_the_cards_line(tmp_path: Path) -> None:
    found = failures(project(tmp_path, "Take 2 cards from the bottom."), GAME, {"facts"})
    assert len(found) == 1, found
    assert "cards.csv:3:" in found[0]
    assert "Dawn's text says 'the bottom'" in found[0]
