"""The `value` fact: one quantity the rulebook states, and every place in the catalog that
holds it (`cardstock.rules.reading.places`), each holding the stated value."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from ...catalog.schema import Component, Game
from ..reading.places import Place, clip_departure, read_place
from ..reading.translated import numbers_kept
from ..verdicts import Outcome, Problem
from .base import Fact, same, show

if TYPE_CHECKING:
    from ...catalog.load import Catalog
    from ..sources import SourceText


class ValueFact(Fact):
    """One quantity the rulebook states (a starting hand of 7, a display of 4), and every
    place in the catalog that holds it: a setup step's count, a table's words, the player
    range, a number of copies (`cardstock.rules.reading.places`). Each place must hold the stated
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
        self, catalog: Catalog, file: str, line: int | None, source: SourceText | None = None
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
