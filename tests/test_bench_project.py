"""The bench's generated project (bench/run.py's plain_project, the yardstick's deck as a
cardstock game) builds: 20 cards on US Letter 3 x 3 are 3 sheets, fronts and backs. It needs
the yardstick beside the checkout (../shared/bench/plain.py, or $CARDSTOCK_YARDSTICK) and is
skipped without it."""

from __future__ import annotations

import csv
import os
import sys
import tomllib
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardstock.cli import main

ROOT = Path(__file__).resolve().parent.parent
# bench/ holds a profile.py, which would hide the standard library's `profile` from later
# imports: it stays on the path only while bench/run.py is imported.
sys.path.insert(0, str(ROOT / "bench"))
try:
    import run as bench  # type: ignore[import-not-found]  # bench/run.py
finally:
    sys.path.remove(str(ROOT / "bench"))

YARDSTICK = bench.yardstick_path()


@pytest.mark.needs_yardstick
def test_bench_project_builds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    root = bench.plain_project(tmp_path / "project", 20, sys.executable, YARDSTICK)
    code = main(["--root", str(root), "build", "--only", "pnp", "--paper", "letter", "--jobs", "1"])
    assert code == 0
    pdf = root / "output" / "plain" / "plain-pnp-letter.pdf"
    # 20 cards at 9 a sheet: 3 sheets, each a fronts page and a backs page
    assert len(PdfReader(pdf).pages) == 6


def test_the_benchs_starter_project_passes_the_starters_own_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the starter's rules name some of its cards: the grown table keeps them, so the bench
    # times a build, not a game its own rules refuse
    cardstock = str(Path(sys.executable).parent / "cardstock")
    root = bench.starter_project(tmp_path / "p", 30, cardstock, dict(os.environ))
    game = root / "catalog" / "starter"
    with (game / "cards.csv").open(encoding="utf-8") as f:
        suits = Counter(row["suit"] for row in csv.DictReader(f))
    sets = tomllib.loads((game / "game.toml").read_text(encoding="utf-8"))["sets"]
    others = sum(
        int(r.get("count", 1)) for s in sets if "table" not in s for r in s.get("rows", [])
    )
    # 30 components in all, or the fewest fewer that leave as many cards of each suit
    assert len(set(suits.values())) == 1
    assert 30 - len(suits) < sum(suits.values()) + others <= 30
    code = main(["--root", str(root), "check", "starter", "--runs", "20"])
    assert code == 0
    assert "citing nothing" not in capsys.readouterr().out
