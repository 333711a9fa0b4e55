"""`kind = "names"` with `caption`: a table's title names exactly the decks a filter picks
out, so a title whose deck name is edited to another fails. The project is the starter of
`cardstock init` with a table and a fact of this test's own."""

from __future__ import annotations

from pathlib import Path

from conftest import run_checks

from cardstock.core.cache import memory_cache
from cardstock.init import init_project
from cardstock.validate import validate

GAME = "moon-race"
FACT = """
[[facts]]
kind = "names"
id = "powers-title"
name = "the powers table lists the Deck's cards"
caption = "powers"
decks = { set = "deck" }
"""


def failures(tmp_path: Path, title: str) -> list[str]:
    root = tmp_path / GAME
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    folder = root / "catalog" / GAME
    with (folder / "game.toml").open("a", encoding="utf-8") as f:
        f.write(
            f'\n[tables.powers]\ntitle = "{title}"\ncolumns = ["Card", "Power"]\n'
            'rows = [["Dawn", 2]]\n'
        )
    with (folder / "rules.toml").open("a", encoding="utf-8") as f:
        f.write(FACT)
    found = validate(root, [GAME], memory_cache())
    assert not found.issues.errors, [i.render() for i in found.issues.errors]
    report = run_checks(found.catalogs, only={"facts"}).game(GAME)
    return [
        f"{c.rule}: {i.render()}" for c in report.checks if c.status == "fail" for i in c.findings
    ]


def test_a_title_naming_the_deck_passes(tmp_path: Path) -> None:
    assert failures(tmp_path, "Powers of the Deck") == []


def test_a_title_naming_another_deck_fails_at_the_title(tmp_path: Path) -> None:
    found = failures(tmp_path, "Powers of the Pile")
    assert len(found) == 1
    assert "table powers's title" in found[0] and "does not name 'Deck'" in found[0]
    assert "game.toml" in found[0]
