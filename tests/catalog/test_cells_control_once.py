"""A lone surrogate in a JSON table's cell, valid JSON as `"\\ud800"`, is
reported once, by the cell check (`cells.control_problem`), at the row's line: the
character is left out of the cell as a CSV's is, so the field reading the cell does not
report it again as "Input should be a valid string" ("each problem once")."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES

SHOWN = "catalog/mini/cards.json"
ROW = (
    '{{"id": "ember", "name": {name}, "count": 2, "suit": "Fire", "strength": 3, '
    '"icon": "fire", "text": {text}}}'
)


def _project(tmp_path: Path, name: str, text: str, suffix: str = "json") -> Path:
    root = tmp_path / "project"
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    folder = root / "catalog" / "mini"
    (folder / "cards.csv").unlink()
    (folder / f"cards.{suffix}").write_text(
        "[\n" + ROW.format(name=name, text=text) + "\n]\n", "utf-8"
    )
    game = folder / "game.toml"
    game.write_text(
        game.read_text(encoding="utf-8").replace('"cards.csv"', f'"cards.{suffix}"'), "utf-8"
    )
    return root


class TestUnprintableCellsReportedOnce:
    @pytest.mark.parametrize(
        ("name", "text", "column", "char"),
        [
            ('"Ember\\ud800x"', '"Deal 1."', "name", "the character U+D800"),
            ('"Ember"', '"Deal \\udfff 1."', "text", "the character U+DFFF"),
        ],
    )
    def test_the_cell_is_reported_once_by_the_cell_check(
        self, cli, tmp_path, name, text, column, char
    ):
        root = _project(tmp_path, name, text)
        result = cli("--root", str(root), "build")
        assert result.code == 2, result.err
        said = (
            f"{SHOWN}:2: {column}: the cell holds {char}, which cannot be printed; remove it "
            "(an export from another program can leave these)"
        )
        assert said in result.err, result.err
        assert result.err.count(f"{SHOWN}:2: {column}:") == 1, result.err
        assert "1 error;" in result.err, result.err
        assert not (root / "output").exists()

    def test_a_surrogate_in_a_json_list_cell_is_reported_once(self, cli, tmp_path):
        root = _project(tmp_path, '"Ember"', '"Deal 1."')
        folder = root / "catalog" / "mini"
        game = folder / "game.toml"
        text = game.read_text(encoding="utf-8")
        game.write_text(
            text.replace(
                'fields.bonus = { type = "bool", default = false }',
                'fields.bonus = { type = "bool", default = false }\n'
                'fields.tags = { type = "list" }',
            ),
            "utf-8",
        )
        (folder / "cards.json").write_text(
            '[\n{"id": "ember", "name": "Ember", "count": 2, "suit": "Fire", "strength": 3, '
            '"tags": ["hot", "a\\ud800b"]}\n]\n',
            "utf-8",
        )
        result = cli("--root", str(root), "build")
        assert result.code == 2, result.err
        assert result.err.count(f"{SHOWN}:2: tags:") == 1, result.err
        assert "the cell holds the character U+D800" in result.err, result.err

    def test_a_clean_json_table_is_read(self, cli, tmp_path):
        root = _project(tmp_path, '"Ember"', '"Deal 1."')
        assert cli("--root", str(root), "list").code == 0
