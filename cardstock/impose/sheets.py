"""Sheet layouts as data: `layouts/sheets/*.toml` → validated `Sheet`s, and printer profiles.

A sheet says which components it takes (kinds, sizes, games), on which papers, how they
are arranged (grid, honeycomb, packed), and how the page is marked (crop marks, cut lines,
registration marks, footer). Every length needs a unit. `printers.toml` in the same folder
holds printer profiles (a back offset per printer). Problems come back as `Issue`s located
at the file and line of the key, never as exceptions.
"""

# No `from __future__ import annotations`: Pydantic is handed this module's annotations as
# objects (as text, each field's would be compiled and evaluated as its model is made).
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, field_validator

from ..catalog.fields import COLOR_PATTERN, SLUG_PATTERN
from ..catalog.kinds import KindName
from ..core.files import present
from ..core.issues import Issue, Issues
from ..core.project import shared_layout
from ..core.tomlpos import Path as KeyPath
from ..core.tomlpos import line_for, read_toml
from ..core.units import (
    PAPERS,
    POINTS_PER,
    UnitError,
    fmt_mm,
    parse_length,
    parse_offset,
    parse_size,
)
from ..core.validation import dotted, issues_from, model_field

if TYPE_CHECKING:
    from ..core.stage import BuildOptions

PRINTERS_FILE = "printers.toml"
SHEET_MARGIN = (
    5 * POINTS_PER["mm"]
)  # home printers print reliably from 3 to 5 mm in (docs/sheets.md)
DEFAULT_MARGIN = (
    SHEET_MARGIN  # the printer margin when no printer profile sets one; a sheet file's least
)
MIN_MARGIN = (
    6 * POINTS_PER["mm"]
)  # the margin of pages laid out without a sheet (boards, tuck boxes, print then cut)
MIN_PRINTER_MARGIN = 3 * POINTS_PER["mm"]  # a profile may go this close, never closer


def _points(value: Any) -> float:
    try:
        return parse_length(value)
    except UnitError as exc:
        raise ValueError(str(exc)) from None


def _count(value: Any) -> int | None:
    """ "auto" (or absent) → None; a whole number of 1 or more passes."""
    if value is None or value == "auto":
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    raise ValueError(f'expected a whole number of 1 or more, or "auto", got {value!r}')


Length = Annotated[float, BeforeValidator(_points)]
Count = Annotated[int | None, BeforeValidator(_count)]
Color = Annotated[str, Field(pattern=COLOR_PATTERN)]
Slug = Annotated[str, Field(pattern=SLUG_PATTERN)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)


class GridSpec(Strict):
    """Rectangular pieces (cards, square tiles) in rows and columns."""

    columns: Count = Field(
        default=None,
        description='Columns of pieces on a page; unset or `"auto"`: as many as fit.',
        examples=[3],
    )
    rows: Count = Field(
        default=None,
        description='Rows of pieces on a page; unset or `"auto"`: as many as fit.',
        examples=[3],
    )
    gutter: Length = Field(
        default=0.0,
        description="Space between neighbouring trim boxes; 0 makes them share a cut line.",
        examples=["2mm"],
    )


class PackSpec(Strict):
    """Pieces that cannot share cut lines (tokens, die nets, standees), packed in rows."""

    gap: Length = Field(
        default=parse_length("4mm"),
        description="Space between the cut lines of neighbouring pieces.",
        examples=["5mm"],
    )
    rotate: bool = Field(
        default=True,
        description="A piece may turn a quarter when more then fit on the page.",
        examples=[False],
    )


class MarksSpec(Strict):
    """How cuts are shown: crop marks outside the cut area, thin cut lines, registration."""

    crop: bool = Field(
        default=True,
        description="Crop marks outside the cut area, in line with each cut.",
        examples=[False],
    )
    length: Length = Field(
        default=parse_length("4mm"), description="A crop mark's length.", examples=["5mm"]
    )
    min_length: Length = Field(
        default=parse_length("1.5mm"),
        description="A crop mark with less room than this is left out.",
        examples=["2mm"],
    )
    gap: Length = Field(
        default=parse_length("0.5mm"),
        description="Space between the bleed and a crop mark.",
        examples=["1mm"],
    )
    min_bleed: Length = Field(
        default=parse_length("2mm"),
        description="The least bleed a grid keeps on every cut edge.",
        examples=["3mm"],
    )
    cut_lines: Literal["auto", "always", "never"] = Field(
        default="auto",
        description="Thin lines along the cuts: always, never, or (auto) along the cuts no "
        "crop mark shows.",
        examples=["always"],
    )
    outlines: bool = Field(
        default=True,
        description="Cut outlines around shaped pieces (hexes, tokens, die nets).",
        examples=[False],
    )
    width: Length = Field(
        default=parse_length("0.3pt"),
        description="The line width of marks and cut lines.",
        examples=["0.5pt"],
    )
    color: Color = Field(
        default="#000000", description="The crop marks' colour.", examples=["#333333"]
    )
    cut_color: Color = Field(
        default="#7f7f7f", description="The cut lines' colour.", examples=["#ff00ff"]
    )
    fold_color: Color = Field(
        default="#7f7f7f", description="The fold lines' colour.", examples=["#00a0ff"]
    )
    registration: bool = Field(
        default=False,
        description="Registration marks in the corners, for a cutting machine.",
        examples=[True],
    )
    registration_size: Length = Field(
        default=parse_length("5mm"),
        description="The side of a registration mark.",
        examples=["6mm"],
    )
    registration_inset: Length = Field(
        default=parse_length("4mm"),
        description="Space from the page margin to the registration marks.",
        examples=["5mm"],
    )


class FooterSpec(Strict):
    """The line on each page naming the game, the sheet and how to print it."""

    edge: Literal["auto", "bottom", "top", "left", "right"] = Field(
        default="auto",
        description="The page edge the footer runs along; auto: where the pieces leave room.",
        examples=["bottom"],
    )
    font_size: Length = Field(
        default=parse_length("5.5pt"), description="The footer's text size.", examples=["6pt"]
    )
    gap: Length = Field(
        default=parse_length("0.5mm"),
        description="Space between the footer and what it sits beside.",
        examples=["1mm"],
    )
    scale_bar: bool = Field(
        default=True,
        description="A 1 in and a 25 mm bar, to check the page printed at 100 %.",
        examples=[False],
    )


class GutterfoldSpec(Strict):
    """Sheets printed single-sided with fronts and backs side by side, folded (`--gutterfold`)."""

    gap: Length = Field(
        default=parse_length("3mm"),
        description="The least space from the fold line to the nearest trim edge.",
        examples=["4mm"],
    )


PaperName = Annotated[str, Field(pattern=r"^[a-z0-9-]+$")]


class Sheet(Strict):
    """One sheet layout file."""

    name: str = Field(
        description="The sheet's name, printed in its footer.", examples=["Poker cards, 3 x 3"]
    )
    papers: list[PaperName] = Field(
        min_length=1, description="The papers the sheet is for.", examples=[["letter", "a4"]]
    )
    kinds: list[KindName] = Field(
        min_length=1,
        description="The kinds of piece the sheet holds.",
        examples=[["card", "reference"]],
    )
    sizes: list[str] = Field(
        default=[],
        description="Only pieces of these sizes; empty: any size.",
        examples=[["poker", "63.5mm x 88.9mm"]],
    )
    games: list[Slug] = Field(
        default=[], description="Only these games' pieces; empty: any game.", examples=[["vortex"]]
    )
    arrange: Literal["auto", "grid", "honeycomb", "pack"] = Field(
        default="auto",
        description="How pieces are placed: a grid sharing cut lines, a honeycomb of hexes, "
        "or packed rows; auto: as the pieces' shape asks.",
        examples=["grid"],
    )
    orientation: Literal["portrait", "landscape", "auto"] = Field(
        default="portrait",
        description="The page's orientation; auto: whichever holds more pieces.",
        examples=["landscape"],
    )
    margin: Length | None = Field(
        default=None,
        description="Nothing is printed closer to the paper's edge (at least 5mm). Unset: the "
        "printer profile's margin.",
        examples=["6mm"],
    )
    grid: GridSpec = model_field(
        GridSpec,
        "How a grid is laid out.",
    )
    pack: PackSpec = model_field(
        PackSpec,
        "How packed rows are laid out.",
    )
    marks: MarksSpec = model_field(
        MarksSpec,
        "How cuts are marked.",
    )
    footer: FooterSpec = model_field(
        FooterSpec,
        "The page's footer.",
    )
    gutterfold: GutterfoldSpec = model_field(
        GutterfoldSpec,
        "Sheets for `--gutterfold`.",
    )

    @field_validator("papers")
    @classmethod
    def _papers(cls, value: list[str]) -> list[str]:
        for paper in value:
            if paper not in PAPERS:
                raise ValueError(f"unknown paper {paper!r}; expected one of {', '.join(PAPERS)}")
        return value

    @field_validator("sizes")
    @classmethod
    def _sizes(cls, value: list[str]) -> list[str]:
        for size in value:
            try:
                parse_size(size)
            except UnitError as exc:
                raise ValueError(str(exc)) from None
        return value

    @field_validator("margin")
    @classmethod
    def _margin(cls, value: float | None) -> float | None:
        if value is not None and value < SHEET_MARGIN - 1e-6:
            raise ValueError(
                "expected at least 5mm: home printers cannot print closer to the paper edge, "
                f"got {fmt_mm(value)}"
            )
        return value


def _offset(value: Any) -> tuple[float, float]:
    if isinstance(value, tuple):
        return value
    if not isinstance(value, str):
        raise ValueError(f"expected an offset 'X,Y' such as '1.2mm,-0.5mm', got {value!r}")
    try:
        return parse_offset(value)
    except UnitError as exc:
        raise ValueError(str(exc)) from None


class Printer(Strict):
    """A printer profile: how far its backs land from where they should."""

    description: str | None = Field(
        default=None,
        description="The printer, in words.",
        examples=["Brother HL-L2350DW, long-edge duplex"],
    )
    back_offset: Annotated[tuple[float, float], BeforeValidator(_offset)] = Field(
        default=(0.0, 0.0),
        description="How far the backs land from where they should, read off the "
        "calibration page: X right, Y up, as seen looking at the back.",
        examples=["1.2mm,-0.5mm"],
    )
    margin: Length = Field(
        default=DEFAULT_MARGIN,
        description="Nothing is printed closer than this to the paper's edge (at least 3mm).",
        examples=["4mm"],
    )
    default: bool = Field(
        default=False,
        description="Used when no printer is named and no `--back-offset` is given.",
        examples=[True],
    )

    @field_validator("margin")
    @classmethod
    def _margin(cls, value: float) -> float:
        if value < MIN_PRINTER_MARGIN - 1e-6:
            raise ValueError(
                "expected at least 3mm: no desktop printer prints closer to the paper edge, got "
                f"{fmt_mm(value)}"
            )
        return value


class PrinterFile(Strict):
    printers: dict[Slug, Printer] = Field(
        default={}, description="The printer profiles, by name (`--printer NAME`)."
    )


class SheetFile:
    """A validated sheet and where it came from (for messages and tie-breaks). Never
    compared: a plain class."""

    __slots__ = ("sheet", "file", "stem")

    def __init__(self, sheet: Sheet, file: str, stem: str) -> None:
        self.sheet = sheet
        self.file = file  # relative to the project root
        self.stem = stem

    def takes(self, *, game: str, kind: str, size: str, paper: str) -> bool:
        s = self.sheet
        if paper not in s.papers or kind not in s.kinds:
            return False
        if s.games and game not in s.games:
            return False
        if s.sizes and not any(_same_size(size, want) for want in s.sizes):
            return False
        return True

    @property
    def specificity(self) -> int:
        return (2 if self.sheet.games else 0) + (1 if self.sheet.sizes else 0)


def _same_size(a: str, b: str) -> bool:
    try:
        (aw, ah), (bw, bh) = parse_size(a), parse_size(b)
    except UnitError:
        return False
    return abs(aw - bw) < 0.01 and abs(ah - bh) < 0.01


def _read_toml(
    path: Path, shown: str, issues: Issues, root: Path
) -> tuple[dict[str, Any], Mapping[KeyPath, int]] | None:
    read, problem = read_toml(path, shown, root)
    if read is None:
        issues.extend([problem])
    return read


def _clean(loc: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(
        p for p in loc if not (isinstance(p, str) and ("[" in p or p.startswith("function-")))
    )


M = TypeVar("M", bound=BaseModel)


def _validate(
    model: type[M], data: dict[str, Any], shown: str, lines: Mapping[KeyPath, int], issues: Issues
) -> M | None:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        issues.extend(
            issues_from(
                exc,
                shown,
                lambda loc: line_for(lines, _clean(loc)),
                lambda loc: dotted(_clean(loc)),
                model,
            )
        )
        return None


def _display(folder: tuple[Path, str], path: Path) -> str:
    """How messages name a sheet file: under the project's layouts/sheets/ or the shipped
    folder (`shared_layout(root, "sheets")`)."""
    return f"{folder[1]}/{path.relative_to(folder[0]).as_posix()}"


def load_sheets(root: Path) -> tuple[list[SheetFile], Issues]:
    """Every sheet in `layouts/sheets/` (sorted by file name), with all problems found."""
    issues = Issues()
    sheets: list[SheetFile] = []
    where = shared_layout(root, "sheets")
    folder = where[0]
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
        if path.name == PRINTERS_FILE:
            continue
        shown = _display(where, path)
        read = _read_toml(path, shown, issues, root)
        if read is None:
            continue
        sheet = _validate(Sheet, read[0], shown, read[1], issues)
        if sheet is not None:
            sheets.append(SheetFile(sheet, shown, path.stem))
    return sheets, issues


def load_printers(root: Path) -> tuple[dict[str, Printer], Issues]:
    issues = Issues()
    where = shared_layout(root, "sheets")
    path = where[0] / PRINTERS_FILE
    if not present(path):
        return {}, issues
    shown = _display(where, path)
    read = _read_toml(path, shown, issues, root)
    if read is None:
        return {}, issues
    model = _validate(PrinterFile, read[0], shown, read[1], issues)
    if model is None:
        return {}, issues
    defaults = [k for k, p in model.printers.items() if p.default]
    if len(defaults) > 1:
        issues.add(
            shown,
            line_for(read[1], ("printers", defaults[1], "default")),
            f"printers.{defaults[1]}.default",
            f"only one printer may be the default; {defaults[0]!r} already is",
        )
    return dict(model.printers), issues


def back_offset(root: Path, options: "BuildOptions") -> tuple[tuple[float, float], list[Issue]]:
    """The back offset to apply: --back-offset when given, else the named printer profile
    (--printer), else the default profile, else none."""
    given, name = options.back_offset, options.printer
    if given != (0.0, 0.0) and not name:
        return given, []
    printers, issues = load_printers(root)
    if issues.errors:
        return given, list(issues)
    if name:
        if name not in printers:
            shown = f"{shared_layout(root, 'sheets')[1]}/{PRINTERS_FILE}"
            return given, [
                Issue(
                    shown,
                    None,
                    "printers",
                    f"unknown printer {name!r}; the profiles are: "
                    f"{', '.join(sorted(printers)) or 'none'}",
                )
            ]
        if given != (0.0, 0.0):
            return given, []
        return printers[name].back_offset, []
    for printer in printers.values():
        if printer.default:
            return printer.back_offset, []
    return given, []


def printer_margin(root: Path, options: "BuildOptions") -> float:
    """The margin of the printer profile in use (--printer, else the default profile), else
    DEFAULT_MARGIN. Profile problems are reported by `back_offset`."""
    printers, issues = load_printers(root)
    if issues.errors:
        return DEFAULT_MARGIN
    if options.printer:
        chosen = printers.get(options.printer)
        return chosen.margin if chosen is not None else DEFAULT_MARGIN
    for printer in printers.values():
        if printer.default:
            return printer.margin
    return DEFAULT_MARGIN


def page_margin(root: Path, options: "BuildOptions") -> float:
    """The margin of a page laid out without a sheet (boards, tuck boxes, print then cut):
    the printer profile's (`printer_margin`), never less than MIN_MARGIN."""
    return max(MIN_MARGIN, printer_margin(root, options))


def printer_problems(catalogs: list[Any], options: "BuildOptions") -> list[Issue]:
    """The printer profiles' errors (and an unknown --printer), for a stage that reads
    only their margin; checked before anything is written."""
    if not catalogs:
        return []
    return [p for p in back_offset(catalogs[0].root, options)[1] if p.level == "error"]


def with_margin(sheet: SheetFile, margin: float) -> SheetFile:
    """The sheet with the printer's margin, unless the sheet sets its own."""
    if sheet.sheet.margin is not None:
        return sheet
    return SheetFile(sheet.sheet.model_copy(update={"margin": margin}), sheet.file, sheet.stem)


def choose(
    sheets: list[SheetFile], *, game: str, kind: str, size: str, paper: str
) -> SheetFile | None:
    """The most specific sheet that takes this piece (game-specific before size-specific
    before general); ties go to the first file name."""
    fitting = [s for s in sheets if s.takes(game=game, kind=kind, size=size, paper=paper)]
    if not fitting:
        return None
    return min(fitting, key=lambda s: (-s.specificity, s.stem))


def paper_size(paper: str, orientation: str = "portrait") -> tuple[float, float]:
    w, h = parse_size(paper)
    w, h = min(w, h), max(w, h)
    return (h, w) if orientation == "landscape" else (w, h)
