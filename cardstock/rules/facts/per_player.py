"""The `per_player` fact: a component limit per player, checked for every supported player
count (with `by`, each player takes a value of that field no one else has)."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import Field

from ...catalog.schema import Component, Game
from ...core.validation import constructed
from ..filters import Filter, select, value_of
from ..verdicts import Outcome, Problem
from .base import Fact, show

if TYPE_CHECKING:
    pass


class PerPlayerFact(Fact):
    """A component limit per player (2 pawns each; all 24 Devotees of one colour each),
    checked for every supported player count: the catalog holds enough for the largest
    table. With `by`, each player takes a value of that field no one else has."""

    reads: ClassVar[tuple[str, ...] | None] = ("game", "data", "named")

    kind: Literal["per_player"] = "per_player"
    match: Filter = Field(default_factory=constructed(Filter))
    each: int = Field(ge=1)
    by: str | None = None

    def field_keys(self) -> list[str]:
        return [self.by] if self.by else []

    def check(self, components: list[Component], game: Game) -> Outcome:
        cs = select(components, self.match)
        problems: list[Problem] = []
        for n in range(game.players.min, game.players.max + 1):
            if self.by is None:
                have = sum(c.count for c in cs)
                if have < n * self.each:
                    problems.append(
                        Problem(
                            f"{self.name}: {n} players need {n} × {self.each} = {n * self.each} "
                            f"of {self.match.describe()}, the catalog has {have}"
                        )
                    )
                continue
            groups: dict[str, int] = defaultdict(int)
            for c in cs:
                v = value_of(c, self.by)
                if v not in (None, ""):
                    groups[show(v)] += c.count
            full = sorted(g for g, k in groups.items() if k >= self.each)
            if len(full) < n:
                problems.append(
                    Problem(
                        f"{self.name}: {n} players need {n} {self.by} values with {self.each} "
                        f"each, the catalog has {len(full)} ({', '.join(full) or 'none'})"
                    )
                )
        if problems:
            return Outcome(False, problems[0].message, cs, problems)
        return Outcome(True, f"enough for {game.players.min}–{game.players.max} players", cs)
