"""`cardstock --watch`: it builds, then rebuilds when a file the build reads changes (the
system reports the change), says how long after the change the files were written, and
stops cleanly on Ctrl-C. Checked by what it does and prints, never by timing."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from conftest import ROOT


def _as_at_a_terminal() -> None:
    """The watcher's Ctrl-C as a user at a terminal has it: a test run started in the
    background inherits SIGINT ignored, and a process that starts with it ignored keeps it
    ignored (as `nohup` relies on), so the SIGINT below would never reach it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _watcher(root: Path, logs: Path) -> subprocess.Popen[str]:
    """A `build --watch` of `root`, its standard output and error written to files in `logs`
    (`_said` reads them while it runs)."""
    logs.mkdir(exist_ok=True)
    return subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "build.py"),
            "--root",
            str(root),
            "build",
            "--watch",
            "--jobs",
            "1",
            "--only",
            "svg",
        ],
        stdout=(logs / "stdout").open("w", encoding="utf-8"),
        stderr=(logs / "stderr").open("w", encoding="utf-8"),
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},  # each line in the file as it is said
        preexec_fn=_as_at_a_terminal,
    )


def _said(logs: Path, stream: str) -> str:
    return (logs / stream).read_text(encoding="utf-8")


def _until(proc: subprocess.Popen[str], condition: Callable[[], bool]) -> None:
    """Wait until `condition` holds or the watcher ends; a slow machine waits longer, a
    watcher that never gets there fails the assertions after it (5 minutes at most)."""
    deadline = time.monotonic() + 300
    while not condition() and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.1)


def _stop(proc: subprocess.Popen[str], logs: Path) -> tuple[str, str]:
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=60)
    return _said(logs, "stdout"), _said(logs, "stderr")


def test_watch_rebuilds_an_edit_and_says_when_its_files_were_written(tmp_path: Path) -> None:
    root = tmp_path / "proj"
    shutil.copytree(ROOT / "catalog" / "atmosfear", root / "catalog" / "atmosfear")
    shutil.copytree(ROOT / "layouts" / "atmosfear", root / "layouts" / "atmosfear")
    out = root / "output"
    logs = tmp_path / "logs"
    proc = _watcher(root, logs)
    svg = out / "atmosfear" / "svg" / "red-fear.svg"
    try:
        _until(proc, lambda: "built " in _said(logs, "stdout"))  # the first build done
        assert svg.is_file(), "the first build"
        table = root / "catalog" / "atmosfear" / "realms.csv"
        table.write_text(
            table.read_text(encoding="utf-8").replace("Red Fear,", "Red Fear Dread,", 1),
            encoding="utf-8",
        )
        _until(proc, lambda: "(rebuilt " in _said(logs, "stderr"))  # the rebuild's own line
    finally:
        stdout, stderr = _stop(proc, logs)
    assert proc.returncode == 0, stderr
    assert stderr.startswith("watching catalog/, layouts/, fonts/; Ctrl-C stops\n"), stderr
    assert "Red Fear Dread" in svg.read_text(encoding="utf-8")
    assert re.search(
        r"^\(rebuilt \d+\.\d\ds after the change to catalog/atmosfear/realms\.csv\)$", stderr, re.M
    ), stderr
    assert stdout.count("built ") == 2  # the first build and the rebuild, nothing more


def test_files_the_build_writes_never_wake_the_watcher(tmp_path: Path) -> None:
    root = tmp_path / "proj"
    shutil.copytree(ROOT / "tests" / "fixtures" / "catalog" / "mini", root / "catalog" / "mini")
    logs = tmp_path / "logs"
    proc = _watcher(root, logs)
    try:
        _until(proc, lambda: "built " in _said(logs, "stdout"))
        (root / "output" / "notes.txt").write_text("not an input", encoding="utf-8")
        time.sleep(2.0)  # a watcher woken by it would build again in this time
    finally:
        stdout, stderr = _stop(proc, logs)
    assert proc.returncode == 0, stderr
    assert stdout.count("built ") == 1, stdout  # the first build only
