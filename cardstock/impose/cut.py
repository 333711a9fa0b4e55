"""Print-then-cut sheets for cutting machines (`--cut <machine>`):
`output/<game>/cut/<game>-<machine>-<paper>.pdf` to print, and for each of its pages
`<game>-<machine>-<paper>-<n>.svg` and `.dxf`, the cut outline of every piece on that page
in the page's own coordinates (millimetres, origin at the page's top left).

The machines are data, in `layouts/cut-machines.toml` (a project's own copy replaces it):
one entry per machine, its name what `--cut` takes. cardstock ships two kinds:

- **Silhouette** (Cameo and Portrait, registration marks of type 1): the three marks the
  machine's optical eye looks for (a filled square at the top left, corner marks at the
  top right and bottom left), `inset` from the page's edges, each `length` long; nothing is
  printed within a mark's keep-out zone (the mark's square grown by `keep_out`), so the
  eye never mistakes art for a mark.
- **Cricut** (Design Space's print then cut, an `area` and no marks): every piece inside
  the machine's print-then-cut area (6.75 x 9.25 in, centred on the page); Design Space
  prints its own frame around the image, so the page carries no marks of its own.

Each piece is printed with its bleed and a hairline on its cut outline (so a misaligned
cut shows), pieces `GAP` apart so a blade that strays into the bleed never reaches a
neighbour. Backs are not printed: print-then-cut is one-sided.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

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
from .pnp import papers_for, sheet_info
from .render import fit_line, new_canvas
from .sheets import MIN_MARGIN, Length, Slug, page_margin, paper_size, printer_problems

MM = POINTS_PER["mm"]
INCH = POINTS_PER["in"]
GAP = 3 * MM  # between two pieces' bleed
FOOTER = 8 * MM

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

    doc: str = Field(min_length=1)
    marks: bool = False  # Silhouette's three registration marks (type 1)
    inset: Length = 0.0  # from the page's edges to a mark's outer edge
    length: Length = 0.0  # a corner mark's arm
    thickness: Length = 0.0
    square: Length = 0.0  # the filled square at the top left
    keep_out: Length = 0.0  # around a mark's square, nothing printed
    area: Annotated[tuple[float, float], BeforeValidator(_size)] | None = (
        None  # the print-then-cut area, centred
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
        min_length=1
    )  # a name makes file names: lower-case words and hyphens


@dataclass(frozen=True)
class Machine:
    """A cutting machine's print-then-cut geometry (one entry of `layouts/cut-machines.toml`)."""

    name: str
    doc: str
    marks: bool  # Silhouette's three registration marks
    inset: float  # from the page's edges to a mark's outer edge
    length: float  # a corner mark's arm, and the side of its square
    thickness: float
    square: float  # the filled square at the top left
    keep_out: float  # around a mark's square, nothing printed
    area: tuple[float, float] | None  # the print-then-cut area (width, height), centred

    def keep_outs(self, pw: float, ph: float) -> list[Box]:
        """The zones around the marks where nothing may be printed."""
        if not self.marks:
            return []
        i, n, k = self.inset, self.length, self.keep_out
        corners = [
            (i, ph - i - n),
            (pw - i - n, ph - i - n),
            (i, i),
        ]  # top left, top right, bottom left
        return [(x - k, y - k, n + 2 * k, n + 2 * k) for x, y in corners]

    def room(self, pw: float, ph: float, margin: float = MIN_MARGIN) -> Box:
        """Where pieces may go on a page: inside the printer's `margin` (above the footer),
        and inside the print-then-cut area where the machine has one."""
        if self.area is None:
            return (margin, margin + FOOTER, pw - 2 * margin, ph - 2 * margin - FOOTER)
        aw, ah = self.area
        ax, ay = (pw - aw) / 2, (ph - ah) / 2
        if ax >= margin and ay >= margin + FOOTER:
            return (ax, ay, aw, ah)
        x0, y0 = (
            max(ax, margin),
            max(ay, margin + FOOTER),
        )  # the area reaches into the margin or the footer
        return (x0, y0, min(ax + aw, pw - margin) - x0, min(ay + ah, ph - margin) - y0)


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
    x: float  # the trim box's lower left, page points, y up
    y: float
    component: str


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def shelves(
    faces: list[tuple[Any, str]], room: Box, blocked: list[Box]
) -> tuple[list[list[Placed]], list[str]]:
    """Pieces in rows from the top left of `room`, none in a blocked zone; a new page when
    the room is full. Returns the pages and the pieces too big for any page."""
    rx, ry, rw, rh = room
    pages: list[list[Placed]] = []
    too_big: list[str] = []
    page: list[Placed] = []
    x, top, row_h = rx, ry + rh, 0.0
    for face, comp in faces:
        b = face.bleed
        w, h = face.width + 2 * b, face.height + 2 * b
        fresh = False  # a new page was started for this piece
        while True:
            if x + w > rx + rw + 1e-6:  # the next row
                x, top, row_h = rx, top - row_h - GAP, 0.0
            if top - h < ry - 1e-6:  # the next page
                if fresh:  # not even an empty page takes it
                    too_big.append(comp)
                    break
                if page:
                    pages.append(page)
                page, x, top, row_h, fresh = [], rx, ry + rh, 0.0, True
                continue
            box = (x, top - h, w, h)
            hit = next((z for z in blocked if overlaps(box, z)), None)
            if hit is None:
                page.append(Placed(face, x + b, top - h + b, comp))
                x += w + GAP
                row_h = max(row_h, h)
                break
            x = hit[0] + hit[2] + 1e-3  # past the zone, on the same row
    if page:
        pages.append(page)
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
    return [((p.x + x) / MM, (ph - (p.y + f.height) + y) / MM) for x, y in poly]


# ---------------------------------------------------------------- the stage


def build_cut(job: Job) -> StageResult:
    catalog, options, faces = job.catalog, job.build, job.faces
    machines, _ = load_machines(catalog.root)  # checked by check_inputs before the build
    machine = machines[options.cut or ""]
    margin = page_margin(catalog.root, options)
    result = StageResult()
    pieces = []
    for comp in catalog.components:
        front = faces.face(comp, "front")
        if front is not None:
            pieces += [(front, comp.id)] * comp.count
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
        data = cut_pdf(catalog, machine, pages, paper, margin)
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
    catalog: Any,
    machine: Machine,
    pages: list[list[Placed]],
    paper: str,
    margin: float = MIN_MARGIN,
) -> list[bytes | memoryview]:
    info = sheet_info(catalog, paper, f"print then cut, {machine.doc}")
    pw, ph = paper_size(paper)
    buffer = io.BytesIO()
    c = new_canvas(buffer, (pw, ph), info)
    drawer = PdfFaces(c)
    for n, page in enumerate(pages, start=1):
        c.setPageSize((pw, ph))
        for p in page:
            drawer.draw(p.face, p.x, p.y, reuse=True)
        _hairlines(c, page, ph)
        if machine.marks:
            _marks(c, machine, pw, ph)
        _footer(
            c,
            f"{info.footer}  ·  print then cut: {machine.doc}  ·  page {n} of {len(pages)}, "
            f"cut file {catalog.id}-{machine.name}-{paper}-{n}.svg  ·  print at 100 %, "
            f"{info.paper_label}",
            machine,
            pw,
            ph,
            margin,
        )
        c.showPage()
    c.save()
    return retagged(buffer.getvalue())


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
    right and the bottom left, each `inset` from the page's edges."""
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
    c.addLiteral("EMC")


def _footer(c: Canvas, text: str, machine: Machine, pw: float, ph: float, margin: float) -> None:
    """The footer along the bottom, inside the margin, clear of the marks' keep-out zones."""
    x0 = margin
    for z in machine.keep_outs(pw, ph):
        if z[1] < margin + FOOTER:
            x0 = max(x0, z[0] + z[2] + 1 * MM)
    size, room = 6.5, pw - margin - x0
    text, size = fit_line(text, "sans", size, room, size)
    c.addLiteral("/Footer BMC")
    c.setFillColor(pdf_color("#000000"))
    c.setFont(fonts.register("sans"), size)
    c.drawString(x0, margin + 1 * MM, text)
    c.addLiteral("EMC")


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
