"""A `skip` column or key leaves a row out, the same in every table format: the case that
failed was a YAML deck whose template rows a script had to strip, since only a CSV row
starting with `#` could be left out."""

from __future__ import annotations

import json

import pytest

TOML = "game.toml"
KEPT = ["Ember", "Flood"]


def use_table(mini, name: str, data: bytes | str) -> None:
    path = mini.path(name)
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    mini.replace(TOML, 'table = "cards.csv"', f'table = "{name}"')


def names(cli, mini) -> list[str]:
    result = cli("--root", str(mini.root), "catalog", "mini", "--json")
    assert result.code == 0, result.err
    return [c["name"] for c in json.loads(result.out)["components"] if c["set"] == "cards"]


def test_yaml_rows_with_a_true_skip_are_left_out(cli, mini):
    use_table(
        mini,
        "deck.yaml",
        "- name: Ember\n  suit: Fire\n"
        "- name: TEMPLATE\n  suit: Fire\n  skip: true\n"
        "- name: Flood\n  suit: Water\n  skip: false\n",
    )
    assert names(cli, mini) == KEPT


def test_json_rows_with_a_true_skip_are_left_out(cli, mini):
    rows = [
        {"name": "Ember", "suit": "Fire"},
        {"name": "Template", "suit": "Fire", "skip": True},
        {"name": "Flood", "suit": "Water", "skip": 0},
    ]
    use_table(mini, "deck.json", json.dumps(rows))
    assert names(cli, mini) == KEPT


@pytest.mark.parametrize("name, sep", [("deck.csv", ","), ("deck.tsv", "\t")])
def test_csv_and_tsv_rows_with_a_yes_in_skip_are_left_out(cli, mini, name, sep):
    lines = [["name", "suit", "Skip"], ["Ember", "Fire", ""], ["Draft", "Fire", "x"]]
    lines += [["Old", "Fire", "YES"], ["Flood", "Water", "no"]]
    use_table(mini, name, "".join(sep.join(row) + "\n" for row in lines))
    assert names(cli, mini) == KEPT


def test_xlsx_rows_with_a_true_skip_are_left_out(cli, mini):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    for row in [["name", "suit", "skip"], ["Ember", "Fire", None], ["Draft", "Fire", True]]:
        sheet.append(row)
    sheet.append(["Flood", "Water", False])
    book.save(mini.path("deck.xlsx"))
    mini.replace(TOML, 'table = "cards.csv"', 'table = "deck.xlsx"')
    assert names(cli, mini) == KEPT


def test_a_mapped_skip_column_and_inline_rows_skip_too(cli, mini):
    use_table(mini, "deck.csv", "name,suit,Draft\nEmber,Fire,\nIdea,Fire,1\nFlood,Water,\n")
    mini.replace(TOML, 'table = "deck.csv"', 'table = "deck.csv"\ncolumns = { skip = "Draft" }')
    assert names(cli, mini) == KEPT
    mini.replace(
        TOML,
        '{ id = "damage", name = "Damage", count = 10 }',
        '{ id = "damage", name = "Damage", count = 10, skip = true }',
    )
    result = cli("--root", str(mini.root), "catalog", "mini", "--json")
    assert result.code == 0, result.err
    assert "damage" not in [c["id"] for c in json.loads(result.out)["components"]]


def test_a_skip_that_is_not_a_yes_or_a_no_is_located(cli, mini):
    use_table(mini, "deck.yaml", "- name: Ember\n  suit: Fire\n  skip: maybe\n")
    result = cli("--root", str(mini.root), "catalog", "mini", "--json")
    assert result.code == 2
    assert "catalog/mini/deck.yaml:1: skip: expected a yes or a no to skip the row" in result.err
