"""A build's rules check keeps the setup simulation's figures in `output/.cache/setup/`,
keyed by exactly what the simulation reads. Counted both ways through
`setup.STATS.simulated` and `simcache.STATS.recalled`, never by timing: an edit to a card's
text deals nothing again; an edit to a count, or to a field a step matches on, deals the
setup again; and the check's report is always the one a check from nothing writes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardstock import gate
from cardstock.rules import setup, simcache
from cardstock.core.stage import BuildOptions
from conftest import copy_project

GAME = "alpha-omega-tiles"
RUNS = 250  # the build's default --check-runs


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return copy_project(tmp_path / "proj", (GAME,))


def build(cli, root: Path) -> tuple[int, int]:
    """One build (svg only: the rules check runs before every build); how many setups it
    simulated and how many it read back."""
    dealt, recalled = setup.STATS.simulated, simcache.STATS.recalled
    result = cli("--root", str(root), "build", "--only", "svg", "--jobs", "1")
    assert result.code in (0, 1), result.err
    return setup.STATS.simulated - dealt, simcache.STATS.recalled - recalled


def kept_report(root: Path) -> str:
    """The check's report as the build kept it."""
    (result,) = gate.recall(root, [GAME], BuildOptions(out=root / "output"), runs=RUNS).values()
    assert result is not None
    return result.text


def report_from_nothing(root: Path) -> str:
    """The check's report of a fresh load and a fresh simulation (no cache in use)."""
    from cardstock.catalog.load import load_games

    (catalog,), _ = load_games(root, [GAME])
    dealt = setup.STATS.simulated
    text = gate.run_check(catalog, BuildOptions(out=root / "nowhere"), RUNS).text
    assert setup.STATS.simulated == dealt + 1
    return text


def deck_for_two(report: str) -> int:
    """The mean size of the deck after setup, for two players, from the report's table."""
    lines = report.splitlines()
    header = next(line.split() for line in lines if line.strip().startswith("players  complete"))
    row = next(line.split() for line in lines if line.split()[:1] == ["2"])
    return int(row[header.index("deck")])


def edit(root: Path, name: str, old: str, new: str) -> None:
    path = root / "catalog" / GAME / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_cards_text_keeps_the_simulation_and_its_count_deals_again(cli, project: Path) -> None:
    assert build(cli, project) == (1, 0)
    assert (project / "output" / ".cache" / "setup" / f"{GAME}.json").is_file()
    # the text of a Transformation tile: no step reads it
    edit(project, "transformations.csv", "that space becomes Air.", "that space turns into Air.")
    assert build(cli, project) == (0, 1)
    assert kept_report(project) == report_from_nothing(project)
    assert deck_for_two(kept_report(project)) == 60
    # how many copies of it there are: the deck the setup deals from changes
    edit(project, "transformations.csv", "transform-to-air,Transform to Air,2,", "transform-to-air,Transform to Air,3,")
    assert build(cli, project) == (1, 0)
    kept = kept_report(project)
    assert kept == report_from_nothing(project)
    assert deck_for_two(kept) == 61  # the deck left after setup holds the one tile more
    # back as it was: the figures of that deck are kept again … under the key of what it reads
    edit(project, "transformations.csv", "transform-to-air,Transform to Air,3,", "transform-to-air,Transform to Air,2,")
    assert build(cli, project) == (1, 0)  # only the last check's entries are kept
    assert build(cli, project) == (0, 0)  # nothing changed: the whole check is remembered


def test_a_field_a_step_matches_on_deals_again(cli, project: Path) -> None:
    build(cli, project)
    # `starting_hand` decides which tiles a player may keep in the opening draw
    edit(project, "transformations.csv", "transform-to-air,Transform to Air,2,Transformation,Air,Earth,air,transform,yes,",
         "transform-to-air,Transform to Air,2,Transformation,Air,Earth,air,transform,no,")
    assert build(cli, project) == (1, 0)
    assert kept_report(project) == report_from_nothing(project)
    # a field no step reads (the border's element) keeps the figures
    edit(project, "elements.csv", "air-tile,Air,15,Element,Air,Earth,", "air-tile,Air,15,Element,Air,Fire,")
    assert build(cli, project) == (0, 1)
    assert kept_report(project) == report_from_nothing(project)


def test_an_entry_that_is_damaged_or_of_another_key_is_never_used(cli, project: Path) -> None:
    build(cli, project)
    kept = project / "output" / ".cache" / "setup" / f"{GAME}.json"
    data = json.loads(kept.read_text(encoding="utf-8"))
    (key,) = data["entries"]
    # figures planted under the key of what the next build reads would be used: so an
    # entry is only ever trusted for the key it was written under
    data["entries"] = {"0" * 64: data["entries"][key]}
    kept.write_text(json.dumps(data), encoding="utf-8")
    edit(project, "transformations.csv", "that space becomes Air.", "that space turns into Air.")
    assert build(cli, project) == (1, 0)
    kept.write_text('{"format": 1, "entries": {"' + key + '": [{"players": 2}]}}', encoding="utf-8")
    edit(project, "transformations.csv", "that space turns into Air.", "that space becomes Air.")
    assert build(cli, project) == (1, 0)  # figures of the wrong shape: dealt again
    assert kept_report(project) == report_from_nothing(project)


def test_the_key_holds_what_the_steps_read_and_nothing_else() -> None:
    from conftest import ROOT
    from cardstock.catalog.load import load_games

    (catalog,), _ = load_games(ROOT, ["alter-ego"])
    comps, rules = catalog.components, catalog.rules.setup

    def key(components=comps, counts=(1, 2, 3, 4), seed=1, runs=250) -> str:
        return simcache.key(components, rules, list(counts), seed, runs, "code")

    def changed(index: int, **update) -> list:
        return [c.model_copy(update=update) if k == index else c for k, c in enumerate(comps)]

    family = next(k for k, c in enumerate(comps) if c.fields.get("life") == "Family")
    text_field = next(name for name, v in comps[family].fields.items() if isinstance(v, str) and len(v) > 20)
    same = key()
    assert key(changed(family, name="Another name")) == same  # no step reads a name …
    assert key(changed(family, fields={**comps[family].fields, text_field: "other words"})) == same  # … or a text
    assert key(changed(family, count=comps[family].count + 1)) != same  # a count is dealt
    assert key(changed(family, fields={**comps[family].fields, "life": "Job"})) != same  # a step matches on `life`
    villain = next(k for k, c in enumerate(comps) if c.fields.get("villain_type"))
    assert key(changed(villain, fields={**comps[villain].fields, "villain_type": "other"})) != same  # one of each type
    assert key(seed=2) != same and key(runs=300) != same and key(counts=(2, 3)) != same
    assert simcache.key(comps, rules, [1, 2, 3, 4], 1, 250, "other code") != same
