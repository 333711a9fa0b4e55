"""Edits of Atmosfear's game file (`catalog/atmosfear/game.toml`) that contradict its source
rulebook (issue #42): a table's who/when/what word, cell or note, a designer's choice, a
variation's wording, the prose of a set, a short form against its long column. Each edit is
made on a copy of its game, and `cardstock check` fails naming the fact, the source line it
is held to (when the source states it) and both values; an edit written as one of the
issue's kinds (`EditOfKind`, one change or several) is checked as `cardstock check
--sources` checks it, less the setup simulation, and fails naming what catches it (a fact, a
count or a constraint), the source line and both values.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import GAMES
from helpers_edits import (
    FACT,
    Edit,
    EditOfKind,
    assert_caught,
    assert_caught_of_kind,
    cases,
    games_copy,
    place_of,
    quoted,
)

pytestmark = pytest.mark.needs_seeds

AOC, AOT, AE, ATM, VX = GAMES
ATM_GAME = f"catalog/{ATM}/game.toml"


def _game(g: str) -> str:
    return f"catalog/{g}/game.toml"


EDITS = [
    Edit(
        "atm-words-leading-last-card",
        ATM,
        f"catalog/{ATM}/game.toml",
        "the Realm of the first card played to a trick",
        "the Realm of the last card played to a trick",
        "the Leading Realm is the first card's",
        37,
        "first card played",
        "last card played",
    ),
    # a designer's die: its faces name what the source says it shows
    Edit(
        "atm-ruling-die-harbinger-face",
        ATM,
        f"catalog/{ATM}/game.toml",
        ":purple: Purple|:grey: Grey",
        ":purple: Purple|:crown: Harbinger",
        "the Ruling Die shows each Realm's colour once",
        35,
        "Grey",
        ":crown: Harbinger",
    ),
    Edit(
        "atm-ruling-die-red-twice",
        ATM,
        f"catalog/{ATM}/game.toml",
        ":purple: Purple|:grey: Grey",
        ":purple: Purple|:red: Red",
        "the Ruling Die shows each Realm's colour once",
        35,
        "'Grey' on 0 faces",
        ":purple: Purple | :red: Red)",
    ),
    Edit(
        "atm-symbol-die-fear-face",
        ATM,
        f"catalog/{ATM}/game.toml",
        'faces = "Headstone|Relic',
        'faces = "Fear|Relic',
        "every face of the Symbol Die is a Character card",
        97,
        "Headstone",
        "'Fear'",
    ),
    Edit(
        "atm-trick-kept-by-the-chosen-one",
        ATM,
        f"catalog/{ATM}/game.toml",
        "one card from each player; whoever wins it keeps its cards",
        "one card from each player; the Chosen One keeps its cards",
        "whoever wins a trick keeps its cards",
        39,
        quoted("wins"),
        "the Chosen One keeps its cards",
    ),
    Edit(
        "atm-cheat-key-back-face-up",
        ATM,
        f"catalog/{ATM}/game.toml",
        "it goes back to the table unseen,",
        "it goes back to the table face up,",
        "a Key card lost for cheating goes back to the table unseen",
        121,
        quoted("unseen"),
        "says 'face up'",  # the opposite named ('face-up', spelt alike, no longer hides it)
    ),
    Edit(
        "atm-words-chosen-one-plays-last",
        ATM,
        f"catalog/{ATM}/game.toml",
        "the player who deals the round and leads its first trick",
        "the player who deals the round and plays last in its first trick",
        "the Chosen One leads the first trick",
        45,
        "leads its first trick",
        "plays last in its first trick",
    ),
    Edit(
        "atm-words-trick-two-cards",
        ATM,
        f"catalog/{ATM}/game.toml",
        "one card from each player; whoever wins it keeps its cards",
        "two cards from each player; whoever wins it keeps its cards",
        "each player adds one card to a trick",
        39,
        "card from each player",
        "two cards from each player",
    ),
    Edit(
        "atm-words-leading-must-be-ruling",
        ATM,
        ATM_GAME,
        "and need not be the Ruling Realm",
        "and must be the Ruling Realm",
        "the Leading Realm need not be the Ruling Realm",
        47,
        "need not",
        "must",
    ),
    Edit(
        "atm-hierarchy-note-first-played-decides",
        ATM,
        ATM_GAME,
        "within a Realm, rank decides",
        "within a Realm, the card played first decides",
        "within a Realm, the hierarchy decides which card wins",
        53,
        "'rank'",
        "'the card played first'",
    ),
    Edit(
        "atm-words-harbinger-rank-11",
        ATM,
        ATM_GAME,
        "the rank-12 Character of each Realm",
        "the rank-11 Character of each Realm",
        "the Harbinger is rank 12",
        79,
        "states 12",
        "has 11",
    ),
]

EDITS_OF_KIND = [
    EditOfKind(
        # 003:59 after every round's tricks the winner takes one Key card: the main game's
        # rule, not the short variant's (003:125)
        "atm-row-winner-key-moved-to-the-short-variant",
        ATM,
        "a row moved to another table",
        (
            (_game(ATM), '  ["Key cards the winner of a round takes", 1],\n', ""),
            (
                _game(ATM),
                '  ["Key cards won before the game ends", 3],\n',
                '  ["Key cards won before the game ends", 3],\n'
                '  ["Key cards the winner of a round takes", 1],\n',
            ),
        ),
        59,
        FACT,
        "the winner of a round takes one Key card",
        "states 1",
        "table limits has no row 'Key cards the winner of a round takes'",
        # names the row gone from the limits, not the variant's table it went to
    ),
]

# what still escapes the check, and why (an expected failure: it fails the run once caught)
ESCAPES: dict[str, str] = {}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("edits"), (ATM,))


@pytest.mark.parametrize("e", cases(EDITS, ESCAPES))
def test_an_edit_fails_naming_the_fact_its_source_line_and_both_values(
    project: Path, e: Edit, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert_caught(project, e, monkeypatch)


@pytest.mark.parametrize("e", cases(EDITS_OF_KIND, ESCAPES))
def test_an_edit_of_a_kind_fails_naming_what_changed_and_against_what(
    project: Path, e: EditOfKind, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert_caught_of_kind(project, e, monkeypatch)


def test_every_edit_here_changes_game_file_atmosfear() -> None:
    """Every edit here changes the game file of Atmosfear, each edit once."""
    edits = EDITS + EDITS_OF_KIND
    assert {place_of(e) for e in edits} == {"game file atmosfear"}
    assert len({e.id for e in edits}) == len(edits)
    assert set(ESCAPES) <= {e.id for e in edits}
