"""Pydantic models of a game file (`catalog/<game>/game.toml`) and of the validated catalog."""

from __future__ import annotations

import string
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

from ..core.colors import named_color
from ..core.patterns import check_pattern
from ..core.scripts import printable
from ..core.units import UnitError, parse_length, parse_size
from .fields import (
    BACK_COLUMN,
    COLOR_PATTERN,
    RESERVED_COLUMNS,
    SLUG_PATTERN,
    TEMPLATE_NAMES,
    FieldSpec,
    check_length,
)
from .kinds import KindName

Slug = Annotated[str, Field(pattern=SLUG_PATTERN)]
Color = Annotated[str, BeforeValidator(named_color), Field(pattern=COLOR_PATTERN)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)


MAX_SIDE_MM = 1000  # the longest side a component may have; see docs/catalog-format.md


def _size(value: str) -> str:
    try:
        w, h = parse_size(value)
    except UnitError as exc:
        raise ValueError(str(exc)) from None
    if max(w, h) > parse_length(f"{MAX_SIDE_MM}mm"):
        raise ValueError(f"a component may be at most {MAX_SIDE_MM} mm on a side, got {value!r}")
    return value


class Players(Strict):
    min: int = Field(ge=1)
    max: int = Field(ge=1)

    @model_validator(mode="after")
    def _ordered(self) -> Players:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is larger than max ({self.max})")
        return self


class PrintSettings(Strict):
    """Defaults for faces and sheets; a deck or the CLI may override them."""

    card_size: str = "poker"
    papers: list[str] = ["letter", "a4"]
    bleed: str = "3mm"
    safe: str = "3mm"
    # the resolution `px` lengths are at, in the game file and its layouts (Squib and
    # nanDECK measure cards in pixels at 300 dpi); None: CSS pixels, 96 to the inch
    dpi: float | None = Field(default=None, gt=0, le=10_000)
    card_thickness: str = "0.32mm"  # one card, as the tuck boxes count a deck's depth
    sleeves: Literal["none", "thin", "thick"] = "none"  # as the tuck boxes hold the cards
    tuckbox_min_cards: int = Field(default=10, ge=1)  # a smaller deck gets no tuck box

    _v_size = field_validator("card_size")(_size)
    _v_bleed = field_validator("bleed", "safe", "card_thickness")(check_length)

    @field_validator("papers")
    @classmethod
    def _papers(cls, value: list[str]) -> list[str]:
        for paper in value:
            if paper not in ("letter", "a4"):
                raise ValueError(f"unknown paper {paper!r}; expected 'letter' or 'a4'")
        return value


# text of the game file that is printed: NFC, and scripts that cannot print refused
Printed = Annotated[str, BeforeValidator(printable)]


class Icon(Strict):
    """An icon the game's text and fields may name (`:fire:`, or a field of type icon)."""

    label: Printed | None = None  # default: the id, capitalised
    symbol: str | None = None  # a symbol of the shared library, or of the game's icons/
    # folder (icons/NAME.svg is the symbol NAME); default: the icon's own id
    color: Color | None = None


class Back(Strict):
    """The back shared by every card of a deck."""

    title: Printed
    subtitle: Printed | None = None
    color: Color = "#2f3640"
    icon: str | None = None
    art: str | None = None


class Clean(Strict):
    """Clean-up of every cell as a game's tables are read, before any field reads it."""

    # text → text, in order: nanDECK's "%n" or an HTML "<br>" → a line break ("\n")
    replace: dict[Annotated[str, Field(min_length=1)], str] = {}
    # an emoji (or any text) → the id of one of the game's icons: written as `:id:` in
    # text, and as the icon's id in a cell of an `icon` or `icons` field
    emoji: dict[Annotated[str, Field(min_length=1)], Slug] = {}


class ComponentSet(Strict):
    """A deck or set of like components, whose rows come from a table file or inline."""

    id: Slug
    name: str
    kind: KindName
    group: str  # may name fields: "Realm: {realm}"
    table: str | None = None
    sheet: str | None = None
    columns: dict[str, str] = {}  # field name → the table's header for it: { name = "Title" }
    extra_columns: Literal["error", "ignore"] = "error"  # "ignore": columns no field reads
    rows: list[dict[str, Any]] | None = None
    fields: dict[str, FieldSpec] = {}
    schema_name: Slug | None = Field(default=None, alias="schema")
    back: Slug | None = None
    size: str | None = None
    layout: str | None = None
    # a layout file of the project (under layouts/) that this set's layouts come from,
    # shared by several sets or games: "layouts/shared/squib.toml"
    layout_file: str | None = None
    description: str | None = None
    # both sides drawn from the row's own fields: the back side uses the layout
    # "<layout>-back" or "<set id>-back" (else the front's), and no deck back is needed
    double_sided: bool = False
    # printed on one side only: cards with no back at all (a blank reverse, no backs
    # page), as tokens and tiles without a back already print
    single_sided: bool = False
    # the column whose values choose each row's back (matched ignoring case, spaces and
    # hyphens: "Starting Player" is the back "starting-player"); it may also fill a field
    back_column: Annotated[str, Field(min_length=1)] | None = None
    # values of the back column (or of a `back` column) → back ids, where they differ
    back_values: dict[str, Slug] = {}
    # the pattern of the set's ids ("{set}-{name}", slugified); default: the row's id,
    # else its name in lowercase with hyphens
    ids: str | None = None

    _v_size = field_validator("size")(lambda v: v if v is None else _size(v))
    _v_group = field_validator("group")(check_pattern)
    _v_ids = field_validator("ids")(lambda v: v if v is None else check_pattern(v))

    @field_validator("fields")
    @classmethod
    def _fields(cls, value: dict[str, FieldSpec]) -> dict[str, FieldSpec]:
        return _check_field_specs(value)

    @model_validator(mode="after")
    def _one_source(self) -> ComponentSet:
        if (self.table is None) == (self.rows is None):
            raise ValueError(
                "give exactly one of 'table' (a CSV, TSV, XLSX, YAML or JSON file) or 'rows' "
                "(inline rows)"
            )
        if self.sheet is not None and not (self.table or "").lower().endswith(".xlsx"):
            raise ValueError("'sheet' applies only to an .xlsx table")
        return self

    def group_fields(self) -> list[str]:
        return [name for _, name, _, _ in string.Formatter().parse(self.group) if name]

    def id_fields(self) -> list[str]:
        """The names the set's `ids` pattern formats (`set` is the set's own id)."""
        return [name for _, name, _, _ in string.Formatter().parse(self.ids or "") if name]


def _check_field_specs(fields: dict[str, FieldSpec]) -> dict[str, FieldSpec]:
    for key in fields:
        if key in RESERVED_COLUMNS or key == BACK_COLUMN:
            raise ValueError(f"{key!r} is a reserved column and cannot be declared as a field")
        if not key.isidentifier():
            raise ValueError(f"field name {key!r} must be letters, digits and underscores")
        if key in TEMPLATE_NAMES:
            raise ValueError(
                f"the field {key!r} would hide {TEMPLATE_NAMES[key]} in layout templates; rename "
                f'the field (and map your column to it: columns = {{ new_name = "{key}" }})'
            )
    return fields


class DesignerChoice(Strict):
    """A value the rulebook leaves open, chosen by the designer and proven by the checker."""

    topic: str
    choice: str
    reason: str | None = None


class DataTable(Strict):
    """A table of rule data (a scoring chart, a hierarchy) that rulebooks and quick-reference
    cards print; typed once here, never in a template."""

    title: str
    columns: list[str] = Field(min_length=1)
    rows: list[list[Any]] = Field(min_length=1)
    note: str | None = None

    @model_validator(mode="after")
    def _widths(self) -> DataTable:
        for i, row in enumerate(self.rows):
            if len(row) != len(self.columns):
                raise ValueError(
                    f"row {i + 1} has {len(row)} cells but there are {len(self.columns)} columns"
                )
        return self


class Game(Strict):
    """The whole game file."""

    id: Slug
    title: Printed
    version: Annotated[str, Field(pattern=r"^\d+\.\d+(\.\d+)?([-+][0-9A-Za-z.-]+)?$")]
    players: Players
    description: Printed | None = None
    source: str | None = None
    credits: list[str] = []
    print: PrintSettings = PrintSettings()
    icons: dict[Slug, Icon] = {}
    backs: dict[Slug, Back] = {}
    schemas: dict[Slug, dict[str, FieldSpec]] = {}
    sets: list[ComponentSet] = Field(min_length=1)
    designer_choices: list[DesignerChoice] = []
    tables: dict[Slug, DataTable] = {}
    clean: Clean = Clean()

    @field_validator("schemas")
    @classmethod
    def _schemas(cls, value: dict[str, dict[str, FieldSpec]]) -> dict[str, dict[str, FieldSpec]]:
        for fields in value.values():
            _check_field_specs(fields)
        return value

    def fields_of(self, s: ComponentSet) -> dict[str, FieldSpec]:
        """The fields of a set: its named schema, then its own declarations."""
        merged: dict[str, FieldSpec] = {}
        if s.schema_name:
            merged.update(self.schemas.get(s.schema_name, {}))
        merged.update(s.fields)
        return merged


class Component(BaseModel):
    """One distinct face of the validated catalog, with its count and where it was defined."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    id: str
    name: str
    kind: str
    group: str
    count: int
    fields: dict[str, Any]
    set: str
    back: str | None
    size: str
    designer_choice: list[str]
    file: str
    line: int | None

    def public(self) -> dict[str, Any]:
        """The documented JSON shape of a component."""
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "group": self.group,
            "count": self.count,
            "fields": self.fields,
            "set": self.set,
            "back": self.back,
            "size": self.size,
            "designer_choice": self.designer_choice,
        }
