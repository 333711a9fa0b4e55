"""The work a setup simulation may do: however large the piles, the runs asked for or a
redraw's `max_attempts` (all of them a rules file's to say), the runs of one player count
move and draw at most `WORK` copies between them (`cardstock/rules/setup/state.py`). No run
is started past it and a run that would go past it is stopped and left out; the check
warns and reports the figures of the runs made."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import ROOT

# Alpha & Omega's tiles with 10,000 more copies of two Element tiles that no hand takes:
# each player's three starting tiles are drawn among 20,000 (8 of them accepted), a reject
# shuffled straight back, up to a billion times
RARE = {"earth-tile": 10_000, "water-tile": 10_000}


def _tiles(starting_hand_tiles_kept: bool = True):
    """The tiles game with `RARE`'s copies added, every redraw allowed a billion attempts;
    without `starting_hand_tiles_kept`, no Element tile may start in a hand either."""
    from conftest import load_games

    (cat,), issues = load_games(ROOT, ["alpha-omega-tiles"])
    assert not issues
    components = [
        replace(c, count=RARE[c.id], fields={**c.fields, "starting_hand": False})
        if c.id in RARE
        else replace(c, fields={**c.fields, "starting_hand": False})
        if c.set == "elements" and not starting_hand_tiles_kept
        else c
        for c in cat.components
    ]
    steps = [
        s.model_copy(update={"max_attempts": 10**9}) if s.do == "draw_until" else s
        for s in cat.rules.setup.steps
    ]
    return components, replace(cat.rules.setup, steps=steps)


def _copies(components) -> int:
    return sum(c.count for c in components)


def test_a_redraw_that_draws_on_and_on_stops_at_the_simulations_work(monkeypatch):
    from cardstock.rules.setup import simulator, state
    from cardstock.rules.setup.results import setup_json, setup_lines

    monkeypatch.setattr(state, "WORK", 8_000_000)
    components, setup = _tiles(starting_hand_tiles_kept=False)  # 8 tiles a hand may take
    spent = []
    run = simulator._run_steps

    def counting(st, steps):
        found = run(st, steps)
        spent.append(st.budget)
        return found

    monkeypatch.setattr(simulator, "_run_steps", counting)
    result = simulator.simulate(components, setup, [2], runs=3000)
    (two,) = result.by_players
    assert two.stopped and not two.counted
    # some runs made, far fewer than asked, each completed: their figures are reported
    assert 0 < two.runs < 3000 and two.completed == two.runs, two.runs
    assert min(spent) >= 0  # no run made spent past the work left to it
    # the hands' draws spent most of it: each run redrew thousands of times
    assert two.redraws[5]["mean"] > 1000, two.redraws
    lines = setup_lines(result)
    assert (
        f"    (2 players: stopped after {two.runs} runs, at the work a simulation may do "
        f"(8,000,000 copies looked at a player count, {state.SETUP_WORK:,} for all); "
        "the figures of those runs)"
    ) in lines
    assert setup_json(result)["players"][0]["stopped"] is True


def test_a_run_larger_than_the_work_is_not_simulated(monkeypatch):
    from cardstock.rules.setup import simulator, state
    from cardstock.rules.setup.results import setup_lines

    components, setup = _tiles()
    monkeypatch.setattr(state, "WORK", _copies(components) // 2)  # not one run's copies
    (two,) = simulator.simulate(components, setup, [2], runs=100).by_players
    assert two.stopped and (two.runs, two.completed, two.failures) == (0, 0, [])
    lines = setup_lines(simulator.simulate(components, setup, [2], runs=100))
    row = next(line for line in lines if line.strip().startswith("2 "))
    assert row.split()[1:3] == ["0/0", "–"], row
    assert any("2 players: one run (or matching its steps' filters" in line for line in lines)


def _scanning(steps: int):
    """Alpha & Omega's tiles with 20,000 Earth tiles in the Tile Deck, then `steps` pairs of
    steps that each go through the whole deck: choose a Switch tile from it, put it back."""
    from cardstock.rules.setup.steps import Choose, Move

    components, setup = _tiles()
    components = [replace(c, count=20_000) if c.id == "earth-tile" else c for c in components]
    deck = setup.steps[:2]  # every tile but the Snake into the deck, shuffled
    assert [s.do for s in deck] == ["move", "shuffle"]
    switch = {"field": "tile_type", "equals": "Switch"}
    pair = [
        Choose.model_validate({"do": "choose", "from": "deck", "to": "aside", "match": switch}),
        Move.model_validate({"do": "move", "from": "aside", "to": "deck"}),
    ]
    chosen = [*deck, *pair * steps, *setup.steps[2:]]
    return components, replace(setup, steps=chosen, lines=[None] * len(chosen))


def test_the_steps_that_go_through_a_pile_spend_the_work_too(monkeypatch):
    from cardstock.rules.setup import simulator, state

    monkeypatch.setattr(state, "WORK", 10_000_000)
    # one run goes through the 20,000-tile deck more than 200 times: 4 million copies looked
    # at, though it moves and draws fewer than 30,000
    components, setup = _scanning(100)
    (two,) = simulator.simulate(components, setup, [2], runs=50).by_players
    assert two.stopped and 0 < two.runs <= 2, two.runs
    # the same setup with two such steps makes every run asked for
    components, setup = _scanning(1)
    (two,) = simulator.simulate(components, setup, [2], runs=50).by_players
    assert not two.stopped and two.runs == 50


def test_a_setup_weighed_by_its_rolls_is_sampled_when_its_ways_go_past_the_work(monkeypatch):
    from cardstock.rules.setup import fixed, simulator, state

    cat = _game("atmosfear")  # the Duel Die's six faces set how many cards are exchanged
    counts = simulator.player_counts(cat)
    weighed = simulator.simulate(cat.components, cat.rules.setup, counts, runs=100)
    assert all(pr.counted and not pr.stopped for pr in weighed.by_players)
    ways = fixed.branches(
        cat.components, cat.rules.setup, 2, simulator.Copies(cat.components).faces
    )
    assert ways is not None and len(ways) == 6
    # room for two of the six ways' runs a player count: the count is sampled instead, with
    # what the ways left, and stops there
    monkeypatch.setattr(state, "WORK", 2 * (_copies(cat.components) + 1_000))
    sampled = simulator.simulate(cat.components, cat.rules.setup, counts, runs=100)
    for pr in sampled.by_players:
        assert pr.stopped and not pr.counted, pr
        assert 0 < pr.runs < 100 and pr.completed == pr.runs, pr


def test_the_deals_of_the_odds_stop_at_the_work_they_are_given():
    from cardstock.rules.setup import simulator, state

    components, setup = _tiles()
    work = state.Work(8_000_000)  # about fourteen runs of the redraws from 20,000 tiles
    made = list(simulator.deals(components, setup, 2, ("world",), seed=1, runs=1000, work=work))
    assert 0 < len(made) < 1000 and work.left >= 0
    # a setup with no redraw makes every deal asked for within the check's work, and each
    # deal is charged at least the game's copies
    cards = _game("alter-ego")
    work = state.Work(state.WORK)
    many = list(
        simulator.deals(cards.components, cards.rules.setup, 2, (), seed=1, runs=800, work=work)
    )
    assert len(many) == 800
    assert state.WORK - work.left >= 800 * _copies(cards.components)


def _game(game_id: str):
    from conftest import load_games

    (cat,), issues = load_games(ROOT, [game_id])
    assert not issues
    return cat


@pytest.mark.parametrize("strict", [False, True])
def test_the_check_warns_when_a_simulation_stops_at_its_work(shipped, cli, monkeypatch, strict):
    from cardstock.rules.setup import state

    monkeypatch.setattr(state, "WORK", 300_000)
    game = shipped("alpha-omega-tiles")
    game.replace("rules.toml", "max_attempts = 1000", "max_attempts = 1000000000", count=2)
    for tile in RARE:
        text = game.path("elements.csv").read_text(encoding="utf-8")
        row = next(r for r in text.splitlines() if r.startswith(f"{tile},"))
        cells = row.split(",")
        cells[2], cells[8] = "10000", "no"
        game.replace("elements.csv", row, ",".join(cells))
    args = ["--root", str(game.root), "check", "alpha-omega-tiles", "--only", "setup"]
    result = cli(*args, *(["--strict"] if strict else []))
    assert result.code == (1 if strict else 0), result.out + result.err
    status = "FAIL" if strict else "warn"
    assert f"{status}  setup completes for 2–4 players: " in result.out, result.out
    assert "setup: warning: 2 players: stopped after " in result.out


def test_the_odds_pages_deals_share_its_work_and_every_step_has_as_many(monkeypatch):
    from cardstock.rules.stats import odds as odds_of
    from cardstock.site.stats import stats_data

    cat = _game("vortex")
    odds = odds_of.game_odds(cat)
    steps = len({(o.setup, o.players, o.step) for o in odds})
    rounds = 50  # each deal moves at least every copy of the game: at most 50 rounds fit
    made = odds_of.simulated(cat, odds, 2000, work=rounds * steps * _copies(cat.components))
    assert 0 < made <= rounds
    assert {o.runs for o in odds} == {made}  # no Vortex deal fails: each step had as many
    # the page says how many deals it made, not how many it would have made
    monkeypatch.setattr(odds_of, "PAGE_WORK", 0.01)
    data = stats_data(cat, runs=2000)
    assert 0 < data["odds"]["runs"] < 2000
    assert {r["simulated"]["runs"] for r in data["odds"]["rows"]} == {data["odds"]["runs"]}


def test_a_setups_player_counts_share_one_work(monkeypatch):
    from cardstock.rules.setup import simulator, state

    components, setup = _tiles(starting_hand_tiles_kept=False)
    monkeypatch.setattr(state, "WORK", 300_000)
    monkeypatch.setattr(state, "SETUP_WORK", 450_000)  # a count and a half
    two, three = simulator.simulate(components, setup, [2, 3], runs=3000).by_players
    assert two.stopped and three.stopped
    assert two.runs > 0 and 0 <= three.runs < two.runs  # the second had what the first left


def test_a_game_for_more_players_than_cardstock_checks_is_refused(shipped, cli):
    from cardstock.catalog.schema import MOST_PLAYERS

    game = shipped("alter-ego")
    game.replace("game.toml", "max = 4 }", f"max = {MOST_PLAYERS + 1} }}")
    result = cli("--root", str(game.root), "check", "alter-ego")
    assert result.code == 2, result.out + result.err
    assert (
        f"catalog/alter-ego/game.toml:6: players.max: expected a number of at most "
        f"{MOST_PLAYERS}, got {MOST_PLAYERS + 1}"
    ) in result.err


@pytest.mark.parametrize(("what", "most"), [("steps", 200), ("variants", 20)])
def test_a_setup_of_more_steps_or_variants_than_cardstock_runs_is_refused(shipped, cli, what, most):
    from cardstock.rules.setup.steps import MOST_STEPS, MOST_VARIANTS

    assert most == {"steps": MOST_STEPS, "variants": MOST_VARIANTS}[what]
    game = shipped("alter-ego")
    entry = (
        '\n[[setup.steps]]\ndo = "shuffle"\npile = "henchmen"\n'
        if what == "steps"
        else '\n[[setup.variants]]\nname = "again"\nchange = [{ step = 1, count = 1 }]\n'
    )
    setup = _game("alter-ego").rules.setup
    had = len(setup.steps) if what == "steps" else 0  # Alter Ego has no variant
    game.append("rules.toml", entry * (most + 1 - had))
    result = cli("--root", str(game.root), "check", "alter-ego")
    assert result.code == 2, result.out + result.err
    assert f"setup.{what}: expected at most {most} entries (cardstock's limit), got {most + 1}" in (
        result.err
    ), result.err


def test_steps_that_say_the_same_filter_match_the_copies_once():
    from cardstock.rules.setup.simulator import Simulator
    from cardstock.rules.setup.steps import Move

    components, setup = _tiles()
    switch = {"field": "tile_type", "equals": "Switch"}
    steps = [*setup.steps[:2]]
    for _ in range(50):  # each step written out, as a rules file writes each
        steps.append(
            Move.model_validate(
                {"do": "move", "from": "deck", "to": "aside", "match": dict(switch), "count": 1}
            )
        )
        steps.append(Move.model_validate({"do": "move", "from": "aside", "to": "deck"}))
    sim = Simulator(components, replace(setup, steps=steps, lines=[None] * len(steps)))
    sim.compile(2)
    matched = [entry for entry in sim.copies.read if entry[0] == "matches"]
    assert len(matched) == 2  # the deck's filter and the Switch tiles', each once


def test_a_setup_whose_filters_take_too_long_to_work_out_is_not_simulated(monkeypatch):
    from cardstock.rules.setup import copies, simulator, state
    from cardstock.rules.setup.results import stopped_words

    components, setup = _tiles()
    every = simulator.simulate(components, setup, [2, 3], runs=20)
    assert all(pr.runs == 20 for pr in every.by_players)
    # room for fewer filters than the setup's steps say, over the game's components
    monkeypatch.setattr(copies, "MATCH_WORK", 2 * len(components))
    result = simulator.simulate(components, setup, [2, 3], runs=20)
    assert all(pr.stopped and pr.runs == 0 for pr in result.by_players)
    said = stopped_words(result.by_players[0])
    assert said.startswith("2 players: one run (or matching its steps' filters against the ")
    # what the check is keyed by is what was worked out, the same each time; no deal is made
    assert simulator.reads(components, setup) == simulator.reads(components, setup)
    work = state.Work(state.WORK)
    assert list(simulator.deals(components, setup, 2, (), seed=1, runs=5, work=work)) == []
