"""`check --mutate` edits the places the word edits do not reach: a deck name on a card
back, an icon's legend label, a phase's rule moved under another heading, a number a
template computes from one term fewer. Such edits of Vortex are made and judged by the
real check, and caught, at their place: by default the first of each kind and every third
(`STEP`), with CARDSTOCK_FULL=1 every one."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import FULL
from helpers_edits import games_copy, judged

from cardstock.catalog.load import load_games
from cardstock.rules.model import load_rules
from cardstock.rules.mutation.placed import placed_edits
from cardstock.rules.player_texts import game_files

GAME = "vortex"
STEP = 1 if FULL else 3  # every STEP-th edit judged, and the first of each kind


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("placed"), [GAME])


def test_every_back_legend_heading_and_arithmetic_edit_of_vortex_is_caught(
    project: Path,
) -> None:
    catalogs, issues = load_games(project, [GAME], load_rules)
    assert not issues.errors
    sources = game_files(catalogs[0])
    chosen = placed_edits(catalogs[0], sources)
    kinds = {e.kind for e in chosen}
    assert kinds == {"back", "legend", "heading", "arithmetic"}
    firsts = {id(next(e for e in chosen if e.kind == k)) for k in kinds}
    chosen = [e for i, e in enumerate(chosen) if i % STEP == 0 or id(e) in firsts]
    report = judged(project, GAME, chosen, sources.texts, runs=1)
    assert {o.edit.kind for o in report.outcomes} == kinds
    assert [o.edit.describe() for o in report.outcomes if not o.caught] == []
    back = next(o for o in report.outcomes if o.edit.kind == "back")
    assert back.edit.at == f"catalog/{GAME}/game.toml:146"
    assert any(f.part == "backs" for f in back.found)
    sum_ = next(o for o in report.outcomes if o.edit.kind == "arithmetic")
    assert sum_.edit.at == f"layouts/{GAME}/rulebook.md.j2:10"
    assert sum_.edit.after == "per_colour + frenzies_dealt"
    assert any(f.part == "facts" and "has 36" in f.text for f in sum_.found)
