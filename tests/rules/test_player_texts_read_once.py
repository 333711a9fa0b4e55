"""The texts a player reads are gathered for the rules check from the game's files, each
file read once, so a file's regions and its text always agree. A file that went away after
the build read it (an editor's save under `--watch`: delete, then write again) is left out
of that check instead of ending the build; the next build reads it again."""

from __future__ import annotations

from pathlib import Path

from cardstock.core.cache import open_cache
from cardstock.init import init_project
from cardstock.rules import player_texts
from cardstock.rules.player_texts import game_files
from cardstock.rules.provenance.texts import texts
from cardstock.validate import validate

GAME = "moon-race"


def starter(tmp_path: Path):
    root = tmp_path / GAME
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    found = validate(root, [GAME], open_cache(tmp_path / "cache"))
    assert not found.issues.errors
    return found.catalogs[0]


def test_each_file_is_read_once_and_its_regions_come_from_that_text(tmp_path, monkeypatch):
    catalog = starter(tmp_path)
    reads: list[Path] = []
    real = player_texts.read_text
    monkeypatch.setattr(
        player_texts, "read_text", lambda path, root, **k: reads.append(path) or real(path, root)
    )
    sources = game_files(catalog)
    assert sources.regions and sources.tables
    assert len(reads) == len(set(reads))
    for r in sources.regions:
        assert sources.texts[r.path][r.start : r.end] == r.text


def test_a_table_gone_since_the_read_is_left_out_of_the_check(tmp_path):
    catalog = starter(tmp_path)
    tables = {path for path, _, _ in game_files(catalog).tables}
    assert tables
    for path in tables:
        path.unlink()
    sources = game_files(catalog)
    assert not sources.tables and not tables & set(sources.texts)
    assert not any(r.path in tables for r in sources.regions)
    assert texts(catalog)  # the other files' texts are still checked
