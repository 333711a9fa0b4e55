"""Alter Ego's mutation-test escapes (issue #72), one edit of each class held: a word of an
Arch Villain's power that names what still counts, a token's name on a face's type line,
and the deck a type line names, which the face renders from the catalog instead of typing.
Each edit is applied to a copy of the game and checked as `cardstock check alter-ego
--sources` checks it, less the setup simulation; each asserts the finding of the fact that
catches it, naming the fact and both words. The power's own numbers are the designer's
(`[[mutate.designer_values]]` with `texts`): an edit of one is explained, not caught.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import GAMES, ROOT, SEEDS, load_games, suite_cache
from helpers_edits import Change, failures_edited, games_copy

from cardstock.core.issues import Issues
from cardstock.rules.mutation.designer import scope
from cardstock.rules.mutation.edits import edits, game_files
from cardstock.rules.mutation.report import run
from cardstock.rules.mutation.settings import read_settings
from cardstock.rules.report import RULE_PARTS
from cardstock.rules.sources import SOURCES_ENV
from cardstock.stages import CHECKS

pytestmark = pytest.mark.needs_seeds

AE = GAMES[2]
PARTS = (set(RULE_PARTS) - {"setup"}) | {p.name for p in CHECKS}
FACES = f"layouts/{AE}/faces.toml"

# (the change, the fact's name the finding gives, the words before and after as it quotes them)
CAUGHT: dict[str, tuple[Change, str, str, str]] = {
    "vivisector-lets-henchmen-count": (
        (
            f"catalog/{AE}/sadists.csv",
            "only Hero cards, help and Equipment count.",
            "only Hero cards, help and Henchmen count.",
        ),
        "against the Vivisector a player still matches icons with Hero cards, help and Equipment",
        "'Equipment'",
        "'Henchmen'",
    ),
    "villain-face-enters-at-cop-tokens": (
        (
            FACES,
            "enters play at {{ tokens_needed }} Threat",
            "enters play at {{ tokens_needed }} Cop",
        ),
        "an Arch Villain's face says it enters play at its number of Threat tokens",
        "'Threat'",
        "'Cop",
    ),
}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("ae-escapes"), [AE])


@pytest.mark.parametrize("case", list(CAUGHT))
def test_an_alter_ego_escape_is_caught_by_the_fact_that_states_it(
    project: Path, case: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    change, fact, before, after = CAUGHT[case]
    monkeypatch.setenv(SOURCES_ENV, str(SEEDS))
    lines = failures_edited(project, AE, [change], PARTS, sources=SEEDS)
    hits = [f for f in lines if fact in f and before in f and after in f]
    assert hits, "\n".join(lines) or "the check passed"


def test_a_face_type_line_names_its_deck_from_the_catalog_so_no_edit_retypes_it() -> None:
    (catalog,), issues = load_games(ROOT, [AE])
    assert not issues.errors
    groups = {str(s.group) for s in catalog.game.sets if s.group}
    typed = [
        e.describe()
        for e in edits(catalog, game_files(catalog))
        if e.shown == FACES and "type_line" in e.where and e.kind == "name" and e.before in groups
    ]
    assert not typed


def test_an_arch_villains_and_a_nemesis_s_own_words_are_the_designer_s() -> None:
    from cardstock.mutate import MUTATE_RUNS, judge_of

    (catalog,), issues = load_games(ROOT, [AE])
    assert not issues.errors
    sources = game_files(catalog)
    every = edits(catalog, sources)
    wanted = {
        ("catalog/alter-ego/mafia.csv", "number", "$1 more"),  # Velvet's price rise
        ("catalog/alter-ego/nemeses.csv", "swap", "Job cards give"),  # Jackal and Hollow
    }
    chosen = [
        e
        for e in every
        if any(e.shown == f and e.kind == k and w in e.context + e.before for f, k, w in wanted)
    ]
    assert len(chosen) == len(wanted), [e.describe() for e in chosen]
    problems = Issues()
    read = read_settings(catalog, problems)
    assert not problems.errors
    owned = [(d, scope(d, catalog.game, catalog.components)) for d in read.designer_values]
    judge = judge_of(ROOT, AE, suite_cache(), seed=1, runs=MUTATE_RUNS, sources=SEEDS)
    report = run(AE, sources.texts, chosen, judge, owned=owned)
    assert not report.survivors, [o.edit.describe() for o in report.survivors]
    assert len(report.owned) == len(chosen)
