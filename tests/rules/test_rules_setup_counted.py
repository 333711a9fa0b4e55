"""A setup that is a fixed sequence of moves, deals and choices of fixed numbers does the
same in every run but for which copies: its figures are counted from one run, and they are
the figures of every run simulated. One that is fixed but for how many cards a die roll
says to move is counted from one run a face, each weighed by its chance. One that is fixed
but for how often a mulligan redraws a hand from a shuffled pile of known make-up is
counted from one run and the chance of a missed hand. A setup whose numbers vary from run
to run otherwise (a draw until enough of a kind came, a deal that depends on an earlier
random one) is still simulated run by run."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import ROOT, repeat

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
        monkeypatch.setattr(simulator, "redraw_chances", lambda *a: None)  # no redraw counted
        before = simulator.STATS.runs
        sampled = simulator.simulate(components, cat.rules.setup, counts, runs=RUNS)
        assert simulator.STATS.runs - before == len(counts) * RUNS
        monkeypatch.undo()
        assert _figures(sampled) == _figures(counted, near=True)
    # one player count more than the game takes cannot be dealt: still found, in every run
    assert not counted.by_players[-1].ok
    assert counted.by_players[-1].failures[0].runs == RUNS


def test_a_redraw_from_a_pile_of_unknown_make_up_is_simulated_run_by_run():
    from cardstock.rules.setup import simulator
    from cardstock.rules.setup.fixed import branches, is_fixed, redraw_chances

    cat = _game("vortex")
    # a hand redrawn until it holds the one Frenzy named: each deck holds 12 of the 50
    # Frenzies, dealt at random, so how many of that one it holds differs from deck to deck
    frenzy = next(c for c in cat.components if c.set == "frenzies")
    setup = replace(
        cat.rules.setup,
        steps=[
            s.model_copy(update={"require": s.require.model_copy(update={"id": frenzy.id})})
            if s.do == "redraw_until"
            else s
            for s in cat.rules.setup.steps
        ],
    )
    n = cat.game.players.min
    assert not is_fixed(cat.components, setup, n)
    faces = simulator.Simulator(cat.components, setup).copies.faces
    assert branches(cat.components, setup, n, faces) is None
    assert redraw_chances(cat.components, setup, n, setup.report or []) is None
    before = simulator.STATS.runs
    assert simulator.simulate(cat.components, setup, [n], runs=RUNS).by_players[0].runs == RUNS
    assert simulator.STATS.runs - before == RUNS


def test_draws_until_enough_came_are_counted_from_the_make_up_of_their_piles(monkeypatch):
    from math import comb

    from cardstock.rules.setup import simulator

    # six Element tiles around the Snake, the others set aside: 60 of the 72 deck tiles;
    # then each player's three tiles, a -2 or Switch tile shuffled straight back
    cat = _game("alpha-omega-tiles")
    setup, counts = cat.rules.setup, [2, 3, 4]
    world, hands = (i for i, s in enumerate(setup.steps) if s.do == "draw_until")
    before = simulator.STATS.runs
    counted = simulator.simulate(cat.components, setup, counts, runs=3000)
    assert simulator.STATS.runs - before == len(counts)
    for p in counted.by_players:
        assert (p.runs, p.completed) == (3000, 3000)
        aside = p.redraws[world]
        assert aside["share"] == pytest.approx(1 - comb(60, 6) / comb(72, 6))
        assert aside["mean"] == pytest.approx(6 * 12 / 61)  # count × rejects / (accepted + 1)
    monkeypatch.setattr(simulator, "redraw_chances", lambda *a: None)  # every run carried out
    sampled = simulator.simulate(cat.components, setup, counts, runs=3000)
    for c, s in zip(counted.by_players, sampled.by_players):
        assert (c.completed, c.piles) == (s.completed, s.piles)
        for step in (world, hands):
            assert abs(c.redraws[step]["share"] - s.redraws[step]["share"]) < 0.03
            assert c.redraws[step]["mean"] == pytest.approx(s.redraws[step]["mean"], abs=0.05)


def test_a_mulligan_from_a_deck_of_known_make_up_is_counted_from_the_odds_of_a_hand(monkeypatch):
    from math import comb

    from cardstock.rules.setup import simulator

    cat = _game("vortex")  # a hand of 7 from each player's 48 cards, redrawn with no Devotee
    setup, counts = cat.rules.setup, [2, 3, 4]
    mulligan = next(i for i, s in enumerate(setup.steps) if s.do == "redraw_until")
    missed = comb(24, 7) / comb(48, 7)  # a hand without one of the 24 Devotees: 0.47 %
    before = simulator.STATS.runs
    counted = simulator.simulate(cat.components, setup, counts, runs=3000)
    assert simulator.STATS.runs - before == len(counts)  # one run a player count
    for p in counted.by_players:
        fig = p.redraws[mulligan]
        assert (p.runs, p.completed) == (3000, 3000)
        assert fig["share"] == pytest.approx(1 - (1 - missed) ** p.players)
        assert fig["runs_with_redraw"] == round(fig["share"] * 3000)
        assert fig["mean"] == pytest.approx(p.players * missed / (1 - missed))
    # two redraws in one run: about 3 q² for two players, 6 q² for three, 10 q² for four
    # (0.7, 1.3 and 2.2 runs in 10,000; 0.4 and 0.7 in 3,000)
    assert [p.redraws[mulligan]["max"] for p in counted.by_players] == [1, 1, 1]
    most = simulator.simulate(cat.components, setup, counts, runs=10_000).by_players
    assert [p.redraws[mulligan]["max"] for p in most] == [1, 2, 2]
    monkeypatch.setattr(simulator, "redraw_chances", lambda *a: None)  # every run carried out
    sampled = simulator.simulate(cat.components, setup, counts, runs=3000)
    for c, s in zip(counted.by_players, sampled.by_players):
        assert (c.completed, c.piles) == (s.completed, s.piles)
        assert abs(c.redraws[mulligan]["share"] - s.redraws[mulligan]["share"]) < 0.01


def test_a_mulligan_that_can_give_up_or_a_pile_whose_size_varies_is_not_counted():
    from cardstock.rules.setup.fixed import redraw_chances

    cat = _game("vortex")
    setup = cat.rules.setup
    assert redraw_chances(cat.components, setup, 2, setup.report or []) is not None
    # three hands without a Devotee in a row are a chance a report can show: runs can fail
    capped = replace(
        setup,
        steps=[
            s.model_copy(update={"max_attempts": 3}) if s.do == "redraw_until" else s
            for s in setup.steps
        ],
    )
    assert redraw_chances(cat.components, capped, 2, setup.report or []) is None
    # which colours two players take is random, so what the box keeps of the Devotees is
    # not known in size: a report showing the box is simulated
    assert redraw_chances(cat.components, setup, 2, [*(setup.report or []), "box"]) is None


@pytest.mark.parametrize(
    ("misses", "runs", "share", "mean", "most"),
    [
        ([0.5], 1000, 0.5, 1.0, 9),  # 1,000 runs: 2^-9 of them redraw nine times or more
        ([0.5, 0.5], 1000, 0.75, 2.0, 12),  # k redraws or more in all: (k + 2) / 2^(k + 1)
        ([0.0, 0.0], 1000, 0.0, 0.0, 0),
        ([0.1, 0.0], 10, 0.1, 0.1 / 0.9, 1),
    ],
)
def test_counted_redraws_add_each_players_geometric_redraws(misses, runs, share, mean, most):
    from fractions import Fraction

    from cardstock.rules.setup.fixed import Redraws
    from cardstock.rules.setup.results import counted_redraws

    players = [Redraws(hits=(1 - Fraction(m),)) for m in misses]  # a hand missing with m
    (fig,) = counted_redraws({4: players}, runs).values()
    assert fig["share"] == pytest.approx(share)
    assert fig["mean"] == pytest.approx(mean)
    assert fig["max"] == most
    assert fig["runs_with_redraw"] == round(share * runs)


def test_a_draw_that_sets_its_rejects_aside_rejects_each_count_with_its_odds():
    from fractions import Fraction

    from cardstock.rules.setup.fixed import Redraws
    from cardstock.rules.setup.results import counted_redraws

    # one copy wanted of three, one of them accepted: it comes first, second or third alike
    (fig,) = counted_redraws({0: [Redraws(aside=(3, 1, 1))]}, 1000).values()
    assert (fig["share"], fig["mean"], fig["max"]) == (pytest.approx(2 / 3), pytest.approx(1), 2)
    # two wanted of four, two accepted: rejects 0, 1, 2 with 1/6, 2/6, 3/6
    (fig,) = counted_redraws({0: [Redraws(aside=(4, 2, 2))]}, 1000).values()
    assert fig["share"] == pytest.approx(5 / 6)
    assert fig["mean"] == pytest.approx(2 * 2 / 3)  # count × rejects / (accepted + 1)
    # a draw that shuffles each reject back: two wanted, each drawn with 1/2, then 1/1
    (fig,) = counted_redraws({0: [Redraws(hits=(Fraction(1, 2), Fraction(1)))]}, 1000).values()
    assert (fig["share"], fig["mean"]) == (pytest.approx(0.5), pytest.approx(1))


def test_a_setup_fixed_but_for_a_rolled_count_is_run_once_a_face_and_gives_the_sampled_figures(
    monkeypatch,
):
    from cardstock.rules.setup import simulator

    cat = _game("atmosfear")  # the Duel Die says how many cards the Chosen One exchanges
    setup, counts = cat.rules.setup, [2, 4, 6]
    realms = [i for i, c in enumerate(cat.components) if c.set == "realms"][:8]
    fewer = [c for i, c in enumerate(cat.components) if i not in realms]  # 6 players: 5 left
    for components in (cat.components, fewer):
        before = simulator.STATS.runs
        counted = simulator.simulate(components, setup, counts, runs=3000)
        assert simulator.STATS.runs - before == 6 * len(counts)  # the die's six faces
        monkeypatch.setattr(simulator, "branches", lambda *a: None)  # every run carried out
        sampled = simulator.simulate(components, setup, counts, runs=3000)
        monkeypatch.undo()
        for c, s in zip(counted.by_players, sampled.by_players):
            assert abs(c.completed - s.completed) < 0.03 * 3000, (c.players, c, s)
            assert [(f.step, f.kind) for f in c.failures] == [(f.step, f.kind) for f in s.failures]
            for name, fig in c.piles.items():
                assert fig["mean"] == pytest.approx(s.piles[name]["mean"], abs=0.2)
                assert (fig["min"], fig["max"]) == (s.piles[name]["min"], s.piles[name]["max"])
    # with five cards left, an exchange of six fails: one way in six, named by its face
    (failure,) = counted.by_players[-1].failures
    assert (failure.runs, counted.by_players[-1].completed) == (500, 2500)
    assert failure.message.endswith("which holds 5 (exchange rolled 6)")


def test_a_counted_failure_says_it_was_counted_over_the_faces(shipped, cli):
    game = shipped("atmosfear")
    game.replace("rules.toml", "\ncount = 10\n", "\ncount = 12\n")  # hands of 12: one card left
    result = cli("--root", str(game.root), "check", "atmosfear")
    assert result.code == 1
    line = next(x for x in result.out.splitlines() if "setup.steps[8]: 6 players" in x)
    assert line.strip().endswith(
        "8333 of 10000 runs failed at draw (… and draws as many from the deck): player 1 "
        "needs 2 cards from 'pack', which holds 1 (exchange rolled 2) (counted over the faces "
        "the rolls can show)"
    )


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


def test_two_counted_rolls_are_run_once_for_each_pair_of_faces(monkeypatch):
    import dataclasses

    from cardstock.rules.setup import simulator
    from cardstock.rules.setup.fixed import branches
    from cardstock.rules.setup.steps import Move, Roll

    cat = _game("atmosfear")
    # a house rule: the Chosen One rolls the Duel Die again and burns that many from the pack
    extra = [
        Roll.model_validate({"do": "roll", "die": "duel-die", "as": "burn"}),
        Move.model_validate({"do": "draw", "from": "pack", "to": "burnt", "count": "burn"}),
    ]
    setup = dataclasses.replace(
        cat.rules.setup,
        steps=[*cat.rules.setup.steps, *extra],
        lines=[*cat.rules.setup.lines, None, None],
    )
    faces = simulator.Simulator(cat.components, setup).copies.faces
    ways = branches(cat.components, setup, 6, faces)
    assert ways is not None and len(ways) == 36 and sum(w.chance for w in ways) == 1
    counted = simulator.simulate(cat.components, setup, [5, 6], runs=3000)
    monkeypatch.setattr(simulator, "branches", lambda *a: None)
    sampled = simulator.simulate(cat.components, setup, [5, 6], runs=3000)
    for c, s in zip(counted.by_players, sampled.by_players):
        assert abs(c.completed - s.completed) < 0.03 * 3000, (c.players, c, s)
        assert c.piles["pack"]["mean"] == pytest.approx(s.piles["pack"]["mean"], abs=0.2)
    # six players leave 13 in the pack; an exchange and a burn of 1 to 6 each take 7 on
    # average, 2 to 12 in all
    six = counted.by_players[-1].piles["pack"]
    assert counted.ok and (six["mean"], six["min"], six["max"]) == (6, 1, 11)


def test_a_draw_from_a_pile_of_a_million_copies_is_counted_at_once():
    from cardstock.rules.setup.fixed import Redraws
    from cardstock.rules.setup.results import counted_redraws

    # three wanted of a million copies, five of them rejected: few rejects, each chance
    # worked out from the last, none from a binomial coefficient of a million
    (fig,) = counted_redraws({0: [Redraws(aside=(10**6, 10**6 - 5, 3))] * 8}, 10_000).values()
    assert fig["mean"] == pytest.approx(8 * 3 * 5 / (10**6 - 4))
    assert fig["share"] == pytest.approx(1 - (1 - 15 / 10**6) ** 8, rel=1e-3)
    # one wanted among a million, one copy accepted: about half a million rejects on average
    assert Redraws(aside=(10**6, 1, 1)).mean == pytest.approx((10**6 - 1) / 2)


def test_a_redraw_expected_to_redraw_too_often_is_simulated(monkeypatch):
    from cardstock.rules.setup import fixed

    cat = _game("vortex")
    setup = cat.rules.setup
    assert fixed.redraw_chances(cat.components, setup, 2, setup.report or []) is not None
    # a mulligan counted only while a run's players redraw at most this often on average
    monkeypatch.setattr(fixed, "MOST_COUNTED_MEAN", 0.005)  # two players: 0.0094
    assert fixed.redraw_chances(cat.components, setup, 2, setup.report or []) is None


def test_a_counted_setups_report_says_counted_and_names_no_seed(monkeypatch):
    from math import comb

    from cardstock.rules.setup import fixed, simulator
    from cardstock.rules.setup.results import setup_json, setup_lines

    cat = _game("vortex")
    setup = cat.rules.setup
    counted = simulator.simulate(cat.components, setup, [2, 3], runs=RUNS, seed=7)
    lines = setup_lines(counted)
    assert lines[0] == (
        f"    counted, not sampled: the figures of every run, as {RUNS} runs per player count; "
        "piles: mean size after setup"
    )
    assert not any("seed" in line for line in lines)
    # an exact share is printed to a tenth of a point, however few runs it is given as:
    # no Devotee in either of two hands of seven, 1 - (1 - C(24, 7) / C(48, 7)) ** 2
    miss = comb(24, 7) / comb(48, 7)
    two = next(line for line in lines if line.strip().startswith("2 "))
    assert f"{(1 - (1 - miss) ** 2) * 100:.1f}%" == "0.9%"
    assert "0.9% of runs" in two, two
    assert [p["counted"] for p in setup_json(counted)["players"]] == [True, True]
    # the mulligan counted for two players only (0.0094 redraws a run, 0.0141 for three):
    # the table says which counts were counted and which were sampled with which seed
    monkeypatch.setattr(fixed, "MOST_COUNTED_MEAN", 0.012)
    mixed = simulator.simulate(cat.components, setup, [2, 3], runs=RUNS, seed=7)
    assert [p.counted for p in mixed.by_players] == [True, False]
    lines = setup_lines(mixed)
    assert lines[0].startswith(f"    {RUNS} runs per player count, seed 7")
    assert lines[1] == "    (counted, not sampled, for 2 players)"


def test_a_fixed_setup_that_cannot_be_dealt_fails_in_every_run_counted_not_sampled(shipped, cli):
    game = shipped("alter-ego")
    # seven players would need 28 Family cards; the box holds 24
    game.replace("game.toml", "players = { min = 1, max = 4 }", "players = { min = 1, max = 7 }")
    result = cli("--root", str(game.root), "check", "alter-ego", "--only", "setup")
    assert result.code == 1, result.out + result.err
    line = next(x for x in result.out.splitlines() if ": 7 players: " in x)
    assert "10000 of 10000 runs failed" in line
    assert line.strip().endswith("(in every run: counted, not sampled)"), line
    assert "seed" not in line


def _varied(game_id: str, rnd):
    """A shipped game's setup with some of its numbers changed at random (a hand or a
    deal's size, a redraw's attempts, how a draw rejects) and some components' copies,
    and the player counts it is dealt for (one more than the game takes): a setup of the
    same kind a designer could write, which may fail, redraw often or not at all."""
    cat = _game(game_id)

    def step(s):
        new = {}
        for attr, options in (
            ("count", lambda v: [0, 1, v + 1, max(0, v - 1), 3 * v, 60]),
            ("max_attempts", lambda v: [1, 2, v + 1, 2 * v, 10**5]),
            ("at_least", lambda v: [1, 2, v + 1]),
            ("upto", lambda v: [1, v + 1, max(1, v - 1), 2 * v]),
        ):
            value = getattr(s, attr, None)
            if isinstance(value, int) and not isinstance(value, bool) and rnd.random() < 0.3:
                new[attr] = rnd.choice(options(value))
        if getattr(s, "reject", None) and rnd.random() < 0.3:
            new["reject"] = "set_aside" if s.reject == "reshuffle" else "reshuffle"
        if s.do == "redraw_until":  # a hand never smaller than what it must hold
            count = new.get("count", s.count)
            new["at_least"] = max(1, min(new.get("at_least", s.at_least), count))
            new["count"] = max(count, new["at_least"])
        return s.model_copy(update=new) if new else s

    setup = replace(cat.rules.setup, steps=[step(s) for s in cat.rules.setup.steps])
    components = [
        replace(c, count=rnd.choice([0, 1, 2 * c.count])) if rnd.random() < 0.15 else c
        for c in cat.components
    ]
    return components, setup, list(range(cat.game.players.min, cat.game.players.max + 2))


# each case a shipped setup varied at random, its seed fixed; the full run tries more
VARIED = [
    (game, seed)
    for seed in range(repeat(40, 5))
    for game in ["vortex", "alpha-omega-tiles", "atmosfear"]
]


@pytest.mark.parametrize(("game_id", "seed"), VARIED)
def test_a_varied_setup_counted_gives_the_figures_of_the_same_setup_sampled(
    game_id, seed, monkeypatch
):
    import random

    from cardstock.rules.setup import simulator

    components, setup, counts = _varied(game_id, random.Random(f"{game_id}-{seed}"))
    counted = simulator.simulate(components, setup, counts, runs=RUNS, seed=3)
    monkeypatch.setattr(simulator, "is_fixed", lambda *a: False)
    monkeypatch.setattr(simulator, "redraw_chances", lambda *a: None)
    monkeypatch.setattr(simulator, "branches", lambda *a: None)
    sampled = simulator.simulate(components, setup, counts, runs=RUNS, seed=3)
    for c, s in zip(counted.by_players, sampled.by_players):
        assert not s.counted
        if not c.counted:
            continue
        # 300 runs sample a share to within about 0.03 (one standard deviation at most)
        assert c.completed / c.runs == pytest.approx(s.completed / s.runs, abs=0.1)
        if c.ok and s.ok:
            for name, fig in c.piles.items():
                assert fig["mean"] == pytest.approx(s.piles[name]["mean"], rel=0.1, abs=1)
            for step, fig in c.redraws.items():
                drawn = s.redraws[step]
                assert fig["share"] == pytest.approx(drawn["share"], abs=0.1), (c.players, step)
                assert fig["mean"] == pytest.approx(drawn["mean"], rel=0.2, abs=0.1)
