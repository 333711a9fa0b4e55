"""The setup simulator does the steps every run does alike once (the fixed start), and each
run goes on from a copy of their result: every run still deals exactly what it dealt when
it ran every step itself, drawing the same random numbers in the same order."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from conftest import ROOT


def _game(game_id: str):
    from conftest import load_games

    (cat,), issues = load_games(ROOT, [game_id])
    assert not issues
    return cat


def _fewer(components):
    """Every other component with one copy fewer: deals that fail for some player counts."""
    return [replace(c, count=max(0, c.count - 1)) if i % 2 else c for i, c in enumerate(components)]


def _each_run_from_nothing(components, setup, players: int, runs: int, seed: int):
    """Every run as it was made before the fixed start: all steps on a fresh state."""
    from cardstock.rules.setup import simulator as sim
    from cardstock.rules.setup.state import State

    s = sim.Simulator(components, setup)
    runners, names = s.compile(players), s.pile_names(players)
    for r in range(runs):
        rng = random.Random(sim.seed_for(seed, players, r))
        st = State(len(s.copies.of), rng, len(runners), names)
        yield _outcome(st, runners, 0)


def _each_run_from_the_fixed_start(components, setup, players: int, runs: int, seed: int):
    from cardstock.rules.setup import simulator as sim
    from cardstock.rules.setup.state import State

    s = sim.Simulator(components, setup)
    runners, names = s.compile(players), s.pile_names(players)
    fixed, first = sim._fixed_start(
        runners, State(len(s.copies.of), sim._NoRandom(), len(runners), names)
    )
    for r in range(runs):
        st = fixed.copy(random.Random(sim.seed_for(seed, players, r)))
        yield _outcome(st, runners, first)


def _outcome(st, runners, first: int):
    from cardstock.rules.setup.state import Infeasible

    failed: object = None
    try:
        for i, run in list(enumerate(runners))[first:]:
            failed = i
            run(st)
        failed = None
    except Infeasible as exc:
        failed = (failed, exc.kind, exc.message)
    piles = {name: list(st.list(name)) for name in sorted(st.piles) if name != "box"}
    # the generator's state after the run: the same numbers were drawn, no more, no fewer
    return failed, piles, sorted(st.shuffled), dict(st.vars), list(st.redraws), st.rng.getstate()


@pytest.mark.parametrize(
    "game_id", ["alpha-omega-cards", "alpha-omega-tiles", "alter-ego", "atmosfear", "vortex"]
)
def test_every_run_deals_what_it_dealt_when_it_ran_every_step(game_id):
    cat = _game(game_id)
    lo, hi = cat.game.players.min, cat.game.players.max
    for components in (cat.components, _fewer(cat.components)):
        for players in range(lo, hi + 2):  # one count more than the game takes: some deals fail
            for seed in (1, 5):
                before = list(
                    _each_run_from_nothing(components, cat.rules.setup, players, 12, seed)
                )
                now = list(
                    _each_run_from_the_fixed_start(components, cat.rules.setup, players, 12, seed)
                )
                assert now == before, (game_id, players, seed)


def test_the_fixed_start_ends_at_the_first_step_that_draws_a_random_number():
    from cardstock.rules.setup import simulator as sim
    from cardstock.rules.setup.state import State
    from cardstock.rules.setup.steps import Move, SetupModel

    def fixed_steps(game_id: str, components=None) -> list[str]:
        cat = _game(game_id)
        s = sim.Simulator(components or cat.components, cat.rules.setup)
        runners = s.compile(2)
        _, first = sim._fixed_start(
            runners, State(len(s.copies.of), sim._NoRandom(), len(runners), s.pile_names(2))
        )
        return [step.do for step in cat.rules.setup.steps[:first]]

    # Alpha/Omega: sort both decks out of the box and shuffle them; choosing an Objective draws
    assert fixed_steps("alpha-omega-cards") == ["move", "move", "shuffle", "shuffle"]
    # Alter Ego: the Henchmen deck; choosing an Arch Villain of each type draws
    assert fixed_steps("alter-ego") == ["move", "shuffle"]
    # The Vortex chooses its 24 Vortex cards at random first: nothing is fixed
    assert fixed_steps("vortex") == []
    # a step that cannot be carried out is left to every run, which reports it
    cat = _game("alpha-omega-cards")
    steps = [
        Move.model_validate({"do": "move", "from": "box", "to": "good", "match": {"set": "good"}}),
        Move.model_validate({"do": "deal", "from": "good", "to": "hand", "count": 100}),
    ]
    setup = SetupModel(
        players=None,
        runs=10,
        player_piles=[],
        report=None,
        steps=steps,
        lines=[None, None],
        line=None,
    )
    s = sim.Simulator(cat.components, setup)
    _, first = sim._fixed_start(
        s.compile(2), State(len(s.copies.of), sim._NoRandom(), 2, s.pile_names(2))
    )
    assert first == 1
    (two,) = sim.simulate(cat.components, setup, [2], seed=1, runs=10).by_players
    assert [(f.step, f.runs, f.first_run, f.message) for f in two.failures] == [
        (1, 10, 0, "needs 100 cards from 'good', which holds 72")
    ]
