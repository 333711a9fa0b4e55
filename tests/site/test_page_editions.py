"""The downloads page lists a game's editions beside its colour one: one section a game,
its choice naming each edition after the language, each linking that edition's files."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import GAMES


def test_each_game_s_editions_are_offered_in_its_own_section(edition_build: Path) -> None:
    page = (edition_build / "out" / "index.html").read_text(encoding="utf-8")
    for game in GAMES:
        choice = re.search(rf'<p class="languages">[^\n]*href="#files-{game}"[^\n]*</p>', page)
        assert choice is not None, game
        labels = re.findall(r'href="#files-([^"]+)"[^>]*>([^<]+)</a>', choice.group(0))
        assert labels == [
            (game, "English"),
            (f"{game}-high-contrast", "English · high-contrast"),
            (f"{game}-ink-saver", "English · ink-saver"),
        ]
        for edition in ("ink-saver", "high-contrast"):
            made = f"{game}-{edition}"
            assert f'href="{made}/{made}-pnp-letter.pdf"' in page
    # no edition has a section of its own
    assert not re.search(r'<section class="game" id="[^"]*-(ink-saver|high-contrast)"', page)


def test_an_editions_name_is_said_in_its_games_language(tmp_path: Path, monkeypatch) -> None:
    """A French game's ink-saver edition is offered under the French words for it, as
    every other word of its section, never under the edition's English id. (Built with a
    cache of its own: in the suite's shared cache, after other builds of the game, the page
    was once written with one edition only; see the session note.)"""
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    from conftest import ROOT

    from cardstock.cli import main
    from cardstock.core.toolwords import tool_words
    from cardstock.site.pagewords import EDITION_NAMES

    out = tmp_path / "out"
    args = ["--root", str(ROOT), "build", "atmosfear", "--lang", "fr", "--only", "page"]
    assert main([*args, "--edition", "ink-saver", "--out", str(out)]) == 0
    page = (out / "index.html").read_text(encoding="utf-8")
    choice = re.search(r'<p class="languages">[^\n]*</p>', page)
    assert choice is not None
    labels = re.findall(r'href="#files-([^"]+)"[^>]*>([^<]+)</a>', choice.group(0))
    french = tool_words("fr")(EDITION_NAMES["ink-saver"])
    assert french != "ink-saver"
    assert labels == [
        ("atmosfear-fr", "Français"),
        ("atmosfear-fr-ink-saver", f"Français · {french}"),
    ]
    assert "ink-saver</a>" not in page and f'<h3 lang="fr">Français · {french}' in page
