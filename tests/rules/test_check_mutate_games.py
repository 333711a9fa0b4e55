"""The mutation test's catch rate on each shipped game, recorded: `check --mutate` must not
catch fewer of a game's edits that contradict a stated fact (all but its designer's values
and accepted survivors, which are listed apart) than it did when the rate was last
measured (the goal is every edit caught or accepted, `FLOORS` rises as the checks do).

The default run judges a fixed spread of the five games' edits (`spread_kinds`): each kind
of edit in one game, the games taking the kinds in turn, so that every kind and every game
is judged; `CARDSTOCK_FULL=1` judges every 4th edit of every game (and the first of each
kind), against the floor measured on that list: judging all of the five games' edits takes
about half an hour of CPU, `cardstock check --mutate` does that. Each run prints the rate
it measured.
"""

from __future__ import annotations

import math
import random

import pytest
from conftest import FULL, GAMES, ROOT, SEEDS, load_games, repeat, suite_cache

from cardstock.core.issues import Issues
from cardstock.rules.mutation.designer import scope
from cardstock.rules.mutation.edits import Edit, edits, game_files
from cardstock.rules.mutation.report import run, stated_rate, summary_line
from cardstock.rules.mutation.settings import read_settings

SAMPLE = 6
# The share of the edits the check caught when last measured, by game: (the sample, the full
# list). The sample's floor is its measured rate; the full list's floor is the rate
# `cardstock check GAME --mutate --sources ../shared/seeds` measured on every edit, less up
# to 5 points, and 99 % for a game whose every edit was last measured at 99 % or more.
# Judging every edit of the five games takes about half an hour of CPU. Raise
# both when the checks catch more. docs/rules-format.md explains the report; a game's
# designer's values are declared in its rules.toml (`[[mutate.designer_values]]`) and are
# not counted, nor are its accepted survivors. The latest runs (every edit of the game,
# or every edit of its rules.toml and then the others in the order `random.Random(72)`
# shuffles them, as many as the run had time for), caught by a fact of the edits that
# contradict a stated fact:
#   alpha-omega-tiles    473 of 474  (99.8 %), every edit (back, legend, arithmetic,
#                        cite too)                                                  28 Nov
#   atmosfear            976 of 976 (100.0 %), every edit (arithmetic, cite too),
#                        2 accepted                                                28 Nov
#   vortex              1232 of 1236 (99.7 %), every edit (back, legend, heading,
#                        arithmetic, cite: the 41 cite edits judged on their own),
#                        6 accepted, 90 designer's                                 28 Nov
#   alter-ego            898 of 898 (100.0 %), every edit (back, legend, arithmetic,
#                        cite too), 7 accepted, 96 designer's                      28 Nov
#   alpha-omega-cards   1495 of 1504 (99.4 %), every edit (back, legend, cite, added
#                        too), 96 designer's, 2 accepted                           28 Nov
FLOORS: dict[str, tuple[float, float]] = {
    "alpha-omega-cards": (10 / 10, 0.99),
    "alpha-omega-tiles": (9 / 9, 0.99),
    "alter-ego": (10 / 10, 0.99),
    "atmosfear": (9 / 9, 0.99),
    "vortex": (9 / 9, 0.99),
}
pytestmark = pytest.mark.needs_seeds


def sample(every: list[Edit], size: int = SAMPLE, step: int | None = None) -> list[Edit]:
    """The first edit of every kind, then every k-th edit (`step`, else as many as give
    about `size`), in the list's order."""
    step = step or max(1, math.ceil(len(every) / size))
    firsts = {
        id(next(e for e in every if e.kind == k)) for k in dict.fromkeys(e.kind for e in every)
    }
    return [e for i, e in enumerate(every) if i % step == 0 or id(e) in firsts]


def spread_kinds(kinds_of: dict[str, list[str]]) -> dict[str, set[str]]:
    """The kinds of edit each game's edits are judged by in the default run: every kind once,
    in the game whose turn it is (the games in turn, in their order, each kind going to the
    next game that has it), so each game judges some kind and each kind is judged once.
    `kinds_of`: each game's kinds of edit, in the order its edits first show them."""
    games = list(kinds_of)
    out: dict[str, set[str]] = {g: set() for g in games}
    turn = 0
    for kind in dict.fromkeys(k for g in games for k in kinds_of[g]):
        for step in range(len(games)):
            game = games[(turn + step) % len(games)]
            if kind in kinds_of[game]:
                out[game].add(kind)
                turn = (turn + step + 1) % len(games)
                break
    return out


def _kinds(game: str) -> list[str]:
    (catalog,), _ = load_games(ROOT, [game])
    return list(dict.fromkeys(e.kind for e in edits(catalog)))


@pytest.fixture(scope="module")
def judged_kinds() -> dict[str, set[str]]:
    return spread_kinds({g: _kinds(g) for g in GAMES})


@pytest.mark.parametrize("game", GAMES)
def test_the_mutation_test_catches_no_fewer_edits_than_last_measured(
    game: str, judged_kinds: dict[str, set[str]]
) -> None:
    from cardstock.mutate import MUTATE_RUNS, judge_of

    (catalog,), issues = load_games(ROOT, [game])
    assert not issues.errors
    sources = game_files(catalog)
    every = edits(catalog, sources)
    if FULL:
        chosen = sample(every, step=4)
    else:  # the first edit of each kind this game judges
        chosen = [next(e for e in every if e.kind == k) for k in sorted(judged_kinds[game])]
    # the suite's cache: the unedited game's faces, which other files lay out, are read back
    judge = judge_of(ROOT, game, suite_cache(), seed=1, runs=MUTATE_RUNS, sources=SEEDS)
    problems = Issues()
    read = read_settings(catalog, problems)
    assert not problems.errors, [i.render() for i in problems.errors]
    owned = [(d, scope(d, catalog.game, catalog.components)) for d in read.designer_values]
    report = run(
        game,
        sources.texts,
        chosen,
        judge,
        read.accept,
        read.accept_lines,
        read.file,
        owned=owned,
        owned_lines=read.designer_value_lines,
    )
    floor = FLOORS[game][1 if FULL else 0]
    rate = stated_rate(report)
    print(f"{game}: {summary_line(report)} ({rate:.1%} of the stated; floor {floor:.1%})")
    assert rate >= floor - 1e-9, "\n".join(
        f"{o.edit.at}: {o.edit.describe()}" for o in report.survivors
    )


def test_the_default_run_judges_every_kind_once_and_every_game() -> None:
    kinds_of = {"a": ["number", "name", "back"], "b": ["number", "heading"], "c": ["name"]}
    spread = spread_kinds(kinds_of)
    assert spread == {"a": {"number", "back"}, "b": {"heading"}, "c": {"name"}}
    shipped = spread_kinds({g: _kinds(g) for g in GAMES})
    assert all(shipped.values())  # every game judges some kind
    judged = [k for kinds in shipped.values() for k in kinds]
    assert sorted(judged) == sorted({k for g in GAMES for k in _kinds(g)})  # each kind once


def test_the_sample_is_fixed_and_holds_every_kind() -> None:
    (catalog,), _ = load_games(ROOT, ["vortex"])
    every = edits(catalog)
    chosen = sample(every)
    assert [e.describe() for e in chosen] == [e.describe() for e in sample(edits(catalog))]
    kinds = {e.kind for e in every}
    assert {e.kind for e in chosen} == kinds
    # about SAMPLE edits, and at most the first of each kind beyond them
    assert SAMPLE <= len(chosen) <= SAMPLE + len(kinds)


# alpha-omega-tiles's edits are judged fastest: a seeded random sample of them (30 in the full
# run, 10 by default) is held to the figure its full run measured (every edit that contradicts
# a stated fact caught by a fact), and no edit is found only by a part that names no fact (a
# translation, an acknowledgment).
SEEDED = ("alpha-omega-tiles", repeat(30, 10), 0.99)


def test_a_seeded_sample_of_a_games_edits_holds_the_figure_its_full_run_measured() -> None:
    from cardstock.mutate import MUTATE_RUNS, judge_of

    game, size, floor = SEEDED
    (catalog,), issues = load_games(ROOT, [game])
    assert not issues.errors
    sources = game_files(catalog)
    chosen = random.Random(72).sample(edits(catalog, sources), size)
    judge = judge_of(ROOT, game, suite_cache(), seed=1, runs=MUTATE_RUNS, sources=SEEDS)
    problems = Issues()
    read = read_settings(catalog, problems)
    owned = [(d, scope(d, catalog.game, catalog.components)) for d in read.designer_values]
    report = run(
        game,
        sources.texts,
        chosen,
        judge,
        read.accept,
        read.accept_lines,
        read.file,
        owned=owned,
        owned_lines=read.designer_value_lines,
    )
    print(f"{game}: {summary_line(report)}")
    assert report.stated()[0] >= size - 2  # the sample is of edits that state a fact
    assert stated_rate(report) >= floor, "\n".join(
        f"{o.edit.at}: {o.edit.describe()}" for o in report.survivors
    )
    assert not [o for o in report.outcomes if o.found and not o.caught]
