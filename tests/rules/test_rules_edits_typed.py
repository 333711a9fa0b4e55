"""Edits of numbers a player reads where no cell-by-cell fact looked (issue #42): a number
typed into a rulebook or quick-reference template instead of rendered, and a number in a
card's prose that disagrees with the card's own field. Each edit is applied to a copy of
its game; the check fails naming the fact, the place and both values.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import GAMES
from helpers_edits import failures, games_copy

PARTS = {"facts"}

# (id, game, file, old, new, the fact's name, words every finding line must hold)
EDITS = [
    (
        "ae-template-typed-phases",
        "alter-ego",
        "layouts/alter-ego/rulebook.md.j2",
        "Your turn has {{ phases }} phases",
        "Your turn has six phases",
        "type no number or name the catalog holds",
        ["rulebook.md.j2:", "'six'"],
    ),
    (
        "aoc-template-typed-heading",
        "alpha-omega-cards",
        "layouts/alpha-omega-cards/rulebook.md.j2",
        "{{ phase('Clean-Up') }}",
        "## 5. Clean-Up phase",
        "type no number or name the catalog holds",
        ["rulebook.md.j2:", "'5'"],
    ),
    (
        "atm-template-typed-name",
        "atmosfear",
        "layouts/atmosfear/rulebook.md.j2",
        "({{ gk }} excepted,",
        "(The Gatekeeper excepted,",
        "type no number or name the catalog holds",
        ["rulebook.md.j2:", "'The Gatekeeper'", "gatekeeper"],
    ),
    (
        "atm-timing-field-swapped",
        "atmosfear",
        "catalog/atmosfear/realms.csv",
        "red-duel,The Duel (Red),1,Red,red,2,Action,delayed,",
        "red-duel,The Duel (Red),1,Red,red,2,Action,immediate,",
        "says when its power works",
        ["power is immediate", "void once the trick is trumped"],
    ),
    (
        "aoc-good-prose-amount",
        "alpha-omega-cards",
        "catalog/alpha-omega-cards/good.csv",
        None,  # the first Good card whose text states its amount: its amount one more
        None,
        "each Good card's text states its own amount",
        ["amount is"],
    ),
    (
        "ae-equipment-prose-cost",
        "alter-ego",
        "catalog/alter-ego/equipment.csv",
        "Pay $2 to use it: it counts as one Hero icon",
        "Pay $3 to use it: it counts as one Hero icon",
        "each Equipment card's text states what it costs to use",
        ["activate is 2", "$3"],
    ),
]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("typed-edits"), GAMES)


def _amount_edit(text: str) -> tuple[str, str]:
    """The first Good card row whose amount (a CSV column) its text states: that row with
    the amount one more."""
    lines = text.splitlines()
    head = lines[0].split(",")
    k = head.index("amount")
    for row in lines[1:]:
        cells = row.split(",")
        if len(cells) > k and cells[k].isdigit() and f" {cells[k]} " in row:
            new = cells[:k] + [str(int(cells[k]) + 1)] + cells[k + 1 :]
            return row, ",".join(new)
    raise AssertionError("no Good card states its amount")


@pytest.mark.parametrize("e", EDITS, ids=[e[0] for e in EDITS])
def test_a_typed_or_prose_number_edit_fails_naming_the_fact_and_the_place(
    project: Path, e: tuple[str, str, str, str | None, str | None, str, list[str]]
) -> None:
    _, game, file, old, new, fact, words = e
    path = project / file
    saved = path.read_text(encoding="utf-8")
    if old is None or new is None:
        old, new = _amount_edit(saved)
    try:
        assert old in saved, f"{old!r} is not in {file}"
        path.write_text(saved.replace(old, new, 1), encoding="utf-8")
        lines = failures(project, game, PARTS)
    finally:
        path.write_text(saved, encoding="utf-8")
    hits = [line for line in lines if fact in line and all(w in line for w in words)]
    assert hits, "\n".join(lines) or "the check passed"
