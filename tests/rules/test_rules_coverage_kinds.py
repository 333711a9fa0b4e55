"""What the newer fact kinds state, for `check --coverage`: a `deck` fact that cites a
line states the names of the cards it places, of its deck and what the book calls it, so a
source line naming them is covered by it. The project is the starter of `cardstock init`
with a deck fact of this test's own."""

from __future__ import annotations

from pathlib import Path

from conftest import load_games

from cardstock.init import init_project
from cardstock.rules.provenance.coverage import statements

GAME = "moon-race"
DECK = """
[[facts]]
kind = "deck"
name = "Dawn and Eclipse are cards of the deck"
cards = ["dawn", "Eclipse"]
deck = { set = "deck" }
called = "the draw pile"
cite = { line = 3, says = "the deck holds the Dawn and the Eclipse" }
"""


def test_a_deck_fact_states_its_cards_its_deck_and_its_name_in_the_book(tmp_path: Path) -> None:
    root = tmp_path / GAME
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    with (root / "catalog" / GAME / "rules.toml").open("a", encoding="utf-8") as f:
        f.write(DECK)
    catalogs, found = load_games(root, [GAME])
    assert not found.errors, [i.render() for i in found.errors]
    catalog = catalogs[0]
    [deck] = [s for s in statements(catalog) if "Dawn and Eclipse" in s.rule]
    names = {c.id: c.name for c in catalog.components}
    set_name = next(s.name for s in catalog.game.sets if s.id == "deck")
    assert {names["dawn"], "Eclipse", set_name, "the draw pile"} <= set(deck.names)
    assert deck.lines == [3]
