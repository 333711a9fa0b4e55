"""Where the time goes: one bench case under pyinstrument, in one process (--jobs 1) so the
call tree covers every stage. pyinstrument is in the `bench` extra:

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/python bench/profile.py deck-1000   # the yardstick's 1,000 cards, PnP on Letter
    .venv/bin/python bench/profile.py rich-1000   # the richer deck's 1,000 cards, the same way
    .venv/bin/python bench/profile.py default-1000  # 1,000 cards on the shipped card layout
    .venv/bin/python bench/profile.py starter-1000  # the starter's layout, every default output
    .venv/bin/python bench/profile.py cold        # all five games, every default artifact

A deck case takes any number of cards (`deck-50000`), to compare where a card's time goes
as the deck grows.

    .venv/bin/python bench/profile.py edit-watch  # the one-cell edit, under --watch
    .venv/bin/python bench/profile.py edit-cold   # the one-cell edit, in a new process

The edit cases profile `bench/run.py`'s one-cell edit of the shipped project (its caches
and output warm from a build before) with cProfile on the process's CPU clock, and print
the calls with the most CPU time under them: `edit-watch` in one process that keeps its
faces from one build to the next as `--watch` does, its third rebuild after an edit
profiled (the first two load what a watcher holds by then); `edit-cold` one build in a new
process.

It profiles the checkout's own install (this Python), not a wheel: the figures are for
reading the call tree, not for comparing with bench/run.py. The caches
(CARDSTOCK_CACHE and the output folder) start empty, in a temp folder.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import (  # noqa: E402
    DEFAULT_SCRIPT,
    EDIT_GAME,
    EDIT_TABLE,
    RICH_SCRIPT,
    ROOT,
    child_env,
    copy_shipped,
    default_project,
    plain_project,
    require_yardstick,
    rich_project,
    starter_project,
)

KINDS = ("deck", "rich", "default", "starter")
EDITS = ("edit-watch", "edit-cold")

# Run in the profiled process (argv: mode, project, output folder, bench/ folder): the
# builds of an edit case, the last one under cProfile with the CPU clock.
_EDIT = """
import cProfile, pstats, sys, time
from pathlib import Path

mode, root, out = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
sys.path.insert(0, sys.argv[4])
from run import edit_one_cell

argv = ["--root", str(root), "build", "--out", str(out), "--jobs", "1"]
profiler = cProfile.Profile(time.process_time)
if mode == "edit-cold":
    edit_one_cell(root, 1)
    profiler.enable()
    from cardstock.cli import main

    main(argv)
    profiler.disable()
else:
    from cardstock.cli import commands, main
    from cardstock.cli.building import build_once
    from cardstock.layout.faces import KeptFaces

    def rebuilds(args, options):
        kept = KeptFaces()
        build_once(args, options, kept=kept)
        for mark in (1, 2, 3):
            edit_one_cell(root, mark)
            if mark == 3:
                profiler.enable()
            build_once(args, options, kept=kept)
        profiler.disable()
        return 0

    commands.watch = rebuilds
    main([*argv, "--watch"])
stats = pstats.Stats(profiler, stream=sys.stderr)
stats.sort_stats("cumulative").print_stats(60)
"""


def profile_edit(case: str, tmp: Path, env: dict[str, str]) -> int:
    """An edit case (see the module): the shipped project copied and built, then profiled."""
    root = copy_shipped(tmp / "shipped")
    out = root / "output"
    build = [sys.executable, "-m", "cardstock", "--root", str(root), "build", "--out", str(out)]
    print(f"building {root} once, for warm caches ...", flush=True)
    subprocess.run(build, env=env, stdout=subprocess.DEVNULL, check=False)
    print(f"profiling ({ROOT}): one cell of catalog/{EDIT_GAME}/{EDIT_TABLE}, {case}", flush=True)
    bench = str(Path(__file__).resolve().parent)
    cmd = [sys.executable, "-c", _EDIT, case, str(root), str(out), bench]
    return subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL).returncode


def main() -> int:
    case = sys.argv[1] if len(sys.argv) > 1 else "deck-1000"
    if case in EDITS:
        with tempfile.TemporaryDirectory(prefix="cardstock-profile-") as tmp_name:
            return profile_edit(case, Path(tmp_name), child_env(Path(tmp_name) / "cache"))
    kind, _, size = case.partition("-")
    if case != "cold" and (kind not in KINDS or not size.isdigit() or int(size) < 1):
        raise SystemExit(
            f"unknown case {case!r}; expected cold, {', '.join(EDITS)} or KIND-N, KIND one of "
            f"{', '.join(KINDS)}"
        )
    with tempfile.TemporaryDirectory(prefix="cardstock-profile-") as tmp_name:
        tmp = Path(tmp_name)
        env = child_env(tmp / "cache")
        sheets = ["--only", "pnp", "--paper", "letter"]
        if case == "cold":
            root = copy_shipped(tmp / "shipped")
            args = ["--root", str(root), "build"]
        elif kind == "starter":
            cardstock = str(Path(sys.executable).with_name("cardstock"))
            root = starter_project(tmp / case, int(size), cardstock, env)
            args = ["--root", str(root), "build"]
        else:
            n, made = int(size), tmp / case
            if kind == "deck":
                root = plain_project(made, n, sys.executable, require_yardstick())
            elif kind == "rich":
                root = rich_project(made, n, sys.executable, RICH_SCRIPT)
            else:
                root = default_project(made, n, sys.executable, DEFAULT_SCRIPT)
            args = ["--root", str(root), *sheets]
        cmd = [
            sys.executable,
            "-m",
            "pyinstrument",
            "-r",
            "text",
            "-m",
            "cardstock",
            *args,
            "--out",
            str(tmp / "out"),
            "--jobs",
            "1",
        ]
        print(f"profiling ({ROOT}): {' '.join(cmd)}", flush=True)
        return subprocess.run(cmd, env=env).returncode


if __name__ == "__main__":
    sys.exit(main())
