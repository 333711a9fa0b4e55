"""Checks of a loaded catalog beyond its models: bounds that keep a typo from turning into
hours of work or gigabytes of memory, and every art file it names."""

from __future__ import annotations

from pathlib import Path

from ..core.issues import Issue
from ..core.units import UnitError, parse_length, parse_size
from .art import art_problem as _art_file_problem
from .fields import REFERENCE_TYPES
from .load import Catalog
from .references import resolved

MAX_COPIES = 10_000  # copies of one component (the bench prints 10,000 of one card)
MAX_SIDE = parse_length("1000mm")  # the longer side of one piece


def check(catalog: Catalog) -> list[Issue]:
    """Every problem of a loaded catalog that its models cannot see."""
    return bounds(catalog) + art_files(catalog)


def bounds(catalog: Catalog) -> list[Issue]:
    """Copies of one component and the size of one piece, each within what cardstock
    prints (the components of a whole game are counted while its rows are read:
    `load.MAX_COMPONENTS`)."""
    out = []
    for comp in catalog.components:
        if comp.count > MAX_COPIES:
            out.append(
                Issue(
                    comp.file,
                    comp.line,
                    "count",
                    f"{comp.count:,} copies is more than cardstock prints of one component "
                    f"({MAX_COPIES:,})",
                )
            )
        try:
            w, h = parse_size(comp.size)
        except UnitError:
            continue  # reported where the size is read
        if max(w, h) > MAX_SIDE:
            out.append(
                Issue(
                    comp.file,
                    comp.line,
                    "size",
                    f"{comp.size!r} is larger than any piece cardstock prints (at most 1000mm "
                    "a side)",
                )
            )
    return out


def art_files(catalog: Catalog) -> list[Issue]:
    """Every art file the catalog names: readable, and of the type its name says."""
    seen: dict[Path, str | None] = {}
    named: dict[str, str | None] = {}  # each value once: a thousand rows name five files
    out = []

    def problem(value: str) -> str | None:
        if value not in named:
            path, _ = resolved(catalog.folder / value)
            if path is None:
                named[value] = None  # reported by the loader
            else:
                if path not in seen:
                    seen[path] = art_problem(path, catalog.root)
                named[value] = seen[path]
        return named[value]

    for key, back in catalog.game.backs.items():
        if back.art:
            p = problem(back.art)
            if p:
                out.append(
                    Issue(
                        catalog.display(catalog.folder / "game.toml"), None, f"backs.{key}.art", p
                    )
                )
    for comp in catalog.components:
        for name, spec in catalog.field_specs(comp.set).items():
            value = comp.fields.get(name)
            if REFERENCE_TYPES.get(spec.type) == "art" and isinstance(value, str) and value:
                p = problem(value)
                if p:
                    out.append(Issue(comp.file, comp.line, name, p))
    return out


def art_problem(path: Path, root: Path) -> str | None:
    """Why an art file cannot be drawn (None when it can): unreadable, not the PNG, JPEG or
    SVG file its name says, too many pixels, or an SVG with values that are not numbers.
    The same check the loader makes at the row (`cardstock.catalog.art`)."""
    try:
        return _art_file_problem(path, root)
    except OSError as exc:
        return f"the art file cannot be read: {_reason(exc)}"


def _reason(exc: BaseException) -> str:
    """An OS error's reason without the path (messages name the file themselves)."""
    return getattr(exc, "strerror", None) or str(exc)
