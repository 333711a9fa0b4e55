"""A table with no header row, as tile lists and exports from older tools are kept: the
set says `header = false`, every row is a component, and its columns are named by letter
(A, B, C …) for `columns` to map, in CSV, TSV and XLSX alike; a YAML or JSON table, whose
rows name their own keys, is refused at the line of `header`."""

from __future__ import annotations

import io
import json
from pathlib import Path

GAME = """id = "hexes"
title = "Hexes"
version = "1.0"
players = {{ min = 1, max = 4 }}

[[sets]]
id = "tiles"
name = "Tiles"
kind = "tile"
group = "Tiles"
table = "{table}"
header = false
columns = {{ name = "A", ink = "B", rim = "C" }}
fields.ink = {{ type = "choice", choices = ["Y", "R", "B"] }}
fields.rim = {{ type = "str" }}
"""

ROWS = [["7", "R", "GGYYRR"], ["8", "Y", "RYRYGG"], ["9", "B", "BBGGYY"]]


def project(root: Path, table: str, data: bytes) -> Path:
    folder = root / "catalog" / "hexes"
    folder.mkdir(parents=True)
    (folder / "game.toml").write_text(GAME.format(table=table), encoding="utf-8")
    (folder / table).write_bytes(data)
    return root


def fields(cli, root: Path) -> dict[str, dict]:
    result = cli("--root", str(root), "catalog", "hexes", "--json")
    assert result.code == 0, result.err
    return {c["name"]: c["fields"] for c in json.loads(result.out)["components"]}


EXPECTED = {
    "7": {"ink": "R", "rim": "GGYYRR"},
    "8": {"ink": "Y", "rim": "RYRYGG"},
    "9": {"ink": "B", "rim": "BBGGYY"},
}


def test_a_csv_without_a_header_row_is_read_by_column_letters(cli, tmp_path):
    data = "".join(",".join(r) + "\n" for r in ROWS).encode()
    assert fields(cli, project(tmp_path, "tiles.csv", data)) == EXPECTED


def test_a_tsv_without_a_header_row_is_read_by_column_letters(cli, tmp_path):
    data = "".join("\t".join(r) + "\n" for r in ROWS).encode()
    assert fields(cli, project(tmp_path, "tiles.tsv", data)) == EXPECTED


def test_a_sheet_without_a_header_row_is_read_by_column_letters(cli, tmp_path):
    import openpyxl

    book = openpyxl.Workbook()
    for r in ROWS:
        book.active.append([int(r[0]), r[1], r[2]])
    out = io.BytesIO()
    book.save(out)
    assert fields(cli, project(tmp_path, "tiles.xlsx", out.getvalue())) == EXPECTED


def test_a_row_error_in_a_headerless_table_names_its_own_line(cli, tmp_path):
    rows = [*ROWS[:2], ["9", "Q", "BBGGYY"]]
    data = "".join(",".join(r) + "\n" for r in rows).encode()
    result = cli("--root", str(project(tmp_path, "tiles.csv", data)), "catalog", "hexes")
    assert result.code == 2
    assert "catalog/hexes/tiles.csv:3: ink:" in result.err


def test_header_false_on_a_json_table_is_refused_at_its_line(cli, tmp_path):
    data = json.dumps([{"A": "7", "B": "R", "C": "GGYYRR"}]).encode()
    result = cli("--root", str(project(tmp_path, "tiles.json", data)), "catalog", "hexes")
    assert result.code == 2
    assert "catalog/hexes/game.toml:12: sets[0].header: header = false is for CSV" in result.err


def test_a_headerless_reader_stops_at_the_first_row_past_the_most():
    from cardstock.catalog.tables import read_csv
    from cardstock.core.issues import Issues

    data = b"7,R,GG\n8,Y,RY\n9,B,BB\n"
    table = read_csv(data, ".csv", "t.csv", Issues(), 2, header=False)
    assert table is not None
    assert [r.cells["A"] for r in table.rows] == ["7", "8"]
    assert table.stopped == 3
