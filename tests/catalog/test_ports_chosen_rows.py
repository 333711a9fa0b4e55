"""Rows chosen by data, as ported projects keep their tables: a YAML file whose first rows
are anchor-only templates the real rows merge (`<<: *base`), and a card database of a
thousand cards of which the game prints one faction. A set's `skip_rows` leave rows out
(a missing key, a value, a marker column) and its `keep_rows` keep only the rows they
match, the same in CSV, XLSX, YAML and JSON; a rule's column need not fill a field; a
misspelt rule key, column or value is located at the rule; the build says how many rows
each rule left out."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest

GAME = """id = "ledger"
title = "Ledger"
version = "1.0"
players = {{ min = 2, max = 4 }}

[backs.deck]
title = "Ledger"
color = "#223344"

[[sets]]
id = "cards"
name = "Cards"
kind = "card"
group = "Cards"
back = "deck"
table = "{table}"
fields.faction = {{ type = "str" }}
fields.power = {{ type = "int" }}
fields.text = {{ type = "text" }}
{extra}
"""

# a YAML file as a designer keeps it: two template rows that exist only to be merged, the
# real rows below them (PyYAML's merge key, as Squib and nanDECK porters write it)
TEMPLATES = """- &soldier
  faction: Guild
  power: 2
  text: Hold the line.
- &scout
  faction: Guild
  power: 1
  text: Look ahead.
- <<: *soldier
  name: Pikeman
  count: 3
- <<: *soldier
  name: Shieldbearer
  power: 3
- <<: *scout
  name: Runner
  count: 2
"""

FACTIONS = ["Guild", "Crown", "Reavers", "Tide", "Ash"]


def database(n: int = 1000) -> list[dict]:
    """A card database of `n` cards over five factions, some of them marked as cut from
    the printed game, some without a power yet."""
    cards = []
    for i in range(n):
        card: dict[str, object] = {
            "name": f"Card {i:04d}",
            "faction": FACTIONS[i % len(FACTIONS)],
            "meta": {"status": "cut" if i % 40 == 6 else "final"},
            "text": f"Rule {i}.",
        }
        if i % 100 != 11:
            card["power"] = i % 9 + 1
        cards.append(card)
    return cards


def project(root: Path, table: str, data: str | bytes, extra: str) -> Path:
    folder = root / "catalog" / "ledger"
    folder.mkdir(parents=True)
    (folder / "game.toml").write_text(GAME.format(table=table, extra=extra), encoding="utf-8")
    target = folder / table
    target.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return root


def catalog(cli, root: Path) -> tuple[list[dict], list[str]]:
    result = cli("--root", str(root), "catalog", "ledger", "--json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    return data["components"], data["reading"]


def test_anchor_only_template_rows_are_skipped_by_their_missing_name(cli, tmp_path):
    extra = 'skip_rows = [{ column = "name", missing = true }]'
    found, reading = catalog(cli, project(tmp_path, "cards.yaml", TEMPLATES, extra))
    assert [(c["name"], c["count"], c["fields"]["power"]) for c in found] == [
        ("Pikeman", 3, 2),
        ("Shieldbearer", 1, 3),
        ("Runner", 2, 1),
    ]
    note = "catalog/ledger/game.toml:20: sets[0].skip_rows[0]: left out 2 of the 5 rows"
    assert any(line.startswith(note) and "(name missing or empty)" in line for line in reading)


def test_without_the_rule_the_template_rows_fail_as_rows_without_a_name(cli, tmp_path):
    root = project(tmp_path, "cards.yaml", TEMPLATES, "")
    result = cli("--root", str(root), "catalog", "ledger")
    assert result.code == 2
    assert "catalog/ledger/cards.yaml:1: name:" in result.err


def test_one_faction_of_a_thousand_card_database_is_kept(cli, tmp_path):
    extra = (
        'extra_columns = "ignore"\n'
        'keep_rows = [{ column = "faction", is = ["Crown"] }]\n'
        'skip_rows = [{ column = "meta.status", is = "cut" }, { column = "power", missing = true }]'
    )
    cards = database()
    text = json.dumps(cards, indent=1)
    found, reading = catalog(cli, project(tmp_path, "cards.json", text, extra))
    expected = [
        c["name"]
        for i, c in enumerate(cards)
        if c["faction"] == "Crown" and c["meta"]["status"] != "cut" and "power" in c
    ]
    assert [c["name"] for c in found] == expected and len(expected) == 165
    notes = [line for line in reading if "left out" in line]
    # each row counted once, by the first rule that leaves it out: the skip rules, then keep
    assert [n.split(": ")[1] for n in notes] == [
        "sets[0].skip_rows[0]",
        "sets[0].skip_rows[1]",
        "sets[0].keep_rows[0]",
    ]
    assert "left out 25 of the 1,000 rows" in notes[0] and "(meta.status 'cut')" in notes[0]
    assert "left out 10 of the 1,000 rows" in notes[1] and "(power missing or empty)" in notes[1]
    assert "left out 800 of the 1,000 rows" in notes[2] and "(faction not 'Crown')" in notes[2]


CSV = """name,faction,power,Not printed
Pike,Guild,2,
Crown Guard,Crown,3,x
Raider,Reavers,4,
Herald,Crown,1,no
"""


def xlsx(text: str) -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    for line in text.splitlines():
        sheet.append(line.split(","))
    path_bytes = __import__("io").BytesIO()
    book.save(path_bytes)
    return path_bytes.getvalue()


def yaml_of(text: str) -> str:
    lines = text.splitlines()
    heads = lines[0].split(",")
    out = []
    for line in lines[1:]:
        cells = dict(zip(heads, line.split(",")))
        out.append("- " + "\n  ".join(f"{k}: {json.dumps(v)}" for k, v in cells.items() if v))
    return "\n".join(out) + "\n"


FORMATS = {
    "cards.csv": CSV,
    "cards.xlsx": xlsx(CSV),
    "cards.yaml": yaml_of(CSV),
    "cards.json": json.dumps(
        [dict(zip(CSV.splitlines()[0].split(","), r.split(","))) for r in CSV.splitlines()[1:]]
    ),
}


@pytest.mark.parametrize("table", list(FORMATS))
def test_a_marker_column_and_a_filter_choose_the_same_rows_in_every_format(cli, tmp_path, table):
    # the marker column fills no field and is no unknown column: a rule reads it
    extra = (
        'skip_rows = [{ column = "not printed", marked = true }]\n'
        'keep_rows = [{ column = "Faction", is = ["crown", "guild"] }]'
    )
    found, reading = catalog(cli, project(tmp_path, table, FORMATS[table], extra))
    assert [c["name"] for c in found] == ["Pike", "Herald"]
    assert "Not printed" not in found[0]["fields"]
    assert sum("left out 1 of the 4 rows" in line for line in reading) == 2


def errors(cli, root: Path) -> str:
    result = cli("--root", str(root), "catalog", "ledger")
    assert result.code == 2, result.out
    return result.err


def test_a_rule_on_a_column_the_table_lacks_is_located_at_the_rule(cli, tmp_path):
    extra = 'keep_rows = [{ column = "factoin", is = ["Crown"] }]'
    err = errors(cli, project(tmp_path, "cards.csv", CSV, extra))
    assert (
        "catalog/ledger/game.toml:20: sets[0].keep_rows[0]: the table catalog/ledger/cards.csv "
        "has no column 'factoin'; its columns are: name, faction, power, Not printed"
    ) in err


@pytest.mark.parametrize(
    "rule, said",
    [
        ('{ column = "faction" }', "give exactly one of 'is' (values), 'missing = true'"),
        ('{ column = "faction", is = "Crown", missing = true }', "it has is and missing"),
        ('{ column = "faction", equals = "Crown" }', "equals"),
        ('{ column = "faction", missing = false }', "missing"),
        ('{ column = "faction", is = [] }', "'is' lists no value"),
    ],
)
def test_a_malformed_rule_is_located_at_its_key(cli, tmp_path, rule, said):
    err = errors(cli, project(tmp_path, "cards.csv", CSV, f"keep_rows = [{rule}]"))
    line = next(x for x in err.splitlines() if "keep_rows" in x)
    assert line.startswith("catalog/ledger/game.toml:20: sets[0].keep_rows[0]") or (
        line.startswith("catalog/ledger/game.toml:20: sets[0].keep_rows[0].")
    ), err
    assert said in err


def test_a_marker_cell_that_is_no_yes_or_no_is_located_at_its_row(cli, tmp_path):
    text = CSV.replace("Raider,Reavers,4,", "Raider,Reavers,4,maybe")
    extra = 'skip_rows = [{ column = "not printed", marked = true }]'
    err = errors(cli, project(tmp_path, "cards.csv", text, extra))
    assert "catalog/ledger/cards.csv:4: Not printed: expected a yes or a no" in err
    assert "'maybe'" in err


def test_rules_that_keep_no_row_are_an_error_and_a_value_no_row_holds_a_warning(cli, tmp_path):
    extra = 'keep_rows = [{ column = "faction", is = ["Crwon"] }]'
    err = errors(cli, project(tmp_path, "cards.csv", CSV, extra))
    assert (
        "catalog/ledger/game.toml:20: sets[0].keep_rows[0]: warning: no row of "
        "catalog/ledger/cards.csv has faction 'Crwon'; its values are: 'Guild', 'Crown', "
        "'Reavers'"
    ) in err
    assert "leave none of the 4 rows of catalog/ledger/cards.csv" in err


def test_inline_rows_are_not_chosen_by_rules(cli, tmp_path):
    root = project(tmp_path, "cards.csv", CSV, 'skip_rows = [{ column = "name", missing = true }]')
    game = root / "catalog" / "ledger" / "game.toml"
    game.write_text(
        game.read_text().replace('table = "cards.csv"', 'rows = [{ name = "Pike" }]'),
        encoding="utf-8",
    )
    assert "'skip_rows' and 'keep_rows' choose rows of a table" in errors(cli, root)


def test_the_build_says_what_each_rule_left_out_and_again_when_nothing_changed(cli, tmp_path):
    extra = 'skip_rows = [{ column = "name", missing = true }]'
    root = project(tmp_path, "cards.yaml", TEMPLATES, extra)
    note = (
        "catalog/ledger/game.toml:20: sets[0].skip_rows[0]: left out 2 of the 5 rows of "
        "catalog/ledger/cards.yaml (name missing or empty)"
    )
    for _ in range(2):  # the second build recalls the first
        built = cli("--root", str(root), "--out", str(tmp_path / "out"), "--only", "svg")
        assert built.code == 0, built.err
        assert note in built.out.splitlines()
    assert sorted(p.name for p in (tmp_path / "out" / "ledger" / "svg").glob("*.svg")) == [
        "back-deck.svg",
        "pikeman.svg",
        "runner.svg",
        "shieldbearer.svg",
    ]
