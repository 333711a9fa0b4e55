"""Every CSV cardstock writes is written for the spreadsheet that opens it: a cell that
would start a formula (`=`, `+`, `-`, `@`, a tab, a carriage return) is text, a `'` before
it and the cell quoted; a number stays a number; every other cell is written as Python's
csv module writes it; and each CSV writer of the package goes through the one helper,
`cardstock.core.csv_cells` (docs/outputs.md, "Text written for the program that opens it")."""

from __future__ import annotations

import ast
import csv
import io
import json

from conftest import ROOT
from hypothesis import given
from hypothesis import strategies as st
from playtest_project import GAME, build, edit_row, project

from cardstock.cli import main
from cardstock.core.csv_cells import csv_bytes, guarded, unguarded

FORMULA = '=HYPERLINK("https://example.org/x","Click")'


def read_back(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8"))))


def test_a_cell_that_would_start_a_formula_is_written_as_quoted_text():
    cells = [FORMULA, "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\tx", "\rx"]
    data = csv_bytes([["a"] * len(cells), cells])
    line = data.decode("utf-8").split("\n")[1]
    assert line.startswith('"\'=HYPERLINK(""https://example.org/x"",""Click"")",')
    assert read_back(data)[1] == ["'" + c for c in cells]


def test_a_number_stays_a_number_and_a_plain_decimal_text_too():
    data = csv_bytes([["n", "m", "t", "u", "e"], [-3, -0.5, "-3", "+2.5", "-1e5"]])
    assert data.decode("utf-8").split("\n")[1] == '-3,-0.5,-3,+2.5,"\'-1e5"'


# line breaks other than "\r" and "\n", which the csv module leaves unquoted and cardstock
# quotes (tests/core/test_csv_cells_line_breaks.py)
OTHER_BREAKS = "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


@given(st.lists(st.one_of(st.text(), st.integers(), st.none()), min_size=0, max_size=6))
def test_a_row_with_no_formula_is_written_as_the_csv_module_writes_it(row):
    if any(isinstance(c, str) and (guarded(c) != c or set(c) & set(OTHER_BREAKS)) for c in row):
        return
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerow(row)  # it quotes "\r" and "\n"
    assert csv_bytes([row]) == buffer.getvalue().removesuffix("\r\n").encode("utf-8") + b"\n"


@given(st.text().filter(lambda t: "\r" not in t and "\x00" not in t))
def test_a_guarded_cell_reads_back_as_the_text_written(text):
    assert unguarded(guarded(text)) == text
    assert unguarded(read_back(csv_bytes([[text], ["next"]]))[0][0]) == text


# Modules that write a file named .csv or .tsv without making its cells, each for a reason.
NOT_CSV_MADE_HERE = {
    "cardstock/cli/docpage.py": "its .csv names are examples in the commands page",
    "cardstock/cli/feedback.py": "writes the bytes of catalog/feedback.py's notes_csv",
    "cardstock/cli/pull.py": "pins a downloaded table's bytes as they came",
    "cardstock/init.py": "copies the starter project's own files",
}
WRITES = {"artifact", "put", "write_atomic", "write_text", "write_bytes", "streamed"}


def modules():
    for path in sorted((ROOT / "cardstock").rglob("*.py")):
        yield path.relative_to(ROOT).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def writes_file_named(tree: ast.AST, suffixes: tuple[str, ...]) -> bool:
    """Whether the module writes files and names one with a suffix of `suffixes`."""
    calls = [n.func for n in ast.walk(tree) if isinstance(n, ast.Call)]
    writes = any(
        (isinstance(f, ast.Name) and f.id in WRITES)
        or (isinstance(f, ast.Attribute) and f.attr in WRITES)
        for f in calls
    )
    named = any(
        isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value.endswith(suffixes)
        for n in ast.walk(tree)
    )
    return writes and named


def imports(tree: ast.AST, module: str) -> bool:
    return any(
        isinstance(n, ast.ImportFrom)
        and (
            (n.module or "").endswith(module)
            or any(a.name == module.rsplit(".", 1)[-1] for a in n.names)
        )
        for n in ast.walk(tree)
    )


def test_no_module_but_the_helper_uses_a_csv_writer():
    found = [
        f"{name}:{n.lineno}"
        for name, tree in modules()
        for n in ast.walk(tree)
        if isinstance(n, ast.Attribute) and n.attr in ("writer", "DictWriter", "writerow")
    ]
    assert found == []


def test_every_module_that_writes_a_csv_makes_it_with_the_helper():
    unguarded_writers = [
        name
        for name, tree in modules()
        if writes_file_named(tree, (".csv", ".tsv"))
        and not imports(tree, "core.csv_cells")
        and name not in NOT_CSV_MADE_HERE
    ]
    assert unguarded_writers == []
    assert all((ROOT / name).is_file() for name in NOT_CSV_MADE_HERE)
    feedback = ast.parse((ROOT / "cardstock/catalog/feedback.py").read_text(encoding="utf-8"))
    assert imports(feedback, "core.csv_cells")


def test_a_card_named_as_a_formula_reaches_changed_csv_as_text(tmp_path):
    root = project(tmp_path / "p")
    name = '=HYPERLINK("x.io")'  # short enough to fit the card's name box
    edit_row(root, "Dawn", "name", name)
    assert build(root, "--changed-since", "HEAD", "--only", "changed") == 0
    text = (root / "output" / GAME / "changed.csv").read_text(encoding="utf-8")
    assert ',"\'=HYPERLINK(""x.io"")",' in text
    assert {r["name"] for r in csv.DictReader(io.StringIO(text))} == {"'" + name}


def test_a_note_that_is_a_formula_is_kept_as_text_and_read_back_as_written(tmp_path, capsys):
    root = project(tmp_path / "p")
    form = tmp_path / "form.csv"
    form.write_text(f'card,who,note\ndawn,"@Ana","{FORMULA.replace(chr(34), 2 * chr(34))}"\n')
    assert main(["--root", str(root), "feedback", "--import", str(form)]) == 0
    kept = (root / "playtest" / "feedback" / "form.csv").read_text(encoding="utf-8")
    assert '"\'@Ana",,"\'=HYPERLINK(' in kept
    capsys.readouterr()
    assert main(["--root", str(root), "feedback", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    notes = [n for card in listed for n in card["notes"] if card["card"] == "dawn"]
    assert {(n["who"], n["note"]) for n in notes} >= {("@Ana", FORMULA)}
    assert main(["--root", str(root), "feedback", "--import", str(form)]) == 0
    assert "imported 0 notes" in capsys.readouterr().out  # the same note, read back as written
