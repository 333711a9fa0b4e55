"""The package stays readable in pieces: a function's complexity is capped by ruff's rules
(C901, PLR0912, PLR0915 in pyproject.toml, run by tests/run), a module's length only by a
backstop of 800 lines, and the build's top function is as short as the five steps it
names."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "cardstock"
MAX_MODULE_LINES = 800
MAX_BUILD_LINES = 40


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "starter" not in p.parts)


def _length(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    assert fn.end_lineno is not None
    return fn.end_lineno - fn.lineno + 1


def test_no_module_of_the_package_is_over_800_lines():
    long = {}
    for path in _modules():
        lines = path.read_text(encoding="utf-8").count("\n")
        if lines > MAX_MODULE_LINES:
            long[path.relative_to(ROOT).as_posix()] = lines
    assert long == {}


def test_a_functions_complexity_is_capped_by_the_linter_not_by_its_lines():
    lint = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["ruff"]
    assert {"C901", "PLR0912", "PLR0915"} <= set(lint["lint"]["select"])
    assert lint["lint"]["mccabe"]["max-complexity"] <= 15
    assert lint["lint"]["pylint"]["max-branches"] <= 15
    assert lint["lint"]["pylint"]["max-statements"] <= 50


def test_the_build_reads_as_its_five_steps():
    tree = ast.parse((PACKAGE / "build.py").read_text(encoding="utf-8"))
    (top,) = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "_build"]
    assert _length(top) <= MAX_BUILD_LINES
