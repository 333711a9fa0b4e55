"""A fourth reviewer's round of seed-breaking edits (issue #42), aimed at what the earlier
rounds (`seed_edits.py`, `test_rules_edits_*.py`, `test_rules_faces_rows_icons.py`) left
alone: rulebook sentences about timing, order and placement that no fact rendered, a
quick-reference cell's what/when words, a setup step's `say` against the source, a card
moved to another deck with every total unchanged, and a card's own rule words. Three
batches, each made after the misses of the one before were fixed, on other sentences.

Each edit is applied to a copy of its game; `cardstock check` fails naming the fact, the
source line it is held to (when the source states it) and both values. The edits the check
are each caught by a fact of their own: a sentence a template types instead of rendering
it from a fact would let its edit pass.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import GAMES
from helpers_edits import games_copy
from test_rules_edits_reviewer import Edit, _q, assert_caught

pytestmark = pytest.mark.needs_seeds

AOC, AOT, AE, ATM, VX = GAMES

STATIC = (
    "static,Static,1,Anarchists,anarchists,4,1,worker,intellect intellect stealth speed,"
    '"While Static is in play, the radios are dead: no one may Call the Cops.",all'
)
VELVET = (
    "velvet,Velvet,1,Mafia,mafia,4,1,senior,stealth speed intellect resolve,"
    '"While Velvet is in play, every Equipment card costs $1 more to buy.",all'
)
JORDAN = (
    'jordan-river,Jordan River,1,1,Place,,earth,6,,no,,,,,,1,,,"While the Jordan River is '
    'the active Place, remove 1 damage from each Good Person card at the end of every round.",,all'
)
BABEL = (
    'tower-of-babel,Tower of Babel,1,1,Place,,earth,7,,no,,,,,,,,,"While the Tower of Babel '
    "is the active Place, Good players may not play Event cards on a teammate's cards.\",,all"
)


def _moved(row: str, old: str, new: str) -> str:
    return row.replace(old, new)


EDITS = [
    # (e) rulebook sentences about timing, order, who acts and where cards go
    Edit(
        "ae-rulebook-nemesis-dealt-face-up",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "one dealt {{ secretly }} to each hero",
        "one dealt face up to each hero",
        "each player's Nemesis is dealt face down",
        26,
        _q("face down"),
        _q("face up"),
    ),
    Edit(
        "ae-rulebook-hostages-at-end-of-turn",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "The Henchman {{ when }} takes the civilians",
        "At the end of your turn the Henchman takes the civilians",
        "a Henchman takes its hostages the moment it comes into play",
        35,
        _q("immediately"),
        _q("at the end of your turn"),
    ),
    Edit(
        "vx-rulebook-frenzy-one-after-another",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "{{ all }} act {{ together }}, each",
        "{{ all }} act one after another in turn order, each",
        "in the Frenzy step every player acts at the same time",
        56,
        _q("at the same time"),
        _q("one after another"),
    ),
    Edit(
        "vx-rulebook-fearful-shuffled-in",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "they score, but do {{ out }} your deck",
        "they score, and are shuffled into your deck",
        "Fearful Converts score from their own pile and never join a deck",
        70,
        _q("not go in"),
        "they score and are shuffled into your deck",
    ),
    Edit(
        "vx-rulebook-rogation-to-discard",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "A used Rogation goes to {{ to }}.",
        "A used Rogation goes to your discard pile.",
        "a used Rogation goes to the Vortex",
        52,
        _q("the Vortex"),
        _q("your discard pile"),
    ),
    Edit(
        "aoc-rulebook-lured-attacks-straight-away",
        AOC,
        f"layouts/{AOC}/rulebook.md.j2",
        "A Person Lured Astray {{ waits }} to attack or use abilities.",
        "A Person Lured Astray may attack or use abilities straight away, the turn it joins.",
        "a Person Lured Astray waits until the end of the round to attack or use abilities",
        152,
        _q("waits until the end of the round"),
        _q("straight away"),
    ),
    # (d) a quick-reference cell's when/what words
    Edit(
        "ae-foes-villain-over-several-phases",
        AE,
        f"catalog/{AE}/game.toml",
        '"match all of its Hero icons in one Crime-fighting phase"',
        '"match its Hero icons over as many Crime-fighting phases as you need"',
        "an Arch Villain or a Nemesis is beaten within one Crime-fighting phase",
        None,
        "the rulebook states 1",
        "as many Crime-fighting phases as you need",
    ),
    Edit(
        "vx-crusade-failed-reason-kills-both",
        VX,
        f"catalog/{VX}/game.toml",
        '"nothing happens; both stay in play"',
        '"both are killed and go to the Vortex"',
        "a Reason Crusade that fails does nothing",
        68,
        "nothing happens; both stay in play",
        "both are killed and go to the Vortex",
    ),
    # (c) a setup step's words against the source
    Edit(
        "atm-setup-keys-face-up",
        ATM,
        f"catalog/{ATM}/rules.toml",
        'say = "shuffle them and lay them face down, keys hidden"',
        'say = "shuffle them and lay them face up, keys shown"',
        "the Key cards are laid face down",
        23,
        _q("face down"),
        _q("face up"),
    ),
    Edit(
        "aoc-setup-decks-face-up",
        AOC,
        f"catalog/{AOC}/rules.toml",
        'say = "shuffle each deck well and place both face down"',
        'say = "shuffle each deck well and place both face up"',
        "the two decks are placed face down",
        44,
        _q("face down"),
        _q("face up"),
    ),
    Edit(
        "vx-setup-no-devotee-kept",
        VX,
        f"catalog/{VX}/rules.toml",
        "with no Devotee among them, shuffle back and draw again",
        "with no Devotee among them, keep them and play on",
        "an opening hand with no Devotee is shuffled back and drawn again",
        25,
        _q("shuffle back"),
        _q("keep them"),
    ),
    # (a) a card's rule words against the source
    Edit(
        "aot-transform-covers-the-snake",
        AOT,
        f"catalog/{AOT}/transformations.csv",
        "lay it over any tile in the World but the Snake: that space becomes Water",
        "lay it over any tile in the World, the Snake too: that space becomes Water",
        "a Transformation, -2 or Switch tile never goes on the Snake",
        59,
        "but the Snake",
        "the Snake too",
    ),
    # (b) two cards change decks, every total unchanged
    Edit(
        "ae-static-and-velvet-change-gangs",
        AE,
        f"catalog/{AE}/anarchists.csv",
        STATIC,
        _moved(VELVET, "Mafia,mafia", "Anarchists,anarchists"),
        "the Mafia's Arch Villains are these four",
        None,
        "Velvet",
        "set anarchists",
        also=(
            (
                f"catalog/{AE}/mafia.csv",
                VELVET,
                _moved(STATIC, "Anarchists,anarchists", "Mafia,mafia"),
            ),
        ),
    ),
    Edit(
        "aoc-jordan-and-babel-change-decks",
        AOC,
        f"catalog/{AOC}/good.csv",
        JORDAN,
        BABEL,
        "the Good Starter deck holds these cards, and a card moved to the other deck fails",
        None,
        "Jordan River",
        "set opponent",
        also=((f"catalog/{AOC}/opponent.csv", BABEL, JORDAN),),
    ),
    # (e) in the French-translated game too: a rule word rendered in both languages
    Edit(
        "atm-rulebook-flight-this-trick-only",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "for the rest of this trick and {{ later }}",
        "for the rest of this trick only",
        "the Ruling Realm the Flight rolls holds for every later trick",
        101,
        _q("every later trick"),
        _q("this trick only"),
    ),
    Edit(
        "atm-rulebook-fear-cannot-be-trumped",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "and it {{ can }} still be trumped",
        "and it cannot be trumped",
        "a Fear card played in the Leading Realm can still be trumped",
        117,
        _q("can"),
        _q("cannot"),
    ),
    # (a) a number in a card's prose against the card's own field
    Edit(
        "ae-nemesis-hollow-draws-two-fewer",
        AE,
        f"catalog/{AE}/nemeses.csv",
        "you draw 1 card fewer in your Support phase",
        "you draw 2 cards fewer in your Support phase",
        "a Nemesis's text states what it costs you, and no number its fields do not hold",
        None,
        "hinder is 1",
        "draw 2 cards fewer",
    ),
    # a second batch, on what the first one's fixes did not reach
    Edit(
        "atm-soul-ranger-strongest-card",
        ATM,
        f"catalog/{ATM}/realms.csv",
        "pass your weakest card face down to an opponent of your choice",
        "pass your strongest card face down to an opponent of your choice",
        "the Soul Ranger's text gives the weakest card away",
        109,
        "pass your weakest card",
        "pass your strongest card",
    ),
    Edit(
        "vx-still-waters-skips-crusade",
        VX,
        f"catalog/{VX}/vortex.csv",
        "Skip the Rogations phase this round.",
        "Skip the Crusade phase this round.",
        "the special rules that skip or precede the Rogations step name it",
        30,
        _q("Rogations"),
        "Skip the Crusade phase",
    ),
    Edit(
        "ae-brass-knuckles-two-icons",
        AE,
        f"catalog/{AE}/equipment.csv",
        "Pay $1 to use it: it counts as one :might: icon this turn.",
        "Pay $1 to use it: it counts as two :might: icons this turn.",
        "the single-icon Equipment and the Hotline cost $1 to use, for one icon or one request",
        None,
        "the rulebook states 1",
        "has 2",
    ),
    Edit(
        "ae-setup-display-face-down",
        AE,
        f"catalog/{AE}/rules.toml",
        'say = "deal {count} cards face up into the display"',
        'say = "deal {count} cards face down into the display"',
        "the display is dealt face up",
        24,
        _q("face up"),
        _q("face down"),
    ),
    Edit(
        "aot-setup-snake-at-the-edge",
        AOT,
        f"catalog/{AOT}/rules.toml",
        'say = "lay the Snake in the middle"',
        'say = "lay the Snake at the edge of the table"',
        "the Snake is laid in the middle of the table",
        59,
        _q("the middle"),
        "the Snake at the edge of the table",
    ),
    Edit(
        "ae-benefits-villain-icon-removes-threat",
        AE,
        f"catalog/{AE}/game.toml",
        '["Arch Villain icon", "1 Threat token on that Arch Villain"]',
        '["Arch Villain icon", "remove 1 Threat token from that Arch Villain"]',
        "table benefits, row Arch Villain icon",
        50,
        _q("Threat token on that Arch Villain"),
        _q("remove 1 Threat token from that Arch Villain"),
    ),
    Edit(
        "vx-refill-discard-then-draw",
        VX,
        f"catalog/{VX}/game.toml",
        '"Draw up to 7 cards, or discard any number and draw none this round."',
        '"Draw up to 7 cards, or discard any number and draw as many."',
        "a player who discards at Refill draws nothing that round",
        84,
        _q("draw none"),
        _q("draw as many"),
    ),
    Edit(
        "atm-rulebook-neither-must-pass",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "If you have neither, {{ play }} you like as a discard.",
        "If you have neither, you must pass and play no card.",
        "a player with neither the Leading nor the Ruling Realm plays any card as a discard",
        55,
        _q("play any card"),
        _q("must pass"),
    ),
    Edit(
        "aoc-rulebook-opponent-place-discarded",
        AOC,
        f"layouts/{AOC}/rulebook.md.j2",
        "deck {{ replaces }} the active one straight away",
        "deck is discarded and the active one stays",
        "a Place drawn from the Opponent deck replaces the active Place at once",
        102,
        _q("replaces"),
        _q("is discarded"),
    ),
    Edit(
        "ae-rulebook-freed-civilian-removed",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "Each freed civilian {{ returns }}.",
        "Each freed civilian is removed from the game.",
        "a freed civilian goes back to its pool",
        45,
        _q("returns to its pool"),
        _q("is removed from the game"),
    ),
    Edit(
        "vx-rulebook-empty-draw-pile-out",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "When it runs out, {{ renew }} to make a new draw pile.",
        "When it runs out, you are out of the game.",
        "an empty draw pile is made again from the discard pile",
        21,
        _q("shuffle your discard pile"),
        _q("you are out of the game"),
    ),
    Edit(
        "aot-rulebook-score-opposite-tile",
        AOT,
        f"layouts/{AOT}/rulebook.md.j2",
        "compare it with each tile {{ next }}",
        "compare it with the tile opposite it",
        "a pawn's tile is compared with each tile next to it",
        151,
        _q("next to it"),
        _q("opposite it"),
    ),
    # a third batch: six more sentences, one caught before its fact was added
    Edit(
        "aot-turn-special-tile-kept",
        AOT,
        f"catalog/{AOT}/game.toml",
        "A -2 or Switch drawn is played at once",
        "A -2 or Switch drawn is kept in your hand",
        "a -2 or Switch drawn is played at once",
        None,
        _q("at once"),
        "is kept in your hand",
    ),
    Edit(
        "vx-rulebook-decks-kept-apart",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "share a back, since they are {{ together }}",
        "each have a back of their own, and are kept apart",
        "Devotees, Frenzies and Rogations are shuffled together into one deck",
        25,
        _q("shuffled together"),
        _q("kept apart"),
    ),
    Edit(
        "ae-rulebook-recoup-keeps-hand",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "{{ discard }} the rest of your hand and draw",
        "Keep the rest of your hand and draw",
        "Recoup discards the rest of the hand before the new draw",
        56,
        _q("Discard"),
        _q("Keep"),
    ),
    Edit(
        "atm-rulebook-quick-game-any-options",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "agree at the start on **{{ one }}** of these three options — not all of them at once",
        "agree at the start on any of these three options — all of them at once if you like",
        "a quick game takes one of the three options",
        125,
        _q("one"),
        _q("any"),
    ),
    Edit(
        "aoc-rulebook-fire-marks-an-angel",
        AOC,
        f"layouts/{AOC}/rulebook.md.j2",
        "The {{ cloud }} marks an Angel.",
        "The fire marks an Angel.",
        "the cloud icon marks an Angel",
        88,
        _q("cloud"),
        _q("fire"),
    ),
    Edit(
        "vx-rulebook-turned-vortex-reshuffled",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "form {{ own }}, {{ shown }}, beside the Vortex deck",
        "are shuffled back into the Vortex deck",
        "a turned Vortex card goes to a pile of its own, not back into the Vortex deck",
        23,
        _q("their own pile"),
        _q("shuffled back into"),
    ),
]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("round4-edits"), GAMES)


@pytest.mark.parametrize("e", EDITS, ids=[e.id for e in EDITS])
def test_a_fourth_round_edit_fails_naming_the_fact_its_source_line_and_both_values(
    project: Path, e: Edit, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert_caught(project, e, monkeypatch)


def test_the_round_spreads_over_every_game() -> None:
    assert {e.game for e in EDITS} == set(GAMES)
    assert len(EDITS) >= 12
