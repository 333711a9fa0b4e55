"""Names in the game file's prose as facts: a designer's choice, a set's description or a
table's note names exactly the cards (or decks) the data picks out.

    [[facts]]
    kind = "names"
    id = "rogations-from-the-rules"
    name = "the Rogations the rules give are the ones not marked all designer's"
    topic = "Rogations"                    # the designer's choice with this topic
    cards = { set = "rogations", field = "designer_choice", not_in = ["all"] }
    says = "{names} from the rules"        # optional: where in the text the names stand

    [[facts]]
    kind = "names"
    name = "the three player decks share one back"
    topic = "one back for every player deck"
    decks = { not = { set = ["vortex-cards", "quickref"] } }
    says = "{names} share one back"

A prose text names a card by its name and a deck by its set's name or group, as the catalog
writes them. With `cards`, the text (or, with `says`, the stretch of it where `{names}`
stands: from the words before it, or the start of the clause, to the words after it) names
exactly the cards the filter selects among the cards of their decks: a name edited to
another card's, a card added to or dropped from the list, or a card's data changed so that
the filter picks out another, fails — naming what the text says and what the data holds.
With `decks`, the same for the decks of the components the filter selects.

The text is the designer's choice whose `topic` is given (its topic, a colon and its
`choice`), a set's
description (`description`, the set's id) or a table's `note` (`table`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import model_validator

from ...catalog.schema import Component, Game
from ...core.patterns import whole_name
from ..filters import Filter, select
from ..verdicts import Outcome, Problem
from .base import Fact

if TYPE_CHECKING:
    from ...catalog.load import Catalog
    from ..sources import SourceText

CLAUSE = re.compile(r"[.;:]")


class NamesFact(Fact):
    """A prose text names exactly the cards or decks a filter picks out (see the module)."""

    reads: ClassVar[tuple[str, ...] | None] = ("game", "data", "named")

    kind: Literal["names"] = "names"
    topic: str | None = None
    table: str | None = None
    description: str | None = None  # a set's id: its description
    caption: str | None = None  # a table's id: its title
    cards: Filter | None = None
    decks: Filter | None = None
    says: str | None = None

    @model_validator(mode="after")
    def _shape(self) -> NamesFact:
        texts = (self.topic, self.table, self.description, self.caption)
        if sum(x is not None for x in texts) != 1:
            raise ValueError(
                "a names fact reads one text: give topic, table, caption (a table's id: its "
                "title) or description (a set's id)"
            )
        if (self.cards is None) == (self.decks is None):
            raise ValueError("a names fact names cards or decks: give one of cards, decks")
        if self.says is not None and "{names}" not in self.says:
            raise ValueError("'says' marks where the names stand with {names}")
        return self

    def check(
        self, components: list[Component], game: Game
    ) -> Outcome:  # pragma: no cover - needs the catalog
        raise NotImplementedError("a names fact is checked with the catalog (check_catalog)")

    def check_catalog(
        self, catalog: Catalog, file: str, line: int | None, source: SourceText | None = None
    ) -> Outcome:
        text, label, at = self._text(catalog)
        if text is None:
            msg = f"{self.name}: {label}"
            return Outcome(False, msg, [], [Problem(msg, at=at)])
        part = stretch(text, self.says)
        if part is None:
            msg = f"{self.name}: {label} does not say {self.says!r}: {text!r}"
            return Outcome(False, msg, [], [Problem(msg, at=at)])
        allowed, among = self._wanted(catalog)
        said = names_in(part, list(among))
        extra = sorted(n for n in said if n not in allowed)
        units = {allowed[n] for n in said if n in allowed}
        missing = sorted({u for u in allowed.values() if u not in units})
        if not extra and not missing:
            return Outcome(True, f"{label} names {', '.join(sorted(said)) or 'nothing'}")
        parts = [f"names {', '.join(map(repr, extra))}"] if extra else []
        parts += [f"does not name {', '.join(map(repr, missing))}"] if missing else []
        msg = (
            f"{self.name}: {label} {' and '.join(parts)}; the data's are "
            f"{', '.join(sorted(set(allowed.values())))}: {part.strip()!r}"
        )
        return Outcome(False, msg, [], [Problem(msg, at=at)])

    def _text(self, catalog: Catalog) -> tuple[str | None, str, tuple[str, int | None]]:
        """(the prose, how a reader names it, where it is written)."""
        game = catalog.game
        shown = catalog.display(catalog.folder / "game.toml")
        if self.topic is not None:
            hits = [i for i, d in enumerate(game.designer_choices) if d.topic == self.topic]
            if not hits:
                return None, f"no designer's choice has the topic {self.topic!r}", (shown, None)
            i = hits[0]
            where = (shown, catalog.line("designer_choices", i, "choice"))
            d = game.designer_choices[i]
            return f"{d.topic}: {d.choice}", f"designer_choices[{i}]", where
        if self.table is not None:
            t = game.tables.get(self.table)
            if t is None or not t.note:
                return None, f"table {self.table!r} has no note", (shown, None)
            return (
                t.note,
                f"table {self.table}'s note",
                (
                    shown,
                    catalog.line("tables", self.table, "note"),
                ),
            )
        if self.caption is not None:
            t = game.tables.get(self.caption)
            if t is None or not t.title:
                return None, f"table {self.caption!r} has no title", (shown, None)
            where = (shown, catalog.line("tables", self.caption, "title"))
            return t.title, f"table {self.caption}'s title", where
        hits = [i for i, s in enumerate(game.sets) if s.id == self.description]
        if not hits or not game.sets[hits[0]].description:
            return None, f"set {self.description!r} has no description", (shown, None)
        i = hits[0]
        where = (shown, catalog.line("sets", i, "description"))
        return game.sets[i].description, f"sets[{i}].description", where

    def _wanted(self, catalog: Catalog) -> tuple[dict[str, str], dict[str, str]]:
        """(each name the text may say for what the data picks out -> what it names, each
        name of that kind the text may say -> what it names)."""
        components: list[Component] = catalog.components
        if self.cards is not None:
            chosen = select(components, self.cards)
            decks = {c.set for c in chosen}
            return {c.name: c.name for c in chosen}, {
                c.name: c.name for c in components if c.set in decks
            }
        assert self.decks is not None
        chosen = select(components, self.decks)
        sets = {s.id: s for s in catalog.game.sets}
        among: dict[str, str] = {}
        for c in components:  # a component's group ("Threat tokens") names its part of a deck
            among.setdefault(c.group, c.group)
        for s in catalog.game.sets:
            for n in (s.name, s.group):
                if "{" not in n:
                    among[n] = s.name
        allowed = {c.group: c.group for c in chosen}
        picked = {id(c) for c in chosen}  # `select` hands back the catalog's own components
        whole = {c.set for c in chosen} - {c.set for c in components if id(c) not in picked}
        for sid in whole:  # a deck picked out whole is named by its name or group
            allowed = {k: v for k, v in allowed.items() if k not in _groups(sid, components)}
            for n in (sets[sid].name, sets[sid].group):
                if "{" not in n:
                    allowed[n] = sets[sid].name
            for g in _groups(sid, components):
                allowed.setdefault(g, sets[sid].name)
        return allowed, among


def _groups(sid: str, components: list[Component]) -> set[str]:
    return {c.group for c in components if c.set == sid}


def stretch(text: str, says: str | None) -> str | None:
    """The part of `text` where `says` puts `{names}` (all of it without `says`), or None
    when the words around `{names}` are not in the text."""
    if says is None:
        return text
    before, after = (p.strip().lower() for p in says.split("{names}", 1))
    low = text.lower()
    end = low.find(after) if after else len(text)
    if end < 0:
        return None
    if before:
        start = low.rfind(before, 0, end)
        if start < 0:
            return None
        start += len(before)
    else:
        cuts = [m.end() for m in CLAUSE.finditer(text, 0, end)]
        start = cuts[-1] if cuts else 0
    return text[start:end]


def names_in(text: str, names: list[str]) -> set[str]:
    """The names `text` says, longest first (a name inside a longer one said is not). A
    name not in the text as a substring is not looked for by its pattern."""
    found: set[str] = set()
    rest = text
    for n in sorted({n for n in names if n.strip()}, key=lambda n: (-len(n), n)):
        if n not in rest:
            continue
        pattern = whole_name(n)
        if pattern.search(rest):
            found.add(n)
            rest = pattern.sub(" ", rest)
    return found
