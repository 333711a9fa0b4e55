"""`cardstock feedback --import` refuses a row of a JSON or YAML export a cell of which
holds a control character (a carriage return, a NUL), as a game's tables refuse one, with
the message a table's cell gets: the row is left out, reported where it is, and the kept
notes never hold a carriage return that a spreadsheet would end a row at; an export with
no other row keeps nothing (exit 2) (docs/playtest.md, "Importing a form")."""

from __future__ import annotations

import json

import pytest
from playtest_project import project

from cardstock.cli import main

CR = "the cell holds the control character U+000D, which cannot be printed"


@pytest.fixture
def root(tmp_path):
    return project(tmp_path / "p")


def run(capsys, root, form) -> tuple[int, str]:
    code = main(["--root", str(root), "feedback", "--import", str(form)])
    return code, capsys.readouterr().err


def kept(root):
    return root / "playtest" / "feedback" / "form.csv"


def test_a_json_note_with_a_carriage_return_before_a_formula_is_refused(root, tmp_path, capsys):
    form = tmp_path / "form.json"
    row = {"card": "noon", "note": "ok\r=HYPERLINK(http://evil.example;x)", "who": "Ana\r=2+3"}
    form.write_text(json.dumps([row]))
    done, err = run(capsys, root, form)
    assert done == 2, err
    assert err.startswith(f"{form}:1: who: {CR}"), err
    assert not kept(root).exists()


def test_a_yaml_row_with_a_control_character_is_left_out_and_the_rest_kept(root, tmp_path, capsys):
    form = tmp_path / "form.yaml"
    form.write_text('- card: dawn\n  note: fine\n- card: noon\n  note: "a\\rb"\n')
    done, err = run(capsys, root, form)
    assert done == 0, err
    assert f"{form}:3: note: warning: left out: {CR}" in err
    data = kept(root).read_bytes()
    assert b"\r" not in data and b",dawn," in data and b",noon," not in data
