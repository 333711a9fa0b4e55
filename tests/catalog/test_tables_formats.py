"""Tables the way designers keep them: headers of their own words, no count column, analysis
columns beside the data, semicolon and tab separated exports, YAML and JSON lists — and
every broken table reported as `path:line: field: message`."""

from __future__ import annotations

import json

import pytest

TOML = "game.toml"


def use_table(mini, name: str, text: str, extra: str = "") -> None:
    """Point the mini game's deck at a new table file (written as bytes-exact text)."""
    mini.path(name).write_bytes(text.encode("utf-8"))
    mini.replace(TOML, 'table = "cards.csv"', f'table = "{name}"{extra}')


def cards(cli, mini) -> list[dict]:
    result = cli("--root", str(mini.root), "catalog", "mini", "--json")
    assert result.code == 0, result.err
    return [c for c in json.loads(result.out)["components"] if c["set"] == "cards"]


def errors(cli, mini) -> list[str]:
    result = cli("--root", str(mini.root), "catalog", "mini", "--json")
    assert result.code == 2, result.out
    assert result.out == ""
    return result.err.splitlines()[:-1]


def test_a_semicolon_export_with_the_designers_own_headers_loads(cli, mini):
    use_table(
        mini,
        "deck.csv",
        "Title;Qty; SUIT ;Strength;Notes on balance\n"
        "Ember;2;Fire;3;too strong?\n"
        "Spring;1;Water;2;\n",
        '\ncolumns = { name = "Title", count = "qty" }\nextra_columns = "ignore"',
    )
    got = [
        (c["id"], c["name"], c["count"], c["fields"]["suit"], c["fields"]["strength"])
        for c in cards(cli, mini)
    ]
    assert got == [("ember", "Ember", 2, "Fire", 3), ("spring", "Spring", 1, "Water", 2)]


def test_a_tsv_without_a_count_column_makes_one_of_each(cli, mini):
    use_table(
        mini,
        "deck.tsv",
        "name\tsuit\ttext\nEmber\tFire\tDeal 1, then draw.\nSpring\tWater\tHeal 2.\n",
    )
    got = [(c["name"], c["count"], c["fields"]["text"]) for c in cards(cli, mini)]
    assert got == [("Ember", 1, "Deal 1, then draw."), ("Spring", 1, "Heal 2.")]


def test_a_tab_separated_csv_is_sniffed_too(cli, mini):
    use_table(mini, "deck.csv", "name\tcount\tsuit\nEmber\t3\tFire\n")
    assert [(c["name"], c["count"]) for c in cards(cli, mini)] == [("Ember", 3)]


def test_columns_no_field_reads_are_refused_unless_ignored(cli, mini):
    use_table(mini, "deck.csv", "name,suit,Playtest notes\nEmber,Fire,fine\n")
    assert errors(cli, mini) == [
        "catalog/mini/deck.csv:1: Playtest notes: unknown column; set 'cards' has: id, name, "
        "count, designer_choice, suit, strength, icon, text, art, bonus"
    ]


def test_a_column_without_a_header_is_named_by_its_letter(cli, mini):
    use_table(mini, "deck.csv", "name,suit,,strength\nEmber,Fire,oops,3\n")
    assert errors(cli, mini) == [
        "catalog/mini/deck.csv:1: C: unknown column; set 'cards' has: id, name, count, "
        "designer_choice, suit, strength, icon, text, art, bonus"
    ]


def test_a_mapping_to_a_field_the_set_lacks_is_reported_in_the_game_file(cli, mini):
    use_table(mini, "deck.csv", "name,suit\nEmber,Fire\n", '\ncolumns = { power = "Power" }')
    (line,) = errors(cli, mini)
    assert line.startswith(
        "catalog/mini/game.toml:37: sets[0].columns.power: maps the header 'Power' to 'power', "
        "which is not a field"
    )


def test_yaml_rows_load_and_errors_point_at_the_rows_line(cli, mini):
    use_table(
        mini,
        "deck.yaml",
        "# my deck\n"
        "- name: Ember\n"
        "  count: 2\n"
        "  suit: Fire\n"
        "  text: |\n"
        "    Deal 1.\n"
        "    Then draw.\n"
        "- name: Spring\n"
        "  suit: Water\n"
        "  bonus: true\n",
    )
    got = [
        (c["name"], c["count"], c["fields"]["text"], c["fields"]["bonus"]) for c in cards(cli, mini)
    ]
    assert got == [("Ember", 2, "Deal 1.\nThen draw.", False), ("Spring", 1, None, True)]

    mini.path("deck.yaml").write_text(
        "- name: Ember\n  suit: Fire\n- name: Spring\n  suit: Water\n  strength: 12\n"
    )
    assert errors(cli, mini) == [
        "catalog/mini/deck.yaml:3: strength: expected a number of at most 9, got '12'"
    ]


def test_broken_yaml_is_located_by_the_parser(cli, mini):
    use_table(mini, "deck.yml", "- name: Ember\n  suit: Fire\n- name: [Spring\n  suit: Water\n")
    (line,) = errors(cli, mini)
    assert line.startswith("catalog/mini/deck.yml:4: the YAML cannot be read:")

    mini.path("deck.yml").write_text("name: Ember\n")
    assert errors(cli, mini) == [
        "catalog/mini/deck.yml:1: expected a list of rows, each a mapping such as '- name: Ember'"
    ]


def test_json_rows_load_and_errors_point_at_the_rows_line(cli, mini):
    use_table(
        mini,
        "deck.json",
        '[\n  {"name": "Ember", "count": 2, "suit": "Fire"},\n\n'
        '  {"name": "Spring",\n   "suit": "Air"}\n]\n',
    )
    assert errors(cli, mini) == [
        "catalog/mini/deck.json:4: suit: expected one of 'Fire' or 'Water', got 'Air'"
    ]
    mini.path("deck.json").write_text('[{"name": "Ember", "suit": "Fire", "strength": 4}]')
    assert [(c["name"], c["count"], c["fields"]["strength"]) for c in cards(cli, mini)] == [
        ("Ember", 1, 4)
    ]
    mini.path("deck.json").write_text('[\n {"name": "Ember",\n  "suit": "Fire",,\n}]')
    (line,) = errors(cli, mini)
    assert line.startswith("catalog/mini/deck.json:3: the JSON cannot be read:")


def test_an_unclosed_quote_is_named_at_its_opening_line(cli, mini):
    use_table(
        mini,
        "deck.csv",
        'name,suit,text\nEmber,Fire,ok\nSpring,Water,"Heal 2.\nFlood,Water,fine\nRain,Water,fine\n',
    )
    assert errors(cli, mini) == [
        'catalog/mini/deck.csv:3: an unclosed quote: the cell opened with " on this line never '
        'ends; close it with another "'
    ]


def test_only_a_line_feed_ends_a_row_and_control_characters_are_refused(cli, mini):
    # U+2028 (a line separator) is text inside its cell; it does not start a new row
    use_table(mini, "deck.csv", "name,suit,text\r\nEmber,Fire,one\u2028two\r\nSpring,Water,ok\r\n")
    got = [(c["name"], c["fields"]["text"]) for c in cards(cli, mini)]
    assert got == [("Ember", "one\u2028two"), ("Spring", "ok")]

    mini.path("deck.csv").write_text(
        "name,suit,text\nEmber,Fire,page\fbreak\nSpring,Water,tab\vbed\nFlood,Water,nul\x00here\n"
    )
    assert errors(cli, mini) == [
        "catalog/mini/deck.csv:2: text: the cell holds the control character U+000C, which "
        "cannot be printed; remove it (an export from another program can leave these)",
        "catalog/mini/deck.csv:3: text: the cell holds the control character U+000B, which "
        "cannot be printed; remove it (an export from another program can leave these)",
        "catalog/mini/deck.csv:4: text: the cell holds a NUL byte, which cannot be printed; "
        "remove it (an export from another program can leave these)",
    ]


def test_a_truncated_workbook_is_a_located_error(cli, mini):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Cards"
    sheet.append(["name", "count", "suit"])
    for i in range(200):
        sheet.append([f"Card {i}", 1, "Fire"])
    path = mini.path("deck.xlsx")
    book.save(path)
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) * 2 // 3])
    mini.replace(TOML, 'table = "cards.csv"', 'table = "deck.xlsx"')
    (line,) = errors(cli, mini)
    assert line.startswith("catalog/mini/deck.xlsx")
    assert "Traceback" not in line


def test_inline_rows_may_carry_notes_when_extra_columns_are_ignored(cli, mini):
    mini.replace(
        TOML,
        '{ id = "damage", name = "Damage", count = 10 }',
        '{ id = "damage", name = "Damage", count = 10, note = "check the count" }',
    )
    assert errors(cli, mini) == [
        "catalog/mini/game.toml:50: note: unknown column; set 'tokens' has: id, name, count, "
        "designer_choice"
    ]
    mini.replace(TOML, 'group = "Tokens"', 'group = "Tokens"\nextra_columns = "ignore"')
    result = cli("--root", str(mini.root), "catalog", "mini", "--json")
    assert result.code == 0, result.err
    (damage,) = [c for c in json.loads(result.out)["components"] if c["id"] == "damage"]
    assert damage["count"] == 10
