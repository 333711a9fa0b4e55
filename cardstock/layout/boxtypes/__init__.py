"""The box types of the layout language, registered in one place.

`BOX_TYPES` maps each type's name to the loader of the module that defines its `BoxKind`
as `BOX`; the module is imported the first time something asks for its type (`box_kind`),
so a build loads the drawing code of the types its layouts use and no other. Everything
else derives from this table:

- the layout schema (`cardstock.layout.language.schema.BoxType`, so `cardstock schema faces` and the
  validation messages list the types; validating a layout reads the names alone),
- the layout reference (`cardstock.layout.language.reference` → docs/layouts.md),
- the painter's dispatch (`Painter.box` calls `box_kind(type).draw`, handing itself as
  the `services.Services` a box type draws with),
- the print-safety check (the types whose `content` it measures).

A new box type is one module here, its loader and one line in `BOX_TYPES`
(docs/extending.md).
"""

from __future__ import annotations

from collections.abc import Callable

from .kind import BoxKind, Draw, Rect4

# Where each type is drawn: a loader, a function of this module that imports the type's
# module and returns its `BOX`, called the first time a layout's box names the type.


def _rect() -> BoxKind:
    from .rect import BOX

    return BOX


def _ellipse() -> BoxKind:
    from .ellipse import BOX

    return BOX


def _line() -> BoxKind:
    from .line import BOX

    return BOX


def _outline() -> BoxKind:
    from .outline import BOX

    return BOX


def _text() -> BoxKind:
    from .text import BOX

    return BOX


def _icon() -> BoxKind:
    from .icon import BOX

    return BOX


def _icons() -> BoxKind:
    from .icons import BOX

    return BOX


def _pips() -> BoxKind:
    from .pips import BOX

    return BOX


def _art() -> BoxKind:
    from .art import BOX

    return BOX


def _pattern() -> BoxKind:
    from .pattern import BOX

    return BOX


def _qr() -> BoxKind:
    from .qr import BOX

    return BOX


def _drawing() -> BoxKind:
    from .drawing import BOX

    return BOX


# name -> the loader of the type; the order is the order of the reference (docs/layouts.md).
BOX_TYPES: dict[str, Callable[[], BoxKind]] = {
    "rect": _rect,
    "ellipse": _ellipse,
    "line": _line,
    "outline": _outline,
    "text": _text,
    "icon": _icon,
    "icons": _icons,
    "pips": _pips,
    "art": _art,
    "pattern": _pattern,
    "qr": _qr,
    "drawing": _drawing,
}

# name -> the `BoxKind` of each type asked for so far
_LOADED: dict[str, BoxKind] = {}


def names() -> tuple[str, ...]:
    """Every box type's name, in the reference's order."""
    return tuple(BOX_TYPES)


def box_kind(name: str) -> BoxKind:
    """The registered box type `name`, its module imported the first time it is asked for
    (KeyError when there is none)."""
    kind = _LOADED.get(name)
    if kind is None:
        kind = _LOADED[name] = BOX_TYPES[name]()
    return kind


def draws_content(name: object) -> bool:
    """Whether boxes of this type draw what the print-safety check measures."""
    return isinstance(name, str) and name in BOX_TYPES and box_kind(name).content


__all__ = ["BOX_TYPES", "BoxKind", "Draw", "Rect4", "box_kind", "draws_content", "names"]
