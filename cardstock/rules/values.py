"""One field's values on many cards, as the designer chose them: `kind = "values"`.

    [[facts]]
    kind = "values"
    id = "strength-beyond-the-example"
    name = "the Strength of each card the source does not name"
    field = "strength"
    match = { set = "good", field = "card_type", equals = "Person" }
    values = { selaphiel = 4, barachiel = 3 }
    choice = "chosen to fit the card's type and ability; the source names no such card"

Every card named in `values` (by id or name) holds that value in `field`, and with `match`
every card of the filter is named, so a card added, dropped or given another value (two
cards' values swapped) fails, at the card's own table line with both values. The fact is
the designer's record of what the source leaves open, held against what is printed.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field

from ..catalog.schema import Component, Game
from .constraints import Outcome, Problem
from .fact_base import Fact, same, show
from .filters import Filter, select, value_of


class ValuesFact(Fact):
    """Each named card holds its value in one field (see the module)."""

    kind: Literal["values"] = "values"
    field: str
    values: dict[str, Any] = Field(min_length=1)
    match: Filter | None = None  # every card of it is named in `values`

    field_params: ClassVar[tuple[str, ...]] = ("field",)

    def field_keys(self) -> list[str]:
        return [self.field]

    def check(self, components: list[Component], game: Game) -> Outcome:
        by_key = {c.id: c for c in components} | {c.name: c for c in components if c.name}
        problems: list[Problem] = []
        found: list[Component] = []
        for key, want in self.values.items():
            c = by_key.get(key)
            if c is None:
                problems.append(Problem(f"{self.name}: no card {key!r} in the catalog"))
                continue
            found.append(c)
            have = value_of(c, self.field)
            if not same(have, want):
                problems.append(
                    Problem(
                        f"{self.name}: {c.name} ({c.id}) {self.field}: the designer's record "
                        f"states {show(want)}, the catalog has {show(have)}",
                        c,
                        self.field,
                    )
                )
        named = {c.id for c in found}
        for c in select(components, self.match) if self.match is not None else []:
            if c.id not in named:
                problems.append(
                    Problem(
                        f"{self.name}: {c.name} ({c.id}) is not in the record; its {self.field} "
                        f"is {show(value_of(c, self.field))}",
                        c,
                        self.field,
                    )
                )
        if problems:
            return Outcome(False, problems[0].message, found, problems)
        return Outcome(True, f"{len(found)} cards hold their {self.field}", found)
