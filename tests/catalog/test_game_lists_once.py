"""A language, an edition or a paper the game file lists is a build of its own: each is
listed once, and one listed twice is refused at its list's line, naming it (`schema.once`),
exit 2, nothing made in any language. (Sixty `"de"` in `languages` were each a full build:
733 parts written for 4 distinct outputs.)"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES

GAME = Path("catalog") / "mini" / "game.toml"
SHOWN = "catalog/mini/game.toml"
TOP = 'title = "Mini"\n'


def _project(tmp_path: Path, old: str, new: str) -> Path:
    root = tmp_path / "project"
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    path = root / GAME
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), "utf-8")
    return root


def _line(root: Path, start: str) -> int:
    lines = (root / GAME).read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if line.startswith(start))


PRINT = '[print]\ncard_size = "poker"\n'
# each list: where it is written (with {} for its items), the key a message names, and
# the item it repeats
LISTS = [
    (TOP, TOP + "languages = [{}]\n", "languages", "language", ["de", "fr", "de"]),
    (TOP, TOP + "languages = [{}]\n", "languages", "language", ["de"] * 60),
    (TOP, TOP + "languages = [{}]\n", "languages", "language", ["pt-BR", "de", "pt-br"]),
    (TOP, TOP + "editions = [{}]\n", "editions", "edition", ["ink-saver", "ink-saver"]),
    (PRINT, PRINT + "papers = [{}]\n", "print.papers", "paper", ["a4", "letter", "a4"]),
]


def _listed(items: list[str]) -> str:
    return ", ".join(f'"{x}"' for x in items)


def _once(items: list[str]) -> tuple[list[str], str | None]:
    """The items each listed once (a case apart is the same item), and the first repeat."""
    kept: dict[str, str] = {}
    repeat = None
    for x in items:
        if x.casefold() in kept:
            repeat = repeat or x
        else:
            kept[x.casefold()] = x
    return list(kept.values()), repeat


class TestRepeatedBuilds:
    @pytest.mark.parametrize(("old", "new", "field", "what", "items"), LISTS)
    def test_an_item_listed_twice_is_refused_at_its_line(
        self, cli, tmp_path, old, new, field, what, items
    ):
        root = _project(tmp_path, old, new.replace("{}", _listed(items)))
        result = cli("--root", str(root), "build")
        assert result.code == 2, result.err
        key = field.rsplit(".", 1)[-1]
        repeat = _once(items)[1]
        said = (
            f"{SHOWN}:{_line(root, key + ' = ')}: {field}: the {what} {repeat!r} is listed "
            f"twice; list each {what} once"
        )
        assert said in result.err, result.err
        assert result.err.count(f": {field}: ") == 1, result.err
        assert not (root / "output").exists()

    @pytest.mark.parametrize(("old", "new", "field", "what", "items"), LISTS)
    def test_each_item_listed_once_is_read(self, cli, tmp_path, old, new, field, what, items):
        root = _project(tmp_path, old, new.replace("{}", _listed(_once(items)[0])))
        result = cli("--root", str(root), "list")
        assert result.code == 0, result.err
