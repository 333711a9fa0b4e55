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
from ..catalog.languages import declared, variant_ids
from ..catalog.pseudo import CODE as PSEUDO
from ..catalog.pseudo import pseudo
from ..core.output import artifact
from ..core.project import discover
from ..core.stage import BuildJob, BuildOptions, StageResult
from ..core.toolwords import ENGLISH, ToolWords, tool_words
from ..core.units import PAPER_LABELS, POINTS_PER, fmt_mm
from ..render.pdfdoc import pdf_settings, unique_subset_tags
from .marks import band_on, band_thickness
from .plan import FLIP_NOTES, Box, Mirror
from .render import DocInfo, Style, footer, new_canvas
from .sheets import DEFAULT_MARGIN as MARGIN
from .sheets import FooterSpec, back_offset, paper_size

MM = POINTS_PER["mm"]
RANGE_MM = 6  # the rulers read from -RANGE_MM to +RANGE_MM
LINE = 0.8  # width of the front's reference lines, bold enough to show through paper
ARM = 16 * MM  # half length of a front reference line
RULER_AWAY = 10 * MM  # a ruler crosses its reference line this far from the lines' crossing
# The calibration footer's parts that may be left off, first the first: the paper, the
# sheet's name, "print at 100%"; the page number and "front" / "back, flip on …" stay
CALIBRATION_DROP = (2, 0, 3)


def build_calibration(job: BuildJob) -> StageResult:
    """One calibration sheet per paper asked for, written to `options.out`."""
    options, root = job.options, job.root
    result = StageResult()
    offset = tuple(options.back_offset)
    if root is not None:
        offset, problems = back_offset(root, options)
        result.findings.extend(problems)
    for words in _languages(root, options):
        code = "" if words is ENGLISH else f"{words.lang}-"
        for paper in options.papers:
            data = calibration_pdf(paper, options.duplex, offset, words)
            path = Path(options.out) / f"calibration-{code}{paper}.pdf"
            result.artifacts.append(artifact(None, "calibration", path, data, paper=paper, pages=2))
    return result


def _languages(root: Path | None, options: BuildOptions) -> list[ToolWords]:
    """The calibration sheet's languages: English, and each other language the build makes
    a game in that cardstock has words for (`calibration-fr-a4.pdf`); a language without
    them is reported once by the game built in it."""
    out = [ENGLISH]
    if root is None:
        return out
    games = discover(root)
    own = {declared(root, g)[0] for g in games}
    _ids, variants = variant_ids(root, games, options.lang)
    asked = None if options.lang in (None, "all") else {x.strip() for x in options.lang.split(",")}
    codes = {lang for _game, lang in variants.values()}
    codes |= {x for x in own if asked is None or x in asked}
    for code in sorted(codes):
        words = tool_words(code, made=pseudo if code == PSEUDO else None)
        if words is not ENGLISH and not words.missing:
            out.append(words)
    return out


def reference_lines(W: float, H: float) -> tuple[list[float], list[float]]:
    """x of the front's vertical lines (read on the X rulers), y of its horizontal lines."""
    return [W * 0.3, W * 0.7], [H * 0.3, H * 0.62]


@pdf_settings()
def calibration_pdf(
    paper: str, duplex: str, offset: tuple[float, float], words: ToolWords = ENGLISH
) -> bytes:
    """The calibration sheet on `paper`, its words in the language of `words`."""
    W, H = paper_size(paper)
    label = words(PAPER_LABELS.get(paper, paper))  # "US Letter" in the language
    edge = "short" if duplex == "short" else "long"
    mirror = Mirror("y", H / 2) if edge == "short" else Mirror("x", W / 2)
    name = words("cardstock duplex calibration")
    info = DocInfo(title=f"{name}, {label}", footer=name, paper_label=label, words=words)
    first = [words("page {n}/{total}", n=1, total=2), label, words("print at 100% / actual size")]
    second = [words("page {n}/{total}", n=2, total=2), label, words("print at 100% / actual size")]
    buffer = io.BytesIO()
    c = new_canvas(buffer, (W, H), info)
    spec = FooterSpec()
    area = Box(MARGIN, MARGIN, W - 2 * MARGIN, H - 2 * MARGIN)
    band = band_on(area, "bottom", band_thickness(spec))
    style = Style(font_size=spec.font_size)
    xs, ys = reference_lines(W, H)

    # Front: instructions and the reference lines.
    _instructions(c, H, words(FLIP_NOTES[edge]), offset, words)
    c.setStrokeColor(HexColor("#000000"))
    c.setLineWidth(LINE)
    c.addLiteral("/Reference BMC")
    for x in xs:
        for y in ys:
            c.line(x, y - ARM, x, y + ARM)  # read on the back's X ruler
            c.line(x - ARM, y, x + ARM, y)  # read on the back's Y ruler
    c.addLiteral("EMC")
    _label(c, words("front"), W, H)
    footer(c, band, [info.footer, *first, words("front")], style, CALIBRATION_DROP)
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
    _label(c, words("back"), W, H)
    mirrored_band = band if edge == "long" else band_on(area, "top", band.box.h)
    back = words("back, {flip}", flip=words(FLIP_NOTES[edge]))
    footer(c, mirrored_band, [info.footer, *second, back], style, CALIBRATION_DROP)
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


# the calibration page's steps, each a message of cardstock's catalog; a line break in a
# message (a translation's own) starts an indented line
STEPS = (
    "1. Print both pages on one sheet at 100% / actual size, two-sided, {flip}\n"
    "(the settings you will use for the cards). Check that the scale bars measure 1 in and "
    "25 mm.",
    "2. Hold the sheet against a window or a lamp with the back (the rulers) towards you.",
    "3. Where each bold line from the front shows through a ruler, read the number in mm:\n"
    "X on the horizontal rulers, Y on the vertical ones. Average the readings of each kind.",
    "4. Build with --back-offset X,Y (e.g. --back-offset 1.2mm,-0.5mm), or save it as "
    "back_offset\nof your printer in layouts/sheets/printers.toml.",
)


def _instructions(
    c: Canvas, H: float, flip: str, offset: tuple[float, float], words: ToolWords
) -> None:
    lines = [("sans-bold", 13, words("Duplex calibration"))]
    for step in STEPS:
        said = words(step, flip=flip).split("\n")
        lines += [("sans", 8, said[0]), *(("sans", 8, f"    {more}") for more in said[1:])]
    if offset != (0.0, 0.0):
        note = words(
            "This sheet was printed with --back-offset {x},{y}: readings of 0 confirm it; add "
            "any other reading to it.",
            x=fmt_mm(offset[0]),
            y=fmt_mm(offset[1]),
        )
        lines.append(("sans-bold", 8, note))
    y = H - MARGIN - 10 * MM
    c.saveState()
    c.setFillColor(HexColor("#000000"))
    for font, size, text in lines:
        c.setFont(fonts.register(font), size)
        c.drawString(MARGIN + 8 * MM, y, text)
        y -= size * 1.45
    c.restoreState()
