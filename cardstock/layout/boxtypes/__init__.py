"""The box types of the layout language, registered in one place.

`BOX_TYPES` maps each type's name to the `BoxKind` its module defines as `BOX`. Everything
else derives from this table:

- the layout schema (`cardstock.layout.layoutfile.BoxType`, so `cardstock schema faces` and the
  validation messages list the types),
- the layout reference (`cardstock.layout.reference` → docs/layouts.md),
- the painter's dispatch (`Painter.box` calls `box_kind(type).draw`, handing itself as
  the `painting.Services` a box type draws with),
- the print-safety check (the types whose `content` it measures).

A new box type is one module here plus one line in `BOX_TYPES` (docs/extending.md).
"""

from __future__ import annotations

from . import art, ellipse, icon, icons, line, outline, pattern, pips, qr, rect, text
from .kind import BoxKind, Draw, Rect4

# name -> what the type is; the order is the order of the reference (docs/layouts.md).
BOX_TYPES: dict[str, BoxKind] = {
    "rect": rect.BOX,
    "ellipse": ellipse.BOX,
    "line": line.BOX,
    "outline": outline.BOX,
    "text": text.BOX,
    "icon": icon.BOX,
    "icons": icons.BOX,
    "pips": pips.BOX,
    "art": art.BOX,
    "pattern": pattern.BOX,
    "qr": qr.BOX,
}


def names() -> tuple[str, ...]:
    """Every box type's name, in the reference's order."""
    return tuple(BOX_TYPES)


def box_kind(name: str) -> BoxKind:
    """The registered box type `name` (KeyError when there is none)."""
    return BOX_TYPES[name]


def draws_content(name: object) -> bool:
    """Whether boxes of this type draw what the print-safety check measures."""
    return isinstance(name, str) and name in BOX_TYPES and BOX_TYPES[name].content


__all__ = ["BOX_TYPES", "BoxKind", "Draw", "Rect4", "box_kind", "draws_content", "names"]
