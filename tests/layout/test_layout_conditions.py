"""A face layout's `when` that compares a choice field with a value none of its choices is
bad input at the `when`'s line, before any face is drawn: `==` never holds and `!=` always
does. A value that is one of the choices, a field that is no choice field and a name that
is no field are left alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import load_games

from cardstock.init import init_project
from cardstock.layout.checks.conditions import unknown_choices
from cardstock.layout.language.load import load_layouts, shared_files

GAME = "moon-race"
FACES = f"layouts/{GAME}/faces.toml"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("conditions") / GAME
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    return root


def found(root: Path, when: str) -> list[str]:
    """What the check finds with `when` on the starter's card title."""
    faces = root / FACES
    kept = faces.read_text(encoding="utf-8")
    try:
        faces.write_text(kept + f'\n[layouts.card.boxes.title]\nwhen = "{when}"\n', "utf-8")
        (catalog,), issues = load_games(root, [GAME])
        assert not issues.errors
        ls = load_layouts(root, GAME, shared_files(catalog))
        return [i.render() for i in unknown_choices(catalog, ls)]
    finally:
        faces.write_text(kept, encoding="utf-8")


def test_a_value_none_of_the_choices_is_bad_input_at_the_whens_line(project: Path) -> None:
    line = len((project / FACES).read_text(encoding="utf-8").splitlines()) + 3
    assert found(project, "suit == 'Star'") == [
        f"{FACES}:{line}: layouts.card.boxes.title.when: compares suit with 'Star', which is "
        "none of its choices (Sun, Moon): the condition never holds"
    ]
    (flipped,) = found(project, "'Star' != suit")
    assert flipped.endswith("the condition always holds")
    (listed,) = found(project, "suit in ['Sun', 'Comet'] and power > 2")
    assert "compares suit with 'Comet'" in listed


def test_a_choice_a_plain_field_and_an_unknown_name_are_left_alone(project: Path) -> None:
    assert found(project, "suit == 'Moon' or suit != 'Sun'") == []
    assert found(project, "text == 'Star'") == []  # a text field takes any value
    assert found(project, "colour == 'Star'") == []  # no such field: reported elsewhere


def test_the_check_refuses_the_game_with_exit_2(project: Path) -> None:
    from cardstock.cli import main

    faces = project / FACES
    kept = faces.read_text(encoding="utf-8")
    try:
        faces.write_text(
            kept + "\n[layouts.card.boxes.title]\nwhen = \"suit == 'Star'\"\n", "utf-8"
        )
        assert main(["--root", str(project), "check", GAME, "--only", "counts"]) == 2
    finally:
        faces.write_text(kept, encoding="utf-8")
