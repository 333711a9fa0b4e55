"""A layout resolved for drawing: its boxes and its keys, each key remembering the layout
file and line that set it (`cardstock.layout.language.load` reads, merges and resolves the
files)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.tomlpos import Path, line_for

Origin = tuple[str, int | None]  # (file shown, line)


class At:
    """Where a key was set: the layout file as shown, and the key's path in it, whose line
    is looked up when a message asks for it (`line`, `origin`). Lines are for messages:
    a build whose layouts draw without a problem never scans a layout file for them."""

    __slots__ = ("file", "_lines", "_path")

    def __init__(self, file: str, lines: Mapping[Path, int], path: Path) -> None:
        self.file = file
        self._lines = lines
        self._path = path

    @property
    def line(self) -> int | None:
        return line_for(self._lines, self._path)

    def origin(self) -> Origin:
        return (self.file, self.line)

    @property
    def path(self) -> Path:
        """The key's path in its file: ("layouts", "card", "boxes", "title", "left")."""
        return self._path


class _Located:
    """Merged values that remember which layout file and line set each key."""

    values: dict[str, Any]
    origins: dict[str, At]

    def get(self, key: str, default: Any = None) -> Any:
        v = self.values.get(key)
        return default if v is None else v

    def at(self, key: str = "") -> At | None:
        """Where `key` was set, else where the box or layout was declared."""
        return self.origins.get(key) or self.origins.get("")

    def where(self, key: str = "") -> Origin:
        at = self.at(key)
        return ("layouts", None) if at is None else at.origin()


class Box(_Located):
    """One box of a layout, its keys merged from the layouts it extends, with where each was
    set (never compared: a plain class)."""

    __slots__ = ("name", "values", "origins", "order")

    def __init__(
        self, name: str, values: dict[str, Any], origins: dict[str, At], order: int
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
        origins: dict[str, At],
        boxes: list[Box],  # in drawing order
        chain: tuple[str, ...],  # this layout and the layouts it extends
    ) -> None:
        self.name = name
        self.values = values
        self.origins = origins
        self.boxes = boxes
        self.chain = chain
