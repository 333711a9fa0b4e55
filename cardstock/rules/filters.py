"""Filters as data: which components a rule, a pile or a deck limit is about.

A filter is a TOML table. Every key given must hold (they are ANDed):

    { set = "realms" }                           set id (or a list of ids)
    { group = "Realm: *" }                       group, with * and ? wildcards (or a list)
    { kind = "tile" }  { id = "key-*" }  { name = "The Gatekeeper" }
    { field = "tile_type", in = ["Element"] }    a field's value is one of these
    { field = "tile_type", not_in = ["Snake"] }  … is none of these
    { field = "crown", equals = true }           … equals this value
    { field = "power" }                          … has a value at all
    { any = [ {set = "a"}, {set = "b"} ] }       any of these filters
    { all = [ {field = "type", equals = "Action"}, {field = "border", not_in = ["silver"]} ] }
    { not = { group = "Key" } }                  not this filter

An empty filter `{}` matches every component. A list-valued field (icons, list) matches
`in`/`equals` when any of its items does.
"""

from __future__ import annotations

from collections.abc import Callable
from fnmatch import fnmatchcase
from typing import Any

from pydantic import ConfigDict, Field, model_validator

from ..catalog import schema
from ..catalog.schema import Component, Game

# Names that mean a component's own attribute rather than one of its fields.
ATTRIBUTES = ("id", "name", "set", "group", "kind")

Names = str | list[str]


class Strict(schema.Strict):
    """The rules' models: unknown keys are errors, and a key spelled like a Python keyword
    (`in`, `not`, `from`, `as`) is also accepted by its field name (`in_`, …)."""

    model_config = ConfigDict(populate_by_name=True)  # merged with schema.Strict's config


class Filter(Strict):
    set: Names | None = None
    group: Names | None = None
    kind: Names | None = None
    id: Names | None = None
    name: Names | None = None
    field: str | None = None
    in_: list[Any] | None = Field(default=None, alias="in")
    not_in: list[Any] | None = None
    equals: Any | None = None
    any: list[Filter] | None = None
    all: list[Filter] | None = None
    not_: Filter | None = Field(default=None, alias="not")

    @model_validator(mode="after")
    def _field_tests(self) -> Filter:
        tests = [k for k in ("in_", "not_in", "equals") if getattr(self, k) is not None]
        if tests and self.field is None:
            shown = ", ".join("in" if t == "in_" else t for t in tests)
            raise ValueError(f"'{shown}' needs 'field' = the field to test")
        return self

    def describe(self) -> str:
        """A short human form, e.g. `set realms, tile_type in Element|Transformation`."""
        parts: list[str] = []
        for key in ("set", "group", "kind", "id", "name"):
            value = getattr(self, key)
            if value is not None:
                parts.append(f"{key} {_names(value)}")
        if self.field is not None:
            if self.in_ is not None:
                parts.append(f"{self.field} in {'|'.join(map(str, self.in_))}")
            if self.not_in is not None:
                parts.append(f"{self.field} not in {'|'.join(map(str, self.not_in))}")
            if self.equals is not None:
                parts.append(f"{self.field} = {self.equals}")
            if self.in_ is None and self.not_in is None and self.equals is None:
                parts.append(f"{self.field} given")
        if self.any:
            parts.append("any of (" + "; ".join(f.describe() for f in self.any) + ")")
        if self.all:
            parts.append("all of (" + "; ".join(f.describe() for f in self.all) + ")")
        if self.not_ is not None:
            parts.append(f"not ({self.not_.describe()})")
        return ", ".join(parts) or "every component"


def _names(value: Names) -> str:
    return value if isinstance(value, str) else "|".join(value)


def value_of(c: Component, key: str) -> Any:
    """A component attribute (id, name, set, group, kind, count) or one of its fields."""
    if key in ATTRIBUTES or key == "count":
        return getattr(c, key)
    return c.fields.get(key)


def _name_test(patterns: Names) -> Callable[[str], bool]:
    pats = [patterns] if isinstance(patterns, str) else list(patterns)
    if not any(ch in p for p in pats for ch in "*?["):
        exact = set(pats)
        return lambda v: v in exact
    return lambda v: any(fnmatchcase(v, p) for p in pats)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b if isinstance(a, bool) and isinstance(b, bool) else False
    return bool(a == b)


def _value_test(f: Filter) -> Callable[[Any], bool]:
    def has(value: Any, options: list[Any]) -> bool:
        items = value if isinstance(value, list) else [value]
        return any(_same(item, o) for item in items for o in options)

    def test(value: Any) -> bool:
        if value is None:
            return False
        if f.in_ is not None and not has(value, f.in_):
            return False
        if f.not_in is not None and has(value, f.not_in):
            return False
        if f.equals is not None and not has(value, [f.equals]):
            return False
        return True

    return test


def _attribute_test(test: Callable[[Any], bool], key: str) -> Callable[[Component], bool]:
    return lambda c: test(getattr(c, key))


def compile_filter(f: Filter | None) -> Callable[[Component], bool]:
    """The filter as a predicate over components."""
    if f is None:
        return lambda c: True
    tests: list[Callable[[Component], bool]] = []
    for key in ("set", "group", "kind", "id", "name"):
        value = getattr(f, key)
        if value is not None:
            tests.append(_attribute_test(_name_test(value), key))
    if f.field is not None:
        vt = _value_test(f)
        fld = f.field
        tests.append(lambda c: vt(value_of(c, fld)))
    if f.any:
        subs = [compile_filter(s) for s in f.any]
        tests.append(lambda c: any(s(c) for s in subs))
    if f.all:
        alls = [compile_filter(s) for s in f.all]
        tests.append(lambda c: all(s(c) for s in alls))
    if f.not_ is not None:
        neg = compile_filter(f.not_)
        tests.append(lambda c: not neg(c))
    return lambda c: all(t(c) for t in tests)


def select(components: list[Component], f: Filter | None) -> list[Component]:
    pred = compile_filter(f)
    return [c for c in components if pred(c)]


def field_names(game: Game) -> set[str]:
    names: set[str] = set()
    for s in game.sets:
        names.update(game.fields_of(s))
    return names


def reference_problems(f: Filter | None, game: Game) -> list[tuple[tuple[str | int, ...], str]]:
    """Names in the filter that the game does not define: (key path inside the filter, message)."""
    out: list[tuple[tuple[str | int, ...], str]] = []
    if f is None:
        return out
    if f.set is not None:
        known = [s.id for s in game.sets]
        for name in [f.set] if isinstance(f.set, str) else f.set:
            if not any(fnmatchcase(k, name) for k in known):
                out.append((("set",), f"unknown set {name!r}; the game has: {', '.join(known)}"))
    if f.kind is not None:
        known = sorted({s.kind for s in game.sets})
        for name in [f.kind] if isinstance(f.kind, str) else f.kind:
            if not any(fnmatchcase(k, name) for k in known):
                out.append(
                    (("kind",), f"no set of kind {name!r}; the game has kinds: {', '.join(known)}")
                )
    if f.field is not None:
        problem = unknown_key(f.field, game)
        if problem:
            out.append((("field",), problem))
    for key in ("any", "all"):
        for i, sub in enumerate(getattr(f, key) or []):
            out.extend(((key, i, *loc), msg) for loc, msg in reference_problems(sub, game))
    if f.not_ is not None:
        out.extend((("not", *loc), msg) for loc, msg in reference_problems(f.not_, game))
    return out


def unknown_key(key: str, game: Game) -> str | None:
    """A message when `key` is neither a component attribute nor a field of any set."""
    if key in ATTRIBUTES or key == "count":
        return None
    names = field_names(game)
    if key in names:
        return None
    return (
        f"unknown field {key!r}; expected a field of the game ({', '.join(sorted(names))}) "
        f"or one of {', '.join(ATTRIBUTES)}, count"
    )
