"""The package stays readable in pieces: no module over 800 lines, no function over 80
lines unless its body is a table of data, and the build's top function as short as the five
steps it names."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "cardstock"
MAX_MODULE_LINES = 800
MAX_FUNCTION_LINES = 80
MAX_BUILD_LINES = 40


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "starter" not in p.parts)


def _is_data(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A function whose body, past its docstring, is one literal (a table of records) given
    back or bound: its length is its data's, not its logic's."""
    body = list(fn.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    if len(body) != 1:
        return False
    node = body[0]
    value = node.value if isinstance(node, ast.Return | ast.Assign | ast.AnnAssign) else None
    return isinstance(value, ast.Dict | ast.List | ast.Tuple | ast.Set)


def _functions() -> list[tuple[str, int, ast.FunctionDef | ast.AsyncFunctionDef]]:
    found = []
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                found.append((path.relative_to(ROOT).as_posix(), node.lineno, node))
    return found


def _length(fn: ast.AST) -> int:
    assert fn.end_lineno is not None
    return fn.end_lineno - fn.lineno + 1


def test_no_module_of_the_package_is_over_800_lines():
    long = {}
    for path in _modules():
        lines = path.read_text(encoding="utf-8").count("\n")
        if lines > MAX_MODULE_LINES:
            long[path.relative_to(ROOT).as_posix()] = lines
    assert long == {}


def test_no_function_is_over_80_lines_unless_its_body_is_a_table_of_data():
    long = [
        f"{path}:{line} {fn.name} ({_length(fn)} lines)"
        for path, line, fn in _functions()
        if _length(fn) > MAX_FUNCTION_LINES and not _is_data(fn)
    ]
    assert long == []


def test_the_build_reads_as_its_five_steps():
    tree = ast.parse((PACKAGE / "build.py").read_text(encoding="utf-8"))
    (top,) = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "_build"]
    assert _length(top) <= MAX_BUILD_LINES


def test_a_table_of_data_is_told_from_logic():
    table = ast.parse("def f():\n    '''doc'''\n    return [\n" + "    1,\n" * 90 + "    ]\n")
    logic = ast.parse("def f():\n" + "    x = 1\n" * 90)
    assert _is_data(table.body[0])  # type: ignore[arg-type]
    assert not _is_data(logic.body[0])  # type: ignore[arg-type]
