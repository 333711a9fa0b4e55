"""The rules check as a gate before the build writes anything, cached like a stage.

Each game's check result is keyed by what it depends on (its catalog, layouts, code), so a
rebuild with nothing changed does not simulate again. `recall` reads the results that are
still valid without loading any catalog; `run_check` checks one game (the pipeline runs it
in that game's task, so the faces the check lays out are reused by the stages); `remember`
stores what ran.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Optional

from .output import write_atomic
from .pipeline import BuildOptions, unit_key

if TYPE_CHECKING:
    from .load import Catalog


@dataclass(frozen=True)
class GateResult:
    game: str
    ok: bool
    text: str  # the checker's report for this game, as `cardstock check` prints it
    cached: bool


def _path(out: Path, game: str) -> Path:
    return out / ".cache" / f"{game}--check.json"


def _key(root: Path, game: str, options: BuildOptions, runs: int) -> str:
    return unit_key(root, game, f"check-{runs}", options)


def recall(root: Path, games: list[str], options: BuildOptions, *, runs: int) -> dict[str, Optional[GateResult]]:
    """Each game's remembered result, or None where the check must run again."""
    results: dict[str, Optional[GateResult]] = {}
    for game in games:
        results[game] = None
        try:
            data = json.loads(_path(options.out, game).read_text(encoding="utf-8"))
            if data["key"] == _key(root, game, options, runs):
                results[game] = GateResult(game, data["ok"], data["text"], True)
        except (FileNotFoundError, ValueError, KeyError):
            pass
    return results


def run_check(catalog: "Catalog", options: BuildOptions, runs: int) -> GateResult:
    """Run the rules check of one game (its report as `cardstock check GAME` words it)."""
    from .rules import render, run_checks

    report = run_checks([catalog], runs=runs)
    text = render(report)
    # the last line sums up all games; for one game the per-game verdict line says it
    text = "\n".join(text.splitlines()[:-1]).rstrip()
    return GateResult(catalog.id, report.ok, text, False)


def remember(root: Path, results: dict[str, GateResult], options: BuildOptions, *, runs: int) -> None:
    """Store the results that were just computed (not the recalled ones)."""
    for game, result in sorted(results.items()):
        if not result.cached:
            data = {"key": _key(root, game, options, runs), "ok": result.ok, "text": result.text}
            write_atomic(_path(options.out, game), json.dumps(data).encode())


def check(catalogs: list["Catalog"], options: BuildOptions, *, runs: int) -> dict[str, GateResult]:
    """Recall or run the check of every catalog, in this process (for callers that check
    without building)."""
    root = catalogs[0].root if catalogs else Path(".")
    games = [c.id for c in catalogs]
    known = recall(root, games, options, runs=runs)
    results = {c.id: known[c.id] or run_check(c, options, runs) for c in catalogs}
    remember(root, results, options, runs=runs)
    return results
