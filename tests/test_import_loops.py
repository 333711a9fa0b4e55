"""No import circle, even counting the imports that only type checking reads.

tests/test_imports.py leaves out the imports under `if TYPE_CHECKING:`, as they never run.
They still tie modules together: a module that names another in its annotations depends on
it, and a circle of such names is a tangle to read and to change (issue #40). Here every
import counts, wherever it is written, across the whole package."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from test_imports import PACKAGE, _targets, find_cycle, module_names, parse


def _every_import(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement of a source, type-only ones included."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node


def typed_import_graph(package: Path) -> dict[str, set[str]]:
    """module → the package's modules it imports, for running or for type checking."""
    files = module_names(package)
    known = set(files)
    return {
        name: {
            target
            for node in _every_import(parse(path))
            for target in _targets(name, path.name == "__init__.py", node, known)
            if target in known and target != name
        }
        for name, path in files.items()
    }


def test_type_only_imports_make_no_circle_either():
    graph = typed_import_graph(PACKAGE)
    # the graph sees the type-only imports: the box types name the painter's services so
    assert "cardstock.layout.painting" in graph["cardstock.layout.boxtypes.kind"]
    # the whole package, not only cardstock.layout
    cycle = find_cycle(graph)
    assert cycle is None, "import circle (type-only imports counted): " + " -> ".join(cycle or [])
