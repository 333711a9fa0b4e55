"""The `table` fact: cells of one of the game's `[tables.*]` hold what the rulebook states,
one cell, cells by row, or a whole column in order."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import model_validator

from ...catalog.schema import Component, Game
from ..verdicts import Outcome, Problem
from .base import Fact, same, show

if TYPE_CHECKING:
    pass


class TableFact(Fact):
    """Cells of one of the game's `[tables.*]` hold what the rulebook states."""

    reads: ClassVar[tuple[str, ...] | None] = ("game", "data", "named")

    kind: Literal["table"] = "table"
    table: str
    column: str | None = None  # default: the last column
    row: Any | None = None  # the row whose first cell is this
    equals: Any | None = None  # a value (with row), {row: value}, or the column as a list
    contains: str | None = None  # with row: the cell's text contains these words

    @model_validator(mode="after")
    def _shape(self) -> TableFact:
        if self.equals is None and self.contains is None:
            raise ValueError("a table fact needs 'equals' or 'contains'")
        if self.row is None and (
            self.contains is not None or not isinstance(self.equals, (list, dict))
        ):
            raise ValueError(
                "without 'row', 'equals' must be the column as a list or a table of row = value"
            )
        return self

    def check(self, components: list[Component], game: Game) -> Outcome:
        t = game.tables.get(self.table)
        if t is None:
            msg = (
                f"the rulebook prints table {self.table!r}, which the game no longer has; tables: "
                f"{', '.join(game.tables) or 'none'}"
            )
            return Outcome(False, msg, [], [Problem(msg)])
        cols = [str(c).lower() for c in t.columns]
        col = (
            len(cols) - 1
            if self.column is None
            else (cols.index(self.column.lower()) if self.column.lower() in cols else -1)
        )
        if col < 0:
            msg = (
                f"table {self.table} has no column {self.column!r}; columns: "
                f"{', '.join(map(str, t.columns))}"
            )
            return Outcome(False, msg, [], [Problem(msg)])
        colname = t.columns[col]
        rows = {" ".join(str(r[0]).split()).lower(): r for r in t.rows}

        def cell(key: Any) -> tuple[bool, Any]:
            r = rows.get(" ".join(str(key).split()).lower())
            return (False, None) if r is None else (True, r[col])

        problems: list[str] = []
        if isinstance(self.equals, list) and self.row is None:
            have = [r[col] for r in t.rows]
            if not same(have, self.equals):
                problems.append(
                    f"table {self.table}, column {colname}: the rulebook states "
                    f"{show(self.equals)}, the table has {show(have)}"
                )
        else:
            wanted = (
                self.equals
                if isinstance(self.equals, dict) and self.row is None
                else {self.row: self.equals}
            )
            for key, want in wanted.items():
                found, have = cell(key)
                if not found:
                    problems.append(
                        f"table {self.table} has no row {show(key)!r}; rows: "
                        f"{', '.join(show(r[0]) for r in t.rows)}"
                    )
                elif want is not None and not same(have, want):
                    problems.append(
                        f"table {self.table}, row {show(key)}, column {colname}: "
                        f"the rulebook states {show(want)}, the table has {show(have)}"
                    )
                elif (
                    self.contains is not None
                    and " ".join(self.contains.split()).lower()
                    not in " ".join(str(have).split()).lower()
                ):
                    problems.append(
                        f"table {self.table}, row {show(key)}, column {colname}: "
                        f"the rulebook states {self.contains!r}, the table says {show(have)!r}"
                    )
        if problems:
            return Outcome(False, problems[0], [], [Problem(p) for p in problems])
        return Outcome(True, f"table {self.table}, {colname}: as stated")
