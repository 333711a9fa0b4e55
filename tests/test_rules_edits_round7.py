"""A seventh reviewer's round of seed-breaking edits (issue #42), on facts, games and files
the earlier rounds (`seed_edits.py`, `test_rules_edits_*.py`) left alone: a table's short
form against its long column (Alpha/Omega's Balance of Strength turned round), a who word
in a table (a Threat token on each Arch Villain), a table's "may not" dropped, a setup
step's `say` against its text (someone else rolls the Ruling Die), a designer's choice
against the source (the Snake may be covered), a number in a card's prose that no field
holds (Azazel's Weapons), two cards moved between decks with every total unchanged, and
rulebook and quick-reference sentences retyped.

Twenty edits were tried. Nine were caught by the checks as they were (the bluff edit only
by the word "once" it happens to type). Eleven retyped a template sentence in words of no
fact's vocabulary and passed; six of them turned a word the vocabulary now holds in
templates (`template_opposites` in `rule_words.toml`: best/worst, delayed/immediate,
shared/your own, discard/keep), and are caught by the `typed` fact's word lint: the new word
is typed where no fact renders it, or the `allow` entry that held the sentence no longer
matches. The other five passed `cardstock check` then: who leads after a Black Hole, an
exposed bluff that ends a Zealot, a transformed space that keeps its old element, an
Objective picked at random, the ring's leftovers put back in the box. Each is now a rule
fact the template renders, and its edit a test of `test_rules_edits_round8.py`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import GAMES
from helpers_edits import games_copy
from seed_edits import ROOT
from test_rules_edits_reviewer import Edit, _q, assert_caught

pytestmark = pytest.mark.needs_seeds

AOC, AOT, AE, ATM, VX = GAMES
TYPED = "the rulebook and quick references type no number or name the catalog holds"


def _row(game: str, table: str, card: str) -> str:
    """A card's whole row of a shipped component table, as written."""
    text = (ROOT / "catalog" / game / table).read_text(encoding="utf-8")
    return next(line for line in text.splitlines() if line.startswith(f"{card},"))


def _moved(game: str, a: tuple[str, str], b: tuple[str, str]) -> tuple[str, str, str, str, str]:
    """Two cards of two tables exchanged, each row into the other's table: (file of the
    first, its row, the second's row, file of the second, …) for an Edit and its `also`."""
    ra, rb = _row(game, *a), _row(game, *b)
    return f"catalog/{game}/{a[0]}", ra, rb, f"catalog/{game}/{b[0]}", ra


_DARTS = _moved(AOC, ("opponent.csv", "fiery-darts"), ("good.csv", "sling-and-stone"))
_GANGS = _moved(AE, ("sadists.csv", "the-collector"), ("mafia.csv", "don-caruso"))

EDITS = [
    Edit(
        "aoc-short-form-balance-turned-round",
        AOC,
        f"catalog/{AOC}/game.toml",
        '"The Balance of Strength: Good minus Opponents."',
        '"The Balance of Strength: Opponents minus Good."',
        "the Balance of Strength is Good's Strength minus the Opponents'",
        82,
        _q("Good minus Opponent"),
        "Opponents minus Good",
    ),
    Edit(
        "ae-benefit-threat-token-on-each-villain",
        AE,
        f"catalog/{AE}/game.toml",
        "1 Threat token on that Arch Villain",
        "1 Threat token on each Arch Villain",
        "an Arch Villain icon puts a Threat token on its Arch Villain",
        50,
        _q("Threat token on that Arch Villain"),
        "on each Arch Villain",
    ),
    Edit(
        "aot-turn-pawn-may-end-where-it-began",
        AOT,
        f"catalog/{AOT}/game.toml",
        "A pawn may not end where it began.",
        "A pawn may end where it began.",
        "a pawn may not end its move on the tile it started from",
        143,
        _q("may not"),
        "says 'may'",
    ),
    Edit(
        "atm-setup-say-youngest-rolls-the-ruling-die",
        ATM,
        f"catalog/{ATM}/rules.toml",
        'say = "the Chosen One rolls for the Ruling Realm"',
        'say = "the youngest player rolls for the Ruling Realm"',
        "the Chosen One alone gathers, deals, rolls for the round and makes the exchange",
        31,
        _q("the Chosen One"),
        _q("the youngest player"),
    ),
    Edit(
        "aot-choice-the-snake-may-be-covered",
        AOT,
        f"catalog/{AOT}/game.toml",
        "it cannot be covered or switched",
        "covering it is allowed, switching it is not",
        "the Snake is never covered or switched",
        59,
        _q("never"),
        "covering it is allowed",
    ),
    Edit(
        "aoc-azazel-carries-three-weapons",
        AOC,
        f"catalog/{AOC}/opponent.csv",
        "may carry two Weapons",
        "may carry three Weapons",
        "each Opponent card's text states its own amount, and no number its fields do not hold",
        None,
        "Azazel's amount is 2",
        "may carry three Weapons",
    ),
    Edit(
        "aoc-fiery-darts-and-sling-and-stone-change-decks",
        AOC,
        _DARTS[0],
        _DARTS[1],
        _DARTS[2],
        "the Good Starter deck holds these cards, and a card moved to the other deck fails",
        None,
        "puts Sling and Stone in the Good Starter deck",
        "set opponent",
        also=((_DARTS[3], _DARTS[2], _DARTS[4]),),
    ),
    Edit(
        "ae-the-collector-and-don-caruso-change-gangs",
        AE,
        _GANGS[0],
        _GANGS[1],
        _GANGS[2],
        "the Sadists' Arch Villains are these four",
        None,
        "puts The Collector in the Sadists' Arch Villains",
        "set mafia",
        also=((_GANGS[3], _GANGS[2], _GANGS[4]),),
    ),
    Edit(
        "vx-exposed-bluff-ends-the-zealot-once",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "A Zealot {{ stays }} a Zealot even when its bluff is exposed.",
        "A Zealot turns back into a plain Devotee once its bluff is exposed.",
        TYPED,
        None,
        _q("once"),
        _q("twice"),
    ),
    # retyped template sentences, caught through the templates' vocabulary
    Edit(
        "atm-quickref-the-worst-leading-card-takes-the-trick",
        ATM,
        f"layouts/{ATM}/quickref/hierarchy.md.j2",
        "else the best Leading Realm card",
        "else the worst Leading Realm card",
        TYPED,
        None,
        "types the rule word 'worst'",
        "its opposite: 'best'",
    ),
    Edit(
        "atm-a-trump-cancels-the-immediate-powers",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "every delayed power already in the trick is {{ cancelled }}",
        "every immediate power already in the trick is {{ cancelled }}",
        TYPED,
        None,
        "types the rule word 'immediate'",
        "its opposite: 'delayed'",
    ),
    Edit(
        "ae-recoup-keeps-the-display",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "{{ discard }} every card in your {{ display }}.",
        "Keep every card in your {{ display }}.",
        TYPED,
        None,
        "types the rule word 'Keep'",
        "its opposite: 'discard'",
    ),
    Edit(
        "ae-the-helper-discards-the-lent-card",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "they {{ keep }} it",
        "they discard it afterwards",
        "a Hero card lent to another player is not discarded",
        47,
        _q("they do not discard it"),
        "they discard it afterwards",
    ),
    Edit(
        "vx-quickref-a-card-beside-every-devotee",
        VX,
        f"layouts/{VX}/quickref/round.md.j2",
        "lay, swap or discard a card beside {{ devotee }}.",
        "lay, swap or discard a card beside every Devotee.",
        "a Frenzy action is taken on a Devotee of your own field",
        56,
        _q("lay, swap or discard a card beside a Devotee"),
        "beside every devotee",
    ),
    Edit(
        "vx-the-vortex-a-pile-of-your-own",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "a pile shared by everyone, for {{ dead }}",
        "a pile of your own, for {{ dead }}",
        "the Vortex holds the dead, with their Frenzies, and the used Rogations",
        23,
        "a pile shared by everyone, for the dead",
        "a pile of your own",
    ),
]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("round7-edits"), GAMES)


@pytest.mark.parametrize("e", EDITS, ids=[e.id for e in EDITS])
def test_a_seventh_round_edit_fails_naming_the_fact_its_source_line_and_both_values(
    project: Path, e: Edit, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert_caught(project, e, monkeypatch)


def test_the_seventh_round_spreads_over_the_five_games() -> None:
    assert {e.game for e in EDITS} == set(GAMES)
