"""The `card` fact: a named component exists, with the field values and the words in its
texts the rulebook gives it (`{field}` in the words stands for the card's own value)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from ...catalog.schema import Component, Game
from ...core.markup import plain
from ..filters import value_of
from ..reading.places import norm, spelled
from ..verdicts import Outcome, Problem
from .base import Fact, same, show

if TYPE_CHECKING:
    pass


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
