"""The rules checker: what a game's rules.toml declares, and the checks of its words, held
against the catalog. One idea per room (docs/architecture.md, "The rules room's rooms"):

- checks and their report: `report` runs every check and renders the report; `checks/`
  holds the constraint kinds, deck-building limits, examples of play, and the checks of a
  game's words that need no rules file;
- setup simulation (`setup/`): the setup procedure as data, simulated for every player
  count;
- facts (`facts/`): what a rulebook states, one module per kind;
- stats (`stats/`): the numbers behind each deck and the odds its setup deals;
- provenance (`provenance/`): where each text a player reads comes from, stated once per
  kind of text, and the texts changed since a revision; where a rule comes from
  (`sources`) and the source's coverage (`coverage`);
- the mutation test (`mutation/`), which no build and no plain check imports;
- the rules file (`model`, `reader`) and the basics every room reads (`filters`,
  `verdicts`, `places`, `phrases`, and what a check reads once per load: `reads`).

    from cardstock.rules import run_checks
    report = run_checks(jobs, providers, seed=1, runs=None)  # runs: None = each game's setup.runs
    report.ok, report.failed_games(), report.public()        # render(report) gives the text

`providers` are the checks other rooms add (`cardstock.stages.CHECKS`: print safety from
the layouts, the rulebook's consistency from the books). See docs/rules-format.md for
`catalog/<game>/rules.toml`.
"""

from .report import CheckReport, GameReport, Provider, parts, render, run_checks

__all__ = ["CheckReport", "GameReport", "Provider", "parts", "render", "run_checks"]
