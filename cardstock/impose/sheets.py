"""Sheet layouts as data: `layouts/sheets/*.toml` → validated `Sheet`s, and printer profiles.

A sheet says which components it takes (kinds, sizes, games), on which papers, how they
are arranged (grid, honeycomb, packed), and how the page is marked (crop marks, cut lines,
registration marks, footer). Every length needs a unit. `printers.toml` in the same folder
holds printer profiles (a back offset per printer). Problems come back as `Issue`s located
at the file and line of the key, never as exceptions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
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
from ..core.validation import dotted, issues_from

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

    columns: Count = None  # "auto": as many as fit
    rows: Count = None
    gutter: Length = 0.0  # between neighbouring trim boxes; 0 shares the cut line


class PackSpec(Strict):
    """Pieces that cannot share cut lines (tokens, die nets, standees), packed in rows."""

    gap: Length = parse_length("4mm")  # between the cut lines of neighbouring pieces
    rotate: bool = True  # a piece may turn a quarter when more then fit on the page


class MarksSpec(Strict):
    """How cuts are shown: crop marks outside the cut area, thin cut lines, registration."""

    crop: bool = True
    length: Length = parse_length("4mm")
    min_length: Length = parse_length("1.5mm")  # a mark with less room than this is left out
    gap: Length = parse_length("0.5mm")  # between the bleed and a crop mark
    min_bleed: Length = parse_length("2mm")  # grids keep at least this bleed on every cut edge
    cut_lines: Literal["auto", "always", "never"] = "auto"  # auto: cuts no crop mark shows
    outlines: bool = True  # cut outlines around shaped pieces (hexes, tokens, nets)
    width: Length = parse_length("0.3pt")
    color: Color = "#000000"
    cut_color: Color = "#7f7f7f"
    fold_color: Color = "#7f7f7f"
    registration: bool = False  # cutting-machine registration marks in the corners
    registration_size: Length = parse_length("5mm")
    registration_inset: Length = parse_length("4mm")  # from the margin to the marks


class FooterSpec(Strict):
    edge: Literal["auto", "bottom", "top", "left", "right"] = "auto"
    font_size: Length = parse_length("5.5pt")
    gap: Length = parse_length("0.5mm")  # between the footer and what it sits beside
    scale_bar: bool = True  # a 1 in and a 25 mm bar to check the print scale


class GutterfoldSpec(Strict):
    gap: Length = parse_length("3mm")  # at least this from the fold line to the nearest trim edge


PaperName = Annotated[str, Field(pattern=r"^[a-z0-9-]+$")]


class Sheet(Strict):
    """One sheet layout file."""

    name: str
    papers: list[PaperName] = Field(min_length=1)
    kinds: list[KindName] = Field(min_length=1)
    sizes: list[str] = []  # only pieces of these sizes ("poker", "63.5mm x 88.9mm"); empty: any
    games: list[Slug] = []  # only these games; empty: any
    arrange: Literal["auto", "grid", "honeycomb", "pack"] = "auto"
    orientation: Literal["portrait", "landscape", "auto"] = "portrait"
    margin: Length | None = None  # None: the printer profile's margin (5mm by default)
    grid: GridSpec = GridSpec()
    pack: PackSpec = PackSpec()
    marks: MarksSpec = MarksSpec()
    footer: FooterSpec = FooterSpec()
    gutterfold: GutterfoldSpec = GutterfoldSpec()

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

    description: str | None = None
    back_offset: Annotated[tuple[float, float], BeforeValidator(_offset)] = (0.0, 0.0)
    margin: Length = DEFAULT_MARGIN  # nothing is printed closer than this to the paper edge
    default: bool = False  # used when no printer is named and no --back-offset is given

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
    printers: dict[Slug, Printer] = {}


@dataclass(frozen=True)
class SheetFile:
    """A validated sheet and where it came from (for messages and tie-breaks)."""

    sheet: Sheet
    file: str  # relative to the project root
    stem: str

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


def back_offset(root: Path, options: BuildOptions) -> tuple[tuple[float, float], list[Issue]]:
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


def printer_margin(root: Path, options: BuildOptions) -> float:
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


def page_margin(root: Path, options: BuildOptions) -> float:
    """The margin of a page laid out without a sheet (boards, tuck boxes, print then cut):
    the printer profile's (`printer_margin`), never less than MIN_MARGIN."""
    return max(MIN_MARGIN, printer_margin(root, options))


def printer_problems(catalogs: list[Any], options: BuildOptions) -> list[Issue]:
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
