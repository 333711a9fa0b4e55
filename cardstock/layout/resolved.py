"""A layout resolved for drawing: its boxes and its keys, each key remembering the layout
file and line that set it (`cardstock.layout.spec` reads, merges and resolves the files)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Origin = tuple[str, int | None]  # (file shown, line)


class _Located:
    """Merged values that remember which layout file and line set each key."""

    values: dict[str, Any]
    origins: dict[str, Origin]

    def get(self, key: str, default: Any = None) -> Any:
        v = self.values.get(key)
        return default if v is None else v

    def where(self, key: str = "") -> Origin:
        return self.origins.get(key) or self.origins.get("", ("layouts", None))


@dataclass
class Box(_Located):
    """One box of a layout, its keys merged from the layouts it extends, with where each was
    set."""

    name: str
    values: dict[str, Any]  # only keys that were set, after merging
    origins: dict[str, Origin]  # key -> where it was set ("" -> where the box was declared)
    order: int


@dataclass
class Layout(_Located):
    """A layout with its keys and boxes merged along the chain of layouts it extends."""

    name: str
    values: dict[str, Any]
    origins: dict[str, Origin]
    boxes: list[Box]  # in drawing order
    chain: tuple[str, ...]  # this layout and the layouts it extends
