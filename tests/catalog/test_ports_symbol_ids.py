"""A row's default id, made from its name, keeps what the name's symbols say: a deck of
playing cards named `9♣` and `9♠` gets `9-clubs` and `9-spades`, not `9` twice; an emoji
or another symbol is spelled by its Unicode name; accents still fold as before. Names that
still make one id are a located error at the second row, saying where the id comes from."""

from __future__ import annotations

import json
from pathlib import Path

GAME = """id = "suits"
title = "Suits"
version = "1.0"
players = { min = 2, max = 4 }

[backs.deck]
title = "Suits"
color = "#223344"

[[sets]]
id = "deck"
name = "Deck"
kind = "card"
group = "Deck"
back = "deck"
table = "cards.csv"
"""


def project(root: Path, names: list[str]) -> Path:
    folder = root / "catalog" / "suits"
    folder.mkdir(parents=True)
    (folder / "game.toml").write_text(GAME, encoding="utf-8")
    rows = "".join(f"{n}\n" for n in names)
    (folder / "cards.csv").write_text(f"name\n{rows}", encoding="utf-8")
    return root


def test_a_playing_card_deck_keeps_its_suits_in_its_ids(cli, tmp_path):
    ranks = ["A", "2", "9", "10", "J", "Q", "K"]
    names = [f"{r}{s}" for s in "♠♥♦♣" for r in ranks]
    result = cli("--root", str(project(tmp_path, names)), "catalog", "suits", "--json")
    assert result.code == 0, result.err
    ids = [c["id"] for c in json.loads(result.out)["components"]]
    assert len(set(ids)) == len(names) == 28
    assert ids[:3] == ["a-spades", "2-spades", "9-spades"]
    assert "9-clubs" in ids and "10-hearts" in ids and "k-diamonds" in ids


def test_other_symbols_are_spelled_and_accents_fold(cli, tmp_path):
    names = ["Café Brawl", "🔥 Storm", "⚔ Duel", "Star ★", "½ Moon"]
    result = cli("--root", str(project(tmp_path, names)), "catalog", "suits", "--json")
    assert result.code == 0, result.err
    assert [c["id"] for c in json.loads(result.out)["components"]] == [
        "cafe-brawl",
        "fire-storm",
        "crossed-swords-duel",
        "star-star",
        "12-moon",
    ]


def test_names_that_still_make_one_id_are_a_located_error(cli, tmp_path):
    result = cli("--root", str(project(tmp_path, ["Nine!", "Nine?"])), "catalog", "suits")
    assert result.code == 2
    assert (
        "catalog/suits/cards.csv:3: id: duplicate id 'nine' in set 'deck'; first defined at "
        "catalog/suits/cards.csv:2 (made from the name 'Nine?'; give the rows an id column"
    ) in result.err
