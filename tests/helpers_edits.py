"""What the rule-edit tests share: a copy of shipped games to edit in place, and the
findings of the checks that failed on one game of it."""

from __future__ import annotations

import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from conftest import load_games, run_checks
from seed_edits import ROOT


def games_copy(root: Path, games: Iterable[str]) -> Path:
    """`root` holding the catalogs and layouts of `games`, for a test to edit."""
    for game in games:
        shutil.copytree(ROOT / "catalog" / game, root / "catalog" / game)
        shutil.copytree(ROOT / "layouts" / game, root / "layouts" / game)
    return root


def failures(root: Path, game: str, parts: set[str], **options: Any) -> list[str]:
    """Each finding of a failed check of `game` (only the check `parts`), as
    "rule: path:line: field: message"; the game must read without errors."""
    catalogs, issues = load_games(root, [game])
    assert not issues.errors, [i.render() for i in issues]
    report = run_checks(catalogs, only=parts, **options).game(game)
    return [
        f"{c.rule}: {i.render()}" for c in report.checks if c.status == "fail" for i in c.findings
    ]
