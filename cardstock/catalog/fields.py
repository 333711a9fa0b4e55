"""The registry of field types a catalog may declare, and row models built from them.

A game declares its per-set fields as data (`type = "int"`, `min = 0`, …). Each type in
`FIELD_TYPES` turns such a declaration into a Pydantic annotation; `row_model` assembles
them, with the reserved columns, into a model with `extra="forbid"` for that set.
"""

# No `from __future__ import annotations`: Pydantic is handed this module's annotations as
# objects (as text, each field's would be compiled and evaluated as its model is made).
import math
import re
import unicodedata
from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationInfo,
    create_model,
    field_validator,
    model_validator,
)

from ..core.colors import named_color
from ..core.scripts import printable
from ..core.units import UnitError, parse_length

RESERVED_COLUMNS = ("id", "name", "count", "designer_choice")
# Names the face templates already give a meaning (cardstock.layout.context); a field of
# the same name would hide it, so such a field is refused when the game loads.
TEMPLATE_NAMES: dict[str, str] = {
    "game": "the game's title, version and description",
    "icons": (
        "the game's icons, each with its `label` as the language prints it"
        " (`icon.<icon>.label`): `{{ icons.key.label }}`"
    ),
    "theme": "the layout's theme colours",
    "id": "the component's id",
    "group": "the component's group (the source's: templates find components by it)",
    "group_said": "the component's group as the language prints it (`set.<set>.group`)",
    "kind": "the component's kind",
    "set": "the component's set",
    "set_name": "the set's name",
    "fields": "all of the component's fields",
    "said": "the component's fields as the language prints them (choices translated)",
    "labels": (
        "each field's label as the language prints it (`label.<field>`, else its `label`,"
        " else its name made readable): `{{ said.power }} {{ labels.power | lower }}`"
    ),
    "cell": (
        "`cell(table, row, column)`: one word of a `[tables.*]` as the language prints it,"
        " its row and column found by the source's words, as rulebook templates have it:"
        " `{{ cell('hierarchy', '—', 'Kind') }}`"
    ),
    "side": "the side being drawn",
    "texts": "the rendered text fields",
    "text_fields": "the names of the text fields",
    "facts": "the labelled facts",
    "all_facts": "every labelled fact",
    "accents": "the colour-coding pairs",
    "accent": "the accent colour",
    "accent_icon": "the accent icon",
    "stat": "the first number field",
    "art_file": "the picture the default layouts draw",
    "version_mark": "the version mark",
    "version_code": "what the card's QR code holds: its version ([playtest] code)",
    "quickref": "a reference card's text",
    "back": "the back being drawn",
    "mix": "the colour helper mix()",
    "tint": "the colour helper tint()",
    "shade": "the colour helper shade()",
    "readable": "the colour helper readable()",
    "luminance": "the colour helper luminance()",
    "contrast": "the colour helper contrast()",
    "legible": "the colour helper legible()",
    "back_version_mark": "the version mark a back layout may show",
    "range": "Jinja's range()",
    "dict": "Jinja's dict()",
    "lipsum": "Jinja's lipsum()",
    "cycler": "Jinja's cycler()",
    "joiner": "Jinja's joiner()",
    "namespace": "Jinja's namespace()",
    "true": "Jinja's true",
    "false": "Jinja's false",
    "none": "Jinja's none",
    "True": "Jinja's True",
    "False": "Jinja's False",
    "None": "Jinja's None",
    "_": "the words a translation gives (Jinja's i18n extension, docs/languages.md)",
    "gettext": "the words a translation gives (as `_`)",
    "ngettext": "the words a translation gives, singular or plural",
    "pgettext": "the words a translation gives, in a context",
    "npgettext": "the words a translation gives, in a context, singular or plural",
}
BACK_COLUMN = "back"  # optional per row: the back from [backs] for this row, instead of the set's
SKIP_COLUMN = "skip"  # optional per row: a true value leaves the row out (a note, a template row)
MAX_COUNT = 10_000  # copies of one component (a row's `count`); see docs/catalog-format.md
# the largest bound (`min`, `max`) or `default` an int field may give, either side of 0: a
# whole number a float holds exactly (below 2**53), far past any count or score a game
# prints; Pydantic refuses, as an internal error, to build a row model bounded by a
# float that is no 64-bit whole number (`inf`, `nan`, `9.5`, `1e300`)
MOST_INT_BOUND = 10**15
# the values a `choice` field may list, and each one's characters: a choice is a word a
# face prints (the shipped games list 8 at most, of at most 14 characters), and every
# refused cell's message lists them all
MOST_CHOICES = 1_000
MAX_CHOICE = 200
# the characters of a field's `label`: a face prints it beside the value
MAX_LABEL = 200
SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
COLOR_PATTERN = r"^#[0-9a-fA-F]{6}$"


def slugify(text: str) -> str:
    """A readable id: accents dropped (Café Brawl → cafe-brawl), lowercase, words joined by
    single hyphens; "" when nothing usable is left."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")


# symbols a card's name often holds, by the word a player says for them; any other symbol
# is spelled by its Unicode name (🔥 is `fire`, ⚔ `crossed-swords`)
SYMBOL_WORDS = {
    "♠": "spades",
    "♤": "spades",
    "♣": "clubs",
    "♧": "clubs",
    "♥": "hearts",
    "♡": "hearts",
    "♦": "diamonds",
    "♢": "diamonds",
    "★": "star",
    "☆": "star",
}


def spelled_slug(text: str) -> str:
    """An id made from a name that keeps what its symbols say: as `slugify`, but each
    symbol beyond ASCII (a suit, a star, an emoji) becomes its word (`9♣` is `9-clubs`,
    `9♠` is `9-spades`), so names that differ by a symbol keep different ids."""
    spelled = []
    for char in text:
        if not char.isascii() and unicodedata.category(char).startswith("S"):
            spelled.append(f" {SYMBOL_WORDS.get(char) or unicodedata.name(char, '')} ")
        else:
            spelled.append(char)
    return slugify("".join(spelled))


def _ticked(value: Any) -> Any:
    """A `bool` cell's `x` (a ticked box, as spreadsheets and Squib's data mark a trait, and
    as the `skip` column reads it) is true; every other value is Pydantic's to read."""
    if isinstance(value, str) and value.strip().casefold() == "x":
        return True
    return value


def _blank_to_none(value: Any) -> Any:
    if isinstance(value, str) and value.strip() == "":
        return None
    return value


def _split_list(value: Any) -> Any:
    """ "a | b | c" → ["a", "b", "c"]; a list (from TOML) passes through."""
    if isinstance(value, str):
        return [part.strip() for part in value.split("|") if part.strip()]
    return value


def _split_words(value: Any) -> Any:
    """ "fire cloud" or "fire, cloud" → ["fire", "cloud"]."""
    if isinstance(value, str):
        return [part for part in re.split(r"[\s,|]+", value) if part]
    return value


def check_length(value: Any) -> Any:
    """A length like '3mm' passes unchanged (None too); anything else is a ValueError."""
    if value is None:
        return value
    try:
        parse_length(value)
    except UnitError as exc:
        raise ValueError(str(exc)) from None
    return value


def _single_line(value: Any) -> Any:
    if isinstance(value, str) and "\n" in value:
        raise ValueError(
            "expected a single line of text; use a field of type 'text' for paragraphs"
        )
    return value


class FieldSpec(BaseModel):
    """One field of a component set, as declared in the game file."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    type: str = Field(
        description="What a cell holds: int, number, str, text, bool, choice, icon, icons, "
        "list, art, color or length (`docs/catalog-format.md`, Field types).",
        examples=["int"],
    )
    label: str | None = Field(
        default=None,
        max_length=MAX_LABEL,
        description="The field's name as faces print it beside its value (at most "
        f"{MAX_LABEL} characters). Unset: the field's name. A language translates it as "
        "`label.<field>` (docs/languages.md).",
        examples=["Power"],
    )
    required: bool = Field(
        default=False,
        description="Every row must give a value; otherwise an empty cell is no value.",
        examples=[True],
    )
    min: float | None = Field(
        default=None,
        description="The least value an int or number may have: a finite number; an int "
        f"field's a whole number from -{MOST_INT_BOUND:,} to {MOST_INT_BOUND:,}.",
        examples=[1],
    )
    max: float | None = Field(
        default=None,
        description="The greatest value an int or number may have, at least `min`: a finite "
        f"number; an int field's a whole number from -{MOST_INT_BOUND:,} to "
        f"{MOST_INT_BOUND:,}.",
        examples=[12],
    )
    default: Any = Field(
        default=None,
        description="The value an empty cell stands for; an int or number field's a "
        "number as `min` and `max` are, within them.",
        examples=[0],
    )
    choices: (
        Annotated[
            list[Annotated[str, Field(min_length=1, max_length=MAX_CHOICE)]],
            Field(max_length=MOST_CHOICES),
        ]
        | None
    ) = Field(
        default=None,
        description=f"The values a `choice` field may hold: at most {MOST_CHOICES:,}, each "
        f"of at most {MAX_CHOICE} characters.",
        examples=[["red", "blue", "green"]],
    )
    translate: bool | None = Field(
        default=None,
        description="Whether translations give this field in each language "
        "(`docs/languages.md`). Unset: `text` fields are translated, other types are not.",
        examples=[True],
    )
    help: str | None = Field(
        default=None,
        description="A note for whoever fills the table in.",
        examples=["The cost in gold, 0 to 9"],
    )

    @field_validator("type")
    @classmethod
    def _known_type(cls, value: str) -> str:
        if value not in FIELD_TYPES:
            raise ValueError(
                f"unknown field type {value!r}; expected one of {', '.join(FIELD_TYPES)}"
            )
        return value

    @field_validator("min", "max", "default")
    @classmethod
    def _numeric(cls, value: Any, info: ValidationInfo) -> Any:
        kind = info.data.get("type")
        if value is None or kind not in ("int", "number"):
            return value
        value = _bound(value, kind)
        least = info.data.get("min") if info.field_name != "min" else None
        most = info.data.get("max") if info.field_name == "default" else None
        if least is not None and value < least:
            raise ValueError(f"expected a number of at least min ({_shown(least)}), got {value}")
        if most is not None and value > most:
            raise ValueError(f"expected a number of at most max ({_shown(most)}), got {value}")
        return value

    @model_validator(mode="after")
    def _choices_given(self) -> "FieldSpec":
        if self.type == "choice" and not self.choices:
            raise ValueError("a field of type 'choice' needs a list of 'choices'")
        return self


def _shown(x: float) -> str:
    return str(int(x)) if x.is_integer() else str(x)


def _bound(value: Any, kind: str) -> float:
    """An int or number field's `min`, `max` or `default` as a number, or a ValueError:
    a finite number, and an int field's a whole one within `MOST_INT_BOUND`."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"expected a number, got {value!r}")
    if not math.isfinite(value):
        raise ValueError(f"expected a finite number, got {value}")
    if kind == "int" and (value != int(value) or abs(value) > MOST_INT_BOUND):
        raise ValueError(
            f"expected a whole number from -{MOST_INT_BOUND:,} to {MOST_INT_BOUND:,} "
            f"(cardstock's limit for an int field), got {value}"
        )
    return value


def _number(base: type) -> Callable[[FieldSpec], Any]:
    def make(spec: FieldSpec) -> Any:
        if base is float:  # a cell of `nan`, `inf` or `1e400` is no number a card prints
            return Annotated[float, Field(ge=spec.min, le=spec.max, allow_inf_nan=False)]
        return Annotated[base, Field(ge=spec.min, le=spec.max)]

    return make


def _choice(spec: FieldSpec) -> Any:
    if not spec.choices:
        raise ValueError("a field of type 'choice' needs a list of 'choices'")
    return Literal[tuple(spec.choices)]


FIELD_TYPES: dict[str, Callable[[FieldSpec], Any]] = {
    "int": _number(int),
    "number": _number(float),
    "str": lambda spec: Annotated[str, BeforeValidator(_single_line)],
    "text": lambda spec: str,  # paragraphs; Jinja2 markup and :icon: allowed
    "bool": lambda spec: Annotated[bool, BeforeValidator(_ticked)],
    "choice": _choice,
    "icon": lambda spec: Annotated[str, Field(pattern=SLUG_PATTERN)],
    "icons": lambda spec: Annotated[
        list[Annotated[str, Field(pattern=SLUG_PATTERN)]], BeforeValidator(_split_words)
    ],
    "list": lambda spec: Annotated[list[str], BeforeValidator(_split_list)],
    "art": lambda spec: str,  # a file inside the game folder; checked by the loader
    "color": lambda spec: Annotated[
        str, BeforeValidator(named_color), Field(pattern=COLOR_PATTERN)
    ],
    "length": lambda spec: Annotated[str, BeforeValidator(check_length)],
}

REFERENCE_TYPES = {"icon": "icon", "icons": "icon", "art": "art"}
PRINTED_TYPES = frozenset({"str", "text", "choice", "list"})  # field types whose text is printed


def annotation_for(spec: FieldSpec) -> Any:
    """The Pydantic annotation for one declared field (blank cells become None)."""
    if spec.type not in FIELD_TYPES:
        raise ValueError(
            f"unknown field type {spec.type!r}; expected one of {', '.join(FIELD_TYPES)}"
        )
    inner = FIELD_TYPES[spec.type](spec)
    if spec.type in PRINTED_TYPES:  # NFC (no script is refused)
        inner = Annotated[inner, BeforeValidator(printable)]
    if spec.required:
        return Annotated[inner, BeforeValidator(_blank_to_none)]
    return Annotated[inner | None, BeforeValidator(_blank_to_none)]


# The row models made, by set name and declared fields: a model is decided by them alone,
# and building one with Pydantic costs more than reading a small table, so a process (a
# build reading several languages of a game, a `--watch` rebuilding) makes each once.
_ROW_MODELS: dict[tuple[str, tuple[tuple[str, str], ...]], type[BaseModel]] = {}
ROW_MODELS_KEPT = 256  # more distinct sets than that in one process: start again


def row_model(name: str, fields: dict[str, FieldSpec]) -> type[BaseModel]:
    """A model for one row of a set: reserved columns plus the declared fields."""
    key = (name, tuple((k, repr(spec)) for k, spec in fields.items()))
    made = _ROW_MODELS.get(key)
    if made is None:
        made = _row_model(name, fields)
        if len(_ROW_MODELS) >= ROW_MODELS_KEPT:
            _ROW_MODELS.clear()
        _ROW_MODELS[key] = made
    return made


def _row_model(name: str, fields: dict[str, FieldSpec]) -> type[BaseModel]:
    definitions: dict[str, Any] = {
        "id": (
            Annotated[
                Annotated[str, Field(pattern=SLUG_PATTERN)] | None,
                BeforeValidator(_blank_to_none),
            ],
            None,
        ),
        "name": (
            Annotated[
                str, BeforeValidator(_single_line), BeforeValidator(printable), Field(min_length=1)
            ],
            ...,
        ),
        "count": (Annotated[int, Field(gt=0, le=MAX_COUNT)], ...),
        "designer_choice": (Annotated[list[str] | None, BeforeValidator(_split_words)], None),
        # a back's id, or a value the set's back_values or a back's id matches loosely
        BACK_COLUMN: (
            Annotated[
                Annotated[str, BeforeValidator(_single_line)] | None,
                BeforeValidator(_blank_to_none),
            ],
            None,
        ),
    }
    for key, spec in fields.items():
        ann = annotation_for(spec)
        definitions[key] = (ann, ... if spec.required else spec.default)
    validators: dict[str, Any] = {
        "blank_cells_take_defaults": model_validator(mode="before")(_drop_blank_cells)
    }
    return create_model(
        name,
        __config__=ConfigDict(extra="forbid", str_strip_whitespace=True),
        __validators__=validators,
        **definitions,
    )


def _drop_blank_cells(cls: type, data: Any) -> Any:
    """An empty cell means "no value": the field's default applies, or it is required."""
    if isinstance(data, dict):
        return {k: v for k, v in data.items() if not (isinstance(v, str) and v.strip() == "")}
    return data
