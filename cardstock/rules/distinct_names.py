"""Every set and every component of a game has a name of its own.

The rulebook, the quick references and the card texts name sets and components; two of
one name (letters compared without case) cannot be told apart by a player reading them,
and a rule naming one reads as naming both. Each repeat is one error at the later one,
naming the earlier.
"""

from __future__ import annotations

from typing import Any

from ..core.issues import Issue
from ..core.stage import Job


def distinct_names(job: Job) -> list[Issue]:
    """An error for each set or component whose name an earlier one already has."""
    catalog: Any = job.catalog
    shown = catalog.display(catalog.folder / "game.toml")
    out: list[Issue] = []
    sets: dict[str, str] = {}
    for i, s in enumerate(catalog.game.sets):
        first = sets.setdefault(s.name.strip().lower(), s.id)
        if first != s.id:
            out.append(
                Issue(
                    shown,
                    catalog.line("sets", i, "name") or catalog.line("sets", i),
                    f"sets[{i}].name",
                    f"set {s.id!r} is named {s.name!r}, as set {first!r} is: "
                    "give each set a name of its own",
                )
            )
    parts: dict[str, Any] = {}
    for c in catalog.components:
        first = parts.setdefault(c.name.strip().lower(), c)
        if first is not c:
            out.append(
                Issue(
                    c.file,
                    c.line,
                    "name",
                    f"{c.id} ({c.set}) is named {c.name!r}, as {first.id} ({first.set}) is: "
                    "give each component a name of its own",
                )
            )
    return out
