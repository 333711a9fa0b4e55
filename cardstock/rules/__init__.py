"""The rules checker: what a game's rules.toml declares, and the checks of its words, held
against the catalog. One idea per room (docs/architecture.md, "The rules room's rooms"):

- setup simulation (`setup/`): the setup procedure as data, simulated for every player
  count;
- what the facts read (`reading/`): the places a value is held, a text's words, the
  template lines, translations, counts stated in prose;
- facts (`facts/`): what a rulebook states, one module per kind;
- checks and their report (`checks/`): the constraint kinds, deck-building limits,
  examples of play, the checks of a game's words that need no rules file, severities and
  acknowledgments, and what a game without rules could check;
- stats (`stats/`): the numbers behind each deck and the odds its setup deals;
- provenance and coverage (`provenance/`): where each text a player reads comes from,
  every rule held to its source lines and the source covered;
- the mutation test (`mutation/`), which no build and no plain check imports.

The top is the room's entrance: `report` runs every check and renders the report, `since`
lists the texts changed since a git revision (`check --since`), `model` is rules.toml's
model and `reader` the catalog's door to it. Beside them stand the parts
every room is built of: `filters` (which components a rule is about), `sources` (where a
rule comes from), `verdicts` (what a check found), `proportions` (how sure a share
counted over random runs is), `player_texts` (where a player reads a game's words) and
`rule_words` (the rule words and idioms a player reads, and
the columns no player reads).

    from cardstock.rules import run_checks
    report = run_checks(jobs, providers, seed=1, runs=None)  # None: each game's setup.runs
    report.ok, report.failed_games(), report.public()        # render(report) gives the text

`providers` are the checks other rooms add (`cardstock.stages.CHECKS`: print safety from
the layouts, the rulebook's consistency from the books). See docs/rules-format.md for
`catalog/<game>/rules.toml`.
"""

from .report import CheckReport, GameReport, parts, render, run_checks
from .verdicts import Provider

__all__ = ["CheckReport", "GameReport", "Provider", "parts", "render", "run_checks"]
