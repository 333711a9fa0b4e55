"""Round 9c (issue #42): rulebook lines of The Vortex and Alter Ego that once rendered a
rule word through a name set at the top of the template (`{% set hidden =
fact('face-down').value %}`, then `{{ hidden }}` on a later line). The words around such a
value were held by no fact, so retyping them passed the check; none of these edits was
caught then.

The check now reads such a name as the value (`rendered_forms.unaliased`); each line also
binds its fact in its own `{% trans %}` header, and the fact's forms hold the clause (a
Frenzy laid face down beside a Devotee, the draw pile face down, a Frenzy discarded once
revealed; a Henchman that must come into play, rescue cards that must match, a request for
help that costs a token). Each edit retypes the words around the value so that the line
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

AE, VX = GAMES[2], GAMES[4]

EDITS = [
    Edit(
        "vx-frenzy-laid-beside-a-rivals-devotee",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
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
        f"layouts/{VX}/rulebook.md.j2",
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
        f"layouts/{VX}/rulebook.md.j2",
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
        f"layouts/{VX}/rulebook.md.j2",
        "discard a Frenzy that has already been {{ revealed }}.",
        "discard a Frenzy that has not yet been {{ revealed }}.",
        "a Crusade reveals every unrevealed card beside the two cards",
        66,
        "bluffs revealed",
        "has not yet been",
    ),
    Edit(
        "ae-the-patrol-henchman-is-discarded",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "a Henchman {{ must }} come into play.",
        "a Henchman {{ must }} be discarded.",
        "a Henchman must come into play first in Patrol",
        29,
        "a Henchman must come into play",
        "be discarded",
    ),
    Edit(
        "ae-rescuing-cards-match-your-alter-egos",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "{{ must }} match the icons the Henchman shows",
        "{{ must }} match the icons of your Alter Ego cards",
        "the Hero cards spent to rescue must match the Henchman's icons",
        45,
        "the Hero cards must match the icons the Henchman shows",
        "match the icons of your alter ego cards",
    ),
    Edit(
        "ae-only-the-first-request-costs-a-token",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "and each request costs a token.",
        "and each request is free.",
        "asking another player for help is optional",
        47,
        "and each request costs a token",
        "each request is free",
    ),
]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("round9c-edits"), (VX, AE))


@pytest.mark.parametrize("e", EDITS, ids=[e.id for e in EDITS])
def test_a_clause_around_a_value_set_once_is_held_by_its_fact(
    project: Path, e: Edit, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert_caught(project, e, monkeypatch)
