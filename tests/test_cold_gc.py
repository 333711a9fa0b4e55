"""A build pauses Python's cyclic garbage collector while it starts up (imports, validation:
objects that live all build long) and turns it back on once `pipeline.run` has frozen
them. Counted in a fresh interpreter with the collector's own callbacks: no collection
runs between the build's start (`pipeline.pause_collection`) and the freeze, collections
run after it, and the collector is on again when the command returns. Never timed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import ROOT
from test_cold_imports import _bench_game

PROBE = """
import gc, json, sys
sys.path.insert(0, sys.argv[1])
from cardstock import pipeline
from cardstock.cli import main

seen = {"started": 0, "before": 0, "after": 0}
pause = pipeline.pause_collection
def paused():
    seen["started"] += 1
    pause()
pipeline.pause_collection = paused
def count(phase, info):
    if phase == "start" and seen["started"]:
        seen["after" if pipeline._BUILDS_RUN[0] else "before"] += 1
gc.callbacks.append(count)
code = main(["--root", sys.argv[2], "--out", sys.argv[3], "--paper", "letter", "--only", "pnp", "--jobs", "1"])
gc.callbacks.remove(count)
print(json.dumps({"code": code, "enabled": gc.isenabled(), **seen}))
"""


def test_a_build_collects_no_garbage_while_it_starts_up_and_collects_again_after(tmp_path):
    root = tmp_path / "project"
    _bench_game(root)
    proc = subprocess.run([sys.executable, "-c", PROBE, str(ROOT), str(root), str(tmp_path / "out")],
                          capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "CARDSTOCK_CACHE": str(tmp_path / "cache"), "HOME": str(tmp_path)})
    assert proc.returncode == 0, proc.stderr
    found = json.loads(proc.stdout.strip().splitlines()[-1])
    assert found["code"] == 0 and Path(tmp_path / "out" / "bench" / "bench-pnp-letter.pdf").is_file()
    assert found["started"] == 1
    assert found["before"] == 0  # imports and validation: no collection
    assert found["after"] > 0  # laying out and drawing: collected as usual
    assert found["enabled"]
