"""The edit loop's critical path: when fewer games are stale than there are workers (an
edit to one game), that game's stale parts are spread over the workers, the longest
first, so the rulebook and the print-and-play sheets are made side by side. The files
are the same bytes as a build made from nothing."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from cardstock.books import rulebook
from cardstock.cli import main
from cardstock.pipeline import STAGES, spread
from conftest import copy_project

GAME = "alpha-omega-cards"


def test_one_stale_game_is_split_over_the_workers_longest_first() -> None:
    stages = ["svg", "rulebook", "pnp", "quickref"]
    tasks = spread([("g", [0, 1, 2, 3])], 2, stages)
    assert len(tasks) == 2 and all(owner == "g" for owner, _ in tasks)
    assert sorted(i for _, idx in tasks for i in idx) == [0, 1, 2, 3]  # every part, once
    # the two long parts run side by side, each with a short one: the quick reference goes
    # with the rulebook, which weighs most (both typeset with Platypus), the SVGs with the sheets
    assert sorted(sorted(stages[i] for i in idx) for _, idx in tasks) == [["pnp", "svg"], ["quickref", "rulebook"]]
    assert [stages[i] for i in tasks[0][1]] == ["rulebook", "quickref"]  # the heaviest task first
    assert all(idx == sorted(idx) for _, idx in tasks)  # in build order within a task


def test_short_parts_get_no_process_of_their_own() -> None:
    stages = ["svg", "rulebook", "pnp", "quickref"]
    tasks = spread([("g", [0, 1, 2, 3])], 4, stages)  # four workers: still two tasks
    assert sorted(sorted(stages[i] for i in idx) for _, idx in tasks) == [["pnp", "svg"], ["quickref", "rulebook"]]
    assert spread([("g", [0, 1])], 2, ["pnp", "svg"]) == [("g", [0, 1])]  # one long part: not split


def test_as_many_games_as_workers_are_not_split() -> None:
    tasks = [("a", [0, 1]), ("b", [2, 3])]
    assert spread(tasks, 2, ["svg", "pnp", "svg", "pnp"]) == tasks
    assert spread([("a", [0])], 4, ["pnp"]) == [("a", [0])]  # nothing to split
    assert spread([(None, [0, 1])], 2, ["calibration", "calibration"]) == [(None, [0, 1])]  # the global task stays whole


def test_every_stage_has_a_weight_and_the_long_ones_weigh_most() -> None:
    from cardstock.pipeline import STAGE_WEIGHT

    assert set(STAGES) <= set(STAGE_WEIGHT)
    assert STAGE_WEIGHT["pnp"] > STAGE_WEIGHT["svg"] and STAGE_WEIGHT["rulebook"] > STAGE_WEIGHT["quickref"]


def files(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file() and ".cache" not in p.relative_to(out).parts}


def test_a_one_card_edit_built_on_two_workers_equals_a_fresh_build(tmp_path: Path) -> None:
    root = copy_project(tmp_path / "proj", (GAME,))
    out = root / "output"
    paper = ["--paper", "letter"]
    args = ["--root", str(root), "build", "--out", str(out), "--jobs", "2", *paper]
    assert main(args) == 0
    table = root / "catalog" / GAME / "good.csv"
    raw = table.read_text(encoding="utf-8")
    card = next(r for r in csv.DictReader(io.StringIO(raw)) if r["text"] and '"' not in r["text"])
    table.write_text(raw.replace(card["text"], card["text"] + " (edited)", 1), encoding="utf-8")
    from cardstock import pipeline

    before, ran, early = rulebook.STATS.renders, len(pipeline.RAN_HERE), len(pipeline.STARTED_EARLY)
    assert main(args) == 0
    # the rulebook shows the card, so it was laid out again, in a worker started before the
    # check (with the quick reference); the check kept its findings and laid out no
    # rulebook here, and this process made the SVGs and the sheets after its check
    assert pipeline.STARTED_EARLY[early:] == [(GAME, ("quickref", "rulebook"))]
    assert rulebook.STATS.renders == before
    assert sorted(stage for game, stage in pipeline.RAN_HERE[ran:]) == ["pnp", "svg"]
    fresh = tmp_path / "fresh"
    assert main(["--root", str(root), "build", "--out", str(fresh), "--jobs", "1", *paper]) == 0
    made, want = files(out), files(fresh)
    assert made.keys() == want.keys()
    assert [name for name in want if made[name] != want[name]] == []
