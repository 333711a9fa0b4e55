"""What a box type is: the record each box type's module defines as `BOX`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..art.shapes import Geometry
    from ..resolved import Box, Layout
    from .services import Services

Rect4 = tuple[float, float, float, float]  # x, y, width, height in points (y down)
Draw = Callable[["Services", "Layout", "Box", dict[str, Any], "Geometry", Rect4], list[Any]]


class BoxKind:
    """What a box type is: one line for the reference, the function that draws it, and
    what the rest of cardstock needs to know about it."""

    __slots__ = ("doc", "draw", "content", "keys")

    def __init__(
        self, doc: str, draw: Draw, content: bool = False, keys: tuple[str, ...] = ()
    ) -> None:
        self.doc = doc
        self.draw = draw
        self.content = (
            content  # it draws text, icons or pips, which the print-safety check measures
        )
        self.keys = keys  # layout keys it reads besides those every box has (for the reference)
