"""Texts a player reads that a fact holds by what they are: a list a template prints (the
dice of a quick reference, the tokens of a rulebook), a face's box, the game's description
and its backs' titles, a translation's defined terms.

Each edit is made to a copy of the shipped games and checked as `cardstock check` checks
the facts and the texts; each asserts the finding that names the file and what changed.
An ordinary edit of the same texts, one that says the same, passes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import GAMES, load_games
from helpers_edits import Change, failures_edited, games_copy
from seed_edits import ROOT

from cardstock.rules.provenance.terms_translated import siblings
from cardstock.rules.provenance.texts import texts
from cardstock.rules.since import holders

AOC, AOT, AE, ATM, VX = GAMES
PARTS = {"facts", "texts"}
ATM_DICE = f"layouts/{ATM}/quickref/dice.md.j2"
ATM_BOOK = f"layouts/{ATM}/rulebook.md.j2"
ATM_FR = f"catalog/{ATM}/translations/fr.po"
DICE_LOOP = "{% for d in select(set='dice') %}"
VX_ROUND = f"layouts/{VX}/quickref/round.md.j2"


def _steps_swapped(template: str, a: int, b: int) -> Change:
    """The template's numbered lines `a.` and `b.` (each after its source comment), which
    follow each other, swapped whole, numbers and all."""
    text = (ROOT / template).read_text(encoding="utf-8")
    first, second = (re.search(rf"^\{{# source [\d, ]+ #\}}{n}\. .*\n", text, re.M) for n in (a, b))
    assert first and second and first.end() == second.start()
    return (template, first.group(0) + second.group(0), second.group(0) + first.group(0))


def _game(g: str) -> str:
    return f"catalog/{g}/game.toml"


@dataclass(frozen=True)
class Edit:
    id: str
    game: str
    changes: tuple[Change, ...]
    said: tuple[str, ...]  # what the finding says, each part of it


CAUGHT = [
    # ------------------------------------------------ a list a template prints
    Edit(
        "quickref-dice-loop-drops-the-last-die",
        ATM,
        ((ATM_DICE, DICE_LOOP, "{% for d in select(set='dice')[:2] %}"),),
        (ATM_DICE, "leaves out Symbol Die", "Duel Die, Ruling Die, Symbol Die"),
    ),
    Edit(
        "quickref-dice-loop-filter-drops-the-ruling-die",
        ATM,
        ((ATM_DICE, DICE_LOOP, "{% for d in select(set='dice') if d.id != 'ruling-die' %}"),),
        (ATM_DICE, "leaves out Ruling Die"),
    ),
    Edit(
        "rulebook-tokens-loop-lists-the-quick-reference-too",
        AE,
        (
            (
                f"layouts/{AE}/rulebook.md.j2",
                "{% for g in groups if g.kind == 'token' %}",
                "{% for g in groups if g.kind != 'card' %}",
            ),
        ),
        (f"layouts/{AE}/rulebook.md.j2", "lists Quick reference, none of (kind token"),
    ),
    Edit(
        "rulebook-dice-loop-drops-the-first-die",
        ATM,
        ((ATM_BOOK, DICE_LOOP, "{% for d in select(set='dice')[1:] %}"),),
        (ATM_BOOK, "leaves out Duel Die"),
    ),
    Edit(
        "rulebook-special-tiles-loop-drops-the-switch",
        AOT,
        (
            (
                f"layouts/{AOT}/rulebook.md.j2",
                "{% for c in select(set='specials') %}",
                "{% for c in select(set='specials') if c.name != 'Switch' %}",
            ),
        ),
        (f"layouts/{AOT}/rulebook.md.j2", "leaves out Switch"),
    ),
    Edit(
        "rulebook-tokens-loop-drops-the-civilians",
        AE,
        (
            (
                f"layouts/{AE}/rulebook.md.j2",
                "{% for g in groups if g.kind == 'token' %}",
                "{% for g in groups if g.kind == 'token' and g.set != 'civilians' %}",
            ),
        ),
        (f"layouts/{AE}/rulebook.md.j2", "leaves out CIV: Kids, CIV: Workers, CIV: Seniors"),
    ),
    # ------------------------------------------------ steps in the turn's order
    Edit(
        "quickref-round-frenzy-and-crusade-swapped",
        VX,
        (_steps_swapped(VX_ROUND, 3, 4),),
        (
            VX_ROUND,
            "in the order Vortex, Rogations, Crusade, Frenzy, Reinforce, Refill",
            "table round's Phase: Vortex, Rogations, Frenzy, Crusade, Reinforce, Refill",
        ),
    ),
    Edit(
        "quickref-round-refill-dropped",
        VX,
        ((VX_ROUND, "**Refill** (", "Refill ("),),
        (VX_ROUND, "leaves out Refill"),
    ),
    Edit(
        "quickref-tie-breaks-drop-the-draw",
        AOT,
        (
            (
                f"layouts/{AOT}/quickref/scoring.md.j2",
                "{% for row in tables.tiebreakers.rows %}",
                "{% for row in tables.tiebreakers.rows[:2] %}",
            ),
        ),
        (f"layouts/{AOT}/quickref/scoring.md.j2", "leaves out — still tied"),
    ),
    Edit(
        "quickref-crusade-methods-reversed",
        VX,
        (
            (
                f"layouts/{VX}/quickref/crusade.md.j2",
                "{% for r in tables.crusade.rows %}",
                "{% for r in tables.crusade.rows | reverse %}",
            ),
        ),
        (
            "in the order Kill, Convert by Fire, Convert by Reason",
            "Method: Convert by Reason, Convert by Fire, Kill",
        ),
    ),
    # ------------------------------------------------ a face's box
    Edit(
        "henchman-face-shows-kids-as-workers",
        AE,
        ((f"layouts/{AE}/faces.toml", "('kid', take_kids)", "('kid', take_workers)"),),
        (f"layouts/{AE}/faces.toml:50", "shows :kid:", "take_kids is", "by take_workers"),
    ),
    Edit(
        "henchman-face-loop-drops-the-seniors",
        AE,
        (
            (
                f"layouts/{AE}/faces.toml",
                "for icon, n in hostages if n",
                "for icon, n in hostages[:2] if n",
            ),
        ),
        (f"layouts/{AE}/faces.toml:50", "shows :senior: 0 times, its take_seniors is 1"),
    ),
    Edit(
        "key-card-face-shows-one-key-fewer",
        ATM,
        ((f"layouts/{ATM}/faces.toml", 'count = "{{ keys }}"', 'count = "{{ keys - 1 }}"'),),
        (f"layouts/{ATM}/faces.toml:176", "One Key's face", "shows :key: 0 times, its keys is 1"),
    ),
    # ------------------------------------------------ description, backs, a face's line
    Edit(
        "description-says-the-fewest-silver-keys",
        ATM,
        ((_game(ATM), "hold the most silver keys", "hold the fewest silver keys"),),
        (f"{_game(ATM)}:7", "description says 'fewest'", "the most silver keys win"),
    ),
    Edit(
        "description-claims-face-up-key-cards",
        ATM,
        ((_game(ATM), "claim face-down Key cards", "claim face-up Key cards"),),
        (f"{_game(ATM)}:7", "description says 'face up'"),
    ),
    Edit(
        "key-back-says-keep-face-up",
        ATM,
        ((_game(ATM), 'subtitle = "keep face down"', 'subtitle = "keep face up"'),),
        (_game(ATM), "backs.key.subtitle says 'face up'"),
    ),
    Edit(
        "nemesis-back-says-show-it",
        AE,
        ((_game(AE), 'subtitle = "keep it secret"', 'subtitle = "show it to everyone"'),),
        (_game(AE), "backs.nemesis.subtitle does not say 'keep it secretly'"),
    ),
    # ------------------------------------------------ a table note that changes who scores
    Edit(
        "scoring-note-lowest-total-wins",
        VX,
        ((_game(VX), "Highest total wins", "Lowest total wins"),),
        (_game(VX), "table scoring's note"),
    ),
    Edit(
        "colours-note-blue-scores-the-dead-devotees",
        VX,
        ((_game(VX), "Red scores half a point", "Blue scores half a point"),),
        (f"{_game(VX)}:349", "only the Red player scores", "table colours's note says 'Blue'"),
    ),
    Edit(
        "turn-note-only-the-first-villain-kills",
        AE,
        ((_game(AE), "every Arch Villain in play kills", "the first Arch Villain in play kills"),),
        (f"{_game(AE)}:397", "table turn's note says 'the first'"),
    ),
    # ------------------------------------------------ a translation's defined term
    Edit(
        "fr-duel-played-in-the-ruling-realm",
        ATM,
        (
            (
                ATM_FR,
                '"Jouée dans le Royaume demandé, en entame',
                '"Jouée dans le Royaume dominant, en entame',
            ),
        ),
        (ATM_FR, "red-duel.text", "'Leading Realm'", "'Royaume dominant'"),
    ),
]

# the same texts edited to say the same: nothing fails
ORDINARY = [
    Edit(
        "quickref-dice-loop-sorted-by-name",
        ATM,
        ((ATM_DICE, DICE_LOOP, "{% for d in select(set='dice') | sort(attribute='name') %}"),),
        (),
    ),
    Edit(
        "description-reworded",
        ATM,
        ((_game(ATM), "Win tricks, claim", "Take tricks, claim"),),
        (),
    ),
    Edit(
        "key-back-reworded",
        ATM,
        ((_game(ATM), 'subtitle = "keep face down"', 'subtitle = "always keep face down"'),),
        (),
    ),
]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("player-lists"), GAMES)


@pytest.mark.parametrize("e", [pytest.param(e, id=e.id) for e in CAUGHT])
def test_an_edit_of_a_text_a_fact_holds_fails_naming_the_file_and_what_changed(
    project: Path, e: Edit
) -> None:
    lines = failures_edited(project, e.game, e.changes, PARTS)
    assert any(all(s in f for s in e.said) for f in lines), "\n".join(lines) or "passed"


@pytest.mark.parametrize("e", [pytest.param(e, id=e.id) for e in ORDINARY])
def test_an_edit_that_says_the_same_passes(project: Path, e: Edit) -> None:
    assert failures_edited(project, e.game, e.changes, PARTS) == []


def test_sibling_terms_are_terms_of_as_many_words_that_differ_in_one() -> None:
    terms = ["Ruling Realm", "Leading Realm", "Realm", "Trump", "Duel Die", "Gatekeeper quick-draw"]
    assert set(siblings(terms)) == {
        ("Ruling Realm", "Leading Realm"),
        ("Leading Realm", "Ruling Realm"),
    }


def test_the_description_and_the_back_titles_are_texts_the_facts_naming_them_hold(
    project: Path,
) -> None:
    catalogs, issues = load_games(project, [ATM])
    assert not issues.errors
    catalog = catalogs[0]
    found = {t.key: t for t in texts(catalog) if t.at == _game(ATM)}
    held = holders(catalog, {})
    assert found["description"].says.startswith("Win tricks, claim face-down Key cards")
    assert found["backs.key.title"].says == "Key"
    assert {"key-card-kept-face-down", "most-keys"} <= set(held(found["description"]))
    assert held(found["backs.key.subtitle"]) == ("key-card-kept-face-down",)
    assert held(found["backs.pack.subtitle"]) == ()


def test_two_quick_reference_steps_swapped_warn_naming_both_steps_and_their_lines(
    project: Path,
) -> None:
    swapped = [_steps_swapped(ATM_DICE, 2, 3)]
    assert failures_edited(project, ATM, swapped, {"texts"}) == []  # a warning, not an error
    lines = failures_edited(project, ATM, swapped, {"texts"}, strict=True)
    assert any(
        f"{ATM_DICE}:17: source: warning: step 2 restates" in f and "before step 3's line 31" in f
        for f in lines
    ), "\n".join(lines) or "passed"
    assert failures_edited(project, ATM, [], {"texts"}, strict=True) == []
