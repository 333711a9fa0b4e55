"""A layout resolved for drawing: its boxes and its keys, each key remembering the layout
file and line that set it (`cardstock.layout.spec` reads, merges and resolves the files)."""

from __future__ import annotations

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


class Box(_Located):
    """One box of a layout, its keys merged from the layouts it extends, with where each was
    set (never compared: a plain class)."""

    __slots__ = ("name", "values", "origins", "order")

    def __init__(
        self, name: str, values: dict[str, Any], origins: dict[str, Origin], order: int
    ) -> None:
        self.name = name
        self.values = values  # only keys that were set, after merging
        self.origins = origins  # key -> where it was set ("" -> where the box was declared)
        self.order = order


class Layout(_Located):
    """A layout with its keys and boxes merged along the chain of layouts it extends (never
    compared: a plain class)."""

    __slots__ = ("name", "values", "origins", "boxes", "chain")

    def __init__(
        self,
        name: str,
        values: dict[str, Any],
        origins: dict[str, Origin],
        boxes: list[Box],  # in drawing order
        chain: tuple[str, ...],  # this layout and the layouts it extends
    ) -> None:
        self.name = name
        self.values = values
        self.origins = origins
        self.boxes = boxes
        self.chain = chain
