"""`cardstock --watch`: it builds, then rebuilds when a file the build reads changes (the
system reports the change), says how long after the change the files were written, and
stops cleanly on Ctrl-C. Checked by what it does and prints, never by timing."""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from conftest import ROOT


def _as_at_a_terminal() -> None:
    """The watcher's Ctrl-C as a user at a terminal has it: a test run started in the
    background inherits SIGINT ignored, and a process that starts with it ignored keeps it
    ignored (as `nohup` relies on), so the SIGINT below would never reach it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _watcher(root: Path) -> subprocess.Popen[str]:
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
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_as_at_a_terminal,
    )


def test_watch_rebuilds_an_edit_and_says_when_its_files_were_written(tmp_path: Path) -> None:
    root = tmp_path / "proj"
    shutil.copytree(ROOT / "catalog" / "atmosfear", root / "catalog" / "atmosfear")
    shutil.copytree(ROOT / "layouts" / "atmosfear", root / "layouts" / "atmosfear")
    out = root / "output"
    proc = _watcher(root)
    svg = out / "atmosfear" / "svg" / "red-fear.svg"
    try:
        deadline = time.monotonic() + 120
        while not svg.is_file() and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
        assert svg.is_file(), "the first build"
        time.sleep(1.0)  # the first build done, the watcher started
        table = root / "catalog" / "atmosfear" / "realms.csv"
        table.write_text(
            table.read_text(encoding="utf-8").replace("Red Fear,", "Red Fear Dread,", 1),
            encoding="utf-8",
        )
        while (
            "Red Fear Dread" not in svg.read_text(encoding="utf-8") and time.monotonic() < deadline
        ):
            time.sleep(0.1)
        time.sleep(1.0)  # the rebuild's own line
    finally:
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=60)
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
    proc = _watcher(root)
    try:
        deadline = time.monotonic() + 120
        while (
            not (root / "output" / "manifest.json").is_file()
            and time.monotonic() < deadline
            and proc.poll() is None
        ):
            time.sleep(0.1)
        (root / "output" / "notes.txt").write_text("not an input", encoding="utf-8")
        time.sleep(2.0)
    finally:
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 0, stderr
    assert stdout.count("built ") == 1, stdout  # the first build only
