"""`cardstock init --bare` starts a project for a designer who brings tables of their own:
a commented game file, a one-row table to replace and a rulebook that lists the
components, with no example icons, art, rules or card layout to delete. It builds and
passes its check as written, and again once its table is the designer's own (a Squib
export with its `qty` column and notes)."""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from pathlib import Path

from conftest import ROOT
from pypdf import PdfReader


def files_under(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def test_a_bare_project_holds_only_what_a_project_of_ones_own_keeps(tmp_path, cli):
    made = cli("init", str(tmp_path / "old"), "--name", "Old Game", "--bare")
    assert made.code == 0, made.err
    assert files_under(tmp_path / "old") == [
        ".github/workflows/cardstock.yml",
        ".gitignore",
        ".gitlab-ci.yml",
        "catalog/old-game/cards.csv",
        "catalog/old-game/game.toml",
        "layouts/old-game/rulebook.md.j2",
    ]
    game = tomllib.loads((tmp_path / "old" / "catalog/old-game/game.toml").read_text())
    assert game["id"] == "old-game" and game["title"] == "Old Game"
    assert "icons" not in game and [s["table"] for s in game["sets"]] == ["cards.csv"]


def test_a_bare_project_checks_and_builds_as_written(tmp_path, cli):
    root = tmp_path / "old"
    assert cli("init", str(root), "--name", "Old Game", "--bare").code == 0
    checked = cli("--root", str(root), "check")
    assert checked.code == 0, checked.out + checked.err
    assert "FAIL" not in checked.out
    built = cli("--root", str(root), "--only", "pnp,rulebook", "--paper", "a4")
    assert built.code == 0, built.err
    book = PdfReader(root / "output/old-game/old-game-rulebook.pdf")
    assert "Components" in "".join(p.extract_text() for p in book.pages)


def test_the_designers_own_table_replaces_the_one_row(tmp_path, cli):
    root = tmp_path / "old"
    assert cli("init", str(root), "--name", "Old Game", "--bare").code == 0
    folder = root / "catalog" / "old-game"
    (folder / "cards.csv").write_text(
        "name,qty,text,notes\nNinja,3,Strike first.,balance later\nPirate,2,Steal a card.,\n",
        encoding="utf-8",
    )
    game = folder / "game.toml"
    game.write_text(
        game.read_text().replace(
            '# Columns no field reads (notes, formulas):      extra_columns = "ignore"',
            'extra_columns = "ignore"',
        ),
        encoding="utf-8",
    )
    built = cli("--root", str(root), "--only", "pnp", "--paper", "a4")
    assert built.code == 0, built.err
    sheets = PdfReader(root / "output/old-game/old-game-pnp-a4.pdf")
    text = sheets.pages[0].extract_text()
    assert text.count("Ninja") == 3 and text.count("Pirate") == 2


def test_the_wheel_carries_every_file_of_the_bare_project():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = config["package-data"]["cardstock"]
    bare = ROOT / "cardstock" / "bare"
    files = [p.relative_to(ROOT / "cardstock").as_posix() for p in bare.rglob("*") if p.is_file()]
    assert "bare/catalog/_game_/game.toml" in files
    for rel in files:
        assert any(fnmatch(rel, pattern) for pattern in patterns), f"{rel} would be left out"
