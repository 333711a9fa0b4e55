"""What rules.toml could check of a game that has none, said from the game's own data.

A project needs no checker files to build, check and publish: without rules.toml the
rules check passes, and its one line names what rules would hold — the totals of its sets,
the ranges of its number fields, the player count, the setup — so a designer sees what
writing rules would add (docs/rules-format.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...catalog.load import Catalog

_NUMBERS = ("int", "number")


def could_check(catalog: Catalog) -> str:
    """One line: what `[[counts]]`, `[[constraints]]`, `[[facts]]` and `[setup]` could hold
    of `catalog`, from its sets, fields and players."""
    game = catalog.game
    sizes: dict[str, int] = {}
    for c in catalog.components:
        sizes[c.set] = sizes.get(c.set, 0) + c.count
    names = {s.id: s.name for s in game.sets}
    totals = ", ".join(f"{names.get(k, k)} {n}" for k, n in sizes.items())
    fields = sorted(
        {f for s in game.sets for f, spec in game.fields_of(s).items() if spec.type in _NUMBERS}
    )
    parts = [f"the totals of its sets ({totals})" if totals else "the totals of its sets"]
    if fields:
        parts.append(f"the range of {', '.join(fields)}")
    parts.append(f"the player count ({game.players.min}–{game.players.max})")
    parts.append("the setup for each player count and the facts its rulebook states")
    return "given rules it could check " + ", ".join(parts)


__all__ = ["could_check"]
