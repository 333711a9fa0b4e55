"""The setup procedure as data, run by a seeded simulator for every player count: it proves
the deal is possible, reports the figures a designer wants, is reproducible for a seed, and
fails with the numbers when a catalog makes setup impossible."""

from __future__ import annotations

import json
import re
from math import comb

from conftest import FULL, ROOT, line_of

ONLY = ("--only", "setup")
# the runs of each simulation where a test compares figures with figures, not with odds: the
# rules file's own count (10,000) in the full run, fewer by default (the same seed either way)
SAME_RUNS = None if FULL else 500


def simulate(root, game_id, players, runs, seed=1):
    from conftest import load_games

    from cardstock.rules.setup.simulator import simulate as run

    (cat,), issues = load_games(root, [game_id])
    assert not issues
    return run(cat.components, cat.rules.setup, players, seed=seed, runs=runs)


def test_the_same_seed_gives_the_same_figures_and_another_seed_others(shipped, cli):
    strip = lambda s: [{k: v for k, v in p.items() if k != "seconds"} for p in s["players"]]  # noqa: E731
    # the shipped tiles' draws are counted from the make-up of their piles: any seed alike
    args = ("--root", str(ROOT), "check", "alpha-omega-tiles", "--json", "--runs", "300", *ONLY)
    counted = json.loads(cli(*args).out)["games"][0]["setup"]
    assert strip(counted) == strip(json.loads(cli(*args, "--seed", "2").out)["games"][0]["setup"])
    # a hand's three tiles within twelve draws: it could fail, so each run is carried out
    game = shipped("alpha-omega-tiles")
    game.replace(
        "rules.toml",
        'reject = "reshuffle"\nmax_attempts = 1000',
        'reject = "reshuffle"\nmax_attempts = 12',
    )
    args = ("--root", str(game.root), *args[2:])
    first = json.loads(cli(*args).out)["games"][0]["setup"]
    again = json.loads(cli(*args).out)["games"][0]["setup"]
    other = json.loads(cli(*args, "--seed", "2").out)["games"][0]["setup"]
    assert strip(first) == strip(again)
    assert strip(first) != strip(other)
    assert other["seed"] == 2


def test_redraw_frequencies_match_the_odds_of_the_rules():
    # Alpha & Omega: six tiles around the Snake must all be Elements: 60 of the 72 deck tiles.
    result = simulate(ROOT, "alpha-omega-tiles", [2], runs=4000)
    (two,) = result.by_players
    snake_step = next(
        i for i, s in enumerate(result.steps) if s.do == "draw_until" and s.to == "world"
    )
    expected = 1 - comb(60, 6) / comb(72, 6)  # 0.676: a redraw is needed in two games of three
    assert abs(two.redraws[snake_step]["share"] - expected) < 0.03
    assert two.piles["deck"]["mean"] == 72 - 6 - 2 * 3
    # The Vortex: an opening hand of 7 from 24 Devotees in 48 cards has none in 0.47% of hands.
    result = simulate(ROOT, "vortex", [4], runs=3000)
    (four,) = result.by_players
    mulligan = next(i for i, s in enumerate(result.steps) if s.do == "redraw_until")
    none = comb(24, 7) / comb(48, 7)
    assert abs(four.redraws[mulligan]["share"] - (1 - (1 - none) ** 4)) < 0.01
    assert four.piles["hand"] == {"mean": 7, "min": 7, "max": 7, "per_player": True}
    assert four.piles["deck"]["mean"] == 48 - 7 - 1  # one Devotee into play, hand refilled to 7


def test_every_player_count_is_dealt_what_the_rulebook_says():
    result = simulate(ROOT, "alter-ego", [1, 2, 3, 4], runs=200)
    for pr in result.by_players:
        assert pr.ok, pr.failures
        assert pr.piles["villains"]["mean"] == 3  # one Arch Villain of each type
        assert (
            pr.piles["display"]["mean"],
            pr.piles["hand"]["mean"],
            pr.piles["deck"]["mean"],
        ) == (4, 4, 4)
        assert pr.piles["family"]["mean"] == 24 - 4 * pr.players  # the rest of the Alter Ego cards
        assert pr.piles["nemeses"]["mean"] == 6 - pr.players
    result = simulate(ROOT, "atmosfear", [6], runs=300)
    (six,) = result.by_players
    assert six.piles["hand"]["mean"] == 10
    # the Chosen One exchanged 1-6 cards (a Duel Die roll) with the 13 left in the pack
    assert six.piles["pack"]["min"] == 7 and six.piles["pack"]["max"] == 12
    assert 9.2 < six.piles["pack"]["mean"] < 9.8


def test_an_impossible_deal_fails_for_the_player_count_with_the_numbers(shipped, cli):
    game = shipped("vortex")
    game.replace("frenzies.csv", "insight,Insight,4", "insight,Insight,1")
    game.replace(
        "frenzies.csv", "kindling,Kindling,4", "kindling,Kindling,1"
    )  # 44 Frenzies, not 50
    result = cli("--root", str(game.root), "check", "vortex", "--runs", "100", *ONLY)
    assert result.code == 1
    step = (
        line_of(game.path("rules.toml"), 'say = "deal {count} Frenzies at random to each player"')
        - 5
    )
    assert (
        f"catalog/vortex/rules.toml:{step}: setup.steps[5]: 4 players: 100 of 100 runs failed at "
        "deal "
        "(deal 12 Frenzies at random to each player): 4 players × 12 = 48 cards needed from "
        "'frenzies', which holds 44 "
        "(in every run: counted, not sampled)"
    ) in result.out
    assert "FAIL  setup completes for 2–4 players: fails for 4 players" in result.out
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^\s+(\d)\s+(\d+/\d+)", result.out, re.M)}
    assert rows == {"2": "100/100", "3": "100/100", "4": "0/100"}


def test_a_redraw_loop_that_could_never_end_is_refused_with_the_numbers(shipped, cli):
    game = shipped("alpha-omega-tiles")
    for element in ("air", "earth", "fire", "water"):
        text = game.path("elements.csv").read_text()
        row = next(r for r in text.splitlines() if r.startswith(f"{element}-tile,"))
        game.replace("elements.csv", row, row.replace(",yes,yes,", ",no,yes,"))
    result = cli("--root", str(game.root), "check", "alpha-omega-tiles", "--runs", "20", *ONLY)
    assert result.code == 1
    step = (
        line_of(
            game.path("rules.toml"),
            'say = "draw {count} Element tiles around the Snake; put others aside and shuffle them '
            'back"',
        )
        - 8
    )
    assert (
        f"catalog/alpha-omega-tiles/rules.toml:{step}: setup.steps[3]: 2 players: 20 of 20 runs "
        "failed at draw_until "
        "(draw 6 Element tiles around the Snake; put others aside and shuffle them back): needs 6 "
        "cards matching "
        "around_snake = True from 'deck', which holds only 0 such of 72: the draw could never end "
        "(first in run 0, seed 1)"
    ) in result.out


def test_a_redraw_loop_that_runs_too_long_is_cut_off_at_max_attempts(shipped, cli):
    game = shipped("alpha-omega-tiles")
    game.replace(
        "rules.toml",
        'count = 3\naccept = { field = "starting_hand", equals = true }\nreject = "reshuffle"\n'
        "max_attempts = 1000",
        'count = 3\naccept = { field = "starting_hand", equals = true }\nreject = "reshuffle"\n'
        "max_attempts = 3",
    )
    result = cli(
        "--root", str(game.root), "check", "alpha-omega-tiles", "--json", "--runs", "400", *ONLY
    )
    assert result.code == 1
    (game_report,) = json.loads(result.out)["games"]
    for players in game_report["setup"]["players"]:
        (failure,) = players["failures"]
        assert failure["kind"] == "cap" and failure["step"] == 5
        assert re.fullmatch(
            r"player \d gave up after 3 draws \(max_attempts = 3\) with [0-2] of 3 accepted",
            failure["message"],
        )
        # a -2 or Switch (4 of the 66 tiles left) among a player's 3 draws: more players, more
        # failures
        assert 0 < failure["runs"] < 400
    shares = [p["failures"][0]["runs"] for p in game_report["setup"]["players"]]
    assert shares == sorted(shares)


def test_setup_mistakes_in_rules_toml_are_bad_input_with_file_and_line(shipped, cli):
    game = shipped("vortex")
    game.replace(
        "rules.toml",
        'require = { set = "devotees" }\nat_least = 1',
        'require = { set = "devotee" }\nat_least = 8',
    )
    game.replace("rules.toml", 'from = "rogations"\nto = "deck"', 'from = "rogation"\nto = "deck"')
    result = cli("--root", str(game.root), "check", "vortex")
    assert result.code == 2
    rules = game.path("rules.toml")
    pile = line_of(rules, 'from = "rogation"')
    assert (
        f"catalog/vortex/rules.toml:{pile}: setup.steps[8].from: no earlier step puts anything "
        "into pile 'rogation'" in result.err
    )
    hand = line_of(rules, 'do = "redraw_until"') - 1
    assert (
        f"catalog/vortex/rules.toml:{hand}: setup.steps[10]: at_least (8) is more than the hand of "
        "7: the redraw could never end" in result.err
    )


def test_ten_thousand_runs_of_a_player_count_are_each_simulated_to_the_end():
    # about 1 s on a laptop: the work is counted, not timed (a machine may be shared)
    result = simulate(ROOT, "alpha-omega-tiles", [4], runs=10000)
    (four,) = result.by_players
    assert (four.players, four.runs, four.completed, four.failures) == (4, 10000, 10000, [])
    assert result.ok


def test_each_player_needs_a_colour_of_their_own(shipped, cli):
    game = shipped("alpha-omega-tiles")
    game.replace(
        "game.toml",
        'name = "Yellow pawn", count = 2, player_color = "Yellow"',
        'name = "Yellow pawn", count = 2, player_color = "Green"',
    )
    result = cli(
        "--root",
        str(game.root),
        "check",
        "alpha-omega-tiles",
        "--runs",
        "30",
        "--only",
        "setup,counts",
    )
    assert result.code == 1
    assert (
        "4 players: 30 of 30 runs failed at assign (each player's pawns start on the Snake): 4 "
        "players × 1 = 4 "
        "different player_color values matching kind pawn needed from 'box', which has 3: Blue, "
        "Green, Red"
    ) in result.out
    assert (
        "player_color Green: expected 2, the catalog has 4: pawn-green ×2, pawn-yellow ×2"
        in result.out
    )
    assert re.search(r"^ +3  30/30 ", result.out, re.M)  # three players still find a colour each


def test_a_setup_is_simulated_again_only_when_what_its_steps_read_changes(shipped, tmp_path):
    from conftest import load_games

    from cardstock.core.cache import open_cache
    from cardstock.core.stage import Job
    from cardstock.layout.faces import Faces
    from cardstock.rules.report import check_game
    from cardstock.rules.setup import simulator

    game = shipped("atmosfear")

    def check(cache: str) -> tuple[int, str, list]:
        """(simulations run, the setup check's text, the figures) of a check keeping its
        results in tmp_path/<cache>."""
        (cat,), issues = load_games(game.root, ["atmosfear"])
        assert not issues.errors
        job = Job(cat, Faces(cat, open_cache(tmp_path / cache)))
        before = simulator.STATS.simulated
        report = check_game(job, (), runs=SAME_RUNS, only={"setup"})
        job.cache.flush()
        shown = "\n".join(
            f"{c.summary} {[i.message for i in c.findings]}"
            for c in report.checks
            if c.section == "setup"
        )
        setup = report.setup
        assert setup is not None
        return (
            simulator.STATS.simulated - before,
            shown,
            [(p.players, p.completed, p.piles, p.redraws) for p in setup.by_players],
        )

    setups = check("kept")[0]
    assert setups == 2  # the setup and the variant its rulebook offers
    # a card's text: no step reads it, so the figures are kept, and they are a fresh check's
    game.replace("realms.csv", "Rank 1, the weakest card.", "Rank one, the weakest card of all.")
    runs, shown, figures = check("kept")
    assert runs == 0
    assert (shown, figures) == check("fresh")[1:]
    # a copy more of a card the deal takes: simulated again, and the pack shows it
    game.replace("realms.csv", "red-fear,Red Fear,1,", "red-fear,Red Fear,2,")
    runs, _shown, more = check("kept")
    assert runs == setups
    assert [p[2]["pack"]["mean"] for p in more] == [p[2]["pack"]["mean"] + 1 for p in figures]
