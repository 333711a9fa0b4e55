"""Facts as data: what a rulebook states about components, checked against the catalog.

A rulebook names cards and their values, prints rule tables (scoring, achievements,
thresholds), gives colours their character and card effects their numbers. Each such
statement is declared once, as a `[[facts]]` entry of rules.toml with the seed line it comes
from (`cite`), and proved here against the catalog the rulebook is built from: a renamed,
dropped or re-valued card, an edited table cell or card text fails the check (exit 1) with
the fact's name, its place in rules.toml and the numbers involved.

    card       a named component exists (by id, and by name when given) with field values
               (`fields = { strength = 7 }`) and texts containing words (`contains`)
    table      cells of a game table: one cell (`row` + `equals`/`contains`), cells by row
               (`equals = { Air = "Earth" }`) or a whole column in order (`equals = [2, 1]`)
    strongest  per group (a colour): the named stat is the group's highest (and `weakest`
               its lowest), by the mean over copies or (`each = true`) on every component;
               `table` + columns read the statements from the table the rulebook prints

`FACT_KINDS` maps `kind = "…"` to the model; a new kind is a class here, never game code.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, ClassVar, Literal, Optional, Union

from pydantic import Field, model_validator

from ..catalog.schema import Component, Game
from .constraints import Outcome, Problem
from .filters import Filter, Strict, select, value_of
from .sources import SeedRef


def show(v: Any) -> str:
    """A value as a reader writes it: no Python repr (True, None, [..], 0.5 as '0.5')."""
    if v is None:
        return "nothing"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    if isinstance(v, list):
        return ", ".join(show(x) for x in v) or "nothing"
    return str(v)


def same(a: Any, b: Any) -> bool:
    """Equal as a rulebook means it: 3 == 3.0, '3' == 3, text ignoring case and spaces."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return float(a) == float(b)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return " ".join(str(a).split()).lower() == " ".join(str(b).split()).lower()


class Fact(Strict):
    """Keys every fact accepts."""

    kind: str
    id: Optional[str] = None  # how templates ask for it: fact('id')
    name: str  # what the rulebook states, shown in the report
    cite: Optional[SeedRef] = None
    choice: Optional[str] = None  # a designer's choice the rulebook states
    level: Literal["error", "warning"] = "error"  # a warning reports and blocks only under --strict

    field_params: ClassVar[tuple[str, ...]] = ()  # parameters naming fields (checked at load)

    def title(self) -> str:
        return self.name

    def field_keys(self) -> list[str]:
        return []

    def check(self, components: list[Component], game: Game) -> Outcome:  # pragma: no cover - abstract
        raise NotImplementedError

    def data(self, components: list[Component], game: Game) -> dict[str, Any]:
        """What templates see as fact('id')."""
        return self.model_dump(by_alias=True, exclude={"cite", "choice"})


class CardFact(Fact):
    """A named component exists with the values and words the rulebook gives it."""

    kind: Literal["card"] = "card"
    card: str  # component id
    called: Optional[str] = None  # the name the rulebook prints for it
    fields: dict[str, Any] = {}
    contains: dict[str, Union[str, list[str]]] = {}  # field -> words its text must contain
    min_count: int = Field(default=1, ge=0)

    def field_keys(self) -> list[str]:
        return [*self.fields, *self.contains]

    def check(self, components: list[Component], game: Game) -> Outcome:
        c = next((x for x in components if x.id == self.card), None)
        label = f"{self.called or self.card} ({self.card})"
        if c is None:
            named = [x for x in components if self.called and x.name == self.called]
            hint = f"; a component named {self.called} has id {named[0].id}" if named else ""
            shared = [x.id for x in components if x.id == f"{x.set}-{self.card}"]
            if len(shared) > 1:  # rows of several sets had this id: each took its set's id in front
                hint += f"; several sets have a row {self.card!r}, so its ids are {', '.join(shared)}: name one"
            msg = f"{label}: the rulebook names this card, but the catalog has no component with id {self.card!r}{hint}"
            return Outcome(False, msg, [], [Problem(msg)])
        problems: list[Problem] = []
        if self.called is not None and c.name != self.called:
            problems.append(Problem(f"{label}: the rulebook calls it {self.called}, the catalog {c.name}", c, "name"))
        if c.count < self.min_count:
            problems.append(Problem(f"{label}: at least {self.min_count} copies expected, the catalog has {c.count}", c, "count"))
        for key, want in self.fields.items():
            have = value_of(c, key)
            if not same(have, want):
                problems.append(Problem(f"{label} {key}: the rulebook states {show(want)}, the catalog has {show(have)}", c, key))
        for key, words in self.contains.items():
            text = " ".join(str(value_of(c, key) or "").split()).lower()
            for w in [words] if isinstance(words, str) else words:
                if " ".join(w.split()).lower() not in text:
                    problems.append(Problem(f"{label} {key}: the rulebook states {w!r}, the card's text does not say so: {value_of(c, key)!r}", c, key))
        if problems:
            return Outcome(False, problems[0].message, [c], problems)
        said = ", ".join(f"{k} {show(v)}" for k, v in self.fields.items())
        return Outcome(True, f"{c.name}" + (f": {said}" if said else ""), [c])

    def data(self, components: list[Component], game: Game) -> dict[str, Any]:
        c = next((x for x in components if x.id == self.card), None)
        return {**super().data(components, game), "component": c.public() if c else None}


class TableFact(Fact):
    """Cells of one of the game's `[tables.*]` hold what the rulebook states."""

    kind: Literal["table"] = "table"
    table: str
    column: Optional[str] = None  # default: the last column
    row: Optional[Any] = None  # the row whose first cell is this
    equals: Optional[Any] = None  # a value (with row), {row: value}, or the column as a list
    contains: Optional[str] = None  # with row: the cell's text contains these words

    @model_validator(mode="after")
    def _shape(self) -> "TableFact":
        if self.equals is None and self.contains is None:
            raise ValueError("a table fact needs 'equals' or 'contains'")
        if self.row is None and (self.contains is not None or not isinstance(self.equals, (list, dict))):
            raise ValueError("without 'row', 'equals' must be the column as a list or a table of row = value")
        return self

    def check(self, components: list[Component], game: Game) -> Outcome:
        t = game.tables.get(self.table)
        if t is None:
            msg = f"the rulebook prints table {self.table!r}, which the game no longer has; tables: {', '.join(game.tables) or 'none'}"
            return Outcome(False, msg, [], [Problem(msg)])
        cols = [str(c).lower() for c in t.columns]
        col = len(cols) - 1 if self.column is None else (cols.index(self.column.lower()) if self.column.lower() in cols else -1)
        if col < 0:
            msg = f"table {self.table} has no column {self.column!r}; columns: {', '.join(map(str, t.columns))}"
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
                problems.append(f"table {self.table}, column {colname}: the rulebook states {show(self.equals)}, the table has {show(have)}")
        else:
            wanted = self.equals if isinstance(self.equals, dict) and self.row is None else {self.row: self.equals}
            for key, want in wanted.items():
                found, have = cell(key)
                if not found:
                    problems.append(f"table {self.table} has no row {show(key)!r}; rows: {', '.join(show(r[0]) for r in t.rows)}")
                elif want is not None and not same(have, want):
                    problems.append(f"table {self.table}, row {show(key)}, column {colname}: the rulebook states {show(want)}, the table has {show(have)}")
                elif self.contains is not None and " ".join(self.contains.split()).lower() not in " ".join(str(have).split()).lower():
                    problems.append(f"table {self.table}, row {show(key)}, column {colname}: the rulebook states {self.contains!r}, the table says {show(have)!r}")
        if problems:
            return Outcome(False, problems[0], [], [Problem(p) for p in problems])
        return Outcome(True, f"table {self.table}, {colname}: as stated")


class StrongestFact(Fact):
    """Per group, the stat a rulebook calls a group's strongest (weakest) is its highest
    (lowest): by the mean over copies, or with `each` on every component of the group."""

    kind: Literal["strongest"] = "strongest"
    match: Filter = Filter()
    group_by: str  # a field: the groups (colours)
    stats: list[str]  # the fields compared
    group: Optional[Any] = None  # one group …
    strongest: Optional[str] = None  # … and its strongest stat
    weakest: Optional[str] = None
    table: Optional[str] = None  # or every row of a table: group in its first column …
    strongest_column: Optional[str] = None  # … the strongest stat named in this column
    weakest_column: Optional[str] = None
    each: bool = False

    @model_validator(mode="after")
    def _shape(self) -> "StrongestFact":
        if (self.group is None) == (self.table is None):
            raise ValueError("give either 'group' (with 'strongest'/'weakest') or 'table' (with 'strongest_column'/'weakest_column')")
        return self

    def field_keys(self) -> list[str]:
        return [self.group_by, *self.stats]

    def _claims(self, game: Game) -> tuple[list[tuple[Any, Optional[str], Optional[str]]], Optional[str]]:
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
                problems.append(Problem(f"{self.group_by} {show(group)}: no components, so nothing is its strongest"))
                continue
            for stat, best in ((strong, True), (weak, False)):
                if stat is None:
                    continue
                key = stat_of.get(stat.lower())
                if key is None:
                    problems.append(Problem(f"{self.group_by} {show(group)}: {stat!r} is not one of the stats compared ({', '.join(self.stats)})"))
                    continue
                word = "strongest" if best else "weakest"
                if self.each:
                    for c in members:
                        vals = {s: _num(value_of(c, s)) for s in self.stats}
                        others = [v for s, v in vals.items() if s != key]
                        if others and ((best and vals[key] <= max(others)) or (not best and vals[key] >= min(others))):
                            figures = ", ".join(f"{s} {show(v)}" for s, v in vals.items())
                            problems.append(Problem(f"{c.name}: the rulebook calls {show(group)} {word} in {key}, but this {show(group)} card has {figures}", c, key))
                else:
                    n = sum(c.count for c in members)
                    means = {s: sum(_num(value_of(c, s)) * c.count for c in members) / n for s in self.stats}
                    others = [v for s, v in means.items() if s != key]
                    if others and ((best and means[key] <= max(others)) or (not best and means[key] >= min(others))):
                        figures = ", ".join(f"{s} {m:.2f}" for s, m in means.items())
                        problems.append(Problem(f"{self.group_by} {show(group)}: the rulebook calls it {word} in {key}, but its mean stats over {n} copies are {figures}"))
        if problems:
            return Outcome(False, problems[0].message, cs, problems)
        return Outcome(True, f"{len(claims)} group{'s' if len(claims) != 1 else ''} as stated", cs)


def _num(v: Any) -> float:
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else 0.0


FACT_KINDS: dict[str, type[Fact]] = {
    "card": CardFact,
    "table": TableFact,
    "strongest": StrongestFact,
}
