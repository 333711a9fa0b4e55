"""The rules check as a gate before the build writes anything, cached like a stage.

Each game's check result is keyed by what it depends on (its catalog, layouts, code), so a
rebuild with nothing changed does not simulate again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from .load import Catalog
from .output import write_atomic
from .pipeline import BuildOptions, unit_key


@dataclass(frozen=True)
class GateResult:
    game: str
    ok: bool
    text: str  # the checker's report for this game, as `cardstock check` prints it
    cached: bool


def _path(out: Path, game: str) -> Path:
    return out / ".cache" / f"{game}--check.json"


def check(catalogs: list[Catalog], options: BuildOptions, *, runs: int) -> dict[str, GateResult]:
    """Run (or recall) the rules check of every catalog."""
    from .rules import render, run_checks

    results: dict[str, GateResult] = {}
    games = [c.id for c in catalogs]
    todo: list[tuple[Catalog, str]] = []
    for cat in catalogs:
        key = unit_key(cat.root, cat.id, games, f"check-{runs}", options)
        try:
            data = json.loads(_path(options.out, cat.id).read_text(encoding="utf-8"))
            if data["key"] == key:
                results[cat.id] = GateResult(cat.id, data["ok"], data["text"], True)
                continue
        except (FileNotFoundError, ValueError, KeyError):
            pass
        todo.append((cat, key))
    for cat, key in todo:
        report = run_checks([cat], runs=runs)
        text = render(report)
        # the last line sums up all games; for one game the per-game verdict line says it
        text = "\n".join(text.splitlines()[:-1]).rstrip()
        result = GateResult(cat.id, report.ok, text, False)
        results[cat.id] = result
        write_atomic(_path(options.out, cat.id), json.dumps({"key": key, "ok": result.ok, "text": text}).encode())
    return results
