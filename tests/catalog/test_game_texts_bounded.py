"""The game file's texts that are typeset or drawn on their own, outside the rendered
rulebook's bounds (`books.bounds`) and a table cell's, are bounded where they are written:
the game's `description` and each `credits` line (the rulebook's cover sets each as a
paragraph) at `catalog.schema.MAX_DESCRIPTION` characters, `MOST_CREDITS` lines; a set's
`description` (its glossary meaning) likewise; the short names printed whole (a set's
`name` and `one`, a back's `title` and `subtitle`, an icon's `label`) at `MAX_TITLE`, a
field's `label` at `catalog.fields.MAX_LABEL`. Past a bound: one message at the key's line,
exit 2, nothing written. (A description of 250,000 characters kept `cardstock check`
typesetting the cover for 20 s; the 4 MB a TOML file may hold would take hours.)"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES
from helpers_bounds import bounded_command

from cardstock.catalog.fields import MAX_LABEL
from cardstock.catalog.schema import MAX_DESCRIPTION, MAX_TITLE, MOST_CREDITS

GAME = Path("catalog") / "mini" / "game.toml"
SHOWN = "catalog/mini/game.toml"


def _project(tmp_path: Path, edits: list[tuple[str, str]]) -> Path:
    root = tmp_path / "project"
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    path = root / GAME
    text = path.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text, "utf-8")
    return root


def _line(root: Path, start: str) -> int:
    lines = (root / GAME).read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if line.startswith(start))


TOP = 'title = "Mini"\n'  # the game's title: the keys of the game itself go after it
# each key: where it is written (the text replaced, with {} for its value), the line it is
# on, the field a message names, and its bound
KEYS = [
    (TOP, TOP + 'description = "{}"\n', "description = ", "description", MAX_DESCRIPTION),
    (TOP, TOP + 'credits = ["Design: Ada", "{}"]\n', "credits = ", "credits[1]", MAX_DESCRIPTION),
    ('name = "Cards"\n', 'name = "{}"\n', 'name = "', "sets[0].name", MAX_TITLE),
    ('name = "Cards"\n', 'name = "Cards"\none = "{}"\n', "one = ", "sets[0].one", MAX_TITLE),
    (
        'name = "Cards"\n',
        'name = "Cards"\ndescription = "{}"\n',
        "description = ",
        "sets[0].description",
        MAX_DESCRIPTION,
    ),
    ('title = "Mini"\ncolor', 'title = "{}"\ncolor', 'title = "', "backs.deck.title", MAX_TITLE),
    (
        'title = "Mini"\ncolor',
        'title = "Mini"\nsubtitle = "{}"\ncolor',
        "subtitle = ",
        "backs.deck.subtitle",
        MAX_TITLE,
    ),
    ('label = "Fire"', 'label = "{}"', 'label = "', "icons.fire.label", MAX_TITLE),
    (
        'fields.text = { type = "text" }',
        'fields.text = { type = "text", label = "{}" }',
        "fields.text = ",
        "sets[0].fields.text.label",
        MAX_LABEL,
    ),
]


def _written(old: str, new: str, value: str) -> list[tuple[str, str]]:
    return [(old, new.replace("{}", value))]


class TestTextsOfTheGameFile:
    @pytest.mark.parametrize(("old", "new", "start", "field", "most"), KEYS)
    def test_a_text_one_past_its_bound_is_refused_at_its_line(
        self, cli, tmp_path, old, new, start, field, most
    ):
        root = _project(tmp_path, _written(old, new, "w" * (most + 1)))
        result = cli("--root", str(root), "build")
        assert result.code == 2, result.err
        # a back's title is found by its value: the game's own title comes first
        found = start + "w" if start == 'title = "' else start
        where = f"{SHOWN}:{_line(root, found)}: "
        said = (
            f"{field}: expected a text of at most {most} characters (cardstock's limit), "
            f"got {most + 1:,}"
        )
        assert where + said in result.err, result.err
        assert result.err.count(said) == 1, result.err
        assert not (root / "output").exists()

    @pytest.mark.parametrize(("old", "new", "start", "field", "most"), KEYS)
    def test_a_text_as_long_as_its_bound_is_read(self, cli, tmp_path, old, new, start, field, most):
        root = _project(tmp_path, _written(old, new, "w" * most))
        result = cli("--root", str(root), "list")
        assert result.code == 0, result.err

    def test_more_credits_lines_than_the_bound_are_refused_at_the_line(self, cli, tmp_path):
        listed = ", ".join(f'"Playtester {i}"' for i in range(MOST_CREDITS + 1))
        root = _project(tmp_path, [(TOP, TOP + f"credits = [{listed}]\n")])
        result = cli("--root", str(root), "build")
        assert result.code == 2, result.err
        assert (
            f"{SHOWN}:{_line(root, 'credits = ')}: credits: expected at most {MOST_CREDITS} "
            f"entries (cardstock's limit), got {MOST_CREDITS + 1}"
        ) in result.err, result.err
        assert not (root / "output").exists()

    def test_as_many_credits_lines_as_the_bound_are_read(self, cli, tmp_path):
        listed = ", ".join(f'"Playtester {i}"' for i in range(MOST_CREDITS))
        root = _project(tmp_path, [(TOP, TOP + f"credits = [{listed}]\n")])
        assert cli("--root", str(root), "list").code == 0

    def test_a_description_of_250_000_characters_is_refused_within_a_hostile_build_s_bounds(
        self, tmp_path
    ):
        root = _project(tmp_path, [(TOP, TOP + 'description = "' + "word " * 50_000 + '"\n')])
        checked = bounded_command(root, "check")
        assert checked.code == 2, checked.err
        assert (
            f"{SHOWN}:{_line(root, 'description = ')}: description: expected a text of at "
            f"most {MAX_DESCRIPTION} characters (cardstock's limit), got 250,000"
        ) in checked.err, checked.err
