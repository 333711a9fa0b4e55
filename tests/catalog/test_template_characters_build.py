"""A project whose template makes a character a table's cell may not hold (a control
character other than tab and line feed, U+FFFE, U+FFFF, a lone surrogate) is refused by
`check` and by `build` alike, as bad input (exit 2) at the row or the template line that
made it, and nothing is written: a card's text, a layout value and the rulebook, by a string
escape in an expression or (the rulebook) typed into the file. An honest project with tabs,
accents, CJK and emoji builds, its SVG faces and EPUB well-formed XML."""

from __future__ import annotations

import zipfile
from pathlib import Path
from xml.dom import minidom

import pytest

from cardstock.init import init_project

CARD = "Dawn,3,Sun,sun,2,Play on any Sun card."


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    written, issues = init_project(root, "Demo")
    assert written and not issues
    return root


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def appended(path: Path, line: str) -> int:
    """`line` added at the end of the file; its line number."""
    text = path.read_text(encoding="utf-8").rstrip("\n") + "\n\n"
    path.write_text(text + line + "\n", encoding="utf-8")
    return text.count("\n") + 1


def refused_by_check_and_build(cli, root: Path, where: str, code: str) -> None:
    for args in (("check",), ("build", "--only", "svg,rulebook", "--force")):
        result = cli("--root", str(root), *args)
        assert result.code == 2, (args, result.err)
        said = [line for line in result.err.splitlines() if line.startswith(where)]
        assert said and code in said[0], (args, result.err)
        assert not (root / "output").exists(), args


@pytest.mark.parametrize(
    ("escape", "code"), [("\\x01", "U+0001"), ("\\uffff", "U+FFFF"), ("\\ud800", "U+D800")]
)
def test_a_card_text_that_makes_the_character_is_refused_at_its_row(cli, project, escape, code):
    table = project / "catalog" / "demo" / "cards.csv"
    edit(table, CARD, f'Dawn,3,Sun,sun,2,"Play {{{{ ""{escape}"" }}}} on"')
    refused_by_check_and_build(cli, project, "catalog/demo/cards.csv:3: text: ", code)


def test_a_layout_value_that_makes_the_character_is_refused_at_its_key(cli, project):
    faces = project / "layouts" / "demo" / "faces.toml"
    at = appended(faces, "[layouts.card.boxes.title]\ntext = '{{ name }}{{ \"\\x9f\" }}'") + 1
    where = f"layouts/demo/faces.toml:{at}: layouts."  # the card's layout, or one extending it
    refused_by_check_and_build(cli, project, where, "U+009F")


def test_a_rulebook_expression_that_makes_the_character_is_refused_at_its_line(cli, project):
    at = appended(project / "layouts" / "demo" / "rulebook.md.j2", 'A {{ "\\ud800" }} line.')
    where = f"layouts/demo/rulebook.md.j2:{at}: rulebook: "
    refused_by_check_and_build(cli, project, where, "U+D800")


@pytest.mark.parametrize(("char", "code"), [("\uffff", "U+FFFF"), ("\x7f", "U+007F")])
def test_a_rulebook_that_holds_the_character_typed_is_refused_at_its_line(cli, project, char, code):
    at = appended(project / "layouts" / "demo" / "rulebook.md.j2", f"A literal {char} line.")
    where = f"layouts/demo/rulebook.md.j2:{at}: rulebook: "
    refused_by_check_and_build(cli, project, where, code)


def well_formed(path: Path) -> None:
    parts = (
        [(n, zipfile.ZipFile(path).read(n)) for n in zipfile.ZipFile(path).namelist()]
        if path.suffix == ".epub"
        else [(path.name, path.read_bytes())]
    )
    for name, data in parts:
        if name.endswith((".xhtml", ".svg")):
            minidom.parseString(data)


def test_an_honest_text_builds_and_one_escape_more_does_not(cli, project, tmp_path):
    table = project / "catalog" / "demo" / "cards.csv"
    edit(table, CARD, "Dawn,3,Sun,sun,2,\"Play\tthis: é, 中文, 😀 {{ 'ok'|upper }}.\"")
    rulebook = project / "layouts" / "demo" / "rulebook.md.j2"
    at = appended(rulebook, "Accents é à, 中文 and 😀 {{ '\\t' }}done.")
    out = tmp_path / "out"
    built = cli("--root", str(project), "build", "--out", str(out), "--only", "svg,rulebook")
    assert built.code == 0, built.err
    svgs = sorted(out.rglob("dawn.svg"))
    assert svgs and "中文" in svgs[0].read_text(encoding="utf-8")
    assert "OK." in svgs[0].read_text(encoding="utf-8")
    epubs = sorted(out.rglob("*.epub"))
    assert epubs
    for path in [*svgs, *epubs]:
        well_formed(path)
    edit(rulebook, "{{ '\\t' }}done.", "{{ '\\x0c' }}done.")  # a form feed is no line feed
    where = f"layouts/demo/rulebook.md.j2:{at}: rulebook: "
    refused_by_check_and_build(cli, project, where, "U+000C")
