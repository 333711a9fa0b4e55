"""`build.py check`: each game's declared counts and constraints hold on the shipped
catalogs, and break, with the exact finding and exit status 1, on an edited copy."""

from __future__ import annotations

import json
import re

import pytest
from conftest import GAMES, ROOT, line_of

# This module's parts; print safety and rulebook checks from other modules have their own tests.
MINE = ("--only", "counts,constraints,setup,colour-only")
FAST = ("--runs", "50", *MINE)  # the setup simulation is covered in test_rules_setup.py


def check(cli, game, *extra):
    return cli("--root", str(game.root), "check", game.id, *FAST, *extra)


def test_every_shipped_game_passes_and_prints_its_setup_per_player_count(cli):
    result = cli("--root", str(ROOT), "check", "--runs", "200", *MINE)
    assert result.code == 0, result.out + result.err
    assert "all 5 games passed the rules check" in result.out
    for gid in GAMES:
        assert f"  {gid} passes:" in result.out
    # per game, the setup table: one row per supported player count, every run complete
    players = {
        "alpha-omega-cards": "1234",
        "alpha-omega-tiles": "234",
        "alter-ego": "1234",
        "atmosfear": "23456",
        "vortex": "234",
    }
    for block in result.out.split("\n\n")[:-1]:
        gid = block.split(" ")[0]
        rows = re.findall(r"^ +(\d) +(\d+/\d+) ", block, re.M)
        assert rows == [(n, "200/200") for n in players[gid]], gid
        span = f"{players[gid][0]}–{players[gid][-1]}"
        # every shipped setup is counted, not sampled: no seed, no runs made
        assert (
            f"ok    setup completes for {span} players: every run completes for each count "
            "(counted, not sampled)" in block
        )
        assert "    counted, not sampled: the figures of every run, as 200 runs" in block
    atmosfear = next(b for b in result.out.split("\n\n") if b.startswith("atmosfear"))
    assert "    players  complete  pack  keys  hand (each)\n" in atmosfear
    assert re.search(
        r"^ +6  200/200 +9\.\d +6 +10$", atmosfear, re.M
    )  # 73 - 60 dealt - the exchange


def test_the_json_report_has_every_check_and_the_setup_figures(cli):
    result = cli("--root", str(ROOT), "check", "atmosfear", "--json", "--runs", "100", *MINE)
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["ok"] is True and data["seed"] == 1 and data["runs"] == 100
    (game,) = data["games"]
    assert game["id"] == "atmosfear" and game["ok"] is True
    sections = {c["section"] for c in game["checks"]}
    assert {"counts", "constraints", "setup", "print"} <= sections
    gate = next(c for c in game["checks"] if c["rule"] == "there is exactly one Gatekeeper")
    assert gate == {
        "section": "constraints",
        "rule": "there is exactly one Gatekeeper",
        "status": "pass",
        "summary": "gatekeeper",
        "file": "catalog/atmosfear/rules.toml",
        "line": line_of(
            ROOT / "catalog/atmosfear/rules.toml", 'name = "there is exactly one Gatekeeper"'
        )
        - 2,
        "components": ["gatekeeper"],
        "findings": [],
        "acknowledged": [],
        "cite": {
            "seed": "003_1b021a8c980fb258.txt",
            "line": 75,
            "says": "nothing beats the Gatekeeper",
        },
        "choice": None,
    }
    players = game["setup"]["players"]
    assert [p["players"] for p in players] == [2, 3, 4, 5, 6]
    six = players[-1]
    assert six["completed"] == 100 and six["failures"] == []
    assert six["piles"]["hand"]["mean"] == 10 and six["piles"]["keys"]["mean"] == 6
    # 73 - 60 dealt, then the Chosen One exchanges 1-6 cards with the deck
    assert 7 <= six["piles"]["pack"]["min"] <= six["piles"]["pack"]["max"] <= 12


def test_a_declared_count_that_the_catalog_breaks_fails_per_category_and_in_total(shipped, cli):
    game = shipped("atmosfear")
    game.replace("game.toml", '  { id = "key-6", name = "Six Keys", count = 1, keys = 6 },\n', "")
    result = check(cli, game)
    assert result.code == 1
    rules = game.path("rules.toml")
    at = line_of(rules, 'name = "Key cards"') - 1
    assert (
        f"catalog/atmosfear/rules.toml:{at}: counts[4]: expected 6, the catalog has 5: key-1, "
        "key-2, key-3, key-4, key-5" in result.out
    )
    total = line_of(rules, 'name = "cards in all (pack, Keys, quick reference)"') - 1
    assert (
        f"catalog/atmosfear/rules.toml:{total}: counts[7]: expected 85, the catalog has 84"
        in result.out
    )
    total_line = line_of(rules, 'name = "the Key cards hold 21 silver keys"') - 2
    assert (
        f"catalog/atmosfear/rules.toml:{total_line}: constraints[12]: keys adds up to 15 (1 + 2 + "
        "3 + 4 + 5); expected 21" in result.out
    )
    assert "atmosfear FAILS:" in result.out
    assert "1 of 1 games failed the rules check: atmosfear" in result.out


def test_a_count_per_value_names_the_value_that_is_off(shipped, cli):
    game = shipped("atmosfear")
    game.replace(
        "realms.csv", "red-headstone,Red Headstone,1,Red,", "red-headstone,Red Headstone,1,Blue,"
    )
    result = check(cli, game)
    assert result.code == 1
    assert (
        "realm Red: expected 12, the catalog has 11: red-fear, red-duel, red-gate, red-flight, "
        "red-black-hole, red-soul-ranger and 5 more" in result.out
    )
    assert "realm Blue: expected 12, the catalog has 13" in result.out


def test_count_per_group_reports_the_duplicate_rank_at_its_row_and_the_missing_one(shipped, cli):
    game = shipped("atmosfear")
    game.replace(
        "realms.csv", "red-gate,The Gate (Red),1,Red,red,3,", "red-gate,The Gate (Red),1,Red,red,4,"
    )
    result = check(cli, game)
    assert result.code == 1
    assert (
        "catalog/atmosfear/realms.csv:5: rank: realm Red: rank 4 appears 2 times (red-gate, "
        "red-flight); expected once" in result.out
    )
    rules = game.path("rules.toml")
    at = line_of(rules, 'name = "each Realm has ranks 1–12 exactly once"') - 2
    assert (
        f"catalog/atmosfear/rules.toml:{at}: constraints[1]: realm Red: no rank 3; expected it once"
        in result.out
    )


def test_range_reports_the_card_out_of_bounds(shipped, cli):
    game = shipped("atmosfear")
    game.replace(
        "realms.csv",
        "red-lair,Red Lair,1,Red,red,11,Character",
        "red-lair,Red Lair,1,Red,red,6,Character",
    )
    result = check(cli, game)
    assert result.code == 1
    assert "catalog/atmosfear/realms.csv:12: rank: red-lair: rank 6 is outside 7–12" in result.out


def test_unique_and_sum_report_a_repeated_key_value(shipped, cli):
    game = shipped("atmosfear")
    game.replace(
        "game.toml",
        'name = "Six Keys", count = 1, keys = 6',
        'name = "Six Keys", count = 1, keys = 5',
    )
    result = check(cli, game)
    assert result.code == 1
    line = line_of(game.path("game.toml"), 'id = "key-6"')
    assert (
        f"catalog/atmosfear/game.toml:{line}: keys: keys 5 is also on key-5 "
        f"(catalog/atmosfear/game.toml:{line - 1}); each value may appear once" in result.out
    )
    assert "keys adds up to 20 (1 + 2 + 3 + 4 + 5 + 5); expected 21" in result.out
    assert "Key cards show 1 to 6 keys: all 6 within 1–6" in result.out  # range still holds


def test_exactly_one_fails_when_the_gatekeeper_is_printed_twice(shipped, cli):
    game = shipped("atmosfear")
    game.replace(
        "game.toml", 'name = "The Gatekeeper", count = 1', 'name = "The Gatekeeper", count = 2'
    )
    result = check(cli, game)
    assert result.code == 1
    line = line_of(game.path("game.toml"), 'id = "gatekeeper", name')
    assert (
        f"catalog/atmosfear/game.toml:{line}: count: 2 copies match, expected exactly one: "
        "gatekeeper ×2" in result.out
    )


def test_relation_finds_an_element_whose_opposite_does_not_point_back(shipped, cli):
    game = shipped("alpha-omega-tiles")
    game.replace(
        "elements.csv",
        "fire-tile,Fire,15,Element,Fire,Water,",
        "fire-tile,Fire,15,Element,Fire,Earth,",
    )
    result = check(cli, game)
    assert result.code == 1
    assert (
        "catalog/alpha-omega-tiles/elements.csv:4: border: fire-tile: border Earth, but earth-tile "
        "(catalog/alpha-omega-tiles/elements.csv:3) has border Air, not Fire"
    ) in result.out


def test_compare_finds_a_devotee_whose_stats_do_not_add_up(shipped, cli):
    game = shipped("vortex")
    game.replace(
        "devotees.csv",
        "novice-tidecaller,Novice Tidecaller,4,Blue,blue,4,5,6,5",
        "novice-tidecaller,Novice Tidecaller,4,Blue,blue,4,5,6,6",
    )
    result = check(cli, game)
    assert result.code == 1
    assert (
        "catalog/vortex/devotees.csv:2: reason: novice-tidecaller: reason + fire + repulsion + "
        "attack is 21; "
        "expected reason + fire + repulsion + attack == 20"
    ) in result.out


def test_a_count_of_zero_catches_a_card_breaking_a_rule_of_the_rulebook(shipped, cli):
    game = shipped("alpha-omega-tiles")
    # Transformation tiles may stay in a starting hand: the rule must not count them
    assert (
        "transform-to-air,Transform to Air,2,Transformation,Air,Earth,air,transform,yes,"
        in game.path("transformations.csv").read_text(encoding="utf-8")
    )
    game.replace(
        "game.toml",
        'tile_type = "Switch", icon = "switch", on_draw = true,',
        'tile_type = "Switch", icon = "switch", on_draw = true, starting_hand = true,',
    )
    result = check(cli, game)
    assert result.code == 1
    assert "    FAIL  no -2 or Switch tile may stay in a starting hand\n" in result.out
    line = (
        line_of(
            game.path("rules.toml"), 'name = "no -2 or Switch tile may stay in a starting hand"'
        )
        - 2
    )
    assert (
        f"catalog/alpha-omega-tiles/rules.toml:{line}: constraints[4]: expected 0, the catalog has "
        "2: switch ×2" in result.out
    )


def test_colour_only_distinction_is_a_finding_at_the_icon(shipped, cli):
    game = shipped("alpha-omega-tiles")
    game.replace(
        "game.toml",
        'label = "Blue player"\nsymbol = "square"',
        'label = "Blue player"\nsymbol = "triangle"',
    )
    result = check(cli, game)
    assert result.code == 1
    red = (
        line_of(game.path("game.toml"), "[icons.red]") + 2
    )  # icons.red.symbol: the later of the two
    assert (
        f"catalog/alpha-omega-tiles/game.toml:{red}: icons.red.symbol: icons blue, red (field "
        "'icon' of set 'pawns') "
        "differ only by colour (#1f5fa8, #b3261e): they share the symbol 'triangle'; give each its "
        "own symbol "
        "so the set reads in greyscale and for colour-blind players"
    ) in result.out
    pawn = line_of(game.path("game.toml"), 'id = "pawn-blue"')
    assert (
        f"catalog/alpha-omega-tiles/game.toml:{pawn}: color: pawn-blue (#1f5fa8) and pawn-red "
        "(#b3261e) differ only by colour: "
        "both show triangle; give each its own symbol so the set reads in greyscale and for "
        "colour-blind players"
    ) in result.out
    assert "FAIL  nothing is told apart by colour alone: 2 findings" in result.out


def test_backs_that_differ_only_by_colour_are_a_finding(shipped, cli):
    game = shipped("atmosfear")
    game.replace(
        "game.toml",
        'title = "Key"\nsubtitle = "keep face down"\ncolor = "#3c4043"\nicon = "key"',
        'title = "Atmosfear"\nsubtitle = "The Card Game"\ncolor = "#3c4043"\nicon = "gate"',
    )
    result = check(cli, game)
    assert result.code == 1
    line = line_of(game.path("game.toml"), 'color = "#3c4043"')
    assert (
        f"catalog/atmosfear/game.toml:{line}: backs.key: backs pack, key differ only by colour "
        "(#1b1b1f, #3c4043); give each its own title, subtitle or icon" in result.out
    )


def test_a_game_without_rules_passes_and_says_what_rules_could_check(shipped, cli):
    game = shipped("atmosfear")
    game.path("rules.toml").unlink()
    result = check(cli, game)
    assert result.code == 0
    assert (
        "ok    the game declares its rules: no catalog/atmosfear/rules.toml, nothing to "
        "check; given rules it could check the totals of its sets (" in result.out
    )
    assert "the player count (2–6)" in result.out


def test_unknown_games_and_bad_options_are_bad_input(cli):
    assert cli("--root", str(ROOT), "check", "nope").code == 2
    with pytest.raises(SystemExit) as stop:  # argparse reports a bad option value itself
        cli("--root", str(ROOT), "check", "atmosfear", "--runs", "0")
    assert stop.value.code == 2
    bad = cli("--root", str(ROOT), "check", "atmosfear", "--only", "counts,spelling")
    assert bad.code == 2
    assert (
        "command line: --only: unknown part(s) spelling; expected: counts, constraints, facts, "
        "examples, setup, source, texts, colour-only" in bad.err
    )


def test_only_runs_the_parts_asked_for(cli):
    result = cli("--root", str(ROOT), "check", "atmosfear", "--only", "counts")
    assert result.code == 0
    assert "Declared counts" in result.out
    assert (
        "Constraints" not in result.out
        and "Setup" not in result.out
        and "Print safety" not in result.out
    )


def test_run_checks_is_the_api_build_uses(shipped):
    from conftest import load_games, run_checks

    from cardstock.rules import render

    good = shipped("atmosfear")
    bad = shipped("vortex")
    bad.replace("frenzies.csv", "insight,Insight,4", "insight,Insight,3")
    catalogs, issues = load_games(good.root)
    assert not issues
    report = run_checks(catalogs, seed=3, runs=20, only={"counts", "constraints", "setup"})
    assert report.failed_games() == ["vortex"]
    assert report.game("atmosfear").ok and not report.ok
    assert report.public()["games"][1]["tally"]["fail"] == 2  # Frenzies 49 of 50, cards 241 of 242
    assert "vortex FAILS: " in render(report)


def test_findings_come_from_the_checks_other_rooms_provide(shipped):
    from conftest import load_games, run_checks

    from cardstock.rules import Provider
    from cardstock.rules.checks.colour_only import colour_only

    game = shipped("alpha-omega-tiles")
    game.replace(
        "game.toml",
        'label = "Blue player"\nsymbol = "square"',
        'label = "Blue player"\nsymbol = "triangle"',
    )
    catalogs, _ = load_games(game.root)

    def broken(job):
        raise RuntimeError("a bug in another room")

    providers = [
        Provider("colour-only", "print", "nothing is told apart by colour alone", colour_only),
        Provider("later", "other", "a check with a bug", broken),
    ]
    report = run_checks(catalogs, providers=providers, only={"colour-only", "later"})
    checks = {c.rule: c for c in report.games[0].checks}
    colour = checks["nothing is told apart by colour alone"]
    assert colour.status == "fail" and colour.findings[0].field == "icons.red.symbol"
    # another room's bug is a failed check with its reason, not a crash of the report
    assert checks["a check with a bug"].status == "fail"
    assert (
        checks["a check with a bug"].summary
        == "the check later stopped with RuntimeError: a bug in another room"
    )
    assert report.failed_games() == ["alpha-omega-tiles"]


def test_checks_that_read_drawings_run_first_and_every_check_is_reported_in_the_tables_order(
    shipped,
):
    from conftest import load_games, run_checks

    from cardstock.rules import Provider

    catalogs, _ = load_games(shipped("alpha-omega-tiles").root)
    ran: list[str] = []

    def recording(name):
        return lambda job: ran.append(name) or []

    providers = [
        Provider("outlines", "print", "reads outlines", recording("outlines")),
        Provider("drawings", "print", "reads drawings", recording("drawings"), draws=True),
    ]
    report = run_checks(catalogs, providers=providers, only={"outlines", "drawings"})
    assert ran == ["drawings", "outlines"]
    assert [c.provider for c in report.games[0].checks] == ["outlines", "drawings"]
