"""The `prose` fact: card prose tied to the card's own fields.

    [[facts]]
    kind = "prose"
    name = "each Good card's text states its own amount"
    match = { set = "good" }
    text = "text"
    fields = ["amount"]

A `prose` fact ties the numbers a card's text states to its fields: on every card of
`match` that has a number in each of `fields`, the text states it (in digits or as a word).
A text edited to another number, or a field edited while the text keeps the old one, fails
naming the card, the field, its value and the text. With `signed = true` the number must
stand signed beside a word of the field's name ("Fire +1" for `fire_mod`), so a card whose
text states the same number for another field does not pass.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Literal

from pydantic import Field, model_validator

from ...catalog.schema import Component, Game
from ...core.validation import constructed
from ..filters import Filter, select, value_of
from ..reading.phrases import has_read, words
from ..reading.places import spelled
from ..reading.prose_counts import singular
from ..verdicts import Outcome, Problem
from .base import Fact, show
from .typed import SPELT, as_number

if TYPE_CHECKING:
    pass


_STATED = re.compile(  # a number a card's text states: as `_NUMBER`, and "twice"
    r"(?<![\w:.-])(\d+(?:\.\d+)?|twice|" + "|".join(SPELT) + r")(?![\w:])", re.IGNORECASE
)


class ProseFact(Fact):
    """A card's text states the numbers its fields hold, and the words its choice fields
    stand for (see the module)."""

    kind: Literal["prose"] = "prose"
    match: Filter = Field(default_factory=constructed(Filter))
    text: str = "text"
    fields: list[str] = []
    words: dict[str, dict[str, str]] = {}  # field -> {its value: the words the text says}
    signed: bool = Field(
        default=False,
        description="State each number signed, beside a word of its field's name "
        "(`Fire +1` for `fire_mod`), so a number stated for another field does not count.",
    )
    numbers: list[str] = []  # every number the text states is one of these fields' values
    groups: list[str] | None = None  # the only set names and groups the text may name

    @model_validator(mode="after")
    def _something(self) -> ProseFact:
        if not self.fields and not self.words and not self.numbers and self.groups is None:
            raise ValueError("a prose fact names `fields`, `words`, `numbers` or `groups`")
        return self

    def field_keys(self) -> list[str]:
        return [self.text, *self.fields, *self.words, *self.numbers]

    def check(self, components: list[Component], game: Game) -> Outcome:
        cs = select(components, self.match)
        problems: list[Problem] = []
        tied = 0
        others = self._other_groups(components, game)
        for c in cs:
            said = show(value_of(c, self.text))
            problem = self._grouped(c, said, others)
            problems += [problem] if problem is not None else []
            folded = " " + re.sub(r"[^a-z0-9.+$-]+", " ", said.lower()) + " "
            for key in self.fields:
                v = value_of(c, key)
                if not isinstance(v, (int, float)) or isinstance(v, bool):
                    continue
                tied += 1
                forms = [*spelled(v), *(["twice"] if v == 2 else [])]
                if not (
                    _signed(said, key, v)
                    if self.signed
                    else any(_states(folded, form) for form in forms)
                ):
                    problems.append(
                        Problem(
                            f"{self.name}: {c.name}'s {key} is {show(v)}, its {self.text} does "
                            f"not state {show(v)}: {said!r}",
                            c,
                            self.text,
                        )
                    )
            if self.numbers:
                problem = self._unheld(c, said)
                tied += 1
                problems += [problem] if problem is not None else []
            read = words(said) if self.words else ""  # once for every choice field
            for key, phrases in self.words.items():
                problem = self._choice(c, key, phrases, said, read)
                tied += 1 if show(value_of(c, key)) in phrases else 0
                problems += [problem] if problem is not None else []
        if problems:
            return Outcome(False, problems[0].message, cs, problems)
        return Outcome(True, f"{tied} value{'s' if tied != 1 else ''} stated by their cards", cs)

    def _grouped(self, c: Component, said: str, others: list[str]) -> Problem | None:
        """The first deck or group outside `groups` the card's text names."""
        named = [g for g in others if re.search(rf"(?<!\w){re.escape(g)}(?!\w)", said)]
        if not named:
            return None
        allowed = ", ".join(self.groups or [])
        return Problem(
            f"{self.name}: {c.name}'s {self.text} names {named[0]!r}, a deck or group its "
            f"texts do not name (they name {allowed}): {said!r}",
            c,
            self.text,
        )

    def _other_groups(self, components: list[Component], game: Game) -> list[str]:
        """The sets' names and groups (as written, case kept) outside `groups` (a set whose
        group is one of them may be named by its own name too)."""
        if self.groups is None:
            return []
        allowed = set(self.groups) | {s.name for s in game.sets if s.group in self.groups}
        every = {s.name for s in game.sets} | {c.group for c in components if c.group}
        return sorted(n for n in every if n and n not in allowed)

    def _unheld(self, c: Component, said: str) -> Problem | None:
        """A number the card's text states (digits, two to twelve, `twice`) that none of
        `numbers` holds on the card: the text restates a value no field keeps."""
        held = {float(v) for k in self.numbers for v in [value_of(c, k)] if _is_number(v)}
        for m in _STATED.finditer(said):
            word = m.group(1)
            if (2.0 if word.lower() == "twice" else as_number(word)) not in held:
                keys = ", ".join(self.numbers)
                return Problem(
                    f"{self.name}: {c.name}'s {self.text} states {word!r}, which none "
                    f"of its {keys} holds: {said!r}",
                    c,
                    self.text,
                )
        return None

    def _choice(
        self, c: Component, key: str, phrases: dict[str, str], said: str, text: str
    ) -> Problem | None:
        """The card's text (`said`, and `text`: it read by `words`) says the words of its
        `key` value (when that value has words), and no other value's words."""
        v = show(value_of(c, key))
        others = [(o, w) for o, w in phrases.items() if o != v and has_read(text, w)]
        if (v not in phrases or has_read(text, phrases[v])) and not others:
            return None
        have = (
            f"says {others[0][1]!r} (the words of {key} {others[0][0]})"
            if others
            else f"does not say {phrases[v]!r}"
        )
        return Problem(
            f"{self.name}: {c.name}'s {key} is {v}, its {self.text} {have}: {said!r}",
            c,
            self.text,
        )


def _signed(text: str, key: str, v: float) -> bool:
    """Does the text state `v` signed (`+1`, `-2`) right before or after a word that is a
    part of the field's name (`Fire +1` or `+1 Fire` for `fire_mod`)?"""
    parts = {w for p in re.split(r"[_\W]+", key.lower()) if p for w in (p, singular(p))}
    word = r"\b(?:" + "|".join(sorted(map(re.escape, parts))) + r")s?\b"
    sign = re.escape(f"{v:+g}")
    pattern = rf"{word}\s{{1,4}}{sign}(?!\w|\.\d)|(?<![\w.]){sign}\s{{1,4}}{word}"
    return re.search(pattern, re.sub(r":\w+:", " ", text.lower())) is not None


def _is_number(v: object) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _states(words: str, form: str) -> bool:
    """Does the folded text hold `form` as a number of its own ("2" in "$2", not in "12")?"""
    pattern = r"(?<![\w.])[$+-]?" + re.escape(form.lower()) + r"(?![\w])"
    return re.search(pattern, words) is not None
