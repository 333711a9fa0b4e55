"""Every set of a game has a name of its own.

The rulebook, the quick references and the card texts name sets; two of one name (letters
compared without case) cannot be told apart by a player reading them, and a rule naming one
reads as naming both. Each repeat is one error at the later set, naming the earlier.

Component names are not held here: a promo or a second-edition copy of a card rightly
carries the card's name. A game whose cards must be named apart says so as data, with a
`unique` constraint in its rules.toml.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.issues import Issue
from ...core.stage import Job

if TYPE_CHECKING:
    from ...catalog.load import Catalog


def distinct_names(job: Job) -> list[Issue]:
    """An error for each set whose name an earlier set already has."""
    catalog: Catalog = job.catalog
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
    return out
