"""The cache's key of cardstock's own code (`core.cache.code_key`) covers every file of the
package, its fonts and data included, in a fixed order, and none of Python's compiled code:
a changed file makes every key new, a compiled file written by an import does not."""

from __future__ import annotations

from pathlib import Path

from cardstock.core import cache


def listed_by_hand(package: Path) -> list[str]:
    """Every file under `package` but compiled code and hidden names, by path from it,
    in the order of a walk that takes each folder's files before its subfolders."""
    out: list[str] = []

    def walk(folder: Path, prefix: str) -> None:
        entries = sorted(folder.iterdir(), key=lambda p: p.name)
        for p in entries:
            if not p.is_dir() and not p.name.startswith(".") and p.suffix not in (".pyc", ".pyo"):
                out.append(prefix + p.name)
        for p in entries:
            if p.is_dir() and p.name != "__pycache__" and not p.name.startswith("."):
                walk(p, f"{prefix}{p.name}/")

    walk(package, "")
    return out


def test_the_code_key_lists_every_file_of_the_package_but_compiled_code():
    names = [name for name, _ in cache._own_files()]
    assert names == listed_by_hand(cache.PACKAGE)
    assert "core/cache.py" in names and "fonts/LiberationSans-Regular.ttf" in names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]


def test_each_listed_file_carries_its_own_size():
    for name, st in cache._own_files()[:20]:
        assert st.st_size == (cache.PACKAGE / name).stat().st_size, name
