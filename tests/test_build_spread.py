"""How a build spreads its work: when fewer games are stale than there are workers (an
edit to one game) and they are big enough for a worker to pay for itself, that game's
stale stages are spread over the workers, the heaviest first, so the rulebook and the
print-and-play sheets are made side by side. Whatever the spread, the files are the bytes
a build made from nothing writes."""

from __future__ import annotations

import csv
import io
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

import pytest
from conftest import FIXTURES, copy_project

from cardstock import build
from cardstock.books import rulebook
from cardstock.cli import main
from cardstock.core import schedule
from cardstock.core.schedule import SPREAD_MIN, assign, processes_for, worth_spreading
from cardstock.core.stage import BuildOptions
from cardstock.plan import Request
from cardstock.stages import BY_NAME, STAGES
from cardstock.worklist import Unit

GAME = "alpha-omega-cards"


def units(*names: str, game: str | None = "g") -> list[Unit]:
    return [Unit(game, BY_NAME[n], str(i)) for i, n in enumerate(names)]


def spread(tasks: list[list[int]], jobs: int, us: list[Unit]) -> list[list[int]]:
    """The tasks as the build spreads its units: weighed by their stage, a game's split and
    the build's own kept whole."""
    return schedule.spread(
        tasks, jobs, lambda i: us[i].stage.weight, lambda task: us[task[0]].game is not None
    )


def test_one_stale_game_is_split_over_the_workers_heaviest_first() -> None:
    us = units("svg", "rulebook", "pnp", "quickref")
    tasks = spread([[0, 1, 2, 3]], 2, us)
    assert len(tasks) == 2
    assert sorted(i for idx in tasks for i in idx) == [0, 1, 2, 3]  # every stage, once
    # the two long stages run side by side: the rulebook, which weighs most, alone
    assert sorted(sorted(us[i].stage.name for i in idx) for idx in tasks) == [
        ["pnp", "quickref", "svg"],
        ["rulebook"],
    ]
    assert [us[i].stage.name for i in tasks[0]] == ["rulebook"]  # the heaviest task first
    assert all(idx == sorted(idx) for idx in tasks)  # in the table's order within a task


def test_short_stages_get_no_process_of_their_own() -> None:
    us = units("svg", "rulebook", "pnp", "quickref")
    tasks = spread([[0, 1, 2, 3]], 4, us)  # four workers: still two tasks
    assert sorted(sorted(us[i].stage.name for i in idx) for idx in tasks) == [
        ["pnp", "quickref", "svg"],
        ["rulebook"],
    ]
    assert spread([[0, 1]], 2, units("pnp", "svg")) == [[0, 1]]  # one long stage: not split


def test_as_many_games_as_workers_are_not_split() -> None:
    us = units("svg", "pnp", "svg", "pnp")
    assert spread([[0, 1], [2, 3]], 2, us) == [[0, 1], [2, 3]]
    assert spread([[0]], 4, units("pnp")) == [[0]]  # nothing to split
    assert spread([[0]], 2, units("calibration", game=None)) == [
        [0]
    ]  # the build's own task stays whole


def test_only_games_big_enough_for_a_worker_to_pay_are_spread() -> None:
    assert not worth_spreading(SPREAD_MIN - 1, 2)  # a worker would cost more CPU
    assert worth_spreading(SPREAD_MIN, 2)
    assert not worth_spreading(10 * SPREAD_MIN, 1)  # one process: nothing to spread over


def test_the_build_runs_one_task_itself_when_every_task_then_has_a_process() -> None:
    assert processes_for(2, 2) == (
        1,
        True,
    )  # one worker forked; the build's process runs the first task
    assert processes_for(4, 3) == (2, True)
    assert processes_for(2, 6) == (
        2,
        False,
    )  # more tasks than processes: the workers share them out


def test_games_are_given_to_processes_once_biggest_first_on_the_least_loaded() -> None:
    sizes = [("small", 10), ("big", 100), ("mid", 60), ("tiny", 5), ("other", 50)]
    lanes = assign(sizes, 2)
    assert set(lanes) == {g for g, _ in sizes} and set(lanes.values()) == {0, 1}
    assert lanes["big"] == 0 and lanes["mid"] == 1  # the biggest first, then the other lane
    loads = [sum(n for g, n in sizes if lanes[g] == lane) for lane in (0, 1)]
    assert loads == [115, 110]  # each next game on the lighter lane, the first on a tie
    assert assign(sizes, 2) == lanes  # decided the same way every build
    assert set(assign(sizes, 1).values()) == {0}


def test_a_game_and_its_editions_are_given_to_one_process_as_one_game() -> None:
    sizes = [("game", 100), ("game-fr", 100), ("big", 90), ("small", 20)]
    alone = assign(sizes, 2)
    assert alone["game"] != alone["game-fr"]  # by size alone the edition goes elsewhere
    lanes = assign(sizes, 2, {"game-fr": "game"})
    assert lanes["game"] == lanes["game-fr"] == 0  # together they weigh 200, the most
    assert lanes["big"] == lanes["small"] == 1
    loads = [sum(n for g, n in sizes if lanes[g] == lane) for lane in (0, 1)]
    assert loads == [200, 110]


@dataclass
class EditedBuild:
    """The project built on two workers, a card's text edited, and built again the same
    way: its root and output, and the rulebooks the second build laid out in this process."""

    root: Path
    out: Path
    renders: int


@pytest.fixture(scope="module")
def edited_build(tmp_path_factory: pytest.TempPathFactory) -> EditedBuild:
    """One build and its rebuild after a one-card edit, made once for the module: the two
    tests below read what it did. The game is spread whatever its size."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(schedule, "SPREAD_MIN", 0)
        return _edited_build(tmp_path_factory)


def _edited_build(tmp_path_factory: pytest.TempPathFactory) -> EditedBuild:
    root = copy_project(tmp_path_factory.mktemp("spread") / "proj", (GAME,))
    out = root / "output"
    args = ["--root", str(root), "build", "--out", str(out), "--jobs", "2", "--paper", "letter"]
    assert main(args) == 0
    table = root / "catalog" / GAME / "good.csv"
    raw = table.read_text(encoding="utf-8")
    card = next(r for r in csv.DictReader(io.StringIO(raw)) if r["text"] and '"' not in r["text"])
    table.write_text(raw.replace(card["text"], card["text"] + " (edited)", 1), encoding="utf-8")
    before = rulebook.STATS.renders
    assert main(args) == 0
    return EditedBuild(root, out, rulebook.STATS.renders - before)


def test_after_an_edit_the_heaviest_task_runs_in_the_builds_own_process(
    edited_build: EditedBuild,
) -> None:
    # the rulebook (the heaviest stage, first in its task) was laid out here, not in a worker:
    # both its books, the reading PDF in two columns and the booklet's pages
    assert edited_build.renders == 2


def test_every_stage_has_a_weight_and_the_long_ones_weigh_most() -> None:
    assert all(s.weight > 0 for s in STAGES)
    assert (
        BY_NAME["pnp"].weight > BY_NAME["svg"].weight
        and BY_NAME["rulebook"].weight > BY_NAME["quickref"].weight
    )


def files(out: Path) -> dict[str, bytes]:
    return {
        p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()
    }


def test_a_one_card_edit_built_on_two_workers_equals_a_fresh_build(
    edited_build: EditedBuild, tmp_path: Path
) -> None:
    fresh = tmp_path / "fresh"
    args = ["--root", str(edited_build.root), "build", "--out", str(fresh), "--jobs", "1"]
    assert main([*args, "--paper", "letter"]) == 0
    made, want = files(edited_build.out), files(fresh)
    assert made.keys() == want.keys()
    assert [
        name
        for name in want
        if made[name] != want[name] and name != "manifest.json" and name != "index.html"
    ] == []


def test_more_games_than_processes_are_checked_and_built_by_the_same_workers(
    tmp_path: Path, monkeypatch
) -> None:
    from cardstock import build as build_module

    # three copies of the small fixture game: what is asked is which process checks and
    # builds each game, which three games on two processes show whatever their size
    (tmp_path / "proj" / "layouts").mkdir(parents=True)
    root = copy_project(tmp_path / "proj", ())  # the shared layouts
    for game in ("mini", "mini2", "mini3"):
        shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / game)
        toml = root / "catalog" / game / "game.toml"
        toml.write_text(
            toml.read_text(encoding="utf-8").replace('id = "mini"', f'id = "{game}"', 1),
            encoding="utf-8",
        )
    seen = tmp_path / "pids.txt"
    pools: list[int] = []
    real_pool, real_check, real_units = (
        schedule.forked_pool,
        build_module.check_one,
        build_module._run_units,
    )

    def note(what: str, game: str | None) -> None:
        with open(seen, "a", encoding="utf-8") as f:  # workers are forked: they write here too
            f.write(f"{what} {os.getpid()} {game}\n")

    def pool(*a, **k):
        pools.append(a[0])
        return real_pool(*a, **k)

    def check(*a, **k):
        note("check", a[0].catalog.id)
        return real_check(*a, **k)

    def units(*a, **k):
        note("stages", a[0][a[1][0]].game)
        return real_units(*a, **k)

    monkeypatch.setattr(schedule, "forked_pool", pool)
    monkeypatch.setattr(build_module, "check_one", check)
    monkeypatch.setattr(build_module, "_run_units", units)
    what = ["--only", "pnp,rulebook", "--paper", "letter"]
    assert (
        main(["--root", str(root), "build", "--out", str(root / "output"), "--jobs", "2", *what])
        == 0
    )
    assert pools == [1]  # this process and one worker, forked once, for both phases
    rows = [line.split() for line in seen.read_text(encoding="utf-8").splitlines()]
    checkers = {game: pid for what_, pid, game in rows if what_ == "check"}
    builders = {(game, pid) for what_, pid, game in rows if what_ == "stages"}
    assert len(set(checkers.values())) == 2 and str(os.getpid()) in checkers.values()
    # each game's stages ran on the worker that had checked it, with its faces in memory
    assert {(game, checkers[game]) for game, _ in builders if game != "None"} == {
        (game, pid) for game, pid in builders if game != "None"
    }
    assert {game for game, _ in builders} >= set(checkers)
    assert (
        main(["--root", str(root), "build", "--out", str(tmp_path / "alone"), "--jobs", "1", *what])
        == 0
    )
    made, alone = files(root / "output"), files(tmp_path / "alone")
    assert [
        name
        for name in alone
        if made.get(name) != alone[name] and name not in ("manifest.json", "index.html")
    ] == []


def _warmed_before_forking(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: int, checks: list[str]
) -> list[str]:
    """What `_one_pool` did, in order: each stage warmed ("warm <name>"), each worker forked."""
    done: list[str] = []

    @contextmanager
    def forked(*_args: object, **_kwargs: object) -> Iterator[None]:
        done.append("fork")
        yield None

    monkeypatch.setattr(schedule, "forked_pool", forked)
    stages = [
        replace(BY_NAME[n], warm=partial(done.append, f"warm {n}")) for n in ("svg", "rulebook")
    ]
    request = Request(tmp_path, (), BuildOptions(out=tmp_path / "out"), jobs=jobs)
    with build._one_pool(request, {}, checks, [*stages, BY_NAME["pnp"]]):
        pass
    return done


def test_lanes_are_forked_after_the_stages_to_run_are_warmed_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    done = _warmed_before_forking(tmp_path, monkeypatch, 2, ["a", "b", "c"])
    assert done == ["warm svg", "warm rulebook", "fork"]


def test_a_build_without_lanes_warms_nothing_before_its_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _warmed_before_forking(tmp_path, monkeypatch, 1, ["a", "b", "c"]) == []
    assert _warmed_before_forking(tmp_path, monkeypatch, 2, ["a", "b"]) == []


def test_the_stages_warmed_are_those_with_a_unit_to_run_each_once() -> None:
    from typing import Any

    from cardstock.worklist import Worklist

    planned = [*units("svg", "rulebook", "pnp"), *units("svg", "rulebook", game="h")]
    nothing: Any = None  # what the question does not read: the request, keys and cache
    work = Worklist(nothing, nothing, nothing, ["g", "h"], ["g", "h"], [], planned, False)
    work.reports[1] = nothing  # g's rulebook kept from an earlier build
    assert [s.name for s in work.pending_stages] == ["svg", "pnp", "rulebook"]
    work.reports.update({0: nothing, 2: nothing, 3: nothing, 4: nothing})
    assert work.pending_stages == []
