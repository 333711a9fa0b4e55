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

`FACT_KINDS` maps `kind = "…"` to the model; a new kind is a class here (or in
`restates.py`), never game code. What every kind shares is in `base.py`.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from ...catalog.schema import Component, Game
from ...core.markup import plain
from ...core.validation import constructed
from ..checks.constraints import Outcome, Problem
from ..filters import Filter, select, value_of
from ..places import Place, clip_departure, norm, read_place, spelled
from ..translated import numbers_kept
from .base import Fact, same, show
from .faces import FacesFact
from .names import NamesFact
from .restates import RestatesFact, TermsFact
from .rule import DeckFact, RuleFact
from .typed import ProseFact, TypedFact

if TYPE_CHECKING:
    from ..sources import SourceText


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
                hint += (
                    f"; several sets have a row {self.card!r}, "
                    f"so its ids are {', '.join(shared)}: name one"
                )
            msg = (
                f"{label}: the rulebook names this card, but the catalog has no component with id "
                f"{self.card!r}{hint}"
            )
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
                    f"{label}: at least {self.min_count} copies expected, "
                    f"the catalog has {c.count}",
                    c,
                    "count",
                )
            )
        for key, want in self.fields.items():
            have = value_of(c, key)
            if not same(have, want):
                problems.append(
                    Problem(
                        f"{label} {key}: the rulebook states {show(want)}, "
                        f"the catalog has {show(have)}",
                        c,
                        key,
                    )
                )
        for key, words in self.contains.items():
            text = " ".join(plain(str(value_of(c, key) or ""), ":{}:").split()).lower()
            for w in [words] if isinstance(words, str) else words:
                slots = _SLOT.findall(w)
                if (
                    slots
                ):  # words with the card's own numbers in them: "look at the top {amount} cards"
                    problems += _words_with_fields(c, key, w, slots, label)
                elif " ".join(w.split()).lower() not in text:
                    problems.append(
                        Problem(
                            f"{label} {key}: the rulebook states {w!r}, "
                            f"the card's text does not say so: {value_of(c, key)!r}",
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


class StrongestFact(Fact):
    """Per group, the stat a rulebook calls a group's strongest (weakest) is its highest
    (lowest): by the mean over copies, or with `each` on every component of the group."""

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
                f"{label} {key}: the card's {fields} makes it {filled!r}, "
                f"but its text says {said.group(0)!r}",
                c,
                key,
            )
        ]
    return [
        Problem(
            f"{label} {key}: the card's {fields} makes it {filled!r}; its text does not say so: "
            f"{text!r}",
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

    def check_catalog(
        self, catalog: Any, file: str, line: int | None, source: SourceText | None = None
    ) -> Outcome:
        found = [read_place(p, self.value, catalog, file, line) for p in self.at]
        agree = [f for f in found if f.missing is None and same(f.value, self.value)]
        problems: list[Problem] = []
        for place, f in zip(self.at, found, strict=True):
            near = clip_departure(f.text or "", [place.says] if place.says else [])
            if f.missing is not None:
                problems.append(
                    Problem(
                        f"{self.name}: the rulebook states {show(self.value)}, but {f.missing}",
                        at=(f.file, f.line),
                    )
                )
            elif not same(f.value, self.value):
                # the words the place says instead, quoted where its form's words stand
                have = (
                    f"has {show(f.value)}"
                    + (f": {near!r}" if isinstance(f.value, str) and f.text else "")
                    if f.value is not None
                    else (
                        f"does not state it: {near!r}"
                        if f.text is not None
                        else "does not state it"
                    )
                )
                beside = (
                    f"; {agree[0].label} ({agree[0].where}) has {show(self.value)}" if agree else ""
                )
                problems.append(
                    Problem(
                        f"{self.name}: the rulebook states {show(self.value)}, "
                        f"{f.label} {have}{beside}",
                        at=(f.file, f.line),
                    )
                )
        problems += numbers_kept(self, [(f.text, f.label) for f in found if f.text], catalog)
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

    def check_catalog(
        self, catalog: Any, file: str, line: int | None, source: SourceText | None = None
    ) -> Outcome:
        g = catalog.game.players
        game_file = catalog.display(catalog.folder / "game.toml")
        problems: list[Problem] = []
        if (g.min, g.max) != (self.min, self.max):
            problems.append(
                Problem(
                    f"{self.name}: the rulebook states {self.min}–{self.max} players, "
                    f"game.toml players allows {g.min}–{g.max}",
                    at=(game_file, catalog.line("players")),
                )
            )
        setup = getattr(catalog.rules, "setup", None)
        for n in getattr(setup, "players", None) or []:
            if not self.min <= n <= self.max:
                problems.append(
                    Problem(
                        f"{self.name}: the rulebook states {self.min}–{self.max} players, "
                        f"the setup is simulated for {n}",
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


FACT_KINDS: dict[str, type[Fact]] = {
    "card": CardFact,
    "table": TableFact,
    "strongest": StrongestFact,
    "value": ValueFact,
    "players": PlayersFact,
    "per_player": PerPlayerFact,
    "restates": RestatesFact,
    "terms": TermsFact,
    "rule": RuleFact,
    "deck": DeckFact,
    "faces": FacesFact,
    "typed": TypedFact,
    "prose": ProseFact,
    "names": NamesFact,
}
