"""The box types of the layout language, registered in one place.

`BOX_TYPES` maps each type's name to the module that draws it; the module defines
`BOX = BoxKind(doc=…, draw=…)`. Everything else derives from this table:

- the layout schema (`cardstock.layout.layoutfile.BoxType`, so `cardstock schema faces` and the
  validation messages list the types),
- the layout reference (`cardstock.layout.reference` → docs/layouts.md),
- the painter's dispatch (`Painter.box` calls `box_kind(type).draw`),
- the print-safety check (the types whose `content` it measures).

A new box type is one module here plus one line in `BOX_TYPES` (docs/extending.md).
Modules are imported when a type is first drawn or described, never at import time.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from ..boxes import Geometry, Painter
    from ..spec import Box, Layout

Rect4 = tuple[float, float, float, float]  # x, y, width, height in points (y down)
Draw = Callable[["Painter", "Layout", "Box", dict[str, Any], "Geometry", Rect4], list[Any]]

# name -> module defining BOX; the order is the order of the reference (docs/layouts.md).
BOX_TYPES: dict[str, str] = {
    "rect": "cardstock.layout.boxtypes.rect",
    "ellipse": "cardstock.layout.boxtypes.ellipse",
    "line": "cardstock.layout.boxtypes.line",
    "outline": "cardstock.layout.boxtypes.outline",
    "text": "cardstock.layout.boxtypes.text",
    "icon": "cardstock.layout.boxtypes.icon",
    "icons": "cardstock.layout.boxtypes.icons",
    "pips": "cardstock.layout.boxtypes.pips",
    "art": "cardstock.layout.boxtypes.art",
    "pattern": "cardstock.layout.boxtypes.pattern",
}


class BoxKind:
    """What a box type is: one line for the reference, the function that draws it, and
    what the rest of cardstock needs to know about it."""

    __slots__ = ("doc", "draw", "content", "keys")

    def __init__(self, doc: str, draw: Draw, content: bool = False, keys: tuple[str, ...] = ()) -> None:
        self.doc = doc
        self.draw = draw
        self.content = content  # it draws text, icons or pips, which the print-safety check measures
        self.keys = keys  # layout keys it reads besides those every box has (for the reference)


def names() -> tuple[str, ...]:
    """Every box type's name, in the reference's order."""
    return tuple(BOX_TYPES)


@lru_cache(maxsize=None)
def _load(module: str) -> BoxKind:
    kind = getattr(importlib.import_module(module), "BOX", None)
    if not isinstance(kind, BoxKind):
        raise TypeError(f"{module} defines no BOX = BoxKind(...)")
    return kind


def box_kind(name: str) -> BoxKind:
    """The registered box type `name` (KeyError when there is none)."""
    return _load(BOX_TYPES[name])


def draws_content(name: object) -> bool:
    """Whether boxes of this type draw what the print-safety check measures."""
    return isinstance(name, str) and name in BOX_TYPES and box_kind(name).content
