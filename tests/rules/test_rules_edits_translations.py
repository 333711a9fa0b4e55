"""Edits of Atmosfear's French translation (`catalog/atmosfear/translations/fr.po`) that
contradict the rulebook (issue #42): a translated rule saying the opposite of its fact, or
another number than its English. The facts check reads a game's translations: a rule fact's
translated value must not be the file's translation of one of its opposites, nor a value
fact's place give other numbers than its English. Each edit is made on a copy of its game,
and `cardstock check` fails naming the fact, the source line it is held to (when the source
states it) and both values; an edit written as one of the issue's kinds (`EditOfKind`, one
change or several) is checked as `cardstock check --sources` checks it, less the setup
simulation, and fails naming what catches it (a fact, a count or a constraint), the source
line and both values.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import GAMES
from helpers_edits import (
    FACT,
    Edit,
    EditOfKind,
    assert_caught,
    assert_caught_of_kind,
    cases,
    games_copy,
    place_of,
)

pytestmark = pytest.mark.needs_seeds

AOC, AOT, AE, ATM, VX = GAMES
ATM_FR = f"catalog/{ATM}/translations/fr.po"

EDITS = [
    # a translation that says the opposite of the rule it translates
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

EDITS_OF_KIND = [
    # ---------------------------------------------------------------- Atmosfear
    EditOfKind(
        # 003:75 a led Gatekeeper is answered with a card of the Ruling Realm, by whoever holds one
        "atm-fr-gatekeeper-answered-by-the-leading-realm",
        ATM,
        "a translation against the source",
        (
            (
                ATM_FR,
                'une carte du Royaume "\n"dominant s’ils',
                'une carte du Royaume "\n"demandé s’ils',
            ),
        ),
        75,
        FACT,
        f"{ATM_FR}:71: gatekeeper.text",  # at the entry's msgstr, where it is fixed
        "Royaume dominant",
        "Royaume demandé",
        cites=False,  # a translation is held to its English, not the source
    ),
    EditOfKind(
        # 003:79 the Character cards rank 7 to 12; the Lair is rank 11 (realms.csv, the
        # hierarchy table, its English text). The translator's slip.
        "atm-fr-lair-takes-rank-ten",
        ATM,
        "a translation's number",
        ((ATM_FR, '"Repaire prend le rang 11."', '"Repaire prend le rang 10."'),),
        79,
        FACT,
        "red-lair.text",
        "11",
        "10",
        cites=False,
    ),
]

# what still escapes the check, and why (an expected failure: it fails the run once caught)
ESCAPES: dict[str, str] = {}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("edits"), (ATM,))


@pytest.mark.parametrize("e", cases(EDITS, ESCAPES))
def test_an_edit_fails_naming_the_fact_its_source_line_and_both_values(
    project: Path, e: Edit, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert_caught(project, e, monkeypatch)


@pytest.mark.parametrize("e", cases(EDITS_OF_KIND, ESCAPES))
def test_an_edit_of_a_kind_fails_naming_what_changed_and_against_what(
    project: Path, e: EditOfKind, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert_caught_of_kind(project, e, monkeypatch)


def test_every_edit_here_changes_translations() -> None:
    """Every edit here changes a game's translations, each edit once."""
    edits = EDITS + EDITS_OF_KIND
    assert {place_of(e) for e in edits} == {"translations"}
    assert len({e.id for e in edits}) == len(edits)
    assert set(ESCAPES) <= {e.id for e in edits}
