"""Seed-breaking edits of Alter Ego rule sentences that rendered a rule word set once at the
top of the rulebook (issue #42): `{% set may = fact('optional').value %}`, then `{{ may }}`
on a later line, left the words around the value unheld, so retyping them passed.

Each of these lines now binds its fact in its own `{% trans %}` header, and the fact's form
is the line's whole clause, with the seed line it rests on: a word of the clause retyped is
caught, naming the fact, its source line, the clause the fact states and the one the edited
template says instead. None of these three edits was caught while the lines rendered the
alias; the check passed each.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import GAMES
from helpers_edits import games_copy
from test_rules_edits_reviewer import Edit, assert_caught

pytestmark = pytest.mark.needs_seeds

AE = GAMES[2]
RULEBOOK = f"layouts/{AE}/rulebook.md.j2"

EDITS = [
    Edit(
        "ae-the-patrol-henchman-is-discarded",
        AE,
        RULEBOOK,
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
        RULEBOOK,
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
        RULEBOOK,
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
    return games_copy(tmp_path_factory.mktemp("round9c-edits"), (AE,))


@pytest.mark.parametrize("e", EDITS, ids=[e.id for e in EDITS])
def test_a_clause_around_a_value_bound_in_its_own_header_is_held_by_its_fact(
    project: Path, e: Edit, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert_caught(project, e, monkeypatch)
