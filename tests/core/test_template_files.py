"""A rulebook, quick-reference or layout template reads no other template file: an
`{% include %}`, `{% import %}` or `{% extends %}` in one is found when the project is
validated, as a located `path:line: field: message` (exit 2), whatever it names (a path
leaving the project, an absolute path, a file that does not exist, one that does) and
without ever naming it; never a Python exception's text."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES

TAGS = {
    "include": ("{% include NAME %}", "{% include %}"),
    "import": ("{% import NAME as m %}{{ m.x }}", "{% import %}"),
    "from import": ("{% from NAME import x %}{{ x() }}", "{% from … import %}"),
    "extends": ("{% extends NAME %}", "{% extends %}"),
}
READS = (
    "reads another template file, which only the downloads page's templates may do: write "
    "the text into this template (a macro of it can repeat a part)"
)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    (root / "layouts" / "mini").mkdir(parents=True)
    (root / "layouts" / "mini" / "part.md.j2").write_text("a part\n", encoding="utf-8")
    (tmp_path / "x").write_text("outside the project\n", encoding="utf-8")
    return root


def _names(root: Path) -> dict[str, str]:
    return {
        "leaving the project": '"../../x"',
        "absolute": f'"{root.parent / "x"}"',
        "missing": '"missing.md.j2"',
        "existing": '"part.md.j2"',
        "given by a variable": "game.title",
    }


def _check(result, root: Path, expected: str) -> None:
    lines = result.err.splitlines()
    assert result.code == 2, result.err
    assert expected in lines, result.err
    assert lines.count(expected) == 1
    for leak in ("Error", "Traceback", "internal error", "loader", str(root.parent)):
        assert leak not in result.err, result.err
    assert not (root / "output").exists()


@pytest.mark.parametrize("name", list(_names(Path("/"))))
@pytest.mark.parametrize("tag", TAGS)
@pytest.mark.parametrize("command", ["build", "check"])
def test_a_rulebook_that_reads_another_file_is_a_located_input_error(
    project, cli, command, tag, name
):
    text, shown = TAGS[tag]
    (project / "layouts" / "mini" / "rulebook.md.j2").write_text(
        f"# {{{{ game.title }}}}\n\nThe rules.\n\n{text.replace('NAME', _names(project)[name])}\n",
        encoding="utf-8",
    )
    result = cli("--root", str(project), command, *(["--jobs", "1"] if command == "build" else []))
    _check(result, project, f"layouts/mini/rulebook.md.j2:5: rulebook: {shown} {READS}")


@pytest.mark.parametrize("tag", TAGS)
def test_a_quick_reference_that_reads_another_file_is_a_located_input_error(project, cli, tag):
    text, shown = TAGS[tag]
    folder = project / "layouts" / "mini" / "quickref"
    folder.mkdir()
    (folder / "turn.md.j2").write_text(
        f"Your turn\n{text.replace('NAME', chr(34) + '../../../x' + chr(34))}\n", encoding="utf-8"
    )
    result = cli("--root", str(project), "check")
    _check(result, project, f"layouts/mini/quickref/turn.md.j2:2: quickref.turn: {shown} {READS}")


def test_a_layout_template_that_reads_another_file_is_a_located_input_error(project, cli):
    outside = project.parent / "x"
    (project / "layouts" / "mini" / "faces.toml").write_text(
        f'[layouts.card.boxes.body]\ntext = """Heal.\n{{% include "{outside}" %}}"""\n',
        encoding="utf-8",
    )
    result = cli("--root", str(project), "build", "--jobs", "1", "--only", "svg")
    _check(
        result,
        project,
        "layouts/mini/faces.toml:2: layouts.card.boxes.body.text: {% include %} on its line 2 "
        + READS,
    )


def test_a_card_text_that_reads_another_file_is_refused_as_a_breach(project, cli):
    cards = project / "catalog" / "mini" / "cards.csv"
    cards.write_text(
        cards.read_text(encoding="utf-8").replace("Heal 2.", '"{% include ""../../x"" %}"'),
        encoding="utf-8",
    )
    result = cli("--root", str(project), "build", "--jobs", "1", "--only", "svg")
    _check(
        result,
        project,
        "catalog/mini/cards.csv:5: text: the text tried something templates may not do: "
        "{% include %}, {% import %} and {% extends %} read other template files, which only "
        "the downloads page's templates may do",
    )
