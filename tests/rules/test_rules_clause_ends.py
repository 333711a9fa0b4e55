"""A form that ends with a colon or a semicolon holds the end of its clause
(`cardstock.rules.reading.rendered_forms`): a list's introduction ("…each doing one of these:") or
one of its items ("- lay one card face down beside a Devotee in your field;") is read as a
sentence whose end is that mark, so a clause typed after the value, before the mark,
fails; a form written `^…:` or `^…;` is a whole-sentence form and holds every line that
renders its fact."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from helpers_edits import Edit, assert_caught, games_copy
from read_catalog import read_catalog

from cardstock.rules.reading.rendered_forms import unsaid

VALUES = {"score-every": "every"}


def _fact(*forms: str) -> SimpleNamespace:
    return SimpleNamespace(
        id="score-every",
        name="a pawn's tile scores against each neighbour",
        value="every",
        typed=None,
        forms=lambda: list(forms),
    )


def _findings(forms: tuple[str, ...], *lines: str) -> list[str]:
    """Findings of lines the checker renders alone (the fact's value is its only name)."""
    catalog = read_catalog(
        template_raw_lines=[("quickref.md.j2", n, line) for n, line in enumerate(lines, 1)],
        template_names={"quickref.md.j2": {"fact": lambda i: {"value": VALUES[i]}}},
    )
    return [p.message for p in unsaid(_fact(*forms), catalog)]


INTRO = "^Compare each pawn's tile with {value} neighbour:"
SAID = "Compare each pawn's tile with {{ fact('score-every').value }} neighbour:"


def test_a_list_introduction_saying_its_form_to_the_colon_passes() -> None:
    assert _findings((INTRO,), SAID) == []
    assert _findings((INTRO,), "**" + SAID.replace(":", ":**")) == []


def test_a_clause_typed_after_the_value_before_the_colon_fails() -> None:
    typed = SAID.replace("neighbour:", "neighbour, except the diagonal ones:")
    (found,) = _findings((INTRO,), typed)
    assert "quickref.md.j2:1 renders fact('score-every')" in found
    assert "except the diagonal ones" in found


def test_a_colon_form_does_not_end_at_a_full_stop_nor_a_semicolon() -> None:
    assert _findings((INTRO,), SAID.replace(":", ".")) != []
    assert _findings((INTRO,), SAID.replace(":", ";")) != []


def test_an_icon_code_is_no_colon_of_the_line() -> None:
    said = "Compare each pawn's tile with {{ fact('score-every').value }} neighbour :fire: here"
    assert _findings((INTRO,), said) != []


ITEM = "^lay one card {value} beside a Devotee in your field;"
LAID = "- lay one card {{ fact('score-every').value }} beside a Devotee in your field;"


def test_a_list_item_ending_in_a_semicolon_holds_its_words_to_the_semicolon() -> None:
    assert _findings((ITEM,), LAID) == []
    (found,) = _findings((ITEM,), LAID.replace("field;", "field or a rival's;"))
    assert "in your field or a rival's" in found


def test_a_clause_form_is_a_whole_sentence_form_that_holds_every_line() -> None:
    # the short form would pass the second line; the clause form holds it to its own words
    short = "card {value} beside"
    retyped = "Then lay one card {{ fact('score-every').value }} beside a Zealot."
    assert _findings((short,), LAID, retyped) == []
    (found,) = _findings((short, ITEM), LAID, retyped)
    assert "quickref.md.j2:2 renders fact('score-every')" in found


# The shipped games' list introductions and items, each with a clause typed after its
# value before its colon or semicolon: each fails naming the fact, its source line and both
# the words it states and the words typed.
AOT, ATM, VX = "alpha-omega-tiles", "atmosfear", "vortex"
CLAUSE_EDITS = [
    Edit(
        "aot-scoring-neighbour-in-its-row",
        AOT,
        f"layouts/{AOT}/quickref/scoring.md.j2",
        "{{ every }} neighbour:",
        "{{ every }} neighbour in its row:",
        "a pawn's tile scores against each tile next to it",
        157,
        "with every neighbour",
        "neighbour in its row",
    ),
    Edit(
        "atm-hierarchy-action-power-as-a-trump",
        ATM,
        f"layouts/{ATM}/quickref/hierarchy.md.j2",
        "{{ leading }} Realm; a trump",
        "{{ leading }} Realm or as a trump; a trump",
        "an Action card's power works only in the Leading Realm",
        83,
        "only in the leading realm",
        "realm or as a trump",
    ),
    Edit(
        "atm-trick-each-adds-or-passes",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "exactly {{ cards }}:",
        "exactly {{ cards }}, or passes:",
        "a trick goes round clockwise",
        49,
        "going clockwise",
        "or passes",
    ),
    Edit(
        "vx-frenzy-lay-in-a-rivals-field",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "beside a Devotee in {{ field }};",
        "beside a Devotee in {{ field }} or a rival's;",
        "a Frenzy is laid beside a Devotee of the player's own field",
        56,
        "beside a devotee in your field",
        "or a rival's",
    ),
    Edit(
        "vx-frenzy-of-these-in-turn",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "**{{ n }}** of these:",
        "**{{ n }}** of these in turn order:",
        "in the Frenzy step every player acts at the same time",
        56,
        "players act at the same time",
        "of these in turn order",
    ),
]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("clause-ends"), [AOT, ATM, VX])


@pytest.mark.needs_seeds
@pytest.mark.parametrize("e", CLAUSE_EDITS, ids=[e.id for e in CLAUSE_EDITS])
def test_a_clause_typed_into_a_shipped_list_line_fails_naming_the_fact(
    project: Path, e: Edit, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert_caught(project, e, monkeypatch)
