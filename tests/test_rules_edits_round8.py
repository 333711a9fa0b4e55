"""An eighth reviewer's round of seed-breaking edits (issue #42).

First, the five rulebook sentences the seventh round left escaping, each now a rule fact the
template renders, so a retyped sentence fails naming the fact, its source line and both
values: who leads after The Black Hole, a Zealot whose bluff is exposed, the element of a
covered space, how the Objective is had, where the ring's leftover tiles go.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import GAMES
from helpers_edits import games_copy
from test_rules_edits_reviewer import Edit, _q, assert_caught

pytestmark = pytest.mark.needs_seeds

AOC, AOT, AE, ATM, VX = GAMES

EDITS = [
    # the seventh round's survivors: a template sentence retyped around a rule fact
    Edit(
        "atm-the-chosen-one-leads-after-a-black-hole",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "{{ leads }} it leads the next trick",
        "the Chosen One leads the next trick",
        "whoever swallows a trick with The Black Hole leads the next one",
        105,
        _q("whoever swallows"),
        _q("the Chosen One"),
    ),
    Edit(
        "vx-an-exposed-bluff-turns-the-zealot-back",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "A Zealot {{ stays }} a Zealot even when its bluff is exposed.",
        "A Zealot turns back into a plain Devotee when its bluff is exposed.",
        "a Zealot whose bluff is exposed is still a Zealot",
        60,
        _q("stays"),
        _q("turns back"),
    ),
    Edit(
        "aot-a-covered-space-keeps-its-old-element",
        AOT,
        f"layouts/{AOT}/rulebook.md.j2",
        "which then counts as the {{ new }} element",
        "which still counts as its old element",
        "a space a Transformation tile covers counts as the new tile's element",
        41,
        _q("new"),
        _q("old"),
    ),
    Edit(
        "aoc-the-objective-picked-at-random",
        AOC,
        f"layouts/{AOC}/rulebook.md.j2",
        "{{ choose }} an {{ obj }} card and",
        "Pick an {{ obj }} card at random and",
        "the players choose the Objective they play towards",
        46,
        _q("choose"),
        _q("at random"),
    ),
    Edit(
        "aoc-quickref-the-objective-picked-at-random",
        AOC,
        f"layouts/{AOC}/quickref/scoring.md.j2",
        "{{ choose }} an {{ obj }},",
        "pick an {{ obj }} at random,",
        "the players choose the Objective they play towards",
        46,
        _q("choose"),
        _q("at random"),
    ),
    Edit(
        "aot-the-rings-leftovers-back-in-the-box",
        AOT,
        f"layouts/{AOT}/rulebook.md.j2",
        "then shuffle the tiles you put aside back into the {{ deck }}",
        "then put the tiles you put aside back in the box",
        "the tiles put aside while the ring is drawn are shuffled back into the deck",
        69,
        _q("deck"),
        _q("box"),
    ),
]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("round8-edits"), GAMES)


@pytest.mark.parametrize("e", EDITS, ids=[e.id for e in EDITS])
def test_an_eighth_round_edit_fails_naming_the_fact_its_source_line_and_both_values(
    project: Path, e: Edit, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert_caught(project, e, monkeypatch)
