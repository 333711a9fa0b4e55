"""ReportLab's C accelerator (the `rl-accel` wheel) formats every number of every PDF
operator, measures strings and escapes text; without it ReportLab falls back to its pure
Python code, which was the largest single cost of rewriting a game's sheets. The sheets
are the same bytes either way."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

FIXTURE = ROOT / "tests" / "fixtures" / "catalog" / "mini"

BUILD = """
import sys
if sys.argv[1] == "without":
    sys.modules["_rl_accel"] = None  # as if the wheel were not installed
from reportlab.lib import rl_accel
from cardstock.cli import main
print("accelerated" if rl_accel._c_funcs else "pure", flush=True)
sys.exit(main(["--root", sys.argv[2], "build", "--jobs", "1", "--paper", "all", "--only", "pnp",
               "--out", sys.argv[3]]))
"""


def test_reportlab_formats_numbers_with_its_c_accelerator():
    from reportlab.lib.rl_accel import escapePDF, fp_str, instanceStringWidthTTF

    for fn in (fp_str, escapePDF, instanceStringWidthTTF):
        assert type(fn).__name__ == "builtin_function_or_method", fn
    assert fp_str(1, 0, 0, 1, 12.5, -3.25) == "1 0 0 1 12.5 -3.25"


def test_the_sheets_are_the_same_bytes_with_and_without_the_accelerator(tmp_path):
    shutil.copytree(FIXTURE, tmp_path / "catalog" / "mini")
    made: dict[str, dict[str, bytes]] = {}
    for mode in ("with", "without"):
        out = tmp_path / f"out-{mode}"
        run = subprocess.run([sys.executable, "-c", BUILD, mode, str(tmp_path), str(out)],
                             capture_output=True, text=True, cwd=ROOT)
        assert run.returncode == 0, run.stderr
        assert run.stdout.splitlines()[0] == ("accelerated" if mode == "with" else "pure")
        made[mode] = {p.name: p.read_bytes() for p in sorted(Path(out / "mini").glob("*.pdf"))}
    assert sorted(made["with"]) == ["mini-pnp-a4.pdf", "mini-pnp-letter.pdf"]
    assert made["with"] == made["without"]
