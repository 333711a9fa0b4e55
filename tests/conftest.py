"""Shared helpers: the project root, a copy of a catalog to break, and the CLI run in-process."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from cardstock.cli import main

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
GAMES = ("alpha-omega-cards", "alpha-omega-tiles", "alter-ego", "atmosfear", "vortex")


def copy_project(root: Path, games: tuple[str, ...] = GAMES) -> Path:
    """A project at `root` holding the shipped `games` (their catalogs and layouts) and the
    shared layouts, so a test may edit it; returns `root`."""
    for game in games:
        shutil.copytree(ROOT / "catalog" / game, root / "catalog" / game)
        shutil.copytree(ROOT / "layouts" / game, root / "layouts" / game)
    for name in ("default.toml", "symbols.toml", "print-shops.toml"):
        shutil.copy(ROOT / "layouts" / name, root / "layouts" / name)
    for name in ("sheets", "site"):
        shutil.copytree(ROOT / "layouts" / name, root / "layouts" / name)
    return root


@dataclass
class Result:
    code: int
    out: str
    err: str


@pytest.fixture
def cli(capsys):
    """Run the cardstock CLI in-process: cli("--root", str(dir), "list") -> Result."""

    def run(*args: str) -> Result:
        code = main(list(args))
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return run


class GameCopy:
    """A copy of a catalog under tmp_path/catalog/<id>, with small editing helpers."""

    def __init__(self, root: Path, game_id: str):
        self.root = root
        self.id = game_id
        self.folder = root / "catalog" / game_id

    def path(self, name: str) -> Path:
        return self.folder / name

    def replace(self, name: str, old: str, new: str, count: int = 1) -> None:
        p = self.path(name)
        text = p.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {name}"
        p.write_text(text.replace(old, new, count), encoding="utf-8")

    def append(self, name: str, text: str) -> None:
        p = self.path(name)
        p.write_text(p.read_text(encoding="utf-8") + text, encoding="utf-8")


@pytest.fixture
def mini(tmp_path) -> GameCopy:
    """The tiny fixture game, copied so a test may break it."""
    shutil.copytree(FIXTURES / "catalog" / "mini", tmp_path / "catalog" / "mini")
    return GameCopy(tmp_path, "mini")


@pytest.fixture
def shipped(tmp_path):
    """Copy one shipped game: shipped("atmosfear") -> GameCopy."""

    def copy(game_id: str) -> GameCopy:
        shutil.copytree(ROOT / "catalog" / game_id, tmp_path / "catalog" / game_id)
        return GameCopy(tmp_path, game_id)

    return copy
