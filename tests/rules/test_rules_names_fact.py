"""`kind = "names"`: a designer's choice or a table note names exactly the cards (or decks)
a filter picks out — a name edited to another card's, a card left out, or a topic renamed,
fails naming what the text says and what the data holds. The project is the starter of
`cardstock init` with a designer's choice and a fact of this test's own."""

from __future__ import annotations

from pathlib import Path

from conftest import run_checks

from cardstock.core.cache import memory_cache
from cardstock.init import init_project
from cardstock.validate import validate

GAME = "moon-race"
CHOICE = "the Sun cards are Dawn, Noon and Eclipse; the Deck holds both suits"
CARDS_FACT = """
[[facts]]
kind = "names"
id = "sun-cards"
name = "the Sun cards"
topic = "suits"
cards = { set = "deck", field = "suit", equals = "Sun" }
says = "are {names};"
"""
DECKS_FACT = """
[[facts]]
kind = "names"
id = "the-deck"
name = "both suits are in the Deck"
topic = "suits"
decks = { set = "deck" }
says = "; the {names} holds"
"""


def failures(tmp_path: Path, choice: str = CHOICE, topic: str = "suits") -> list[str]:
    root = tmp_path / GAME
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    folder = root / "catalog" / GAME
    with (folder / "game.toml").open("a", encoding="utf-8") as f:
        f.write(f'\n[[designer_choices]]\ntopic = "{topic}"\nchoice = "{choice}"\n')
    with (folder / "rules.toml").open("a", encoding="utf-8") as f:
        f.write(CARDS_FACT + DECKS_FACT)
    found = validate(root, [GAME], memory_cache())
    assert not found.issues.errors, [i.render() for i in found.issues.errors]
    report = run_checks(found.catalogs, only={"facts"}).game(GAME)
    return [
        f"{c.rule}: {i.render()}" for c in report.checks if c.status == "fail" for i in c.findings
    ]


def test_a_choice_naming_what_the_data_picks_out_passes(tmp_path: Path) -> None:
    assert failures(tmp_path) == []


def test_a_card_name_edited_to_another_cards_fails_naming_both(tmp_path: Path) -> None:
    found = failures(tmp_path, CHOICE.replace("Eclipse", "Dusk"))
    assert len(found) == 1, found
    line = found[0]
    assert f"catalog/{GAME}/game.toml:" in line and "designer_choices[0]" in line
    assert "names 'Dusk'" in line and "does not name 'Eclipse'" in line


def test_a_card_left_out_of_the_list_fails(tmp_path: Path) -> None:
    found = failures(tmp_path, CHOICE.replace("Dawn, Noon and Eclipse", "Dawn and Noon"))
    assert len(found) == 1 and "does not name 'Eclipse'" in found[0], found


def test_a_renamed_topic_fails_both_facts(tmp_path: Path) -> None:
    found = failures(tmp_path, topic="colours")
    assert len(found) == 2, found
    assert all("no designer's choice has the topic 'suits'" in f for f in found)


def test_a_deck_the_text_does_not_name_where_says_puts_it_fails(tmp_path: Path) -> None:
    found = failures(tmp_path, CHOICE.replace("the Deck holds", "the pile holds"))
    assert len(found) == 1 and "does not name 'Deck'" in found[0], found
