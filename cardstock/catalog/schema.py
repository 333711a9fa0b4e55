"""Pydantic models of a game file (`catalog/<game>/game.toml`), and the validated catalog's
components."""

# No `from __future__ import annotations`: Pydantic is handed this module's annotations as
# objects (as text, each field's would be compiled and evaluated as its model is made).
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    field_validator,
    model_validator,
)

from ..core.colors import named_color
from ..core.language import MOST_LANGUAGES
from ..core.language import refused as not_a_language
from ..core.patterns import check_pattern, pattern_fields
from ..core.scripts import printable
from ..core.units import UnitError, parse_length, parse_size
from ..core.validation import model_field
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


def _language(code: str) -> str:
    """A language code (`core.language`), or a ValueError saying why it is none."""
    problem = not_a_language(code)
    if problem is not None:
        raise ValueError(problem)
    return code


Language = Annotated[str, AfterValidator(_language)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)


MAX_SIDE_MM = 1000  # the longest side a component may have; see docs/catalog-format.md
# the characters of a game's title: its backs, footers and pages print it whole (the
# longest title of the shipped games has 24)
MAX_TITLE = 200
# the characters of the game's `description` and of each `credits` line, which the
# rulebook's cover sets as paragraphs of their own, outside the rendered rulebook's bounds
# (`books.bounds`), and of a set's `description`, which its glossary sets so: a
# downloads-page blurb (the shipped games' longest description has 163)
MAX_DESCRIPTION = 2_000
MOST_CREDITS = 100  # lines of `credits`, each a paragraph of the rulebook's cover
# the shortest side a component may have: smaller than any piece a game prints (the
# smallest size named among the shipped games and tests is 16 mm), larger than nothing,
# so a sheet's grid has a size to divide
MIN_SIDE_MM = 5


def _size(value: str) -> str:
    try:
        w, h = parse_size(value)
    except UnitError as exc:
        raise ValueError(str(exc)) from None
    if max(w, h) > parse_length(f"{MAX_SIDE_MM}mm"):
        raise ValueError(f"a component may be at most {MAX_SIDE_MM} mm on a side, got {value!r}")
    if min(w, h) < parse_length(f"{MIN_SIDE_MM}mm"):
        raise ValueError(f"a component must be at least {MIN_SIDE_MM} mm on a side, got {value!r}")
    return value


# the most players a game may be for: its setup is simulated for every count, each with
# piles of its own for every player (docs/catalog-format.md, "Each reader is bounded")
MOST_PLAYERS = 100


class Players(Strict):
    min: int = Field(
        ge=1,
        le=MOST_PLAYERS,
        description=f"The fewest players the game is for (at most {MOST_PLAYERS}).",
        examples=[2],
    )
    max: int = Field(
        ge=1,
        le=MOST_PLAYERS,
        description=f"The most players the game is for (at most {MOST_PLAYERS}).",
        examples=[6],
    )

    @model_validator(mode="after")
    def _ordered(self) -> "Players":
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is larger than max ({self.max})")
        return self


class PrintSettings(Strict):
    """Defaults for faces and sheets; a deck or the CLI may override them."""

    card_size: str = Field(
        default="poker",
        description="The size of the game's cards: poker, bridge, tarot, mini, square, or a "
        "width and height.",
        examples=["63.5mm x 88.9mm"],
    )
    papers: list[str] = Field(
        default=["letter", "a4"],
        description="The papers print-and-play sheets and booklets are made for: letter, a4, "
        "each listed once.",
        examples=[["a4"]],
    )
    bleed: str = Field(
        default="3mm",
        description="How far art runs past each cut edge, so a cut a little off shows no white.",
        examples=["2mm"],
    )
    safe: str = Field(
        default="3mm",
        description="The margin inside the cut edge that text keeps clear of.",
        examples=["4mm"],
    )
    # the resolution `px` lengths are at, in the game file and its layouts (Squib and
    # nanDECK measure cards in pixels at 300 dpi); None: CSS pixels, 96 to the inch
    dpi: float | None = Field(
        default=None,
        gt=0,
        le=10_000,
        description="What a `px` length is, in the game file and its layouts: 1/dpi inch "
        "(Squib and nanDECK count 300). Unset: 96 to the inch, as CSS.",
        examples=[300],
    )
    card_thickness: str = Field(
        default="0.32mm",
        description="One unsleeved card's thickness, from which a tuck box's depth is counted.",
        examples=["0.3mm"],
    )
    sleeves: Literal["none", "thin", "thick"] = Field(
        default="none",
        description="The sleeves the cards go in, for which a tuck box makes room.",
        examples=["thin"],
    )
    tuckbox_min_cards: int = Field(
        default=10,
        ge=1,
        description="A deck of fewer cards gets no tuck box (a warning says so).",
        examples=[20],
    )

    _v_size = field_validator("card_size")(_size)
    _v_bleed = field_validator("bleed", "safe", "card_thickness")(check_length)

    @field_validator("papers")
    @classmethod
    def _papers(cls, value: list[str]) -> list[str]:
        for paper in value:
            if paper not in ("letter", "a4"):
                raise ValueError(f"unknown paper {paper!r}; expected 'letter' or 'a4'")
        return once(value, "paper")


def once(value: list[str], what: str, folded: bool = False) -> list[str]:
    """`value` when it names nothing twice, else a ValueError naming the first repeat: a
    paper, an edition or a language is a build of its own, listed once. `folded`: items
    that differ only in case are the same (a language code: `pt-BR` is `pt-br`)."""
    seen: set[str] = set()
    for item in value:
        key = item.casefold() if folded else item
        if key in seen:
            raise ValueError(f"the {what} {item!r} is listed twice; list each {what} once")
        seen.add(key)
    return value


# text of the game file that is printed: NFC, and scripts that cannot print refused
Printed = Annotated[str, BeforeValidator(printable)]
# a printed name (an icon's label, a back's subtitle) and a printed sentence (the game's
# description), each bounded: the bound inside the type, so that an unset value stays
# allowed and a long one reads as a text too long
PrintedName = Annotated[str, Field(max_length=MAX_TITLE), BeforeValidator(printable)]
PrintedSentence = Annotated[str, Field(max_length=MAX_DESCRIPTION), BeforeValidator(printable)]


class Icon(Strict):
    """An icon the game's text and fields may name (`:fire:`, or a field of type icon)."""

    label: PrintedName | None = Field(
        default=None,
        description="The icon's name in words, as legends and rulebooks print it (at most "
        f"{MAX_TITLE} characters). Unset: the id, capitalised.",
        examples=["Fire"],
    )
    symbol: str | None = Field(
        default=None,
        description="The drawing: a symbol of the shared library, or `icons/NAME.svg` of "
        "the game's folder as `NAME`. Unset: the icon's own id.",
        examples=["flame"],
    )
    color: Color | None = Field(
        default=None,
        description="The colour the icon is drawn in. Unset: the colour of the text around it.",
        examples=["#c0392b"],
    )


class Back(Strict):
    """The back shared by every card of a deck."""

    title: Printed = Field(
        max_length=MAX_TITLE,
        description=f"The words the back prints (at most {MAX_TITLE} characters).",
        examples=["Atmosfear"],
    )
    subtitle: PrintedName | None = Field(
        default=None,
        description=f"A smaller line under the title (at most {MAX_TITLE} characters).",
        examples=["The Card Game"],
    )
    color: Color = Field(
        default="#2f3640", description="The back's background colour.", examples=["#1b1b1f"]
    )
    icon: str | None = Field(
        default=None,
        description="An icon drawn on the back; it must be one of the game's icons.",
        examples=["gate"],
    )
    art: str | None = Field(
        default=None,
        description="A picture (PNG, JPEG or SVG) in the game folder that fills the back.",
        examples=["art/back.png"],
    )


class Clean(Strict):
    """Clean-up of every cell as a game's tables are read, before any field reads it."""

    replace: dict[Annotated[str, Field(min_length=1)], str] = Field(
        default={},
        description="Text to replace in every cell, in order, before anything else reads "
        "it: nanDECK's `%n` or an HTML `<br>` becomes a line break, so the table needs no "
        "edit.",
        examples=[{"%n": "\n", "<br>": "\n"}],
    )
    emoji: dict[Annotated[str, Field(min_length=1)], Slug] = Field(
        default={},
        description="Emoji (or any text) to read as one of the game's icons: in text it "
        "becomes `:id:`, in an `icon` or `icons` cell the icon's id. An emoji no entry "
        "replaces prints in the first font of its box that has its glyph; one no font has "
        "is a warning at its line.",
        examples=[{"🔥": "fire", "💧": "water"}],
    )


RuleValue = str | int | float | bool


class RowRule(Strict):
    """A rule that matches a table's rows by one column: its cell missing or empty
    (`missing`), one of some values (`is`), or a yes in a marker column (`marked`)."""

    column: Annotated[str, Field(min_length=1)] = Field(
        description="The column the rule reads, matched as headers are (any case, "
        "surrounding spaces); a YAML or JSON row's nested key is dotted (`meta.status`). "
        "It need not fill a field.",
        examples=["faction"],
    )
    is_: RuleValue | list[RuleValue] | None = Field(
        default=None,
        alias="is",
        description="The rule matches a row whose cell is one of these values (any case; "
        "a list cell matches when one of its items is).",
        examples=[["Elves", "Dwarves"]],
    )
    missing: Literal[True] | None = Field(
        default=None,
        description="The rule matches a row without the column or with its cell empty (a "
        "YAML row that is only an anchor's template).",
        examples=[True],
    )
    marked: Literal[True] | None = Field(
        default=None,
        description="The rule matches a row whose cell says yes: `true`, `yes`, `y`, `x` or "
        "`1` (any case); empty, `false`, `no`, `n` or `0` say no, anything else is an error.",
        examples=[True],
    )

    @model_validator(mode="after")
    def _one_test(self) -> "RowRule":
        given = [k for k in ("is", "missing", "marked") if getattr(self, _ATTR[k]) is not None]
        if len(given) != 1:
            raise ValueError(
                "give exactly one of 'is' (values), 'missing = true' or 'marked = true'"
                + (f"; it has {' and '.join(given)}" if given else "")
            )
        if self.is_ == []:
            raise ValueError("'is' lists no value")
        return self

    def values(self) -> list[RuleValue]:
        """The values of `is`, a single one as a list of one."""
        if self.is_ is None:
            return []
        return list(self.is_) if isinstance(self.is_, list) else [self.is_]


_ATTR = {"is": "is_", "missing": "missing", "marked": "marked"}


class ComponentSet(Strict):
    """A deck or set of like components, whose rows come from a table file or inline."""

    id: Slug = Field(description="The set's id, unique in the game.", examples=["realms"])
    name: str = Field(
        max_length=MAX_TITLE,
        description=f"The set's name, as the catalog shows it (at most {MAX_TITLE} characters).",
        examples=["Realms"],
    )
    one: str | None = Field(
        default=None,
        max_length=MAX_TITLE,
        description="The set's name for a single component, where the set holds one (a "
        "rulebook's component list says `1 Objective card`, not `1 Objective cards`), at most "
        f"{MAX_TITLE} characters. Unset: `name`, whatever the count.",
        examples=["Objective card"],
    )
    kind: KindName = Field(
        description="What the components are: card, tile, token, die, pawn, board or reference.",
        examples=["card"],
    )
    group: str = Field(
        description="The deck or set each component is listed under; `{field}` names a "
        "field's value (a name alone: docs/catalog-format.md, *Patterns*).",
        examples=["Realm: {realm}"],
    )
    table: str | None = Field(
        default=None,
        description="The table file in the game folder the rows come from: CSV, TSV, XLSX, "
        "YAML or JSON; or an https:// address of one, read from the copy `cardstock pull` "
        "pinned (docs/catalog-format.md). Give this or `rows`.",
        examples=["realms.csv"],
    )
    sheet: str | None = Field(
        default=None,
        description="The sheet of an `.xlsx` table to read. Unset: the first.",
        examples=["Cards"],
    )
    header: bool = Field(
        default=True,
        description="The table's first row names its columns. `false`: it has no header "
        "row, every row is a component, and its columns are named by letter (A, B, C …, "
        "as a spreadsheet names them) for `columns` to map. CSV, TSV and XLSX tables.",
        examples=[False],
    )
    table_key: Annotated[str, Field(min_length=1)] | None = Field(
        default=None,
        description="In a YAML or JSON table whose rows sit under a key, beside other "
        "data (`tiles:` then a list), that key; a dotted path reaches deeper "
        "(`data.cards`). Unset: the file is the list of rows.",
        examples=["tiles"],
    )
    columns: dict[str, str] = Field(
        default={},
        description="Field name → the table's header for it, when the headers are your "
        "own words. A YAML or JSON row's nested mapping is a dotted header: `back.name` is "
        "`name` inside `back`.",
        examples=[{"name": "Title", "count": "Qty", "secret": "back.name"}],
    )
    extra_columns: Literal["error", "ignore"] = Field(
        default="error",
        description="What a column no field reads is: an error at the header, or skipped "
        "(`ignore`, for notes and formulas).",
        examples=["ignore"],
    )
    skip_rows: list[RowRule] = Field(
        default=[],
        description="Rules leaving rows of the table out: a row any of them matches is "
        "not read (a template row without a name, a value, a marker column). The build "
        "says how many rows each rule left out.",
        examples=[[{"column": "name", "missing": True}, {"column": "status", "is": "cut"}]],
    )
    keep_rows: list[RowRule] = Field(
        default=[],
        description="Rules keeping rows of the table: only a row every one of them matches "
        "is read (one faction of a larger database). Applied after `skip_rows`.",
        examples=[[{"column": "faction", "is": ["Elves", "Dwarves"]}]],
    )
    rows: list[dict[str, Any]] | None = Field(
        default=None,
        description="The rows written in the game file instead of a table.",
        examples=[[{"name": "Ember", "count": 2}]],
    )
    fields: dict[str, FieldSpec] = Field(
        default={},
        description="The set's own fields (its columns), added to those of its `schema`.",
    )
    schema_name: Slug | None = Field(
        default=None,
        alias="schema",
        description="A field schema of `[schemas]` whose fields the set has.",
        examples=["realm-card"],
    )
    back: Slug | None = Field(
        default=None,
        description="The back (of `[backs]`) behind each card; card and reference sets need "
        "one unless double-sided or chosen per row.",
        examples=["pack"],
    )
    size: str | None = Field(
        default=None,
        description="The components' size. Unset: by kind (cards: `print.card_size`).",
        examples=["bridge"],
    )
    layout: str | None = Field(
        default=None,
        description="The layout the faces are drawn with. Unset: the layout named like the "
        "set, else the kind's.",
        examples=["realm-card"],
    )
    # a layout file of the project (under layouts/) that this set's layouts come from,
    # shared by several sets or games: "layouts/shared/squib.toml"
    layout_file: str | None = Field(
        default=None,
        description="A layout file of the project that several sets or games share, merged "
        "after the shipped layouts and before the game's own.",
        examples=["layouts/shared/cards.toml"],
    )
    description: str | None = Field(
        default=None,
        max_length=MAX_DESCRIPTION,
        description="A sentence about the set, for the catalog; the rulebook's glossary "
        f"gives it as the set's meaning (at most {MAX_DESCRIPTION:,} characters).",
        examples=["The twelve ranks of each realm."],
    )
    # both sides drawn from the row's own fields: the back side uses the layout
    # "<layout>-back" or "<set id>-back" (else the front's), and no deck back is needed
    double_sided: bool = Field(
        default=False,
        description="Both sides are drawn from the row's own fields; the second side uses "
        "the layout `<layout>-back` or `<set>-back`, else the front's. No deck back is "
        "needed.",
        examples=[True],
    )
    single_sided: bool = Field(
        default=False,
        description="Printed on one side only: cards with no back at all (a blank reverse, "
        "no backs page), as tokens and tiles without a back already print.",
        examples=[True],
    )
    # the column whose values choose each row's back (matched ignoring case, spaces and
    # hyphens: "Starting Player" is the back "starting-player"); it may also fill a field
    back_column: Annotated[str, Field(min_length=1)] | None = Field(
        default=None,
        description="The column whose value chooses each row's back, matched to a back's id "
        'ignoring case, spaces and hyphens ("Starting Player" is `starting-player`); it may '
        "fill a field too.",
        examples=["Type"],
    )
    # values of the back column (or of a `back` column) → back ids, where they differ
    back_values: dict[str, Slug] = Field(
        default={},
        description="Values of the back column (or of a `back` column) → back ids, where "
        "they are not the same words.",
        examples=[{"Monster": "enemy-back", "Hero": "hero-back"}],
    )
    # the pattern of the set's ids ("{set}-{name}", slugified); default: the row's id,
    # else its name in lowercase with hyphens
    ids: str | None = Field(
        default=None,
        description="The pattern each row's id is made from, `{field}` naming a value and "
        "`{set}` the set's id, made lowercase with hyphens (each field a name alone: "
        "docs/catalog-format.md, *Patterns*). Unset: the row's `id`, else its name.",
        examples=["{set}-{name}"],
    )

    _v_size = field_validator("size")(lambda v: v if v is None else _size(v))
    _v_group = field_validator("group")(check_pattern)
    _v_ids = field_validator("ids")(lambda v: v if v is None else check_pattern(v))

    @field_validator("fields")
    @classmethod
    def _fields(cls, value: dict[str, FieldSpec]) -> dict[str, FieldSpec]:
        return _check_field_specs(value)

    @model_validator(mode="after")
    def _one_source(self) -> "ComponentSet":
        if (self.table is None) == (self.rows is None):
            raise ValueError(
                "give exactly one of 'table' (a CSV, TSV, XLSX, YAML or JSON file) or 'rows' "
                "(inline rows)"
            )
        if self.sheet is not None and not (self.table or "").lower().endswith(".xlsx"):
            raise ValueError("'sheet' applies only to an .xlsx table")
        if self.rows is not None and (self.skip_rows or self.keep_rows):
            raise ValueError(
                "'skip_rows' and 'keep_rows' choose rows of a table; leave out the inline rows "
                "you do not want"
            )
        return self

    def group_fields(self) -> list[str]:
        return pattern_fields(self.group)

    def id_fields(self) -> list[str]:
        """The names the set's `ids` pattern formats (`set` is the set's own id)."""
        return pattern_fields(self.ids or "")


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

    topic: str = Field(description="What the rulebook leaves open.", examples=["player count"])
    choice: str = Field(description="The value chosen.", examples=["2 to 6 players"])
    reason: str | None = Field(
        default=None,
        description="Why; the rules checker proves the choice works.",
        examples=["the setup deals evenly for 2 to 6"],
    )


class DataTable(Strict):
    """A table of rule data (a scoring chart, a hierarchy) that rulebooks and quick-reference
    cards print; typed once here, never in a template."""

    title: str = Field(description="The table's caption.", examples=["Realm hierarchy"])
    columns: list[str] = Field(
        min_length=1, description="The column headings.", examples=[["Rank", "Card"]]
    )
    rows: list[list[Any]] = Field(
        min_length=1,
        description="The rows, one value per column.",
        examples=[[[12, "Harbinger"], [1, "Fear"]]],
    )
    note: str | None = Field(
        default=None,
        description="A line printed under the table.",
        examples=["Ties go to the lower rank."],
    )

    @model_validator(mode="after")
    def _widths(self) -> "DataTable":
        for i, row in enumerate(self.rows):
            if len(row) != len(self.columns):
                raise ValueError(
                    f"row {i + 1} has {len(row)} cells but there are {len(self.columns)} columns"
                )
        return self


FEEDBACK_FIELDS = ("card", "version", "who", "when", "note", "tags", "status", "game")
CODE_NAMES = ("game", "card", "version")  # what a card's version code may name


class Playtest(Strict):
    """How playtest copies say which version each card is, and how playtesters' notes are
    read (docs/playtest.md)."""

    qr: bool = Field(
        default=False,
        description="Print a QR code of each card's version on its front (the shipped "
        "layouts' `code` box; a layout of your own shows `{{ version_code }}` in a `qr` box).",
        examples=[True],
    )
    code: str = Field(
        default="{game}/{card}@{version}",
        max_length=512,
        description="What a card's QR code holds: `{game}`, `{card}` and `{version}` are "
        "filled in (each URL-encoded when the code is an https:// address, such as a form "
        "that opens with the card filled in). A pattern: each field a name alone, `{{` and "
        "`}}` a brace (docs/catalog-format.md, *Patterns*).",
        examples=["https://example.org/form?card={card}&version={version}"],
    )
    uploads: bool = Field(
        default=False,
        description="Print the version mark and code on print-shop uploads too (a print "
        "run leaves them off unless asked).",
        examples=[True],
    )
    columns: dict[str, str] = Field(
        default={},
        description="A notes field → the header a form's export gives it, read by "
        "`cardstock feedback import` (fields: " + ", ".join(FEEDBACK_FIELDS) + ").",
        examples=[{"card": "Which card?", "note": "What happened?"}],
    )

    @field_validator("code")
    @classmethod
    def _code(cls, value: str) -> str:
        check_pattern(value, CODE_NAMES)  # the one formatter's rules (`core.patterns`)
        if "version" not in pattern_fields(value):
            raise ValueError("the code must hold the card's {version}")
        return value

    @field_validator("columns")
    @classmethod
    def _columns(cls, value: dict[str, str]) -> dict[str, str]:
        unknown = sorted(set(value) - set(FEEDBACK_FIELDS))
        if unknown:
            raise ValueError(
                f"no notes field {unknown[0]!r}; the fields are " + ", ".join(FEEDBACK_FIELDS)
            )
        return value


class RulebookSettings(Strict):
    """How the rulebook's reading edition is set."""

    columns: Literal[1, 2] = Field(
        default=2,
        description="Columns of the reading PDF's text. 2: the reading PDF is a whole Letter "
        "(or A4) page in two columns, as published rulebooks are, and the booklet is laid "
        "out apart in one column; 1: the reading PDF is the booklet's own half-letter (or "
        "A5) pages, in one column.",
        examples=[1],
    )


class Game(Strict):
    """The whole game file."""

    id: Slug = Field(
        description="The game's id; it must be the game folder's name.", examples=["atmosfear"]
    )
    title: Printed = Field(
        max_length=MAX_TITLE,
        description="The game's title, as faces and rulebooks print it.",
        examples=["Atmosfear: The Card Game"],
    )
    version: Annotated[str, Field(pattern=r"^\d+\.\d+(\.\d+)?([-+][0-9A-Za-z.-]+)?$")] = Field(
        description="The game's version, printed on every face with a content hash.",
        examples=["0.1.0"],
    )
    players: Players = Field(description="How many play.")
    description: PrintedSentence | None = Field(
        default=None,
        description="One sentence about the game, for the downloads page and the rulebook's "
        f"cover (at most {MAX_DESCRIPTION:,} characters).",
        examples=["A card game of fear and luck."],
    )
    source: str | None = Field(
        default=None,
        description="Where the game's rules come from.",
        examples=["the 1995 rulebook"],
    )
    language: Language = Field(
        default="en",
        description="The language the game's tables and templates are written in (a BCP 47 "
        "code); translations are made from it (`docs/languages.md`).",
        examples=["en"],
    )
    languages: list[Language] = Field(
        default=[],
        max_length=MOST_LANGUAGES,
        description="The languages the game ships besides its own, each translated in "
        "`translations/<code>.po`, each listed once; `cardstock check --lang` reports what "
        "each lacks.",
        examples=[["de", "fr"]],
    )
    editions: list[Literal["ink-saver", "high-contrast"]] = Field(
        default=[],
        description="The editions every build makes besides the colour one: `ink-saver` "
        "(fills lightened, backs outlined), `high-contrast` (text at 7:1, thicker rules); "
        "`--edition` asks for them too (`docs/editions.md`). Each listed once.",
        examples=[["ink-saver"]],
    )
    credits: list[Annotated[str, Field(max_length=MAX_DESCRIPTION)]] = Field(
        default=[],
        max_length=MOST_CREDITS,
        description=f"Lines of credits the rulebook's cover prints: at most {MOST_CREDITS}, "
        f"each of at most {MAX_DESCRIPTION:,} characters.",
        examples=[["Design: Ada", "Art: Brick"]],
    )
    print: PrintSettings = model_field(
        PrintSettings,
        "Print defaults; a set or the command line may override them.",
    )
    icons: dict[Slug, Icon] = Field(
        default={},
        description="Icons text may name (`:fire:`) and fields may hold; an SVG in the "
        "game's `icons/` folder is one without an entry.",
    )
    backs: dict[Slug, Back] = Field(default={}, description="The backs decks share.")
    schemas: dict[Slug, dict[str, FieldSpec]] = Field(
        default={}, description="Field declarations several sets share (a set's `schema`)."
    )
    sets: list[ComponentSet] = Field(
        min_length=1, description="The decks and sets of like components."
    )
    designer_choices: list[DesignerChoice] = Field(
        default=[], description="Values the rulebook leaves open, as the designer chose them."
    )
    tables: dict[Slug, DataTable] = Field(
        default={},
        description="Rule data (a scoring chart, a hierarchy) rulebooks and quick-reference "
        "cards print.",
    )
    clean: Clean = model_field(
        Clean,
        "Clean-up of every table cell as it is read: text replaced, emoji read as icons.",
    )
    playtest: Playtest = model_field(
        Playtest,
        "Playtest copies: a QR code of each card's version, and the columns of a form's "
        "export of playtesters' notes.",
    )
    rulebook: RulebookSettings = model_field(
        RulebookSettings,
        "How the rulebook's reading PDF is set: its columns (`docs/rulebooks.md`).",
    )

    @field_validator("languages")
    @classmethod
    def _languages(cls, value: list[str]) -> list[str]:
        return once(value, "language", folded=True)

    @field_validator("editions")
    @classmethod
    def _editions(cls, value: list[str]) -> list[str]:
        return once(value, "edition")

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


@dataclass(frozen=True, slots=True)
class Component:
    """One distinct face of the validated catalog, with its count and where it was defined.

    Not a Pydantic model: every value is checked before one is made (its row by the set's
    row model, `fields.row_model`, the rest by the loader's own checks), and a game holds
    one a card for the whole build. With slots a component is its 12 references (about
    130 bytes), where a model's `__dict__` and instance took about 540."""

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
