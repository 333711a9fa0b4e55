"""A face is laid out again when something it reads changes, and only then: its key hashes
the game's files and the layouts, but not the files no face reads. Writing the rulebook,
signing the game's texts, editing its rules or translating it into another language keeps
every face laid out; an edit of the faces' layout or the game file lays them out again,
an edit of a translation lays out the faces in its language, and a reference card, which
reads the rules through its quick reference's text, is laid out again when that text
changes."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from conftest import copy_project, load_games

from cardstock.layout.faces import Faces

GAME = "alpha-omega-tiles"


def common_key(root: Path, game: str = GAME, lang: str | None = None) -> str:
    (catalog,), issues = load_games(root, [game])
    assert not issues.errors
    return Faces(replace(catalog, lang=lang)).common_key()[0]


def face_keys(root: Path) -> dict[tuple[str, str], bytes]:
    """The input key of each face of the tiles game, by component id and side."""
    (catalog,), issues = load_games(root, [GAME])
    assert not issues.errors
    faces = Faces(catalog)
    return {
        (c.id, side): faces.key(faces.records.of(c), side, False)
        for c in catalog.components
        for side in ("front", "back")
    }


def appended(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


@pytest.mark.parametrize(
    "edited",
    [
        f"layouts/{GAME}/rulebook.md.j2",  # the rulebook's template
        f"catalog/{GAME}/rules.toml",  # the game's rules: only through a reference's text
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
        "layouts/default.toml",
    ],
)
def test_an_edit_a_face_may_read_lays_the_faces_out_again(tmp_path, edited):
    root = copy_project(tmp_path, (GAME, "vortex"))
    before = common_key(root)
    appended(root / edited, "\n# an edit\n")
    assert common_key(root) != before


def test_a_translation_is_read_by_the_faces_of_its_own_language_alone(tmp_path):
    root = copy_project(tmp_path, ("atmosfear",))
    folder = root / "catalog" / "atmosfear" / "translations"
    before = {lang: common_key(root, "atmosfear", lang) for lang in (None, "fr")}
    appended(folder / "fr.po", "\n# an edit\n")
    after = {lang: common_key(root, "atmosfear", lang) for lang in (None, "fr")}
    assert after[None] == before[None]  # the game's own faces read no translation
    assert after["fr"] != before["fr"]
    (folder / "de.po").write_text('msgid ""\nmsgstr ""\n', encoding="utf-8")
    (folder / "messages.pot").write_text('msgid ""\nmsgstr ""\n', encoding="utf-8")
    assert common_key(root, "atmosfear", "fr") == after["fr"]


def test_a_rules_edit_lays_out_again_the_reference_sides_that_print_it_and_no_other_face(
    tmp_path,
):
    root = copy_project(tmp_path, (GAME,))
    before = face_keys(root)
    rules = root / "catalog" / GAME / "rules.toml"
    text = rules.read_text(encoding="utf-8")
    fact = 'id = "score-every-neighbour"\n'  # a fact the scoring side prints
    value = text.index('value = "every"', text.index(fact))
    rules.write_text(text[:value] + 'value = "each"' + text[value + len('value = "every"') :])
    after = face_keys(root)
    changed = {at for at in before if before[at] != after[at]}
    (catalog,), _ = load_games(root, [GAME])
    kinds = {c.id: c.kind for c in catalog.components}
    assert changed, "no face prints the edited fact"
    assert {kinds[cid] for cid, _ in changed} == {"reference"}
