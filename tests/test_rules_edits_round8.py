"""An eighth reviewer's round of seed-breaking edits (issue #42).

First, the five rulebook sentences the seventh round left escaping, each now a rule fact the
template renders, so a retyped sentence fails naming the fact, its source line and both
values: who leads after The Black Hole, a Zealot whose bluff is exposed, the element of a
covered space, how the Objective is had, where the ring's leftover tiles go.

Then twenty-eight new edits of the issue's kinds, on facts, games and files no earlier round
touched. Two are no seed-breaking edit and are not kept here: two Henchmen (and two
Nemeses) of Alter Ego exchanged between gangs, cards of the designer's own that no source,
text or table places in a gang. Of the other twenty-six, sixteen were caught by the checks
as they were; all are caught now. Eight by more of the template vocabulary
(`rule_words.toml`: on their left / on their right, in the box / into the deck, to the
supply / to another player, from the supply / from another player), the rest by rule facts
the templates and tables now render or are held to (a special tile in a starting hand goes
back into the deck, the game ends when no Vortex card is left, a defeated Nemesis's
hindrance ends, the Henchmen deck is reshuffled, The Black Hole's card text names who
leads).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import GAMES
from helpers_edits import games_copy
from test_rules_edits_reviewer import Edit, _q, assert_caught

pytestmark = pytest.mark.needs_seeds

AOC, AOT, AE, ATM, VX = GAMES
TYPED = "the rulebook and quick references type no number or name the catalog holds"

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
    # a number in card prose against the card's field
    Edit(
        "ae-the-jackal-takes-two-dollars",
        AE,
        f"catalog/{AE}/nemeses.csv",
        "your Job cards give $1 less",
        "your Job cards give $2 less",
        "a Nemesis's text states what it costs you, and no number its fields do not hold",
        None,
        "The Jackal's hinder is 1",
        "give $2 less",
    ),
    Edit(
        "ae-grappling-gun-costs-two-to-use",
        AE,
        f"catalog/{AE}/equipment.csv",
        "Pay $1 to use it: it counts as one :speed:",
        "Pay $2 to use it: it counts as one :speed:",
        "the single-icon Equipment and the Hotline cost $1 to use",
        None,
        "the rulebook states 1",
        "Grappling Gun's text ('Pay $… to use it') has 2",
    ),
    Edit(
        "vx-procession-three-crusades",
        VX,
        f"catalog/{VX}/rogations.csv",
        "You may make 2 Crusades this round",
        "You may make 3 Crusades this round",
        "each Rogation's text states its own amount",
        None,
        "Procession's amount is 2",
        "make 3 Crusades",
    ),
    Edit(
        "vx-muster-field-limit-of-six",
        VX,
        f"catalog/{VX}/rogations.csv",
        "The field limit of 5 still holds.",
        "The field limit of 6 still holds.",
        "a field holds at most 5 Devotees/Zealots",
        78,
        "the rulebook states 5",
        "Muster's text ('field limit of …') has 6",
    ),
    Edit(
        "aoc-jophiel-draws-two",
        AOC,
        f"catalog/{AOC}/good.csv",
        "may discard 1 card from hand and draw 1.",
        "may discard 1 card from hand and draw 2.",
        "each Good card's text states its own amount, and no number its fields do not hold",
        None,
        "Jophiel's text states '2'",
        "amount",
    ),
    # a rule stated in two places: a card's text against the rulebook, a note against a step
    Edit(
        "atm-every-black-hole-says-the-chosen-one-leads",
        ATM,
        f"catalog/{ATM}/realms.csv",
        "whoever swallows a trick leads the next.",
        "the Chosen One leads the next.",
        "whoever swallows a trick with The Black Hole leads the next one",
        105,
        _q("whoever swallows"),
        "text says 'the Chosen One'",
        also=(
            (
                f"catalog/{ATM}/realms.csv",
                "whoever swallows a trick leads the next.",
                "the Chosen One leads the next.",
            ),
        )
        * 5,
    ),
    Edit(
        "vx-setup-note-leftovers-shuffled-in",
        VX,
        f"catalog/{VX}/game.toml",
        "Unused Vortex cards, Frenzies and Rogations go back in the box.",
        "Unused Vortex cards, Frenzies and Rogations are shuffled into the draw piles.",
        "the Frenzies and Rogations no player is dealt go back in the box",
        25,
        _q("in the box"),
        "shuffled into the draw piles",
    ),
    # rulebook wording against the source
    Edit(
        "atm-the-player-on-the-winners-left-leads",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "in front of them and leads the next one.",
        "in front of them, and the player on their left leads the next one.",
        TYPED,
        None,
        _q("on their left"),
        _q("on their right"),
    ),
    Edit(
        "aot-a-starting-hands-special-tile-to-the-box",
        AOT,
        f"layouts/{AOT}/rulebook.md.j2",
        "shuffle any you draw back into the {{ deck }} and draw again.",
        "put any you draw back in the box and draw again.",
        "a special tile drawn into a starting hand is shuffled back into the deck",
        77,
        _q("deck"),
        _q("box"),
    ),
    Edit(
        "ae-unused-villains-laid-face-up",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "put the others back {{ boxed }} unseen.",
        "lay the others face up beside the board.",
        "the Arch Villains not drawn go back in the box",
        21,
        "the others back in the box",
        "lay the others face up beside the board",
    ),
    Edit(
        "ae-teamwork-tokens-given-to-another-player",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "tokens {{ supply }} in place of any",
        "tokens to another player in place of any",
        "Teamwork tokens spent for a Hero icon go back to the supply",
        48,
        _q("to the supply"),
        _q("to another player"),
    ),
    Edit(
        "vx-the-game-ends-at-half-the-vortex-deck",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "When a Vortex card should be turned and none is left, the game {{ ends }}.",
        "When half the Vortex cards have been turned, the game ends.",
        "with no Vortex card left to turn, the game ends",
        40,
        "none left ends",
        "when half the vortex cards have been turned",
    ),
    # where a card or token goes or comes from, and who, typed into a rulebook sentence
    Edit(
        "aoc-a-defeated-opponent-back-in-the-box",
        AOC,
        f"layouts/{AOC}/rulebook.md.j2",
        "card is discarded {{ discard_face }} beside the {{ foe }} deck.",
        "card is put back in the box.",
        TYPED,
        None,
        "types the rule word 'in the box'",
        "its opposite: 'into the deck'",
    ),
    Edit(
        "atm-the-rest-of-the-pack-in-the-box",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "The rest of the pack stays {{ down }} as the deck.",
        "The rest of the pack goes back in the box.",
        TYPED,
        None,
        "types the rule word 'in the box'",
        "its opposite: 'into the deck'",
    ),
    Edit(
        "vx-unused-vortex-cards-into-the-deck",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "return the others {{ boxed }}.",
        "shuffle the others into the deck.",
        TYPED,
        None,
        "types the rule word 'into the deck'",
        "its opposite: 'in the box'",
    ),
    Edit(
        "ae-the-recoup-card-from-another-player",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "of your choice {{ supply }} and add it",
        "of your choice from another player and add it",
        "Cop and Teamwork tokens and the card added at Recoup come from the supply",
        55,
        _q("from the supply"),
        _q("from another player"),
    ),
    Edit(
        "atm-the-player-on-their-right-deals",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "The Chosen One shuffles the pack",
        "The player on their right shuffles the pack",
        TYPED,
        None,
        "types the rule word 'on their right'",
        "its opposite: 'on their left'",
    ),
    # a card moved to another deck, every total unchanged
    Edit(
        "vx-burial-rites-and-insight-change-decks",
        VX,
        f"catalog/{VX}/rogations.csv",
        "burial-rites,Burial Rites,4,,3,,Every other player skips this round's Frenzy phase.,"
        "count min_devotees",
        "insight,Insight,4,,3,,A sudden clarity: this Zealot's :reason: Reason +1.,"
        "count min_devotees",
        "Rally is a Rogation",
        None,
        "puts Burial Rites in the Rogations",
        "set frenzies",
        also=(
            (
                f"catalog/{VX}/frenzies.csv",
                "insight,Insight,4,1,0,0,0,0,A sudden clarity: this Zealot's :reason: "
                "Reason +1.,all",
                "burial-rites,Burial Rites,4,1,0,0,0,0,Every other player skips this round's "
                "Frenzy phase.,all",
            ),
        ),
    ),
    # who, what and when words of a table
    Edit(
        "vx-fearfuls-score-for-red-only",
        VX,
        f"catalog/{VX}/game.toml",
        '["each Fearful in your Fearful pile", 1, "every player"]',
        '["each Fearful in your Fearful pile", 1, "the Red player only"]',
        "True Converts and Fearfuls score for every player",
        19,
        "the rulebook states every player",
        "the table has the Red player only",
    ),
    Edit(
        "vx-a-used-rogation-to-its-owners-discard-pile",
        VX,
        f"catalog/{VX}/game.toml",
        '["Rogation, once used", "the Vortex"]',
        '["Rogation, once used", "its owner\'s discard pile"]',
        "True Converts to the discard pile, Fearfuls to the Fearful pile, the dead to the Vortex",
        68,
        "the rulebook states the Vortex",
        "its owner's discard pile",
    ),
    Edit(
        "vx-a-tied-kill-kills-neither",
        VX,
        f"catalog/{VX}/game.toml",
        '"equal", "both are killed and go to the Vortex"',
        '"equal", "neither is killed; both stay in play"',
        "a tied Kill kills both cards",
        72,
        "both are killed and go to the Vortex",
        "neither is killed",
    ),
    Edit(
        "ae-a-defeated-nemesis-hinders-still",
        AE,
        f"catalog/{AE}/game.toml",
        "a personal victory, and its hindrance ends",
        "a personal victory, but its hindrance stays",
        "a defeated Nemesis no longer hampers you",
        None,
        _q("ends"),
        _q("stays"),
    ),
    Edit(
        "ae-family-power-for-every-player",
        AE,
        f"catalog/{AE}/game.toml",
        "Teamwork (3+ icons in play, a Family card in your display): take 1 Teamwork token",
        "Teamwork (3+ icons in play, a Family card in your display): "
        "every player takes 1 Teamwork token",
        "the Family power gives one Teamwork token",
        39,
        "the rulebook states 1",
        "every player takes 1 Teamwork token",
    ),
    # a designer's choice against the source
    Edit(
        "aot-choice-the-youngest-goes-first",
        AOT,
        f"catalog/{AOT}/game.toml",
        'choice = "the player who most recently saw a real snake goes first',
        'choice = "the youngest player goes first',
        "the player who most recently saw a snake starts",
        95,
        "does not say 'who most recently'",
        "the youngest player goes first",
    ),
    Edit(
        "ae-choice-an-empty-henchmen-deck-loses",
        AE,
        f"catalog/{AE}/game.toml",
        'choice = "shuffle the Henchmen discard pile to make a new deck"',
        'choice = "when the Henchmen deck runs out, the villains win"',
        "when the Henchmen deck runs out, its discard pile is shuffled into a new one",
        56,
        "does not say 'shuffle the Henchmen discard pile'",
        "the villains win",
    ),
    Edit(
        "vx-choice-ties-broken-by-true-converts",
        VX,
        f"catalog/{VX}/game.toml",
        'choice = "Tied players share the win"',
        'choice = "Of tied players, the one with more True Converts wins"',
        "tied players share the win",
        40,
        _q("share the win"),
        "the one with more True Converts wins",
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


def test_the_eighth_round_spreads_over_the_five_games() -> None:
    assert {e.game for e in EDITS} == set(GAMES)
