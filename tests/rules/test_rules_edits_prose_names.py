"""Edits of what the game file's prose, the setup's words and the cards' own words restate
(issue #42), on copies of Vortex and Alter Ego: a name in a designer's choice or a table
note turned into another card's or deck's, a signed modifier turned round, a setup step
naming the wrong deck, a card's text naming a sibling, a card's name restating another
order. Each edit of prose or setup words fails `check --strict`; each edit of a card's own
words (`card-texts`, a guess) is a warning `--strict` leaves be. Either way it is located at
its file and line, with both values; the unedited games pass the same checks.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import load_games, run_checks
from helpers_edits import failures, games_copy

GAMES = ("vortex", "alter-ego")
PARTS = {"facts", "prose-words", "card-texts", "setup-says"}

# (id, game, file, old, new, words every finding line must hold)
EDITS = [
    (
        "vortex-choice-rogation-renamed",
        "vortex",
        "catalog/vortex/game.toml",
        "Burial Rites and Rally from the rules",
        "Burial Rites and Ransom from the rules",
        ["game.toml:", "names 'Ransom'", "does not name 'Rally'"],
    ),
    (
        "vortex-choice-frenzy-renamed",
        "vortex",
        "catalog/vortex/game.toml",
        "and the Open Vessel that lets",
        "and the Restraint that lets",
        ["game.toml:", "names 'Restraint'", "Open Vessel"],
    ),
    (
        "vortex-choice-deck-twice",
        "vortex",
        "catalog/vortex/game.toml",
        '"Devotees, Frenzies and Rogations share one back',
        '"Frenzies, Frenzies and Rogations share one back',
        ["game.toml:", "designer_choices[12].choice"],
    ),
    (
        "vortex-note-deck-renamed",
        "vortex",
        "catalog/vortex/game.toml",
        "Unused Vortex cards, Frenzies and Rogations",
        "Unused Devotees, Frenzies and Rogations",
        ["game.toml:", "names 'Devotees'", "does not name 'Vortex cards'"],
    ),
    (
        "vortex-setup-say-other-deck",
        "vortex",
        "catalog/vortex/rules.toml",
        'say = "deal {count} Frenzies at random to each player"',
        'say = "deal {count} Rogations at random to each player"',
        ["rules.toml:", "says 'Rogations'", "handles Frenzies"],
    ),
    (
        "ae-choice-hero-renamed",
        "alter-ego",
        "catalog/alter-ego/game.toml",
        "Might (fist), Speed (lightning)",
        "Might (fist), Stealth (lightning)",
        ["game.toml:", "names 'Stealth' twice"],
    ),
    (
        "ae-choice-tokens-renamed",
        "alter-ego",
        "catalog/alter-ego/game.toml",
        "20 Teamwork tokens, 6 Cop tokens",
        "20 Teamwork tokens, 6 Threat tokens",
        ["game.toml:", "names 'Threat tokens'", "the data's are Cop tokens, Teamwork tokens"],
    ),
    (
        "ae-choice-last-villain",
        "alter-ego",
        "catalog/alter-ego/game.toml",
        "when the last Arch Villain falls",
        "when the first Arch Villain falls",
        ["game.toml:", "says 'first'", "states 'last'"],
    ),
]


# edits of a card's own words (its text or name): read by `card-texts`, a guess, so each is
# a warning `--strict` leaves be, still located at the card's line with both values
GUESSED = [
    (
        "vortex-frenzy-sign-turned",
        "vortex",
        "catalog/vortex/frenzies.csv",
        ":reason: Reason +1, :fire: Fire -1.",
        ":reason: Reason +1, :fire: Fire +1.",
        ["frenzies.csv:", "'Fire +1' (+1)", "fire_mod is -1"],
    ),
    (
        "vortex-frenzy-negative-larger",
        "vortex",
        "catalog/vortex/frenzies.csv",
        ":repulsion: Repulsion +1, :reason: Reason -1.",
        ":repulsion: Repulsion +1, :reason: Reason -2.",
        ["frenzies.csv:", "'Reason -2' (-2)", "reason_mod is -1"],
    ),
    (
        "vortex-name-order-swapped",
        "vortex",
        "catalog/vortex/vortex.csv",
        '"Vortex: Blue, Green, Red, Yellow",1,Blue|Green|Red|Yellow,',
        '"Vortex: Blue, Green, Red, Yellow",1,Blue|Green|Yellow|Red,',
        ["vortex.csv:2: name:", "Blue, Green, Red, Yellow", "Blue | Green | Yellow | Red"],
    ),
    (
        "ae-villain-text-names-sibling",
        "alter-ego",
        "catalog/alter-ego/mafia.csv",
        "Big Sal cannot be defeated",
        "Velvet cannot be defeated",
        ["mafia.csv:", "Big Sal's text names 'Velvet'"],
    ),
]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("prose-name-edits"), GAMES)


@contextmanager
def edited(path: Path, old: str, new: str) -> Iterator[None]:
    """`path` with its first `old` put as `new` while the block runs, then as it was."""
    saved = path.read_text(encoding="utf-8")
    try:
        assert old in saved, f"{old!r} is not in {path.name}"
        path.write_text(saved.replace(old, new, 1), encoding="utf-8")
        yield
    finally:
        path.write_text(saved, encoding="utf-8")


@pytest.mark.parametrize("game", GAMES)
def test_the_unedited_games_pass_these_checks(project: Path, game: str) -> None:
    assert failures(project, game, PARTS, strict=True) == []


@pytest.mark.parametrize("e", EDITS, ids=[e[0] for e in EDITS])
def test_a_restatement_edit_fails_located_with_both_values(
    project: Path, e: tuple[str, str, str, str, str, list[str]]
) -> None:
    _, game, file, old, new, words = e
    with edited(project / file, old, new):
        lines = failures(project, game, PARTS, strict=True)
    hits = [line for line in lines if all(w in line for w in words)]
    assert hits, "\n".join(lines) or "the check passed"


@pytest.mark.parametrize("e", GUESSED, ids=[e[0] for e in GUESSED])
def test_a_card_own_words_edit_warns_located_with_both_values_even_strict(
    project: Path, e: tuple[str, str, str, str, str, list[str]]
) -> None:
    _, game, file, old, new, words = e
    with edited(project / file, old, new):
        catalogs, issues = load_games(project, [game])
        assert not issues.errors, [i.render() for i in issues]
        report = run_checks(catalogs, only=PARTS, strict=True).game(game)
    texts = [c for c in report.checks if c.provider == "card-texts"]
    assert texts and all(c.status == "warn" for c in texts), [(c.rule, c.status) for c in texts]
    lines = [i.render() for c in texts for i in c.findings]
    hits = [line for line in lines if all(w in line for w in words)]
    assert hits, "\n".join(lines) or "no warning"
