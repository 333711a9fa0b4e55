"""Mistakes in rules.toml are bad input (exit 2), reported at the file and line where they
were made, like every other catalog error."""

from __future__ import annotations

from conftest import line_of


def run(cli, game):
    return cli("--root", str(game.root), "check", game.id, "--runs", "10")


def test_an_unknown_constraint_kind_lists_the_kinds(shipped, cli):
    game = shipped("atmosfear")
    game.replace("rules.toml", 'kind = "sum"', 'kind = "summ"')
    result = run(cli, game)
    assert result.code == 2
    line = line_of(game.path("rules.toml"), 'kind = "summ"')
    assert result.err.splitlines()[0] == (
        f"catalog/atmosfear/rules.toml:{line}: constraints[12].kind: unknown constraint kind "
        "'summ'; "
        "expected one of count, count_per_group, unique, range, sum, exactly_one, relation, compare"
    )


def test_an_unknown_key_in_a_constraint_names_the_keys_it_takes(shipped, cli):
    game = shipped("atmosfear")
    game.replace("rules.toml", "total = 21", "totl = 21")
    result = run(cli, game)
    assert result.code == 2
    line = line_of(game.path("rules.toml"), "totl = 21")
    assert (
        f"catalog/atmosfear/rules.toml:{line}: constraints[12].totl: unknown key; expected one of: "
        "kind, name, cite, choice, level, match, field, total, copies" in result.err
    )
    assert (
        f"catalog/atmosfear/rules.toml:{line - 5}: constraints[12].total: a value is required here"
        in result.err
    )


def test_a_filter_naming_a_set_or_field_the_game_lacks_is_reported_where_it_is_written(
    shipped, cli
):
    game = shipped("atmosfear")
    game.replace(
        "rules.toml",
        'name = "Key cards"\nmatch = { set = "keys" }',
        'name = "Key cards"\nmatch = { set = "key" }',
    )
    game.replace("rules.toml", 'group_by = "realm"', 'group_by = "realms"')
    result = run(cli, game)
    assert result.code == 2
    rules = game.path("rules.toml")
    key, group_by = line_of(rules, 'set = "key" }'), line_of(rules, 'group_by = "realms"')
    assert (
        f"catalog/atmosfear/rules.toml:{key}: counts[4].match.set: unknown set 'key'; the game "
        "has: gatekeeper, realms, keys, dice, quickref" in result.err
    )
    assert (
        f"catalog/atmosfear/rules.toml:{group_by}: constraints[1].group_by: unknown field "
        "'realms'; expected a field" in result.err
    )


def test_a_count_from_a_roll_must_name_an_earlier_roll(shipped, cli):
    game = shipped("atmosfear")
    game.replace(
        "rules.toml",
        'count = "exchange"\nwho = "first"\nsay = "the Chosen One discards',
        'count = "exchnage"\nwho = "first"\nsay = "the Chosen One discards',
    )
    result = run(cli, game)
    assert result.code == 2
    line = line_of(game.path("rules.toml"), 'count = "exchnage"')
    assert (
        f"catalog/atmosfear/rules.toml:{line}: setup.steps[7].count: 'exchnage' is not a value "
        "rolled by an earlier step (roll … as = 'exchnage'); rolled so far: exchange, ruling"
        in result.err
    )


def test_broken_toml_is_reported_at_its_line(shipped, cli):
    game = shipped("atmosfear")
    game.append("rules.toml", "\n[setup\n")
    result = run(cli, game)
    assert result.code == 2
    lines = len(game.path("rules.toml").read_text().splitlines())
    assert result.err.startswith(f"catalog/atmosfear/rules.toml:{lines}: not valid TOML:")


def test_other_commands_report_rules_errors_too(shipped, cli):
    game = shipped("atmosfear")
    game.replace("rules.toml", 'kind = "sum"', 'kind = "summ"')
    result = cli("--root", str(game.root), "catalog", "atmosfear")
    assert result.code == 2
    assert "rules.toml" in result.err
