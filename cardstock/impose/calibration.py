"""`output/calibration-<paper>.pdf`: one sheet, printed on both sides, from which a user
reads their duplex printer's back offset.

The front carries bold reference lines; the back carries millimetre rulers centred on the
mirror image of those lines (for the chosen duplex edge). Held against the light, each
front line shows through at the ruler value that is the correction to apply: X from the
horizontal rulers, Y from the vertical ones, in the convention of `--back-offset X,Y`
(as seen looking at the back: +X moves the backs right, +Y moves them up). When the build
already has a back offset, the back is printed with it, so a reading of 0 confirms it and
anything else is added to it.
"""

from __future__ import annotations

import io
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from .. import fonts
from ..core.output import artifact
from ..core.stage import BuildJob, StageResult
from ..core.units import PAPER_LABELS, POINTS_PER, fmt_mm
from ..render.pdfdoc import pdf_settings, unique_subset_tags
from .marks import band_on, band_thickness
from .plan import Box, Mirror
from .render import DocInfo, Style, footer, new_canvas
from .sheets import DEFAULT_MARGIN as MARGIN
from .sheets import FooterSpec, back_offset, paper_size

MM = POINTS_PER["mm"]
RANGE_MM = 6  # the rulers read from -RANGE_MM to +RANGE_MM
LINE = 0.8  # width of the front's reference lines, bold enough to show through paper
ARM = 16 * MM  # half length of a front reference line
RULER_AWAY = 10 * MM  # a ruler crosses its reference line this far from the lines' crossing


def build_calibration(job: BuildJob) -> StageResult:
    """One calibration sheet per paper asked for, written to `options.out`."""
    options, root = job.options, job.root
    result = StageResult()
    offset = tuple(options.back_offset)
    if root is not None:
        offset, problems = back_offset(root, options)
        result.findings.extend(problems)
    for paper in options.papers:
        data = calibration_pdf(paper, options.duplex, offset)
        path = Path(options.out) / f"calibration-{paper}.pdf"
        result.artifacts.append(artifact(None, "calibration", path, data, paper=paper, pages=2))
    return result


def reference_lines(W: float, H: float) -> tuple[list[float], list[float]]:
    """x of the front's vertical lines (read on the X rulers), y of its horizontal lines."""
    return [W * 0.3, W * 0.7], [H * 0.3, H * 0.62]


@pdf_settings()
def calibration_pdf(paper: str, duplex: str, offset: tuple[float, float]) -> bytes:
    W, H = paper_size(paper)
    label = PAPER_LABELS.get(paper, paper)
    edge = "short" if duplex == "short" else "long"
    mirror = Mirror("y", H / 2) if edge == "short" else Mirror("x", W / 2)
    info = DocInfo(
        title=f"cardstock duplex calibration, {label}",
        footer="cardstock duplex calibration",
        paper_label=label,
    )
    buffer = io.BytesIO()
    c = new_canvas(buffer, (W, H), info)
    spec = FooterSpec()
    area = Box(MARGIN, MARGIN, W - 2 * MARGIN, H - 2 * MARGIN)
    band = band_on(area, "bottom", band_thickness(spec))
    style = Style(font_size=spec.font_size)
    xs, ys = reference_lines(W, H)

    # Front: instructions and the reference lines.
    _instructions(c, W, H, edge, offset)
    c.setStrokeColor(HexColor("#000000"))
    c.setLineWidth(LINE)
    c.addLiteral("/Reference BMC")
    for x in xs:
        for y in ys:
            c.line(x, y - ARM, x, y + ARM)  # read on the back's X ruler
            c.line(x - ARM, y, x + ARM, y)  # read on the back's Y ruler
    c.addLiteral("EMC")
    _label(c, "front", W, H)
    footer(
        c,
        band,
        f"{info.footer}  ·  page 1/2  ·  {label}  ·  print at 100% / actual size  ·  front",
        style,
    )
    c.showPage()

    # Back: rulers centred on the mirror image of every reference line.
    c.setPageSize((W, H))
    c.saveState()
    c.translate(*offset)
    for x in xs:
        for y in ys:
            bx, by = mirror.point((x, y))
            _ruler(c, bx, by + RULER_AWAY, horizontal=True)
            _ruler(c, bx + RULER_AWAY, by, horizontal=False)
    c.restoreState()
    _label(c, "back", W, H)
    mirrored_band = band if edge == "long" else band_on(area, "top", band.box.h)
    footer(
        c,
        mirrored_band,
        f"{info.footer}  ·  page 2/2  ·  {label}  ·  print at 100% / actual size  ·  back, flip "
        f"on the {edge} edge",
        style,
    )
    c.showPage()
    c.save()
    return unique_subset_tags(buffer.getvalue())


def _ruler(c: Canvas, x: float, y: float, *, horizontal: bool) -> None:
    """A millimetre ruler through (x, y): the tick for v mm at x + v (X ruler) or y + v
    (Y ruler); ticks every half millimetre hang from the axis, every millimetre has
    a longer tick, every other millimetre numbered with its sign."""
    font = fonts.register("sans")
    c.addLiteral("/RulerX BMC" if horizontal else "/RulerY BMC")
    c.saveState()
    c.translate(x, y)
    if not horizontal:
        c.rotate(90)  # the same ruler along +y, read with the page turned
    c.setStrokeColor(HexColor("#000000"))
    c.setFillColor(HexColor("#000000"))
    size = 5.0
    for half in range(-2 * RANGE_MM, 2 * RANGE_MM + 1):
        v = half / 2
        u = v * MM
        length = 3.0 * MM if half == 0 else (2.0 * MM if half % 2 == 0 else 1.2 * MM)
        c.setLineWidth(0.6 if half == 0 else 0.3)
        c.line(u, -length, u, 0)
        if half % 4:
            continue
        text = "0" if v == 0 else f"{v:+.0f}".replace("-", "\u2212")
        c.setFont(fonts.register("sans-bold") if v == 0 else font, size)
        row = (half // 4) % 2  # alternate rows keep neighbouring numbers apart
        c.drawCentredString(u, -3.2 * MM - size - row * (size + 1), text)
    c.setLineWidth(0.3)
    c.line(-RANGE_MM * MM, 0, RANGE_MM * MM, 0)
    c.setFont(fonts.register("sans-bold"), 6)
    c.drawString(RANGE_MM * MM + 1.5 * MM, -1.0 * MM, "X" if horizontal else "Y")
    c.restoreState()
    c.addLiteral("EMC")


def _label(c: Canvas, side: str, W: float, H: float) -> None:
    c.saveState()
    c.setFillColor(HexColor("#000000"))
    c.setFont(fonts.register("sans-bold"), 28)
    c.drawCentredString(W / 2, H * 0.46, side.upper())
    c.restoreState()


def _instructions(c: Canvas, W: float, H: float, edge: str, offset: tuple[float, float]) -> None:
    lines = [
        ("sans-bold", 13, "Duplex calibration"),
        (
            "sans",
            8,
            "1. Print both pages on one sheet at 100% / actual size, two-sided, flip on the "
            f"{edge} edge",
        ),
        (
            "sans",
            8,
            "    (the settings you will use for the cards). Check that the scale bars measure 1 "
            "in and 25 mm.",
        ),
        (
            "sans",
            8,
            "2. Hold the sheet against a window or a lamp with the back (the rulers) towards you.",
        ),
        (
            "sans",
            8,
            "3. Where each bold line from the front shows through a ruler, read the number in mm:",
        ),
        (
            "sans",
            8,
            "    X on the horizontal rulers, Y on the vertical ones. Average the readings of "
            "each kind.",
        ),
        (
            "sans",
            8,
            "4. Build with --back-offset X,Y (e.g. --back-offset 1.2mm,-0.5mm), or save it as "
            "back_offset",
        ),
        ("sans", 8, "    of your printer in layouts/sheets/printers.toml."),
    ]
    if offset != (0.0, 0.0):
        lines.append(
            (
                "sans-bold",
                8,
                "This sheet was printed with --back-offset "
                f"{fmt_mm(offset[0])},{fmt_mm(offset[1])}: readings of 0 confirm it; add any "
                "other reading to it.",
            )
        )
    y = H - MARGIN - 10 * MM
    c.saveState()
    c.setFillColor(HexColor("#000000"))
    for font, size, text in lines:
        c.setFont(fonts.register(font), size)
        c.drawString(MARGIN + 8 * MM, y, text)
        y -= size * 1.45
    c.restoreState()
