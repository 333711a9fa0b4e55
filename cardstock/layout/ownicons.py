"""A game's own icons: every `catalog/<game>/icons/NAME.svg` becomes the symbol NAME.

The SVG is read by the art reader (`svgart`) into paths fitted to the symbol square
(0..100, y down), and each filled or stroked shape becomes one part of a one-colour
symbol: like the shared library's symbols, an icon takes the colour the game gives it, so
the file's own colours do not matter, only its shapes. The game's symbols sit on top of the
shared library (a game's `icons/star.svg` replaces the shipped star for that game only).
What the reader cannot draw is reported once per file, as a warning.
"""

from __future__ import annotations

from pathlib import Path as FsPath
from typing import Any

from ..core.issues import Issue
from .ops import SymbolPart
from .symbols import Library, Symbol, library

ICON_FOLDER = "icons"


def icon_files(folder: FsPath) -> list[FsPath]:
    """The game's icon files, sorted by name (deterministic)."""
    base = folder / ICON_FOLDER
    if not base.is_dir():
        return []
    return sorted(p for p in base.iterdir() if p.suffix.lower() == ".svg" and p.is_file())


def svg_symbol(path: FsPath, shown: str) -> tuple[Symbol | None, list[Issue]]:
    """One SVG file → a symbol, and the problems met reading it (warnings)."""
    from .svgart import flat_paths, svg_ops  # the SVG reader, only for games with icon files

    ops, found = svg_ops(path, (0.0, 0.0, 100.0, 100.0), "contain")
    more: set[str] = set()
    paths = flat_paths(ops, more)
    problems = [*found, *sorted(more)]
    issues = [Issue(shown, None, "", f"{p} (the icon is drawn without it)", "warning") for p in problems]
    parts: list[SymbolPart] = []
    for op in paths:
        if op.fill is not None:
            parts.append(SymbolPart(op.d, 0.0, op.fill_rule, op.opacity))
        if op.stroke is not None and op.stroke_width > 0:
            parts.append(SymbolPart(op.d, op.stroke_width, op.fill_rule, op.opacity))
    if not parts:
        issues.append(Issue(shown, None, "", "the icon has no shape that can be drawn (paths, rectangles, circles, polygons)"))
        return None, issues
    name = path.stem
    return Symbol(name, name.replace("-", " ").capitalize(), tuple(parts)), issues


_MERGED: dict[tuple[int, tuple[tuple[str, str, int, int], ...]], tuple[Library, Library]] = {}


def _merged(base: Library, files: tuple[tuple[str, str, int, int], ...]) -> Library:
    key = (id(base), files)
    hit = _MERGED.get(key)
    if hit is not None and hit[0] is base:
        return hit[1]
    symbols = dict(base.symbols)
    aliases = dict(base.aliases)
    issues = list(base.issues)
    for path, shown, _mtime, _size in files:
        sym, found = svg_symbol(FsPath(path), shown)
        issues += found
        if sym is not None:
            symbols[sym.name] = sym
            aliases.pop(sym.name, None)
    merged = Library(symbols, aliases, base.file, issues)
    if len(_MERGED) > 32:
        _MERGED.clear()
    _MERGED[key] = (base, merged)  # the same Library while nothing changed keeps face caches warm
    return merged


def library_for(catalog: Any) -> Library:
    """The symbols one game draws with: the shared library plus its `icons/` folder."""
    base = library(catalog.root)
    files = []
    for p in icon_files(catalog.folder):
        st = p.stat()
        files.append((str(p), catalog.display(p), st.st_mtime_ns, st.st_size))
    if not files:
        return base
    return _merged(base, tuple(files))
