"""A face is laid out again when something it reads changes, and only then: its key hashes
the game's files and the layouts, but not the files no face reads. Writing the rulebook
or signing the game's texts keeps every face laid out; an edit of the faces' layout, the
game file or the rules (a card may render a fact) lays them out again."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import copy_project, load_games

from cardstock.layout.faces import Faces

GAME = "alpha-omega-tiles"


def common_key(root: Path) -> str:
    (catalog,), issues = load_games(root, [GAME])
    assert not issues.errors
    return Faces(catalog).common_key()[0]


def appended(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


@pytest.mark.parametrize(
    "edited",
    [
        f"layouts/{GAME}/rulebook.md.j2",  # the rulebook's template
        f"catalog/{GAME}/signed.toml",  # the game's signed texts
        "layouts/vortex/rulebook.md.j2",  # another game's rulebook
    ],
)
def test_an_edit_no_face_reads_keeps_the_faces_laid_out(tmp_path, edited):
    root = copy_project(tmp_path, (GAME, "vortex"))
    before = common_key(root)
    appended(root / edited, "\n# an edit\n")
    assert common_key(root) == before


@pytest.mark.parametrize(
    "edited",
    [
        f"layouts/{GAME}/faces.toml",
        f"catalog/{GAME}/game.toml",
        f"catalog/{GAME}/rules.toml",
        "layouts/default.toml",
    ],
)
def test_an_edit_a_face_may_read_lays_the_faces_out_again(tmp_path, edited):
    root = copy_project(tmp_path, (GAME, "vortex"))
    before = common_key(root)
    appended(root / edited, "\n# an edit\n")
    assert common_key(root) != before
