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

import difflib
import re
from collections import defaultdict
from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from ..catalog.schema import Component, Game
from .constraints import Outcome, Problem
from .coverage import words_of
from .filters import Filter, Strict, select, value_of
from .places import Place, norm, read_place, spelled
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


def _empty(v: Any) -> bool:
    return v is None or (isinstance(v, str) and not v.strip())


def same(a: Any, b: Any) -> bool:
    """Equal as a rulebook means it: 3 == 3.0, '3' == 3, text ignoring case and spaces."""
    if _empty(a) and _empty(b):
        return True
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
    id: str | None = None  # how templates ask for it: fact('id')
    name: str  # what the rulebook states, shown in the report
    cite: SeedRef | None = None
    choice: str | None = None  # a designer's choice the rulebook states
    level: Literal["error", "warning"] = "error"  # a warning reports and blocks only under --strict

    field_params: ClassVar[tuple[str, ...]] = ()  # parameters naming fields (checked at load)

    def title(self) -> str:
        return self.name

    def field_keys(self) -> list[str]:
        return []

    def check(
        self, components: list[Component], game: Game
    ) -> Outcome:  # pragma: no cover - abstract
        raise NotImplementedError

    def check_catalog(self, catalog: Any, file: str, line: int | None) -> Outcome:
        """The check with the whole catalog at hand (its rules, its game.toml lines); `file`
        and `line` are where the fact is written. Most kinds need only the components."""
        return self.check(catalog.components, catalog.game)

    def data(self, components: list[Component], game: Game) -> dict[str, Any]:
        """What templates see as fact('id')."""
        return self.model_dump(by_alias=True, exclude={"cite", "choice"})


class CardFact(Fact):
    """A named component exists with the values and words the rulebook gives it."""

    kind: Literal["card"] = "card"
    card: str  # component id
    called: str | None = None  # the name the rulebook prints for it
    fields: dict[str, Any] = {}
    contains: dict[str, str | list[str]] = {}  # field -> words its text must contain
    min_count: int = Field(default=1, ge=0)

    def field_keys(self) -> list[str]:
        slots = [
            m
            for w in self.contains.values()
            for x in ([w] if isinstance(w, str) else w)
            for m in _SLOT.findall(x)
        ]
        return [*self.fields, *self.contains, *slots]

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
            problems.append(
                Problem(
                    f"{label}: the rulebook calls it {self.called}, the catalog {c.name}", c, "name"
                )
            )
        if c.count < self.min_count:
            problems.append(
                Problem(
                    f"{label}: at least {self.min_count} copies expected, the catalog has {c.count}",
                    c,
                    "count",
                )
            )
        for key, want in self.fields.items():
            have = value_of(c, key)
            if not same(have, want):
                problems.append(
                    Problem(
                        f"{label} {key}: the rulebook states {show(want)}, the catalog has {show(have)}",
                        c,
                        key,
                    )
                )
        for key, words in self.contains.items():
            text = " ".join(str(value_of(c, key) or "").split()).lower()
            for w in [words] if isinstance(words, str) else words:
                slots = _SLOT.findall(w)
                if (
                    slots
                ):  # words with the card's own numbers in them: "look at the top {amount} cards"
                    problems += _words_with_fields(c, key, w, slots, label)
                elif " ".join(w.split()).lower() not in text:
                    problems.append(
                        Problem(
                            f"{label} {key}: the rulebook states {w!r}, the card's text does not say so: {value_of(c, key)!r}",
                            c,
                            key,
                        )
                    )
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
            msg = f"the rulebook prints table {self.table!r}, which the game no longer has; tables: {', '.join(game.tables) or 'none'}"
            return Outcome(False, msg, [], [Problem(msg)])
        cols = [str(c).lower() for c in t.columns]
        col = (
            len(cols) - 1
            if self.column is None
            else (cols.index(self.column.lower()) if self.column.lower() in cols else -1)
        )
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
                problems.append(
                    f"table {self.table}, column {colname}: the rulebook states {show(self.equals)}, the table has {show(have)}"
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
                        f"table {self.table} has no row {show(key)!r}; rows: {', '.join(show(r[0]) for r in t.rows)}"
                    )
                elif want is not None and not same(have, want):
                    problems.append(
                        f"table {self.table}, row {show(key)}, column {colname}: the rulebook states {show(want)}, the table has {show(have)}"
                    )
                elif (
                    self.contains is not None
                    and " ".join(self.contains.split()).lower()
                    not in " ".join(str(have).split()).lower()
                ):
                    problems.append(
                        f"table {self.table}, row {show(key)}, column {colname}: the rulebook states {self.contains!r}, the table says {show(have)!r}"
                    )
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
                "give either 'group' (with 'strongest'/'weakest') or 'table' (with 'strongest_column'/'weakest_column')"
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
                            f"{self.group_by} {show(group)}: {stat!r} is not one of the stats compared ({', '.join(self.stats)})"
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
                                    f"{c.name}: the rulebook calls {show(group)} {word} in {key}, but this {show(group)} card has {figures}",
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
                                f"{self.group_by} {show(group)}: the rulebook calls it {word} in {key}, but its mean stats over {n} copies are {figures}"
                            )
                        )
        if problems:
            return Outcome(False, problems[0].message, cs, problems)
        return Outcome(True, f"{len(claims)} group{'s' if len(claims) != 1 else ''} as stated", cs)


_SLOT = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


def _words_with_fields(
    c: Component, key: str, words: str, slots: list[str], label: str
) -> list[Problem]:
    """The card's text `key` says `words` with its own field values where `{field}` stands:
    a card whose amount is 4 and whose text says "top 5 cards" contradicts itself."""
    text = str(value_of(c, key) or "")
    filled = words
    for slot in slots:
        filled = filled.replace("{" + slot + "}", str(show(value_of(c, slot))))
    forms = [words]
    for slot in slots:  # each number as digits or as a word
        forms = [f.replace("{" + slot + "}", x) for f in forms for x in spelled(value_of(c, slot))]
    if any(norm(f) in norm(text) for f in forms):
        return []
    pattern = re.escape(norm(words))
    for slot in slots:
        pattern = pattern.replace(re.escape("{" + slot + "}"), r"([\w./+-]+)")
    said = re.search(pattern, norm(text))
    fields = ", ".join(f"{slot} {show(value_of(c, slot))}" for slot in slots)
    if said:
        return [
            Problem(
                f"{label} {key}: the card's {fields} makes it {filled!r}, but its text says {said.group(0)!r}",
                c,
                key,
            )
        ]
    return [
        Problem(
            f"{label} {key}: the card's {fields} makes it {filled!r}; its text does not say so: {text!r}",
            c,
            key,
        )
    ]


def _clip(text: str | None, n: int = 90) -> str:
    t = " ".join(str(text or "").split())
    return t if len(t) <= n else t[: n - 1] + "…"


def _num(v: Any) -> float:
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else 0.0


class ValueFact(Fact):
    """One quantity the rulebook states (a starting hand of 7, a display of 4), and every
    place in the catalog that holds it: a setup step's count, a table's words, the player
    range, a number of copies (`cardstock.rules.places`). Each place must hold the stated
    value; when one does not, the message names both values and both places."""

    kind: Literal["value"] = "value"
    value: Any
    at: list[Place] = Field(min_length=1)

    def field_keys(self) -> list[str]:
        return [k for p in self.at for k in p.field_keys()]

    def check(
        self, components: list[Component], game: Game
    ) -> Outcome:  # pragma: no cover - needs the catalog
        raise NotImplementedError("a value fact is checked with the catalog (check_catalog)")

    def check_catalog(self, catalog: Any, file: str, line: int | None) -> Outcome:
        found = [read_place(p, self.value, catalog, file, line) for p in self.at]
        agree = [f for f in found if f.missing is None and same(f.value, self.value)]
        problems: list[Problem] = []
        for f in found:
            if f.missing is not None:
                problems.append(
                    Problem(
                        f"{self.name}: the rulebook states {show(self.value)}, but {f.missing}",
                        at=(f.file, f.line),
                    )
                )
            elif not same(f.value, self.value):
                have = (
                    f"has {show(f.value)}"
                    if f.value is not None
                    else (
                        f"does not state it: {_clip(f.text)!r}"
                        if f.text is not None
                        else "does not state it"
                    )
                )
                beside = (
                    f"; {agree[0].label} ({agree[0].where}) has {show(self.value)}" if agree else ""
                )
                problems.append(
                    Problem(
                        f"{self.name}: the rulebook states {show(self.value)}, {f.label} {have}{beside}",
                        at=(f.file, f.line),
                    )
                )
        if problems:
            return Outcome(False, problems[0].message, [], problems)
        return Outcome(
            True, f"{show(self.value)} in {len(found)} place{'s' if len(found) != 1 else ''}"
        )

    def data(self, components: list[Component], game: Game) -> dict[str, Any]:
        return {**super().data(components, game), "value": self.value}


class PlayersFact(Fact):
    """The player range the rulebook states: game.toml's `players`, and the counts the setup
    is simulated for, must be that range."""

    kind: Literal["players"] = "players"
    min: int = Field(ge=1)
    max: int = Field(ge=1)

    def check(
        self, components: list[Component], game: Game
    ) -> Outcome:  # pragma: no cover - needs the catalog
        raise NotImplementedError

    def check_catalog(self, catalog: Any, file: str, line: int | None) -> Outcome:
        g = catalog.game.players
        game_file = catalog.display(catalog.folder / "game.toml")
        problems: list[Problem] = []
        if (g.min, g.max) != (self.min, self.max):
            problems.append(
                Problem(
                    f"{self.name}: the rulebook states {self.min}–{self.max} players, game.toml players allows {g.min}–{g.max}",
                    at=(game_file, catalog.line("players")),
                )
            )
        setup = getattr(catalog.rules, "setup", None)
        for n in getattr(setup, "players", None) or []:
            if not self.min <= n <= self.max:
                problems.append(
                    Problem(
                        f"{self.name}: the rulebook states {self.min}–{self.max} players, the setup is simulated for {n}",
                        at=(file, getattr(setup, "line", None)),
                    )
                )
        if problems:
            return Outcome(False, problems[0].message, [], problems)
        return Outcome(True, f"{self.min}–{self.max} players")


class PerPlayerFact(Fact):
    """A component limit per player (2 pawns each; all 24 Devotees of one colour each),
    checked for every supported player count: the catalog holds enough for the largest
    table. With `by`, each player takes a value of that field no one else has."""

    kind: Literal["per_player"] = "per_player"
    match: Filter = Filter()
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
                            f"{self.name}: {n} players need {n} × {self.each} = {n * self.each} of {self.match.describe()}, the catalog has {have}"
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
                        f"{self.name}: {n} players need {n} {self.by} values with {self.each} each, the catalog has {len(full)} ({', '.join(full) or 'none'})"
                    )
                )
        if problems:
            return Outcome(False, problems[0].message, cs, problems)
        return Outcome(True, f"enough for {game.players.min}–{game.players.max} players", cs)


def _key_text(v: Any) -> str:
    """A table cell as a key: its words without a parenthesised remark ("Harbinger (crowned)")."""
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
    match: Filter = Filter()
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

    def check_catalog(self, catalog: Any, file: str, line: int | None) -> Outcome:
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
            msg = f"{self.name}: table {self.table} has no column {', '.join(map(repr, absent))}; columns: {', '.join(map(str, t.columns))}"
            return Outcome(
                False, msg, [], [Problem(msg, at=(game_file, catalog.line("tables", self.table)))]
            )
        cs = select(catalog.components, self.match)
        kcol, kfield = cols.index(norm(self.key["column"])), self.key["field"]
        problems: list[Problem] = []
        seen: set[str] = set()
        for i, row in enumerate(t.rows):
            where = (
                game_file,
                catalog.line("tables", self.table, "rows", i) or catalog.line("tables", self.table),
            )
            key = _key_text(row[kcol])
            if not key:
                continue
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
                problems.append(
                    Problem(
                        f"{self.name}: table {self.table}, row {show(row[kcol])!r}: no card's {kfield} is {show(row[kcol])!r}; the cards have {', '.join(near)}…",
                        at=where,
                    )
                )
                continue
            for c in hits:
                seen.add(c.id)
                for column, fld in self.columns.items():
                    cell = row[cols.index(norm(column))]
                    if not _has_field(
                        c, fld, game
                    ):  # The Gatekeeper has no rank: its row's Rank restates nothing
                        continue
                    have = value_of(c, fld)
                    if _blank(cell) and _blank(have):
                        continue
                    if not same(cell, have):
                        problems.append(
                            Problem(
                                f"{self.name}: table {self.table} ({where[0]}:{where[1]}) says {show(row[kcol])} has {column} {show(cell)}, the card {c.name} ({c.file}:{c.line}) has {fld} {show(have)}",
                                c,
                                fld,
                            )
                        )
        if self.every:
            for c in cs:
                if c.id not in seen:
                    near = difflib.get_close_matches(
                        _key_text(value_of(c, kfield)),
                        [_key_text(r[kcol]) for r in t.rows],
                        n=1,
                        cutoff=0.5,
                    )
                    hint = f"; the nearest row is {near[0]!r}" if near else ""
                    problems.append(
                        Problem(
                            f"{self.name}: table {self.table} has no row for {c.name} ({kfield} {show(value_of(c, kfield))}){hint}",
                            c,
                            kfield,
                        )
                    )
        if problems:
            return Outcome(False, problems[0].message, cs, problems)
        return Outcome(
            True, f"table {self.table}: {len(t.rows)} rows agree with {len(cs)} cards", cs
        )


class TermsFact(Fact):
    """Names the rulebook uses for its parts (phases, piles, card types, tokens) are names
    the catalog uses: each is found among the components' names, sets, groups, icons' labels,
    fields' choices and the tables' titles, columns and cells (or, with `table`, in that
    table's `column`, and with `ordered`, in that order)."""

    kind: Literal["terms"] = "terms"
    terms: list[str] = Field(min_length=1)
    table: str | None = None
    column: str | None = None
    ordered: bool = False

    def check(self, components: list[Component], game: Game) -> Outcome:
        if self.table is not None:
            t = game.tables.get(self.table)
            if t is None:
                msg = f"{self.name}: the game has no table {self.table!r}"
                return Outcome(False, msg, [], [Problem(msg)])
            cols = [norm(c) for c in t.columns]
            col = (
                0
                if self.column is None
                else (cols.index(norm(self.column)) if norm(self.column) in cols else -1)
            )
            if col < 0:
                msg = f"{self.name}: table {self.table} has no column {self.column!r}"
                return Outcome(False, msg, [], [Problem(msg)])
            pool = [show(r[col]) for r in t.rows]
        else:
            pool = catalog_names(components, game)
        problems: list[Problem] = []
        placed: list[int] = []
        pool_words = [words_of(text) for text in pool]  # each text folded once, not once per term
        for term in self.terms:
            term_words = words_of(term)
            hits = [i for i, x in enumerate(pool_words) if _within(term_words, x)]
            if not hits:
                where = f"table {self.table}" if self.table else "the catalog"
                near = difflib.get_close_matches(term, pool, n=1, cutoff=0.6)
                hint = f"; the nearest it has is {near[0]!r}" if near else ""
                problems.append(
                    Problem(f"{self.name}: the rulebook names {term!r}, {where} does not{hint}")
                )
            else:
                placed.append(hits[0])
        if not problems and self.ordered and placed != sorted(placed):
            problems.append(
                Problem(
                    f"{self.name}: the rulebook's order is {', '.join(self.terms)}; table {self.table} has {', '.join(pool)}"
                )
            )
        if problems:
            return Outcome(False, problems[0].message, [], problems)
        return Outcome(True, f"{len(self.terms)} name{'s' if len(self.terms) != 1 else ''} found")


def _names(term: str, text: str) -> bool:
    """Does `text` name `term`, word for word, plurals and case aside?"""
    return _within(words_of(term), words_of(text))


def _within(t: list[str], x: list[str]) -> bool:
    return bool(t) and any(x[i : i + len(t)] == t for i in range(len(x) - len(t) + 1))


def catalog_names(components: list[Component], game: Game) -> list[str]:
    """Every name the catalog gives something: components, sets, groups, icons, choices of
    fields, tables' titles, columns and cells."""
    out: list[str] = []
    for c in components:
        out += [c.name, c.group, c.kind]
        out += [str(v) for v in c.fields.values() if isinstance(v, str) and len(v) <= 60]
    for st in game.sets:
        out += [st.name, st.id]
        for spec in game.fields_of(st).values():
            out += [str(x) for x in (getattr(spec, "choices", None) or [])]
    for icon in game.icons.values():
        out.append(icon.label or "")
    for name, t in game.tables.items():
        out += [name, t.title or "", t.note or "", *map(str, t.columns)]
        out += [show(cell) for row in t.rows for cell in row]
    return out


FACT_KINDS: dict[str, type[Fact]] = {
    "card": CardFact,
    "table": TableFact,
    "strongest": StrongestFact,
    "value": ValueFact,
    "players": PlayersFact,
    "per_player": PerPlayerFact,
    "restates": RestatesFact,
    "terms": TermsFact,
}
