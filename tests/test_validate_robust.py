"""Bad input never becomes an internal error, and one run shows every problem.

Each case damages a copy of the fixture game the way a real project gets damaged (a
symbolic link loop, a truncated spreadsheet, a template that divides by zero, art with
nonsense attributes, an output folder that cannot be written) and expects the one located
message, exit status 2, and no traceback. Exit 3 is kept for real bugs.
"""

from __future__ import annotations

import csv
import io
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT

MINI = FIXTURES / "catalog" / "mini"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    shutil.copytree(MINI, root / "catalog" / "mini")
    return root


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _build(cli, root: Path, *extra: str):
    result = cli("--root", str(root), "build", "--jobs", "1", *extra)
    assert "Traceback" not in result.err and "internal error" not in result.err, result.err
    return result


RULES = '[[counts]]\nname = "every card"\nmatch = { set = "cards" }\ncount = "six"\n'


# ---------------------------------------------------------------- every problem at once


def test_a_mistake_in_the_game_file_a_table_and_the_rules_shows_all_three_in_one_run(project, cli):
    game = project / "catalog" / "mini"
    _replace(game / "game.toml", 'version = "1.0"', 'version = "one"')
    _replace(game / "cards.csv", "ember,Ember,2", "ember,Ember,two")
    (game / "rules.toml").write_text(RULES, encoding="utf-8")
    result = _build(cli, project)
    assert result.code == 2
    assert result.err.splitlines() == [
        "catalog/mini/game.toml:4: version: expected a version like '1.0' or '1.2.3', got 'one'",
        "catalog/mini/cards.csv:2: count: expected a whole number, got 'two'",
        "catalog/mini/rules.toml:4: counts[0].count: expected a whole number, got 'six'",
        "3 errors; nothing was written.",
    ]
    assert not (project / "output").exists()


def test_a_broken_set_in_the_game_file_still_lets_the_other_tables_be_read(project, cli):
    game = project / "catalog" / "mini"
    _replace(game / "game.toml", 'kind = "token"', 'kind = "coin"')
    _replace(game / "cards.csv", "ember,Ember,2", "ember,Ember,two")
    result = _build(cli, project)
    assert result.code == 2
    lines = result.err.splitlines()
    assert lines[0].startswith("catalog/mini/game.toml:47: sets[1].kind: expected one of ")
    assert lines[1:] == [
        "catalog/mini/cards.csv:2: count: expected a whole number, got 'two'",
        "2 errors; nothing was written.",
    ]


def test_problems_in_two_games_are_shown_together(project, cli):
    shutil.copytree(project / "catalog" / "mini", project / "catalog" / "other")
    _replace(project / "catalog" / "other" / "game.toml", 'id = "mini"', 'id = "other"')
    _replace(project / "catalog" / "mini" / "cards.csv", "ember,Ember,2", "ember,Ember,two")
    _replace(project / "catalog" / "other" / "cards.csv", "flood,Flood,1", "flood,Flood,many")
    result = _build(cli, project)
    assert result.code == 2
    assert result.err.splitlines() == [
        "catalog/mini/cards.csv:2: count: expected a whole number, got 'two'",
        "catalog/other/cards.csv:6: count: expected a whole number, got 'many'",
        "2 errors; nothing was written.",
    ]


# ---------------------------------------------------------------- no internal errors


def test_a_symbolic_link_loop_for_a_table_is_reported_at_the_set(project, cli):
    table = project / "catalog" / "mini" / "cards.csv"
    table.unlink()
    table.symlink_to("cards.csv")
    result = _build(cli, project)
    assert result.code == 2
    assert result.err.splitlines()[0] == (
        "catalog/mini/game.toml:36: sets[0].table: cannot follow the file's symbolic links (a "
        "symbolic link loop): cards.csv"
    )


def test_a_symbolic_link_loop_for_art_is_reported_at_the_row(project, cli):
    (project / "catalog" / "mini" / "art" / "loop.png").symlink_to("loop.png")
    _replace(project / "catalog" / "mini" / "cards.csv", "art/blaze.svg", "art/loop.png")
    result = _build(cli, project)
    assert result.code == 2
    assert result.err.splitlines()[0] == (
        "catalog/mini/cards.csv:3: art: cannot follow the file's symbolic links (a symbolic link "
        "loop): art/loop.png"
    )


@pytest.mark.parametrize("nested", ["[" * 3000 + "]" * 3000, "{ a = " * 3000 + "1" + " }" * 3000])
def test_deeply_nested_toml_is_a_located_message(project, cli, nested):
    with (project / "catalog" / "mini" / "game.toml").open("a", encoding="utf-8") as f:
        f.write(f"\ndeep = {nested}\n")
    result = _build(cli, project)
    assert result.code == 2
    assert result.err.splitlines()[0].startswith(
        "catalog/mini/game.toml:63: not read as TOML: arrays and tables nest more than 64 deep"
    )


def _xlsx(project: Path, damage) -> None:
    """The fixture's card table as an XLSX workbook, with one part of the file damaged."""
    import openpyxl

    game = project / "catalog" / "mini"
    book = openpyxl.Workbook()
    sheet = book.active
    with (game / "cards.csv").open(encoding="utf-8", newline="") as f:
        for row in csv.reader(f):
            sheet.append(row)
    buf = io.BytesIO()
    book.save(buf)
    good = zipfile.ZipFile(io.BytesIO(buf.getvalue()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name in good.namelist():
            data = damage(name, good.read(name))
            if data is not None:
                z.writestr(name, data)
    (game / "cards.xlsx").write_bytes(out.getvalue())
    _replace(game / "game.toml", 'table = "cards.csv"', 'table = "cards.xlsx"')


SHEET = "xl/worksheets/sheet1.xml"


@pytest.mark.parametrize(
    "how, damage, reason",
    [
        (
            "worksheet missing",
            lambda n, d: None if n == SHEET else d,
            "IndexError: list index out of range",
        ),
        (
            "worksheet cut short",
            lambda n, d: d[: len(d) // 2] if n == SHEET else d,
            # where the half falls decides the parser's words ("no element found",
            # "unclosed token"): the message is the sheet's, located, either way
            "ParseError: ",
        ),
    ],
)
def test_a_damaged_xlsx_table_is_a_located_message(project, cli, how, damage, reason):
    _xlsx(project, damage)
    result = _build(cli, project)
    assert result.code == 2
    first = result.err.splitlines()[0]
    assert (
        first.startswith("catalog/mini/cards.xlsx")
        and f"the sheet cannot be read (is the file complete?): {reason}" in first
    ), first


def test_a_template_in_catalog_text_that_fails_is_a_located_message(project, cli):
    _replace(project / "catalog" / "mini" / "cards.csv", "Heal 2.", "Heal {{ 1/0 }}.")
    for extra in ((), ("--force",)):
        result = _build(cli, project, *extra)
        assert result.code == 2
        assert result.err.splitlines() == [
            "catalog/mini/cards.csv:5: text: the text cannot be rendered (ZeroDivisionError): "
            "division by zero",
            "1 error; nothing was written.",
        ]


@pytest.mark.parametrize(
    "attributes, message",
    [
        ('opacity="abc"', "opacity 'abc' is not a number"),
        (
            'viewBox="0 0 nan inf"',
            "viewBox '0 0 nan inf': the size must be finite numbers (not nan or inf)",
        ),
        ('transform="scale(x)"', "the transform 'x' is not a list of numbers"),
    ],
)
def test_svg_art_with_values_that_are_not_numbers_is_a_located_message(
    project, cli, attributes, message
):
    art = project / "catalog" / "mini" / "art" / "blaze.svg"
    art.write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g {attributes}>'
        '<circle cx="5" cy="5" r="4"/></g></svg>',
        encoding="utf-8",
    )
    if "viewBox" in attributes:
        art.write_text(
            f'<svg xmlns="http://www.w3.org/2000/svg" {attributes}><circle cx="5" cy="5" '
            'r="4"/></svg>',
            encoding="utf-8",
        )
    for extra in ((), ("--force",)):
        result = _build(cli, project, *extra)
        assert result.code == 2
        assert result.err.splitlines() == [
            f"catalog/mini/cards.csv:3: art: catalog/mini/art/blaze.svg: {message}",
            "1 error; nothing was written.",
        ]


def test_svg_art_that_is_not_svg_is_a_located_message(project, cli):
    (project / "catalog" / "mini" / "art" / "blaze.svg").write_bytes(b"\x89PNG\r\n\x1a\nnot svg")
    result = _build(cli, project)
    assert result.code == 2
    assert result.err.splitlines()[0].startswith(
        "catalog/mini/cards.csv:3: art: catalog/mini/art/blaze.svg: not a readable SVG file: "
    )


# ---------------------------------------------------------------- the output folder


def test_an_output_folder_inside_a_file_is_an_option_error(project, cli):
    (project / "taken").write_text("a file, not a folder")
    result = _build(cli, project, "--out", str(project / "taken" / "out"))
    assert result.code == 2
    assert result.err.splitlines()[0] == (
        f"command line: --out: cannot write into {project / 'taken' / 'out'}: {project / 'taken'} "
        "is a file, not a folder"
    )


def test_an_output_folder_that_cannot_be_made_names_the_artifact_and_the_reason(project, cli):
    """/proc takes no new folders (whoever runs the tests, root included)."""
    result = _build(cli, project, "--out", "/proc/cardstock-out", "--only", "calibration")
    assert result.code == 2
    # the build holds the output folder before it writes anything: that is where it fails
    assert result.err.splitlines() == [
        "/proc/cardstock-out: cannot write into the output folder: No such file or directory"
    ]


def test_a_full_disk_names_the_artifact_not_the_temporary_file(project):
    """A file-size limit makes writes fail as a full disk does (EFBIG instead of ENOSPC)."""
    code = (
        "import resource, signal, sys\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (60000, 60000))\n"
        "from cardstock.cli import main\n"
        f"sys.exit(main(['--root', {str(project)!r}, 'build', '--jobs', '2', '--only', 'svg']))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDSTOCK_NO_SERVER": "1"}
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env
    )
    assert run.returncode == 2, run.stderr
    line = run.stderr.strip().splitlines()[-1]
    assert line.startswith("output/mini/svg/") and line.endswith(
        ": cannot write the file: File too large"
    ), run.stderr
    assert ".tmp" not in run.stderr and "Traceback" not in run.stderr


def test_a_rules_kind_written_as_a_table_or_list_is_a_located_message(project, cli):
    """Found by the fuzz test: a table where a step or constraint names its kind."""
    (project / "catalog" / "mini" / "rules.toml").write_text(
        '[setup]\n\n[[setup.steps]]\ndo = { a = 1 }\n\n[[constraints]]\nkind = ["x"]\n',
        encoding="utf-8",
    )
    result = _build(cli, project)
    assert result.code == 2
    lines = result.err.splitlines()
    # no Python repr of the table or list: the message says what is wrong with it
    assert (
        lines[0]
        == "catalog/mini/rules.toml:7: constraints[0].kind: a constraint kind is a name, not a "
        "table or a list; expected one of " + lines[0].split("expected one of ")[1]
    )
    assert lines[1].startswith(
        "catalog/mini/rules.toml:4: setup.steps[0].do: a step is a name, not a table or a list; "
        "expected one of "
    )
