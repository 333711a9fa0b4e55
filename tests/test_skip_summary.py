"""A run on a clone without the files beside the checkout (`../shared`) names, in its
summary, every test skipped for want of them, under the reason: the suite's own conftest
runs a small test file in a folder with no `../shared` beside it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

TESTS = """
import pytest


@pytest.mark.needs_seeds
def test_reads_the_seeds():
    pass


@pytest.mark.needs_yardstick
@pytest.mark.parametrize("n", [1, 2])
def test_runs_the_yardstick(n):
    pass


def test_needs_nothing():
    pass


@pytest.mark.skip(reason="skipped for another reason")
def test_skipped_otherwise():
    pass
"""


def test_the_summary_names_each_test_skipped_for_want_of_shared(tmp_path: Path):
    clone = tmp_path / "clone"
    (clone / "tests").mkdir(parents=True)
    shutil.copy(ROOT / "tests" / "conftest.py", clone / "tests" / "conftest.py")
    (clone / "tests" / "test_sample.py").write_text(TESTS)
    env = {k: v for k, v in os.environ.items() if k != "CARDSTOCK_YARDSTICK"}
    env["PYTEST_ADDOPTS"] = ""
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "tests"],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    summary = run.stdout.split(f"skipped for want of {clone.parent / 'shared'}", 1)
    assert len(summary) == 2, run.stdout
    lines = summary[1].splitlines()
    assert "1 skipped: needs_seeds" not in summary[1]
    assert any(line.startswith("1 skipped: the source rulebooks") for line in lines)
    assert any(line.startswith("2 skipped: the bench yardstick") for line in lines)
    named = sorted(line.strip() for line in lines if line.startswith("  tests/"))
    assert named == [
        "tests/test_sample.py::test_reads_the_seeds",
        "tests/test_sample.py::test_runs_the_yardstick[1]",
        "tests/test_sample.py::test_runs_the_yardstick[2]",
    ]
