"""A sentence deleted from a rule template together with the `{{ value }}` it rendered
fails (`cardstock.rules.reading.rendered_forms.unsaid`): a form written `^…` exists because a
template line said that sentence, so when the game has rule templates and no line that
renders the fact says the form any more, the form is a finding naming the fact and the
words it states. A fact with only short forms (a designer's own, the starter's) need not be
rendered, and a catalog without rule templates (copied without its layouts) renders none."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import ROOT
from helpers_edits import STARTER, Edit, assert_caught, failures, games_copy, starter
from read_catalog import read_catalog

from cardstock.rules.reading.rendered_forms import unsaid

VALUES = {"crusade-reveals": "revealed", "other": "face down"}
FORMS = ["^A {value} Frenzy stays until it is discarded.", "^Discard a {value} Frenzy."]


def _findings(*lines: str, forms: list[str] = FORMS) -> list[str]:
    fact = SimpleNamespace(
        id="crusade-reveals",
        name="a Crusade reveals the cards",
        value="revealed",
        typed=None,
        forms=lambda: list(forms),
    )
    catalog = read_catalog(
        template_raw_lines=[("rulebook.md.j2", n, line) for n, line in enumerate(lines, 1)],
        template_names={"rulebook.md.j2": {"fact": lambda i: {"value": VALUES[i]}}},
    )
    return [p.message for p in unsaid(fact, catalog)]


STAYS = "A {{ fact('crusade-reveals').value }} Frenzy stays until it is discarded."
DISCARD = "Discard a {{ fact('crusade-reveals').value }} Frenzy."
OTHER = "Lay it {{ fact('other').value }}."


def test_each_sentence_form_said_by_a_line_passes() -> None:
    assert _findings(STAYS, OTHER, DISCARD) == []


def test_a_sentence_deleted_with_its_value_fails_naming_the_form() -> None:
    (found,) = _findings(STAYS, OTHER)
    assert "states 'revealed' as 'Discard a revealed Frenzy.'" in found
    assert "no line of the rule templates says it" in found


def test_a_fact_no_line_renders_any_more_fails_for_each_sentence_form() -> None:
    assert len(_findings(OTHER)) == 2


def test_a_line_retyped_is_found_at_its_line_only() -> None:
    (found,) = _findings(STAYS, DISCARD.replace("Frenzy.", "Frenzy at once."))
    assert "rulebook.md.j2:2 renders fact('crusade-reveals')" in found


def test_a_fact_with_only_short_forms_need_not_be_rendered() -> None:
    assert _findings(OTHER, forms=["a {value} Frenzy stays"]) == []


def test_a_game_without_rule_templates_renders_no_fact() -> None:
    assert _findings(forms=FORMS) == []


def test_the_starters_rulebook_line_deleted_with_its_facts_is_no_finding(
    tmp_path: Path,
) -> None:
    root = starter(tmp_path, full=True)
    book = root / "layouts" / STARTER / "rulebook.md.j2"
    text = book.read_text(encoding="utf-8")
    kept = [line for line in text.splitlines() if "fact('first-out')" not in line]
    assert len(kept) < len(text.splitlines())
    book.write_text("\n".join(kept) + "\n", encoding="utf-8")
    assert [m for m in failures(root, STARTER, {"facts"}) if "says it" in m] == []


def test_a_shipped_catalog_copied_without_its_layouts_passes(tmp_path: Path) -> None:
    game = "vortex"
    shutil.copytree(ROOT / "catalog" / game, tmp_path / "catalog" / game)
    assert [m for m in failures(tmp_path, game, {"facts"}) if "says it" in m] == []


# Sentences of the shipped games deleted with the values they rendered: each fails naming
# the fact, its source line and the sentence it states.
AOC, ATM, VX = "alpha-omega-cards", "atmosfear", "vortex"
VX_ITEM = (
    "- {% trans revealed=fact('revealed').value %}discard a Frenzy that has already been "
    "{{ revealed }}.{% endtrans +%}\n"
)
DELETIONS = [
    Edit(
        "vx-frenzy-discard-item-deleted",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        VX_ITEM,
        "",
        "a Crusade reveals every unrevealed card beside the two cards",
        66,
        "as 'discard a Frenzy that has already been revealed.'",
        "no line of the rule templates says it",
    ),
    Edit(
        "vx-revealed-frenzy-stays-deleted",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        " A {{ revealed }} Frenzy stays until it is {{ discarded }}; it {{ swapped }} be swapped.",
        "",
        "a revealed Frenzy cannot be swapped",
        58,
        "the rulebook states",
        "no line of the rule templates says it",
        also=(
            (
                f"layouts/{VX}/rulebook.md.j2",
                ", swapped=fact('revealed-stays').value, discarded="
                "fact('revealed-frenzy-until-discarded').value, revealed=fact('revealed').value",
                "",
            ),
        ),
    ),
    Edit(
        "aoc-hand-limit-sentence-deleted",
        AOC,
        f"layouts/{AOC}/rulebook.md.j2",
        " There is no limit to how many cards you {{ hand_unlimited }} hold.",
        "",
        "a player may hold any number of cards",
        70,
        "as 'There is no limit to how many cards you may hold.'",
        "no line of the rule templates says it",
        also=(
            (f"layouts/{AOC}/rulebook.md.j2", ", hand_unlimited=fact('hand-unlimited').value", ""),
        ),
    ),
    Edit(
        "atm-quickref-key-taken-unseen-deleted",
        ATM,
        f"layouts/{ATM}/quickref/dice.md.j2",
        ", {{ unseen }}.{% endtrans",
        ".{% endtrans",
        "a Key card won is taken unseen and kept face down",
        59,
        "the rulebook states 'unseen'",
        "no line of the rule templates says it",
        also=((f"layouts/{ATM}/quickref/dice.md.j2", ", unseen=fact('key-unseen').value", ""),),
    ),
]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("deleted-sentences"), [AOC, ATM, VX])


@pytest.mark.needs_seeds
@pytest.mark.parametrize("e", DELETIONS, ids=[e.id for e in DELETIONS])
def test_a_shipped_sentence_deleted_with_its_value_fails_naming_the_fact(
    project: Path, e: Edit, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert_caught(project, e, monkeypatch)
