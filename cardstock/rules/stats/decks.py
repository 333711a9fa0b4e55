"""The numbers behind each deck: its make-up by every categorical field, the spread of every
numeric field, and the odds its setup deals (`cardstock.rules.stats.odds`). No I/O: the page,
charts, CSV and JSON are `cardstock.site.stats`'s.

A deck here is one of the catalog's sets: the copies of its components, each counted as
many times as the catalog's `count` says. A categorical field is one of the types a card
is sorted by (`choice`, `bool`, `icon`; `icons` counts a copy once for each icon it
shows); a numeric field is an `int` or `number`. A copy whose field is blank counts under
"(blank)", so every table adds up to the deck's copies.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...catalog.load import Catalog
from ...catalog.schema import Component
from ...catalog.wording import ATTRIBUTES, CATEGORICAL, NUMERIC
from ...core.localized import collated
from ..filters import value_of

BLANK = "(blank)"
# CATEGORICAL, NUMERIC: the fields a deck is sorted by and spread; ATTRIBUTES: the built-in
# attributes every deck is also sorted by, when its copies differ in them (one list with the
# labels the page quotes, `cardstock.catalog.wording.stats_labels`)


def shown(value: Any) -> str:
    """A field's value as the tables show it."""
    if value is None or value == "":
        return BLANK
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


@dataclass
class Tally:
    """Copies of a deck counted by one field's values, in the order the values come (a
    `choice` field in the order of its choices)."""

    field: str
    type: str
    counts: dict[str, int]
    multi: bool = False  # `icons`: a copy counts once for each value it shows

    @property
    def total(self) -> int:
        return sum(self.counts.values())


@dataclass
class Spread:
    """A numeric field over a deck's copies: copies per value, and their summary."""

    field: str
    counts: dict[float, int]  # value → copies, values ascending
    blank: int  # copies with no value

    @property
    def copies(self) -> int:
        return sum(self.counts.values())

    @property
    def mean(self) -> float | None:
        n = self.copies
        return sum(v * k for v, k in self.counts.items()) / n if n else None

    @property
    def median(self) -> float | None:
        n = self.copies
        if not n:
            return None
        values = [v for v, k in self.counts.items() for _ in range(k)]
        mid = n // 2
        return values[mid] if n % 2 else (values[mid - 1] + values[mid]) / 2


@dataclass
class DeckStats:
    """One deck (a set of the catalog) in numbers."""

    id: str
    name: str
    kind: str
    copies: int
    cards: dict[str, int]  # component name → copies, in catalog order
    tallies: list[Tally] = field(default_factory=list)
    spreads: list[Spread] = field(default_factory=list)


def _tally(
    name: str, ftype: str, comps: list[Component], choices: list[Any] | None, lang: str
) -> Tally:
    """How many copies show each value of the field: in the order of its choices, else
    (group labels, icon names) as a reader of the game's language `lang` orders them."""
    counts: dict[str, int] = {}
    for value in choices or []:
        counts[shown(value)] = 0
    multi = ftype == "icons"
    for c in comps:
        value = value_of(c, name)
        items = (value or [None]) if multi else [value]
        for item in items:
            key = shown(item)
            counts[key] = counts.get(key, 0) + c.count
    if ftype == "bool":
        counts = {k: counts[k] for k in ("yes", "no", BLANK) if k in counts}
    if not choices:
        blank = counts.pop(BLANK, None)
        counts = dict(collated(counts.items(), lambda kv: kv[0], lang))
        if blank is not None:
            counts[BLANK] = blank
    return Tally(name, ftype, counts, multi)


def _spread(name: str, comps: list[Component]) -> Spread:
    counts: dict[float, int] = {}
    blank = 0
    for c in comps:
        value = value_of(c, name)
        if value is None:
            blank += c.count
        else:
            counts[value] = counts.get(value, 0) + c.count
    return Spread(name, dict(sorted(counts.items())), blank)


def deck_stats(catalog: Catalog) -> list[DeckStats]:
    """Every set of the catalog in numbers, in the catalog's order."""
    out: list[DeckStats] = []
    language = catalog.game.language  # the data's values are in the game's own language
    for s in catalog.game.sets:
        comps = [c for c in catalog.components if c.set == s.id]
        if not comps:
            continue
        cards: dict[str, int] = {}
        for c in comps:
            cards[c.name] = cards.get(c.name, 0) + c.count
        deck = DeckStats(s.id, s.name, s.kind, sum(c.count for c in comps), cards)
        for attr in ATTRIBUTES:
            if len({value_of(c, attr) for c in comps}) > 1:
                deck.tallies.append(_tally(attr, "attribute", comps, None, language))
        for name, spec in catalog.field_specs(s.id).items():
            if spec.type in CATEGORICAL:
                deck.tallies.append(_tally(name, spec.type, comps, spec.choices, language))
            elif spec.type in NUMERIC:
                deck.spreads.append(_spread(name, comps))
        out.append(deck)
    return out


def kinds(catalog: Catalog, comps: frozenset[int]) -> list[tuple[str, Callable[[int], bool]]]:
    """The kinds a hand from these components may hold (`field = value`, by component
    index), for the categorical fields their sets declare: the set itself when they come
    from more than one, then each field's values in the order the deck tables show them."""
    components = catalog.components
    chosen = [components[i] for i in sorted(comps)]
    out: list[tuple[str, Callable[[int], bool]]] = []
    sets = list(dict.fromkeys(c.set for c in chosen))
    if len(sets) > 1:
        for sid in sets:
            out.append((f"set = {sid}", _in_set(components, sid)))
    seen: set[str] = set()
    for sid in sets:
        for name, spec in catalog.field_specs(sid).items():
            if spec.type not in CATEGORICAL or name in seen:
                continue
            seen.add(name)
            tally = _tally(name, spec.type, chosen, spec.choices, catalog.game.language)
            for value in tally.counts:
                if value == BLANK:
                    continue
                out.append((f"{name} = {value}", _holds(components, name, value)))
    return out


def _in_set(components: list[Component], sid: str) -> Callable[[int], bool]:
    return lambda i: components[i].set == sid


def _holds(components: list[Component], name: str, value: str) -> Callable[[int], bool]:
    def test(i: int) -> bool:
        v = value_of(components[i], name)
        items = v if isinstance(v, list) else [v]
        return any(shown(x) == value for x in items)

    return test
