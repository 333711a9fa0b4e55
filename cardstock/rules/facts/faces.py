"""A die's faces as a fact: each face names one of the things the rules say the die shows.

    [[facts]]
    kind = "faces"
    id = "symbol-die-characters"
    name = "the Symbol Die shows only Character cards"
    die = "symbol-die"                          # the die's id
    field = "faces"                             # its list of faces (the default)
    names = { field = "type", equals = "Character" }   # the cards a face may name
    by = "name"                                 # … by this field of theirs (the default)
    every = false                               # true: each value of `by` on exactly one face
    cite = { line = 97, says = "the Symbol Die gives a Gate the rank of a Character" }

Every face, its inline icons (`:crown:`) aside, must be the words of `by` of one of the
cards `names` picks out, or a part of them ("Headstone" in "Red Headstone", "Red" as a
Realm). A face that names anything else (a Fear on a die the source says shows only
Characters, a Harbinger on a die of colours) fails, naming the face, the die and what it
may show. With `every = true` each value of `by` is on exactly one face (the Ruling Die
shows each Realm's colour once: a Red face in place of Grey fails, naming both). The
values are the designer's to choose; which things they name is the source's.
"""

from __future__ import annotations

import re
from typing import Literal

from ...catalog.schema import Component, Game
from ..filters import Filter, select, value_of
from ..verdicts import Outcome, Problem
from .base import Fact, show

_ICON = re.compile(r":[\w-]+:")


def _words(text: str) -> str:
    return " " + " ".join(re.findall(r"[a-z0-9]+", _ICON.sub(" ", text).lower())) + " "


def _listed(names: list[str], most: int = 12) -> str:
    shown = ", ".join(names[:most]) or "none"
    return shown + (f" and {len(names) - most} more" if len(names) > most else "")


class FacesFact(Fact):
    """Each face of a die names one of the things the rules say it shows (see the module)."""

    kind: Literal["faces"] = "faces"
    die: str
    field: str = "faces"
    names: Filter
    by: str = "name"
    every: bool = False

    def field_keys(self) -> list[str]:
        return [self.field, self.by]

    def check(self, components: list[Component], game: Game) -> Outcome:
        die = next((c for c in components if c.id == self.die), None)
        if die is None:
            msg = f"{self.name}: the catalog has no die {self.die!r}"
            return Outcome(False, msg, [], [Problem(msg)])
        raw = value_of(die, self.field)
        faces = [str(f) for f in raw] if isinstance(raw, list) else str(raw or "").split("|")
        named = sorted({show(value_of(c, self.by)) for c in select(components, self.names)})
        pool = [_words(n) for n in named]
        problems = [
            Problem(
                f"{self.name}: {die.name}'s face {f.strip()!r} names none of "
                f"{self.names.describe()} ({_listed(named)})",
                die,
                self.field,
            )
            for f in faces
            if _words(f).strip() == "" or not any(_words(f) in p for p in pool)
        ]
        if self.every:
            problems += self._every(die, faces, named)
        if problems:
            return Outcome(False, problems[0].message, [die], problems)
        return Outcome(True, f"{len(faces)} faces, each a {self.names.describe()}", [die])

    def _every(self, die: Component, faces: list[str], named: list[str]) -> list[Problem]:
        """Each value named on exactly one face: (value, how many faces name it) otherwise."""
        told = [_words(f) for f in faces]
        counts = {n: sum(1 for t in told if t == _words(n)) for n in named}
        wrong = [(n, k) for n, k in counts.items() if k != 1]
        return [
            Problem(
                f"{self.name}: {die.name} shows {n!r} on {k} faces; each of "
                f"{_listed(named)} is on exactly one ({' | '.join(f.strip() for f in faces)})",
                die,
                self.field,
            )
            for n, k in wrong
        ]
