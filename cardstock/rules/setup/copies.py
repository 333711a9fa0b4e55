"""Every physical copy of a game's components as a number, and what a setup simulation
reads of the catalog: each copy's component, which copies a step's filter matches, the
value a step groups copies by, a die's faces (`Copies.read`, all a simulation's figures
depend on of the catalog)."""

from __future__ import annotations

from typing import Any

from ...catalog.schema import Component
from ..filters import Filter, compile_filter, value_of
from .state import OverBudget

# The components a setup's filters and keys may be worked out over, every distinct filter
# and key of its steps together (each component once for each): about two seconds of CPU.
# 200 distinct filters over 40,000 components would be 8,000,000; the shipped setups work
# out under 800. Past it the setup is not simulated (`OverBudget`: the check warns).
MATCH_WORK = 1_000_000


class Copies:
    """Every physical copy as an int (in catalog order), and per-filter masks and member
    lists computed once for each filter as written. The simulation reads the components
    only here: their counts, whether each matches a step's filter, the value a step groups
    them by, a die's faces. Each is noted in `read` as it is worked out, all of them when
    the steps are compiled: `read` is all a simulation's figures depend on of the catalog
    (`simulator.reads`). A field no step looks at, such as a card's text, is not in it."""

    def __init__(self, components: list[Component]):
        self._components = components
        self.of: list[int] = []  # copy -> component index
        for i, c in enumerate(components):
            self.of.extend([i] * c.count)
        # by the filter as written (`repr`): steps that say the same filter share one mask
        self._masks: dict[str, tuple[list[bool], list[int]]] = {}
        self.all = list(range(len(self.of)))
        self.read: list[Any] = [["counts", [c.count for c in components]]]
        self.left = MATCH_WORK  # the components filters and keys may still be worked out over

    def _spend(self) -> None:
        """Count one filter or key worked out over every component (`MATCH_WORK`)."""
        self.left -= len(self._components)
        if self.left < 0:
            raise OverBudget

    def _entry(self, f: Filter) -> tuple[list[bool], list[int]]:
        key = repr(f)
        if key not in self._masks:
            self._spend()
            pred = compile_filter(f)
            per_comp = [bool(pred(c)) for c in self._components]
            self.read.append(["matches", per_comp])
            mask = [per_comp[i] for i in self.of]
            self._masks[key] = (mask, [c for c, ok in enumerate(mask) if ok])
        return self._masks[key]

    def mask(self, f: Filter | None) -> list[bool] | None:
        return None if f is None else self._entry(f)[0]

    def members(self, f: Filter | None) -> list[int]:
        """The copies a filter matches, in catalog order."""
        return self.all if f is None else self._entry(f)[1]

    def key(self, name: str) -> list[str]:
        self._spend()
        per_comp = [_as_key(value_of(c, name)) for c in self._components]
        self.read.append(["values", name, per_comp])
        return [per_comp[i] for i in self.of]

    def faces(self, die: str, field: str) -> list[Any]:
        """The faces of the die component `die` (its `field`), as a roll reads them."""
        comp = next(c for c in self._components if c.id == die)
        values = [_face_value(f) for f in (comp.fields.get(field) or [])]
        self.read.append(["faces", die, field, values])
        return values


def _as_key(v: Any) -> str:
    if isinstance(v, list):
        return "|".join(map(str, v))
    return "" if v is None else str(v)


def _face_value(face: Any) -> Any:
    text = str(face).strip()
    try:
        return int(text)
    except ValueError:
        return text
