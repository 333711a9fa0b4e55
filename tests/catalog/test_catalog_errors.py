"""Bad input: every problem is collected in one pass and printed as `path:line: field: message`,
with exit status 2 and never a traceback. Each case breaks a copy of the fixture game."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import ROOT

CSV = "cards.csv"
TOML = "game.toml"

# (case, [(file, old, new), ...], expected error lines in order)
CASES = [
    (
        "unknown column",
        [(CSV, "id,name,count,suit,strength", "id,name,count,suit,strenght")],
        [
            "catalog/mini/cards.csv:1: strenght: unknown column; set 'cards' has: id, name, count, "
            "designer_choice, suit, strength, icon, text, art, bonus",
        ],
    ),
    (
        "required column missing from the header",
        [(CSV, "id,name,count,suit,", "id,name,count,family,")],
        [
            "catalog/mini/cards.csv:1: family: unknown column; set 'cards' has: id, name, count, "
            "designer_choice, suit, strength, icon, text, art, bonus",
            "catalog/mini/cards.csv:1: suit: the header has no such column, and every row needs it",
        ],
    ),
    (
        "zero and negative counts",
        [(CSV, "spring,Spring,2", "spring,Spring,0"), (CSV, "flood,Flood,1", "flood,Flood,-1")],
        [
            "catalog/mini/cards.csv:5: count: expected a count of 1 or more, got '0'",
            "catalog/mini/cards.csv:6: count: expected a count of 1 or more, got '-1'",
        ],
    ),
    (
        "a count that is not a number",
        [(CSV, "ember,Ember,2", "ember,Ember,two")],
        ["catalog/mini/cards.csv:2: count: expected a whole number, got 'two'"],
    ),
    (
        "a value above the field's maximum",
        [(CSV, "Fire,7,fire", "Fire,12,fire")],
        ["catalog/mini/cards.csv:3: strength: expected a number of at most 9, got '12'"],
    ),
    (
        "a required field left blank",
        [(CSV, "spring,Spring,2,Water,", "spring,Spring,2,,")],
        ["catalog/mini/cards.csv:5: suit: a value is required here"],
    ),
    (
        "a value outside the field's choices",
        [(CSV, "Water,9,water", "Air,9,water")],
        ["catalog/mini/cards.csv:6: suit: expected one of 'Fire' or 'Water', got 'Air'"],
    ),
    (
        "a yes/no field with another word",
        [(CSV, ",,no,", ",,maybe,")],
        ["catalog/mini/cards.csv:2: bonus: expected yes or no (true/false), got 'maybe'"],
    ),
    (
        "duplicate ids",
        [(CSV, "spring,Spring", "ember,Spring")],
        [
            "catalog/mini/cards.csv:5: id: duplicate id 'ember' in set 'cards'; first defined at "
            "catalog/mini/cards.csv:2"
        ],
    ),
    (
        "an id that is not lowercase-hyphen",
        [(CSV, "spring,Spring", "Spring Water,Spring")],
        [
            "catalog/mini/cards.csv:5: id: expected an id of lowercase letters, digits and single "
            "hyphens (like 'fire-tile'), got 'Spring Water'"
        ],
    ),
    (
        "an icon field naming an undeclared icon",
        [(CSV, "Water,2,water", "Water,2,earth")],
        ["catalog/mini/cards.csv:5: icon: unknown icon 'earth'; the game declares: fire, water"],
    ),
    (
        "an inline icon in text that is not declared",
        [(CSV, "Heal 2.", "Heal 2 :earth:.")],
        [
            "catalog/mini/cards.csv:5: text: the text names the icon :earth:, which the game does "
            "not declare; it declares: fire, water"
        ],
    ),
    (
        "an art file that does not exist",
        [(CSV, "art/blaze.svg", "art/missing.png")],
        ["catalog/mini/cards.csv:3: art: art file not found: catalog/mini/art/missing.png"],
    ),
    (
        "an art path leaving the game folder",
        [(CSV, "Deal 1 damage. :fire:,,no", "Deal 1 damage. :fire:,../../secret.png,no")],
        [
            "catalog/mini/cards.csv:2: art: the art path '../../secret.png' leaves the game "
            "folder; expected a file inside catalog/mini/"
        ],
    ),
    (
        "designer_choice naming a field that does not exist",
        [(CSV, ",text\n", ",txt\n")],
        [
            "catalog/mini/cards.csv:3: designer_choice: names 'txt', which is not a field; "
            "expected 'all' or field names: suit, strength, icon, text, art, bonus"
        ],
    ),
    (
        "a misspelt key in the game file",
        [(TOML, 'title = "Mini"', 'titel = "Mini"')],
        [
            "catalog/mini/game.toml: title: a value is required here",
            "catalog/mini/game.toml:3: titel: unknown key; expected one of: id, title, version, "
            "players, description, source, language, languages, editions, credits, print, "
            "icons, backs, schemas, sets, designer_choices, tables, clean, playtest, rulebook",
        ],
    ),
    (
        "wrong types, an unknown unit and an unknown kind, all at once",
        [
            (TOML, "players = { min = 1, max = 3 }", 'players = { min = "one", max = 3 }'),
            (TOML, 'bleed = "3mm"', 'bleed = "3 furlongs"'),
            (TOML, 'kind = "token"', 'kind = "meeple"'),
        ],
        [
            "catalog/mini/game.toml:5: players.min: expected a whole number, got 'one'",
            "catalog/mini/game.toml:9: print.bleed: unknown unit 'furlongs' in '3 furlongs'; "
            "expected one of pt, in, mm, cm, pc, px",
            "catalog/mini/game.toml:47: sets[1].kind: expected one of 'card', 'tile', 'token', "
            "'die', 'pawn', 'board' or 'reference', got 'meeple'",
        ],
    ),
    (
        "more players at the minimum than at the maximum",
        [(TOML, "players = { min = 1, max = 3 }", "players = { min = 4, max = 3 }")],
        ["catalog/mini/game.toml:5: players: min (4) is larger than max (3)"],
    ),
    (
        "references to a missing back, icon and table",
        [
            (TOML, 'back = "deck"', 'back = "dek"'),
            (TOML, 'icon = "fire"', 'icon = "flame"'),
            (TOML, 'table = "cards.csv"', 'table = "cardz.csv"'),
        ],
        [
            "catalog/mini/game.toml:28: backs.deck.icon: unknown icon 'flame'; the game declares: "
            "fire, water",
            "catalog/mini/game.toml:35: sets[0].back: unknown back 'dek'; the game declares: deck",
            "catalog/mini/game.toml:36: sets[0].table: table file not found: "
            "catalog/mini/cardz.csv",
        ],
    ),
    (
        "a deck of cards without a back",
        [(TOML, 'back = "deck"\ntable', "table")],
        [
            "catalog/mini/game.toml:30: sets[0].back: a set of cards needs a 'back'; the game "
            "declares backs: deck (or write single_sided = true for cards printed on one side, "
            "with no back)"
        ],
    ),
    (
        "an id that does not match the folder, and a group naming an unknown field",
        [
            (TOML, 'id = "mini"', 'id = "mini2"'),
            (TOML, 'group = "Deck: {suit}"', 'group = "Deck: {colour}"'),
        ],
        [
            "catalog/mini/game.toml:2: id: the id 'mini2' must match the folder name 'mini'",
            "catalog/mini/game.toml:34: sets[0].group: the group names the field {colour}, which "
            "the set does not declare; its fields are: suit, strength, icon, text, art, bonus",
        ],
    ),
    (
        "a field of an unknown type",
        [(TOML, 'fields.strength = { type = "int"', 'fields.strength = { type = "integer"')],
        [
            "catalog/mini/game.toml:38: sets[0].fields.strength.type: unknown field type "
            "'integer'; expected one of int, number, str, text, bool, choice, icon, icons, list, "
            "art, color, length"
        ],
    ),
    (
        "a reserved column declared as a field",
        [(TOML, "fields.strength =", "fields.count =")],
        [
            "catalog/mini/game.toml:37: sets[0].fields: 'count' is a reserved column and cannot be "
            "declared as a field"
        ],
    ),
    (
        "a version that is not text",
        [(TOML, 'version = "1.0"', "version = 1.0")],
        ["catalog/mini/game.toml:4: version: expected text, got 1.0"],
    ),
    (
        "a TOML syntax error",
        [(TOML, "[icons.fire]", "[icons.fire")],
        [
            "catalog/mini/game.toml:15: not valid TOML: Expected ']' at the end of a table "
            "declaration"
        ],
    ),
    (
        "inline rows with an unknown key and a zero count",
        [
            (
                TOML,
                '{ id = "damage", name = "Damage", count = 10 }',
                '{ id = "damage", name = "Damage", count = 0, colour = 1 }',
            )
        ],
        [
            "catalog/mini/game.toml:50: colour: unknown column; set 'tokens' has: id, name, count, "
            "designer_choice",
            "catalog/mini/game.toml:50: count: expected a count of 1 or more, got 0",
        ],
    ),
    (
        "a CSV row with more cells than the header",
        [(CSV, "Heal 2.,,,", "Heal 2.,,,,extra")],
        ["catalog/mini/cards.csv:5: the row has 11 cells but the header names 10 columns"],
    ),
]


@pytest.mark.parametrize("case, edits, expected", CASES, ids=[c[0] for c in CASES])
def test_bad_input_is_reported_with_file_line_field_and_expectation(
    mini, cli, case, edits, expected
):
    for file, old, new in edits:
        mini.replace(file, old, new)
    result = cli("--root", str(mini.root), "catalog", "mini", "--json")
    assert result.code == 2
    assert result.out == ""
    lines = result.err.splitlines()
    assert lines[:-1] == expected
    assert (
        lines[-1]
        == f"{len(expected)} error{'s' if len(expected) != 1 else ''}; nothing was written."
    )


def test_problems_in_several_files_are_all_reported_together(mini, cli):
    mini.replace(TOML, 'icon = "fire"', 'icon = "flame"')  # game.toml
    mini.replace(CSV, "spring,Spring,2", "spring,Spring,0")  # cards.csv
    mini.replace(CSV, "Fire,7,fire", "Fire,12,fire")  # cards.csv, another row
    result = cli("--root", str(mini.root), "list")
    assert result.code == 2
    assert [line.split(":")[0] for line in result.err.splitlines()[:-1]] == [
        "catalog/mini/game.toml",
        "catalog/mini/cards.csv",
        "catalog/mini/cards.csv",
    ]


def test_an_unknown_game_is_bad_input(mini, cli):
    result = cli("--root", str(mini.root), "catalog", "maxi")
    assert result.code == 2
    assert result.err.splitlines()[0] == "catalog: unknown game 'maxi'; the catalog has: mini"


def test_bad_input_never_prints_a_traceback(mini):
    mini.replace(CSV, "ember,Ember,2", "ember,Ember,two")
    mini.replace(TOML, 'kind = "token"', 'kind = "meeple"')
    proc = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "--root", str(mini.root)],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr + proc.stdout
    assert "catalog/mini/game.toml:47: sets[1].kind:" in proc.stderr
