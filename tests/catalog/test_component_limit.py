"""The most components of one game (`MAX_COMPONENTS`) is counted while the rows are read:
a table far past it is refused at the first row past it, having read no more of the file
than that, in bounded memory, whatever the table's format (issue #41)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardstock.catalog import lists, load
from cardstock.catalog.lists import read_json, read_yaml
from cardstock.catalog.load import MAX_COMPONENTS, load_game
from cardstock.catalog.tables import read_csv, read_xlsx
from cardstock.core.issues import Issues

PEAK_MB = 300  # the most a refused table may take, at the 64 MB file limit
FILE_LIMIT = 64 << 20  # core/files: the most bytes cardstock reads from one file

GAME = """id = "big"
title = "Big"
version = "1.0"
players = { min = 2, max = 4 }

[backs.deck]
title = "Deck"
color = "#223344"
"""

SET = """
[[sets]]
id = "%(id)s"
name = "%(id)s"
kind = "card"
group = "Deck"
back = "deck"
table = "%(table)s"
fields.text = { type = "text" }
"""

# Run in a launcher of its own, so the peak it reads is the build's alone (a test
# process's own children, run before, would count too).
LAUNCHER = """
import json, resource, subprocess, sys
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(json.dumps([done.returncode, done.stderr, peak]))
"""


def project(root: Path, tables: dict[str, str]) -> Path:
    """A project of one game whose sets read the given tables (file name -> text)."""
    folder = root / "catalog" / "big"
    folder.mkdir(parents=True)
    sets = "".join(SET % {"id": Path(name).stem, "table": name} for name in tables)
    (folder / "game.toml").write_text(GAME + sets, encoding="utf-8")
    for name, text in tables.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def build(root: Path) -> tuple[int, str, float]:
    """`cardstock build` of the project: its exit status, stderr and peak memory (MB)."""
    command = [sys.executable, "-m", "cardstock", "--root", str(root), "build", "--jobs", "1"]
    out = subprocess.run(
        [sys.executable, "-c", LAUNCHER, *command], capture_output=True, text=True, check=True
    ).stdout
    code, err, peak = json.loads(out)
    return code, err, peak


def limit_message(path: str, line: int) -> str:
    return (
        f"{path}:{line}: count: the game passes the most cardstock prints in one game "
        f"({MAX_COMPONENTS:,} components) at this row; split it into several games"
    )


def test_a_csv_of_a_million_rows_at_the_file_limit_is_refused_at_the_first_row_past(tmp_path):
    rows = 1_000_000
    pad = "x" * 33  # each row about 66 bytes: the file just under the 64 MB limit
    folder = project(tmp_path, {"cards.csv": ""})
    with (folder / "cards.csv").open("w", encoding="utf-8") as f:
        f.write("id,name,count,text\n")
        f.writelines(f"c{i},Card {i},1,Deal {pad}\n" for i in range(rows))
    size = (folder / "cards.csv").stat().st_size
    assert FILE_LIMIT * 0.9 < size <= FILE_LIMIT
    code, err, peak = build(tmp_path)
    assert code == 2, err
    # the header is line 1, so row MAX_COMPONENTS + 1 is on the line after that
    assert err.splitlines()[0] == limit_message("catalog/big/cards.csv", MAX_COMPONENTS + 2)
    assert "Traceback" not in err
    assert peak < PEAK_MB, peak


def test_a_json_list_of_a_million_rows_is_refused_at_the_first_row_past(tmp_path):
    # each row the text json.dumps({"name": f"C{i}", "count": 1}) gives, written directly
    rows = ",\n".join(f'{{"name": "C{i}", "count": 1}}' for i in range(1_000_000))
    assert rows.startswith(json.dumps({"name": "C0", "count": 1}) + ",\n")
    project(tmp_path, {"cards.json": "[\n" + rows + "\n]\n"})
    code, err, peak = build(tmp_path)
    assert code == 2, err
    assert err.splitlines()[0] == limit_message("catalog/big/cards.json", MAX_COMPONENTS + 2)
    assert peak < PEAK_MB, peak


def loaded(root: Path) -> tuple[object, list[str]]:
    issues = Issues()
    catalog = load_game(root, "big", issues)
    return catalog, [f"{i.file}:{i.line}: {i.field}: {i.message}" for i in issues.errors]


def csv_rows(counts: list[int]) -> str:
    return "name,count\n" + "".join(f"Card {i},{n}\n" for i, n in enumerate(counts))


def test_the_limit_counts_copies_and_stops_at_the_row_that_passes_it(tmp_path, monkeypatch):
    monkeypatch.setattr(load, "MAX_COMPONENTS", 10)
    project(tmp_path, {"cards.csv": csv_rows([4, 4, 2, 1, 1])})
    catalog, errors = loaded(tmp_path)
    assert catalog is None
    assert errors == [
        "catalog/big/cards.csv:5: count: the game passes the most cardstock prints in one "
        "game (10 components) at this row; split it into several games"
    ]


def test_the_limit_itself_is_allowed(tmp_path, monkeypatch):
    monkeypatch.setattr(load, "MAX_COMPONENTS", 10)
    project(tmp_path, {"cards.csv": csv_rows([4, 4, 2])})
    catalog, errors = loaded(tmp_path)
    assert errors == []
    assert catalog is not None and sum(c.count for c in catalog.components) == 10


def test_the_sets_share_the_limit_and_later_sets_are_not_read(tmp_path, monkeypatch):
    monkeypatch.setattr(load, "MAX_COMPONENTS", 5)
    folder = project(
        tmp_path,
        {"a.csv": csv_rows([1, 1, 1]), "b.csv": csv_rows([1] * 10), "c.csv": "broken"},
    )
    (folder / "c.csv").unlink()  # the third set's table is never looked for
    _catalog, errors = loaded(tmp_path)
    assert errors == [
        "catalog/big/b.csv:4: count: the game passes the most cardstock prints in one "
        "game (5 components) at this row; split it into several games"
    ]


def test_rows_past_the_limit_are_not_checked(tmp_path, monkeypatch):
    monkeypatch.setattr(load, "MAX_COMPONENTS", 2)
    project(tmp_path, {"cards.csv": "name,count\nA,1\nB,1\nC,1\nD,nope\n"})
    _catalog, errors = loaded(tmp_path)
    assert [e.split(": ")[0] for e in errors] == ["catalog/big/cards.csv:4"]


# Each reader stops at the first row past the most it is asked for: blank rows, comment
# rows and the header are not rows, and a row is located at its own line.
def test_a_csv_reader_stops_at_the_first_row_past_the_most_asked_for():
    text = 'name,text\n\nA,x\n# a note\nB,"two\nlines"\nC,y\nD,z\n'
    issues = Issues()
    table = read_csv(text.encode(), ".csv", "t.csv", issues, 2)
    assert table is not None and not issues.items
    assert [(r.line, r.cells["name"]) for r in table.rows] == [(3, "A"), (6, "B")]
    assert table.stopped == 7
    whole = read_csv(text.encode(), ".csv", "t.csv", Issues())
    assert whole is not None and whole.stopped is None and len(whole.rows) == 4


def test_a_tsv_reader_stops_too():
    table = read_csv(b"name\tcount\nA\t1\nB\t1\nC\t1\n", ".tsv", "t.tsv", Issues(), 1)
    assert table is not None and [r.cells["name"] for r in table.rows] == ["A"]
    assert table.stopped == 3


def test_an_xlsx_reader_stops_at_the_sheet_row_past_the_most(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Cards"
    for row in [["name", "count"], [None, None], ["A", 1], ["B", 1], ["C", 1]]:
        sheet.append(row)
    book.save(tmp_path / "t.xlsx")
    table = read_xlsx((tmp_path / "t.xlsx").read_bytes(), "t.xlsx", None, Issues(), 2)
    assert table is not None and [r.cells["name"] for r in table.rows] == ["A", "B"]
    assert table.file == "t.xlsx[Cards]" and table.stopped == 5


def test_a_yaml_reader_stops_before_building_the_row_past_the_most():
    text = "- name: A\n  count: 1\n- name: B\n- &c {name: C}\n- *c\n- [broken\n"
    table = read_yaml(text.encode(), "t.yaml", Issues(), 2)
    assert table is not None and [r.cells["name"] for r in table.rows] == ["A", "B"]
    assert table.stopped == 4
    issues = Issues()
    assert read_yaml(text.encode(), "t.yaml", issues, 5) is None  # the broken row is read
    assert [i.message.split(":")[0] for i in issues.items] == ["the YAML cannot be read"]


def test_a_yaml_list_read_a_row_at_a_time_still_counts_aliases_across_rows():
    rows = "- &a {name: A, text: [" + ", ".join(["x"] * 1000) + "]}\n"
    rows += "- {name: B, more: [" + ", ".join(["*a"] * 999) + "]}\n"
    issues = Issues()
    assert read_yaml(rows.encode(), "t.yaml", issues) is None
    assert "aliases make more than 1,000,000 values" in issues.items[0].message


def test_a_json_reader_stops_before_decoding_the_row_past_the_most():
    text = '[\n {"name": "A"},\n {"name": "B"},\n {"name": "C", broken\n]'
    table = read_json(text.encode(), "t.json", Issues(), 2)
    assert table is not None and [r.cells["name"] for r in table.rows] == ["A", "B"]
    assert table.stopped == 4


def test_a_yaml_list_of_a_million_rows_is_refused_at_the_first_row_past(tmp_path):
    # two lines a row: row MAX_COMPONENTS + 1 starts on line 2 * MAX_COMPONENTS + 1
    project(tmp_path, {"cards.yaml": ""})
    with (tmp_path / "catalog" / "big" / "cards.yaml").open("w", encoding="utf-8") as f:
        f.writelines(f"- name: C{i}\n  count: 1\n" for i in range(1_000_000))
    code, err, peak = build(tmp_path)
    assert code == 2, err
    assert err.splitlines()[0] == limit_message("catalog/big/cards.yaml", 2 * MAX_COMPONENTS + 1)
    assert "Traceback" not in err
    assert peak < PEAK_MB, peak


def test_a_yaml_table_past_the_limit_refused_by_copies_before_its_rows_run_out(tmp_path):
    # the rows' counts take the game past the limit at row 26 of a 60-row table
    rows = "".join(f"- {{name: C{i}, count: 2}}\n" for i in range(60))
    project(tmp_path, {"cards.yaml": rows})
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(load, "MAX_COMPONENTS", 50)
        _catalog, errors = loaded(tmp_path)
    assert errors == [
        "catalog/big/cards.yaml:26: count: the game passes the most cardstock prints in one "
        "game (50 components) at this row; split it into several games"
    ]


# A YAML table past its rows' limit is found so by libyaml's events, read no further than
# the first row past it, and its rows before are built from libyaml's events by PyYAML's
# own composer and constructor; any other table, or any table without libyaml, is read
# by the pure-Python parser. Both ways give the same table and the same messages.
PAST_THE_LIMIT = [
    "- name: A\n  count: 2\n- &b {name: B, text: [x, y]}\n- *b\n- name: D\n- name: E\n",
    "- name: 'A\n    two lines'\n  back: {name: Secret}\n-\n  name: B\n- {name: C}\n- [x]\n",
    "---\n- name: A\n  when: 2001-12-14\n- name: !!str 12\n- name: C\n  text: |\n    a\n"
    "- name: D\n- name: E\n",
    "- name: A\n- name: B\n  day: 2001-13-45\n- name: C\n- name: D\n",  # a bad date, built
    "- name: A\n- name: B\n- name: C\n- name: D\n- {name: E, broken\n",  # past the limit
    "- name: A\n- name: B\n- name: C\n- name: D\n- name: E\x07\n",  # PyYAML refuses it
    "- name: A\n- name: B\n- *nowhere\n- name: D\n- name: E\n",
    "- name: A\n- name: B: C\n- name: C\n- name: D\n- name: E\n",  # libyaml errs first
    "- name: A\n- name: B\n- name: C\n",  # within the limit
    "&all\n- name: A\n- name: B\n- name: C\n- name: D\n",  # not a plain list: read whole
]


def read_both_ways(text: str, most: int) -> list[object]:
    """What the YAML reader makes of `text` with and without libyaml: each table's rows
    (line and cells), where it stopped, and the messages (or the error it raises)."""
    made: list[object] = []
    for libyaml in (True, False):
        issues = Issues()
        with pytest.MonkeyPatch.context() as patch:
            if not libyaml:
                patch.setattr(lists, "_libyaml_parser", lambda: None)
            try:
                table = read_yaml(text.encode(), "t.yaml", issues, most)
            except ValueError as exc:  # a bad date, as rows_of then reports it
                made.append(repr(exc))
                continue
        rows = None if table is None else [(r.line, r.cells) for r in table.rows]
        stopped = None if table is None else table.stopped
        made.append((rows, stopped, [(i.line, i.field, i.message) for i in issues.items]))
    return made


@pytest.mark.parametrize("text", PAST_THE_LIMIT)
def test_a_yaml_table_reads_the_same_with_libyaml_as_without(text):
    with_libyaml, without = read_both_ways(text, 3)
    assert with_libyaml == without


def test_libyaml_finds_a_table_past_its_rows_and_nothing_else():
    assert lists._libyaml_parser() is not None, "PyYAML here was built without libyaml"
    assert lists._rows_past(PAST_THE_LIMIT[0], 3)
    assert lists._rows_past(PAST_THE_LIMIT[4], 3)  # broken past the first row past
    assert not lists._rows_past(PAST_THE_LIMIT[0], 5)  # five rows: within
    assert not lists._rows_past(PAST_THE_LIMIT[5], 3)  # PyYAML refuses a character
    assert not lists._rows_past(PAST_THE_LIMIT[7], 3)  # libyaml meets an error first
    assert not lists._rows_past(PAST_THE_LIMIT[9], 3)  # an anchored list


def test_the_rows_before_the_limit_are_read_with_libyaml_and_the_stop_located():
    (rows, stopped, messages), _ = read_both_ways(PAST_THE_LIMIT[0], 3)
    assert rows == [
        (1, {"name": "A", "count": "2"}),
        (3, {"name": "B", "text": ["x", "y"]}),
        (3, {"name": "B", "text": ["x", "y"]}),  # an alias is located at what it names
    ]
    assert stopped == 5 and messages == []
