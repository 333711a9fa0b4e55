"""A designer's choice as a place of a `rule` or a `value` fact (`{ topic = "…" }`): the
choice's words are held like a table cell's, so a choice that says the rule word's
opposite, another number, or whose topic no longer names it, fails the fact at the
choice's line. The project is the starter of `cardstock init` with one designer's choice
and two facts of this test's own."""

from __future__ import annotations

from pathlib import Path

from helpers_edits import STARTER as GAME
from helpers_edits import failures, starter

TOPIC = "first player"
CHOICE = "the youngest player goes first and plays one card; play then passes clockwise"
FACTS = """
[[facts]]
kind = "rule"
id = "turn-order"
name = "play passes clockwise"
value = "clockwise"
opposites = ["counterclockwise"]
says = "passes {value}"
at = [{ topic = "first player" }]
choice = "the designer's order of play"
source = "deck"

[[facts]]
kind = "value"
id = "first-card"
name = "the first player plays one card"
value = 1
at = [{ topic = "first player", says = "plays {value} card" }]
choice = "the designer's first turn"
"""


def project(tmp_path: Path, topic: str = TOPIC, choice: str = CHOICE) -> Path:
    choices = f'\n[[designer_choices]]\ntopic = "{topic}"\nchoice = "{choice}"\n'
    return starter(tmp_path, game=choices, rules=FACTS)


def failed(root: Path) -> list[str]:
    """Each finding of a failed fact, rendered after its rule's name."""
    facts = {"play passes clockwise", "the first player plays one card"}
    return failures(root, GAME, {"facts"}, ran=facts)


def test_a_choice_that_says_the_facts_words_passes(tmp_path: Path) -> None:
    assert failed(project(tmp_path)) == []


def test_a_choice_saying_the_opposite_word_fails_at_the_choices_line(tmp_path: Path) -> None:
    found = failed(project(tmp_path, choice=CHOICE.replace("clockwise", "counterclockwise")))
    assert len(found) == 1, found
    assert found[0].split(": ", 1)[1].startswith(f"catalog/{GAME}/game.toml:")
    assert "designer_choices[0] (first player) says 'counterclockwise'" in found[0]


def test_a_choice_stating_another_number_fails_with_both(tmp_path: Path) -> None:
    found = failed(project(tmp_path, choice=CHOICE.replace("one card", "two cards")))
    assert len(found) == 1, found
    assert "the rulebook states 1" in found[0] and "has 2" in found[0]


def test_a_topic_edited_away_fails_every_fact_that_reads_the_choice(tmp_path: Path) -> None:
    found = failed(project(tmp_path, topic="last player"))
    assert len(found) == 2, found
    assert all("no designer's choice has the topic 'first player'" in f for f in found)


def test_a_value_place_in_a_choice_needs_the_words_around_the_value() -> None:
    import pytest
    from pydantic import ValidationError

    from cardstock.rules.reading.places import Place

    with pytest.raises(ValidationError, match="says"):
        Place(topic=TOPIC)
