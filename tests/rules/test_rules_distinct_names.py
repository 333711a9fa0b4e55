"""`distinct-names`: no two sets of a game share a name (without regard to case); a repeat
is one error at the later set that names the earlier. Cards may share a name (a promo, a
second-edition copy): a game that wants them apart says so with a `unique` constraint.
The project is the starter of `cardstock init`."""

from __future__ import annotations

from pathlib import Path

from cardstock.core.cache import memory_cache
from cardstock.core.stage import Job
from cardstock.init import init_project
from cardstock.rules.checks.distinct_names import distinct_names
from cardstock.rules.checks.own import OWN
from cardstock.validate import validate

GAME = "moon-race"
SECOND_SET = """
[[sets]]
id = "promo"
name = "{name}"
kind = "card"
group = "Promo"
back = "deck"
rows = [{{ name = "{card}", count = 1, suit = "Sun", power = 3 }}]
fields.suit = {{ type = "choice", choices = ["Sun", "Moon"], required = true }}
fields.power = {{ type = "int", min = 1, max = 9, required = true }}
"""


def findings(tmp_path: Path, name: str, card: str) -> list[str]:
    root = tmp_path / GAME
    written, issues = init_project(root, "Moon Race")
    assert written and not issues
    with (root / "catalog" / GAME / "game.toml").open("a", encoding="utf-8") as f:
        f.write(SECOND_SET.format(name=name, card=card))
    found = validate(root, [GAME], memory_cache())
    assert not found.issues.errors, [i.render() for i in found.issues.errors]
    return [i.render() for i in distinct_names(Job(found.catalogs[0], found.faces[GAME]))]


def promo_index(tmp_path: Path) -> int:
    """The appended set's index among the game's sets: it is the last of them."""
    game = (tmp_path / GAME / "catalog" / GAME / "game.toml").read_text(encoding="utf-8")
    return [line.strip() for line in game.splitlines()].count("[[sets]]") - 1


def test_the_check_runs_with_the_rules_check() -> None:
    assert "distinct-names" in [p.name for p in OWN]


def test_names_of_their_own_are_no_finding(tmp_path: Path) -> None:
    assert findings(tmp_path, "Promo cards", "Comet") == []


def test_a_set_named_as_another_is_an_error_naming_both(tmp_path: Path) -> None:
    found = findings(tmp_path, "deck", "Comet")
    assert len(found) == 1
    assert found[0].startswith(f"catalog/{GAME}/game.toml:")
    assert (
        f"sets[{promo_index(tmp_path)}].name" in found[0]
        and "'promo'" in found[0]
        and "'deck'" in found[0]
    )


def test_a_promo_card_named_as_a_card_of_another_set_is_no_finding(tmp_path: Path) -> None:
    assert findings(tmp_path, "Promo cards", "DAWN") == []


def test_a_promo_card_with_a_new_name_in_a_set_named_as_another_is_still_an_error(
    tmp_path: Path,
) -> None:
    found = findings(tmp_path, "DECK", "Comet")
    assert len(found) == 1 and "'DECK'" in found[0] and "'deck'" in found[0]
