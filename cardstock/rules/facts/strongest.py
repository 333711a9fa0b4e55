"""The `strongest` fact: per group, the stat a rulebook calls the group's strongest (or
weakest) is its highest (lowest), by the mean over copies or on every component."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field, model_validator

from ...catalog.schema import Component, Game
from ...core.validation import constructed
from ..filters import Filter, select, value_of
from ..verdicts import Outcome, Problem
from .base import Fact, show

if TYPE_CHECKING:
    pass


class StrongestFact(Fact):
    """Per group, the stat a rulebook calls a group's strongest (weakest) is its highest
    (lowest): by the mean over copies, or with `each` on every component of the group."""

    reads: ClassVar[tuple[str, ...] | None] = ("game", "data", "named")

    kind: Literal["strongest"] = "strongest"
    match: Filter = Field(default_factory=constructed(Filter))
    group_by: str  # a field: the groups (colours)
    stats: list[str]  # the fields compared
    group: Any | None = None  # one group …
    strongest: str | None = None  # … and its strongest stat
    weakest: str | None = None
    table: str | None = None  # or every row of a table: group in its first column …
    strongest_column: str | None = None  # … the strongest stat named in this column
    weakest_column: str | None = None
    each: bool = False

    @model_validator(mode="after")
    def _shape(self) -> StrongestFact:
        if (self.group is None) == (self.table is None):
            raise ValueError(
                "give either 'group' (with 'strongest'/'weakest') or 'table' (with "
                "'strongest_column'/'weakest_column')"
            )
        return self

    def field_keys(self) -> list[str]:
        return [self.group_by, *self.stats]

    def _claims(self, game: Game) -> tuple[list[tuple[Any, str | None, str | None]], str | None]:
        if self.group is not None:
            return [(self.group, self.strongest, self.weakest)], None
        t = game.tables.get(self.table or "")
        if t is None:
            return [], f"the rulebook prints table {self.table!r}, which the game no longer has"
        cols = [str(c).lower() for c in t.columns]
        idx = {}
        for attr in ("strongest_column", "weakest_column"):
            name = getattr(self, attr)
            if name is not None:
                if name.lower() not in cols:
                    return [], f"table {self.table} has no column {name!r}"
                idx[attr] = cols.index(name.lower())
        out = []
        for r in t.rows:
            s = r[idx["strongest_column"]] if "strongest_column" in idx else None
            w = r[idx["weakest_column"]] if "weakest_column" in idx else None
            out.append((r[0], None if s is None else str(s), None if w is None else str(w)))
        return out, None

    def check(self, components: list[Component], game: Game) -> Outcome:
        claims, problem = self._claims(game)
        if problem:
            return Outcome(False, problem, [], [Problem(problem)])
        cs = select(components, self.match)
        groups: dict[str, list[Component]] = defaultdict(list)
        for c in cs:
            groups[show(value_of(c, self.group_by)).lower()].append(c)
        stat_of = {s.lower(): s for s in self.stats}
        problems: list[Problem] = []
        for group, strong, weak in claims:
            members = groups.get(show(group).lower(), [])
            if not members:
                problems.append(
                    Problem(
                        f"{self.group_by} {show(group)}: no components, so nothing is its strongest"
                    )
                )
                continue
            for stat, best in ((strong, True), (weak, False)):
                if stat is None:
                    continue
                key = stat_of.get(stat.lower())
                if key is None:
                    problems.append(
                        Problem(
                            f"{self.group_by} {show(group)}: {stat!r} is not one of the stats "
                            f"compared ({', '.join(self.stats)})"
                        )
                    )
                    continue
                word = "strongest" if best else "weakest"
                if self.each:
                    for c in members:
                        vals = {s: _num(value_of(c, s)) for s in self.stats}
                        others = [v for s, v in vals.items() if s != key]
                        if others and (
                            (best and vals[key] <= max(others))
                            or (not best and vals[key] >= min(others))
                        ):
                            figures = ", ".join(f"{s} {show(v)}" for s, v in vals.items())
                            problems.append(
                                Problem(
                                    f"{c.name}: the rulebook calls {show(group)} {word} in {key}, "
                                    f"but this {show(group)} card has {figures}",
                                    c,
                                    key,
                                )
                            )
                else:
                    n = sum(c.count for c in members)
                    means = {
                        s: sum(_num(value_of(c, s)) * c.count for c in members) / n
                        for s in self.stats
                    }
                    others = [v for s, v in means.items() if s != key]
                    if others and (
                        (best and means[key] <= max(others))
                        or (not best and means[key] >= min(others))
                    ):
                        figures = ", ".join(f"{s} {m:.2f}" for s, m in means.items())
                        problems.append(
                            Problem(
                                f"{self.group_by} {show(group)}: the rulebook calls it {word} in "
                                f"{key}, but its mean stats over {n} copies are {figures}"
                            )
                        )
        if problems:
            return Outcome(False, problems[0].message, cs, problems)
        return Outcome(True, f"{len(claims)} group{'s' if len(claims) != 1 else ''} as stated", cs)


def _num(v: Any) -> float:
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else 0.0
