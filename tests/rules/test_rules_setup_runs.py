"""How many runs a setup simulation makes: with no count asked for (`--runs`, or `runs` in
the rules file's `[setup]`), as many as the figures its report prints need
(`cardstock.rules.proportions.enough_runs`), in batches, each run from its own seed, so the
figures are those of the first runs a longer simulation makes; a count asked for is made
exactly. The report says which."""

from __future__ import annotations

import dataclasses
import re

import pytest
from conftest import ROOT, line_of, load_games

from cardstock.rules.proportions import BATCH, FAILS_UNDER, enough_runs
from cardstock.rules.setup.fixed import fails_alike
from cardstock.rules.setup.results import figures, setup_lines
from cardstock.rules.setup.simulator import simulate
from cardstock.rules.setup.steps import MOST_RUNS_ASKED, Choose, Move, SetupModel


def _setup(game: str):
    (catalog,), issues = load_games(ROOT, [game])
    assert not issues.errors
    return catalog.components, catalog.rules.setup


def _runs(result) -> list[int]:
    return [pr.runs for pr in result.by_players]


def _capped(setup, attempts: int):
    """The setup with its redraw giving up after `attempts` hands."""
    steps = [
        s.model_copy(update={"max_attempts": attempts}) if s.do == "redraw_until" else s
        for s in setup.steps
    ]
    return dataclasses.replace(setup, steps=steps)


def test_with_no_runs_asked_a_setup_that_never_fails_stops_once_a_rare_failure_would_show() -> None:
    components, setup = _setup("vortex")
    # three hands without a Devotee in a row, about one game in ten million: it could fail
    setup = _capped(setup, 3)
    assert not fails_alike(components, setup, 2)
    result = simulate(components, setup, [2, 4])
    # the rule of three: no failure in 3,000 runs puts the failure rate under 1 in 1,000
    assert _runs(result) == [3 * FAILS_UNDER] * 2
    assert result.until_sure and result.ok
    # the same figures as the first 3,000 runs of a simulation asked for them
    asked = simulate(components, setup, [2, 4], runs=3 * FAILS_UNDER)
    assert not asked.until_sure
    strip = lambda r: [row[:6] + row[7:] for row in figures(r)]  # noqa: E731 - but the seconds
    assert strip(result) == strip(asked)


def test_a_setup_no_run_of_which_fails_unless_all_do_stops_once_its_shares_are_sure(
    monkeypatch,
) -> None:
    from cardstock.rules.setup import simulator

    components, setup = _setup("vortex")
    # a hand of seven from 48 cards holds none of the 24 Devotees once in about 200 deals:
    # a hundred such hands in a row is no chance; the Devotee then played from the hand is
    # one the redraw guaranteed. Its redraws are counted (tests/rules/
    # test_rules_setup_counted.py); simulated, the runs stop once their shares are sure
    assert fails_alike(components, setup, 2)
    monkeypatch.setattr(simulator, "redraw_chances", lambda *a: None)
    result = simulate(components, setup, [2, 4])
    assert _runs(result) == [BATCH] * 2 and result.ok
    lines = setup_lines(result)
    assert "no step can fail in one run and not in another, so no run fails" in lines[1]
    # with the redraw giving up after three hands, the rule of three again (above)
    assert _runs(simulate(components, _capped(setup, 3), [2])) == [3 * FAILS_UNDER]


def _few_draws(setup, draws: int):
    """The setup with each draw that shuffles its rejects back giving up after `draws`."""
    steps = [
        s.model_copy(update={"max_attempts": draws})
        if s.do == "draw_until" and s.reject == "reshuffle"
        else s
        for s in setup.steps
    ]
    return dataclasses.replace(setup, steps=steps)


def test_the_report_says_how_many_runs_were_made_and_how_sure_its_figures_are() -> None:
    components, setup = _setup("alpha-omega-tiles")
    # a hand's three tiles within twelve draws: failing is rare, but not out of the question
    setup = _few_draws(setup, 12)
    lines = setup_lines(simulate(components, setup, [3]))
    assert "as many as the figures need, at most 10000" in lines[0]
    assert f"a setup failing once in {FAILS_UNDER} games or more fails in some run" in lines[1]
    row = next(line for line in lines if line.strip().startswith("3 "))
    assert "3000/3000" in row
    # a share known to within 2 points either way is printed in whole points
    assert re.search(r"\b\d+% of runs", row), row


@pytest.mark.parametrize("asked", [BATCH + 1, 4 * BATCH])
def test_a_count_asked_for_is_made_exactly(asked: int, monkeypatch) -> None:
    from cardstock.rules.setup import simulator

    components, setup = _setup("vortex")
    monkeypatch.setattr(simulator, "redraw_chances", lambda *a: None)  # sampled, not counted
    result = simulate(components, setup, [2], runs=asked)
    assert _runs(result) == [asked]
    assert not result.until_sure
    assert setup_lines(result)[0].startswith(f"    {asked} runs per player count, seed 1")


def test_runs_in_the_rules_file_are_a_count_asked_for() -> None:
    components, setup = _setup("vortex")
    setup.runs = 1200
    assert _runs(simulate(components, setup, [3])) == [1200]


def test_a_setup_every_run_of_which_does_alike_is_counted_for_the_most_runs() -> None:
    components, setup = _setup("alter-ego")
    result = simulate(components, setup, [2])
    (two,) = result.by_players
    assert (two.runs, two.completed) == (10_000, 10_000)


@pytest.mark.parametrize(
    ("runs", "failed", "shares", "enough"),
    [
        (2 * BATCH, 0, [], False),  # no failure yet, but a rare one could still hide
        (3 * BATCH, 0, [], True),
        (3 * BATCH + 1, 0, [], False),  # looked at after whole batches only
        (BATCH, 1, [], True),  # a failure proven, its share known to well within 2 points
        (BATCH, 500, [], False),  # half the runs fail: the share is known to 3 points only
        (3 * BATCH, 1500, [], True),
        (BATCH, 1, [500], False),  # a redraw in half of 999 runs: known to 3 points only
        (3 * BATCH, 0, [30, 1500], True),
    ],
)
def test_the_runs_are_enough_once_every_figure_is_sure(
    runs: int, failed: int, shares: list[int], enough: bool
) -> None:
    assert enough_runs(runs, failed, runs - failed, shares) is enough


def test_a_setup_that_sometimes_fails_stops_once_its_failures_share_is_sure_and_says_so() -> None:
    components, _ = _setup("alter-ego")
    # two Alter Ego cards at random, then a Family card from them: none is a Family card in
    # (48/72)(47/71) = 44 % of runs
    setup = SetupModel(
        players=None,
        runs=None,
        player_piles=["deck"],
        report=None,
        steps=[
            Choose.model_validate(
                {
                    "do": "choose",
                    "from": "box",
                    "to": "pool",
                    "count": 2,
                    "match": {"set": "alter-egos"},
                }
            ),
            Move.model_validate(
                {
                    "do": "give",
                    "from": "pool",
                    "to": "deck",
                    "count": 1,
                    "match": {"set": "alter-egos", "field": "life", "equals": "Family"},
                }
            ),
        ],
        lines=[None, None],
        line=None,
    )
    result = simulate(components, setup, [1])
    (one,) = result.by_players
    failed = one.runs - one.completed
    # a failure is proven in the first batch; a share near one half is known to within 2
    # points after 2,401 runs (1.96² / 4 / 0.02²), so after the third batch
    assert one.runs == 3 * BATCH and 0.4 < failed / one.runs < 0.48
    assert [f.runs for f in one.failures] == [failed]
    lines = setup_lines(result)
    assert "each share, the failures' too, is within 2 points" in lines[1]
    assert f"{one.completed}/{one.runs}" in lines[-1]


def test_a_rules_file_asking_for_more_runs_than_cardstock_makes_is_bad_input(shipped, cli) -> None:
    """A project is untrusted: `runs = 1000000000` would keep the check dealing for hours."""
    game = shipped("vortex")
    game.replace("rules.toml", "[setup]\n", f"[setup]\nruns = {MOST_RUNS_ASKED * 10_000}\n")
    result = cli("--root", str(game.root), "check", "vortex")
    assert result.code == 2
    line = line_of(game.path("rules.toml"), "runs = ")
    assert (
        f"catalog/vortex/rules.toml:{line}: setup.runs: expected a number of at most "
        f"{MOST_RUNS_ASKED}, got {MOST_RUNS_ASKED * 10_000}" in result.err
    )
    assert not (game.root / "output").exists()
