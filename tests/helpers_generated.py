"""Generated projects, made by the same generators as the bench (bench/run.py): a game of
any number of distinct cards sharing one deck back, and a rulebook template of any number of
chapters."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from conftest import ROOT


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


def generated_rulebook(root: Path, chapters: int, game: str = "gen") -> None:
    """A rulebook template of `chapters` chapters (about two pages each at half-letter):
    headings for the contents, paragraphs and lists."""
    BENCH.rulebook_template(root / "layouts" / game, chapters)
