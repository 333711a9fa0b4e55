"""The starter of `cardstock init` states its rules as data and its mutation test shows it:
the player count, each suit's icon and what three cards' texts do are held to lines of its
`rules.md`; each card's power and copies are declared the designer's own and signed, so
`check --mutate` catches every edit, those values' by their signatures. A card's
text is read as a player reads it (a coloured span as its words), and a constraint's finding
names the designer's text file as its source."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from helpers_edits import STARTER as GAME
from helpers_edits import failures, starter


def test_every_edit_of_the_starter_is_caught_its_designers_values_by_their_signatures(
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
    assert out.returncode == 0, out.stdout + out.stderr
    assert "0 accepted as flavour, 0 unexplained" in out.stdout, out.stdout
    assert "survivors (" not in out.stdout, out.stdout
    # the declared powers and copies are signed: their edits are caught, none survives
    assert "0 survive: 0 change a designer's own value" in out.stdout, out.stdout
    assert "of them designer's values)" in out.stdout, out.stdout


def test_a_card_showing_the_other_suits_icon_breaks_the_suit_icon_rule(tmp_path: Path) -> None:
    root = starter(tmp_path, cards=("Dawn,3,Sun,sun,", "Dawn,3,Sun,moon,"))
    found = failures(root, GAME, {"constraints"})
    assert len(found) == 1, found
    assert f"catalog/{GAME}/cards.csv:3: suit_icon: dawn: suit_icon is moon" in found[0], found
    assert "source rules.md:9" in found[0], found


def test_a_card_fact_reads_a_coloured_span_as_its_words(tmp_path: Path) -> None:
    assert failures(starter(tmp_path / "a"), GAME, {"facts"}) == []
    edited = ("Take [two]{color", "Take [three]{color")
    found = failures(starter(tmp_path / "b", cards=edited), GAME, {"facts"})
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
