"""`cardstock list` reads each game's file and tables and nothing of its rules: a game whose
rules.toml cannot be read is still listed (the rules' mistakes are `check`'s and `build`'s
to report)."""

from __future__ import annotations


def test_a_game_whose_rules_file_cannot_be_read_is_still_listed(cli, mini):
    mini.path("rules.toml").write_text("[[facts]\nkind = \n", encoding="utf-8")
    listed = cli("--root", str(mini.root), "list")
    assert listed.code == 0, listed.err
    assert listed.out.startswith("mini  Mini  (1-3 players)")
    assert listed.err == ""
    checked = cli("--root", str(mini.root), "check", "mini")
    assert checked.code == 2  # the same file stops a command that reads the rules
    assert "catalog/mini/rules.toml:1" in checked.err


def test_a_list_still_stops_at_a_broken_table(cli, mini):
    mini.path("rules.toml").write_text("[[facts]\nkind = \n", encoding="utf-8")
    mini.replace("cards.csv", "spring,Spring,2,", "spring,Spring,two,")
    listed = cli("--root", str(mini.root), "list")
    assert listed.code == 2
    assert listed.err.startswith("catalog/mini/cards.csv:5: count:")
    assert "rules.toml" not in listed.err
