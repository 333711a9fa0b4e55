"""`kind = "names"` with `caption`: a table's title names exactly the decks a filter picks
out, so a title whose deck name is edited to another fails. The project is the starter of
`cardstock init` with a table and a fact of this test's own."""

from __future__ import annotations

from pathlib import Path

from helpers_edits import STARTER as GAME
from helpers_edits import failures as failed
from helpers_edits import starter

FACT = """
[[facts]]
kind = "names"
id = "powers-title"
name = "the powers table lists the Deck's cards"
caption = "powers"
decks = { set = "deck" }
"""


def failures(tmp_path: Path, title: str) -> list[str]:
    table = (
        f'\n[tables.powers]\ntitle = "{title}"\ncolumns = ["Card", "Power"]\nrows = [["Dawn", 2]]\n'
    )
    return failed(starter(tmp_path, game=table, rules=FACT), GAME, {"facts"})


def test_a_title_naming_the_deck_passes(tmp_path: Path) -> None:
    assert failures(tmp_path, "Powers of the Deck") == []


def test_a_title_naming_another_deck_fails_at_the_title(tmp_path: Path) -> None:
    found = failures(tmp_path, "Powers of the Pile")
    assert len(found) == 1
    assert "table powers's title" in found[0] and "does not name 'Deck'" in found[0]
    assert "game.toml" in found[0]
