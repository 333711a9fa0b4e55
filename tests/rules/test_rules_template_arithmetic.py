"""A number a rule template computes from the data (`{% set x = a + b %}`, `{{ a - n * b }}`
in a loop) is recomputed where a `value` fact names it (`{ template, computes }`): an edit
that leaves out a term, made as a designer would, fails naming the template's line, the
expression, the fact's source line and both values. `check --mutate` makes such edits
(`arithmetic`): one term fewer at the outermost operator."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SEEDS
from helpers_edits import PARTS, SEED_FILES, failures_edited, games_copy, judged
from pydantic import ValidationError

from cardstock.catalog.load import load_games
from cardstock.rules.model import load_rules
from cardstock.rules.mutation.arithmetic import arithmetic_edits, without_last_term
from cardstock.rules.player_texts import game_files
from cardstock.rules.reading.computed import spans
from cardstock.rules.reading.places import Place

TILES, ATMOS, CARDS = "alpha-omega-tiles", "atmosfear", "alpha-omega-cards"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("arithmetic"), (TILES, ATMOS, CARDS))


@pytest.mark.parametrize(
    ("expression", "fewer"),
    [
        ("per_colour + frenzies_dealt + rogations_dealt", "per_colour + frenzies_dealt"),
        ("give * (lives | length)", "give"),
        ("deck - n * setup_step('draw_until', to='hand').count", "deck - n"),
        ("(count(set='pawns') / (pawn_colours | length)) | int", "(count(set='pawns')) | int"),
        ("-a + 3", "-a"),
    ],
)
def test_an_arithmetic_edit_drops_the_last_term_at_the_outermost_operator(
    expression: str, fewer: str
) -> None:
    assert without_last_term(expression) == fewer


def test_only_arithmetic_on_numbers_is_an_expression_to_edit() -> None:
    text = (
        "{% set decks = select(set='good') + select(set='opponent') %}\n"
        "{{ '%+d' % points }} {{ name ~ '-' ~ other }} {{ -n }}\n"
        "{% trans a=fact('x').value, n=pack - n * deal %}{{ a }} {{ n }}{% endtrans %}\n"
        "{{ n * deal }}\n"
    )
    found = [(text[a:b].strip(), name) for a, b, name in spans(text)]
    # a `{% set %}` is found with its name (what the name holds tells a list from a number);
    # a string formatted, a string joined and a sign are no arithmetic on numbers
    assert found == [
        ("select(set='good') + select(set='opponent')", "decks"),
        ("pack - n * deal", None),
        ("n * deal", None),
    ]


def test_a_list_a_set_line_joins_is_never_edited(project: Path) -> None:
    # Alpha & Omega (cards) joins two decks with `+` (`{% set decks = … + … %}`) and
    # computes no number; the tiles edition computes four
    for game, where in (
        (CARDS, []),
        (
            TILES,
            [
                "template arithmetic per_player",
                "template arithmetic deck_tiles",
                "template arithmetic deck",
                "template arithmetic",
            ],
        ),
    ):
        catalogs, issues = load_games(project, [game], load_rules)
        assert not issues.errors
        chosen = list(arithmetic_edits(catalogs[0], game_files(catalogs[0])))
        assert [e.where for e in chosen] == where


def test_a_template_place_names_what_it_computes() -> None:
    with pytest.raises(ValidationError, match="computes"):
        Place.model_validate({"template": "rulebook.md.j2"})
    with pytest.raises(ValidationError, match="given"):
        Place.model_validate({"setup": 1, "given": {"n": 2}})


def test_a_set_line_left_a_term_short_fails_with_its_line_the_source_and_both_values(
    project: Path,
) -> None:
    change = (
        f"layouts/{TILES}/rulebook.md.j2",
        "{% set per_player = (count(set='pawns') / (pawn_colours | length)) | int %}",
        "{% set per_player = count(set='pawns') %}",
    )
    found = failures_edited(project, TILES, [change], PARTS, sources=SEEDS)
    assert any(
        f"layouts/{TILES}/rulebook.md.j2:12" in f
        and "`per_player = count(set='pawns')` has 8" in f
        and "states 2" in f
        and f"{SEED_FILES[TILES]}:49" in f
        for f in found
    ), found


def test_a_term_changed_before_a_loop_fails_each_count_the_loop_prints(project: Path) -> None:
    change = (
        f"layouts/{ATMOS}/quickref/dice.md.j2",
        "{% set pack = count(set='realms') + count(set='gatekeeper') %}",
        "{% set pack = count(set='realms') %}",
    )
    found = failures_edited(project, ATMOS, [change], PARTS, sources=SEEDS)
    # the pack itself, and what is left after the deal for each of 2 to 6 players
    assert any("quickref/dice.md.j2:3" in f and "has 72" in f and "states 73" in f for f in found)
    for n in range(2, 7):
        left = 73 - 10 * n
        assert any(
            f"with {n} players {left} cards are left" in f
            and "`pack - n * deal (pack 72, n " in f
            and f"has {left - 1}" in f
            and f"{SEED_FILES[ATMOS]}:27" in f
            for f in found
        ), (n, found)


def test_a_printed_expression_written_otherwise_fails_saying_what_it_computes_now(
    project: Path,
) -> None:
    change = (f"layouts/{ATMOS}/quickref/dice.md.j2", "{{ pack - n * deal }}", "{{ pack - deal }}")
    found = failures_edited(project, ATMOS, [change], PARTS, sources=SEEDS)
    assert any(
        "states 43" in f
        and "computes `pack - n * deal` nowhere" in f
        and "`pack - deal` (line 24) holds 63" in f
        for f in found
    ), found


@pytest.mark.parametrize("game", [TILES, ATMOS])
def test_every_arithmetic_edit_of_a_game_that_computes_is_caught(project: Path, game: str) -> None:
    catalogs, issues = load_games(project, [game], load_rules)
    assert not issues.errors
    sources = game_files(catalogs[0])
    chosen = list(arithmetic_edits(catalogs[0], sources))
    assert len(chosen) >= 4
    report = judged(project, game, chosen, sources.texts, runs=1)
    assert [o.edit.describe() for o in report.outcomes if not o.caught] == []
    assert all(any(f.part == "facts" for f in o.found) for o in report.outcomes)
