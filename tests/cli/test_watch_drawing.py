"""`cardstock build --watch` (and so `cardstock preview`, which is the watch with a
server) on a drawn layout: saving the drawing again, with nothing else changed, rebuilds
the faces drawn from it with the new drawing. Checked by what it writes, never by timing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from conftest import ROOT
from helpers_drawn import drawn_project


def _as_at_a_terminal() -> None:
    """Ctrl-C reaches the watcher as at a terminal (see tests/cli/test_build_watch.py)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _until(proc: subprocess.Popen[str], condition: Callable[[], bool]) -> None:
    """Wait until `condition` holds or the watcher ends (a hang guard of 5 minutes)."""
    deadline = time.monotonic() + 300
    while not condition() and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.1)


def test_saving_the_drawing_again_rebuilds_its_faces_with_the_new_drawing(tmp_path: Path):
    root = drawn_project(tmp_path)
    logs = tmp_path / "logs"
    logs.mkdir()
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "build.py"), "--root", str(root), "build", "--watch"]
        + ["--jobs", "1", "--only", "svg"],
        stdout=(logs / "stdout").open("w", encoding="utf-8"),
        stderr=(logs / "stderr").open("w", encoding="utf-8"),
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        preexec_fn=_as_at_a_terminal,
    )

    def said(stream: str) -> str:
        return (logs / stream).read_text(encoding="utf-8")

    face = root / "output" / "mini" / "svg" / "ember.svg"
    try:
        _until(proc, lambda: "built " in said("stdout"))
        first = face.read_text(encoding="utf-8")
        assert "#1d3557" in first and "#2a9d8f" not in first, said("stderr")
        drawing = root / "layouts" / "mini" / "card.svg"
        text = drawing.read_text(encoding="utf-8")
        # the unmarked ground's colour only: the layout's boxes stay as they were
        drawing.write_text(text.replace("fill:#1d3557", "fill:#2a9d8f", 1), encoding="utf-8")
        _until(proc, lambda: "(rebuilt " in said("stderr"))
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=60)
    assert proc.returncode == 0, said("stderr")
    assert "after the change to layouts/mini/card.svg)" in said("stderr")
    drawn = face.read_text(encoding="utf-8")
    assert "#2a9d8f" in drawn
    assert drawn.count("#1d3557") < first.count("#1d3557")  # the name keeps its colour
