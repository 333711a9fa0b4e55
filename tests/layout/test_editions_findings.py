"""An edition's print-safety findings are measured on the edition's own faces: the colour
layout's contrast findings do not follow a face into an edition that fixed them, and a
text run below the edition's ratio is reported there, at the box that drew it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from conftest import ROOT
from helpers_faces import comp, load, make_project

from cardstock.cli import main
from cardstock.core.issues import Issue
from cardstock.layout.editions.findings import edition_findings
from cardstock.layout.faces import Faces
from cardstock.layout.ops import Note, Rect, Text

# a grey at about 5:1 on white: enough for the lint's 4.5:1, short of high contrast's 7:1
GREY = "#707070"
OPS = (Rect(0, 0, 180, 252, fill="#ffffff"), Text(20, 40, "Ember", "sans", 9, GREY))
NOTES = (Note("card.name", 15, 25, 120, 45),)


def located(layout: str, box: str) -> tuple[str, int | None]:
    return (f"layouts/{layout}.toml", 7 if box == "name" else None)


def test_a_run_that_passes_in_colour_fails_the_high_contrast_editions_7_to_1() -> None:
    found, _ = edition_findings(OPS, "high-contrast", (), NOTES, located)
    assert [(i.file, i.line, i.field, i.level) for i in found] == [
        ("layouts/card.toml", 7, "layouts.card.boxes.name", "warning")
    ]
    assert "high-contrast edition" in found[0].message and "below the 7:1" in found[0].message
    assert edition_findings(OPS, "ink-saver", (), NOTES, located) == ((), NOTES)


def test_the_colour_contrast_findings_give_way_to_the_editions_own() -> None:
    colour = (
        Issue("layouts/card.toml", 3, "layouts.card.boxes.name", "#cccccc on #ffffff is "
              "1.6:1, below the 4.5:1 a print needs to read well (WCAG); darken the ink "
              "or lighten what is under it", "warning"),
        Issue("layouts/card.toml", 5, "layouts.card.boxes.text", "what the box draws "
              "reaches 1 mm outside the safe zone", "warning"),
    )  # fmt: skip
    found, _ = edition_findings(OPS, "ink-saver", colour, NOTES, located)
    assert found == (colour[1],)


def test_a_boxs_contrast_note_is_the_editions_finding_not_the_colour_faces() -> None:
    """The notes the proof sheets outline: the colour face's "contrast" is dropped where
    the edition reads well, and set where the edition's ratio finds a run low."""
    noted = (
        Note("card.name", 15, 25, 120, 45, problems=("contrast",)),
        Note("card.text", 15, 60, 160, 200, problems=("contrast", "minimum size")),
    )
    _, saver = edition_findings(OPS, "ink-saver", (), noted, located)
    assert [(n.box, n.problems) for n in saver] == [
        ("card.name", ()),
        ("card.text", ("minimum size",)),
    ]
    _, high = edition_findings(OPS, "high-contrast", (), noted, located)
    assert [(n.box, n.problems) for n in high] == [
        ("card.name", ("contrast",)),
        ("card.text", ("minimum size",)),
    ]


def test_a_low_run_no_box_holds_is_noted_where_it_is_drawn() -> None:
    _, notes = edition_findings(OPS, "high-contrast", (), (), located)
    assert len(notes) == 1 and notes[0].problems == ("contrast",)
    x0, y0, x1, y1 = notes[0].x0, notes[0].y0, notes[0].x1, notes[0].y1
    assert x0 <= 20 <= x1 and y0 < 40 <= y1 + 1  # around the run at (20, 40)


def test_an_ink_saver_face_does_not_carry_the_colour_faces_contrast_warning(
    tmp_path: Path,
) -> None:
    pale = '[layouts.card.boxes.type_line]\ncolor = "#c8c8c8"\n'
    root = make_project(tmp_path, pale)
    cat = load(root)
    card = comp(cat, "fish")
    colour_faces = Faces(cat)
    colour = colour_faces.face(colour_faces.records.of(card), "front")
    saver_faces = Faces(replace(cat, edition="ink-saver"))
    saver = saver_faces.face(saver_faces.records.of(card), "front")
    assert colour is not None and saver is not None

    def low(findings: tuple[Issue, ...]) -> list[str]:
        return [i.field for i in findings if "below the" in i.message]

    assert low(colour.findings) == ["layouts.card.boxes.type_line"]
    assert low(saver.findings) == []


def test_check_edition_checks_each_edition_as_a_game_of_its_own(capsys) -> None:
    args = ["--root", str(ROOT), "check", "atmosfear", "--only", "print-safety"]
    assert main([*args, "--edition", "ink-saver,high-contrast"]) == 0
    said = capsys.readouterr().out
    for game in ("atmosfear", "atmosfear-ink-saver", "atmosfear-high-contrast"):
        assert f"{game} passes" in said, said
