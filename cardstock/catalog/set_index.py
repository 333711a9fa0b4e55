"""A game's sets by id: a face asks for its component's set many times (its layouts, its
back, its fields, the checks), so the sets are looked up in an index, not scanned.

The index is kept with the list it was made from, and made again when the game's sets
are another list or the same list grown or shrunk (a test, a translation's copy).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field
from typing import Any, Generic, Protocol, TypeVar


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


S = TypeVar("S", bound=_HasId)


class SetIndex(Generic[S]):
    """The first set of each id, of the list last asked with."""

    __slots__ = ("_by_id", "_count", "_sets")

    def __init__(self) -> None:
        self._sets: Sequence[S] | None = None
        self._count = -1
        self._by_id: dict[str, S] = {}

    def find(self, sets: Sequence[S], set_id: str) -> S:
        """The set `set_id` of `sets` (the first of that id); StopIteration when none."""
        if sets is not self._sets or len(sets) != self._count:
            by_id: dict[str, S] = {}
            for s in sets:
                by_id.setdefault(s.id, s)
            self._sets, self._count, self._by_id = sets, len(sets), by_id
        found = self._by_id.get(set_id)
        if found is None:
            raise StopIteration(set_id)
        return found


def index_field() -> Any:
    """A dataclass field holding a fresh `SetIndex`: not an argument, not shown, not
    compared (two catalogs of the same sets are equal whatever they looked up)."""
    return field(default_factory=SetIndex, init=False, repr=False, compare=False)


__all__ = ["SetIndex", "index_field"]
