"""A set's id names its pinned copy (`pinned/<id>.<type>`), so `cardstock pull` holds it to a
plain name (`core.names`) before anything is downloaded or written: an id that climbs out
of the folder, names a sub-folder, holds a NUL, is too long or is not text at all is
reported where the game file writes it, exit 2, and nothing is written anywhere — not in
the project, not beside it, not in the temporary copy a pull checks — with or without
`--dry-run`. The sheet is served for real (the HTTPS server of `test_pull`), so a pull that
let the id through would write it."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from helpers_bounds import files_below
from helpers_pull import CSV, _serve, online
from playtest_project import GAME, project

from cardstock.cli import main

# from the temporary copy's pinned/ folder (<tmp>/cardstock-pull-…/project/catalog/<game>/
# pinned), six steps up is the test's own folder, where `x/` waits to be written into
UP_TO_TEST = "../" * 6
HOSTILE = {
    "climbs out": f"{UP_TO_TEST}x/settings",
    "a sub-folder": "a/b",
    "a NUL": "deck\x00x",
    "up and back": "x/../../game.toml",
    "over-long": "d" * 300,
}


@pytest.fixture
def served(tmp_path, monkeypatch):
    """A starter whose deck is a sheet on the test's HTTPS server; the temporary copy a
    pull checks is made inside the test's folder, so a write out of it is seen."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    (tmp_path / "x").mkdir()
    for base, routes, _ in _serve(tmp_path, monkeypatch):
        root = project(tmp_path / "p")
        sheet = online(root, f"{base}/sheet.csv")
        routes["/sheet.csv"] = (200, CSV, sheet.read_bytes())
        yield root


def with_deck_id(root: Path, toml_value: str) -> int:
    """The game file with the deck's id written as `toml_value`; the line it is on."""
    game = root / "catalog" / GAME / "game.toml"
    lines = game.read_text().splitlines(keepends=True)
    at = lines.index('id = "deck"\n')
    lines[at] = f"id = {toml_value}\n"
    game.write_text("".join(lines))
    return at + 1


@pytest.mark.parametrize("dry_run", [False, True], ids=["pull", "dry-run"])
@pytest.mark.parametrize("set_id", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_set_id_that_is_not_a_plain_name_is_refused_where_it_is_written(
    served, tmp_path, capsys, set_id, dry_run
):
    line = with_deck_id(served, json.dumps(set_id))
    before = files_below(tmp_path)
    capsys.readouterr()
    assert main(["--root", str(served), "pull", *(["--dry-run"] if dry_run else [])]) == 2
    said = capsys.readouterr()
    assert said.err.startswith(f"catalog/{GAME}/game.toml:{line}: sets[0].id: "), said.err
    assert "internal error" not in said.out + said.err
    assert files_below(tmp_path) == before


@pytest.mark.parametrize("toml_value", ["5", '["deck"]', "{ a = 1 }", "true"])
def test_a_set_id_that_is_not_text_is_refused_where_it_is_written(
    served, tmp_path, capsys, toml_value
):
    line = with_deck_id(served, toml_value)
    before = files_below(tmp_path)
    capsys.readouterr()
    assert main(["--root", str(served), "pull", "--dry-run"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"catalog/{GAME}/game.toml:{line}: sets[0].id: an id of type "), err
    assert files_below(tmp_path) == before


@pytest.mark.parametrize("game", ["../p", "..", f"{GAME}/../{GAME}", "a\x00b", "-h"])
def test_a_game_named_on_the_command_line_is_a_plain_name(served, tmp_path, capsys, game):
    before = files_below(tmp_path)
    capsys.readouterr()
    assert main(["--root", str(served), "pull", "--", game]) == 2
    said = capsys.readouterr()
    assert said.err.startswith("catalog: no game can be named "), said.err
    assert "internal error" not in said.out + said.err
    assert files_below(tmp_path) == before
