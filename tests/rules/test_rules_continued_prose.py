"""A card whose text continues onto more printed cards is read whole: a rule stated in the
templates alone (a rule fact with no `at`) is held in its last part too. The starter's
"From the Designer" continues onto a second card; a sentence added at its end that turns
the winning rule round fails `prose-words`, at the card's line."""

from __future__ import annotations

from pathlib import Path

from helpers_edits import STARTER, failures, starter

END = "The ideas this deck is proudest of came from players who did."
WRONG = END + " The last player with no cards left wins."


def _edited(tmp_path: Path, new: str) -> list[str]:
    root = starter(tmp_path, full=True)
    game = root / "catalog" / STARTER / "game.toml"
    text = game.read_text(encoding="utf-8")
    assert END in text
    game.write_text(text.replace(END, new), encoding="utf-8")
    return failures(root, STARTER, {"prose-words"})


def test_a_rule_turned_round_in_a_continued_cards_last_part_fails(tmp_path: Path) -> None:
    found = _edited(tmp_path, WRONG)
    assert any(
        f"catalog/{STARTER}/game.toml:" in f
        and "says 'last' where fact 'first-out'" in f
        and "states 'first'" in f
        for f in found
    ), found


def test_the_same_card_saying_the_rule_as_stated_passes(tmp_path: Path) -> None:
    assert _edited(tmp_path, END + " The first player with no cards left wins.") == []
