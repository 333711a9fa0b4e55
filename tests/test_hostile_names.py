"""Each place where a name read from a project becomes a path (`core.names`) is fed names
that are no plain name: a game's folder, a language asked for, the file notes are imported
from and the cards they name, a pinned copy's `file`, a print shop's name. Each ends in
one located message and exit 2 (a note on a card the project lacks is left out, said as a
warning), never an internal error, and nothing is written outside the project or below it
where it should not be. (`cardstock pull`'s set ids: `test_pull_hostile_ids.py`.)"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from helpers_bounds import files_below

from cardstock.catalog.remote import Pin, pins_toml
from cardstock.cli import main
from cardstock.core.issues import escaped
from cardstock.core.project import shipped_layouts

GAME = "moon-race"


@pytest.fixture
def root(tmp_path) -> Path:
    """The starter project, alone in the test's folder."""
    assert main(["init", str(tmp_path / "p"), "--name", "Moon Race"]) == 0
    return tmp_path / "p"


def run(root: Path, capsys, *args: str) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["--root", str(root), *args])
    said = capsys.readouterr()
    assert "internal error" not in said.out + said.err
    return code, said.err


@pytest.mark.parametrize("folder", ["-x", "x:y", "moon\x1brace", "x.", "m" * 130])
def test_a_game_folder_whose_name_is_no_plain_name_is_reported_by_its_folder(
    root, tmp_path, capsys, folder
):
    shutil.copytree(root / "catalog" / GAME, root / "catalog" / folder)
    before = files_below(tmp_path)
    code, err = run(root, capsys, "build", "--only", "svg")
    assert code == 2
    assert err.startswith("catalog/"), err
    assert "a game's folder cannot be named so: " in err
    assert files_below(tmp_path) == before


@pytest.mark.parametrize("game", ["../p", "..", "moon-race/../moon-race", "a\x00b"])
def test_a_game_named_on_the_command_line_is_one_of_the_projects(root, tmp_path, capsys, game):
    before = files_below(tmp_path)
    code, err = run(root, capsys, "build", "--only", "svg", "--", game)
    assert code == 2
    assert err.startswith("catalog: unknown game "), err
    assert files_below(tmp_path) == before


@pytest.mark.parametrize("lang", ["../../x", "de/../../x", "de\x00", "..", "-de"])
def test_a_language_asked_for_is_a_language_code(root, tmp_path, capsys, lang):
    before = files_below(tmp_path)
    code, err = run(root, capsys, "build", "--only", "svg", f"--lang={lang}")
    assert code == 2
    assert err.startswith("command line: --lang: "), err
    assert files_below(tmp_path) == before


NOTES = "card,note\n{card},too strong\n"


@pytest.mark.parametrize(
    "name", ["-notes.csv", "notes\x1b[2J.csv", "notes:x.csv", "notes\u202e.csv"]
)
def test_notes_are_not_kept_under_a_name_that_is_no_plain_name(root, tmp_path, capsys, name):
    export = tmp_path / "exports" / name
    export.parent.mkdir()
    export.write_text(NOTES.format(card="dawn"))
    before = files_below(tmp_path)
    code, err = run(root, capsys, "feedback", "--import", str(export))
    assert code == 2
    assert err.startswith(f"{escaped(str(export))}: cannot keep notes under this name: "), err
    assert files_below(tmp_path) == before


@pytest.mark.parametrize("card", ["../../x", "a/b", "dawn\x1b[2J", "C:dawn"])
def test_a_note_on_a_card_no_game_has_is_left_out_and_names_no_file(root, tmp_path, capsys, card):
    export = tmp_path / "notes.csv"
    export.write_text("card,note\ndawn,fine\n" + f'"{card}",too strong\n')
    code, err = run(root, capsys, "feedback", "--import", str(export))
    assert code == 0
    assert f"{export}:3: card: warning: left out: no game of this project has a card" in err
    made = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert [p for p in made if not p.startswith("p/") and p != "notes.csv"] == []
    assert (root / "playtest" / "feedback" / "notes.csv").is_file()


def online_with_pin(root: Path, file: str) -> None:
    """The starter's deck read from an address, its pinned copy said to be `file`."""
    folder = root / "catalog" / GAME
    game = folder / "game.toml"
    url = "https://example.org/sheet.csv"
    game.write_text(game.read_text().replace('table = "cards.csv"', f'table = "{url}"'))
    (folder / "pinned").mkdir()
    shutil.copy(folder / "cards.csv", folder / "pinned" / "deck.csv")
    pin = Pin("deck", url, "FILE", "2026-01-01T00:00:00+00:00", "0" * 64)
    text = pins_toml({"deck": pin}).replace('"FILE"', json.dumps(file))  # a TOML string
    (folder / "pinned.toml").write_text(text)


@pytest.mark.parametrize(
    "file", ["pinned/deck\x00.csv", "pinned/../cards.csv", "cards.csv", "pinned/a/deck.csv"]
)
def test_a_pinned_copy_is_a_file_of_the_pinned_folder(root, tmp_path, capsys, file):
    online_with_pin(root, file)
    before = files_below(tmp_path)
    code, err = run(root, capsys, "build", "--only", "svg")
    assert code == 2
    line = next(x for x in err.splitlines() if "sets[0].table" in x)
    assert line.startswith(f"catalog/{GAME}/game.toml:"), err
    assert f"catalog/{GAME}/pinned.toml:6: tables.deck.file: " in line, line
    assert files_below(tmp_path) == before


def test_a_print_shop_is_named_as_a_folder_can_be(root, tmp_path, capsys):
    shops = root / "layouts" / "print-shops.toml"
    shops.parent.mkdir(exist_ok=True)
    text = (shipped_layouts() / "print-shops.toml").read_text()
    shops.write_text(text.replace("[services.mpc]", '[services."../../../escaped"]'))
    (tmp_path / "escaped").mkdir()
    before = files_below(tmp_path)
    code, err = run(root, capsys, "build", "--only", "print-shop")
    assert code == 2
    assert err.startswith("layouts/print-shops.toml:"), err
    assert "services.../../../escaped: a name may not hold '/'" in err
    assert files_below(tmp_path) == before
