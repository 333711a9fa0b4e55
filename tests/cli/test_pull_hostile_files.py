"""What a project folder holds besides its tables cannot make `cardstock pull`, `check` or
`build` fail inside: a `pinned.toml` that is not what pull writes is an error at its line
(and a pull writes it anew), a game file whose `sets` is not a list of tables is the
validation's error, and the copy of the game a pull checks the downloaded tables in holds
only what the door reads (`core.files`): a pipe is not opened, a file over the 64 MB bound
(a sparse file of gigabytes) is not copied. The sheet is served for real (the HTTPS server
of `test_pull`)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from helpers_pull import CSV, _serve, online
from playtest_project import GAME, project

from cardstock.cli import main, pull
from cardstock.core.files import MAX_BYTES

DEEP = "x = " + "[" * 5000 + "]" * 5000 + "\n"


@pytest.fixture
def served(tmp_path, monkeypatch):
    """A starter whose deck is a sheet on the test's HTTPS server, not pulled yet; the
    temporary copy a pull checks is made inside the test's folder."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    for base, routes, _ in _serve(tmp_path, monkeypatch):
        root = project(tmp_path / "p")
        sheet = online(root, f"{base}/sheet.csv")
        routes["/sheet.csv"] = (200, CSV, sheet.read_bytes())
        yield root


def run(root: Path, *args: str) -> int:
    return main(["--root", str(root), *args])


def game_folder(root: Path) -> Path:
    return root / "catalog" / GAME


# ------------------------------------------------------------------------ pinned.toml


@pytest.mark.parametrize(
    "text, said",
    [("tables = 1\n", "1: tables: is a number"), (DEEP, "1: not read as TOML: arrays")],
    ids=["tables a number", "nested 5,000 deep"],
)
@pytest.mark.parametrize(
    "command", [["check"], ["build", "--only", "svg", "--jobs", "1"]], ids=["check", "build"]
)
def test_a_pinned_file_that_is_not_what_pull_writes_is_an_error_at_its_line(
    tmp_path, capsys, text, said, command
):
    root = project(tmp_path / "p")
    online(root, "https://example.org/sheet.csv")
    (game_folder(root) / "pinned.toml").write_text(text)
    capsys.readouterr()
    assert run(root, *command) == 2
    err = capsys.readouterr().err
    assert f"catalog/{GAME}/pinned.toml:{said}" in err, err
    assert "internal error" not in err
    assert not (root / "output").exists()


def test_a_pull_says_what_it_cannot_read_of_the_pinned_file_and_writes_it_anew(served, capsys):
    pins = game_folder(served) / "pinned.toml"
    pins.write_text("tables = 1\n")
    capsys.readouterr()
    assert run(served, "pull", "--dry-run") == 0
    err = capsys.readouterr().err
    assert err.startswith(f"catalog/{GAME}/pinned.toml:1: tables: warning: is a number"), err
    assert pins.read_text() == "tables = 1\n"
    assert run(served, "pull", "--yes") == 0
    assert "[tables.deck]" in pins.read_text()
    assert run(served, "check") == 0


# ------------------------------------------------------------------------ the game file


@pytest.mark.parametrize("value", ["5", "[1, 2]"])
def test_a_game_file_whose_sets_is_not_a_list_of_tables_is_the_validations_error(
    tmp_path, capsys, value
):
    root = project(tmp_path / "p")
    game = game_folder(root) / "game.toml"
    text = game.read_text()
    game.write_text(f"sets = {value}\n" + text[: text.index("[[sets]]")])
    capsys.readouterr()
    assert run(root, "check") == 2
    checked = capsys.readouterr().err
    assert run(root, "pull", "--dry-run") == 2
    assert capsys.readouterr().err == checked
    assert checked.startswith(f"catalog/{GAME}/game.toml:1: sets"), checked


# ------------------------------------------------------------ the copy a pull checks in


def staged_files(monkeypatch) -> list[str]:
    """The files of the copy each pull checks (listed as its check starts), relative to
    the copy's game folder."""
    seen: list[str] = []
    checked = pull._check

    def listing(staged: Path, game: str) -> int:
        folder = staged / "catalog" / game
        seen.extend(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
        return checked(staged, game)

    monkeypatch.setattr(pull, "_check", listing)
    return seen


def test_a_pipe_in_the_game_folder_is_left_out_of_the_copy_a_pull_checks(
    served, capsys, monkeypatch
):
    os.mkfifo(game_folder(served) / "art" / "pipe")
    seen = staged_files(monkeypatch)
    capsys.readouterr()
    assert run(served, "pull", "--dry-run") == 0
    said = capsys.readouterr()
    assert "dry run: nothing was changed" in said.out and said.err == ""
    assert "art/dawn.svg" in seen and "art/pipe" not in seen


def test_a_file_over_the_bound_is_not_copied_for_the_check(served, capsys, monkeypatch):
    with open(game_folder(served) / "art" / "unused.bin", "wb") as big:
        big.truncate(MAX_BYTES + 1)  # sparse: nothing written, but a copy would write it all
    seen = staged_files(monkeypatch)
    capsys.readouterr()
    assert run(served, "pull", "--dry-run") == 0
    assert "art/dawn.svg" in seen and "art/unused.bin" not in seen


def test_a_file_left_out_that_the_cards_name_is_said_when_the_check_fails(served, capsys):
    art = game_folder(served) / "art" / "dawn.svg"
    art.unlink()
    os.mkfifo(art)
    capsys.readouterr()
    assert run(served, "pull", "--dry-run") == 2
    err = capsys.readouterr().err
    assert (
        f"catalog/{GAME}/art/dawn.svg: warning: left out of the copy the pulled tables were "
        "checked in: it is not a regular file"
    ) in err, err
    assert "internal error" not in err
