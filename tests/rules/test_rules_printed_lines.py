"""A template line is read as it prints. A name a one-line `{% set %}…{% endset %}` block or
`{% macro %}` gives is known to a line rendered alone, as a `{% set x = … %}` is; a line the
checker still cannot render alone (a name a `{% for %}` loop gives, an `{% if %}` spanning
lines) is read as the whole template prints it (`cardstock.rules.reading.printed_lines`): once for
each time a loop reaches it, each name standing for exactly the words it prints, and held
to a form as a line rendered alone is. Only a line the template never prints (an `{% if %}`
branch not taken) is still read with each rendered thing as a gap of a few words."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_edits import STARTER, Edit, assert_caught, failures, games_copy, starter
from read_catalog import read_catalog

from cardstock.rules.reading.printed_lines import printed, printed_line

LOOP = """\
{% for who in names %}
- {{ who }} plays on the {{ v }} card.
{% endfor %}
{% if names %}
Read.
{% else %}
Never read.
{% endif %}
{{ cover() }}{{ v
}} is split
"""


def test_a_line_in_a_loop_prints_once_each_time_round() -> None:
    lines = printed(LOOP, {"names": ["Ann", "Bo"], "v": "last"})
    assert lines is not None
    assert [t.strip() for t in lines[2]] == [
        "- Ann plays on the last card.",
        "- Bo plays on the last card.",
    ]


def test_a_branch_not_taken_prints_nothing_and_a_missing_helper_prints_nothing() -> None:
    lines = printed(LOOP, {"names": ["Ann"], "v": "last"})
    assert lines is not None
    assert [t.strip() for t in lines[5]] == ["Read."]
    assert 7 not in lines
    assert lines[9][0].startswith("last")  # `cover()` is no name of the rules' context


def test_a_line_inside_a_tag_that_began_above_has_no_reading_of_its_own() -> None:
    lines = printed(LOOP, {"names": [], "v": "last"})
    assert lines is not None
    assert 10 not in lines and "is split" in lines[9][0]


def test_a_line_in_a_block_is_printed_from_that_block_alone() -> None:
    # the whole template cannot be compiled (an unknown filter below); the loop can
    lines = [*LOOP.splitlines(), "{{ v | no_such_filter }}"]
    catalog = read_catalog()  # a catalog that has read nothing yet
    said = printed_line(catalog, "t.md.j2", 2, lines, {"names": ["Ann"], "v": "last"})
    assert [t.strip() for t in said] == ["- Ann plays on the last card."]
    assert printed(LOOP + lines[-1], {"names": ["Ann"], "v": "last"}) is None


FACT = """
[[facts]]
kind = "rule"
id = "loop-plays"
name = "each named player plays on the last card"
value = "last"
opposites = ["first"]
says = ["^Sun plays on the {value} card.", "^Moon plays on the {value} card."]
"""
TEMPLATE = """
{% for who in ['Sun', 'Moon'] %}
- {{ who }} plays on the {{ fact('loop-plays').value }} card.
{% endfor %}
"""


def _starter_findings(tmp_path: Path, old: str = "", new: str = "") -> list[str]:
    root = starter(tmp_path, rules=FACT)
    book = root / "layouts" / STARTER / "rulebook.md.j2"
    with book.open("a", encoding="utf-8") as f:
        f.write(TEMPLATE.replace(old, new) if old else TEMPLATE)
    return [m for m in failures(root, STARTER, {"facts"}) if "loop-plays" in m]


def test_a_line_in_a_loop_saying_a_form_each_time_round_passes(tmp_path: Path) -> None:
    assert _starter_findings(tmp_path) == []


def test_a_loop_name_printing_words_no_form_holds_fails(tmp_path: Path) -> None:
    # read with gaps, `{{ who }}` could stand for "Comet"; printed, it says "Comet"
    (found,) = _starter_findings(tmp_path, "'Moon'", "'Comet'")
    assert "renders fact('loop-plays') and says 'comet plays on the {loop-plays} card'" in found


def test_a_word_typed_after_a_loop_name_fails(tmp_path: Path) -> None:
    (found,) = _starter_findings(tmp_path, "{{ who }} plays", "{{ who }} often plays")
    assert "'sun often plays on the {loop-plays} card'" in found


# The shipped games' lines that cannot be rendered alone, each edited where a gap would
# have hidden it: each fails naming the fact, its source line and both values.
AE, ATM, VX = "alter-ego", "atmosfear", "vortex"
PRINTED_EDITS = [
    Edit(
        "atm-border-macro-prints-more",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "{{ said(realm_cards | selectattr('fields.type', 'equalto', type) | first, 'border') }}",
        "{{ said(realm_cards | selectattr('fields.type', 'equalto', type) | first, 'border') }}"
        " or gold",
        "a Fear card is the weakest card of its Realm",
        113,
        "is the weakest of all",
        "brass or gold borders",
    ),
    Edit(
        "atm-fear-weakest-unless-a-trump",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "the {{ weakest }} card in its Realm.",
        "the {{ weakest }} card in its Realm unless it is a trump.",
        "a Fear card is the weakest card of its Realm",
        113,
        "is the weakest of all",
        "unless it is a trump",
    ),
    Edit(
        "ae-spent-cards-match-its-gang",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "{{ must }} match {{ name }}'s icons.",
        "{{ must }} match {{ name }}'s icons or its gang's.",
        "in the example, the Hero cards spent must match the Henchman's icons",
        45,
        "spent hero cards must match",
        "or its gang",
    ),
    Edit(
        "ae-one-villain-and-one-per-player",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "gang is used per game.",
        "gang is used per game, and one more per player.",
        "one Arch Villain of each gang is used in a game",
        21,
        "one of each gang is used per game",
        "and one more per player",
    ),
    Edit(
        "vx-rogations-start-with-the-vortex-holder",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "{{ who }}, {{ each }} {{ may }} perform",
        "{{ who }}, starting with the Vortex card's holder, {{ each }} {{ may }} perform",
        "Rogations are played in turn order",
        46,
        "in turn order",
        "starting with the vortex card",
    ),
    Edit(
        "vx-example-step-three-or-a-true-convert",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "Fearful Convert instead of a corpse.",
        "Fearful Convert instead of a corpse, or a True Convert.",
        "in the example, a Frenzy is placed in the Frenzy step",
        56,
        "in the frenzy step",
        "or a true convert",
    ),
    Edit(
        "atm-immediate-when-the-trick-ends",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "(resolved the moment the card is played)",
        "(resolved the moment the trick is won)",
        "an immediate power works the moment its card is played",
        95,
        "immediate resolved the moment",
        "the trick is won",
    ),
]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("printed-lines"), [AE, ATM, VX])


@pytest.mark.needs_seeds
@pytest.mark.parametrize("e", PRINTED_EDITS, ids=[e.id for e in PRINTED_EDITS])
def test_a_shipped_line_read_as_printed_fails_where_a_gap_hid_the_edit(
    project: Path, e: Edit, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert_caught(project, e, monkeypatch)
