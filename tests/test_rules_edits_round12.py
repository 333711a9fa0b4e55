"""Round 12 (issue #42): a sceptical reviewer's edits on all five games, written before any
fix, on sentences, cells, card texts, setup steps, designer's choices and a translation no
earlier round touched.

Thirty-six seed-breaking edits, six classes: (a) a who/when/what word of a table cell or a
table's note (the Frenzies of both cards revealed, a bluff's owner, the pile an empty draw
pile is refilled from, Fire against Repulsion, withdrawing only at the field limit, the
Leading Realm that need not be the Ruling Realm, rank deciding within a Realm, Items one of
each type, damage and defensive Items left out of the Strength Check, achievement points
added at the game's end, a player's two pawns added, a Henchman's last rescue, a beaten
Arch Villain); (b) a variation's or a designer's choice's wording (the Opponent player's
turn, Campaign Mode's order, 'at least 1', who wins with a Nemesis beaten, which side a
Reason Crusade converts, the short hand's two steps in a `_()` of the designer's notes);
(c) a card's text against its own field or another place (a Hero card's icons on any
player's Henchmen, the Fallen Angel luring Items, the -2 tile's points); (d) a rulebook
sentence no fact rendered, and an example's outcome (a defeated Henchman's benefit for
every player, an Arch Villain killing for a round, the Henchman joining the helper's play
area, cards kept back from a round); (e) a setup step's `say` (the spare Alter Ego cards
boxed, half a colour's Devotees, refilling "more", the Chosen One's neighbour gathering,
one card fewer drawn, only Element tiles in the Tile Deck); (f) the French translation
saying the opposite or another number (the Keys laid "face visible", a trick of "deux
cartes").

Run against the code as it was, 14 were caught naming the fact, its seed line and both
values; 5 more were caught by a number fact whose finding quoted the start of a long text
and not the words edited (3 of them naming the seed line, 2 a fact with none); 1 only by
the typed-number lint ('two'), which names no contradicted rule; and 16 passed the check,
the two translations among them (no check read a `.po` file).

The fixes are of the class. A value fact's finding, and a rule fact's, quotes a long text
where it departs from the form (`places.clip_departure`: around the longest run of the
form's words the text still says), so the words that replaced the form's show. The cells,
notes, setup steps and designer's choice that restated a rule with no fact holding their
words are places of a rule fact whose `says` is the whole clause, cited to its seed line;
the Hero cards' texts a `cards` place; the two rulebook sentences render a fact with a
sentence form. The facts check reads a game's translations (`rules.reading.translated`): a rule
fact's translated value that is the file's translation of one of its opposites fails, and
so does a value fact's place translated with other numbers than its English. 35 of the 36
are caught now, each naming the fact, its source line and both values; the short hand's
`_()` inside a multi-line `{% set %}` is kept as an expected failure (see its mark).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import GAMES
from helpers_edits import games_copy
from test_rules_edits_reviewer import Edit, assert_caught

pytestmark = pytest.mark.needs_seeds

AOC, AOT, AE, ATM, VX = GAMES
AOC_GAME = f"catalog/{AOC}/game.toml"
AOT_GAME = f"catalog/{AOT}/game.toml"
AE_GAME = f"catalog/{AE}/game.toml"
ATM_GAME = f"catalog/{ATM}/game.toml"
VX_GAME = f"catalog/{VX}/game.toml"
AOC_RULES = f"catalog/{AOC}/rules.toml"
AOT_RULES = f"catalog/{AOT}/rules.toml"
AE_RULES = f"catalog/{AE}/rules.toml"
ATM_RULES = f"catalog/{ATM}/rules.toml"
VX_RULES = f"catalog/{VX}/rules.toml"
AOT_BOOK = f"layouts/{AOT}/rulebook.md.j2"
AE_BOOK = f"layouts/{AE}/rulebook.md.j2"
ATM_BOOK = f"layouts/{ATM}/rulebook.md.j2"
ATM_FR = f"catalog/{ATM}/translations/fr.po"

EDITS = [
    # (a) a who/when/what word of a table cell or a table's note
    Edit(
        "ae-foes-the-first-rescue-defeats",
        AE,
        AE_GAME,
        "the last rescue defeats it",
        "the first rescue defeats it",
        "freeing the last hostage defeats a Henchman",
        49,
        "'last'",
        "'first'",
    ),
    Edit(
        "ae-foes-a-beaten-villain-keeps-killing",
        AE,
        AE_GAME,
        "it stops killing; defeat",
        "it keeps killing; defeat",
        "defeating the last Arch Villain wins",
        58,
        "it stops killing",
        "it keeps killing",
    ),
    Edit(
        "vx-crusade-note-only-the-defenders-frenzies",
        VX,
        VX_GAME,
        "every unrevealed Frenzy on both cards",
        "every unrevealed Frenzy on the Defensive card",
        "a Crusade turns up the unrevealed Frenzies of both cards",
        66,
        "'both cards'",
        "'the Defensive card'",
    ),
    Edit(
        "vx-fates-a-bluff-to-the-winner",
        VX,
        VX_GAME,
        "else its owner's discard pile",
        "else the winner's discard pile",
        "True Converts to the discard pile, Fearfuls to the Fearful pile, the dead to the Vortex",
        68,  # cited with 58: a revealed bluff goes to its owner unless its Zealot is killed
        "else its owner's discard pile",
        "else the winner's discard pile",
    ),
    Edit(
        "vx-fates-note-draw-pile-from-fearful",
        VX,
        VX_GAME,
        "refilled by shuffling your discard pile",
        "refilled by shuffling your Fearful pile",
        "an empty draw pile is refilled from your discard pile",
        21,
        "'discard pile'",
        "'Fearful pile'",
    ),
    Edit(
        "vx-lead-note-fire-against-fire",
        VX,
        VX_GAME,
        "Fire against Repulsion)",
        "Fire against Fire)",
        "Fire is compared with the other side's Repulsion",
        70,
        "Fire against Repulsion",
        "Fire against Fire",
    ),
    Edit(
        "vx-round-withdraw-at-any-time",
        VX,
        VX_GAME,
        "Only at 5 may you withdraw 1 or 2",
        "At any time you may withdraw 1 or 2",
        "only a player whose field is full may withdraw Devotees",
        78,
        "'Only at 5 may you withdraw",
        "At any time you may withdraw",
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
    Edit(
        "aoc-card-types-items-any-number",
        AOC,
        AOC_GAME,
        "Item: carried by a Person, one of each type",
        "Item: carried by a Person, any number of each type",
        "one Item of a type on a Person at a time",
        130,
        "states 1",
        "any number of each type",
    ),
    Edit(
        "aoc-card-types-note-damage-lowers-strength",
        AOC,
        AOC_GAME,
        "Damage never lowers a card's Strength in the Strength Check.",
        "Damage lowers a card's Strength in the Strength Check.",
        "damage never lowers a card's Strength in the Strength Check",
        82,
        "'never'",
        "Damage lowers a card's",
    ),
    Edit(
        "aoc-turn-defensive-items-count",
        AOC,
        AOC_GAME,
        "Defensive Items and Places do not count.",
        "Defensive Items count; Places do not.",
        "defensive Items and Places do not count in the Strength Check",
        82,
        "defensive items and places do not count",
        "defensive items count",
    ),
    Edit(
        "aoc-achievement-note-each-round",
        AOC,
        AOC_GAME,
        "Add up your points at the end of the game",
        "Add up your points at the end of each round",
        "achievement points are added up at the end of the game",
        265,
        "'the end of the game'",
        "'the end of each round'",
    ),
    Edit(
        "aot-scoring-note-the-better-pawn-only",
        AOT,
        AOT_GAME,
        "Add both pawns' scores",
        "Score only your better pawn",
        "a player's score is both pawns' scores added",
        161,
        "add up the scores of both your pawns",
        "Score only your better pawn",
    ),
    # (b) a variation's or a designer's choice's wording against the source
    Edit(
        "aoc-opponent-play-after-the-first-player-only",
        AOC,
        AOC_GAME,
        "a turn after every Good player",
        "a turn after the first Good player only",
        "an Opponent player takes a turn after every Good player",
        280,
        "a turn after every",
        "after the first Good player only",
    ),
    Edit(
        "aoc-campaign-any-order-good-deck-reset",
        AOC,
        AOC_GAME,
        "Play the Objectives in order without resetting the Good deck",
        "Play the Objectives in any order, resetting the Good deck each time",
        "Campaign Mode plays the Objectives in order",
        294,
        "'Objectives in order'",
        "Objectives in any order",
    ),
    Edit(
        "ae-choice-at-least-one-unlocks-one-icon",
        AE,
        AE_GAME,
        "unlocks all the matching icons",
        "unlocks one matching icon",
        "the 'at least 1' choice counts the cards in the display",
        32,
        "unlocks all the matching icons",
        "unlocks one matching ic",
    ),
    Edit(
        "ae-choice-only-the-nemesis-slayer-wins",
        AE,
        AE_GAME,
        "each player who defeated their Nemesis also wins a personal victory",
        "only a player who defeated their Nemesis wins",
        "each player who defeated their Nemesis also wins a Personal Victory",
        60,
        "'each player who'",
        "only a player who defeated their Nemesis",
    ),
    Edit(
        "vx-choice-only-the-attacker-converts",
        VX,
        VX_GAME,
        "Either side can win: if the defender is higher by 1 or 2, the attacker is converted",
        "Only the attacker can win: if the defender is higher by 1 or 2, nothing happens",
        "in a Reason Crusade the lower side is converted, attacker or defender",
        68,
        "'Either side can win",
        "Only the attacker can win",
    ),
    Edit(
        "aot-notes-a-short-hand-moves-one-step",
        AOT,
        AOT_BOOK,
        "moves %(steps)s steps'",
        "moves one step'",
        "a player moves two steps every turn",
        137,
        "2 steps",
        "one step",
    ),
    # (c) a card's text against its own field or another place's value
    Edit(
        "ae-hero-text-any-players-henchmen",
        AE,
        AE_GAME,
        "you may also use the :intellect: icons on your defeated Henchmen",
        "you may also use the :intellect: icons on any player's defeated Henchmen",
        "a Hero card unlocks the icons of your own defeated Henchmen",
        46,
        "'your'",
        "icons on any player's defeated Henchmen",
    ),
    Edit(
        "aoc-fallen-angel-lures-items",
        AOC,
        AOC_GAME,
        "Lures Astray the Persons it defeats",
        "Lures Astray the Items it defeats",
        "a Fallen Angel lures astray the Good Persons it defeats",
        148,
        "persons",
        "items",
    ),
    Edit(
        "aot-minus-two-text-loses-one-point",
        AOT,
        AOT_GAME,
        "A pawn loses 2 points for each :minus-two:",
        "A pawn loses 1 point for each :minus-two:",
        "a pawn loses 2 points for each -2 tile next to it",
        None,  # the -2 tile's score is the designer's: the source names the tile only
        "states 2",
        "loses 1 point",
    ),
    # (d) a rulebook sentence no fact rendered, an example's outcome
    Edit(
        "ae-rulebook-benefits-work-for-every-player",
        AE,
        AE_BOOK,
        "its benefit icons now work for you.",
        "its benefit icons now work for every player.",
        "a defeated Henchman is kept in your play area",
        49,
        "keep it its benefit",
        "work for every player",
    ),
    Edit(
        "ae-rulebook-a-villain-kills-for-one-round",
        AE,
        AE_BOOK,
        "until it is defeated.{% endtrans +%}",
        "until the end of the round.{% endtrans +%}",
        "the civilians an Arch Villain kills are removed from the game",
        50,
        "removing their tokens from the game",
        "until the end of the round",
    ),
    Edit(
        "ae-example-the-henchman-joins-alex",
        AE,
        AE_BOOK,
        "joins Sam's {{ area }}",  # before the fix: "joins Sam's play area"
        "joins Alex's {{ area }}",
        "in the example, the defeated Henchman joins the play area of the player who beat it",
        49,
        "joins Sam's play area",
        "joins alex's",
    ),
    Edit(
        "atm-rulebook-a-round-keeps-cards-back",
        ATM,
        ATM_BOOK,
        "everyone plays out the whole hand.",
        "everyone keeps two cards back.",
        "a round is a trick for every card dealt, the whole hand played out",
        59,
        "everyone plays out the whole hand",
        "everyone keeps two cards back",
    ),
    # (e) a setup step's words against the source
    Edit(
        "ae-setup-say-spare-egos-boxed",
        AE,
        AE_RULES,
        'say = "sort all other Alter Ego cards by type"',
        'say = "put all other Alter Ego cards back in the box"',
        "the Alter Ego cards left over are sorted by type",
        23,
        "'sort all other Alter Ego cards by type'",
        "'put all other Alter Ego cards back in the box'",
    ),
    Edit(
        "vx-setup-say-half-the-devotees",
        VX,
        VX_RULES,
        'say = "each player takes every Devotee of one colour"',
        'say = "each player takes half the Devotees of one colour"',
        "each player takes every Devotee of one colour",
        25,
        "'each player takes every Devotee",
        "'each player takes half the Devotees",
    ),
    Edit(
        "vx-setup-say-refill-more",
        VX,
        VX_RULES,
        'say = "draw back up to {upto} cards"',
        'say = "draw {upto} more cards"',
        "a hand is drawn up to its size",
        82,
        "'up to'",
        "draw 7 more cards",
    ),
    Edit(
        "atm-setup-say-the-left-neighbour-gathers",
        ATM,
        ATM_RULES,
        'say = "the Chosen One gathers the pack"',
        'say = "the player left of the Chosen One gathers the pack"',
        "the Chosen One alone gathers, deals, rolls for the round and makes the exchange",
        31,  # cited with 27 and 29
        "'the Chosen One'",
        "the player left of the Chosen One",
    ),
    Edit(
        "atm-setup-say-draws-one-fewer",
        ATM,
        ATM_RULES,
        'say = "… and draws as many from the deck"',
        'say = "… and draws one fewer from the deck"',
        "the Chosen One draws as many cards as were discarded",
        31,
        "'as many'",
        "'one fewer'",
    ),
    Edit(
        "aot-setup-say-only-element-tiles-in-the-deck",
        AOT,
        AOT_RULES,
        'say = "every tile but the Snake goes into the Tile Deck"',
        'say = "every Element tile goes into the Tile Deck"',
        "the Tile Deck holds every tile but the Snake",
        55,
        "every tile but the snake",
        "every element tile",
    ),
    # (f) a translation that says the opposite of the rule it translates
    Edit(
        "atm-fr-keys-laid-face-up",
        ATM,
        ATM_FR,
        'msgctxt "fact.keys-face-down"\nmsgid "face down"\nmsgstr "face cachée"',
        'msgctxt "fact.keys-face-down"\nmsgid "face down"\nmsgstr "face visible"',
        "the Key cards are laid face down",
        23,
        "'face down'",
        "its fr translation says 'face visible'",
    ),
    Edit(
        "atm-fr-a-trick-of-two-cards",
        ATM,
        ATM_FR,
        'msgstr "une carte de chaque joueur ; celui',
        'msgstr "deux cartes de chaque joueur ; celui',
        "each player adds one card to a trick",
        39,
        "the rulebook states 1",
        "2 in its fr translation",
    ),
]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("round12-edits"), GAMES)


# what still escapes, and why (an expected failure: it fails the run once it is caught)
ESCAPES = {
    "aot-notes-a-short-hand-moves-one-step": (
        "a `_()` line inside a multi-line `{% set %}` cannot be rendered alone "
        "(rendered_forms), so no fact's form can hold it; and 'one' is no typed number to "
        "the lint"
    ),
}
CASES = [
    pytest.param(e, id=e.id, marks=pytest.mark.xfail(strict=True, reason=ESCAPES[e.id]))
    if e.id in ESCAPES
    else pytest.param(e, id=e.id)
    for e in EDITS
]


@pytest.mark.parametrize("e", CASES)
def test_a_twelfth_round_edit_fails_naming_the_fact_its_source_line_and_both_values(
    project: Path, e: Edit, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert_caught(project, e, monkeypatch)


def test_the_round_edits_every_game_and_each_class() -> None:
    assert len(EDITS) >= 20
    assert {e.game for e in EDITS} == set(GAMES)
    assert len({e.id for e in EDITS}) == len(EDITS)
    assert set(ESCAPES) <= {e.id for e in EDITS}
