"""A setup that is a fixed sequence of moves, deals and choices of fixed numbers does the
same in every run but for which copies: its figures are counted from one run, and they are
the figures of every run simulated. A setup whose numbers vary from run to run (a roll, a
redraw, a deal that depends on an earlier random one) is still simulated run by run."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import ROOT

RUNS = 300


def _game(game_id: str):
    from conftest import load_games

    (cat,), issues = load_games(ROOT, [game_id])
    assert not issues
    return cat


def _fewer(components):
    """Every other component with one copy fewer: deals that fail for some player counts."""
    return [replace(c, count=max(0, c.count - 1)) if i % 2 else c for i, c in enumerate(components)]


def _figures(result, near=False):
    """Each player count's figures; the piles' sizes `near` (pytest.approx) to compare
    a count with a sum divided by the runs."""
    like = pytest.approx if near else (lambda v: v)
    return [
        (
            p.players,
            p.runs,
            p.completed,
            [(f.step, f.kind, f.message, f.runs, f.first_run) for f in p.failures],
            p.redraws,
            {name: {k: like(v) for k, v in fig.items()} for name, fig in p.piles.items()},
        )
        for p in result.by_players
    ]


@pytest.mark.parametrize("game_id", ["alpha-omega-cards", "alter-ego"])
def test_a_fixed_setup_is_run_once_per_player_count_and_gives_every_runs_figures(
    game_id, monkeypatch
):
    from cardstock.rules.setup import simulator
    from cardstock.rules.setup.fixed import is_fixed

    cat = _game(game_id)
    counts = list(range(cat.game.players.min, cat.game.players.max + 2))  # one count too many
    for components in (cat.components, _fewer(cat.components)):
        assert all(is_fixed(components, cat.rules.setup, n) for n in counts)
        before = simulator.STATS.runs
        counted = simulator.simulate(components, cat.rules.setup, counts, runs=RUNS)
        assert simulator.STATS.runs - before == len(counts)
        monkeypatch.setattr(simulator, "is_fixed", lambda *a: False)  # every run carried out
        before = simulator.STATS.runs
        sampled = simulator.simulate(components, cat.rules.setup, counts, runs=RUNS)
        assert simulator.STATS.runs - before == len(counts) * RUNS
        monkeypatch.undo()
        assert _figures(sampled) == _figures(counted, near=True)
    # one player count more than the game takes cannot be dealt: still found, in every run
    assert not counted.by_players[-1].ok
    assert counted.by_players[-1].failures[0].runs == RUNS


@pytest.mark.parametrize("game_id", ["alpha-omega-tiles", "atmosfear", "vortex"])
def test_a_setup_with_a_roll_or_a_redraw_is_simulated_run_by_run(game_id):
    from cardstock.rules.setup.fixed import is_fixed

    cat = _game(game_id)
    assert not is_fixed(cat.components, cat.rules.setup, cat.game.players.min)


def test_a_deal_that_depends_on_an_earlier_random_choice_is_simulated_and_its_failures_found():
    from cardstock.rules.setup import simulator
    from cardstock.rules.setup.fixed import is_fixed
    from cardstock.rules.setup.steps import Choose, Move, SetupModel

    cat = _game("alter-ego")
    # two Alter Ego cards at random (24 of each of three kinds), then a Family card from them
    steps = [
        Choose.model_validate(
            {
                "do": "choose",
                "from": "box",
                "to": "pool",
                "match": {"set": "alter-egos"},
                "count": 2,
            }
        ),
        Move.model_validate(
            {
                "do": "give",
                "from": "pool",
                "to": "deck",
                "match": {"set": "alter-egos", "field": "life", "equals": "Family"},
                "count": 1,
            }
        ),
    ]
    setup = SetupModel(
        players=None,
        runs=RUNS,
        player_piles=["deck"],
        report=None,
        steps=steps,
        lines=[None, None],
        line=None,
    )
    assert not is_fixed(cat.components, setup, 1)
    (one,) = simulator.simulate(cat.components, setup, [1]).by_players
    # no Family card among the two in (48/72)(47/71) = 44 % of runs
    assert 0.3 * RUNS < RUNS - one.completed < 0.6 * RUNS
    assert one.failures[0].step == 1
