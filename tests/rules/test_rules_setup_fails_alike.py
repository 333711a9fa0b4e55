"""A setup fails alike when no step can fail in one run and not in another: each step's
numbers are certain, or it is a redraw that always ends, or it takes from a redrawn hand
no more copies of the kind the redraw required than it guarantees. The first batch of runs
then shows whether any run fails, and a simulation stops as soon as the shares it reports
are sure. A setup where chance decides whether a step can be done is not such a setup, and
the simulator finds its failures."""

from __future__ import annotations

import dataclasses

import pytest
from conftest import ROOT, load_games

from cardstock.rules.proportions import BATCH
from cardstock.rules.setup.fixed import fails_alike
from cardstock.rules.setup.simulator import simulate


def _vortex():
    (cat,), issues = load_games(ROOT, ["vortex"])
    assert not issues.errors
    return cat.components, cat.rules.setup


def _changed(setup, do: str, source: str | None = None, **changes):
    """The setup with the first step doing `do` (from the pile `source`) changed."""
    steps = list(setup.steps)
    at = next(
        i for i, s in enumerate(steps) if s.do == do and source in (None, getattr(s, "from_", None))
    )
    steps[at] = steps[at].model_copy(update=changes)
    return dataclasses.replace(setup, steps=steps)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_vortex_mulligan_then_a_devotee_from_the_hand_fails_alike(players):
    # a hand of 7 from 24 Devotees in 48 cards: redrawn until it holds one, then that one
    # goes into the field
    components, setup = _vortex()
    assert fails_alike(components, setup, players)


def test_taking_more_of_the_kind_than_the_redraw_guarantees_is_left_to_chance():
    components, setup = _vortex()
    two = _changed(setup, "choose", "hand", count=2)  # a hand may hold a single Devotee
    assert not fails_alike(components, two, 2)
    (run,) = simulate(components, two, [2], runs=BATCH).by_players
    assert 0 < run.runs - run.completed < run.runs / 5  # the single-Devotee hands fail


def test_a_redraw_that_may_give_up_by_chance_is_left_to_chance():
    components, setup = _vortex()
    # three hands without a Devotee in a row, about one game in ten million
    assert not fails_alike(components, _changed(setup, "redraw_until", max_attempts=3), 2)
    # a hundred in a row: none
    assert fails_alike(components, _changed(setup, "redraw_until", max_attempts=100), 2)


def test_a_redraw_from_a_pile_never_shuffled_is_left_to_chance():
    components, setup = _vortex()
    steps = [s for s in setup.steps if not (s.do == "shuffle" and s.pile == "deck")]
    unshuffled = dataclasses.replace(setup, steps=steps, lines=[None] * len(steps))
    assert not fails_alike(components, unshuffled, 2)


def test_a_draw_until_ends_alike_when_drawing_past_its_attempts_is_no_chance():
    (cat,), _ = load_games(ROOT, ["alpha-omega-tiles"])
    components, setup = cat.components, cat.rules.setup
    # the Snake's six Elements set rejects aside; the starting hand reshuffles them: three
    # tiles of 62 in 66 within 1,000 draws
    first_only = dataclasses.replace(setup, steps=setup.steps[:4], lines=setup.lines[:4])
    assert fails_alike(components, first_only, 2)
    assert fails_alike(components, setup, 2)
    # within twelve draws, a hand may not come: rarely, but a chance a report could show
    few = [
        s.model_copy(update={"max_attempts": 12}) if getattr(s, "reject", "") == "reshuffle" else s
        for s in setup.steps
    ]
    assert not fails_alike(components, dataclasses.replace(setup, steps=few), 2)
    # a pile larger than the draws allowed may run out of attempts
    assert not fails_alike(components, _changed(first_only, "draw_until", max_attempts=10), 2)
    # a billion attempts: the chance of drawing past them is worked out in floats (an exact
    # fraction to the power of a third of a billion would keep the check busy for hours)
    many = [
        s.model_copy(update={"max_attempts": 10**9})
        if getattr(s, "reject", "") == "reshuffle"
        else s
        for s in setup.steps
    ]
    assert fails_alike(components, dataclasses.replace(setup, steps=many), 2)
