"""The places a player reads that no check read before: each edit here is one a designer
could make to Vortex, each contradicts what the game states elsewhere, and each now fails
`check` with a finding that names the place, both values and (where the rules file states
the thing) the source line. One copy of Vortex serves the module; every edit is undone
after its test."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SEEDS
from helpers_edits import failures_edited, games_copy

pytestmark = pytest.mark.needs_seeds

GAME = "vortex"
SEED = "004_ac253e6d7088f8d2.txt"
PARTS = {"facts", "backs", "icon-names", "prose-words"}
GAME_TOML = f"catalog/{GAME}/game.toml"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("places"), [GAME])


def _found(project: Path, *changes: tuple[str, str, str]) -> list[str]:
    return failures_edited(project, GAME, changes, PARTS, sources=SEEDS)


def _hits(found: list[str], *wanted: str) -> list[str]:
    return [f for f in found if all(w in f for w in wanted)]


def test_the_unedited_game_passes_the_new_checks(project: Path) -> None:
    assert _found(project) == []


def test_a_back_that_names_a_deck_printed_on_another_back_fails(project: Path) -> None:
    found = _found(
        project,
        (
            GAME_TOML,
            'subtitle = "Devotee · Frenzy · Rogation"',
            'subtitle = "Devotee · Frenzy · Vortex card"',
        ),
    )
    assert _hits(
        found,
        f"{GAME_TOML}:",
        "backs.devotion.subtitle",
        "'Vortex card'",
        "printed on Devotees, Frenzies, Rogations",
        f"source {SEED}:17",
    ), found


def test_a_back_title_edited_to_another_decks_name_fails(project: Path) -> None:
    found = _found(project, (GAME_TOML, 'title = "Vortex"', 'title = "Rogations"'))
    assert _hits(found, "backs.vortex.title", "'Rogations'", "printed on Vortex cards"), found


def test_an_icon_named_as_another_icon_is_fails_at_its_legend_label(project: Path) -> None:
    found = _found(project, (GAME_TOML, 'label = "Fire"', 'label = "Reason"'))
    assert _hits(found, "icons.fire.label", "'Reason'", "'reason'"), found


def test_an_icon_redrawn_while_a_table_and_a_note_name_its_old_symbol_fails_at_both(
    project: Path,
) -> None:
    found = _found(project, (GAME_TOML, 'symbol = "wave"', 'symbol = "drop"'))
    table = _hits(found, "tables.colours.rows[0]", "'wave'", "'drop'")
    note = _hits(found, "designer_choices[2].choice", "'wave'", "'drop'")
    assert table and note, found


def test_a_phase_rule_moved_under_another_phases_heading_fails(project: Path) -> None:
    book = project / "layouts" / GAME / "rulebook.md.j2"
    lines = book.read_text(encoding="utf-8").split("\n")
    frenzy = next(i for i, t in enumerate(lines) if "fact('frenzy-all-players')" in t)
    crusade = next(i for i, t in enumerate(lines) if "fact('crusade-each-player')" in t)
    moved = lines[:frenzy] + lines[frenzy + 1 : crusade + 1] + [lines[frenzy]]
    moved += lines[crusade + 1 :]
    old = "\n".join(lines)
    found = _found(project, (f"layouts/{GAME}/rulebook.md.j2", old, "\n".join(moved)))
    assert _hits(
        found,
        f"layouts/{GAME}/rulebook.md.j2:{crusade + 1}",
        "fact('frenzy-all-players')",
        "'Frenzy' phase",
        "'4. Crusade'",
        f"source {SEED}:56",
    ), found


def test_a_new_card_whose_prose_contradicts_a_rule_of_the_templates_fails(
    project: Path,
) -> None:
    last = "penance,Penance,"
    rogations = (project / "catalog" / GAME / "rogations.csv").read_text(encoding="utf-8")
    assert last in rogations
    added = (
        'relic,Relic,4,1,2,,"Take back one Devotee from your discard pile. This round, a used '
        'Rogation goes to your hand instead.",count min_devotees\n'
    )
    found = _found(project, (f"catalog/{GAME}/rogations.csv", last, added + last))
    assert _hits(
        found,
        f"catalog/{GAME}/rogations.csv:",
        "says 'your hand'",
        "states 'the Vortex'",
        f"source {SEED}:",
    ), found
