"""Page plans → one PDF: faces (a face placed more than once stored once as a Form XObject),
crop marks, cut guides, fold lines, registration marks and the footer with its scale bars.

Output is deterministic: ReportLab's invariant mode (no dates, fixed document id), page
compression on, no ASCII85. Each placed face is wrapped in a marked-content sequence
`/Face <</K (key) /C (component) /S /front>> BDC … EMC`, so a reader (and the tests) can
count placements of inline faces as well as of Form XObjects; crop marks, cut lines, folds
and the footer are tagged the same way (`/CropMarks BMC … EMC`).
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol

from reportlab.pdfgen.canvas import Canvas

from .. import fonts
from ..core.localized import number
from ..core.toolwords import ENGLISH, ToolWords
from ..core.units import POINTS_PER
from ..render.pdf import circle_code, clip_path, draw_path, pdf_color, pdf_path
from ..render.pdfdoc import Spill, pdf_settings, retagged, show_page
from ..render.pdfdoc import new_canvas as pdf_canvas
from .footer import LEADING, MIN_SIZE, Fitted, FooterReport, fit_footer
from .plan import Band, Box, Outline, Page, Placement, Point, Segment

MM = POINTS_PER["mm"]
INCH = POINTS_PER["in"]
FOOTER_FONT = "sans"
MIN_FOOTER_SIZE = MIN_SIZE  # the footer shrinks to this before it wraps or drops a part


class FaceDrawer(Protocol):
    def draw(self, face: Any, x: float, y: float, *, reuse: bool = False) -> None: ...


@dataclass(frozen=True)
class Style:
    """Line styles for everything the imposition draws (from the sheet's marks)."""

    width: float = 0.3
    color: str = "#000000"
    cut_color: str = "#7f7f7f"
    fold_color: str = "#7f7f7f"
    font_size: float = 5.5
    scale_bar: bool = True
    sheet: str = ""  # the sheet file these come from, for messages (layouts/sheets/…)


@dataclass(frozen=True)
class DocInfo:
    """What a sheet file says about itself: its title, its footer's words and its paper."""

    title: str  # the document title (PDF metadata)
    footer: str  # the footer's first part ("Atmosfear: The Card Game 0.1.0")
    paper_label: str  # "US Letter"
    author: str = "cardstock"
    words: ToolWords = ENGLISH  # the tool's words in the file's language (footers)


def new_canvas(buffer: io.BytesIO, size: tuple[float, float], info: DocInfo) -> Canvas:
    """A canvas for a sheet PDF; draw and save it inside `pdf_settings()`."""
    return pdf_canvas(buffer, size, info.title, author=info.author, font=FOOTER_FONT)


def reuse_counts(pages: Iterable[Page]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for page in pages:
        for p in page.placements:
            counts[p.key] = counts.get(p.key, 0) + 1
    return counts


def write_pdf(
    pages: list[Page],
    info: DocInfo,
    drawer_for: Callable[[Canvas], FaceDrawer],
    *,
    release: bool = False,
    report: FooterReport | None = None,
) -> list[bytes | memoryview]:
    """Draw every page and return the PDF, as pieces to write one after the other (views
    into ReportLab's bytes, with the retagged font subset names between them).

    Each page is compressed as soon as it is drawn and kept in a temporary file until the
    document is written (`render.pdfdoc.show_page`), so while the pages are drawn memory does
    not grow with the page count by more than ReportLab's few objects a page. With
    `release`, the caller gives the list up: it is emptied as its pages are drawn, so each
    page's plan goes once it is on paper. A footer that loses a part or does not fit is
    added to `report` (`impose.footer`)."""
    first = pages[0] if pages else None
    with pdf_settings(), Spill() as spill:
        c = new_canvas(io.BytesIO(), (first.width, first.height) if first else (612, 792), info)
        drawer = drawer_for(c)
        counts = reuse_counts(pages)
        total = len(pages)
        del first
        for n, page in enumerate(_in_order(pages, release), start=1):
            c.setPageSize((page.width, page.height))
            style = page.style or Style()
            draw_page(c, drawer, page, counts, style)
            if page.footer is not None:
                parts, drop = _footer_parts(info, n, total, page)
                with _tagged(c, "Footer", True):
                    fitted = footer(c, page.footer, parts, style, drop)
                if report is not None:
                    report.add(style.sheet, n, fitted, page.note)
            show_page(c, spill)
        raw = c.getpdfdata()  # what save() would write, without a copy in a buffer
    return retagged(raw)  # its font subsets retagged (`unique_subset_tags`)


def _in_order(pages: list[Page], release: bool) -> Iterator[Page]:
    """The pages first to last; with `release`, each taken out of the list as it is given."""
    if not release:
        yield from pages
        return
    pages.reverse()
    while pages:
        yield pages.pop()


def _footer_parts(info: DocInfo, n: int, total: int, page: Page) -> tuple[list[str], list[int]]:
    """A sheet's footer: its parts, and those that may be left off (by index, first the
    first to go: the bleed, the paper, the game's name, "print at 100%"). The page's
    number and its note (the duplex flip) always stay."""
    words = info.words
    parts = [
        info.footer,
        words("page {n}/{total}", n=n, total=total),
        info.paper_label,
        words("print at 100% / actual size"),
    ]
    if page.note:
        parts.append(page.note)
    if page.bleed is not None and page.area is not None:
        margin = min(
            page.area.x, page.area.y, page.width - page.area.x1, page.height - page.area.y1
        )
        bleed = number(float(bleed_text(page.bleed)), words.lang, 1)
        shown = number(round(margin / MM, 1), words.lang, 1)
        parts.append(
            words("bleed {bleed} mm or more, margin {margin} mm", bleed=bleed, margin=shown)
        )
    drop = ([len(parts) - 1] if page.bleed is not None and page.area is not None else []) + [
        2,
        0,
        3,
    ]
    return parts, drop


def bleed_text(bleed: float) -> str:
    """The least bleed in millimetres, rounded down to a tenth: a footer never claims more
    than the page has (2.67 mm prints as 2.6)."""
    return f"{math.floor(bleed / MM * 10 + 1e-6) / 10:.1f}"


def draw_page(
    c: Canvas, drawer: FaceDrawer, page: Page, counts: dict[str, int], style: Style
) -> None:
    dx, dy = page.offset
    c.saveState()
    if dx or dy:
        c.translate(dx, dy)
    for p in page.placements:
        place(c, drawer, p, page.paint or page.area, counts.get(p.key, 0) > 1)
    with _tagged(c, "CutLines", page.cuts or page.outlines):
        _lines(c, page.cuts, style.width, style.cut_color)
        for outline in page.outlines:
            _outline(c, outline, style.width, style.cut_color)
    folds = list(page.folds) + [f for p in page.placements for f in p.folds]
    with _tagged(c, "Folds", folds):
        _lines(c, folds, style.width, style.fold_color, dash=(3, 2))
    with _tagged(c, "CropMarks", page.crop):
        _lines(c, page.crop, style.width, style.color)
    if page.registration is not None and page.area is not None:
        with _tagged(c, "Registration", True):
            registration_marks(c, page.area, *page.registration)
    c.restoreState()


def place(c: Canvas, drawer: FaceDrawer, p: Placement, area: Box | None, reuse: bool) -> None:
    """One face: clipped to its slot (trim plus the bleed it may show) and to the printable
    area, turned by its rotation, inside a /Face marked-content sequence."""
    c.addLiteral(
        f"/Face <</K ({_pdf_text(p.key)}) /C ({_pdf_text(p.component)}) /S /{p.side}>> BDC"
    )
    c.saveState()
    if area is not None and not area.contains(_clip_bounds(p), eps=1e-6):
        _clip_polygon(c, area.corners())
    if p.clip_circle is not None:
        # what `clipPath` writes for the circle under the canvas's own fill rule (even-odd)
        clip_path(c, circle_code(*p.clip_circle), even_odd=True)
    elif p.clip:
        _clip_polygon(c, p.clip)
    t = p.trim
    if p.rotate == 0:
        drawer.draw(p.face, t.x, t.y, reuse=reuse)
    else:
        corner = {90: (t.x1, t.y), 180: (t.x1, t.y1), 270: (t.x, t.y1)}[p.rotate]
        c.translate(*corner)
        c.rotate(p.rotate)
        drawer.draw(p.face, 0, 0, reuse=reuse)
    c.restoreState()
    c.addLiteral("EMC")


@contextmanager
def _tagged(c: Canvas, tag: str, used: Any) -> Iterator[None]:
    """A marked-content sequence (`/Tag BMC … EMC`) around what the block draws, so readers
    can tell crop marks, cut lines, folds and the footer apart."""
    if used:
        c.addLiteral(f"/{tag} BMC")
    yield
    if used:
        c.addLiteral("EMC")


def _pdf_text(s: str) -> str:
    return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def _clip_bounds(p: Placement) -> Box:
    """The box around everything the placement may paint."""
    if p.clip_circle is not None:
        x, y, r = p.clip_circle
        return Box(x - r, y - r, 2 * r, 2 * r)
    if not p.clip:
        return Box(-1e9, -1e9, 2e9, 2e9)
    xs, ys = [q[0] for q in p.clip], [q[1] for q in p.clip]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _clip_polygon(c: Canvas, points: Iterable[Point]) -> None:
    pts = tuple(points)
    d = (("M", *pts[0]), *(("L", *q) for q in pts[1:]), ("Z",))
    clip_path(c, pdf_path(d))  # slots repeat page to page: cached paths


def _lines(
    c: Canvas, segments: Iterable[Segment], width: float, color: str, dash: tuple[float, ...] = ()
) -> None:
    segments = list(segments)
    if not segments:
        return
    c.saveState()
    c.setStrokeColor(pdf_color(color))
    c.setLineWidth(width)
    c.setLineCap(0)
    if dash:
        c.setDash(list(dash))
    d = tuple(cmd for a, b in segments for cmd in (("M", *a), ("L", *b)))
    draw_path(c, pdf_path(d), stroke=1, fill=0)  # the same marks on every full sheet: cached
    c.restoreState()


def _outline(c: Canvas, outline: Outline, width: float, color: str) -> None:
    c.saveState()
    c.setStrokeColor(pdf_color(color))
    c.setLineWidth(width)
    if outline.circle is not None:
        draw_path(c, circle_code(*outline.circle), stroke=1, fill=0)
    else:
        path = c.beginPath()
        path.moveTo(*outline.points[0])
        for q in outline.points[1:]:
            path.lineTo(*q)
        path.close()
        c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


def registration_marks(c: Canvas, area: Box, size: float, inset: float) -> None:
    """Cutting-machine registration: a filled square at the top left, corner brackets at the
    top right and bottom left, each `inset` inside the printable area."""
    c.saveState()
    c.setFillColor(pdf_color("#000000"))
    c.setStrokeColor(pdf_color("#000000"))
    c.setLineWidth(0.5 * MM)
    x0, y0, x1, y1 = area.x + inset, area.y + inset, area.x1 - inset, area.y1 - inset
    c.rect(x0, y1 - size, size, size, stroke=0, fill=1)
    path = c.beginPath()
    path.moveTo(x1 - size, y1)
    path.lineTo(x1, y1)
    path.lineTo(x1, y1 - size)
    path.moveTo(x0, y0 + size)
    path.lineTo(x0, y0)
    path.lineTo(x0 + size, y0)
    c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


# ---------------------------------------------------------------- footer

SCALE_BARS = (("1 in", INCH), ("25 mm", 25 * MM))


def footer(
    c: Canvas, band: Band, parts: Sequence[str], style: Style, drop: Sequence[int] = ()
) -> Fitted:
    """The footer in its band: its parts from the start (`impose.footer.fit_footer`: on
    one line or two, `drop` left off if it must), the scale bars at the end. A band on the
    left or right edge runs bottom to top. Returns how it was fitted."""
    box = band.box
    c.saveState()
    if band.edge in ("bottom", "top"):
        c.translate(box.x, box.y)
        length, thick = box.w, box.h
    else:
        c.translate(box.x1, box.y)
        c.rotate(90)
        length, thick = box.h, box.w
    font = fonts.register(FOOTER_FONT)
    size = style.font_size
    gap = 2 * MM
    bars = scale_bars_width(size) if style.scale_bar else 0.0
    room = length - bars - (gap if bars else 0)
    fitted = fit_footer(parts, drop, FOOTER_FONT, size, room, thick, MIN_FOOTER_SIZE)
    size = fitted.size
    c.setFillColor(pdf_color("#000000"))
    c.setFont(font, size)
    for i, line in enumerate(fitted.lines):  # cap heights centred in the band, line by line
        middle = thick / 2 + (len(fitted.lines) - 1 - 2 * i) * size * LEADING / 2
        c.drawString(0, middle - size * 0.36, line)
    if style.scale_bar:
        draw_scale_bars(c, length - bars, thick, style.font_size, style.width)
    c.restoreState()
    return fitted


def scale_bars_width(size: float) -> float:
    label_gap = 1 * MM
    total = 0.0
    for i, (label, bar) in enumerate(SCALE_BARS):
        total += bar + label_gap + fonts.string_width(label, FOOTER_FONT, size)
        if i:
            total += 3 * MM
    return total


def draw_scale_bars(c: Canvas, x: float, thick: float, size: float, width: float) -> None:
    """Bars 1 in and 25 mm long, end ticks the band's height, each labelled after it."""
    font = fonts.register(FOOTER_FONT)
    c.setStrokeColor(pdf_color("#000000"))
    c.setLineWidth(max(width, 0.4))
    c.setLineCap(0)
    c.setFont(font, size)
    baseline = (thick - size * 0.72) / 2
    for i, (label, bar) in enumerate(SCALE_BARS):
        if i:
            x += 3 * MM
        d = (
            ("M", x, 0),
            ("L", x, thick),
            ("M", x, thick / 2),
            ("L", x + bar, thick / 2),
            ("M", x + bar, 0),
            ("L", x + bar, thick),
        )
        draw_path(c, pdf_path(d), stroke=1, fill=0)
        x += bar + 1 * MM
        c.drawString(x, baseline, label)
        x += fonts.string_width(label, FOOTER_FONT, size)
