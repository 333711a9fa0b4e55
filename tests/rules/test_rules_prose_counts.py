"""`prose-counts`: a number the game file's prose states before the name of something the
catalog counts (a set, a component, the players) is one the data holds for it, and a
number that restates nothing is left alone. The project is the starter of `cardstock init`
with designer's choices of this test's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardstock.core.cache import memory_cache
from cardstock.core.stage import Job
from cardstock.init import init_project
from cardstock.rules.checks.own import OWN
from cardstock.rules.reading.prose_counts import prose_counts
from cardstock.validate import validate

GAME = "moon-race"
# what the starter's data says, in the prose (each number is one the data holds)
AGREES = "{dawn} Dawn, {noon} Noon and {eclipse} Eclipse in the Deck, for {low} to {high} players"
# numbers that restate no count: a ratio, a difference, a score, an article
NO_COUNT = "one card per player, 7 more Deck cards, it scores 9, take one Dawn card"


def project(tmp_path: Path, choice: str, topic: str = "the Deck") -> Path:
    root = tmp_path / GAME
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    with (root / "catalog" / GAME / "game.toml").open("a", encoding="utf-8") as f:
        f.write(f'\n[[designer_choices]]\ntopic = "{topic}"\nchoice = "{choice}"\n')
    return root


def findings(root: Path) -> list[str]:
    found = validate(root, [GAME], memory_cache())
    assert not found.issues.errors, [i.render() for i in found.issues.errors]
    job = Job(found.catalogs[0], found.faces[GAME])
    return [i.render() for i in prose_counts(job)]


def facts(tmp_path: Path) -> dict[str, int]:
    root = project(tmp_path / "plain", "nothing")
    catalog = validate(root, [GAME], memory_cache()).catalogs[0]
    counts = {c.name.lower(): c.count for c in catalog.components}
    players = catalog.game.players
    return {**counts, "low": players.min, "high": players.max}


def test_the_check_is_one_of_the_checks_the_rules_check_runs() -> None:
    assert "prose-counts" in [p.name for p in OWN]
    assert next(p for p in OWN if p.name == "prose-counts").section != "print"


def test_counts_that_agree_with_the_data_are_no_finding(tmp_path: Path) -> None:
    said = AGREES.format(**facts(tmp_path))
    assert findings(project(tmp_path / "agrees", said)) == []


def test_numbers_that_restate_no_count_are_left_alone(tmp_path: Path) -> None:
    assert findings(project(tmp_path, NO_COUNT)) == []


@pytest.mark.parametrize("key", ["dawn", "noon", "eclipse", "low", "high"])
def test_each_number_of_a_list_is_held_to_the_data_and_both_values_are_named(
    tmp_path: Path, key: str
) -> None:
    data = facts(tmp_path)
    wrong = dict(data)
    wrong[key] = data[key] + 10
    found = findings(project(tmp_path / "edited", AGREES.format(**wrong)))
    assert len(found) == 1, found
    line = found[0]
    assert line.startswith(f"catalog/{GAME}/game.toml:")
    assert "designer_choices[0].choice" in line
    assert f"states {wrong[key]} " in line
    assert str(data[key]) in line.split("the catalog has", 1)[1]


def test_copies_in_a_choice_count_what_its_topic_names(tmp_path: Path) -> None:
    data = facts(tmp_path)
    assert findings(project(tmp_path / "ok", f"{data['dawn']} copies", "Dawn")) == []
    wrong = findings(project(tmp_path / "no", f"{data['dawn'] + 1} copies", "Dawn"))
    assert len(wrong) == 1 and "for Dawn" in wrong[0]


def test_a_number_that_is_a_components_name_is_a_name(tmp_path: Path) -> None:
    root = project(tmp_path, "a Deck card")
    table = root / "catalog" / GAME / "cards.csv"
    with table.open("a", encoding="utf-8") as f:
        f.write("-2,1,Moon,moon,1,A penalty.,\n")
    game = root / "catalog" / GAME / "game.toml"
    text = game.read_text(encoding="utf-8").replace('"a Deck card"', '"each -2 Deck card"')
    game.write_text(text, encoding="utf-8")
    assert findings(root) == []
    game.write_text(text.replace("each -2 Deck", "each -3 Deck"), encoding="utf-8")
    assert len(findings(root)) == 1
