"""The edit loop's watcher: it wakes when a watched folder changes (the kernel says so on
Linux), rebuilds once the files are still, and says how long after the change the files
were written. Checked by what it does and prints, never by timing."""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardstock.watching import Wakeups
from conftest import ROOT

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify is Linux's")


@linux_only
def test_a_change_in_a_watched_folder_wakes_the_watcher(tmp_path: Path) -> None:
    (tmp_path / "catalog" / "game").mkdir(parents=True)
    table = tmp_path / "catalog" / "game" / "cards.csv"
    table.write_text("id,name\n", encoding="utf-8")
    wake = Wakeups([tmp_path / "catalog"])
    try:
        assert wake.kernel
        assert wake.wait(0.05) is False  # nothing changed
        table.write_text("id,name\na,A\n", encoding="utf-8")
        assert wake.wait(30) is True
        assert wake.wait(0.05) is False  # one wake-up for the burst of events of one save
        (tmp_path / "catalog" / "game" / "art").mkdir()
        assert wake.wait(30) is True
        wake.rescan()  # the new folder is watched from now on
        (tmp_path / "catalog" / "game" / "art" / "a.svg").write_text("<svg/>", encoding="utf-8")
        assert wake.wait(30) is True
    finally:
        wake.close()


def test_without_the_kernel_waiting_is_sleeping(tmp_path: Path) -> None:
    wake = Wakeups([tmp_path])
    wake.close()
    assert not wake.kernel and wake.wait(0.01) is False


def test_watch_says_when_the_files_of_an_edit_were_written(tmp_path: Path) -> None:
    root = tmp_path / "proj"
    shutil.copytree(ROOT / "catalog" / "atmosfear", root / "catalog" / "atmosfear")
    shutil.copytree(ROOT / "layouts" / "atmosfear", root / "layouts" / "atmosfear")
    out = root / "output"
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "build.py"), "--root", str(root), "build", "--watch", "--jobs", "1", "--only", "svg"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    svg = out / "atmosfear" / "svg" / "red-fear.svg"
    try:
        deadline = time.monotonic() + 120
        while not svg.is_file() and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
        assert svg.is_file(), "the first build"
        time.sleep(0.5)  # the first build done
        table = root / "catalog" / "atmosfear" / "realms.csv"
        table.write_text(table.read_text(encoding="utf-8").replace("Red Fear,", "Red Dread,", 1), encoding="utf-8")
        while "Red Dread" not in svg.read_text(encoding="utf-8") and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(1.0)  # the rebuild's own line
    finally:
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 0, stderr
    assert "Red Dread" in svg.read_text(encoding="utf-8")
    assert re.search(r"^\(rebuilt \d+\.\d\ds after the change to catalog/atmosfear/realms\.csv\)$", stderr, re.M), stderr
    assert stdout.count("built ") == 2  # the first build and the rebuild, nothing more
