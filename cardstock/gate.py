"""The rules check as a gate before the build writes anything, cached like a stage.

Each game's check result is keyed by what it depends on (its catalog, layouts, code), so a
rebuild with nothing changed does not simulate again. `recall` reads the results that are
still valid without loading any catalog; `run_check` checks one game (the pipeline runs it
in that game's task, so the faces the check lays out are reused by the stages); `remember`
stores what ran.
"""

from __future__ import annotations

from dataclasses import dataclass


from pathlib import Path
from typing import TYPE_CHECKING, Optional

from .pipeline import read_cache, unit_key, write_cache
from .core.stage import BuildOptions

if TYPE_CHECKING:
    from .catalog.load import Catalog


@dataclass(frozen=True)
class GateResult:
    game: str
    ok: bool
    text: str  # the checker's report for this game, as `cardstock check` prints it
    cached: bool


def _key(root: Path, game: str, options: BuildOptions, runs: int, strict: bool = False) -> str:
    return unit_key(root, game, f"check-{runs}" + ("-strict" if strict else ""), options)


def recall(root: Path, games: list[str], options: BuildOptions, *, runs: int, strict: bool = False) -> dict[str, Optional[GateResult]]:
    """Each game's remembered result, or None where the check must run again."""
    results: dict[str, Optional[GateResult]] = {}
    for game in games:
        data = read_cache(options.out, game, "check", _key(root, game, options, runs, strict))
        ok, text = (data or {}).get("ok"), (data or {}).get("text")
        results[game] = GateResult(game, ok, text, True) if isinstance(ok, bool) and isinstance(text, str) else None
    return results


def run_check(catalog: "Catalog", options: BuildOptions, runs: int, strict: bool = False) -> GateResult:
    """Run the rules check of one game (its report as `cardstock check GAME` words it)."""
    from .rules import render, run_checks

    report = run_checks([catalog], runs=runs, strict=strict)
    text = render(report)
    # the last line sums up all games; for one game the per-game verdict line says it
    text = "\n".join(text.splitlines()[:-1]).rstrip()
    return GateResult(catalog.id, report.ok, text, False)


def remember(root: Path, results: dict[str, GateResult], options: BuildOptions, *, runs: int, strict: bool = False) -> None:
    """Store the results that were just computed (not the recalled ones)."""
    for game, result in sorted(results.items()):
        if not result.cached:
            write_cache(options.out, game, "check", _key(root, game, options, runs, strict), {"ok": result.ok, "text": result.text})
