"""Constraint kinds: a small library that a game's rules.toml turns on with data.

Each kind is a Pydantic model of its parameters (`extra="forbid"`) with a `check` method
over the catalog's components. `KINDS` maps the `kind = "…"` name to the model; adding a
kind is adding a class here, never touching a game.

    count          how many physical copies match (optionally per group); the kind behind
                   the declared counts
    count_per_group each group holds each listed value exactly `each` times
    unique         no two copies share a value of a field
    range          every value of a field lies in [min, max]
    sum            the values of a field, over every copy, add up to `total`
    exactly_one    exactly one physical copy matches
    relation       a field names another component whose field names it back
    compare        per component: a field (or sum of fields, or a list's length, or an
                   expression of its fields) compared with another or a number (count <=
                   limit; stats add up to 20; a kill rate derived from a threshold)
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any, ClassVar, Literal

from jinja2 import meta
from jinja2.exceptions import TemplateError
from pydantic import Field, PrivateAttr, model_validator

from ...catalog.schema import Component
from ...core.templating import environment
from ...core.validation import constructed, int_if_whole
from ..filters import Filter, Strict, select, value_of
from ..sources import SeedRef
from ..verdicts import Outcome, Problem


class Constraint(Strict):
    """Keys every kind accepts."""

    kind: str
    name: str | None = None  # what the rule says, shown in the report
    cite: SeedRef | None = None  # the seed line the rule comes from, paraphrased
    choice: str | None = None  # or: the designer's choice it states
    level: Literal["error", "warning"] = "error"  # a warning reports and blocks only under --strict
    match: Filter = Field(default_factory=constructed(Filter))

    keys: ClassVar[tuple[str, ...]] = ()  # parameters that name a field or attribute

    def title(self) -> str:
        return self.name or f"{self.kind} ({self.match.describe()})"

    @property
    def field_keys(self) -> list[str]:
        """Every field or attribute name the rule's parameters use (checked at load)."""
        return [v for v in (getattr(self, a) for a in self.keys) if isinstance(v, str)]

    def check(self, components: list[Component]) -> Outcome:  # pragma: no cover - abstract
        raise NotImplementedError


def copies(cs: list[Component]) -> int:
    return sum(c.count for c in cs)


def _show(v: Any) -> str:
    if v is None:
        return "(empty)"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, list):
        return "|".join(map(str, v))
    return str(v)


def _ids(cs: list[Component], limit: int = 6) -> str:
    shown = [f"{c.id}" + (f" ×{c.count}" if c.count != 1 else "") for c in cs[:limit]]
    more = len(cs) - limit
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


def _breakdown(cs: list[Component], limit: int = 8) -> str:
    """The components by id, or by group with copies when they span several groups."""
    groups: dict[str, int] = {}
    for c in cs:
        groups[c.group] = groups.get(c.group, 0) + c.count
    if len(groups) == 1:
        return _ids(cs)
    shown = [f"{g} {n}" for g, n in list(groups.items())[:limit]]
    more = len(groups) - limit
    return ", ".join(shown) + (f" and {more} more groups" if more > 0 else "")


class Count(Constraint):
    """`count` copies match (in all, or in every group of `per`)."""

    kind: Literal["count"] = "count"
    count: int = Field(ge=0)
    per: str | None = None  # a field or attribute: the count holds for each of its values
    values: list[Any] | None = None  # with `per`: the values that must all be present

    keys: ClassVar[tuple[str, ...]] = ("per",)

    @model_validator(mode="after")
    def _values_need_per(self) -> Count:
        if self.values is not None and self.per is None:
            raise ValueError("'values' needs 'per' = the field whose values they are")
        return self

    def check(self, components: list[Component]) -> Outcome:
        cs = select(components, self.match)
        if self.per is None:
            n = copies(cs)
            if n == self.count:
                return Outcome(True, "none" if n == 0 else f"{n}", cs)
            detail = f": {_breakdown(cs)}" if cs else ""
            return Outcome(
                False,
                f"expected {self.count}, the catalog has {n}{detail}",
                cs,
                [Problem(f"expected {self.count}, the catalog has {n}{detail}")],
            )
        groups: dict[str, list[Component]] = defaultdict(list)
        for c in cs:
            groups[_show(value_of(c, self.per))].append(c)
        problems: list[Problem] = []
        for key, members in groups.items():
            n = copies(members)
            if n != self.count:
                problems.append(
                    Problem(
                        f"{self.per} {key}: expected {self.count}, the catalog has {n}: "
                        f"{_ids(members)}"
                    )
                )
        for v in self.values or []:
            if _show(v) not in groups:
                problems.append(
                    Problem(f"{self.per} {_show(v)}: expected {self.count}, the catalog has 0")
                )
        if not cs and not self.values:
            problems.append(
                Problem(
                    f"expected {self.count} per {self.per}, but nothing matches "
                    f"{self.match.describe()}"
                )
            )
        if problems:
            return Outcome(False, problems[0].message, cs, problems)
        return Outcome(True, f"{len(groups)} × {self.count}", cs)


class Span(Strict):
    from_: int = Field(alias="from")
    to: int

    def values(self) -> list[int]:
        return list(range(self.from_, self.to + 1))


class CountPerGroup(Constraint):
    """In every group of `group_by`, each of `values` of `field` appears exactly `each` times."""

    kind: Literal["count_per_group"] = "count_per_group"
    group_by: str
    field: str
    values: list[Any] | Span
    each: int = Field(default=1, ge=1)
    groups: list[Any] | None = None  # groups that must exist

    keys: ClassVar[tuple[str, ...]] = ("group_by", "field")

    def expected(self) -> list[Any]:
        return self.values.values() if isinstance(self.values, Span) else list(self.values)

    def check(self, components: list[Component]) -> Outcome:
        cs = select(components, self.match)
        expected = self.expected()
        wanted = {_show(v) for v in expected}
        by_group: dict[str, list[Component]] = defaultdict(list)
        for c in cs:
            by_group[_show(value_of(c, self.group_by))].append(c)
        problems: list[Problem] = []
        for g in self.groups or []:
            if _show(g) not in by_group:
                problems.append(Problem(f"{self.group_by} {_show(g)} has no components"))
        times = "once" if self.each == 1 else f"{self.each} times"
        for g, members in by_group.items():
            tally: Counter[str] = Counter()
            for c in members:
                v = value_of(c, self.field)
                tally[_show(v)] += c.count
                if _show(v) not in wanted:
                    problems.append(
                        Problem(
                            f"{self.group_by} {g}: {self.field} {_show(v)} is not one of "
                            f"{_range_text(expected)}",
                            c,
                            self.field,
                        )
                    )
            for v in expected:
                n = tally[_show(v)]
                if n != self.each:
                    if n == 0:
                        problems.append(
                            Problem(
                                f"{self.group_by} {g}: no {self.field} {_show(v)}; "
                                f"expected it {times}"
                            )
                        )
                    else:
                        holders = [c for c in members if _show(value_of(c, self.field)) == _show(v)]
                        problems.append(
                            Problem(
                                f"{self.group_by} {g}: {self.field} {_show(v)} appears {n} times "
                                f"({_ids(holders)}); expected {times}",
                                holders[-1],
                                self.field,
                            )
                        )
        if problems:
            return Outcome(False, problems[0].message, cs, problems)
        return Outcome(
            True, f"{len(by_group)} groups, each {self.field} {_range_text(expected)} {times}", cs
        )


def _range_text(values: list[Any]) -> str:
    if (
        len(values) > 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in values)
        and values == list(range(values[0], values[-1] + 1))
    ):
        return f"{values[0]}–{values[-1]}"
    return ", ".join(_show(v) for v in values)


class Unique(Constraint):
    """No two physical copies (or, with copies = false, no two faces) share a value."""

    kind: Literal["unique"] = "unique"
    field: str
    copies: bool = True  # False: a face with count 2 is not a duplicate of itself

    keys: ClassVar[tuple[str, ...]] = ("field",)

    def check(self, components: list[Component]) -> Outcome:
        cs = select(components, self.match)
        seen: dict[str, Component] = {}
        problems: list[Problem] = []
        for c in cs:
            v = value_of(c, self.field)
            if v is None:
                continue
            key = _show(v)
            if self.copies and c.count > 1:
                problems.append(
                    Problem(
                        f"{self.field} {key} is on {c.count} copies of {c.id}; "
                        "every copy must differ",
                        c,
                        self.field,
                    )
                )
            if key in seen:
                first = seen[key]
                problems.append(
                    Problem(
                        f"{self.field} {key} is also on {first.id} ({first.file}:{first.line}); "
                        "each value may appear once",
                        c,
                        self.field,
                    )
                )
            else:
                seen[key] = c
        if problems:
            return Outcome(False, problems[0].message, cs, problems)
        return Outcome(True, f"{len(seen)} distinct values", cs)


class Range(Constraint):
    """Every value of `field` lies between `min` and `max` (inclusive)."""

    kind: Literal["range"] = "range"
    field: str
    min: float | None = None
    max: float | None = None
    allow_empty: bool = False

    keys: ClassVar[tuple[str, ...]] = ("field",)

    @model_validator(mode="after")
    def _bounds(self) -> Range:
        if self.min is None and self.max is None:
            raise ValueError("give 'min', 'max' or both")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(
                f"min ({int_if_whole(self.min)}) is larger than max ({int_if_whole(self.max)})"
            )
        return self

    def bounds(self) -> str:
        if self.min is not None and self.max is not None:
            return (
                f"exactly {int_if_whole(self.min)}"
                if self.min == self.max
                else f"{int_if_whole(self.min)}–{int_if_whole(self.max)}"
            )
        return (
            f"at least {int_if_whole(self.min)}"
            if self.min is not None
            else f"at most {int_if_whole(self.max)}"
        )

    def check(self, components: list[Component]) -> Outcome:
        cs = select(components, self.match)
        problems: list[Problem] = []
        for c in cs:
            v = value_of(c, self.field)
            if v is None:
                if not self.allow_empty:
                    problems.append(
                        Problem(
                            f"{c.id} has no {self.field}; expected {self.bounds()}", c, self.field
                        )
                    )
                continue
            if not isinstance(v, (int, float)) or isinstance(v, bool):
                problems.append(
                    Problem(
                        f"{c.id}: {self.field} {_show(v)} is not a number; "
                        f"expected {self.bounds()}",
                        c,
                        self.field,
                    )
                )
                continue
            if (self.min is not None and v < self.min) or (self.max is not None and v > self.max):
                problems.append(
                    Problem(
                        f"{c.id}: {self.field} {int_if_whole(v)} is outside {self.bounds()}",
                        c,
                        self.field,
                    )
                )
        if problems:
            return Outcome(False, problems[0].message, cs, problems)
        if self.min is not None and self.min == self.max:
            return Outcome(True, f"all {len(cs)} are {int_if_whole(self.min)}", cs)
        return Outcome(True, f"all {len(cs)} within {self.bounds()}", cs)


class Sum(Constraint):
    """The values of `field` add up to `total` (each physical copy counted)."""

    kind: Literal["sum"] = "sum"
    field: str
    total: float
    copies: bool = True

    keys: ClassVar[tuple[str, ...]] = ("field",)

    def check(self, components: list[Component]) -> Outcome:
        cs = select(components, self.match)
        problems: list[Problem] = []
        total: float = 0
        terms: list[str] = []
        for c in cs:
            v = value_of(c, self.field)
            if v is None or not isinstance(v, (int, float)) or isinstance(v, bool):
                problems.append(
                    Problem(
                        f"{c.id}: {self.field} {_show(v) if v is not None else 'is empty'}; "
                        "expected a number to add up",
                        c,
                        self.field,
                    )
                )
                continue
            n = c.count if self.copies else 1
            total += v * n
            terms.append(f"{int_if_whole(v)}" if n == 1 else f"{int_if_whole(v)}×{n}")
        if not problems and total != self.total:
            shown = " + ".join(terms) or "nothing"
            problems.append(
                Problem(
                    f"{self.field} adds up to {int_if_whole(total)} ({shown}); "
                    f"expected {int_if_whole(self.total)}"
                )
            )
        if problems:
            return Outcome(False, problems[0].message, cs, problems)
        return Outcome(True, f"{int_if_whole(total)}", cs)


class ExactlyOne(Constraint):
    """Exactly one physical copy matches (the Gatekeeper, the Snake)."""

    kind: Literal["exactly_one"] = "exactly_one"

    def check(self, components: list[Component]) -> Outcome:
        cs = select(components, self.match)
        n = copies(cs)
        if n == 1:
            return Outcome(True, cs[0].id, cs)
        msg = (
            f"nothing matches {self.match.describe()}"
            if n == 0
            else f"{n} copies match, expected exactly one: {_ids(cs)}"
        )
        located = cs[1] if len(cs) > 1 else (cs[0] if cs else None)
        return Outcome(
            False,
            msg,
            cs,
            [Problem(msg, located, "count" if located is not None and len(cs) == 1 else "")],
        )


class Relation(Constraint):
    """Each component's `ref` names a component (by its `key`) whose `ref` names it back."""

    kind: Literal["relation"] = "relation"
    key: str  # the field that names a component (e.g. element)
    ref: str  # the field that points at another's key (e.g. opposite)
    symmetric: bool = True
    allow_self: bool = False

    keys: ClassVar[tuple[str, ...]] = ("key", "ref")

    def check(self, components: list[Component]) -> Outcome:
        cs = select(components, self.match)
        by_key: dict[str, list[Component]] = defaultdict(list)
        for c in cs:
            by_key[_show(value_of(c, self.key))].append(c)
        problems: list[Problem] = []
        for c in cs:
            mine, target = value_of(c, self.key), value_of(c, self.ref)
            if target is None:
                problems.append(Problem(f"{c.id} has no {self.ref}", c, self.ref))
                continue
            if not self.allow_self and _show(target) == _show(mine):
                problems.append(
                    Problem(
                        f"{c.id}: {self.ref} is {_show(target)}, its own {self.key}", c, self.ref
                    )
                )
                continue
            others = by_key.get(_show(target))
            if not others:
                problems.append(
                    Problem(
                        f"{c.id}: {self.ref} {_show(target)} names no component with that "
                        f"{self.key}",
                        c,
                        self.ref,
                    )
                )
                continue
            if self.symmetric:
                for o in others:
                    back = value_of(o, self.ref)
                    if _show(back) != _show(mine):
                        problems.append(
                            Problem(
                                f"{c.id}: {self.ref} {_show(target)}, "
                                f"but {o.id} ({o.file}:{o.line}) has {self.ref} {_show(back)}, "
                                f"not {_show(mine)}",
                                c,
                                self.ref,
                            )
                        )
                        break
        if problems:
            return Outcome(False, problems[0].message, cs, problems)
        pairs = sorted(
            {
                f"{_show(value_of(c, self.key))}↔{_show(value_of(c, self.ref))}"
                for c in cs
                if _show(value_of(c, self.key)) < _show(value_of(c, self.ref))
            }
        )
        return Outcome(True, ", ".join(pairs) if pairs else f"{len(cs)} components", cs)


class Sum_(Strict):
    sum: list[str] = Field(min_length=1)


class Len(Strict):
    len: str


class Expr(Strict):
    """A value derived from the card's own fields: an expression (Jinja2 expression syntax,
    in cardstock's sandbox) over its fields, `id`, `name` and `count` — a designer's rule of
    how one value follows from others, stated once for every card it matches."""

    expr: str = Field(min_length=1)
    # the fields it reads, found once when it is read (a rule asks for every card it matches)
    _names: tuple[str, ...] = PrivateAttr(default=())

    @model_validator(mode="after")
    def _compiles(self) -> Expr:
        try:
            _env().compiled("u", self.expr)
            tree = _env().parse("{{ " + self.expr + " }}")
        except TemplateError as exc:
            raise ValueError(f"{self.expr!r}: {getattr(exc, 'message', None) or exc}") from None
        read = meta.find_undeclared_variables(tree) - {"id", "name", "count"}
        self._names = tuple(sorted(read))
        return self

    def names(self) -> list[str]:
        """The fields the expression reads (besides id, name and count)."""
        return list(self._names)

    def value(self, c: Component) -> tuple[Any, str | None]:
        scope = {**c.fields, "id": c.id, "name": c.name, "count": c.count}
        scope.update({k: None for k in self.names() if k not in scope})
        try:
            return _env().compiled("u", self.expr)(**scope), None
        except (TemplateError, TypeError, ValueError, ArithmeticError) as exc:
            return None, f"{c.id}: {self.expr} cannot be worked out: {exc}"


_ENV: list[Any] = []


def _env() -> Any:
    """cardstock's bounded sandbox, made once (the expressions of every compare share it)."""
    if not _ENV:
        _ENV.append(environment())
    return _ENV[0]


Operand = int | float | str | Sum_ | Len | Expr

OPS = {
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


def operand_keys(x: Operand) -> list[str]:
    if isinstance(x, str):
        return [x]
    if isinstance(x, Sum_):
        return list(x.sum)
    if isinstance(x, Len):
        return [x.len]
    if isinstance(x, Expr):
        return x.names()
    return []


def operand_text(x: Operand) -> str:
    if isinstance(x, Sum_):
        return " + ".join(x.sum)
    if isinstance(x, Len):
        return f"the number of {x.len}"
    if isinstance(x, Expr):
        return f"({x.expr})"
    return str(int_if_whole(x))


class Compare(Constraint):
    """For every matching component, `left op right`. An operand is a number, a field or
    attribute name (`count` is the number of copies), `{ sum = [fields] }` or
    `{ len = "field" }` (how many items a list or icons field holds). With `==` and `!=` a
    field may hold a word (an icon id, a choice): `suit_icon == (suit | lower)`."""

    kind: Literal["compare"] = "compare"
    left: Operand
    op: Literal["==", "!=", "<", "<=", ">", ">="]
    right: Operand

    @property
    def field_keys(self) -> list[str]:
        return operand_keys(self.left) + operand_keys(self.right)

    def _value(self, c: Component, x: Operand) -> tuple[Any, str | None]:
        if isinstance(x, str) and self.op in ("==", "!=") and value_of(c, x) is not None:
            return value_of(c, x), None  # equal or not: a word compares as well as a number
        if isinstance(x, bool):
            return None, f"{'yes' if x else 'no'} (a true/false value) is not a number"
        if isinstance(x, (int, float)):
            return x, None
        if isinstance(x, Expr):
            return x.value(c)
        if isinstance(x, Len):
            v = value_of(c, x.len)
            return (0 if v is None else len(v) if isinstance(v, list) else 1), None
        names = [x] if isinstance(x, str) else x.sum
        total: float = 0
        for name in names:
            v = value_of(c, name)
            if v is None:
                v = 0 if isinstance(x, Sum_) else None
            if v is None or isinstance(v, bool) or not isinstance(v, (int, float)):
                return (
                    None,
                    f"{c.id}: {name} is {'empty' if v is None else _show(v)}; expected a number",
                )
            total += v
        return total, None

    def check(self, components: list[Component]) -> Outcome:
        cs = select(components, self.match)
        problems: list[Problem] = []
        first = (operand_keys(self.left) or [""])[0]
        for c in cs:
            a, err = self._value(c, self.left)
            b, err2 = self._value(c, self.right)
            if err or err2:
                problems.append(Problem(err or err2 or "", c, first))
                continue
            if not OPS[self.op](a, b):
                said = [
                    f"{operand_text(x)} is {int_if_whole(v)}"
                    for x, v in ((self.left, a), (self.right, b))
                    if not isinstance(x, (int, float))
                ]
                problems.append(
                    Problem(
                        f"{c.id}: {', '.join(said)}; expected {operand_text(self.left)} {self.op} "
                        f"{operand_text(self.right)}",
                        c,
                        first,
                    )
                )
        if problems:
            return Outcome(False, problems[0].message, cs, problems)
        return Outcome(True, f"holds for all {len(cs)}", cs)


KINDS: dict[str, type[Constraint]] = {
    "count": Count,
    "count_per_group": CountPerGroup,
    "unique": Unique,
    "range": Range,
    "sum": Sum,
    "exactly_one": ExactlyOne,
    "relation": Relation,
    "compare": Compare,
}
