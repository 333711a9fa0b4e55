"""The layouts cardstock ships are parsed once and kept, parsed, in the user cache under a
hash of their bytes: a later process reads them back, a changed file is parsed again, and a
project's own files are never kept there (a cold build parses the game's content afresh).
Within one process a file read twice is parsed once, and every reader gets its own copy."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardstock import project, tomlpos
from conftest import ROOT


def counts() -> tuple[int, int, int]:
    s = tomlpos.READ_STATS
    return s.parsed, s.remembered, s.cached


def delta(before: tuple[int, int, int]) -> tuple[int, int, int]:
    now = counts()
    return now[0] - before[0], now[1] - before[1], now[2] - before[2]


def new_process() -> None:
    """What a new process starts with: nothing remembered in memory."""
    tomlpos.forget()


@pytest.fixture
def shipped(tmp_path, monkeypatch) -> Path:
    """A copy of the shipped layouts standing in for cardstock's own, and an empty user cache."""
    folder = tmp_path / "shipped"
    shutil.copytree(ROOT / "layouts", folder, ignore=shutil.ignore_patterns("alpha*", "alter*", "atmos*", "vortex"))
    monkeypatch.setattr(project, "shipped_layouts", lambda: folder)
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    new_process()
    yield folder
    new_process()


def test_a_shipped_layout_is_parsed_once_then_read_back_by_a_new_process(shipped, tmp_path):
    path = shipped / "default.toml"
    before = counts()
    (data, lines), problem = tomlpos.read_toml(path, "cardstock:layouts/default.toml")
    assert problem is None
    assert delta(before) == (1, 0, 0)
    assert len(list((tmp_path / "cache" / "toml").glob("*.marshal"))) == 1

    new_process()
    before = counts()
    (again, again_lines), _ = tomlpos.read_toml(path, "cardstock:layouts/default.toml")
    assert delta(before) == (0, 0, 1)  # read back from the user cache, not parsed
    assert again == data and again_lines == lines
    # what was read back is what parsing gives: a key's line is the line that names it
    text = path.read_text(encoding="utf-8").splitlines()
    some = next(k for k in lines if len(k) == 2 and isinstance(k[1], str))
    assert some[1] in text[lines[some] - 1]


def test_a_changed_shipped_layout_is_parsed_again(shipped):
    path = shipped / "sheets" / "cards.toml"
    (data, _), _ = tomlpos.read_toml(path, "cardstock:layouts/sheets/cards.toml")
    text = path.read_text(encoding="utf-8")
    path.write_text(text + '\n[changed]\nnote = "a new table"\n', encoding="utf-8")

    new_process()
    before = counts()
    (changed, lines), _ = tomlpos.read_toml(path, "cardstock:layouts/sheets/cards.toml")
    assert delta(before) == (1, 0, 0)
    assert changed["changed"] == {"note": "a new table"}
    assert lines[("changed", "note")] == len(text.splitlines()) + 3
    assert {k: v for k, v in changed.items() if k != "changed"} == data


def test_a_projects_own_files_are_never_kept_in_the_user_cache(shipped, tmp_path):
    own = tmp_path / "project" / "catalog" / "g" / "game.toml"
    own.parent.mkdir(parents=True)
    own.write_text('id = "g"\ntitle = "G"\n', encoding="utf-8")
    tomlpos.read_toml(own, "catalog/g/game.toml")
    assert not (tmp_path / "cache" / "toml").exists()

    new_process()
    before = counts()
    (data, _), _ = tomlpos.read_toml(own, "catalog/g/game.toml")
    assert delta(before) == (1, 0, 0)  # parsed again in the new process
    assert data == {"id": "g", "title": "G"}


def test_one_process_parses_a_file_once_and_each_reader_gets_its_own_copy(shipped, tmp_path):
    own = tmp_path / "rules.toml"
    own.write_text('[limits]\nhand = 7\nnames = ["a", "b"]\nwhen = 2024-05-01\n', encoding="utf-8")
    path = shipped / "symbols.toml"
    before = counts()
    (first, _), _ = tomlpos.read_toml(path, "s")
    first.clear()  # a reader that changes what it got
    (second, _), _ = tomlpos.read_toml(path, "s")
    assert delta(before) == (1, 1, 0)
    assert second and second != first

    # a file with a date cannot be kept as it is: it is parsed each time, and read right
    for _ in range(2):
        (dated, _), _ = tomlpos.read_toml(own, "rules.toml")
        assert dated["limits"]["hand"] == 7 and str(dated["limits"]["when"]) == "2024-05-01"


def test_broken_toml_still_reads_as_an_issue_with_its_line(shipped):
    path = shipped / "default.toml"
    path.write_text(path.read_text(encoding="utf-8") + "\n[broken\n", encoding="utf-8")
    for _ in range(2):
        read, problem = tomlpos.read_toml(path, "cardstock:layouts/default.toml")
        assert read is None
        assert problem.render().startswith("cardstock:layouts/default.toml:")
        assert "not valid TOML" in problem.render()
