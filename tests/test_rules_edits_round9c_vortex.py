"""Seed-breaking edits of The Vortex's rulebook lines that once rendered a face-down,
face-up, revealed or first word through a `{% set %}` alias (issue #42).

Such a line rendered the value from a name set once at the top of the template, so the
words around it were held by no fact: retyping them passed the check. The check now reads
such a name as the value (`rendered_forms.unaliased`); each line also binds its fact in
its own `{% trans %}` header, and the fact's forms hold the clause (a Frenzy
laid face down beside a Devotee, the draw pile face down, the piles face up, a Frenzy
discarded once revealed). Each edit retypes the words around the value so that the line
contradicts the seed, and is caught naming the fact, its source line, the form the fact
states and the words the edited line says instead.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import GAMES
from helpers_edits import games_copy
from test_rules_edits_reviewer import Edit, assert_caught

pytestmark = pytest.mark.needs_seeds

VX = GAMES[4]
BOOK = f"layouts/{VX}/rulebook.md.j2"

EDITS = [
    Edit(
        "vx-frenzy-laid-beside-a-rivals-devotee",
        VX,
        BOOK,
        "are placed {{ hidden }} beside a Devotee and",
        "are placed {{ hidden }} beside a rival's Devotee and",
        "a Frenzy (or a bluff) is laid face down beside a Devotee, making it a Zealot",
        56,
        "cards are placed face down beside a Devotee",
        "beside a rival",
    ),
    Edit(
        "vx-deck-shuffled-into-the-discard-pile",
        VX,
        BOOK,
        "into a **draw pile**, {{ hidden }}, of",
        "into a **discard pile**, {{ hidden }}, of",
        "each player's draw pile lies face down",
        21,
        "into a draw pile, face down, of",
        "into a discard pile",
    ),
    Edit(
        "vx-draw-pile-face-up",
        VX,
        BOOK,
        "**Discard pile** ({{ shown }})",
        "**Draw pile** ({{ shown }})",
        "the field, the discard and Fearful piles and the turned Vortex cards lie face up",
        21,
        "from your hand face up in front of you",
        "draw pile",
    ),
    Edit(
        "vx-unrevealed-frenzy-discarded",
        VX,
        BOOK,
        "discard a Frenzy that has already been {{ revealed }}.",
        "discard a Frenzy that has not yet been {{ revealed }}.",
        "a Crusade reveals every unrevealed card beside the two cards",
        66,
        "bluffs revealed",
        "has not yet been",
    ),
]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("round9c-vortex-edits"), (VX,))


@pytest.mark.parametrize("e", EDITS, ids=[e.id for e in EDITS])
def test_a_retyped_alias_line_fails_naming_the_fact_its_source_line_and_both_values(
    project: Path, e: Edit, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert_caught(project, e, monkeypatch)
