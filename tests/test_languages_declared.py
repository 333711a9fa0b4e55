"""A build learns each game's languages from its game file (`catalog.languages.declared`)
before it loads anything, and asks several times: the file is read once while it is
unchanged, afresh once it is rewritten, and never kept when it changed so recently that
another write in the same tick of the clock could go unseen (git's racily clean rule)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardstock.catalog import languages


def game_file(root: Path, text: str) -> None:
    folder = root / "catalog" / "moon"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.toml").write_text(text, encoding="utf-8")


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The game files `declared` reads, in order."""
    seen: list[Path] = []
    real = languages.read_toml

    def counting(path: Path, *args: Any) -> Any:
        seen.append(path)
        return real(path, *args)

    monkeypatch.setattr(languages, "read_toml", counting)
    languages._DECLARED.clear()
    return seen


def test_an_unchanged_game_file_is_read_once(tmp_path, reads, monkeypatch):
    monkeypatch.setattr(languages, "SETTLED_NS", -(10**15))  # every file counts as settled
    game_file(tmp_path, 'id = "moon"\nlanguage = "en"\nlanguages = ["de", "fr"]\n')
    first = languages.declared(tmp_path, "moon")
    first[1].append("xx")  # what a caller does with the list is its own
    assert languages.declared(tmp_path, "moon") == ("en", ["de", "fr"])
    assert len(reads) == 1


def test_a_rewritten_game_file_is_read_again(tmp_path, reads, monkeypatch):
    monkeypatch.setattr(languages, "SETTLED_NS", -(10**15))
    game_file(tmp_path, 'id = "moon"\nlanguage = "en"\n')
    assert languages.declared(tmp_path, "moon") == ("en", [])
    game_file(tmp_path, 'id = "moon"\nlanguage = "de"\nlanguages = ["en"]\n')
    assert languages.declared(tmp_path, "moon") == ("de", ["en"])
    assert len(reads) == 2


def test_a_game_file_changed_just_now_is_not_kept(tmp_path, reads, monkeypatch):
    monkeypatch.setattr(languages, "SETTLED_NS", 10**18)  # nothing counts as settled
    game_file(tmp_path, 'id = "moon"\nlanguage = "en"\n')
    languages.declared(tmp_path, "moon")
    languages.declared(tmp_path, "moon")
    assert len(reads) == 2
