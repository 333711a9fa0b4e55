"""A sixth reviewer's round of seed-breaking edits (issue #42), on what the earlier rounds
(`seed_edits.py`, `test_rules_edits_*.py`) left alone: the sentence around a rendered rule
word retyped (the Gatekeeper played only when you cannot follow, a cloud that marks a Fallen
Angel, one pawn to a tile), typed words no fact rendered (who rolls for the next Chosen One,
a Soul Ranger's steal, the Vortex deck drawn at random, new Opponent cards that do not attack
again, a Calling's benefit kept to you, an empty pool that loses the game, who wins alone in
Race for revenge, pawns that start on the Snake in the quick reference), a number spelled as
a word in a table note (half a point), a card's text (who skips after Burial Rites), a setup
step's `say` (villains drawn at random) and a designer's choice's recorded source word.
Three per game.

Made before any fix, `cardstock check` caught 2 of these 15 (Burial Rites' text and the
designer's source word); 11 of the 25 edits tried for the round (the 15 kept and ten
others) were caught, and the one of those ten that passed is kept as well (`ALSO`). Each
is now caught by a fact, naming the fact, its source line and both values: the typed words
are rendered from rule facts held to their source lines, and a line that renders a fact
must still say it the way the fact's `says` puts it (`cardstock.rules.reading.rendered_forms`).
Each edit is applied to a copy of its game; the unedited games pass the same checks
(`test_rules_edits_words.py`).
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
    # the sentence around a rendered rule word, retyped
    Edit(
        "atm-gatekeeper-only-when-you-cannot-follow",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "You {{ may }} play it at any moment, even when you could follow the Leading Realm.",
        "You {{ may }} play it only when you cannot follow the Leading Realm.",
        "The Gatekeeper may be played at any time",
        75,
        _q("may"),
        "only when you cannot follow",
    ),
    Edit(
        "aoc-cloud-marks-a-fallen-angel",
        AOC,
        f"layouts/{AOC}/rulebook.md.j2",
        "The {{ cloud }} marks an Angel.",
        "The {{ cloud }} marks a Fallen Angel.",
        "the cloud icon marks an Angel",
        88,
        _q("cloud"),
        "marks a fallen angel",
    ),
    Edit(
        "aot-one-pawn-to-a-tile",
        AOT,
        f"layouts/{AOT}/rulebook.md.j2",
        "and any number of pawns {{ pawns_share }} share a tile",
        "and only one pawn {{ pawns_share }} stand on a tile",
        "pawns may share a tile",
        133,  # a designer's choice: the source's two steps, which say nothing of sharing
        _q("may"),
        "only one pawn",
    ),
    # words a template typed, now rendered from a fact with its source line
    Edit(
        "atm-the-trick-winner-is-the-next-chosen-one",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "{{ everyone }} then rolls the {{ die }} to find a new Chosen One",
        "The winner of the last trick becomes the new Chosen One",
        "every player rolls the Duel Die for the next Chosen One",
        63,
        _q("everyone"),
        "the winner of the last trick becomes",
    ),
    Edit(
        "atm-soul-ranger-steals-looking",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "draws one card {{ blindly }} from that",
        "picks one card, looking at them all, from that",
        "the Soul Ranger's player takes a card from the opponent's hand unseen",
        109,
        _q("blindly"),
        "looking at them all",
    ),
    Edit(
        "vx-vortex-deck-picked-not-drawn",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "take {{ vortex_drawn }} of them {{ random }}, without looking",
        "pick the {{ vortex_drawn }} of them you like best",
        "the Vortex deck is drawn at random",
        25,
        _q("at random"),
        "you like best",
    ),
    Edit(
        "aoc-new-opponent-cards-attack-again",
        AOC,
        f"layouts/{AOC}/rulebook.md.j2",
        "this round {{ no_repeat }} attack again.",
        "this round attack again.",
        "Opponent cards drawn this round do not attack again at Clean-Up",
        80,
        _q("do not"),
        "this round attack again",
    ),
    Edit(
        "aoc-calling-benefits-every-player",
        AOC,
        f"layouts/{AOC}/rulebook.md.j2",
        "otherwise, {{ only_you }} and your cards benefit",
        "otherwise, every player and their cards benefit",
        "a Calling's benefit is yours alone unless it says otherwise",
        138,
        _q("only you"),
        "every player and their cards benefit",
    ),
    Edit(
        "ae-empty-pool-play-goes-on",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "its pool is empty, {{ lost }} right away.",
        "its pool is empty, the Henchman takes none and play goes on.",
        "a hostage that cannot be taken from an empty pool loses the game",
        35,
        _q("the city is lost and the game ends"),
        "takes none",
    ),
    Edit(
        "ae-race-for-revenge-everyone-wins",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "and {{ alone }} {{ wins }}",
        "and every player {{ wins }}",
        "the player who defeats their Nemesis wins alone in Race for revenge",
        64,
        _q("that player alone"),
        "every player",
    ),
    Edit(
        "aot-quickref-pawns-start-beside-the-snake",
        AOT,
        f"layouts/{AOT}/quickref/turn.md.j2",
        "All pawns start {{ on }} {{ snake }}.",
        "All pawns start beside {{ snake }}.",
        "every pawn starts standing on the Snake tile",
        71,
        _q("on"),
        _q("beside"),
    ),
    # a number spelled as a word, a card's text, a setup step's words, a designer's source
    Edit(
        "vx-red-scores-a-whole-point",
        VX,
        f"catalog/{VX}/game.toml",
        'note = "Red scores half a point for every dead Devotee of another colour."',
        'note = "Red scores one point for every dead Devotee of another colour."',
        "Red scores half a point for each dead Devotee of another colour",
        19,
        _q("half a point"),
        _q("one point"),
    ),
    Edit(
        "vx-burial-rites-the-next-player-skips",
        VX,
        f"catalog/{VX}/rogations.csv",
        "Every other player skips",
        "The next player skips",
        "Burial Rites makes every other player skip the Frenzy step",
        50,
        _q("every other player"),
        "The next player skips",
    ),
    Edit(
        "ae-villains-chosen-as-you-like",
        AE,
        f"catalog/{AE}/rules.toml",
        'say = "choose {count} Arch Villain of each gang at random"',
        'say = "choose {count} Arch Villain of each gang you like"',
        "the Arch Villains of the game are chosen at random",
        21,
        _q("at random"),
        _q("you like"),
    ),
    Edit(
        "aot-special-tile-source-word-turned",
        AOT,
        f"catalog/{AOT}/rules.toml",
        'says it is never kept"\nsource = "immediately"',
        'says it is never kept"\nsource = "at the end of the turn"',
        "a special tile is never kept in hand",
        93,
        "play them immediately",  # what the source's line says
        _q("at the end of the turn"),
    ),
]

# Of the ten edits tried beside the fifteen, the one that passed until fixed is kept too.
ALSO = [
    Edit(
        "ae-henchmen-shuffled-into-the-players-decks",
        AE,
        f"catalog/{AE}/rules.toml",
        'say = "shuffle all Henchmen cards into a deck of their own"',
        'say = "shuffle all Henchmen cards into the players\' decks"',
        "the Henchmen are shuffled into a deck of their own",
        20,
        _q("a deck"),
        "the players' decks",
    ),
]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("round6-edits"), GAMES)


@pytest.mark.parametrize("e", EDITS + ALSO, ids=[e.id for e in EDITS + ALSO])
def test_a_sixth_round_edit_fails_naming_the_fact_its_source_line_and_both_values(
    project: Path, e: Edit, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert_caught(project, e, monkeypatch)


def test_the_round_is_fifteen_edits_three_per_game() -> None:
    assert len(EDITS) == 15
    assert all(sum(e.game == g for e in EDITS) == 3 for g in GAMES)
