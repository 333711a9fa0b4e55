"""An edition is a game of its own to the pipeline, as a language is: its id is the game's
(in its language) with the edition's name after it, asked by `--edition` or listed by the
game file's `editions`; a name that is no edition is bad input on the command line."""

from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path

from conftest import ROOT

from cardstock.catalog.languages import build_games, colour_id
from cardstock.catalog.variants import load_with_languages
from cardstock.cli import main
from cardstock.layout.labels import layout_words


def test_each_game_and_language_gets_each_edition_asked() -> None:
    games, known, variants = build_games(ROOT, ["atmosfear"], "en,fr", "ink-saver")
    assert games == ["atmosfear", "atmosfear-ink-saver", "atmosfear-fr", "atmosfear-fr-ink-saver"]
    assert variants["atmosfear-fr-ink-saver"] == ("atmosfear-fr", "ink-saver")
    assert set(games) <= set(known)


def test_without_an_edition_the_games_are_as_they_were() -> None:
    games, _, variants = build_games(ROOT, ["atmosfear"], "en,fr", None)
    assert games == ["atmosfear", "atmosfear-fr"]
    assert not any(v[1] == "ink-saver" for v in variants.values())


def test_an_edition_is_the_catalog_in_its_language_with_its_edition_set() -> None:
    _, _, variants = build_games(ROOT, [], "fr", "high-contrast")
    catalogs, issues = load_with_languages(
        ROOT, ["atmosfear-fr-high-contrast"], None, variants, layout_words
    )
    assert not issues.errors
    (cat,) = catalogs
    assert (cat.id, cat.lang, cat.edition, colour_id(cat)) == (
        "atmosfear-fr-high-contrast",
        "fr",
        "high-contrast",
        "atmosfear-fr",
    )


def test_the_game_file_s_editions_are_made_by_every_build(tmp_path: Path) -> None:
    root = tmp_path / "project"
    shutil.copytree(ROOT / "catalog" / "vortex", root / "catalog" / "vortex")
    game = root / "catalog" / "vortex" / "game.toml"
    text = game.read_text(encoding="utf-8")
    game.write_text('editions = ["ink-saver"]\n' + text, encoding="utf-8")
    games, _, _ = build_games(root, [], None, None)
    assert games == ["vortex", "vortex-ink-saver"]


def test_an_edition_that_is_none_is_bad_input_and_nothing_is_written(tmp_path: Path) -> None:
    err = io.StringIO()
    out = tmp_path / "out"
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(
            ["--root", str(ROOT), "build", "vortex", "--edition", "sepia", "--out", str(out)]
        )
    assert code == 2
    assert "command line: --edition: unknown edition(s) sepia" in err.getvalue()
    assert "Traceback" not in err.getvalue()
    assert not out.exists() or not any(out.iterdir())
