"""A component as its face prints it, worked out by the catalog once: its set, its fields'
specs and their labels as the language prints them, its group and its choices as the
language prints them, and the word a face prints for yes. The layout draws a face's
context from this record alone (`layout.context`), without asking the catalog for one
field's spec or one group's words at a time. The catalog makes it
(`catalog.wording.printed`) and keeps each set's part (`Prints`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .fields import FieldSpec
    from .schema import Component, ComponentSet


@dataclass(frozen=True, slots=True)
class SetPrint:
    """What every face of one set prints alike: the set, its fields' specs in order, each
    field's label as the language prints it (`label.<field>`, else the spec's, else the
    field's name made readable), and the fields its group names."""

    set: ComponentSet
    specs: dict[str, FieldSpec]
    labels: dict[str, str]
    group_fields: frozenset[str]


@dataclass(frozen=True, slots=True)
class Printed:
    """One component as its face prints it (see the module's docstring)."""

    component: Component
    of_set: SetPrint
    group_said: str  # its group as the language prints it
    said: dict[str, Any]  # its fields, each choice as the language prints it
    yes: str  # the word a true field prints


@dataclass
class Prints:
    """Each set's `SetPrint`, made when a face of it is first printed (one per catalog: a
    catalog in another language prints other labels)."""

    sets: dict[str, SetPrint] = field(default_factory=dict)


__all__ = ["Printed", "Prints", "SetPrint"]
