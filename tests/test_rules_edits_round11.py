"""Round 11 (issue #42): a sceptical reviewer's edits on all five games, written before any
fix, on sentences, cells and card texts no earlier round touched.

Forty-six seed-breaking edits, six classes: (a) a designer's sentence, an example or a
summary that rendered no fact retyped (a Crusade decided by Attack alone, the steps in any
order, the Black Blade discarded, Mindy alone seeing the top cards, a hand from the Hero
supply, Chloe trumping while she could follow); (b) the rest of a sentence retyped around a
short form; (c) a condition typed before or after a sentence ("Led by the Chosen One, …",
"…, unless it is a Fear card."); (d) a card's text restating a rule differently (Crystal
Sea, Heaven, the Hail, a Transformation, the Switch, Bacchanalia, the Flight and the Duel in
all six Realms); (e) a who/when/what word of a table cell or a quick-reference row; (f) a
card moved to the other deck.

Run against the code as it was, 10 were caught naming the fact, its seed line and both
values; 2 more were caught by a fact that names no seed line (Heaven's text, the deck
list); 9 only by the typed-word, name or number lint, which names no contradicted rule; and
25 passed the check.

The fixes are of the class. A form that ends with a full stop must end a sentence of its
line (`rendered_forms`), so a form written `^….` holds a whole sentence and a condition
typed before or after it fails; a fact with such forms holds every line that renders it to
one of them. Every line of the five games that renders a rule fact and can be rendered alone
now has one (366 facts; 477 of the 489 renderings), beside the short forms kept for places
and the lint; the sentences that rendered no fact render one of their own, cited to its seed
line. Card texts and table cells that restate a rule are places of a rule fact (`at`), the
example's Good cards a cited deck fact. All forty-six are caught now, each naming the fact,
its source line and both values.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import GAMES
from helpers_edits import games_copy
from test_rules_edits_reviewer import Edit, assert_caught

pytestmark = pytest.mark.needs_seeds

AOC, AOT, AE, ATM, VX = GAMES
AOC_BOOK = f"layouts/{AOC}/rulebook.md.j2"
AOT_BOOK = f"layouts/{AOT}/rulebook.md.j2"
AE_BOOK = f"layouts/{AE}/rulebook.md.j2"
ATM_BOOK = f"layouts/{ATM}/rulebook.md.j2"
VX_BOOK = f"layouts/{VX}/rulebook.md.j2"
AOC_GOOD = f"catalog/{AOC}/good.csv"
AOC_FOE = f"catalog/{AOC}/opponent.csv"
ATM_REALMS = f"catalog/{ATM}/realms.csv"
# the same words in each of the six Realms' copies of a card (each change takes the next)
FLIGHT = (
    "the colour rolled is the Ruling Realm from now on.",
    "the colour rolled is the Ruling Realm for this trick only.",
)
DUEL = ("the higher roll takes the trick.", "the lower roll takes the trick.")
HEAVEN_ROW = (
    'heaven,Heaven,1,1,Place,,earth,9,,no,,,,,,2,,,"When you play Heaven, draw 2 cards. While '
    'Heaven is the active Place, each Good player draws 2 cards in their Draw Phase.","Mindy '
    "plays it and draws 2; Steve draws 2 while it is active. Round 3: the Opponents attack the "
    'Armor and then Michael (7), not Heaven: above 7; 9 chosen.",strength count limit\n'
)

EDITS = [
    # (a) designer's prose, examples and summaries that rendered no fact
    Edit(
        "vx-one-stat-decides-a-crusade",
        VX,
        VX_BOOK,
        "They decide every",
        "Only Attack decides a",
        "a Crusade is decided by Reason, by Fire against Repulsion, or by Attack",
        66,
        "they decide every crusade",
        "only attack decides a",
    ),
    Edit(
        "vx-the-steps-in-any-order",
        VX,
        VX_BOOK,
        "steps, played in this order:",
        "steps, played in any order:",
        "the six steps of a round come in a fixed order",
        27,
        "played in this order",
        "played in any order",
    ),
    Edit(
        "vx-no-card-left-reshuffles",
        VX,
        VX_BOOK,
        "the game is over (see",
        "reshuffle the turned-up pile and go on (see",
        "with no Vortex card left to turn, the game is over",
        40,
        "the game is over",
        "reshuffle the turned up pile",
    ),
    Edit(
        "aoc-a-defeated-card-returns-to-hand",
        AOC,
        AOC_BOOK,
        "either joins {{ foe }} play (see *Lured Astray*) or",
        "either returns to your hand or",
        "a defeated Good card joins the Opponents or is discarded",
        62,
        "either joins opponent play",
        "either returns to your hand",
    ),
    Edit(
        "aoc-example-the-blade-is-discarded",
        AOC,
        AOC_BOOK,
        "to carry it, it waits.",
        "to carry it, it is discarded.",
        "in the example, the Black Blade waits for an Opponent Person",
        178,
        "to carry it, it waits",
        "it is discarded",
    ),
    Edit(
        "aoc-example-mindy-alone-looks",
        AOC,
        AOC_BOOK,
        "and both players look at the next",
        "and Mindy alone looks at the next",
        "in the example, both players see the top Opponent cards",
        192,
        "both players look at the next",
        "mindy alone looks at the next",
    ),
    Edit(
        "aot-rivals-places-left-alone",
        AOT,
        AOT_BOOK,
        "while spoiling the places your rivals are heading for",
        "and leaving the places your rivals are heading for alone",
        "since every pawn must keep moving, nobody can build one spot early and stay on it",
        129,
        "while spoiling the places your rivals",
        "and leaving the places your rivals are heading for alone",
    ),
    Edit(
        "aot-example-the-space-holds-the-snake",
        AOT,
        AOT_BOOK,
        "left over is still empty.",
        "left over holds the Snake.",
        "in the scoring example, one space beside the pawn is left empty",
        159,
        "the space left over is still empty",
        "left over holds the snake",
    ),
    Edit(
        "aot-example-the-tile-left-goes-back",
        AOT,
        AOT_BOOK,
        "{{ left }} stays in her hand.",
        "{{ left }} goes back into the Tile Deck.",
        "in the turn example, the tile not placed stays in the hand",
        121,
        "stays in her hand",
        "goes back into the tile deck",
    ),
    Edit(
        "ae-each-against-the-others",
        AE,
        AE_BOOK,
        "players, all on one side.",
        "players, each against the others.",
        "the players are all on one side",
        3,
        "all on one side",
        "each against the others",
    ),
    Edit(
        "ae-a-henchman-benefit-on-arrival",
        AE,
        AE_BOOK,
        "you keep when you defeat it.",
        "you keep when it comes into play.",
        "a Henchman's benefit is kept when you defeat it",
        49,
        "when you defeat it",
        "when it comes into play",
    ),
    Edit(
        "ae-equipment-bought-with-teamwork",
        AE,
        AE_BOOK,
        "with money from your {{ jobname }}.",
        "with Teamwork tokens.",
        "Equipment is bought with the money a Job brings",
        43,
        "bought with money from your job",
        "with teamwork tokens",
    ),
    Edit(
        "ae-example-community-draws-cards",
        AE,
        AE_BOOK,
        "The {{ fam }} card lets Sam",
        "The {{ comm }} card lets Sam",
        "in the example, the Family card draws the cards in Support",
        37,
        "the family card lets sam draw",
        "the community card lets sam",
    ),
    Edit(
        "ae-example-money-without-a-job",
        AE,
        AE_BOOK,
        ", so no money this turn.",
        ", yet Sam still collects $1.",
        "in the example, no Job card in the display brings no money",
        41,
        "so no money this turn",
        "yet sam still collects $1",
    ),
    Edit(
        "atm-example-the-lead-sets-the-ruling-realm",
        ATM,
        ATM_BOOK,
        "{{ realm }} {{ symbol }} is the Leading Realm.{% endtrans +%}",
        "{{ realm }} {{ symbol }} becomes the Ruling Realm.{% endtrans +%}",
        "the first card of a trick sets the Leading Realm",
        57,
        "is the leading realm",
        "becomes the ruling realm",
    ),
    Edit(
        "atm-example-chloe-trumps-while-following",
        ATM,
        ATM_BOOK,
        "Chloe has no {{ realm }} card. She",
        "Chloe holds {{ realm }} cards but",
        "in the example, Chloe trumps because she cannot follow",
        51,
        "chloe has no",
        "chloe holds",
    ),
    Edit(
        "atm-example-the-trump-leaves-the-duel",
        ATM,
        ATM_BOOK,
        "would have cancelled it.",
        "would have left it working.",
        "in the example, Chloe's trump voids a led Duel",
        85,
        "would have cancelled it",
        "would have left it working",
    ),
    # (b) a short form kept, the rest of its sentence retyped
    Edit(
        "vx-redraw-with-no-frenzy",
        VX,
        VX_BOOK,
        "If your hand holds no Devotee at all, you",
        "If your hand holds no Frenzy at all, you",
        "a player whose first hand holds no Devotee may redraw",
        25,
        "'may'",
        "holds no frenzy at all",
    ),
    Edit(
        "vx-beginners-use-the-special-cards",
        VX,
        VX_BOOK,
        "the ones without a special rule.",
        "the ones with a special rule.",
        "beginners use the plain Vortex cards at more than two players",
        42,
        "without a special rule",
        "the ones with a special rule",
    ),
    Edit(
        "vx-a-revealed-frenzy-swapped",
        VX,
        VX_BOOK,
        "swap a card lying {{ hidden }} beside a Zealot for another;",
        "swap a card lying {{ hidden }} or revealed beside a Zealot for another;",
        "a Frenzy (or a bluff) is laid face down beside a Devotee, making it a Zealot",
        56,
        "face down",
        "or revealed beside a zealot",
    ),
    Edit(
        "aoc-one-shared-deck-only",
        AOC,
        AOC_BOOK,
        "from one shared {{ good }} deck, or from their own copy of the {{ good }} deck.",
        "from one shared {{ good }} deck only.",
        "in setup every player draws a starting hand",
        48,
        "or from their own copy",
        "shared good deck only",
    ),
    Edit(
        "atm-trump-must-when-you-can",
        ATM,
        ATM_BOOK,
        "— or decline to, and play any other card instead, as if you had no trump.",
        "— and if you hold one, you have to.",
        "a player who cannot follow may trump",
        51,
        "or decline to",
        "if you hold one you have to",
    ),
    Edit(
        "atm-action-after-the-trump-keeps-power",
        ATM,
        ATM_BOOK,
        "the trick was trumped has no power at all.",
        "the trick was trumped keeps its power.",
        "an Action card played after the trick was trumped is void",
        87,
        "has no power at all",
        "keeps its power",
    ),
    Edit(
        "atm-early-finish-keys-kept-hidden",
        ATM,
        ATM_BOOK,
        ": reveal them; the",
        ": keep them hidden; the",
        "in the quick game the Key cards won are turned over at the early finish",
        125,
        "reveal them",
        "keep them hidden",
    ),
    # (c) a subject or condition typed before or after a sentence
    Edit(
        "aoc-no-draw-in-the-first-round",
        AOC,
        AOC_BOOK,
        "%}{{ draw }} {{ good_cards }}.{% endtrans",
        "%}Skip this phase in the first round; otherwise {{ draw }} {{ good_cards }}.{% endtrans",
        "every player draws a Good card in the Draw Phase, the first round too",
        66,
        "draw 1 good card",
        "skip this phase in the first round",
    ),
    Edit(
        "aoc-a-lured-human-joins-later",
        AOC,
        AOC_BOOK,
        "A Human Lured Astray joins {{ foe }} play but",
        "A Human Lured Astray joins {{ foe }} play at the end of the round but",
        "a Human Lured Astray does not gain the Lure Astray ability",
        150,
        "joins opponent play but cannot",
        "at the end of the round",
    ),
    Edit(
        "ae-a-hand-from-the-supply",
        AE,
        AE_BOOK,
        "— the **display** — and draws a hand of {{ hand }}.",
        "— the **display** — and draws a hand of {{ hand }} from the Hero supply.",
        "the starting hand is drawn from the rest of the player's own deck",
        24,
        "draws a hand of 4",
        "from the hero supply",
    ),
    Edit(
        "ae-a-nemesis-shown-after-a-turn",
        AE,
        AE_BOOK,
        "Keep yours {{ secret }}.{% endtrans",
        "Keep yours {{ secret }} until your first turn, then show it.{% endtrans",
        "a player keeps their Nemesis secret",
        26,
        "keep yours secret",
        "until your first turn then show it",
    ),
    Edit(
        "atm-follow-unless-a-fear",
        ATM,
        ATM_BOOK,
        "you {{ must }} play one.{% endtrans",
        "you {{ must }} play one, unless it is a Fear card.{% endtrans",
        "a player who holds the Leading Realm must follow it",
        49,
        "if you hold a card of the leading realm",
        "unless it is a fear card",
    ),
    Edit(
        "atm-the-gatekeeper-wins-when-led",
        ATM,
        ATM_BOOK,
        "%}{{ gk }} :gate: {{ wins }} any trick it is part of.",
        "%}Led by the Chosen One, {{ gk }} :gate: {{ wins }} any trick it is part of.",
        "The Gatekeeper wins any trick it is part of",
        75,
        "wins any trick it is part of",
        "led by the chosen one",
    ),
    Edit(
        "vx-quickref-reinforce-only-when-full",
        VX,
        f"layouts/{VX}/quickref/round.md.j2",
        "{{ placed }} {{ devotees }}; field limit",
        "{{ placed }} {{ devotees }}, only once your field is full; field limit",
        "a full field cannot Reinforce",
        78,
        "1–2 devotees; field limit",
        "only once your field is full",
    ),
    # (d) a card's text restating a rule differently
    Edit(
        "vx-bacchanalia-an-extra-crusade",
        VX,
        f"catalog/{VX}/rogations.csv",
        "In this round's Frenzy phase you may take one more Frenzy action than normal.",
        "In this round's Crusade phase you may take one more Crusade than normal.",
        "Bacchanalia gives one more Frenzy",
        50,
        "one more frenzy action",
        "one more crusade",
    ),
    Edit(
        "aoc-crystal-sea-only-you-look",
        AOC,
        AOC_GOOD,
        "All Good players look at the top 5 cards of the Opponent deck",
        "You alone look at the top 5 cards of the Opponent deck",
        "Crystal Sea shows every Good player the top Opponent cards",
        192,
        "all good players",
        "you alone",
    ),
    Edit(
        "aoc-heaven-draws-for-its-owner",
        AOC,
        AOC_GOOD,
        "While Heaven is the active Place, each Good player draws 2 cards",
        "While Heaven is the active Place, the player who played it draws 2 cards",
        "under Heaven every Good player draws more",
        214,
        "each good player",
        "the player who played it",
    ),
    Edit(
        "aoc-hail-hits-one-person",
        AOC,
        AOC_FOE,
        "deals 5 damage to every Good Person card each round",
        "deals 5 damage to one Good Person card each round",
        "Hail of Iron Globes hits every Good Person in play",
        225,
        "every good person",
        "one good person",
    ),
    Edit(
        "aot-a-transformation-only-covers",
        AOT,
        f"catalog/{AOT}/transformations.csv",
        '"Play it as an :air: Air tile, or lay it over any tile',
        '"Play it only by laying it over any tile',
        "a Transformation tile may be laid over any tile in the World but the Snake",
        107,
        "or lay over any tile",
        "it only by laying it over",
    ),
    Edit(
        "aot-the-switch-goes-back-into-the-deck",
        AOT,
        f"catalog/{AOT}/game.toml",
        "pawns ride along. Then remove this tile from the game.",
        "pawns ride along. Then shuffle this tile back into the Tile Deck.",
        "a Switch tile leaves the game once played",
        111,
        "then remove it",
        "shuffle this tile back into the tile deck",
    ),
    Edit(
        "atm-flight-for-one-trick",
        ATM,
        ATM_REALMS,
        FLIGHT[0],
        FLIGHT[1],
        "the Flight's new Ruling Realm holds from then on",
        101,
        "from now on",
        "for this trick only",
        also=tuple((ATM_REALMS, *FLIGHT) for _ in range(5)),
    ),
    Edit(
        "atm-duel-lower-roll-wins",
        ATM,
        ATM_REALMS,
        DUEL[0],
        DUEL[1],
        "the higher roll of a Duel takes the trick",
        93,
        "'higher'",
        "'lower'",
        also=tuple((ATM_REALMS, *DUEL) for _ in range(5)),
    ),
    # (e) a table's who/when/what word
    Edit(
        "aot-turn-table-tiles-from-the-deck",
        AOT,
        f"catalog/{AOT}/game.toml",
        '[1, "Place 2 tiles from your hand,',
        '[1, "Place 2 tiles from the Tile Deck,',
        "the tiles placed in a turn come from the hand",
        87,
        "your hand",
        "the tile deck",
    ),
    Edit(
        "aot-the-border-shows-the-same-element",
        AOT,
        f"catalog/{AOT}/game.toml",
        "ornament border shows the element that opposes the element in its middle.",
        "ornament border shows the same element as its middle.",
        "an Element tile's border shows the element that opposes its own",
        103,
        "the element that opposes it",
        "the same element as its middle",
    ),
    Edit(
        "ae-turn-table-support-from-the-supply",
        AE,
        f"catalog/{AE}/game.toml",
        '["Support", "Draw cards from your deck for Family.',
        '["Support", "Draw cards from the supply for Family.',
        "the turn table's Support draws from the player's own deck",
        37,
        "draw cards from your deck for family",
        "from the supply",
    ),
    Edit(
        "ae-display-table-money-on-henchmen-in-play",
        AE,
        f"catalog/{AE}/game.toml",
        '"+$1 per $ icon on your defeated Henchmen"',
        '"+$1 per $ icon on every Henchman in play"',
        "each icon on a defeated Henchman adds one",
        32,
        "on your defeated henchmen",
        "on every henchman in play",
    ),
    Edit(
        "ae-benefits-hand-size-in-support",
        AE,
        f"catalog/{AE}/game.toml",
        '["Hand Size", "+1 card drawn at the end of Recoup"]',
        '["Hand Size", "+1 card drawn in Support"]',
        "a Hand Size icon draws one more at the end of Recoup",
        56,
        "drawn at the end of recoup",
        "drawn in support",
    ),
    Edit(
        "atm-quickref-the-chosen-ones-left-neighbour",
        ATM,
        f"layouts/{ATM}/quickref/dice.md.j2",
        "{{ high }} deals as the Chosen One.",
        "{{ high }} deals, and the player on their left is the Chosen One.",
        "the highest roll of the Duel Die wins a roll-off",
        25,
        "the highest roll",
        "the player on their left is the chosen one",
    ),
    # (f) a card moved to the other deck
    Edit(
        "aoc-heaven-in-the-opponent-deck",
        AOC,
        AOC_GOOD,
        HEAVEN_ROW,
        "",
        "the cards the example plays from the Good decks are Good cards",
        209,
        "good",
        "opponent",
        also=((AOC_FOE, "golden-idol,", HEAVEN_ROW + "golden-idol,"),),
    ),
]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("round11-edits"), GAMES)


@pytest.mark.parametrize("e", EDITS, ids=[e.id for e in EDITS])
def test_an_eleventh_round_edit_fails_naming_the_fact_its_source_line_and_both_values(
    project: Path, e: Edit, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert_caught(project, e, monkeypatch)


def test_the_round_edits_every_game_and_each_class() -> None:
    assert len(EDITS) >= 24
    assert {e.game for e in EDITS} == set(GAMES)
    assert len({e.id for e in EDITS}) == len(EDITS)
