"""`check --mutate` edits the places the word edits do not reach: a deck name on a card
back, an icon's legend label, a phase's rule moved under another heading. Each such edit
of Vortex is made and judged by the real check, and caught, at its place."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_edits import games_copy, judged

from cardstock.catalog.load import load_games
from cardstock.rules.model import load_rules
from cardstock.rules.mutation.placed import placed_edits
from cardstock.rules.player_texts import game_files

GAME = "vortex"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("placed"), [GAME])


def test_every_back_legend_and_heading_edit_of_vortex_is_caught(project: Path) -> None:
    catalogs, issues = load_games(project, [GAME], load_rules)
    assert not issues.errors
    sources = game_files(catalogs[0])
    chosen = placed_edits(catalogs[0], sources)
    kinds = {e.kind for e in chosen}
    assert kinds == {"back", "legend", "heading"}
    report = judged(project, GAME, chosen, sources.texts, runs=1)
    assert [o.edit.describe() for o in report.outcomes if not o.caught] == []
    back = next(o for o in report.outcomes if o.edit.kind == "back")
    assert back.edit.at == f"catalog/{GAME}/game.toml:146"
    assert any(f.part == "backs" for f in back.found)
