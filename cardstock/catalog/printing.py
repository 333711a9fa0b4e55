"""A component as its faces print it, worked out by the catalog once (`catalog.resolve`):
its set, its fields' specs and their labels as the language prints them, its group and its
choices as the language prints them, its text fields rendered for each side, its size in
points, what its QR code holds around the version digits, a die's faces read as markup, a
reference card's quick-reference texts, and where its deck back is written. The layout
draws a face from this record alone (`layout.faces`, `layout.context`), reading its
attributes, without going back to the catalog for one field's spec, one group's words or
one text's rendering at a time. The types live here, apart from their making, so the
catalog's loader can hold each set's part (`Prints`) without importing what renders.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..core.issues import InputError, Issue
    from .fields import FieldSpec
    from .schema import Component, ComponentSet


def hard_breaks(text: str) -> str:
    """A single line break in a catalog cell is a line break on the card: each line that
    another line follows directly gets Markdown's hard-break mark (a trailing backslash).
    A blank line still starts a new paragraph."""
    lines = text.split("\n")
    return "\n".join(
        line + "\\"
        if i + 1 < len(lines) and line.strip() and lines[i + 1].strip() and not line.endswith("\\")
        else line
        for i, line in enumerate(lines)
    )


class FieldText(str):
    """A text field as templates see it: the designer's own line breaks, no hidden marks,
    so `*{{ text }}*`, `text.splitlines()` or a filter work on the text as written. Printed
    (`{{ text }}`, `{{ text or '' }}`, a `~` join), each single line break becomes the
    markup's hard break (see `hard_breaks`), so a cell's line break stays one on the card."""

    __slots__ = ()

    def __str__(self) -> str:
        return hard_breaks(str.__str__(self))


@dataclass(frozen=True, slots=True)
class SetPrint:
    """What every face of one set prints alike: the set, its fields' specs in order, each
    field's label as the language prints it (`label.<field>`, else the spec's, else the
    field's name made readable), the label a face's `stat` shows (the spec's, else the
    name made readable), and the fields its group names."""

    set: ComponentSet
    specs: dict[str, FieldSpec]
    labels: dict[str, str]
    stat_labels: dict[str, str]
    group_fields: frozenset[str]


@dataclass(frozen=True, slots=True)
class Printed:
    """One component as its face prints it (see the module's docstring)."""

    component: Component
    of_set: SetPrint
    group_said: str  # its group as the language prints it
    said: dict[str, Any]  # its fields, each choice as the language prints it
    yes: str  # the word a true field prints


@dataclass(frozen=True, slots=True)
class SideText:
    """A component's text fields as one side prints them, in the set's order: each
    `FieldText` (a text that is a template rendered for that side, or kept as written
    when it cannot be), and the problems its rendering met."""

    texts: dict[str, FieldText]
    problems: tuple[Issue, ...]


@dataclass(frozen=True, slots=True)
class Listed:
    """What a generic layout lists of a component: its facts (label and text of each
    field worth printing; `facts` leaves out its group's fields and the icon it is
    colour-coded by, `all_facts` none), the (icon, colour) pairs it is colour-coded by,
    its first number field (`stat`) and its first art file."""

    facts: tuple[dict[str, Any], ...]
    all_facts: tuple[dict[str, Any], ...]
    accents: tuple[tuple[str, str | None], ...]
    stat: dict[str, Any] | None
    art_file: Any


@dataclass(frozen=True, slots=True)
class QuickRef:
    """One side of a reference card: the text its quick-reference template renders to and
    the problems met on the way, or the bad input that stopped it (`refused`)."""

    text: str
    problems: tuple[Issue, ...]
    refused: InputError | None = None


@dataclass(frozen=True, slots=True)
class ComponentPrint:
    """Everything a component's faces print of it (see the module's docstring): `context`
    is what its face templates see of it before a side is chosen (its fields and its own
    names; the game's names and the theme's colours are the layout's, `base_context`);
    `sides` its text fields for "front" and "back"; `listed` what a generic layout lists
    of it; `code` its QR code's text cut where the version digits go; `die_faces` the six
    parts a die net's panels print (None: six empty faces, for a `faces` field that is
    empty or holds anything but texts); `quickref` a reference card's text for "front"
    and "back"; `back_at` the game file's place of its deck back (None for a component
    without one)."""

    shown: Printed
    context: dict[str, Any]
    sides: dict[str, SideText]
    listed: Listed
    size: tuple[float, float]
    code: tuple[str, ...]
    die_faces: tuple[dict[str, Any], ...] | None
    quickref: dict[str, QuickRef]
    back_at: tuple[str, int | None] | None


@dataclass
class Prints:
    """Each set's `SetPrint`, the game file's place of each deck back and the game's QR
    code pattern filled but for each card's id and digits, made together when a face is
    first printed (one per catalog: a catalog in another language prints other labels)."""

    sets: dict[str, SetPrint] = field(default_factory=dict)
    backs: dict[str, tuple[str, int | None]] = field(default_factory=dict)
    code: str | None = None


__all__ = [
    "ComponentPrint",
    "FieldText",
    "Listed",
    "Printed",
    "Prints",
    "QuickRef",
    "SetPrint",
    "SideText",
    "hard_breaks",
]
