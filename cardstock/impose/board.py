"""Boards across pages: `output/<game>/<game>-board-<paper>.pdf` and
`output/<game>/<game>-board-<id>.pdf`.

A piece larger than the printable part of a page (a board, a mat, a large map; any kind)
is printed in tiles: page-sized windows onto the piece, neighbours sharing an overlap
band (`OVERLAP`). Crosses drawn at the same places of the piece in every band let two
neighbours be laid one over the other exactly: lay the crosses of one tile on those of
the other. Each piece starts with a key page, the whole piece small with its tiles
outlined and named (rows A, B, … from the top, columns 1, 2, … from the left), and each
tile page names its tile. The tiles of all such pieces are one PDF per paper, laid out on
the page orientation that needs fewer tiles. Every page is written portrait, as the paper
goes through the printer and as the card sheets are (docs/sheets.md): a piece tiled on
landscape pages has each page's drawing turned a quarter counter-clockwise onto the
portrait page, its footer running up the right edge, so no print dialog has to turn a
page and one printer setting serves every file.

Every board, and every piece that is tiled, is also written whole, one page the size of
the piece with its bleed (TrimBox the cut size, BleedBox the page), for a print shop.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.pdfgen.canvas import Canvas

from .. import fonts
from ..core.issues import Issue
from ..core.localized import number
from ..core.output import artifact
from ..core.stage import BuildOptions, Job, StageResult
from ..core.units import POINTS_PER, fmt_mm
from ..render.pdf import PdfFaces, pdf_color
from ..render.pdfdoc import pdf_settings, retagged
from .footer import Fitted, FooterReport, one_line, title_file, title_report
from .pnp import papers_for, sheet_info
from .render import DocInfo, new_canvas
from .sheets import MIN_MARGIN, page_margin, paper_size

if TYPE_CHECKING:
    from ..catalog.load import Catalog

MM = POINTS_PER["mm"]
OVERLAP = 10 * MM  # the band two neighbouring tiles share
FOOTER = 10 * MM  # reserved at the bottom of each page
CROSS = 4 * MM  # half the length of an alignment cross's arm
TEXT_FONT = "sans"
MIN_FOOTER = 6.0  # points: a tile page's footer shrinks to this before it leaves parts off
ADVICE = "Give it room: a shorter game title or board name, or a larger paper (--paper)"
LABEL_FONT = "sans-bold"


@dataclass(frozen=True)
class Tiling:
    """How one piece (its bleed box `bw` x `bh`, origin at its lower left) is cut into
    `rows` x `cols` windows of `ww` x `wh` on a page, each `step_x`/`step_y` from the last."""

    bw: float
    bh: float
    ww: float
    wh: float
    rows: int
    cols: int
    landscape: bool

    @property
    def step_x(self) -> float:
        return self.ww - OVERLAP

    @property
    def step_y(self) -> float:
        return self.wh - OVERLAP

    def window(self, row: int, col: int) -> tuple[float, float]:
        """The lower-left corner, in the piece's coordinates, of tile (row, col); the tiles
        together are centred on the piece."""
        pad_x = (self.cols * self.step_x + OVERLAP - self.bw) / 2
        pad_y = (self.rows * self.step_y + OVERLAP - self.bh) / 2
        top = self.bh + pad_y - row * self.step_y
        return col * self.step_x - pad_x, top - self.wh

    def crosses(self) -> list[tuple[float, float]]:
        """The alignment crosses, in the piece's coordinates: two in the middle of each
        band two neighbours share, at a quarter and three quarters of the tile's length."""
        out = []
        for r in range(self.rows):
            for c in range(self.cols):
                x, y = self.window(r, c)
                if c + 1 < self.cols:
                    bx = x + self.step_x + OVERLAP / 2
                    out += [(bx, y + self.wh * 0.25), (bx, y + self.wh * 0.75)]
                if r + 1 < self.rows:
                    by = y + OVERLAP / 2
                    out += [(x + self.ww * 0.25, by), (x + self.ww * 0.75, by)]
        return out


def label(row: int, col: int) -> str:
    letters = ""
    n = row
    while True:
        letters = chr(ord("A") + n % 26) + letters
        n = n // 26 - 1
        if n < 0:
            return f"{letters}{col + 1}"


def page_window(
    paper: str, landscape: bool, margin: float = MIN_MARGIN
) -> tuple[float, float, float, float]:
    """(x, y, width, height) of the printable window on a page: inside the printer's
    `margin`, above the footer."""
    pw, ph = paper_size(paper, "landscape" if landscape else "portrait")
    return margin, margin + FOOTER, pw - 2 * margin, ph - 2 * margin - FOOTER


def tiling(bw: float, bh: float, paper: str, margin: float = MIN_MARGIN) -> Tiling | None:
    """The tiling with fewer pages (portrait first); None when the piece fits one page."""
    best: Tiling | None = None
    for landscape in (False, True):
        _, _, ww, wh = page_window(paper, landscape, margin)
        if bw <= ww and bh <= wh:
            return None
        cols = 1 if bw <= ww else math.ceil((bw - OVERLAP) / (ww - OVERLAP))
        rows = 1 if bh <= wh else math.ceil((bh - OVERLAP) / (wh - OVERLAP))
        t = Tiling(bw, bh, ww, wh, rows, cols, landscape)
        if best is None or rows * cols < best.rows * best.cols:
            best = t
    return best


# ---------------------------------------------------------------- the stage


def build_boards(job: Job) -> StageResult:
    catalog, options, faces = job.catalog, job.build, job.faces
    result = StageResult()
    margin = page_margin(catalog.root, options)
    whole: dict[str, tuple[Any, Any]] = {}
    for paper in papers_for(catalog, options):
        pieces = []
        for comp, face, b, t in _tiled(catalog, faces, options, paper, margin):
            face = faces.full(face)
            if t is not None:
                pieces.append((comp, face, b, t))
            whole.setdefault(comp.id, (comp, face))
        if pieces:
            path = Path(options.out) / catalog.id / f"{catalog.id}-board-{paper}.pdf"
            report = title_report(catalog, path.name, MIN_FOOTER, ADVICE)
            data, count = tiles_pdf(catalog, pieces, paper, margin, report)
            result.findings.extend(report.issues())
            result.artifacts.append(
                artifact(catalog.id, "board", path, data, paper=paper, pages=count)
            )
    for comp, face in whole.values():
        path = Path(options.out) / catalog.id / f"{catalog.id}-board-{comp.id}.pdf"
        result.artifacts.append(
            artifact(catalog.id, "board-whole", path, whole_pdf(catalog, comp, face), pages=1)
        )
    return result


def _tiled(
    catalog: Catalog, faces: Any, options: BuildOptions, paper: str, margin: float
) -> list[tuple[Any, Any, float, Tiling | None]]:
    """The pieces a page cannot hold, each with its face's outline (the size decides),
    bleed and tiling, and every board (its tiling None when it fits a page)."""
    out: list[tuple[Any, Any, float, Tiling | None]] = []
    for comp in catalog.components:
        face = faces.outline(faces.records.of(comp), "front")
        if face is None:
            continue
        b = face.bleed if options.bleed else 0.0
        t = tiling(face.width + 2 * b, face.height + 2 * b, paper, margin)
        if t is not None or comp.kind == "board":
            out.append((comp, face, b, t))
    return out


def footer_findings(catalog: Catalog, faces: Any, options: BuildOptions) -> list[Issue]:
    """What a build of the board tiles says of their footers (a part left off, a footer
    that cannot fit), found by fitting each page's footer without drawing a tile: the
    rules check's `footers`. Only the faces' outlines are read."""
    margin = page_margin(catalog.root, options)
    out: list[Issue] = []
    for paper in papers_for(catalog, options):
        boards = [(c.name, t) for c, _, _, t in _tiled(catalog, faces, options, paper, margin)]
        tiled = [(name, t) for name, t in boards if t is not None]
        if not tiled:
            continue
        report = title_report(catalog, f"{catalog.id}-board-{paper}.pdf", MIN_FOOTER, ADVICE)
        info = sheet_info(catalog, paper, "boards in tiles")
        for n, fitted in enumerate(page_footers(info, paper, tiled, margin), start=1):
            report.add(title_file(catalog), n, fitted, "")
        out += report.issues()
    return out


# ---------------------------------------------------------------- drawing


@pdf_settings()
def tiles_pdf(
    catalog: Catalog,
    pieces: list[tuple[Any, Any, float, Tiling]],
    paper: str,
    margin: float = MIN_MARGIN,
    report: FooterReport | None = None,
) -> tuple[list[bytes | memoryview], int]:
    """Each board's key page and its tiles, a page each, and how many pages; a footer
    that loses parts is added to `report`."""
    info = sheet_info(catalog, paper, "boards in tiles")
    buffer = io.BytesIO()
    c = new_canvas(buffer, paper_size(paper), info)
    drawer = PdfFaces(c)
    footers = iter(page_footers(info, paper, [(comp.name, t) for comp, _, _, t in pieces], margin))
    count = 0

    def footer() -> None:
        fitted = next(footers)
        c.setFillColor(pdf_color("#000000"))
        c.setFont(fonts.register(TEXT_FONT), fitted.size)
        c.addLiteral("/Footer BMC")
        c.drawString(margin, margin + 1 * MM, fitted.lines[0])
        c.addLiteral("EMC")
        if report is not None:
            report.add(title_file(catalog), count + 1, fitted, "")

    for comp, face, bleed, t in pieces:
        _new_page(c, paper, t)
        _key_page(c, drawer, comp, face, bleed, t, paper, margin)
        footer()
        c.showPage()
        count += 1
        for r in range(t.rows):
            for col in range(t.cols):
                _new_page(c, paper, t)
                _tile_page(c, drawer, face, bleed, t, r, col, paper, margin)
                footer()
                c.showPage()
                count += 1
    c.save()
    return retagged(buffer.getvalue()), count


def page_footers(
    info: DocInfo, paper: str, boards: list[tuple[str, Tiling]], margin: float
) -> list[Fitted]:
    """Each page's footer fitted to one line, in the order the pages are drawn (nothing
    drawn): per board (its name and tiling) its key page, then its tiles row by row."""
    words = info.words
    out: list[Fitted] = []
    for name, t in boards:
        room = paper_size(paper, "landscape" if t.landscape else "portrait")[0] - 2 * margin
        how = words("{name}: how the {count} tiles go together", name=name, count=t.rows * t.cols)
        key = [info.footer, how, info.paper_label]
        out.append(one_line(key, [2, 0], TEXT_FONT, 7.0, room, MIN_FOOTER))
        for r in range(t.rows):
            for col in range(t.cols):
                parts = _tile_footer(info, name, label(r, col), t.rows, t.cols)
                out.append(one_line(parts, [3, 0, 2], TEXT_FONT, 7.0, room, MIN_FOOTER))
    return out


def _new_page(c: Canvas, paper: str, t: Tiling) -> None:
    """Start a page: portrait paper, and for a tiling laid out landscape the drawing turned
    a quarter counter-clockwise onto it ((x, y) -> (width - y, x), as
    cardstock.impose.plan.portrait turns a card sheet), so the rest of the page is drawn
    in the landscape layout's own coordinates."""
    width, height = paper_size(paper, "portrait")
    c.setPageSize((width, height))
    if t.landscape:
        c.transform(0, 1, -1, 0, width, 0)


def _tile_page(
    c: Canvas,
    drawer: PdfFaces,
    face: Any,
    bleed: float,
    t: Tiling,
    row: int,
    col: int,
    paper: str,
    margin: float,
) -> None:
    wx, wy, ww, wh = page_window(paper, t.landscape, margin)
    x0, y0 = t.window(row, col)
    c.saveState()
    c.addLiteral("/TileWindow BMC")
    p = c.beginPath()
    p.rect(wx, wy, ww, wh)
    c.clipPath(p, stroke=0, fill=0)
    c.addLiteral("EMC")
    drawer.draw(face, wx - x0 + bleed, wy - y0 + bleed, reuse=True)
    c.addLiteral("/Crosses BMC")
    for bx, by in t.crosses():
        if x0 <= bx <= x0 + ww and y0 <= by <= y0 + wh:
            _cross(c, wx + bx - x0, wy + by - y0)
    c.addLiteral("EMC")
    c.restoreState()


def _cross(c: Canvas, x: float, y: float) -> None:
    for color, width in (("#ffffff", 1.6), ("#000000", 0.5)):
        c.setStrokeColor(pdf_color(color))
        c.setLineWidth(width)
        c.line(x - CROSS, y, x + CROSS, y)
        c.line(x, y - CROSS, x, y + CROSS)
        c.circle(x, y, CROSS / 2, stroke=1, fill=0)


def _key_page(
    c: Canvas,
    drawer: PdfFaces,
    comp: Any,
    face: Any,
    bleed: float,
    t: Tiling,
    paper: str,
    margin: float,
) -> None:
    """The whole piece, small, with each tile's window outlined and named."""
    wx, wy, ww, wh = page_window(paper, t.landscape, margin)
    span_w = t.cols * t.step_x + OVERLAP
    span_h = t.rows * t.step_y + OVERLAP
    s = min(ww / span_w, wh / span_h)
    ox = wx + (ww - span_w * s) / 2
    oy = wy + (wh - span_h * s) / 2
    lx, ly = t.window(t.rows - 1, 0)  # the lower left of the tiles
    c.saveState()
    c.transform(s, 0, 0, s, ox - lx * s, oy - ly * s)
    drawer.draw(face, bleed, bleed, reuse=True)
    c.setStrokeColor(pdf_color("#000000"))
    c.setLineWidth(0.8 / s)
    size = max(8.0, min(28.0, min(t.ww, t.wh) * s * 0.2))
    for r in range(t.rows):
        for col in range(t.cols):
            x, y = t.window(r, col)
            c.rect(x, y, t.ww, t.wh, stroke=1, fill=0)
            c.saveState()
            c.translate(x + t.ww / 2, y + t.wh / 2)
            c.scale(1 / s, 1 / s)
            text = label(r, col)
            font = fonts.register(LABEL_FONT)
            w = fonts.string_width(text, LABEL_FONT, size)
            c.setFillColor(pdf_color("#ffffff"))
            c.rect(-w / 2 - 3, -size * 0.35 - 3, w + 6, size * 0.72 + 6, stroke=0, fill=1)
            c.setFillColor(pdf_color("#000000"))
            c.setFont(font, size)
            c.drawCentredString(0, -size * 0.36, text)
            c.restoreState()
    c.restoreState()


def _tile_footer(info: DocInfo, name: str, tile: str, rows: int, cols: int) -> list[str]:
    """A tile page's footer's parts, in the file's language (`info.words`): the game, the
    tile (never left off), how tiles overlap, the paper."""
    words = info.words
    parts = [
        info.footer,
        words("{name}: tile {tile} of {rows} x {cols}", name=name, tile=tile, rows=rows, cols=cols),
        words(
            "neighbours overlap {mm} mm: lay crosses on crosses",
            mm=number(OVERLAP / MM, words.lang, 0 if (OVERLAP / MM).is_integer() else 1),
        ),
        info.paper_label,
    ]
    return parts


@pdf_settings()
def whole_pdf(catalog: Catalog, comp: Any, face: Any) -> list[bytes | memoryview]:
    """One page the size of the piece with its bleed: TrimBox the cut, BleedBox the page."""
    g = catalog.game
    b = face.bleed
    w, h = face.width + 2 * b, face.height + 2 * b
    info = DocInfo(
        title=f"{g.title} {g.version}: {catalog.tool_words('{name}, whole', name=comp.name)}",
        footer=f"{g.title}  v{g.version}",
        paper_label=f"{fmt_mm(w)} x {fmt_mm(h)} mm",
        words=catalog.tool_words,
    )
    buffer = io.BytesIO()
    c = new_canvas(buffer, (w, h), info)
    c.setTrimBox((b, b, b + face.width, b + face.height))
    c.setBleedBox((0, 0, w, h))
    PdfFaces(c).draw(face, b, b)
    c.showPage()
    c.save()
    return retagged(buffer.getvalue())
