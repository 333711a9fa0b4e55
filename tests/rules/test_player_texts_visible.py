"""Which values of a game's TOML files a player reads: the `[visible]` key paths of
`cardstock/rules/rule_words.toml`, where a `*` is any one key or index and a path shows
every value at or below it."""

from __future__ import annotations

from pathlib import Path

from cardstock.rules.player_texts import toml_regions, toml_values

GAME = """\
title = "Moon Race"
secret = "not read"

[[sets]]
name = "Rockets"
description = "Fast ones."
file = "rockets.csv"

[[sets]]
name = "Moons"
file = "moons.csv"

[players]
min = 2
max = 4
"""

VISIBLE = ["title", "players.*", "sets.*.name", "sets.*.description"]


def _write(tmp_path: Path) -> Path:
    path = tmp_path / "game.toml"
    path.write_text(GAME, encoding="utf-8")
    return path


def test_only_strings_at_or_below_a_visible_path_are_texts(tmp_path: Path) -> None:
    path = _write(tmp_path)
    values = toml_values(path, "game.toml", tmp_path, VISIBLE)
    assert [(key, value) for key, value, _ in values] == [
        ("title", "Moon Race"),
        ("sets[0].name", "Rockets"),
        ("sets[0].description", "Fast ones."),
        ("sets[1].name", "Moons"),
    ]
    assert [line for _, _, line in values] == [1, 5, 6, 10]


def test_a_star_stands_for_any_one_key_numbers_included(tmp_path: Path) -> None:
    path = _write(tmp_path)
    regions = toml_regions(path, "game.toml", tmp_path, VISIBLE)
    assert [(r.where, r.text) for r in regions] == [
        ("title", "Moon Race"),
        ("sets[0].name", "Rockets"),
        ("sets[0].description", "Fast ones."),
        ("sets[1].name", "Moons"),
        ("players.min", "2"),
        ("players.max", "4"),
    ]


def test_a_file_with_no_visible_paths_shows_nothing(tmp_path: Path) -> None:
    path = _write(tmp_path)
    assert toml_values(path, "game.toml", tmp_path, []) == []
    assert toml_regions(path, "game.toml", tmp_path, []) == []


def test_a_path_matches_whole_keys_not_their_beginnings(tmp_path: Path) -> None:
    path = _write(tmp_path)
    assert toml_values(path, "game.toml", tmp_path, ["sets.*.name"])[0][1] == "Rockets"
    assert toml_values(path, "game.toml", tmp_path, ["sets.*.nam", "titl", "set"]) == []


def test_a_quoted_key_ending_in_a_line_break_is_not_the_key_without_it(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_text('"title\\n" = "Not the title"\ntitle = "Moon Race"\n', encoding="utf-8")
    values = toml_values(path, "game.toml", tmp_path, ["title"])
    assert [(key, value) for key, value, _ in values] == [("title", "Moon Race")]
