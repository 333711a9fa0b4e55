"""The `restates` fact: a table the rulebook prints that restates card fields holds, row by
row, what the catalog's cards hold."""

from __future__ import annotations

import difflib
import re
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from ...catalog.schema import Component, Game
from ...core.validation import constructed
from ..filters import Filter, select, value_of
from ..reading.places import norm
from ..verdicts import Outcome, Problem
from .base import Fact, same, show

if TYPE_CHECKING:
    from ...catalog.load import Catalog
    from ..sources import SourceText


def _key_text(v: Any) -> str:
    """A table cell as a key: its words without a parenthesised remark ("Harbinger
    (crowned)")."""
    return norm(re.sub(r"\([^)]*\)", " ", show(v)))


def _has_field(c: Component, fld: str, game: Game) -> bool:
    """Does the card have the field at all (an attribute, or a field of its set)?"""
    if fld in ("id", "name", "set", "group", "kind", "count") or fld in c.fields:
        return True
    st = next((s for s in game.sets if s.id == c.set), None)
    return st is not None and fld in game.fields_of(st)


def _blank(v: Any) -> bool:
    return v is None or show(v).strip() in ("", "—", "-", "–")


class RestatesFact(Fact):
    """A table that restates card fields (a hierarchy's ranks and timings, a scoring list)
    agrees with the cards: each row finds its cards through `key` (a column and the field it
    restates; `contains = true` when the cards' names only contain the cell, "The Gate" in
    "The Gate (Red)"), and each of `columns` (column = field) holds what those cards hold.
    With `every`, each card of `match` is restated by some row."""

    kind: Literal["restates"] = "restates"
    table: str
    match: Filter = Field(default_factory=constructed(Filter))
    key: dict[str, str]  # {column = "Card", field = "name"}
    contains: bool = False
    columns: dict[str, str]  # column -> field
    every: bool = True

    def field_keys(self) -> list[str]:
        return [self.key.get("field", ""), *self.columns.values()]

    @model_validator(mode="after")
    def _key(self) -> RestatesFact:
        if set(self.key) != {"column", "field"}:
            raise ValueError('key = { column = "…", field = "…" }')
        return self

    def check(
        self, components: list[Component], game: Game
    ) -> Outcome:  # pragma: no cover - needs the catalog
        raise NotImplementedError

    def check_catalog(
        self, catalog: Catalog, file: str, line: int | None, source: SourceText | None = None
    ) -> Outcome:
        game = catalog.game
        t = game.tables.get(self.table)
        game_file = catalog.display(catalog.folder / "game.toml")
        if t is None:
            msg = f"{self.name}: the game has no table {self.table!r}"
            return Outcome(False, msg, [], [Problem(msg)])
        cols = [norm(c) for c in t.columns]
        wanted = [self.key["column"], *self.columns]
        absent = [c for c in wanted if norm(c) not in cols]
        if absent:
            msg = (
                f"{self.name}: table {self.table} has no column "
                f"{', '.join(map(repr, absent))}; columns: {', '.join(map(str, t.columns))}"
            )
            return Outcome(
                False, msg, [], [Problem(msg, at=(game_file, catalog.line("tables", self.table)))]
            )
        cs = select(catalog.components, self.match)
        kcol = cols.index(norm(self.key["column"]))
        problems: list[Problem] = []
        seen: set[str] = set()  # the cards some row restates
        for i, row in enumerate(t.rows):
            where = (
                game_file,
                catalog.line("tables", self.table, "rows", i) or catalog.line("tables", self.table),
            )
            problems += self._row(row, kcol, cols, where, cs, game, seen)
        if self.every:
            problems += self._unrestated(cs, seen, [r[kcol] for r in t.rows])
        if problems:
            return Outcome(False, problems[0].message, cs, problems)
        return Outcome(
            True, f"table {self.table}: {len(t.rows)} rows agree with {len(cs)} cards", cs
        )

    def _row(
        self,
        row: list[Any],
        kcol: int,
        cols: list[str],
        where: tuple[str, int | None],
        cs: list[Component],
        game: Game,
        seen: set[str],
    ) -> list[Problem]:
        """One row: it finds its cards by its key cell, and its cells hold what they hold
        (the cards found are added to `seen`)."""
        kfield = self.key["field"]
        key = _key_text(row[kcol])
        if not key:
            return []
        hits = [
            c
            for c in cs
            if (
                key in norm(value_of(c, kfield))
                if self.contains
                else key == _key_text(value_of(c, kfield))
            )
        ]
        if not hits:
            near = sorted({show(value_of(c, kfield)) for c in cs})[:6]
            return [
                Problem(
                    f"{self.name}: table {self.table}, row {show(row[kcol])!r}: no card's "
                    f"{kfield} is {show(row[kcol])!r}; the cards have {', '.join(near)}…",
                    at=where,
                )
            ]
        problems: list[Problem] = []
        for c in hits:
            seen.add(c.id)
            for column, fld in self.columns.items():
                cell = row[cols.index(norm(column))]
                # The Gatekeeper has no rank: its row's Rank restates nothing
                if not _has_field(c, fld, game):
                    continue
                have = value_of(c, fld)
                if _blank(cell) and _blank(have):
                    continue
                if not same(cell, have):
                    problems.append(
                        Problem(
                            f"{self.name}: table {self.table} ({where[0]}:{where[1]}) says "
                            f"{show(row[kcol])} has {column} {show(cell)}, the card {c.name} "
                            f"({c.file}:{c.line}) has {fld} {show(have)}",
                            c,
                            fld,
                        )
                    )
        return problems

    def _unrestated(self, cs: list[Component], seen: set[str], keys: list[Any]) -> list[Problem]:
        """The cards no row restates, each with the nearest row key."""
        kfield = self.key["field"]
        problems: list[Problem] = []
        for c in cs:
            if c.id not in seen:
                near = difflib.get_close_matches(
                    _key_text(value_of(c, kfield)),
                    [_key_text(k) for k in keys],
                    n=1,
                    cutoff=0.5,
                )
                hint = f"; the nearest row is {near[0]!r}" if near else ""
                problems.append(
                    Problem(
                        f"{self.name}: table {self.table} has no row for {c.name} "
                        f"({kfield} {show(value_of(c, kfield))}){hint}",
                        c,
                        kfield,
                    )
                )
        return problems
