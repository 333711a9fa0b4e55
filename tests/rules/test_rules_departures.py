"""A deliberate departure from the source in one line: `choice = { value, why }` on a fact
or a setup step keeps the source's value and its cite beside the designer's value; the
game is checked with the designer's value, and the source's is still held to its line."""

from __future__ import annotations

from pathlib import Path

from helpers_edits import STARTER as GAME
from helpers_edits import failures, failures_edited, starter

from cardstock.rules.facts.value import ValueFact
from cardstock.rules.setup.steps import Move

RULES = f"catalog/{GAME}/rules.toml"
PARTS = {"facts", "setup", "source"}
STEP = 'count = 3\nsay = "Deal {count} cards to each player."'
HAND = """
[[facts]]
kind = "value"
id = "hand"
name = "a hand of 3 cards"
value = 3
at = [{ setup = "deal", to = "hand" }]
cite = { line = 4, says = "each player is dealt a hand" }
"""
HOUSE = 'choice = { value = 4, why = "hands of four: a house rule" }'


def _game(tmp_path: Path) -> Path:
    return starter(tmp_path, full=True, rules=HAND)


def test_the_starter_with_a_hand_fact_passes(tmp_path: Path) -> None:
    assert failures(_game(tmp_path), GAME, PARTS) == []


def test_a_step_and_a_fact_depart_from_the_source_in_one_line_each(tmp_path: Path) -> None:
    root = _game(tmp_path)
    step = (RULES, STEP, STEP + "\n" + HOUSE)
    fact = (RULES, "value = 3\n", "value = 3\n" + HOUSE + "\n")
    # the step alone: the hand fact (still 3) fails against the step's 4
    (only,) = failures_edited(root, GAME, [step], PARTS)
    assert "the rulebook states 3" in only and "has 4" in only, only
    assert failures_edited(root, GAME, [step, fact], PARTS) == []


def test_the_source_value_kept_beside_a_departure_is_held_to_its_line(tmp_path: Path) -> None:
    root = _game(tmp_path)
    kept_wrong = (RULES, STEP, STEP.replace("3", "5") + "\n" + HOUSE)
    fact = (RULES, "value = 3\n", "value = 3\n" + HOUSE + "\n")
    found = failures_edited(root, GAME, [kept_wrong, fact], PARTS)
    assert any("states 5" in f and "rules.md:4" in f for f in found), found


def test_a_departure_keeps_the_source_value_and_checks_the_designers() -> None:
    house = {"choice": {"value": 4, "why": "a house rule"}}
    fact = ValueFact.model_validate(
        {"kind": "value", "name": "a hand of 3", "value": 3, "at": [{"setup": 3}], **house}
    )
    assert (fact.value, fact.source_value) == (4, 3)
    step = Move.model_validate({"do": "deal", "from": "a", "to": "b", "count": 3, **house})
    assert (step.count, step.source_number("count")) == (4, 3)


def test_a_step_may_carry_a_designers_choice_as_words(tmp_path: Path) -> None:
    root = _game(tmp_path)
    chosen = (RULES, STEP, STEP + '\nchoice = "the source leaves the hand size open"')
    assert failures_edited(root, GAME, [chosen], PARTS) == []
