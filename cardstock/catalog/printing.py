"""A component as its face prints it, worked out by the catalog once: its set, its fields'
specs and their labels as the language prints them, its group and its choices as the
language prints them, and the word a face prints for yes. The layout draws a face's
context from this record alone (`layout.context`), without asking the catalog for one
field's spec or one group's words at a time.

    printed(catalog, component)   the component's `Printed` (its set's part made once)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .wording import humanize, printed_group, said

if TYPE_CHECKING:
    from .fields import FieldSpec
    from .load import Catalog
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


def printed(catalog: Catalog, comp: Component) -> Printed:
    """`comp` as its face prints it, its set's part made once for the catalog."""
    of_set = catalog.prints.sets.get(comp.set)
    if of_set is None:
        of_set = catalog.prints.sets[comp.set] = _set_print(catalog, comp.set)
    return Printed(
        comp,
        of_set,
        printed_group(catalog, comp),
        said(comp.fields, catalog.wording),
        catalog.tool_words("yes"),
    )


def _set_print(catalog: Catalog, set_id: str) -> SetPrint:
    s = catalog.set(set_id)
    specs = catalog.field_specs(set_id)
    labels = {
        k: catalog.wording.get(f"label.{k}") or f.label or humanize(k) for k, f in specs.items()
    }
    return SetPrint(s, specs, labels, frozenset(s.group_fields()))


__all__ = ["Printed", "SetPrint", "printed"]
