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


def main() -> int:
    case = sys.argv[1] if len(sys.argv) > 1 else "deck-1000"
    kind, _, size = case.partition("-")
    if case != "cold" and (kind not in KINDS or not size.isdigit() or int(size) < 1):
        raise SystemExit(
            f"unknown case {case!r}; expected cold or KIND-N, KIND one of {', '.join(KINDS)}"
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
