"""Running a build the way a hostile project would be built: in its own process, under a
memory limit and a clock, so a test sees whether cardstock stays inside its bounds."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

MEMORY_MB = 500  # address space the build may use (RLIMIT_AS)
SECONDS = 10.0  # wall time a refusal may take


@dataclass
class Bounded:
    code: int
    seconds: float
    err: str


def bounded_build(root: Path, *args: str, cache: Path | None = None) -> Bounded:
    """`cardstock --root root build --jobs 1 *args` in a process limited to `MEMORY_MB`
    of address space; killed after three times `SECONDS` (a hang)."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_MB << 20, MEMORY_MB << 20))

    env = dict(os.environ, CARDSTOCK_CACHE=str(cache or root.parent / "cache"))
    started = time.monotonic()
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "cardstock", "--root", str(root), "build", "--jobs", "1", *args],
            capture_output=True, text=True, preexec_fn=limit, env=env, timeout=3 * SECONDS,
        )
    except subprocess.TimeoutExpired:
        return Bounded(-1, time.monotonic() - started, "killed: still running")
    return Bounded(proc.returncode, time.monotonic() - started, proc.stderr)


def first_error(err: str) -> str:
    return next((line for line in err.splitlines() if line and not line.startswith("  ")), "")
