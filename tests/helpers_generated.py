"""Generated projects, made by the same generators as the bench (bench/run.py): a game of
any number of distinct cards sharing one deck back, and a rulebook template of any number of
chapters."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

from conftest import ROOT, load_games


def _bench() -> ModuleType:
    """bench/run.py, whose project generators the bench and these tests share."""
    spec = importlib.util.spec_from_file_location("cardstock_bench_run", ROOT / "bench" / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BENCH = _bench()


def generated_game(root: Path, n: int, game: str = "gen") -> Path:
    """A project with one game of `n` distinct cards ("Card 0" …) sharing one deck back,
    using the layouts cardstock ships (no layouts/ folder). Returns the table's path."""
    BENCH.synthetic_game(root, game, [(f"Card {i}", 1) for i in range(n)])
    return Path(root / "catalog" / game / "cards.csv")


def generated_catalog(root: Path, n: int, faces_toml: str | None = None) -> Any:
    """`generated_game`'s game of `n` cards, read as validation reads it (with no error),
    its layouts overridden by `faces_toml` when given (the game's own `faces.toml`)."""
    generated_game(root, n)
    if faces_toml is not None:
        folder = root / "layouts" / "gen"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "faces.toml").write_text(faces_toml, encoding="utf-8")
    (cat,), issues = load_games(root, ["gen"])
    assert not issues.errors
    return cat


def generated_rulebook(root: Path, chapters: int, game: str = "gen") -> None:
    """A rulebook template of `chapters` chapters (about two pages each at half-letter):
    headings for the contents, paragraphs and lists."""
    BENCH.rulebook_template(root / "layouts" / game, chapters)
