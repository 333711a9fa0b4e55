"""Fifteen edits of rule words, decks and templates (issue #42), each applied to a copy of
its game and caught by `cardstock check` with the fact's name, its source line and both
values: a table word swapped for its opposite, a setup step's words, a card's prose, a word
typed into a rulebook or quick-reference template, a card moved to another deck, and a
designer's choice no longer held to the source.

The `rule` and `deck` facts are in `cardstock/rules/facts/rule.py`; the source lines are read
from the seeds folder (`$CARDSTOCK_SOURCES`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import GAMES, SEEDS
from helpers_edits import SEED_FILES, failures, failures_edited, games_copy

from cardstock.rules.sources import SOURCES_ENV

PARTS = {"counts", "constraints", "facts", "examples", "source"}
pytestmark = pytest.mark.needs_seeds

AE, AOC, AOT, ATM, VX = GAMES[2], GAMES[0], GAMES[1], GAMES[3], GAMES[4]


@dataclass(frozen=True)
class WordEdit:
    id: str
    game: str
    changes: tuple[tuple[str, str, str], ...]  # (file under the project, old, new)
    fact: str  # the fact's name, as the finding gives it
    source: str  # the seed line the finding names: "file:line"
    before: str
    after: str


def _seed(game: str) -> str:
    return SEED_FILES[game]


def _edit(
    id: str, game: str, file: str, old: str, new: str, fact: str, line: int, before: str, after: str
) -> WordEdit:
    return WordEdit(id, game, ((file, old, new),), fact, f"{_seed(game)}:{line}", before, after)


EDITS = [
    _edit(
        "ae-in-short-first",
        AE,
        f"catalog/{AE}/game.toml",
        "Heroes win: last Arch Villain falls",
        "Heroes win: first Arch Villain falls",
        "the heroes win when the last Arch Villain falls",
        58,
        "last",
        "first",
    ),
    _edit(
        "ae-cops-hostages-killed",
        AE,
        f"catalog/{AE}/game.toml",
        "its hostages go home",
        "its hostages are killed",
        "the Cops send a removed Henchman's hostages home",
        34,
        "go home",
        "are killed",
    ),
    _edit(
        "ae-nemesis-say-face-up",
        AE,
        f"catalog/{AE}/rules.toml",
        "to each player, kept hidden",
        "to each player, kept face up",
        "each player's Nemesis is dealt face down",
        26,
        "face down",
        "face up",
    ),
    _edit(
        "ae-template-anticlockwise",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "going {{ order }}",
        "going anticlockwise",
        "turns pass clockwise",
        57,
        "clockwise",
        "anticlockwise",
    ),
    WordEdit(
        "ae-thorn-to-mafia",
        AE,
        (
            (
                f"catalog/{AE}/sadists.csv",
                "madame-thorn,Madame Thorn,1,Sadists,sadists,",
                "x-madame-thorn,Madame Thorn,1,Sadists,sadists,",
            ),
            (
                f"catalog/{AE}/mafia.csv",
                "big-sal,Big Sal,",
                "madame-thorn,Madame Thorn,1,Mafia,"
                "mafia,3,2,kid,speed stealth resolve resolve,"
                '"Kills at once.",all\nbig-sal,Big Sal,',
            ),
        ),
        "Madame Thorn leads the Sadists",
        f"{_seed(AE)}:21",
        "sadists",
        "mafia",
    ),
    _edit(
        "aoc-all-or-nothing-reshuffled",
        AOC,
        f"catalog/{AOC}/game.toml",
        "Its discards are not shuffled back",
        "Its discards are shuffled back",
        "All or Nothing does not reshuffle the Opponent deck, so it ends",
        290,
        "not shuffled back",
        "shuffled back",
    ),
    _edit(
        "aot-turn-anticlockwise",
        AOT,
        f"catalog/{AOT}/game.toml",
        "Play passes clockwise.",
        "Play passes anticlockwise.",
        "play passes clockwise",
        95,
        "clockwise",
        "anticlockwise",
    ),
    # The template renders this word from the fact now: the edit swaps the fact's own
    # vocabulary, so the rulebook says "lowest" while the source (line 161) says otherwise.
    _edit(
        "aot-template-lowest",
        AOT,
        f"catalog/{AOT}/rules.toml",
        'value = "highest"\nsynonyms = ["most"]\nopposites = ["lowest", "fewest"]',
        'value = "lowest"\nsynonyms = ["fewest"]\nopposites = ["highest", "most"]',
        "the highest total wins",
        161,
        "highest",
        "lowest",
    ),
    _edit(
        "aot-ring-transformation",
        AOT,
        f"catalog/{AOT}/rules.toml",
        "Element tiles around the Snake",
        "Transformation tiles around the Snake",
        "only Element tiles ring the Snake",
        67,
        "Element",
        "Transformation",
    ),
    _edit(
        "aot-pawns-edge",
        AOT,
        f"catalog/{AOT}/rules.toml",
        "pawns start on the Snake",
        "pawns start on the edge",
        "every pawn starts on the Snake",
        71,
        "Snake",
        "edge",
    ),
    _edit(
        "atm-note-any-realm",
        ATM,
        f"catalog/{ATM}/game.toml",
        "the Fear of its own Realm",
        "the Fear of any Realm",
        "a crowned Harbinger loses only to its own Realm's Fear",
        115,
        "own",
        "any",
    ),
    # As above: the template renders fact('trick-order'), so the edit is to the fact itself.
    _edit(
        "atm-template-anticlockwise",
        ATM,
        f"catalog/{ATM}/rules.toml",
        'value = "clockwise"\nopposites = ["counter-clockwise", "anticlockwise"]\nsays = [',
        'value = "anticlockwise"\nopposites = ["counter-clockwise", "clockwise"]\nsays = [',
        "a trick goes round clockwise",
        49,
        "clockwise",
        "anticlockwise",
    ),
    _edit(
        "vx-frenzy-in-turn-order",
        VX,
        f"catalog/{VX}/game.toml",
        'or discard a revealed Frenzy.", "all at once"',
        'or discard a revealed Frenzy.", "in turn order"',
        "everyone takes the Frenzy step at the same time",
        56,
        "all at once",
        "in turn order",
    ),
    _edit(
        "vx-rally-same-order",
        VX,
        f"catalog/{VX}/rogations.csv",
        "runs in the reverse of the turn order",
        "runs in the same of the turn order",
        "Rally reverses the Crusade order",
        7,
        "reverse",
        "same",
    ),
    _edit(
        "vx-alms-choice-source",
        VX,
        f"catalog/{VX}/rules.toml",
        'source = "minimum number"',
        'source = "any number"',
        "Alms asks nothing of your field, overriding the source's minimum",
        48,
        "any number",
        "nothing",
    ),
]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("word-edits"), GAMES)


@pytest.mark.parametrize("e", EDITS, ids=[e.id for e in EDITS])
def test_an_edit_of_a_rule_word_fails_naming_the_fact_its_source_and_both_values(
    project: Path, e: WordEdit, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SOURCES_ENV, str(SEEDS))
    lines = failures_edited(project, e.game, e.changes, PARTS, sources=SEEDS)
    hits = [
        line
        for line in lines
        if e.fact in line
        and e.source in line
        and e.before.lower() in line.lower()
        and e.after.lower() in line.lower()
    ]
    assert hits, "\n".join(lines) or "the check passed"


def test_the_unedited_games_pass_with_their_sources(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SOURCES_ENV, str(SEEDS))
    for game in GAMES:
        assert failures(project, game, PARTS, sources=SEEDS) == [], game


def test_the_edits_are_fifteen_across_the_five_games() -> None:
    assert len(EDITS) == 15
    assert {e.game for e in EDITS} == set(GAMES)
