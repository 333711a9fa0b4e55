"""Clean-up declared in the game file and done as the tables are read: text replacements
(nanDECK's `%n`, an HTML `<br>`), emoji mapped to the game's icons, and paths into nested
YAML or JSON rows; each shown by `cardstock catalog`. Also: ids need be unique only
within a set."""

from __future__ import annotations

import json
from pathlib import Path

GAME = """id = "port"
title = "Port"
version = "1.0"
players = { min = 1, max = 2 }

[icons.fire]
color = "#c0392b"
symbol = "flame"

[icons.coin]
symbol = "coin"

[backs.deck]
title = "Port"

[[sets]]
id = "cards"
name = "Cards"
kind = "card"
group = "Cards"
back = "deck"
"""


def project(root: Path, game: str, files: dict[str, str]) -> Path:
    folder = root / "catalog" / "port"
    folder.mkdir(parents=True)
    (folder / "game.toml").write_text(GAME + game, encoding="utf-8")
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return root


def catalog(cli, root: Path) -> dict:
    result = cli("--root", str(root), "catalog", "port", "--json")
    assert result.code == 0, result.err
    return json.loads(result.out)


CLEAN = """
[clean]
replace = { "%n" = "\\n", "<br>" = "\\n", "{c}" = ":coin:" }
emoji = { "🔥" = "fire", "🪙" = "coin" }
"""


def test_text_codes_and_emoji_are_replaced_in_every_cell_before_the_fields_read_them(cli, tmp_path):
    table = (
        "name,text,icon,gems\nBlaze,Burn 🔥%nthen 🔥️ again,🔥,🔥 🪙\nMint,Gain 2{c}<br>Pay 🪙,🪙,\n"
    )
    root = project(
        tmp_path,
        'table = "cards.csv"\nfields = { text = { type = "text" }, icon = { type = "icon" }, gems '
        '= { type = "icons" } }\n' + CLEAN,
        {"cards.csv": table},
    )
    found = {c["id"]: c["fields"] for c in catalog(cli, root)["components"]}
    assert (
        found["blaze"]["text"] == "Burn :fire:\nthen :fire: again"
    )  # the emoji's variation selector goes with it
    assert found["mint"]["text"] == "Gain 2:coin:\nPay :coin:"
    assert (found["blaze"]["icon"], found["blaze"]["gems"]) == (
        "fire",
        ["fire", "coin"],
    )  # bare ids in icon fields
    assert found["mint"]["icon"] == "coin"


def test_an_emoji_without_a_mapping_is_read_as_it_is_and_kept_in_its_cell(cli, tmp_path):
    root = project(
        tmp_path,
        'table = "cards.csv"\nfields = { text = { type = "text" } }\n' + CLEAN,
        {"cards.csv": "name,text\nBlaze,Burn 🌊\n"},
    )
    found = {c["id"]: c["fields"] for c in catalog(cli, root)["components"]}
    assert found["blaze"]["text"] == "Burn 🌊"  # no mapping: the emoji itself, for a font


def test_an_emoji_mapped_to_an_icon_the_game_lacks_is_refused_in_the_game_file(cli, tmp_path):
    root = project(
        tmp_path,
        'table = "cards.csv"\n\n[clean]\nemoji = { "🌊" = "wave" }\n',
        {"cards.csv": "name\nBlaze\n"},
    )
    result = cli("--root", str(root), "catalog", "port")
    assert result.code == 2
    assert (
        "catalog/port/game.toml:" in result.err
        and "clean.emoji: maps '🌊' to the icon 'wave', which the game does not declare"
        in result.err
    )


def test_the_mapped_emoji_prints_as_the_games_icon(cli, tmp_path):
    root = project(
        tmp_path,
        'table = "cards.csv"\nfields = { text = { type = "text" } }\n' + CLEAN,
        {"cards.csv": "name,text\nBlaze,Burn 🔥 twice\n"},
    )
    built = cli("--root", str(root), "build", "port", "--jobs", "1", "--only", "svg")
    assert built.code == 0, built.err
    face = (root / "output" / "port" / "svg" / "blaze.svg").read_text()
    assert "Burn" in face and "twice" in face and "🔥" not in face
    assert "#c0392b" in face  # the fire icon, in its colour


NESTED_YAML = """- front: { name: Ada, text: Plays fair. }
  back: { name: Ada revealed, text: Hides a knife. }
  count: 2
- front: { name: Bo, text: Is honest. }
  back: { name: Bo revealed, text: Is the traitor. }
"""


def test_fields_read_paths_into_nested_yaml_rows(cli, tmp_path):
    game = (
        'table = "heroes.yaml"\ndouble_sided = true\n'
        'fields = { text = { type = "text" }, secret_name = { type = "str" }, secret = { type = '
        '"text" } }\n'
        'columns = { name = "front.name", text = "front.text", secret_name = "back.name", secret = '
        '"back.text" }\n'
    )
    root = project(tmp_path, game.replace("", ""), {"heroes.yaml": NESTED_YAML})
    found = {c["id"]: c for c in catalog(cli, root)["components"]}
    assert found["ada"]["count"] == 2
    assert found["bo"]["fields"] == {
        "text": "Is honest.",
        "secret_name": "Bo revealed",
        "secret": "Is the traitor.",
    }


def test_fields_read_paths_into_nested_json_rows_and_an_unmapped_path_is_an_unknown_column(
    cli, tmp_path
):
    rows = [
        {"front": {"name": "Ada", "stats": {"power": 3}}},
        {"front": {"name": "Bo", "stats": {"power": 5}}},
    ]
    game = (
        'table = "heroes.json"\nfields = { power = { type = "int" } }\ncolumns = { name = '
        '"front.name", power = "front.stats.power" }\n'
    )
    root = project(tmp_path, game, {"heroes.json": json.dumps(rows)})
    assert [c["fields"]["power"] for c in catalog(cli, root)["components"]] == [3, 5]
    (root / "catalog" / "port" / "heroes.json").write_text(
        json.dumps([{**r, "notes": {"who": "x"}} for r in rows])
    )
    result = cli("--root", str(root), "catalog", "port")
    assert result.code == 2 and "notes.who: unknown column" in result.err


def test_the_catalog_command_shows_the_clean_up_and_the_paths(cli, tmp_path):
    game = (
        'table = "heroes.yaml"\nfields = { text = { type = "text" } }\ncolumns = { name = '
        '"front.name", text = "front.text" }\n'
        'extra_columns = "ignore"\n' + CLEAN
    )
    root = project(tmp_path, game, {"heroes.yaml": NESTED_YAML})
    out = cli("--root", str(root), "catalog", "port").out
    assert "replace: '%n' → '\\n', '<br>' → '\\n', '{c}' → ':coin:'" in out
    assert "emoji: 🔥 → :fire:, 🪙 → :coin:" in out
    assert "set 'cards': name ← 'front.name'; text ← 'front.text'" in out
    assert catalog(cli, root)["clean"]["emoji"] == {"🔥": "fire", "🪙": "coin"}


# ---------------------------------------------------------------- ids within a set

SETS = """rows = [ { name = "Sample" }, { name = "Other" } ]

[[sets]]
id = "promo"
name = "Promo"
kind = "card"
group = "Promo"
back = "deck"
rows = [ { name = "Sample" } ]
"""


def test_an_id_two_sets_share_gets_its_sets_id_in_front_in_both(cli, tmp_path):
    root = project(tmp_path, SETS, {})
    ids = [c["id"] for c in catalog(cli, root)["components"]]
    assert ids == ["cards-sample", "other", "promo-sample"]
    out = cli("--root", str(root), "catalog", "port").out
    assert "id 'sample' is in several sets: cards-sample, promo-sample" in out
    built = cli("--root", str(root), "build", "port", "--jobs", "1", "--only", "svg")
    assert built.code == 0, built.err
    assert {p.name for p in (root / "output" / "port" / "svg").glob("*sample.svg")} == {
        "cards-sample.svg",
        "promo-sample.svg",
    }


def test_a_set_may_give_its_ids_a_pattern(cli, tmp_path):
    root = project(
        tmp_path, SETS.replace('group = "Promo"', 'group = "Promo"\nids = "p-{name}"'), {}
    )
    assert [c["id"] for c in catalog(cli, root)["components"]] == ["sample", "other", "p-sample"]


def test_ids_must_still_be_unique_within_a_set(cli, tmp_path):
    root = project(tmp_path, 'rows = [ { name = "Sample" }, { name = "sample" } ]\n', {})
    result = cli("--root", str(root), "catalog", "port")
    assert result.code == 2
    assert (
        "catalog/port/game.toml:" in result.err
        and "id: duplicate id 'sample' in set 'cards'; first defined at catalog/port/game.toml:"
        in result.err
    )


def test_an_id_pattern_naming_no_field_is_refused_at_its_line(cli, tmp_path):
    root = project(tmp_path, 'ids = "{set}-{colour}"\nrows = [ { name = "Sample" } ]\n', {})
    result = cli("--root", str(root), "catalog", "port")
    assert result.code == 2 and "sets[0].ids: the id pattern names {colour}" in result.err


def test_a_rules_fact_naming_a_shared_id_says_which_ids_it_became(cli, tmp_path):
    root = project(tmp_path, SETS, {})
    (root / "catalog" / "port" / "rules.toml").write_text(
        '[[facts]]\nkind = "card"\nname = "the sample card"\ncard = "sample"\nchoice = "a test"\n'
    )
    result = cli("--root", str(root), "check", "port", "--runs", "5")
    assert (
        "several sets have a row 'sample', so its ids are cards-sample, promo-sample: name one"
        in result.out + result.err
    )
