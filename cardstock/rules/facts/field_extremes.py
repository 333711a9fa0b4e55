"""Two more places a `value` fact reads (`cardstock.rules.places`): the least or the most
a field takes over some components.

    { least = "cost", match = { set = "equipment" } }       the smallest value of a field
    { most = ["take_kids", "take_workers"], match = {...} }  the largest sum of those fields
                                           (a list field counts its items)

A designer's choice that restates a range of the catalog ("buy for $3 to $5", read with
`{ topic = … }`, `cardstock.rules.facts.choices`) is then held to the cards' own least and most:
an edit of either fails the fact, naming both.
"""

from __future__ import annotations

from typing import Any

from ..filters import Filter, select, value_of


def amount(c: Any, fields: str | list[str]) -> float | None:
    """A component's value of a field, or the sum of several (a list field: its items)."""
    total: float = 0
    for f in [fields] if isinstance(fields, str) else fields:
        v = value_of(c, f)
        if isinstance(v, list):
            total += len(v)
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            total += v
        elif v not in (None, ""):
            return None
    return total


def extreme(catalog: Any, fields: str | list[str], match: Filter | None, most: bool) -> Any:
    """The least (or most) of `fields` over the components `match` picks out."""
    values = [
        v
        for c in select(catalog.components, match or Filter())
        if (v := amount(c, fields)) is not None
    ]
    if not values:
        return None
    v = max(values) if most else min(values)
    return int(v) if float(v).is_integer() else v


__all__ = ["amount", "extreme"]
