"""Working out which shortcut a setup takes (`rules/setup/fixed.py`: counted, weighed by its
rolls, failing alike) follows its steps over the piles' blocks, and that costs the entries
it looks at (`piles.Effort`, `FOLLOW_WORK` for a setup's player counts together, or the
stats page's odds). Past it the follower's answer is "not known": the setup is simulated run
by run, within the simulation's own work, and the page states the odds it had worked out;
200 steps over 40,000 components once kept a check busy for minutes."""

from __future__ import annotations

from dataclasses import replace

from conftest import ROOT, load_games


def _spread(rows: int, pairs: int):
    """Alpha & Omega's tiles and `rows` more Element tiles of one copy each, all in a deck,
    then `pairs` times a Switch tile taken from its top and put back."""
    from cardstock.rules.setup.steps import Move

    (cat,), issues = load_games(ROOT, ["alpha-omega-tiles"])
    assert not issues
    base = next(c for c in cat.components if c.set == "elements")
    more = [replace(base, id=f"x{i}", name=f"X{i}", count=1) for i in range(rows)]
    steps = [Move.model_validate({"do": "move", "from": "box", "to": "deck"})]
    switch = {"field": "tile_type", "equals": "Switch"}
    pair = [
        Move.model_validate(
            {"do": "move", "from": "deck", "to": "aside", "match": switch, "count": 1}
        ),
        Move.model_validate({"do": "move", "from": "aside", "to": "deck"}),
    ]
    steps += pair * pairs
    setup = replace(
        cat.rules.setup,
        steps=steps,
        lines=[None] * len(steps),
        report=["deck"],
        player_piles=["hand"],
        players=[2],
    )
    return replace(cat, components=[*cat.components, *more], rules=replace(cat.rules, setup=setup))


def test_a_setup_followed_past_its_effort_is_not_known_to_be_fixed():
    from cardstock.rules.setup.fixed import is_fixed
    from cardstock.rules.setup.piles import Effort

    cat = _spread(2_000, 20)
    enough = Effort(10**9)
    assert is_fixed(cat.components, cat.rules.setup, 2, enough)
    looked_at = 10**9 - enough.left
    assert looked_at > 40 * 2_000  # each step read the deck's 2,000 and more entries
    little = Effort(looked_at // 2)
    assert not is_fixed(cat.components, cat.rules.setup, 2, little)
    assert little.left < 0  # it stopped at the step that went past, no further


def test_a_count_not_worked_out_in_its_effort_is_simulated_with_the_same_figures(monkeypatch):
    from cardstock.rules.setup import piles
    from cardstock.rules.setup.simulator import simulate

    cat = _spread(2_000, 20)
    (counted,) = simulate(cat.components, cat.rules.setup, [2], runs=40).by_players
    assert counted.counted and counted.completed == 40
    monkeypatch.setattr(piles, "FOLLOW_WORK", 1_000)
    (sampled,) = simulate(cat.components, cat.rules.setup, [2], runs=40).by_players
    assert not sampled.counted and not sampled.stopped
    assert (sampled.runs, sampled.completed, sampled.piles) == (40, 40, counted.piles)


def test_the_odds_page_states_the_odds_worked_out_within_its_effort(monkeypatch):
    from cardstock.rules.setup import piles
    from cardstock.rules.stats.odds import game_odds

    (cat,), issues = load_games(ROOT, ["vortex"])
    assert not issues
    every = game_odds(cat)
    assert len({o.players for o in every}) > 1
    monkeypatch.setattr(piles, "FOLLOW_WORK", 10)
    assert game_odds(cat) == []  # not one count followed within it: no odds, and no error
