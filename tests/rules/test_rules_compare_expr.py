"""A `compare` constraint whose operand is an expression of the card's fields (`{ expr =
"…" }`): a designer's rule of how one value follows from others, stated once and held on
every card it matches, so an edited value or two cards' values swapped fail it. The project
is the starter of `cardstock init` (its deck: Sun powers 2, 5, 8; Moon powers 3, 6, 9) with a
constraint of this test's own."""

from __future__ import annotations

from pathlib import Path

from conftest import load_games
from helpers_edits import STARTER as GAME
from helpers_edits import failures as failed
from helpers_edits import starter

RULE = """
[[constraints]]
kind = "compare"
name = "a Sun card's power is one less than a multiple of 3, a Moon card's a multiple of 3"
match = {{ set = "deck" }}
left = {{ expr = "power % 3" }}
op = "=="
right = {{ expr = "{expr}" }}
choice = "the designer's power ladder"
"""
DERIVED = "2 if suit == 'Sun' else 0"


def failures(tmp_path: Path, cards: tuple[str, str] = ("", "")) -> list[str]:
    root = starter(tmp_path, rules=RULE.format(expr=DERIVED), cards=cards)
    return failed(root, GAME, {"constraints"})


def test_cards_that_follow_the_rule_pass(tmp_path: Path) -> None:
    assert failures(tmp_path) == []


def test_a_value_edited_off_the_rule_fails_at_its_card(tmp_path: Path) -> None:
    found = failures(tmp_path, ("Dawn,3,Sun,sun,2,", "Dawn,3,Sun,sun,3,"))
    assert len(found) == 1, found
    assert f"catalog/{GAME}/cards.csv:3: power: dawn: (power % 3) is 0" in found[0], found
    assert "(2 if suit == 'Sun' else 0) is 2" in found[0], found


def test_two_cards_values_swapped_fail_though_every_total_holds(tmp_path: Path) -> None:
    cards = ("Dusk,3,Moon,moon,3,", "Dusk,3,Moon,moon,5,")
    root = starter(tmp_path, rules=RULE.format(expr=DERIVED), cards=cards)
    table = root / "catalog" / GAME / "cards.csv"
    text = table.read_text(encoding="utf-8").replace("Noon,3,Sun,sun,5,", "Noon,3,Sun,sun,3,")
    table.write_text(text, encoding="utf-8")
    found = failed(root, GAME, {"constraints"})
    assert len(found) == 2 and "noon" in found[0] and "dusk" in found[1], found


def test_an_expression_that_does_not_compile_is_bad_input(tmp_path: Path) -> None:
    root = starter(tmp_path, rules=RULE.format(expr="2 if suit =="))
    _, issues = load_games(root, [GAME])
    assert [i for i in issues.errors if "rules.toml" in i.render() and "expr" in i.render()]


def test_an_expression_naming_a_field_the_cards_lack_is_bad_input(tmp_path: Path) -> None:
    root = starter(tmp_path, rules=RULE.format(expr="2 if colour == 'Sun' else 0"))
    _, issues = load_games(root, [GAME])
    assert [i for i in issues.errors if "colour" in i.render()], [i.render() for i in issues]
