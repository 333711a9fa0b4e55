"""A Squib project's data says how many copies of a card with a `qty` (or `quantity`)
column, as Squib reads it: cardstock reads either as the count, in any case, in CSV, XLSX
and YAML alike, unless that would be a guess (the table has a count column too, or both
names), when the unknown-column message says how to map it. A set with a field of that
name keeps its own field. A trait ticked with an `x`, as Squib sheets mark them, is a
`bool` field's yes."""

from __future__ import annotations

import io
import json
from pathlib import Path

import openpyxl
import pytest

GAME = """id = "squibbed"
title = "Squibbed"
version = "1.0"
players = {{ min = 2, max = 4 }}

[backs.deck]
title = "Squibbed"
color = "#223344"

[[sets]]
id = "deck"
name = "Deck"
kind = "card"
group = "Deck"
back = "deck"
table = "{table}"
fields.atk = {{ type = "int" }}
fields.def = {{ type = "int" }}
{extra}
"""

# the shape of Squib's sample data: a name, the copies, the stats
SQUIB = [["name", "qty", "atk", "def"], ["Ninja", "3", "2", "1"], ["Pirate", "1", "3", "2"]]


def as_csv(rows: list[list[str]]) -> bytes:
    return ("\n".join(",".join(r) for r in rows) + "\n").encode()


def as_xlsx(rows: list[list[str]]) -> bytes:
    book = openpyxl.Workbook()
    for r in rows:
        book.active.append([int(c) if c.isdigit() else c for c in r])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def as_yaml(rows: list[list[str]]) -> bytes:
    head = rows[0]
    return "".join(
        "- " + "\n  ".join(f"{k}: {json.dumps(v)}" for k, v in zip(head, r)) + "\n"
        for r in rows[1:]
    ).encode()


WRITERS = {"cards.csv": as_csv, "cards.xlsx": as_xlsx, "cards.yaml": as_yaml}


def project(root: Path, table: str, rows: list[list[str]], extra: str = "") -> Path:
    folder = root / "catalog" / "squibbed"
    folder.mkdir(parents=True)
    (folder / "game.toml").write_text(GAME.format(table=table, extra=extra), encoding="utf-8")
    (folder / table).write_bytes(WRITERS[table](rows))
    return root


def counts(cli, root: Path) -> dict[str, int]:
    result = cli("--root", str(root), "catalog", "squibbed", "--json")
    assert result.code == 0, result.err
    return {c["name"]: c["count"] for c in json.loads(result.out)["components"]}


@pytest.mark.parametrize("table", list(WRITERS))
@pytest.mark.parametrize("header", ["qty", "Qty", "quantity", "QUANTITY"])
def test_squibs_copies_column_is_the_count(cli, tmp_path, table, header):
    rows = [[header if c == "qty" else c for c in SQUIB[0]], *SQUIB[1:]]
    assert counts(cli, project(tmp_path, table, rows)) == {"Ninja": 3, "Pirate": 1}


def test_both_names_are_not_guessed_between_and_the_message_says_how_to_map(cli, tmp_path):
    rows = [[*SQUIB[0], "quantity"], *(r + ["2"] for r in SQUIB[1:])]
    result = cli("--root", str(project(tmp_path, "cards.csv", rows)), "catalog", "squibbed")
    assert result.code == 2
    for column in ("qty", "quantity"):
        assert (
            f"catalog/squibbed/cards.csv:1: {column}: unknown column; set 'deck' has: "
        ) in result.err
        assert f'map it: columns = {{ count = "{column}" }}' in result.err


def test_a_count_column_wins_and_the_alias_is_told_how_to_map(cli, tmp_path):
    rows = [[*SQUIB[0], "count"], *(r + ["2"] for r in SQUIB[1:])]
    result = cli("--root", str(project(tmp_path, "cards.csv", rows)), "catalog", "squibbed")
    assert result.code == 2
    assert "qty: unknown column" in result.err and 'columns = { count = "qty" }' in result.err
    ignored = project(tmp_path / "b", "cards.csv", rows, 'extra_columns = "ignore"')
    assert counts(cli, ignored) == {"Ninja": 2, "Pirate": 2}


def test_a_field_named_like_the_alias_keeps_its_column(cli, tmp_path):
    extra = 'fields.qty = { type = "int" }'
    root = project(tmp_path, "cards.csv", SQUIB, extra)
    result = cli("--root", str(root), "catalog", "squibbed", "--json")
    assert result.code == 0, result.err
    found = json.loads(result.out)["components"]
    assert [(c["count"], c["fields"]["qty"]) for c in found] == [(1, 3), (1, 1)]


def test_a_mapped_count_reads_the_mapped_column(cli, tmp_path):
    rows = [[*SQUIB[0], "Copies"], *(r + ["4"] for r in SQUIB[1:])]
    root = project(
        tmp_path, "cards.csv", rows, 'columns = { count = "Copies" }\nextra_columns = "ignore"'
    )
    assert counts(cli, root) == {"Ninja": 4, "Pirate": 4}


def test_a_squib_sheets_ticked_trait_columns_are_bool_fields(cli, tmp_path):
    # Squib data marks a card's traits with an `x` in a column of each trait
    rows = [["name", "leader", "tactical", "atk"], ["Barry", "x", "", "5"], ["Val", "", "X", "6"]]
    extra = 'fields.leader = { type = "bool" }\nfields.tactical = { type = "bool" }'
    root = project(tmp_path, "cards.xlsx", rows, extra)
    result = cli("--root", str(root), "catalog", "squibbed", "--json")
    assert result.code == 0, result.err
    found = json.loads(result.out)["components"]
    assert [(c["name"], c["fields"]["leader"], c["fields"]["tactical"]) for c in found] == [
        ("Barry", True, None),
        ("Val", None, True),
    ]
