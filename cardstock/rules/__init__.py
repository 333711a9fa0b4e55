"""The rules checker: declared counts, constraints, setup simulation, deck limits, lint.

    from cardstock.rules import run_checks
    report = run_checks(jobs, providers, seed=1, runs=None)  # runs: None = each game's setup.runs
    report.ok, report.failed_games(), report.public()        # render(report) gives the text

`providers` are the checks other rooms add (`cardstock.stages.CHECKS`: print safety from
the layouts, the rulebook's consistency from the books). See docs/rules-format.md for
`catalog/<game>/rules.toml`.
"""

from .report import CheckReport, GameReport, Provider, parts, render, run_checks

__all__ = ["CheckReport", "GameReport", "Provider", "parts", "render", "run_checks"]
