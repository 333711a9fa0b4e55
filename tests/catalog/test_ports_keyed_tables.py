"""A YAML or JSON file that keeps its rows under a key, beside other data (a tile list
with the tiles each player count uses), as board games' data files often are: without a
`table_key` the message names the key the rows are under, with one the rows are read and
located at their own lines; a key the file lacks is named with the keys it has. Rows that
carry only an `id` are told how to name themselves by it."""

from __future__ import annotations

import json
from pathlib import Path

GAME = """id = "meadows"
title = "Meadows"
version = "1.0"
players = {{ min = 2, max = 4 }}

[[sets]]
id = "tiles"
name = "Tiles"
kind = "tile"
group = "Tiles"
size = "60mm x 30mm"
table = "data/{table}"
{extra}
fields.left = {{ type = "choice", choices = ["Fen", "Moor", "Heath"] }}
fields.right = {{ type = "choice", choices = ["Fen", "Moor", "Heath"] }}
"""

YAML = """pieces:
  - {tag: MW-1, left: Fen, right: Moor}
  - {tag: MW-2, left: Heath, right: Heath}
  - {tag: MW-3, left: Moor, right: Fen}

per_players:
  two:
    tags: [MW-1, MW-2]
"""

DATA = {
    "version": "2",
    "box": {
        "pieces": [
            {"tag": "MW-1", "left": "Fen", "right": "Moor"},
            {"tag": "MW-2", "left": "Heath", "right": "Heath"},
            {"tag": "MW-3", "left": "Moor", "right": "Fen"},
        ],
        "spare": [1, 2],
    },
}


def project(root: Path, table: str, text: str, extra: str) -> Path:
    folder = root / "catalog" / "meadows"
    (folder / "data").mkdir(parents=True)
    (folder / "game.toml").write_text(GAME.format(table=table, extra=extra), encoding="utf-8")
    (folder / "data" / table).write_text(text, encoding="utf-8")
    return root


def catalog(cli, root: Path):
    return cli("--root", str(root), "catalog", "meadows", "--json")


def test_rows_under_a_yaml_key_are_read_with_table_key(cli, tmp_path):
    extra = 'table_key = "pieces"\ncolumns = { name = "tag" }'
    result = catalog(cli, project(tmp_path, "tiles.yaml", YAML, extra))
    assert result.code == 0, result.err
    found = json.loads(result.out)["components"]
    assert [(c["id"], c["fields"]["left"]) for c in found] == [
        ("mw-1", "Fen"),
        ("mw-2", "Heath"),
        ("mw-3", "Moor"),
    ]


def test_without_table_key_the_message_names_the_key_the_rows_are_under(cli, tmp_path):
    result = catalog(cli, project(tmp_path, "tiles.yaml", YAML, 'columns = { name = "tag" }'))
    assert result.code == 2
    assert (
        "catalog/meadows/data/tiles.yaml:1: expected a list of rows, each a mapping such as "
        "'- name: Ember'; the file is a mapping, and its rows are under 'pieces': name the key "
        'in the set, table_key = "pieces"'
    ) in result.err


def test_a_row_error_under_a_yaml_key_names_the_row_s_own_line(cli, tmp_path):
    text = YAML.replace("right: Fen", "right: Bog")
    extra = 'table_key = "pieces"\ncolumns = { name = "tag" }'
    result = catalog(cli, project(tmp_path, "tiles.yaml", text, extra))
    assert result.code == 2
    assert "catalog/meadows/data/tiles.yaml:4: right:" in result.err


def test_rows_under_a_dotted_json_key_are_read_at_their_lines(cli, tmp_path):
    text = json.dumps(DATA, indent=2)
    extra = 'table_key = "box.pieces"\ncolumns = { name = "tag" }'
    result = catalog(cli, project(tmp_path, "tiles.json", text, extra))
    assert result.code == 0, result.err
    assert [c["name"] for c in json.loads(result.out)["components"]] == ["MW-1", "MW-2", "MW-3"]
    bad = project(tmp_path / "bad", "tiles.json", text.replace('"Fen"', '"Bog"', 1), extra)
    result = catalog(cli, bad)
    assert result.code == 2
    line = text.splitlines().index("      {") + 1  # the first row's opening brace
    assert f"catalog/meadows/data/tiles.json:{line}: left:" in result.err


def test_without_table_key_a_json_object_names_the_keys_holding_rows(cli, tmp_path):
    result = catalog(
        cli, project(tmp_path, "tiles.json", json.dumps(DATA), 'columns = { name = "tag" }')
    )
    assert result.code == 2
    assert "its rows are under 'box.pieces'" in result.err


def test_a_key_the_file_lacks_is_named_with_the_keys_it_has(cli, tmp_path):
    extra = 'table_key = "tiles"\ncolumns = { name = "tag" }'
    result = catalog(cli, project(tmp_path, "tiles.yaml", YAML, extra))
    assert result.code == 2
    assert "no key 'tiles' in the file; it has 'pieces', 'per_players'" in result.err
    result = catalog(cli, project(tmp_path / "j", "tiles.json", json.dumps(DATA), extra))
    assert result.code == 2
    assert "no key 'tiles' in the document; it has 'version', 'box'" in result.err


def test_table_key_on_a_csv_is_refused_at_its_line(cli, tmp_path):
    text = "tag,left,right\nMW-1,Fen,Moor\n"
    extra = 'table_key = "pieces"\ncolumns = { name = "tag" }'
    result = catalog(cli, project(tmp_path, "tiles.csv", text, extra))
    assert result.code == 2
    assert "catalog/meadows/game.toml:13: sets[0].table_key: table_key is for YAML" in result.err


def test_rows_with_only_ids_are_told_to_name_themselves_by_them(cli, tmp_path):
    text = "- {id: MW-1, left: Fen, right: Moor}\n"
    result = catalog(cli, project(tmp_path, "tiles.yaml", text, ""))
    assert result.code == 2
    assert (
        "name: the header has no such column, and every row needs it; the rows have ids: "
        'name them by their ids with columns = { name = "id" }'
    ) in result.err
