"""The rules checker: declared counts, constraints, setup simulation, deck limits, lint.

    from cardstock.rules import run_checks
    report = run_checks(catalogs, seed=1, runs=None)   # runs: None = each game's setup.runs
    report.ok, report.failed_games(), report.public()   # render(report) gives the text

See docs/rules-format.md for `catalog/<game>/rules.toml`.
"""

from .report import PROVIDERS, CheckReport, GameReport, parts, render, run_checks

__all__ = ["PROVIDERS", "CheckReport", "GameReport", "parts", "render", "run_checks"]
