"""A JSON or YAML card database (ArkhamDB's, say) holds keys no cell can hold: a list of
mappings (`deck_options`), mappings nested deeper than a column can name. Under
`extra_columns = "ignore"` a key no field reads is ignored whatever it holds, on every
row; a field or a row rule that reads such a key is told, at the row
(docs/catalog-format.md, "extra_columns")."""

from __future__ import annotations

import json
from pathlib import Path

GAME = """id = "ark"
title = "Ark"
version = "1.0"
players = { min = 1, max = 4 }

[backs.inv]
title = "Investigator"

[[sets]]
id = "investigators"
name = "Investigators"
kind = "card"
back = "inv"
group = "Investigators"
table = "cards.json"
extra_columns = "ignore"
keep_rows = [{ column = "type_code", is = "investigator" }]
fields.health = { type = "str" }
"""

ROWS = [
    {
        "code": "01001",
        "name": "Roland Banks",
        "type_code": "investigator",
        "health": 9,
        "deck_options": [
            {"faction": ["guardian", "neutral"], "level": {"min": 0, "max": 5}},
            {"trait": ["tactic"], "level": {"min": 0, "max": 0}},
        ],
        "restrictions": {"investigator": {"01001": "01001"}},
    },
    {
        "code": "01002",
        "name": "Daisy Walker",
        "type_code": "investigator",
        "health": 5,
        "deck_options": [{"faction": ["seeker", "neutral"]}],
        "traits": [["Miskatonic"], [{"deep": 1}]],
    },
    {
        "code": "01006",
        "name": "Roland's .38 Special",
        "type_code": "asset",
        "bonded_cards": [{"code": "01007", "count": 1}],
    },
]


def project(root: Path, extra: str = "") -> Path:
    folder = root / "catalog" / "ark"
    folder.mkdir(parents=True)
    (folder / "game.toml").write_text(GAME + extra, encoding="utf-8")
    (folder / "cards.json").write_text(json.dumps(ROWS, indent=2), encoding="utf-8")
    return root


def row_lines() -> list[str]:
    """Where each row of the table starts, as messages locate it."""
    text = json.dumps(ROWS, indent=2).splitlines()
    return [f"catalog/ark/cards.json:{n}" for n, line in enumerate(text, 1) if line == "  {"]


def test_keys_no_field_reads_are_ignored_whatever_they_hold(cli, tmp_path):
    result = cli("--root", str(project(tmp_path)), "catalog", "ark", "--json")
    assert result.code == 0, result.err
    found = {c["id"]: c["fields"] for c in json.loads(result.out)["components"]}
    assert found == {"roland-banks": {"health": "9"}, "daisy-walker": {"health": "5"}}


def test_a_field_that_reads_a_list_of_mappings_is_told_at_the_row(cli, tmp_path):
    root = project(tmp_path, 'fields.deck_options = { type = "list" }\n')
    result = cli("--root", str(root), "catalog", "ark")
    assert result.code == 2
    located = [line for line in result.err.splitlines() if "deck_options:" in line]
    assert [line.split(": ")[0] for line in located] == row_lines()[:2]
    assert "not a list of mappings" in located[0] and "Traceback" not in result.err


def test_a_row_rule_that_reads_a_list_of_mappings_is_told_at_the_row(cli, tmp_path):
    root = project(tmp_path, 'skip_rows = [{ column = "bonded_cards", is = "01007" }]\n')
    result = cli("--root", str(root), "catalog", "ark")
    assert result.code == 2
    assert f"{row_lines()[2]}: bonded_cards: " in result.err
    assert "not a list of mappings" in result.err and "Traceback" not in result.err
