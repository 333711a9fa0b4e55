"""The cutting machines are data (`layouts/cut-machines.toml`): `--cut` takes the names
the file gives, a project's own file replaces the shipped one whole (a machine of its own
is drawn to its own numbers), and a bad file is bad input at its line, before anything is
written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT, line_of
from helpers_sheets import marked_ops
from pypdf import PdfReader

from cardstock.cli import main
from cardstock.core.units import POINTS_PER
from cardstock.impose.cut import load_machines

MM = POINTS_PER["mm"]
SHIPPED = (ROOT / "layouts" / "cut-machines.toml").read_text(encoding="utf-8")


@pytest.fixture
def project(tmp_path) -> Path:
    shutil.copytree(FIXTURES / "catalog" / "mini", tmp_path / "catalog" / "mini")
    (tmp_path / "layouts").mkdir()
    return tmp_path


def own(project: Path, text: str) -> Path:
    path = project / "layouts" / "cut-machines.toml"
    path.write_text(text, encoding="utf-8")
    return path


def cut(project: Path, machine: str) -> int:
    return main(
        [
            "--root",
            str(project),
            "build",
            "mini",
            "--only",
            "cut",
            "--cut",
            machine,
            "--paper",
            "letter",
            "--out",
            str(project / "out"),
        ]
    )


def test_the_shipped_machines_load_one_entry_each():
    machines, problems = load_machines(ROOT)
    assert not problems
    assert list(machines) == ["silhouette", "cameo5", "cricut"]
    assert machines["silhouette"].marks and machines["silhouette"].area is None
    assert machines["silhouette"].corners == 3 and machines["cameo5"].corners == 4
    assert not machines["cricut"].marks and machines["cricut"].area == (6.75 * 72, 9.25 * 72)


def marks(pdf: Path) -> list[tuple[float, ...]]:
    page = PdfReader(pdf).pages[0]
    return [
        tuple(float(a) for a in args)
        for tag, op, args, _ in marked_ops(page)
        if op == b"re" and tag == "/RegistrationMarks"
    ]


def test_a_machine_of_the_projects_own_file_is_a_cut_choice_drawn_to_its_numbers(project, capsys):
    own(
        project,
        SHIPPED.replace("[machines.silhouette]", "[machines.cameo-wide]").replace(
            'inset = "10mm"', 'inset = "15mm"'
        ),
    )
    assert cut(project, "cameo-wide") == 0
    pdf = project / "out" / "mini" / "cut" / "mini-cameo-wide-letter.pdf"
    square = min(
        marks(pdf), key=lambda r: r[2] * r[3] if r[2] == r[3] else 1e9
    )  # the filled square
    _, ph = (float(v) for v in PdfReader(pdf).pages[0].mediabox[2:])
    assert square[0] == pytest.approx(15 * MM) and square[1] + square[3] == pytest.approx(
        ph - 15 * MM
    )
    assert (
        marks(pdf) and (project / "out" / "mini" / "cut" / "mini-cameo-wide-letter-1.svg").exists()
    )
    # the project's file replaces the shipped one: its machines are the only choices
    assert cut(project, "silhouette") == 2
    assert (
        "unknown cutting machine 'silhouette'; layouts/cut-machines.toml has: "
        "cameo-wide, cameo5, cricut" in capsys.readouterr().err
    )


@pytest.mark.parametrize(
    "change,key,field,message",
    [
        ('inset = "10mm"', 'inset = "10"', "machines.silhouette.inset", "expected a unit"),
        ('inset = "10mm"\n', "", "machines.silhouette", "a machine with marks needs inset"),
        (
            'area = "6.75in x 9.25in"',
            'area = "6.75in by 9.25in"',
            "machines.cricut.area",
            "6.75in by 9.25in",
        ),
        (
            'doc = "Cricut, Design Space print then cut"',
            'doc = "Cricut"\nblade = "fine"',
            "machines.cricut.blade",
            "",
        ),
        (
            "[machines.cricut]",
            '[machines."Big Cutter"]',
            "machines.Big Cutter.[key]",
            "expected an id",
        ),  # names make file names
    ],
)
def test_a_bad_machines_file_is_bad_input_at_its_line_and_nothing_is_written(
    project, capsys, change, key, field, message
):
    text = SHIPPED.replace(change, key)
    assert text != SHIPPED
    path = own(project, text)
    assert cut(project, "cricut") == 2
    err = capsys.readouterr().err
    line = line_of(path, key.split("\n")[-1]) if key else line_of(path, "[machines.silhouette]")
    assert f"layouts/cut-machines.toml:{line}: {field}: " in err and message in err
    assert not (project / "out" / "mini").exists()
