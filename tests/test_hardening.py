"""Hardening: how the command starts, what files it leaves, and how it behaves when it is
killed, run twice at once, piped or given hostile files."""

from __future__ import annotations

import subprocess
import sys
import tomllib

from conftest import ROOT


# ---------------------------------------------------------------- starting the program


def test_python_dash_m_cardstock_runs_the_cli(mini):
    result = subprocess.run([sys.executable, "-m", "cardstock", "--root", str(mini.root), "list"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("mini  Mini  (1-3 players)")


def test_the_console_script_is_the_cli_itself_and_there_is_no_server():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["scripts"] == {"cardstock": "cardstock.cli:main"}
    assert not (ROOT / "cardstock" / "warm.py").exists()
    from cardstock.cli import parser

    usage = parser().format_help()
    assert "{build,list,catalog,check,check-deck}" in usage and "serve" not in usage
