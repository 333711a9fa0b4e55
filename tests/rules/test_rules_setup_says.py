"""`setup-says`: a setup step's words name, where they count what the step moves, only the
decks the step handles (its piles' sets, narrowed by its `match`). The project is the
starter of `cardstock init` with a second deck, the Promo cards, that stays in the box."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_edits import full_rules

from cardstock.core.cache import memory_cache
from cardstock.core.stage import Job
from cardstock.init import init_project
from cardstock.rules.checks.own import OWN
from cardstock.rules.setup.step_words import setup_says
from cardstock.validate import validate

GAME = "moon-race"
PROMO = """
[[sets]]
id = "promo"
name = "Promo cards"
kind = "card"
group = "Promo"
back = "deck"
rows = [{ name = "Comet", count = 1, suit = "Sun", power = 3 }]
fields.suit = { type = "choice", choices = ["Sun", "Moon"], required = true }
fields.power = { type = "int", min = 1, max = 9, required = true }
"""
FIRST = "Put every card in the draw pile."  # the starter's words for its first step
DEAL = "Deal {count} cards to each player."  # … and for its third


def project(tmp_path: Path, first: str = FIRST, deal: str = DEAL) -> Path:
    root = tmp_path / GAME
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    full_rules(root)
    folder = root / "catalog" / GAME
    with (folder / "game.toml").open("a", encoding="utf-8") as f:
        f.write(PROMO)
    rules = (folder / "rules.toml").read_text(encoding="utf-8")
    assert FIRST in rules and DEAL in rules
    rules = rules.replace(FIRST, first).replace(DEAL, deal)
    (folder / "rules.toml").write_text(rules, encoding="utf-8")
    return root


def findings(root: Path) -> list[str]:
    found = validate(root, [GAME], memory_cache())
    assert not found.issues.errors, [i.render() for i in found.issues.errors]
    return [i.render() for i in setup_says(Job(found.catalogs[0], found.faces[GAME]))]


def test_the_check_is_one_of_the_checks_the_rules_check_runs() -> None:
    assert "setup-says" in [p.name for p in OWN]


def test_steps_naming_the_deck_they_move_are_no_finding(tmp_path: Path) -> None:
    first = "Put every Deck card in the draw pile."
    assert findings(project(tmp_path, first, "Deal {count} Deck cards to each player.")) == []


def test_a_step_whose_words_name_another_deck_than_its_match_fails(tmp_path: Path) -> None:
    found = findings(project(tmp_path, "Put every Promo card in the draw pile."))
    assert len(found) == 1, found
    assert found[0].startswith(f"catalog/{GAME}/rules.toml:")
    assert "setup.steps[0].say: step 1 (move) says 'Promo card', a name of Promo cards" in found[0]
    assert "the step handles Deck" in found[0]


@pytest.mark.parametrize("named", ["Promo cards", "Comet"])
def test_a_deal_naming_a_deck_its_pile_never_got_fails(tmp_path: Path, named: str) -> None:
    # the draw pile holds what step 1 moved into it: the Deck only
    found = findings(project(tmp_path, deal=f"Deal {{count}} {named} to each player."))
    assert len(found) == 1, found
    assert "setup.steps[2].say: step 3 (deal)" in found[0] and f"says {named!r}" in found[0]


def test_a_deck_the_words_mention_but_do_not_count_is_left_alone(tmp_path: Path) -> None:
    deal = "Deal {count} cards to each player; the Promo cards stay in the box."
    assert findings(project(tmp_path, deal=deal)) == []
