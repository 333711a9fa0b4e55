"""`[[mutate.designer_values]]` with `texts`: a card's own prose the source never states. On
the starter of `cardstock init`: a number, word or name edited inside a declared text, or two
declared texts swapped, is an edit of the designer's value, listed apart (caught or not) and
never counted among the edits that contradict a stated fact; a declaration is stale when a
check catches the swap of two of its texts or when the source names one of its cards; a
`texts` column that holds no prose is bad input of the mutation test; and the summary line
gives, after the raw count, the share a fact catches of the edits that contradict a stated
fact."""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from pathlib import Path

import pytest
from conftest import load_games
from helpers_edits import without_designer_values

from cardstock.core.issues import Issues
from cardstock.init import init_project
from cardstock.rules.mutation.designer import DesignerValues, Scope, named, scope
from cardstock.rules.mutation.edits import Edit, apply, edits, game_files
from cardstock.rules.mutation.report import Finding, Judge, public, render, run, summary_line
from cardstock.rules.mutation.settings import read_settings
from cardstock.rules.sources import SourceText

GAME = "moon-race"
RULES = f"catalog/{GAME}/rules.toml"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("texts") / GAME
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    without_designer_values(root, GAME)  # each test declares its own
    return root


def declared(texts: list[str], rows: list[str] | None = None) -> DesignerValues:
    return DesignerValues.model_validate(
        {
            "table": "deck",
            "texts": texts,
            "rows": rows or [],
            "source": {"line": 2, "says": "the source counts the cards and names none"},
            "reason": "the designer wrote every card's text",
        }
    )


def judge_catching(catch: list[Edit], texts: Mapping[Path, str]) -> Judge:
    """A check whose facts fail on the edits of `catch` only."""
    made = {tuple(sorted(apply(texts, e).items())): k for k, e in enumerate(catch)}

    def judge(placed: Mapping[Path, bytes]) -> frozenset[Finding]:
        k = made.get(tuple(sorted(placed.items())))
        return frozenset({Finding(f"edit {k} caught", "facts", True)} if k is not None else ())

    return judge


def text_edits(
    project: Path,
) -> tuple[list[Edit], Mapping[Path, str], list[tuple[DesignerValues, Scope]]]:
    (catalog,), issues = load_games(project, [GAME])
    assert not issues.errors
    sources = game_files(catalog)
    chosen = [e for e in edits(catalog, sources) if e.where.startswith("column text")]
    entry = declared(["text"])
    return chosen, sources.texts, [(entry, scope(entry, catalog.game, catalog.components))]


def test_edits_inside_a_declared_text_and_swaps_of_texts_are_the_designers(
    project: Path,
) -> None:
    chosen, texts, owned = text_edits(project)
    kinds = {e.kind for e in chosen}
    assert {"number", "swap"} <= kinds, kinds  # "one card", "[two]", and the rows' texts
    report = run(
        GAME,
        texts,
        chosen,
        judge_catching([], texts),
        rules_file=RULES,
        owned=owned,
        owned_lines=[40],
    )
    assert [o.edit for o in report.owned] == chosen
    assert report.caught == 0 and not report.survivors and report.ok
    assert "designer's value, catalog/moon-race/rules.toml:40" in render(report)


def test_a_caught_edit_inside_a_text_is_listed_apart_and_leaves_the_declaration_current(
    project: Path,
) -> None:
    chosen, texts, owned = text_edits(project)
    number = next(e for e in chosen if e.kind == "number")
    report = run(
        GAME,
        texts,
        chosen,
        judge_catching([number], texts),  # a prose fact holds that one number
        rules_file=RULES,
        owned=owned,
        owned_lines=[40],
    )
    assert report.caught == 1 and [o.edit for o in report.owned] == chosen
    assert report.stated() == (0, 0)  # caught or not, the designer's value is apart
    assert not report.owned_stale and report.ok


def test_a_declaration_whose_texts_a_check_holds_is_stale(project: Path) -> None:
    chosen, texts, owned = text_edits(project)
    swap = next(e for e in chosen if e.kind == "swap")
    report = run(
        GAME,
        texts,
        chosen,
        judge_catching([swap], texts),
        rules_file=RULES,
        owned=owned,
        owned_lines=[40],
    )
    (st,) = report.owned_stale
    assert st.line == 40 and "a check holds" in st.message and swap.at in st.message
    assert report.caught == 1 and not report.ok


def test_a_text_declaration_is_refused_when_the_source_names_one_of_its_cards(
    project: Path,
) -> None:
    (catalog,), _ = load_games(project, [GAME])
    sets = catalog.game.sets
    silent = SourceText("seed.txt", "seed.txt", ("Components:", "XX cards in the deck"))
    assert named([declared(["text"])], [40], catalog.components, silent, sets) == []
    lines = ("Components:", "XX cards in the deck", "Eclipse: swap hands.")
    naming = SourceText("seed.txt", "seed.txt", lines)
    (st,) = named([declared(["text"])], [40], catalog.components, naming, sets)
    assert (st.index, st.line) == (0, 40)
    assert st.message.startswith("texts: seed.txt:3 names 'Eclipse'")
    others = declared(["text"], rows=["dawn", "noon"])  # the named card left out
    assert named([others], [40], catalog.components, naming, sets) == []


def test_a_text_declaration_is_refused_when_its_source_line_names_none_of_its_sets(
    project: Path,
) -> None:
    """The cited line must be the one that counts the set without its texts, not any line."""
    (catalog,), _ = load_games(project, [GAME])
    elsewhere = SourceText("seed.txt", "seed.txt", ("Components:", "Shuffle, then deal 3."))
    (st,) = named([declared(["text"])], [40], catalog.components, elsewhere, catalog.game.sets)
    assert st.message.startswith("source: line 2 names no 'Suit' or 'Deck'"), st.message


def test_a_texts_column_that_holds_no_prose_is_bad_input(project: Path, tmp_path: Path) -> None:
    copy = tmp_path / "p"
    shutil.copytree(project, copy)
    rules = copy / "catalog" / GAME / "rules.toml"
    with rules.open("a", encoding="utf-8") as f:
        f.write(
            '\n[[mutate.designer_values]]\ntable = "deck"\ntexts = ["power"]\n'
            'source = { line = 2, says = "none named" }\nreason = "the designer\'s"\n'
        )
    at = rules.read_text(encoding="utf-8").splitlines().index('texts = ["power"]') + 1
    (catalog,), issues = load_games(copy, [GAME])
    assert not issues.errors  # a plain check reads past the mutation test's table
    errors = Issues()
    read_settings(catalog, errors)
    found = [i.render() for i in errors.errors]
    assert len(found) == 1, found
    assert found[0].startswith(
        f"{RULES}:{at}: mutate.designer_values[0].texts: set 'deck' has a int field, no prose:"
    ), found[0]
    assert "text" in found[0].rsplit(":", 1)[1]  # the texts it could name


def test_the_summary_gives_the_share_caught_of_the_edits_that_contradict_a_stated_fact(
    project: Path,
) -> None:
    (catalog,), _ = load_games(project, [GAME])
    sources = game_files(catalog)
    every = edits(catalog, sources)
    prose = [e for e in every if e.where.startswith("column text")]
    power = [e for e in every if e.where == "column power"]
    entry = declared(["text"])
    owned = [(entry, scope(entry, catalog.game, catalog.components))]
    report = run(
        GAME,
        sources.texts,
        [*prose, *power],
        judge_catching(power[:-1], sources.texts),  # one power edit survives, unexplained
        rules_file=RULES,
        owned=owned,
        owned_lines=[40],
    )
    m, k, n = len(prose) + len(power), len(power), len(power) - 1
    line = summary_line(report)
    assert line.startswith(f"{n} of {m} edits caught by a fact; ")  # the raw count first
    assert (
        f"of the {k} edits that contradict a stated fact, {n} caught by a fact "
        f"({n / k * 100:.1f} %), 1 survive; {len(prose)} edit a designer's own value" in line
    )
    assert public(report)["stated"] == k and public(report)["caught"] == n
    assert public(report)["stated_caught"] == n
