"""A reviewer's round of seed-breaking edits (issue #42), on facts, games and files the
earlier rounds (`seed_edits.py`, `test_rules_edits_*.py`) left alone: a word typed into a
quick reference or a rulebook where a fact is rendered, a who/when/what word of a table
row turned to its opposite, a card's phase, a die's face, an icon beside another icon's
word, a number in a card's prose against its field, a table's wording against the source.

Each edit is applied to a copy of its game; `cardstock check` fails naming the fact, the
source line it is held to (when the source states it) and both values. The unedited games
passing the same checks is `test_rules_edits_words.py`'s test.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import GAMES, SEEDS
from helpers_edits import SEED_FILES, failures_edited, games_copy

from cardstock.rules.sources import SOURCES_ENV

PARTS = {"facts", "constraints"}
pytestmark = pytest.mark.needs_seeds

AOC, AOT, AE, ATM, VX = GAMES


@dataclass(frozen=True)
class Edit:
    id: str
    game: str
    file: str  # under the project
    old: str
    new: str
    fact: str  # the fact's name, as the finding gives it
    line: int | None  # the seed line the finding names (None: the source states no such thing)
    before: str
    after: str
    also: tuple[tuple[str, str, str], ...] = ()  # more changes of the same edit: (file, old, new)


def _q(word: str) -> str:
    return f"'{word}'"


EDITS = [
    # a word typed into a template where a fact is rendered
    Edit(
        "vx-quickref-none-left-reshuffles",
        VX,
        f"layouts/{VX}/quickref/round.md.j2",
        "none left {{ ends }} the game",
        "none left, reshuffle them",
        "with no Vortex card left to turn, the game ends",
        40,
        _q("ends"),
        _q("reshuffle"),
    ),
    Edit(
        "vx-rulebook-discard-pile-fearful",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "{{ converts }} you take arrive here",
        "Fearful Converts you take arrive here",
        "True Converts go to the winner's discard pile",
        68,
        _q("True Converts"),
        _q("Fearful Converts"),
    ),
    Edit(
        "vx-rulebook-vortex-rule-lasts",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "applies for {{ lasts }}",
        "applies for the rest of the game",
        "a Vortex card's special rule lasts for its round only",
        38,
        _q("this round only"),
        _q("the rest of the game"),
    ),
    Edit(
        "vx-rulebook-revealed-frenzy-swapped",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "it {{ swapped }} be swapped",
        "it can be swapped",
        "a revealed Frenzy cannot be swapped",
        58,
        _q("cannot"),
        _q("can"),
    ),
    Edit(
        "atm-quickref-actions-in-ruling-realm",
        ATM,
        f"layouts/{ATM}/quickref/hierarchy.md.j2",
        "only in the {{ leading }} Realm",
        "only in the Ruling Realm",
        "an Action card's power works only in the Leading Realm",
        83,
        _q("Leading"),
        _q("Ruling"),
    ),
    Edit(
        "atm-quickref-trick-order-turned",
        ATM,
        f"layouts/{ATM}/quickref/hierarchy.md.j2",
        "else the best {{ beats }} (Ruling Realm); else the best Leading Realm card",
        "else the best Leading Realm card; else the best trump (Ruling Realm)",
        "after the Gatekeeper, the best trump takes the trick before any Leading Realm card",
        53,
        _q("trump"),
        "else the best leading realm card else the best trump",
    ),
    Edit(
        "atm-quickref-exchange-up-to",
        ATM,
        f"layouts/{ATM}/quickref/dice.md.j2",
        "swap {{ exactly }} that many",
        "swap up to that many",
        "an exchange swaps exactly the number rolled",
        31,
        _q("exactly"),
        _q("up to"),
    ),
    Edit(
        "atm-quickref-key-shown",
        ATM,
        f"layouts/{ATM}/quickref/dice.md.j2",
        ":key:, {{ unseen }}.",
        ":key:, shown to all.",
        "a Key card won is taken unseen and kept face down",
        59,
        _q("unseen"),
        _q("shown to all"),
    ),
    Edit(
        "aoc-quickref-opponents-less",
        AOC,
        f"layouts/{AOC}/quickref/scoring.md.j2",
        "Strength is {{ greater }} than",
        "Strength is less than",
        "the Opponents win when their Strength is greater than Good's",
        40,
        _q("greater"),
        _q("less"),
    ),
    Edit(
        "aot-quickref-one-neighbour",
        AOT,
        f"layouts/{AOT}/quickref/scoring.md.j2",
        "with {{ every }} neighbour",
        "with one neighbour of your choice",
        "a pawn's tile scores against each tile next to it",
        157,
        _q("every"),
        _q("one"),
    ),
    Edit(
        "aoc-quickref-icons-swapped",
        AOC,
        f"layouts/{AOC}/quickref/scoring.md.j2",
        ":cloud: Angel · :fire: Fallen Angel",
        ":fire: Angel · :cloud: Fallen Angel",
        "type no number or name the catalog holds",
        None,  # the icons are the designer's: the two labels are the values
        "Good Supernatural Person (Angel)",
        ":cloud: Fallen",
    ),
    # who / when / what words of a table row
    Edit(
        "vx-crusade-attacker-draws",
        VX,
        f"catalog/{VX}/game.toml",
        "the defender draws up to 2 cards",
        "the attacker draws up to 2 cards",
        "when Repulsion holds, the defender draws or reinforces",
        70,
        _q("the defender"),
        _q("the attacker"),
    ),
    Edit(
        "vx-fates-frenzy-to-winner",
        VX,
        f"catalog/{VX}/game.toml",
        '["Frenzy on a converted Zealot", "its owner\'s discard pile"]',
        '["Frenzy on a converted Zealot", "the winner\'s discard pile"]',
        "True Converts to the discard pile, Fearfuls to the Fearful pile, the dead to the Vortex",
        68,  # cited with 70, 72, 74 (line 74: a converted Zealot's Frenzy goes back to its owner)
        "its owner's discard pile",
        "the winner's discard pile",
    ),
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
    Edit(
        "ae-hand-size-in-support",
        AE,
        f"catalog/{AE}/game.toml",
        "+1 card drawn at the end of Recoup",
        "+1 card drawn in Support",
        "a Hand Size icon draws one more at the end of Recoup",
        56,
        "drawn at the end of Recoup",
        "drawn in Support",
    ),
    Edit(
        "ae-patrol-discard-face-up",
        AE,
        f"catalog/{AE}/game.toml",
        "discard the rest face down",
        "discard the rest face up",
        "the Henchmen not chosen are discarded face down",
        33,
        "face down",
        "face up",
    ),
    Edit(
        "ae-defeated-henchman-discarded",
        AE,
        f"catalog/{AE}/game.toml",
        "keep it: its benefit icons are yours",
        "discard it: its benefit icons are yours",
        "a defeated Henchman is kept in your play area",
        49,
        _q("keep"),
        _q("discard"),
    ),
    Edit(
        "aoc-clean-up-newest-first",
        AOC,
        f"catalog/{AOC}/game.toml",
        "has not acted this round, oldest first",
        "has not acted this round, newest first",
        "at Clean-Up the Opponent cards act oldest first",
        80,
        "oldest first",
        "newest first",
    ),
    Edit(
        "aoc-event-can-be-attacked",
        AOC,
        f"catalog/{AOC}/game.toml",
        "unless it says otherwise; cannot be attacked",
        "unless it says otherwise; can be attacked",
        "an Event cannot be attacked",
        116,
        _q("cannot"),
        _q("can"),
    ),
    Edit(
        "aoc-achievement-lured-turned",
        AOC,
        f"catalog/{AOC}/game.toml",
        '["never having become a Lured Player", 5]',
        '["having become a Lured Player", 5]',
        "Achievement Scoring gives 2, 1, 3, 1, 3 and 5 points",
        264,
        "never having become a Lured Player",
        "having become a Lured Player",
    ),
    Edit(
        "aot-special-tile-no-redraw",
        AOT,
        f"catalog/{AOT}/game.toml",
        "A -2 or Switch drawn is played at once, then draw again.",
        "A -2 or Switch drawn is played at once; do not draw again.",
        "a -2 or Switch drawn is played at once and the hand is filled again",
        93,
        "draw again",
        "do not draw again",
    ),
    Edit(
        "aot-tiebreak-most-negative",
        AOT,
        f"catalog/{AOT}/game.toml",
        "has the least negative tiles",
        "has the most negative tiles",
        "ties: the single most scoring position, then the least negative tiles, then a draw",
        163,
        "least negative tiles",
        "most negative tiles",
    ),
    Edit(
        "aot-switch-kept",
        AOT,
        f"catalog/{AOT}/game.toml",
        "swap two tiles, then remove it",
        "swap two tiles, then keep it",
        "a Switch tile leaves the game once played",
        111,
        _q("remove"),
        _q("keep"),
    ),
    # a number in prose against its field or the source
    Edit(
        "vx-bacchanalia-two-more",
        VX,
        f"catalog/{VX}/rogations.csv",
        "one more Frenzy action than normal",
        "two more Frenzy actions than normal",
        "Bacchanalia gives one more Frenzy action",
        50,
        "amount 1",
        "two more",
    ),
    Edit(
        "aot-turn-row-three-tiles",
        AOT,
        f"catalog/{AOT}/game.toml",
        "Move 2 steps: one pawn 2 tiles",
        "Move 2 steps: one pawn 3 tiles",
        "2 steps each turn",
        89,
        "states 2",
        "has 3",
    ),
    # a card's phase in its prose
    Edit(
        "ae-community-in-support",
        AE,
        f"catalog/{AE}/game.toml",
        'text = "Patrol phase: draw 1 more Henchman',
        'text = "Support phase: draw 1 more Henchman',
        "Community cards work in the Patrol phase",
        29,
        _q("Patrol"),
        _q("Support"),
    ),
    # a second round, after the first was fixed: five more words no fact held
    Edit(
        "vx-rulebook-round-ends-with-vortex",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "Every round {{ starts }} by turning up",
        "Every round ends by turning up",
        "a round begins with the Vortex card",
        27,
        _q("starts"),
        _q("ends"),
    ),
    Edit(
        "vx-rulebook-no-bluff",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "you {{ can }} bluff with a Rogation",
        "you cannot bluff with a Rogation",
        "a player may bluff with a Rogation or a Devotee beside a Devotee",
        58,
        _q("can"),
        _q("cannot"),
    ),
    Edit(
        "ae-recoup-keeps-display",
        AE,
        f"catalog/{AE}/game.toml",
        '["Recoup", "Discard your display.',
        '["Recoup", "Keep your display.',
        "Recoup begins by discarding your whole display",
        52,
        _q("Discard"),
        _q("Keep"),
    ),
    Edit(
        "atm-quickref-trump-voids-immediate",
        ATM,
        f"layouts/{ATM}/quickref/hierarchy.md.j2",
        "a trump voids {{ delayed }} ones",
        "a trump voids immediate ones",
        "a trump voids the delayed powers played before it",
        85,
        _q("delayed"),
        _q("immediate"),
    ),
    Edit(
        "aoc-quickref-shuffle-one-deck",
        AOC,
        f"layouts/{AOC}/quickref/scoring.md.j2",
        "Setup: shuffle {{ both }} decks",
        "Setup: shuffle the Good deck",
        "setup shuffles the Good deck and the Opponent deck",
        44,
        _q("both"),
        _q("the Good"),
    ),
    # a third round, after the second was fixed: rulebook prose and a card's phase
    Edit(
        "ae-rulebook-money-saved",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "Spend the money {{ this_turn }} on buying",
        "Save the money for a later turn, buying",
        "the money collected is spent the same turn",
        43,
        _q("this turn"),
        _q("a later turn"),
    ),
    Edit(
        "ae-rulebook-unspent-kept",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "unspent money is {{ lost }}.",
        "unspent money is kept.",
        "money not spent in its turn is lost",
        43,
        _q("lost"),
        _q("kept"),
    ),
    Edit(
        "aot-rulebook-score-every-turn",
        AOT,
        f"layouts/{AOT}/rulebook.md.j2",
        "You score {{ at_end }}",
        "You score at the end of every turn",
        "the pawns score only when the game ends",
        151,
        _q("only at the very end"),
        _q("at the end of every turn"),
    ),
    Edit(
        "aot-rulebook-step-corner",
        AOT,
        f"layouts/{AOT}/rulebook.md.j2",
        "shares {{ edge }} with the one it stands on",
        "shares a corner with the one it stands on",
        "a step goes to a tile that shares an edge",
        151,
        _q("an edge"),
        _q("a corner"),
    ),
    Edit(
        "aoc-rulebook-defence-counts",
        AOC,
        f"layouts/{AOC}/rulebook.md.j2",
        "damage tokens {{ unchanged }} the totals.",
        "damage tokens add to the totals.",
        "Defensive Items, Places and damage do not count in the Balance of Strength",
        82,
        _q("do not change"),
        _q("add to"),
    ),
    Edit(
        "aoc-rulebook-lured-keeps-abilities",
        AOC,
        f"layouts/{AOC}/rulebook.md.j2",
        "It {{ leaves }} its own abilities behind, {{ keeps }} its Items",
        "It keeps its own abilities, {{ keeps }} its Items",
        "an Angel Lured Astray leaves its own abilities behind",
        148,
        _q("leaves"),
        _q("keeps"),
    ),
    Edit(
        "atm-rulebook-powers-swapped",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "*{{ immediate }}* (resolved the moment the card is played) or *delayed* (resolved when "
        "the trick ends)",
        "*immediate* (resolved when the trick ends) or *delayed* (resolved the moment the card "
        "is played)",
        "an immediate power works the moment its card is played",
        95,
        _q("immediate"),
        _q("delayed"),
    ),
    Edit(
        "atm-rulebook-ruling-die-leads",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "one decides which Realm {{ trumps }}, one settles",
        "one decides which Realm leads, one settles",
        "the Ruling Die decides which Realm is trumps",
        89,
        _q("is trumps"),
        _q("leads"),
    ),
    Edit(
        "vx-rally-frenzy-phase",
        VX,
        f"catalog/{VX}/rogations.csv",
        "This round's Crusade phase runs in the reverse of the turn order.",
        "This round's Frenzy phase runs in the reverse of the turn order.",
        "Rally reverses the order of the Crusade phase",
        7,
        _q("Crusade"),
        _q("Frenzy"),
    ),
    # a card moved to another deck, every total unchanged: the Red Duel to Blue, the Blue
    # Gate to Red (each Realm still holds 12)
    Edit(
        "atm-duel-and-gate-change-realms",
        ATM,
        f"catalog/{ATM}/realms.csv",
        "red-duel,The Duel (Red),1,Red,red,",
        "red-duel,The Duel (Red),1,Blue,blue,",
        "each Realm has ranks 1–12 exactly once",
        9,
        "blue-gate",
        "realm Red",
        also=(
            (
                f"catalog/{ATM}/realms.csv",
                "blue-gate,The Gate (Blue),1,Blue,blue,",
                "blue-gate,The Gate (Blue),1,Red,red,",
            ),
        ),
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
]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("reviewer-edits"), GAMES)


@pytest.mark.parametrize("e", EDITS, ids=[e.id for e in EDITS])
def test_a_reviewers_edit_fails_naming_the_fact_its_source_line_and_both_values(
    project: Path, e: Edit, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert_caught(project, e, monkeypatch)


def assert_caught(project: Path, e: Edit, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check of the edited game fails with a finding that names the fact, its seed
    line (the seed alone when the source states no such thing) and both values."""
    monkeypatch.setenv(SOURCES_ENV, str(SEEDS))
    changes = ((e.file, e.old, e.new), *e.also)
    lines = failures_edited(project, e.game, changes, PARTS, sources=SEEDS)
    source = f"{SEED_FILES[e.game]}:" if e.line is None else f"{SEED_FILES[e.game]}:{e.line}"
    hits = [
        line
        for line in lines
        if e.fact in line
        and (e.line is None or source in line)
        and e.before.lower() in line.lower()
        and e.after.lower() in line.lower()
    ]
    assert hits, "\n".join(lines) or "the check passed"


def test_the_round_spreads_over_the_five_games() -> None:
    assert len(EDITS) >= 15
    assert {e.game for e in EDITS} == set(GAMES)
