"""`[clean]`'s replacements are bounded: each reads what the ones before it made, so a few
entries that each lengthen their text would multiply a cell past any memory. A cell the
clean-up would make longer than a CSV cell may be (`MAX_CELL`) refuses the game once, at
the entry's line in the game file, before the longer text is made."""

from __future__ import annotations

from pathlib import Path

GAME = """id = "port"
title = "Port"
version = "1.0"
players = { min = 1, max = 2 }

[icons.fire]
symbol = "flame"

[backs.deck]
title = "Port"

[clean]
{clean}

[[sets]]
id = "cards"
name = "Cards"
kind = "card"
group = "Cards"
back = "deck"
table = "cards.csv"
fields = { text = { type = "text" } }

[[sets]]
id = "more"
name = "More"
kind = "card"
group = "More"
back = "deck"
table = "more.csv"
fields = { text = { type = "text" } }
"""
TABLE = "name,text\nBlaze,P\nMint,P P\n"


def project(root: Path, clean: str) -> Path:
    folder = root / "catalog" / "port"
    folder.mkdir(parents=True)
    (folder / "game.toml").write_text(GAME.replace("{clean}", clean), encoding="utf-8")
    (folder / "cards.csv").write_text(TABLE, encoding="utf-8")
    (folder / "more.csv").write_text(TABLE, encoding="utf-8")
    return root


def chain(key: str, steps: int) -> str:
    """`steps` entries after `P` → `a`, each making one letter 60 of the next: a cell of
    one `P` would grow to 60**steps characters."""
    letters = "abcdefgh"
    pairs = [("P", "a")] + [(letters[i], letters[i + 1] * 60) for i in range(steps)]
    return f"{key} = {{ " + ", ".join(f'"{old}" = "{new}"' for old, new in pairs) + " }"


def test_chained_replacements_are_made_up_to_a_cells_limit_and_refuse_the_game_once_past_it(
    cli, tmp_path
):
    within = project(tmp_path / "within", chain("replace", 2))  # 3,600 characters a cell
    result = cli("--root", str(within), "catalog", "port", "--json")
    assert result.code == 0, result.err
    assert '"text": "' + "c" * 3600 + '"' in result.out
    root = project(tmp_path / "past", chain("replace", 4))  # 60**4 = 12,960,000 characters a cell
    result = cli("--root", str(root), "check", "port")
    assert result.code == 2
    errors = [line for line in result.err.splitlines() if ": clean." in line]
    assert len(errors) == 1, result.err  # two sets, three cells: one message
    assert errors[0].startswith("catalog/port/game.toml:13: clean.replace: replacing 'c' ")
    assert "more than the 131,072 a cell may hold" in errors[0]


def test_emoji_read_as_icons_are_bounded_the_same_way(cli, tmp_path):
    # P → ":xxx…:", each x → ":yyy…:", each y → ":zzz…:": 60 * 62 * 62 characters a cell
    ids = {"P": "x" * 60, "x": "y" * 60, "y": "z" * 60}
    icons = "".join(f'\n[icons.{icon}]\nsymbol = "flame"\n' for icon in ids.values())
    emoji = "emoji = { " + ", ".join(f'"{k}" = "{v}"' for k, v in ids.items()) + " }"
    root = project(tmp_path, emoji + "\n" + icons)
    result = cli("--root", str(root), "check", "port")
    assert result.code == 2
    assert "catalog/port/game.toml:13: clean.emoji: replacing 'y' " in result.err
