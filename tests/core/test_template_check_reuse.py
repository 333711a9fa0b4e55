"""A template file's check walks the tree of each text once a process: a `--watch`
process that checks the same rulebook on every rebuild reads what it names from the walk
it kept. The walk is kept by the text itself: an edited template is walked again, and
what the edit names wrongly is found on the check after the edit. The problems are the
same as a first check's, in a process that never saw the text."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardstock.core import templating
from cardstock.core.templating import BoundedSandbox, check_template, environment

NAMES = {"game", "count"}


@pytest.fixture
def walks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of tree walks, one entry a walk; the process's environment a new one."""
    made: list[int] = []
    walk = templating._read_of

    def counted(ast: object) -> object:
        made.append(1)
        return walk(ast)  # type: ignore[arg-type]

    monkeypatch.setattr(templating, "_read_of", counted)
    monkeypatch.setattr(templating, "_PLAIN", None)
    return made


def _check(path: Path) -> list[tuple[int | None, str]]:
    return [(i.line, i.message) for i in check_template(path, "t.md.j2", NAMES, "rulebook", path)]


def test_an_unchanged_template_is_walked_once(tmp_path: Path, walks: list[int]) -> None:
    path = tmp_path / "t.md.j2"
    path.write_text("# {{ game.title }}\n\n{{ count('card') }} cards\n", encoding="utf-8")
    assert _check(path) == []
    assert _check(path) == []
    assert len(walks) == 1


def test_an_edited_template_is_walked_again_and_its_new_name_found(
    tmp_path: Path, walks: list[int]
) -> None:
    path = tmp_path / "t.md.j2"
    path.write_text("# {{ game.title }}\n", encoding="utf-8")
    assert _check(path) == []
    path.write_text("# {{ game.title }}\n\n{{ gmae.players }}\n", encoding="utf-8")
    found = _check(path)
    assert len(walks) == 2
    assert [line for line, _ in found] == [3]
    assert "'gmae'" in found[0][1]


def test_a_kept_walk_finds_what_a_first_walk_finds(tmp_path: Path, walks: list[int]) -> None:
    path = tmp_path / "t.md.j2"
    text = "{% include 'x.j2' %}\n{% set n = 2 %}{{ n }} {{ nope }} {{ game }}\n"
    path.write_text(text, encoding="utf-8")
    first = _check(path)
    again = _check(path)
    templating._PLAIN = environment()  # a process that never read the text
    fresh = _check(path)
    assert first == again == fresh
    assert [line for line, _ in first] == [1, 2]
    assert isinstance(templating._PLAIN, BoundedSandbox)
