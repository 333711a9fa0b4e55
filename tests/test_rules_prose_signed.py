"""A `prose` fact with `signed = true`: the number a card's text states must stand signed
beside a word of its field's name ("Power +2"), so a text that puts the card's number beside
another word, or states another number, fails the fact. The project is the starter of
`cardstock init` with one card text and a fact of this test's own."""

from __future__ import annotations

from pathlib import Path

from conftest import run_checks

from cardstock.core.cache import memory_cache
from cardstock.init import init_project
from cardstock.validate import validate

GAME = "moon-race"
FACTS = """
[[facts]]
kind = "prose"
id = "dawn-power"
name = "Dawn's text states its power, signed"
match = { field = "name", equals = "Dawn" }
fields = ["power"]
signed = true
"""


def failures(tmp_path: Path, dawn: str) -> list[str]:
    root = tmp_path / GAME
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    folder = root / "catalog" / GAME
    cards = folder / "cards.csv"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("Play on any Sun card.", dawn), encoding="utf-8")
    with (folder / "rules.toml").open("a", encoding="utf-8") as f:
        f.write(FACTS)
    found = validate(root, [GAME], memory_cache())
    assert not found.issues.errors, [i.render() for i in found.issues.errors]
    report = run_checks(found.catalogs, only={"facts"}).game(GAME)
    return [
        f"{c.rule}: {i.render()}" for c in report.checks if c.status == "fail" for i in c.findings
    ]


def test_a_signed_number_beside_its_fields_word_states_the_field(tmp_path: Path) -> None:
    assert failures(tmp_path / "after", dawn="Power +2.") == []
    assert failures(tmp_path / "before", dawn="+2 Power: play on any Sun card.") == []


def test_a_signed_number_beside_another_word_does_not_state_the_field(tmp_path: Path) -> None:
    found = failures(tmp_path, dawn="Reason +2.")
    assert len(found) == 1 and "Dawn's power is 2" in found[0], found


def test_another_signed_number_fails_with_the_fields_value(tmp_path: Path) -> None:
    found = failures(tmp_path, dawn="Power +3.")
    assert len(found) == 1 and "Dawn's power is 2" in found[0], found
