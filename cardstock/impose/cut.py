"""Print-then-cut sheets for cutting machines (`--cut <machine>`):
`output/<game>/cut/<game>-<machine>-<paper>.pdf` to print, and for each of its pages
`<game>-<machine>-<paper>-<n>.svg` and `.dxf`, the cut outline of every piece on that page
in the page's own coordinates (millimetres, origin at the page's top left).

The machines are data, in `layouts/cut-machines.toml` (a project's own copy replaces it):
one entry per machine, its name what `--cut` takes. cardstock ships two kinds:

- **Silhouette** (Cameo and Portrait, registration marks of type 1): the three marks the
  machine's optical eye looks for (a filled square at the top left, corner marks at the
  top right and bottom left), `inset` from the page's edges, each `length` long; with
  `corners = 4` (the Cameo 5's four-corner marks) a fourth corner mark at the bottom
  right. Nothing is printed within a mark's keep-out zone (the mark's `length` square
  grown by `keep_out`), so the eye never mistakes art for a mark.
- **Cricut** (Design Space's print then cut, an `area` and no marks): every piece inside
  the machine's print-then-cut area (6.75 x 9.25 in, centred on the page); Design Space
  prints its own frame around the image, so the page carries no marks of its own.

Every piece, bleed and all, lies inside the frame its machine reads (`Machine.frame`: the
rectangle the marks' outer edges span, or the area), where the machine can cut. Pieces are
set in rows; each page is filled with the pieces as drawn or all turned a quarter, its
rows from the frame's top or from below the marks along it, whichever puts the most
pieces on the page. Each piece is printed with its bleed and a hairline on its cut outline
(so a misaligned cut shows); two pieces' cut outlines are at least `APART` (their bleeds,
else a gap between them). Backs are not printed: print-then-cut is one-sided.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator
from reportlab.pdfgen.canvas import Canvas

from .. import fonts
from ..core.issues import Issue
from ..core.output import artifact
from ..core.project import shared_layout
from ..core.stage import BuildOptions, Job, StageResult
from ..core.units import POINTS_PER, UnitError, fmt_mm, parse_size
from ..core.validation import read_model
from ..render.pdf import PdfFaces, pdf_color
from ..render.pdfdoc import pdf_settings, retagged
from .footer import (
    LEADING,
    MIN_SIZE,
    Fitted,
    FooterReport,
    fit_footer,
    one_line,
    title_file,
    title_report,
)
from .pnp import papers_for, sheet_info
from .render import DocInfo, new_canvas
from .sheets import MIN_MARGIN, Length, Slug, page_margin, paper_size, printer_problems

if TYPE_CHECKING:
    from ..catalog.load import Catalog

MM = POINTS_PER["mm"]
INCH = POINTS_PER["in"]
APART = 4 * MM  # between two pieces' cut outlines, at the least: their bleed, else a gap
FOOTER = 8 * MM  # kept clear above the margin for the footer, outside a machine's marks
FOOTER_TEXT = 4 * MM  # the footer's line above the margin, where the marks leave room
FOOTER_BASE = 1 * MM  # the footer's (last) baseline above the margin
# the parts a footer may leave off, first the one to go first: the game's name, the
# machine, the printing note (the page and its cut file stay)
DROP = (0, 1, 3)
ADVICE = "Give it room: a shorter game title, or a larger paper (--paper)"

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x, y, w, h in page points, y up


MACHINES_FILE = "cut-machines.toml"


def _size(value: Any) -> tuple[float, float]:
    try:
        return parse_size(value)
    except UnitError as exc:
        raise ValueError(str(exc)) from None


class MachineSpec(BaseModel):
    """One machine of `layouts/cut-machines.toml`, lengths in points."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    doc: str = Field(
        min_length=1,
        description="How the sheets name the machine, in the PDF's title and footer; a "
        "language edition prints cardstock's own words for it where its catalog has them "
        '(docs/languages.md, "cardstock\'s own words"), else these.',
        examples=["Silhouette Cameo or Portrait, registration marks type 1"],
    )
    marks: bool = Field(
        default=False,
        description="Silhouette's registration marks (type 1): a filled square at the top "
        "left, corner marks at the top right and bottom left.",
        examples=[True],
    )
    corners: Literal[3, 4] = Field(
        default=3,
        description="Marks at three corners, or four (a fourth at the bottom right, as the "
        "Cameo 5 reads them).",
        examples=[4],
    )
    inset: Length = Field(
        default=0.0,
        description="From the page's edges to a mark's outer edge.",
        examples=["10mm"],
    )
    length: Length = Field(default=0.0, description="A corner mark's arm.", examples=["20mm"])
    thickness: Length = Field(
        default=0.0, description="A corner mark's line width.", examples=["0.5mm"]
    )
    square: Length = Field(
        default=0.0, description="The side of the filled square.", examples=["5mm"]
    )
    keep_out: Length = Field(
        default=0.0,
        description="Around each mark's corner, where nothing is printed.",
        examples=["5mm"],
    )
    area: Annotated[tuple[float, float], BeforeValidator(_size)] | None = Field(
        default=None,
        description="The print-then-cut area, centred on the page; pieces stay inside it and "
        "the page carries no marks (the machine's software adds its own).",
        examples=["8in x 10in"],
    )

    @model_validator(mode="after")
    def _marks_measured(self) -> MachineSpec:
        if self.marks:
            missing = [
                k for k in ("inset", "length", "thickness", "square") if getattr(self, k) <= 0
            ]
            if missing:
                raise ValueError(
                    f"a machine with marks needs {', '.join(missing)} (a length above 0)"
                )
            if self.square > self.length or self.thickness > self.length:
                raise ValueError("a mark's square and line must be no larger than its length")
        return self


class MachineFile(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    machines: dict[Slug, MachineSpec] = Field(
        min_length=1, description="The machines, by the name `--cut` takes."
    )  # a name makes file names: lower-case words and hyphens


@dataclass(frozen=True)
class Machine:
    """A cutting machine's print-then-cut geometry (one entry of `layouts/cut-machines.toml`)."""

    name: str
    doc: str
    marks: bool  # Silhouette's registration marks
    corners: int  # how many corners carry one: 3 (type 1), or 4 (the Cameo 5's)
    inset: float  # from the page's edges to a mark's outer edge
    length: float  # a corner mark's arm, and the side of its square
    thickness: float
    square: float  # the filled square at the top left
    keep_out: float  # around a mark's square, nothing printed
    area: tuple[float, float] | None  # the print-then-cut area (width, height), centred

    def corner_boxes(self, pw: float, ph: float) -> list[Box]:
        """The `length` square at each marked corner: top left (the filled square's
        corner), top right, bottom left, and with four corners the bottom right."""
        i, n = self.inset, self.length
        corners = [(i, ph - i - n), (pw - i - n, ph - i - n), (i, i)]
        if self.corners == 4:
            corners.append((pw - i - n, i))
        return [(x, y, n, n) for x, y in corners]

    def keep_outs(self, pw: float, ph: float) -> list[Box]:
        """The zones around the marks where nothing may be printed."""
        if not self.marks:
            return []
        k = self.keep_out
        return [(x - k, y - k, w + 2 * k, h + 2 * k) for x, y, w, h in self.corner_boxes(pw, ph)]

    def frame(self, pw: float, ph: float) -> Box:
        """Where the machine can cut: the rectangle its marks' outer edges span, the
        print-then-cut area (centred) of a machine without marks, else the page."""
        if self.marks:
            return (self.inset, self.inset, pw - 2 * self.inset, ph - 2 * self.inset)
        if self.area is not None:
            aw, ah = self.area
            return ((pw - aw) / 2, (ph - ah) / 2, aw, ah)
        return (0.0, 0.0, pw, ph)

    def room(self, pw: float, ph: float, margin: float = MIN_MARGIN) -> Box:
        """Where pieces may go on a page: inside the machine's frame, the printer's
        `margin`, and clear of the footer's line (below a frame of marks the footer's own
        line is all it needs; a machine without marks keeps `FOOTER` free)."""
        fx, fy, fw, fh = self.frame(pw, ph)
        x0, x1 = max(fx, margin), min(fx + fw, pw - margin)
        y0 = max(fy, margin + (FOOTER_TEXT if self.marks else FOOTER))
        y1 = min(fy + fh, ph - margin)
        return (x0, y0, x1 - x0, y1 - y0)


def load_machines(root: Path) -> tuple[dict[str, Machine], list[Issue]]:
    """The machines of the project's (or cardstock's) `layouts/cut-machines.toml`, by
    name, in the file's order; or the problems that make the file unusable."""
    path, shown = shared_layout(root, MACHINES_FILE)
    found, problems = read_model(path, shown, root, MachineFile)
    if found is None:
        return {}, problems
    return {
        name: Machine(name, **spec.model_dump()) for name, spec in found[0].machines.items()
    }, []


@dataclass(frozen=True)
class Placed:
    face: Any
    x: float  # the lower left of the trim box as printed, page points, y up
    y: float
    component: str
    turned: bool = False  # turned a quarter counter-clockwise

    @property
    def size(self) -> tuple[float, float]:
        """The trim box's width and height as printed on the page."""
        f = self.face
        return (f.height, f.width) if self.turned else (f.width, f.height)


def overlaps(a: Box, b: Box, eps: float = 1e-6) -> bool:
    """Whether two boxes share more than an edge."""
    return (
        a[0] < b[0] + b[2] - eps
        and b[0] < a[0] + a[2] - eps
        and a[1] < b[1] + b[3] - eps
        and b[1] < a[1] + a[3] - eps
    )


def gap(face: Any) -> float:
    """The space left between a piece's bleed and the next piece's: none where the bleed
    keeps the cut outlines `APART`."""
    bleed: float = face.bleed
    return max(0.0, APART - 2 * bleed)


def fill_page(
    faces: list[tuple[Any, str]],
    start: int,
    room: Box,
    blocked: list[Box],
    turned: bool,
    top: float,
) -> list[Placed]:
    """Pieces from `faces[start]` on, in rows from `top` down `room` (left to right), none
    in a blocked zone (a piece that meets one moves past it along its row), each turned a
    quarter if `turned`; up to the first piece the page has no room left for."""
    rx, ry, rw, _ = room
    page: list[Placed] = []
    x, row_h = rx, 0.0
    for face, comp in faces[start:]:
        b = face.bleed
        tw, th = (face.height, face.width) if turned else (face.width, face.height)
        w, h = tw + 2 * b, th + 2 * b
        if w > rw + 1e-6:  # no row holds it: the page ends before it
            return page
        hit: Box | None = None
        while True:
            if x + w > rx + rw + 1e-6:  # the next row
                step = row_h + gap(face)
                # an empty row a zone leaves no room on, and no gap: go on below the zone
                top = hit[1] if step <= 0 and hit is not None else top - step
                x, row_h = rx, 0.0
            if top - h < ry - 1e-6:  # the page is full
                return page
            box = (x, top - h, w, h)
            hit = next((z for z in blocked if overlaps(box, z)), None)
            if hit is None:
                page.append(Placed(face, x + b, top - h + b, comp, turned))
                x += w + gap(face)
                row_h = max(row_h, h)
                break
            x = hit[0] + hit[2]  # past the zone, on the same row
    return page


def shelves(
    faces: list[tuple[Any, str]], room: Box, blocked: list[Box]
) -> tuple[list[list[Placed]], list[str]]:
    """The pieces on as many pages as they take. Each page is filled four ways, the pieces
    as drawn or all turned a quarter, the rows starting at the room's top or below the
    keep-out zones along it, and takes whichever puts the most pieces on it (the first of
    those on a tie). Returns the pages and the pieces too big for an empty page."""
    rx, ry, rw, rh = room
    tops = [ry + rh]
    under = [z[1] for z in blocked if z[1] + z[3] > ry + rh - 1e-6 and z[1] < ry + rh]
    if under:
        tops.append(min(under))
    pages: list[list[Placed]] = []
    too_big: list[str] = []
    start = 0
    while start < len(faces):
        page: list[Placed] = []
        for turned in (False, True):
            for top in tops:
                tried = fill_page(faces, start, room, blocked, turned, top)
                if len(tried) > len(page):
                    page = tried
        if not page:
            too_big.append(faces[start][1])
            start += 1
            continue
        pages.append(page)
        start += len(page)
    return pages, too_big


def outline(p: Placed, ph: float) -> list[Point]:
    """The piece's cut outline in page millimetres, origin at the page's top left, y down."""
    f = p.face
    poly = (
        f.cut
        if f.cut is not None
        else ((0.0, 0.0), (f.width, 0.0), (f.width, f.height), (0.0, f.height))
    )
    # face space: origin at the trim box's top left, y down
    if p.turned:  # the face's top edge runs up the page's left side of the piece
        return [((p.x + y) / MM, (ph - p.y - x) / MM) for x, y in poly]
    return [((p.x + x) / MM, (ph - (p.y + f.height) + y) / MM) for x, y in poly]


def draw_piece(c: Canvas, drawer: PdfFaces, p: Placed) -> None:
    """The piece's face with its bleed where it was placed, turned if it was."""
    if not p.turned:
        drawer.draw(p.face, p.x, p.y, reuse=True)
        return
    c.saveState()
    # a quarter turn counter-clockwise: the face's (u, v) lands at (x + h - v, y + u)
    c.transform(0, 1, -1, 0, p.x + p.face.height, p.y)
    drawer.draw(p.face, 0, 0, reuse=True)
    c.restoreState()


# ---------------------------------------------------------------- the stage


def build_cut(job: Job) -> StageResult:
    job = job.printing()  # a continued card's parts too (`layout.text.continued`)
    catalog, options, faces = job.catalog, job.build, job.faces
    machines, _ = load_machines(catalog.root)  # checked by check_inputs before the build
    machine = machines[options.cut or ""]
    margin = page_margin(catalog.root, options)
    result = StageResult()
    pieces = _pieces(catalog, faces, faces.face)
    for paper in papers_for(catalog, options):
        pw, ph = paper_size(paper)
        pages, too_big = shelves(pieces, machine.room(pw, ph, margin), machine.keep_outs(pw, ph))
        for comp_id in dict.fromkeys(too_big):
            result.findings.append(
                Issue(
                    "command line",
                    None,
                    "--cut",
                    f"{catalog.id}: {comp_id} is larger than the {machine.name} print-then-cut "
                    f"area on {paper}; it is not on the cut sheets",
                    "warning",
                )
            )
        if not pages:
            continue
        folder = Path(options.out) / catalog.id / "cut"
        stem = f"{catalog.id}-{machine.name}-{paper}"
        report = title_report(catalog, f"{stem}.pdf", MIN_SIZE, ADVICE)
        data = cut_pdf(catalog, machine, pages, paper, margin, report)
        result.findings.extend(report.issues())
        result.artifacts.append(
            artifact(
                catalog.id, "cut-sheet", folder / f"{stem}.pdf", data, paper=paper, pages=len(pages)
            )
        )
        for n, page in enumerate(pages, start=1):
            outlines = [outline(p, ph) for p in page]
            result.artifacts.append(
                artifact(
                    catalog.id,
                    "cut-file",
                    folder / f"{stem}-{n}.svg",
                    cut_svg(outlines, pw, ph),
                    paper=paper,
                )
            )
            result.artifacts.append(
                artifact(
                    catalog.id,
                    "cut-file",
                    folder / f"{stem}-{n}.dxf",
                    cut_dxf(outlines),
                    paper=paper,
                )
            )
    return result


def check_inputs(catalogs: list[Any], options: BuildOptions) -> list[Issue]:
    """The machines file, and the machine `--cut` names is one of it."""
    if options.cut is None or not catalogs:
        return []
    machines, problems = load_machines(catalogs[0].root)
    if problems:
        return problems
    where = shared_layout(catalogs[0].root, MACHINES_FILE)[1]
    if options.cut not in machines:
        return [
            Issue(
                "command line",
                None,
                "--cut",
                f"unknown cutting machine {options.cut!r}; {where} has: {', '.join(machines)}",
            )
        ]
    found = printer_problems(catalogs, options)
    machine, margin = machines[options.cut], page_margin(catalogs[0].root, options)
    if machine.marks and machine.inset < margin - 1e-6:
        found.append(
            Issue(
                where,
                None,
                f"machines.{machine.name}.inset",
                f"the registration marks sit {fmt_mm(machine.inset)} from the paper's edge, "
                f"inside the printer's margin of {fmt_mm(margin)} "
                "(layouts/sheets/printers.toml), where it may not print them; "
                f"set an inset of at least {fmt_mm(margin)} here and in the machine's software",
            )
        )
    return found


# ---------------------------------------------------------------- files


@pdf_settings()
def cut_pdf(
    catalog: Catalog,
    machine: Machine,
    pages: list[list[Placed]],
    paper: str,
    margin: float = MIN_MARGIN,
    report: FooterReport | None = None,
) -> list[bytes | memoryview]:
    """The print-then-cut sheets; a footer that loses parts is added to `report`."""
    info = sheet_info(catalog, paper, "print then cut, {machine}", machine=said(catalog, machine))
    pw, ph = paper_size(paper)
    buffer = io.BytesIO()
    c = new_canvas(buffer, (pw, ph), info)
    drawer = PdfFaces(c)
    for n, page in enumerate(pages, start=1):
        c.setPageSize((pw, ph))
        for p in page:
            draw_piece(c, drawer, p)
        _hairlines(c, page, ph)
        if machine.marks:
            _marks(c, machine, pw, ph)
        fitted = _footer(
            c,
            _footer_parts(info, machine, catalog.id, paper, n, len(pages)),
            machine,
            pw,
            ph,
            margin,
        )
        if report is not None:
            report.add(title_file(catalog), n, fitted, "")
        c.showPage()
    c.save()
    return retagged(buffer.getvalue())


def said(catalog: Catalog, machine: Machine) -> str:
    """How the sheets name `machine` in the game's language: its `doc` is a message of
    cardstock's own catalog (the shipped machines'), else printed as written, as any of
    cardstock's words a language's catalog lacks (docs/languages.md)."""
    words: Any = catalog.tool_words
    return str(words(machine.doc))


def _pieces(catalog: Catalog, faces: Any, face_of: Any) -> list[tuple[Any, str]]:
    """Every front to cut, as many times as the game has it, with its component's id
    (`face_of`: the faces' `face` or `outline`)."""
    pieces: list[tuple[Any, str]] = []
    for record in faces.records.each(catalog.components):
        comp = record.shown.component
        front = face_of(record, "front")
        if front is not None:
            pieces += [(front, comp.id)] * comp.count
    return pieces


def footer_findings(catalog: Catalog, faces: Any, options: BuildOptions) -> list[Issue]:
    """What a build of the print-then-cut sheets says of their footers (a part left off, a
    footer that cannot fit), for each cutting machine of the project: each page's footer
    fitted without drawing a sheet (the pages laid out from the faces' outlines), the
    rules check's `footers`."""
    machines, problems = load_machines(catalog.root)
    if problems:
        return []  # the file's problems are the build's input check's
    margin = page_margin(catalog.root, options)
    pieces = _pieces(catalog, faces, faces.outline)
    out: list[Issue] = []
    for machine in machines.values():
        for paper in papers_for(catalog, options):
            pw, ph = paper_size(paper)
            pages, _ = shelves(pieces, machine.room(pw, ph, margin), machine.keep_outs(pw, ph))
            info = sheet_info(
                catalog, paper, "print then cut, {machine}", machine=said(catalog, machine)
            )
            stem = f"{catalog.id}-{machine.name}-{paper}"
            report = title_report(catalog, f"{stem}.pdf", MIN_SIZE, ADVICE)
            for n in range(1, len(pages) + 1):
                parts = _footer_parts(info, machine, catalog.id, paper, n, len(pages))
                report.add(
                    title_file(catalog), n, footer_fit(parts, machine, pw, ph, margin)[0], ""
                )
            out += report.issues()
    return out


def _footer_parts(
    info: DocInfo, machine: Machine, game: str, paper: str, n: int, total: int
) -> list[str]:
    """A cut sheet's footer's parts, in the file's language (`info.words`): the game, the
    machine, the page and its cut file (never left off), printing at 100% on the paper."""
    words = info.words
    parts = [
        info.footer,
        words("print then cut: {machine}", machine=words(machine.doc)),
        words(
            "page {n} of {total}, cut file {file}",
            n=n,
            total=total,
            file=f"{game}-{machine.name}-{paper}-{n}.svg",
        ),
        words("print at 100%") + ", " + info.paper_label,
    ]
    return parts


def _hairlines(c: Canvas, page: list[Placed], ph: float) -> None:
    c.addLiteral("/CutLine BMC")
    c.setStrokeColor(pdf_color("#808080"))
    c.setLineWidth(0.25)
    for p in page:
        pts = [(x * MM, ph - y * MM) for x, y in outline(p, ph)]
        path = c.beginPath()
        path.moveTo(*pts[0])
        for pt in pts[1:]:
            path.lineTo(*pt)
        path.close()
        c.drawPath(path, stroke=1, fill=0)
    c.addLiteral("EMC")


def _marks(c: Canvas, m: Machine, pw: float, ph: float) -> None:
    """Silhouette's type 1 marks: a filled square at the top left, corner marks at the top
    right and the bottom left (and the bottom right, with four corners), each `inset` from
    the page's edges."""
    i, n, t = m.inset, m.length, m.thickness
    c.addLiteral("/RegistrationMarks BMC")
    c.setFillColor(pdf_color("#000000"))
    c.rect(i, ph - i - m.square, m.square, m.square, stroke=0, fill=1)
    # top right: an L whose corner is the page's top right, inset
    c.rect(pw - i - n, ph - i - t, n, t, stroke=0, fill=1)
    c.rect(pw - i - t, ph - i - n, t, n, stroke=0, fill=1)
    # bottom left
    c.rect(i, i, n, t, stroke=0, fill=1)
    c.rect(i, i, t, n, stroke=0, fill=1)
    if m.corners == 4:  # bottom right
        c.rect(pw - i - n, i, n, t, stroke=0, fill=1)
        c.rect(pw - i - t, i, t, n, stroke=0, fill=1)
    c.addLiteral("EMC")


def footer_fit(
    parts: list[str], machine: Machine, pw: float, ph: float, margin: float
) -> tuple[Fitted, float]:
    """The footer fitted to its line along the bottom (nothing drawn), and where the line
    starts: inside the margin, clear of the marks' keep-out zones, on one line, shrunk to
    the least footer size. A footer that would lose a part so takes two lines instead
    where the band below the pieces holds two of at least that size (a long language:
    the machine's words and the cut file's name leave the game's name no room on one
    line); only then are the game's name, the machine and the printing note left off, in
    that order."""
    x0, x1 = margin, pw - margin
    for z in machine.keep_outs(pw, ph):
        if z[1] < margin + FOOTER:
            if z[0] < pw / 2:
                x0 = max(x0, z[0] + z[2] + 1 * MM)
            else:
                x1 = min(x1, z[0] - 1 * MM)
    line = one_line(parts, DROP, "sans", 6.5, x1 - x0, MIN_SIZE)
    # the largest size of two lines on the footer's baseline, the upper one's ascent
    # still below the pieces
    above = machine.room(pw, ph, margin)[1] - margin - FOOTER_BASE
    two_size = above / (LEADING + fonts.ascent("sans"))
    if line.left_off and two_size >= MIN_SIZE:
        two = fit_footer(parts, DROP, "sans", 6.5, x1 - x0, 2 * LEADING * two_size, MIN_SIZE)
        if len(two.left_off) < len(line.left_off):
            return two, x0
    return line, x0


def _footer(
    c: Canvas, parts: list[str], machine: Machine, pw: float, ph: float, margin: float
) -> Fitted:
    """The footer drawn where `footer_fit` puts it."""
    fitted, x0 = footer_fit(parts, machine, pw, ph, margin)
    c.addLiteral("/Footer BMC")
    c.setFillColor(pdf_color("#000000"))
    c.setFont(fonts.register("sans"), fitted.size)
    for n, line in enumerate(fitted.lines):  # in reading order, the last on the baseline
        above = (len(fitted.lines) - 1 - n) * LEADING * fitted.size
        c.drawString(x0, margin + FOOTER_BASE + above, line)
    c.addLiteral("EMC")
    return fitted


def _num(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".")


def cut_svg(outlines: list[list[Point]], pw: float, ph: float) -> bytes:
    """Each outline a closed red hairline path, in millimetres of the page."""
    w, h = _num(pw / MM), _num(ph / MM)
    paths = "\n".join(
        f'  <path d="M {" L ".join(f"{_num(x)} {_num(y)}" for x, y in poly)} Z" fill="none" '
        'stroke="#ff0000" stroke-width="0.1"/>'
        for poly in outlines
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" '
        f'width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}">\n{paths}\n</svg>\n'
    ).encode()


def cut_dxf(outlines: list[list[Point]]) -> bytes:
    """The outlines as a DXF of LINE entities (the oldest, most widely read form),
    millimetres, y up as DXF has it (origin at the page's top left, so y is negative)."""
    rows = [
        "0",
        "SECTION",
        "2",
        "HEADER",
        "9",
        "$INSUNITS",
        "70",
        "4",
        "0",
        "ENDSEC",
        "0",
        "SECTION",
        "2",
        "ENTITIES",
    ]
    for poly in outlines:
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
            rows += [
                "0",
                "LINE",
                "8",
                "CUT",
                "10",
                _num(x1),
                "20",
                _num(-y1),
                "30",
                "0",
                "11",
                _num(x2),
                "21",
                _num(-y2),
                "31",
                "0",
            ]
    rows += ["0", "ENDSEC", "0", "EOF"]
    return ("\n".join(rows) + "\n").encode()
