"""The starter of `cardstock init` shows each kind of check once and its mutation test shows
what they hold: the suit totals, each suit's icon, the player count, the rule word of its
Playing section and what Tide's text does are held to lines of its `rules.md`; each card's
power is declared the designer's own and listed apart. A card's text is read as a player
reads it (a coloured span as its words), and a constraint's finding names the designer's
text file as its source."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from helpers_edits import STARTER as GAME
from helpers_edits import failures, starter

import cardstock


def test_the_starters_checker_file_is_no_longer_than_its_game_files() -> None:
    folder = Path(cardstock.__file__).parent / "starter" / "catalog" / "_game_"
    lines = {
        p.name: len(p.read_text(encoding="utf-8").splitlines())
        for p in folder.iterdir()
        if p.is_file()
    }
    assert "signed.toml" not in lines
    assert lines["rules.toml"] <= lines["game.toml"] + lines["cards.csv"], lines
    kinds = (folder / "rules.toml").read_text(encoding="utf-8")
    for kind in ("[[counts]]", "[[constraints]]", "[setup]", "[[mutate.designer_values]]"):
        assert kinds.count(kind) == 1, kind
    for fact in ("players", "rule", "card", "typed"):
        assert kinds.count(f'kind = "{fact}"') == 1, fact


def test_the_starters_mutation_test_catches_every_edit_of_what_its_facts_state(
    tmp_path: Path,
) -> None:
    root = starter(tmp_path)
    out = subprocess.run(
        [sys.executable, "-m", "cardstock", "check", GAME, "--mutate", "--runs", "20"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=900,
    )
    report = out.stdout
    # the powers are the designer's: listed apart, not counted, and no declaration is stale
    assert "9 edit a designer's own value" in report, report
    assert "mutate.designer_values[0]:" not in report, report
    survivors = report.split("survivors (", 1)[1].split("designer's values (", 1)[0]
    # no edit of what a fact, a count or the constraint states survives: the survivors are
    # the rule words the starter states no fact for
    tide = ("cards.csv:8: word", "column text, rows 7 and 8", "column text, rows 8 and 9")
    for held in ("'last'", "suit_icon", "game.toml:", "suit, rows", *tide):
        assert held not in survivors, survivors
    assert "'wins' -> 'loses'" in survivors, survivors


def test_a_card_showing_the_other_suits_icon_breaks_the_suit_icon_rule(tmp_path: Path) -> None:
    root = starter(tmp_path, cards=("Dawn,3,Sun,sun,", "Dawn,3,Sun,moon,"))
    found = failures(root, GAME, {"constraints"})
    assert len(found) == 1, found
    assert f"catalog/{GAME}/cards.csv:3: suit_icon: dawn: suit_icon is moon" in found[0], found
    assert "source rules.md:9" in found[0], found


MIDNIGHT = """
[[facts]]
kind = "card"
name = "Midnight earns two sparks"
card = "midnight"
called = "Midnight"
contains = { text = "Take two" }
cite = { line = 12, says = "Midnight pays the most sparks" }
"""


def test_a_card_fact_reads_a_coloured_span_as_its_words(tmp_path: Path) -> None:
    assert failures(starter(tmp_path / "a", rules=MIDNIGHT), GAME, {"facts"}) == []
    edited = ("Take [two]{color", "Take [three]{color")
    found = failures(starter(tmp_path / "b", rules=MIDNIGHT, cards=edited), GAME, {"facts"})
    assert len(found) == 1, found
    assert "Midnight (midnight) text: the rulebook states 'Take two'" in found[0], found
    assert "source rules.md:12" in found[0], found


def test_a_card_whose_text_says_the_opposite_direction_breaks_its_fact(tmp_path: Path) -> None:
    root = starter(tmp_path, cards=("to the left.", "to the right."))
    found = failures(root, GAME, {"facts"})
    assert len(found) == 1 and "Tide (tide)" in found[0], found


def test_a_player_count_off_the_rules_line_fails(tmp_path: Path) -> None:
    root = starter(tmp_path)
    game = root / "catalog" / GAME / "game.toml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("max = 4", "max = 5", 1), encoding="utf-8")
    found = failures(root, GAME, {"facts"})
    assert any("two to four players" in f for f in found), found
