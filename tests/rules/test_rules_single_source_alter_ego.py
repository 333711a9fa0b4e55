"""Alter Ego states each rule once: an edit that breaks one of its restatements fails the check.

Each case copies the shipped catalog, makes one edit that `cardstock check --mutate` makes
(a row moved to another gang's deck, a card's rule word turned round, a name given twice, a
price or a threshold one higher), and runs the checker in-process on counts, constraints
and facts. The check must fail, and a failing finding must name the rule the edit breaks.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import load_games, run_checks

ROOT = Path(__file__).resolve().parents[2]
GAME = "alter-ego"
PARTS = {"counts", "constraints", "facts"}

GIGGLES = (
    "giggles,Giggles,1,Sadists,sadists,4,1,kid,might speed intellect stealth,"
    '"While Giggles is in play, Teamwork tokens cannot stand in for Hero icons.",all'
)
BIG_SAL = (
    "big-sal,Big Sal,1,Mafia,mafia,3,2,worker,might might resolve stealth,"
    "Big Sal cannot be defeated in the same turn he comes into play.,all"
)

# (what, [(file, old, new)], words a failing check's text must hold)
EDITS: list[tuple[str, list[tuple[str, str, str]], list[str]]] = [
    (
        "Giggles moved to the Mafia deck, a Mafia villain moved back to the Sadists",
        [
            ("sadists.csv", GIGGLES, BIG_SAL),
            ("mafia.csv", BIG_SAL, GIGGLES),
        ],
        ["the Mafia deck holds the 4 Mafia Arch Villains"],
    ),
    (
        "a Hero card makes the icons on defeated Henchmen compulsory",
        [
            (
                "game.toml",
                "you may also use the :speed: icons",
                "you must also use the :speed: icons",
            )
        ],
        ["optional", "says 'must'"],
    ),
    (
        "two Henchmen share a name",
        [("henchmen.csv", "cellar-jailer,Cellar Jailer,", "cellar-jailer,Chain Lasher,")],
        ["each Henchman has a name of its own", "Chain Lasher"],
    ),
    (
        "the turn table's Support row hands out a Threat token",
        [("game.toml", "you may take 1 Teamwork token.", "you may take 1 Threat token.")],
        ["the Family power gives one Teamwork token", "Support"],
    ),
    (
        "the Hotline costs $2 to use while its text says $1",
        [("equipment.csv", "hotline,Hotline,3,4,1,", "hotline,Hotline,3,4,2,")],
        ["the single-icon Equipment and the Hotline cost $1 to use", "Hotline"],
    ),
    (
        "the Widow waits for 3 defeated Henchmen instead of 2",
        [("nemeses.csv", "the-widow,The Widow,1,sadists,2,", "the-widow,The Widow,1,sadists,3,")],
        ["a Nemesis can be confronted once you hold 2 defeated Henchmen", "Widow"],
    ),
]


def edited(tmp_path: Path, edits: list[tuple[str, str, str]]) -> Path:
    shutil.copytree(ROOT / "catalog" / GAME, tmp_path / "catalog" / GAME)
    shutil.copytree(ROOT / "layouts" / GAME, tmp_path / "layouts" / GAME)  # faces the facts read
    for name, old, new in edits:
        p = tmp_path / "catalog" / GAME / name
        text = p.read_text(encoding="utf-8")
        assert old in text, f"{old!r} is not in {GAME}/{name}: the edit is stale"
        p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


def failing(root: Path) -> tuple[bool, str]:
    catalogs, issues = load_games(root, [GAME])
    assert not issues.errors, [i.render() for i in issues]
    report = run_checks(catalogs, only=PARTS).game(GAME)
    failed = [c for c in report.checks if c.status == "fail"]
    text = "\n".join(
        f"{c.rule}: {c.summary}\n" + "\n".join(i.render() for i in c.findings) for c in failed
    )
    return report.ok, text


def test_the_shipped_game_passes_unchanged(tmp_path: Path) -> None:
    ok, text = failing(edited(tmp_path, []))
    assert ok, text


@pytest.mark.parametrize("what, edits, names", EDITS, ids=[e[0] for e in EDITS])
def test_an_edit_of_a_restated_rule_fails_the_check(
    tmp_path: Path, what: str, edits: list[tuple[str, str, str]], names: list[str]
) -> None:
    ok, text = failing(edited(tmp_path, edits))
    assert not ok, f"{what}: the check passed"
    for name in names:
        assert name in text, f"{what}: no failing finding says {name!r}:\n{text}"
