"""A JSON card list whose rows hold arrays (a card's expansions, its types), as card
databases for divider and tab generators keep them: a set grouped or named by such an
array prints its items, never Python's ['a', 'b']."""

from __future__ import annotations

import json
from pathlib import Path

GAME = """id = "tabs"
title = "Tabs"
version = "1.0"
players = { min = 2, max = 4 }

[backs.tab]
title = "Tabs"

[[sets]]
id = "cards"
name = "Cards"
kind = "card"
back = "tab"
table = "cards.json"
columns = { name = "card_tag" }
fields.boxes = { type = "list" }
fields.kinds = { type = "list" }
fields.price = { type = "str" }
"""

ROWS = [
    {"card_tag": "Lantern", "boxes": ["harbour"], "price": "3", "kinds": ["Tool"]},
    {
        "card_tag": "Ferryman",
        "boxes": ["harbour", "promo"],
        "price": "5*",
        "kinds": ["Helper", "Night"],
    },
    {"card_tag": "Kelp", "boxes": ["reef"], "price": "", "kinds": ["Crop"]},
]


def project(root: Path, group: str, ids: str = "") -> Path:
    folder = root / "catalog" / "tabs"
    folder.mkdir(parents=True)
    extra = f'group = "{group}"\n' + (f'ids = "{ids}"\n' if ids else "")
    (folder / "game.toml").write_text(GAME + extra, encoding="utf-8")
    (folder / "cards.json").write_text(json.dumps(ROWS, indent=4), encoding="utf-8")
    return root


def components(cli, root: Path) -> dict[str, dict]:
    result = cli("--root", str(root), "catalog", "tabs", "--json")
    assert result.code == 0, result.err
    return {c["id"]: c for c in json.loads(result.out)["components"]}


def test_a_group_named_by_an_array_prints_its_items_joined(cli, tmp_path):
    found = components(cli, project(tmp_path, "Box: {boxes}"))
    assert {k: c["group"] for k, c in found.items()} == {
        "lantern": "Box: harbour",
        "ferryman": "Box: harbour, promo",
        "kelp": "Box: reef",
    }
    assert found["ferryman"]["fields"]["kinds"] == ["Helper", "Night"]  # the field keeps its list
    listed = cli("--root", str(tmp_path), "catalog", "tabs")
    assert listed.code == 0, listed.err
    assert "['" not in listed.out and "Box: harbour, promo" in listed.out


def test_an_id_pattern_naming_an_array_uses_its_items(cli, tmp_path):
    found = components(cli, project(tmp_path, "Cards", ids="{boxes}-{name}"))
    assert sorted(found) == ["harbour-lantern", "harbour-promo-ferryman", "reef-kelp"]
