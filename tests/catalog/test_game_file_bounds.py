"""What a game file says once but a build repeats is bounded where it is written: the
game's title (its backs, footers and pages print it whole) holds at most
`catalog.schema.MAX_TITLE` characters, and the languages it ships at most
`core.language.MOST_LANGUAGES` (each is a build of its own). Past either: one located
message, exit 2, nothing made in any language, within a hostile build's bounds."""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path

from conftest import FIXTURES
from helpers_bounds import bounded_build

from cardstock.catalog.schema import MAX_TITLE
from cardstock.core.language import MOST_LANGUAGES

GAME = Path("catalog") / "mini" / "game.toml"


def _project(tmp_path: Path, title: str = "Mini", more: str = "") -> Path:
    root = tmp_path / "project"
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    path = root / GAME
    text = path.read_text(encoding="utf-8")
    assert 'title = "Mini"' in text
    path.write_text(text.replace('title = "Mini"', f'title = "{title}"{more}', 1), "utf-8")
    return root


def _line(root: Path, start: str) -> int:
    lines = (root / GAME).read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if line.startswith(start))


def test_a_title_as_long_as_the_bound_is_read(cli, tmp_path):
    root = _project(tmp_path, "T" * MAX_TITLE)
    result = cli("--root", str(root), "list")
    assert result.code == 0, result.err


def test_a_title_one_character_longer_is_refused_at_its_line(tmp_path):
    # Babel's placeholder word, repeated, once grew a translation file's header by the square
    root = _project(tmp_path, ("PROJECT" * 2800)[: 20 * MAX_TITLE])
    built = bounded_build(root)
    assert built.code == 2, built.err
    assert (
        f"catalog/mini/game.toml:{_line(root, 'title = ')}: title: expected a text of at most "
        f"{MAX_TITLE} characters (cardstock's limit), got {20 * MAX_TITLE:,}"
    ) in built.err, built.err
    assert not (root / "output").exists()


def test_more_languages_than_the_bound_are_refused_before_any_is_made(tmp_path):
    codes = ["".join(p) for p in itertools.product("abcdefghijklmnopqrstuvwxyz", repeat=2)]
    listed = ", ".join(f'"{c}"' for c in codes[:300])
    root = _project(tmp_path, more=f"\nlanguages = [{listed}]")
    built = bounded_build(root)
    assert built.code == 2, built.err
    assert (
        f"catalog/mini/game.toml:{_line(root, 'languages = ')}: languages: expected at most "
        f"{MOST_LANGUAGES} entries (cardstock's limit), got 300"
    ) in built.err, built.err
    assert built.err.count("languages: expected at most") == 1, built.err
    assert not (root / "output").exists()
