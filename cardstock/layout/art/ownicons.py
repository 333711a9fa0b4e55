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
from typing import TYPE_CHECKING

from ...catalog.art import ICON_FOLDER, icon_files  # noqa: F401  (a game's icon files are one of its inputs)
from ...core.issues import Issue
from ..ops import SymbolPart
from .symbols import Library, Symbol, library

if TYPE_CHECKING:
    from ...catalog.load import Catalog


def svg_symbol(path: FsPath, shown: str, root: FsPath) -> tuple[Symbol | None, list[Issue]]:
    """One SVG file (inside `root`) → a symbol, and the problems met reading it (warnings)."""
    from .svgart import flat_paths, svg_ops  # SVG reading: only for a game with icon files

    ops, found = svg_ops(path, root, (0.0, 0.0, 100.0, 100.0), "contain")
    unreadable = [p for p in found if p.startswith(("cannot read", "not a readable"))]
    if unreadable:  # nothing of the file is drawn: one error, not a warning as well
        return None, [Issue(shown, None, "", unreadable[0])]
    more: set[str] = set()
    paths = flat_paths(ops, more)
    problems = [*found, *sorted(more)]
    issues = [
        Issue(shown, None, "", f"{p} (the icon is drawn without it)", "warning") for p in problems
    ]
    parts: list[SymbolPart] = []
    for op in paths:
        if op.fill is not None:
            parts.append(SymbolPart(op.d, 0.0, op.fill_rule, op.opacity))
        if op.stroke is not None and op.stroke_width > 0:
            parts.append(SymbolPart(op.d, op.stroke_width, op.fill_rule, op.opacity))
    if not parts:
        issues.append(
            Issue(
                shown,
                None,
                "",
                "the icon has no shape that can be drawn (paths, rectangles, circles, polygons)",
            )
        )
        return None, issues
    name = path.stem
    return Symbol(name, name.replace("-", " ").capitalize(), tuple(parts)), issues


def game_library(catalog: Catalog, base: Library | None = None) -> Library:
    """The symbols one game draws with: the shared library (`base`, read from the project
    when not given) plus the game's `icons/` folder."""
    base = base if base is not None else library(catalog.root)
    files = icon_files(catalog.folder)
    if not files:
        return base
    symbols = dict(base.symbols)
    aliases = dict(base.aliases)
    issues = list(base.issues)
    for path in files:
        sym, found = svg_symbol(path, catalog.display(path), catalog.root)
        issues += found
        if sym is not None:
            symbols[sym.name] = sym
            aliases.pop(sym.name, None)
    return Library(symbols, aliases, base.file, issues)
