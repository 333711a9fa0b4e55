"""A rule fact's value a template puts into a gettext message by name (`{{ _("Deck %(after)s
the deal", after=fact('deck-after-deal').value) }}`) is read where the message prints it,
as a `{% trans %}` block's is: the line counts among the fact's places, and a message
reworded so that it no longer says one of the fact's forms fails, naming the line. Shown on
Atmosfear's quick reference (a table's header) and its rulebook (a heading)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from conftest import load_games, run_checks
from helpers_edits import failures_edited, games_copy

GAME = "atmosfear"
QUICKREF = f"layouts/{GAME}/quickref/dice.md.j2"
BOOK = f"layouts/{GAME}/rulebook.md.j2"
PARTS = {"facts"}


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("gettext"), [GAME])


def _line(path: str, text: str) -> int:
    lines = (Path(__file__).parents[2] / path).read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if text in line)


def test_a_value_put_into_a_message_by_name_counts_as_a_place_of_its_fact(root: Path) -> None:
    catalogs, issues = load_games(root, [GAME])
    assert not issues.errors
    report = run_checks(catalogs, only=PARTS).game(GAME)
    facts = tomllib.loads((root / "catalog" / GAME / "rules.toml").read_text(encoding="utf-8"))
    name = {f["id"]: f["name"] for f in facts["facts"] if "id" in f}
    said = {c.rule: c.summary for c in report.checks if c.status == "pass"}
    # the quick reference's header is the only place that prints this fact
    assert "'after' in 1 place (1 a template line)" in said[name["deck-after-deal"]]
    # the rulebook's heading among the three lines that render the trick's winner
    assert "'wins' in 3 places (3 a template lines)" in said[name["card-wins"]]


@pytest.mark.parametrize(
    ("path", "old", "new", "fact"),
    [
        (
            QUICKREF,
            '_("Deck %(after)s the deal"',
            '_("Deck %(after)s the shuffle"',
            "deck-after-deal",
        ),
        (BOOK, '_("Who %(wins)s a trick"', '_("Who %(wins)s the game"', "card-wins"),
    ],
    ids=["a table header", "a heading"],
)
def test_a_message_reworded_off_its_facts_forms_fails_naming_its_line(
    root: Path, path: str, old: str, new: str, fact: str
) -> None:
    found = failures_edited(root, GAME, [(path, old, new)], PARTS)
    line = _line(path, old)
    assert any(f"{path}:{line} renders fact('{fact}')" in f for f in found), found
