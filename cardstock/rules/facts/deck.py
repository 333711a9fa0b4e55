"""The `deck` fact: cards the rules put in one deck (a filter: a set, a group, a field's
value) are members of it, so a card moved to another deck fails even when every total holds."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from ...catalog.schema import Component, Game
from ..filters import Filter, select
from ..verdicts import Outcome, Problem
from .base import Fact


class DeckFact(Fact):
    """Cards the rules put in one deck (`deck`, a filter: a set, a group, a field's value)
    are members of it: a card moved to another deck fails even when every total holds."""

    reads: ClassVar[tuple[str, ...] | None] = ("game", "data", "named")

    kind: Literal["deck"] = "deck"
    cards: list[str] = Field(min_length=1)  # ids or names
    deck: Filter
    called: str | None = None  # how the rulebook names the deck

    def check(self, components: list[Component], game: Game) -> Outcome:
        members = {c.id for c in select(components, self.deck)}
        deck = self.called or self.deck.describe()
        problems: list[Problem] = []
        for ref in self.cards:
            c = next((x for x in components if ref in (x.id, x.name)), None)
            if c is None:
                problems.append(Problem(f"{self.name}: the catalog has no card {ref!r}"))
            elif c.id not in members:
                problems.append(
                    Problem(
                        f"{self.name}: the rulebook puts {c.name} in {deck}, the catalog has it "
                        f"in set {c.set} (group {c.group})",
                        c,
                        "set",
                    )
                )
        if problems:
            return Outcome(False, problems[0].message, [], problems)
        return Outcome(True, f"{len(self.cards)} in {deck}")
