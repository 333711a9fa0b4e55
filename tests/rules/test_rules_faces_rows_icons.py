"""Three holds on what a player reads, on the starter of `cardstock init`: a die's faces
name what the rules say it shows (`kind = "faces"`), a rule word held in every row of a
table (`row = "*"`), and an icon typed in a template beside a word of another icon's label.
Each passes as written and fails, located and with both values, when edited."""

from __future__ import annotations

from pathlib import Path

from helpers_edits import STARTER as GAME
from helpers_edits import failures, starter

DIE = """
[[sets]]
id = "dice"
name = "Dice"
kind = "die"
group = "Dice"
fields = { faces = { type = "list", required = true } }
rows = [{ id = "suit-die", name = "Suit Die", count = 1, faces = "FACES" }]
"""
FACES = """
[[facts]]
kind = "faces"
id = "suit-die-suits"
name = "every face of the Suit Die is a suit"
die = "suit-die"
names = { set = "deck" }
by = "suit"
"""
TABLE = """
[tables.timing]
title = "When"
columns = ["Step", "What happens"]
rows = [
  ["Dawn", "every player draws a card"],
  ["Dusk", "ROW"],
]
"""
ROWS = """
[[facts]]
kind = "rule"
id = "all-draw"
name = "everyone draws"
value = "every player"
opposites = ["one player", "the leader"]
says = "{value} draws"
at = [{ table = "timing", row = "*", column = "What happens" }]
"""


def _faces(tmp_path: Path, faces: str) -> list[str]:
    root = starter(tmp_path, game=DIE.replace("FACES", faces), rules=FACES)
    return failures(root, GAME, {"facts"}, ran={"every face of the Suit Die is a suit"})


def test_a_die_whose_faces_are_suits_passes(tmp_path: Path) -> None:
    assert _faces(tmp_path, ":sun: Sun|:moon: Moon|Sun|Moon|Sun|Moon") == []


def test_a_face_naming_no_suit_fails_at_the_die_with_the_face_and_the_suits(
    tmp_path: Path,
) -> None:
    found = _faces(tmp_path, ":sun: Sun|:moon: Moon|Sun|Moon|Sun|:spark: Spark")
    assert len(found) == 1, found
    assert f"catalog/{GAME}/game.toml:" in found[0]
    assert "Suit Die's face ':spark: Spark' names none of set deck (Moon, Sun)" in found[0]


def _rows(tmp_path: Path, row: str) -> list[str]:
    root = starter(tmp_path, game=TABLE.replace("ROW", row), rules=ROWS)
    return failures(root, GAME, {"facts"}, ran={"everyone draws"})


def test_every_row_saying_the_value_passes(tmp_path: Path) -> None:
    assert _rows(tmp_path, "every player draws again") == []


def test_a_row_saying_an_opposite_fails_at_its_line_with_both_words(tmp_path: Path) -> None:
    found = _rows(tmp_path, "the leader draws a card")
    assert len(found) == 1, found
    assert "the rulebook states 'every player', table timing, row 'Dusk'" in found[0]
    assert "says 'the leader'" in found[0]
    assert f"catalog/{GAME}/game.toml:" in found[0]


def test_a_table_where_no_row_says_the_value_fails(tmp_path: Path) -> None:
    root = starter(tmp_path, game=TABLE.replace("ROW", "nothing"), rules=ROWS)
    table = root / "catalog" / GAME / "game.toml"
    text = table.read_text(encoding="utf-8")
    table.write_text(text.replace("every player draws a card", "rest"), encoding="utf-8")
    found = failures(root, GAME, {"facts"})
    assert any("no row of table timing says 'every player draws'" in f for f in found), found


def _icons(tmp_path: Path, line: str) -> list[str]:
    root = starter(tmp_path)  # the starter's own `typed` fact reads its rulebook
    book = root / "layouts" / GAME / "rulebook.md.j2"
    with book.open("a", encoding="utf-8") as f:
        f.write(f"\n{line}\n")
    return [f for f in failures(root, GAME, {"facts"}) if "icon" in f]


def test_an_icon_beside_its_own_word_passes(tmp_path: Path) -> None:
    assert _icons(tmp_path, "Play :sun: Sun cards on :moon: Moon cards.") == []


def test_an_icon_beside_another_icons_word_fails_naming_both_labels(tmp_path: Path) -> None:
    found = _icons(tmp_path, "Play :sun: Moon cards first.")
    assert len(found) == 1, found
    assert "rulebook.md.j2:" in found[0]
    assert (
        "types ':sun: Moon': 'Moon' is a word of icon moon's label ('Moon'), not of sun's"
        in (found[0])
    )


def test_with_every_each_suit_is_on_exactly_one_face(tmp_path: Path) -> None:
    rules = FACES + "every = true\n"
    one = starter(tmp_path / "one", game=DIE.replace("FACES", ":sun: Sun|:moon: Moon"), rules=rules)
    assert failures(one, GAME, {"facts"}) == []
    two = starter(tmp_path / "two", game=DIE.replace("FACES", ":sun: Sun|Sun"), rules=rules)
    found = failures(two, GAME, {"facts"})
    assert any("Suit Die shows 'Moon' on 0 faces" in f for f in found), found
    assert any("Suit Die shows 'Sun' on 2 faces" in f for f in found), found
