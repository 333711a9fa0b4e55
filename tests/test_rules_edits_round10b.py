"""A tenth reviewer's round on the two Alpha/Omega games (issue #42): rule sentences whose
fact held only a few of their words, and words retyped right after a rendered name.

Twenty-five seed-breaking edits were written first, on sentences and cells no earlier
round touched: the rest of a sentence around a short form retyped (a hand with a limit,
the next player skipping phases, one Opponent card run at Clean-Up, the Opponents' Strength
added, Places left alone, a Calling's benefit on drawing it, a Lured Person waiting to be
discarded, tiles placed every other turn, the youngest starting …) and one tie-breaker cell.
Six were caught by the checks as they were: four only because the retyped words happened
to be in the mutation vocabulary ('more', 'your own', 'together'), one by a long form
already held, one by the tie-breakers' terms. The other nineteen passed: each line still
said one of its fact's forms, and the forms were a few words long.

Then five of a class the fix below found: a word retyped right after a rendered name, at
the end of a form ("all {{ foe }} cards discarded", "{{ tiles }} in all", "{{ high }}
teams"). A rendered name stood for up to four words of a form, so these passed; none was
caught before.

The fixes are of the class. A template line is now rendered (its names, counts and other
facts' values, as a player reads them) before it is held to a form, so a rendered name
stands for exactly the words it prints (`rendered_forms`); and each sentence these edits
retyped is a whole-sentence form of a fact of its own line. All thirty are caught now,
each naming the fact, its source line and both values.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import GAMES
from helpers_edits import games_copy
from test_rules_edits_reviewer import Edit, _q, assert_caught

pytestmark = pytest.mark.needs_seeds

AOC, AOT = GAMES[0], GAMES[1]
AOC_BOOK = f"layouts/{AOC}/rulebook.md.j2"
AOT_BOOK = f"layouts/{AOT}/rulebook.md.j2"

EDITS = [
    # the rest of a sentence retyped around a short form
    Edit(
        "aoc-a-hand-has-a-limit",
        AOC,
        AOC_BOOK,
        "There is no limit to how many cards you {{ hand_unlimited }} hold.",
        "There is a strict limit to how many cards you {{ hand_unlimited }} hold.",
        "a player may hold any number of cards",
        70,
        "no limit to how many cards",
        "a strict limit",
    ),
    Edit(
        "aoc-leave-out-a-single-card",
        AOC,
        AOC_BOOK,
        "leave out any {{ good }} cards you like",
        "leave out no more than a single {{ good }} card",
        "a player may leave Good cards out of their deck",
        50,
        "leave out any good cards you like",
        "no more than a single good card",
    ),
    Edit(
        "aoc-waiting-items-go-to-the-person-leaving",
        AOC,
        AOC_BOOK,
        "the {{ waiting_goes_first }} {{ foe }} Person to enter play",
        "the {{ waiting_goes_first }} {{ foe }} Person to leave play",
        "an unclaimed Opponent Item or Event waits without effect for an Opponent Person",
        58,
        "person to enter play",
        "person to leave play",
    ),
    Edit(
        "aoc-the-next-player-skips-the-phases",
        AOC,
        AOC_BOOK,
        "you now runs through their own",
        "you now skips their own",
        "in the Multiplayer phase the player who sits after you goes next",
        78,
        "now runs through their own",
        "now skips their own",
    ),
    Edit(
        "aoc-clean-up-runs-a-single-card",
        AOC,
        AOC_BOOK,
        "runs each {{ foe }} card in play",
        "runs a single {{ foe }} card in play",
        "Opponent cards drawn this round do not attack again at Clean-Up",
        80,
        "runs each opponent card in play",
        "runs a single opponent card",
    ),
    Edit(
        "aoc-the-balance-adds-the-opponents",
        AOC,
        AOC_BOOK,
        "and subtract the Strength of every {{ foe }} card in play",
        "and add the Strength of every {{ foe }} card in play",
        "Defensive Items, Places and damage do not count in the Balance of Strength",
        82,
        "subtract the strength of every opponent card",
        "add the strength of every opponent card",
    ),
    Edit(
        "aoc-places-left-alone",
        AOC,
        AOC_BOOK,
        "Opponents attack {{ good }} Places like any other {{ good }} card.",
        "Opponents leave {{ good }} Places alone.",
        "a Place's effect applies to every player unless it says otherwise",
        106,
        "opponents attack good places like any other good card",
        "opponents leave good places alone",
    ),
    Edit(
        "aoc-an-event-helps-your-own-cards",
        AOC,
        AOC_BOOK,
        "help your cards or a teammate's",
        "help your own cards alone",
        "an Event on a Person or Item may help a teammate's card",
        118,
        "help your cards or a teammate's",
        "help your own cards alone",
    ),
    Edit(
        "aoc-one-item-in-all",
        AOC,
        AOC_BOOK,
        "{{ items }} of each type: armour",
        "{{ items }} in all: armour",
        "a Person carries at most one Item of each type",
        130,
        "1 item of each type",
        "1 item in all",
    ),
    Edit(
        "aoc-a-calling-benefits-when-drawn",
        AOC,
        AOC_BOOK,
        "Achieve one and you",
        "Draw one and you",
        "a Calling's benefit lasts from one round up to the rest of the game",
        136,
        "achieve one and you",
        "draw one and you",
    ),
    Edit(
        "aoc-a-fallen-angel-lures-its-attackers",
        AOC,
        AOC_BOOK,
        "itself Lure Astray the Persons it defeats",
        "itself Lure Astray the Persons that defeat it",
        "an Angel Lured Astray can itself Lure Astray",
        148,
        "the persons it defeats",
        "the persons that defeat it",
    ),
    Edit(
        "aoc-a-lured-person-waits-to-be-discarded",
        AOC,
        AOC_BOOK,
        "{{ waits }} to attack or use abilities",
        "{{ waits }} to be discarded",
        "a Person Lured Astray waits until the end of the round to attack or use abilities",
        152,
        "to attack or use abilities",
        "to be discarded",
    ),
    Edit(
        "aoc-a-lured-human-is-discarded",
        AOC,
        AOC_BOOK,
        "the Human joins {{ foe }} play but {{ no_lure }}",
        "the Human is discarded but {{ no_lure }}",
        "a Human Lured Astray does not gain the Lure Astray ability",
        150,
        "joins opponent play but cannot",
        "the human is discarded",
    ),
    Edit(
        "aoc-the-decks-shuffled-together",
        AOC,
        AOC_BOOK,
        "Shuffle each thoroughly and place both",
        "Shuffle them together and place both",
        "decks-apart",
        44,
        _q("apart"),
        _q("together"),
    ),
    Edit(
        "aoc-the-balance-checked-when-the-game-ends",
        AOC,
        AOC_BOOK,
        "the Opponents act again and the balance is checked.",
        "the Opponents act again; the balance is checked when the game ends.",
        "in a round each Good player first runs the Opponents, then plays from their own deck",
        30,
        "the opponents act again and the balance is checked",
        "the balance is checked when the game ends",
    ),
    Edit(
        "aoc-a-drawn-opponent-goes-under-its-deck",
        AOC,
        AOC_BOOK,
        "card and put it into play. It attacks",
        "card and put it under its deck. It attacks",
        "the game's first Opponent card can neither attack nor use its ability",
        56,
        "put it into play",
        "put it under its deck",
    ),
    Edit(
        "aoc-damage-tokens-on-your-own-cards",
        AOC,
        AOC_BOOK,
        "Put damage tokens on the {{ foe }} cards you hit.",
        "Put damage tokens on your own cards that hit.",
        "a damaged card still attacks at its full Strength",
        72,
        "put damage tokens on the opponent cards you hit",
        "put damage tokens on your own cards that hit",
    ),
    Edit(
        "aot-tiles-placed-every-other-turn",
        AOT,
        AOT_BOOK,
        "place {{ place }} tiles each turn.",
        "place {{ place }} tiles every other turn.",
        "placing the tiles is not optional",
        117,
        "place 2 tiles each turn",
        "place 2 tiles every other turn",
    ),
    Edit(
        "aot-the-next-player-draws-back",
        AOT,
        AOT_BOOK,
        "{{ draw_after }} placing, draw back",
        "{{ draw_after }} placing, the next player draws back",
        "the draw comes after placing",
        121,
        "draw back up to 3 tiles",
        "the next player draws back",
    ),
    Edit(
        "aot-a-pawn-ends-on-a-taken-tile",
        AOT,
        AOT_BOOK,
        "end its move on the tile {{ started }}",
        "end its move on a tile another pawn holds",
        "a pawn may not end its move on the tile where it started",
        143,
        "on the tile where it started",
        "on a tile another pawn holds",
    ),
    Edit(
        "aot-the-first-round-moves-a-single-tile",
        AOT,
        AOT_BOOK,
        "move {{ pawns }} {{ steps }} tiles.",
        "move {{ pawns }} a single tile.",
        "in the first round every player moves one pawn only",
        141,
        "1 pawn 2 tiles",
        "1 pawn a single tile",
    ),
    Edit(
        "aot-only-the-leading-pawn-scores",
        AOT,
        AOT_BOOK,
        "then each pawn is scored",
        "then only the leading pawn is scored",
        "the game ends once every player has placed every tile left in hand",
        147,
        "then each pawn is scored",
        "then only the leading pawn is scored",
    ),
    Edit(
        "aot-the-youngest-goes-first",
        AOT,
        AOT_BOOK,
        "if nobody {{ can }} say, choose at random",
        "if nobody {{ can }} say, the youngest goes",
        "when nobody can tell who last saw a snake, the first player is chosen at random",
        95,
        "choose at random",
        "the youngest goes",
    ),
    Edit(
        "aot-a-transformation-plays-as-any-element",
        AOT,
        AOT_BOOK,
        "an {{ ordinary }} tile of its element",
        "an ordinary tile of any element",
        "a Transformation tile may be played as an ordinary tile of its element",
        107,
        "ordinary tile of its element",
        "ordinary tile of any element",
    ),
    # a table's words: the last tie-breaker
    Edit(
        "aot-the-last-tie-goes-to-the-younger",
        AOT,
        f"catalog/{AOT}/game.toml",
        '[3, "— still tied: the game ends in a draw."]',
        '[3, "— still tied: the younger player wins."]',
        "ties: the single most scoring position, then the least negative tiles, then a draw",
        163,
        _q("draw"),
        "the younger player wins",
    ),
    # a word retyped right after a rendered name, at the end of a form
    Edit(
        "aoc-the-balance-counts-discarded-opponents",
        AOC,
        AOC_BOOK,
        "all {{ foe }} cards in play (see",
        "all {{ foe }} cards discarded (see",
        "the balance is taken at the end of every round: Good less Opponent Strength",
        82,
        "opponent cards in play",
        "opponent cards discarded",
    ),
    Edit(
        "aot-two-pawns-one-tile-in-all",
        AOT,
        AOT_BOOK,
        "pawns {{ tiles }} each.",
        "pawns {{ tiles }} in all.",
        "a turn moves one pawn two tiles, or two pawns one tile each",
        135,
        "1 tile each",
        "1 tile in all",
    ),
    Edit(
        "aot-scored-around-the-rivals-pawns",
        AOT,
        AOT_BOOK,
        "your {{ per_player }} pawns.",
        "your {{ per_player }} rivals' pawns.",
        "a pawn scores for the tiles around its own",
        151,
        "your 2 pawns",
        "your 2 rivals' pawns",
    ),
    Edit(
        "aoc-for-teams-not-players",
        AOC,
        AOC_BOOK,
        "for {{ low }} to {{ high }} players;",
        "for {{ low }} to {{ high }} teams;",
        "the players play together against the Opponent deck",
        14,
        "for 1 to 4 players",
        "for 1 to 4 teams",
    ),
    Edit(
        "aot-the-ring-takes-special-tiles",
        AOT,
        AOT_BOOK,
        "put aside any {{ tf }} or special tile you draw",
        "put aside any {{ tf }} tile you draw",
        "a Transformation or special tile drawn for the ring is put aside and drawing goes on",
        67,
        "any transformation or special tile",
        "any transformation tile you draw",
    ),
]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("round10b-edits"), [AOC, AOT])


@pytest.mark.parametrize("e", EDITS, ids=[e.id for e in EDITS])
def test_a_tenth_round_edit_fails_naming_the_fact_its_source_line_and_both_values(
    project: Path, e: Edit, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert_caught(project, e, monkeypatch)


def test_the_round_edits_both_alpha_omega_games_at_least_twenty_times() -> None:
    assert len(EDITS) >= 20
    assert {e.game for e in EDITS} == {AOC, AOT}
    assert len({e.id for e in EDITS}) == len(EDITS)
