"""The `proof` stage: a contact sheet of every face, with what the print-safety measures
found outlined and labelled, and a fit report of every text box.

    output/<game>/proof/<game>-proof.pdf        every distinct face, scaled into a grid
    output/<game>/proof/<game>-proof-<n>.png    each page of it as pixels
    output/<game>/proof/fit-report.csv          card, box, chosen size, minimum, overflow,
                                                problems
    output/<game>/proof/<game>-proof-<deficiency>.pdf and -<n>.png
                                                with `--cvd`: the same sheets as protanopes,
                                                deuteranopes and tritanopes see them

A problem is drawn where the box that has it lies on the face (`ops.Note`, kept as each
face is drawn): text shrunk to its minimum size, text that overflows even at it, content
outside the safe zone, low contrast, characters the font cannot draw. The colour-vision
sheets are the contact sheet's pixels through the simulation of Machado et al. (2009,
`cardstock.layout.safety.vision`), applied with a colour lookup table (Pillow's `Color3DLUT`);
the `colour-vision` check's warnings are the stage's findings then too.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from reportlab.lib.utils import ImageReader, simpleSplit

from .. import fonts
from ..catalog.feedback import Note as PlaytestNote
from ..catalog.feedback import read_notes
from ..core.csv_cells import csv_bytes
from ..core.issues import Issue
from ..core.output import artifact
from ..core.stage import Job, StageResult
from ..core.toolwords import ENGLISH, ToolWords
from ..core.units import PAPERS, parse_length
from ..layout.checks.drawn import colour_vision
from ..layout.ops import Face, Note
from ..layout.safety.vision import DEFICIENCIES, simulator
from ..layout.text.continued import PROBLEM as PART
from ..render.pdf import PdfFaces
from ..render.pdfdoc import new_canvas, pdf_settings, unique_subset_tags
from ..render.png import png_bytes, rasterise, rendered_pngs

DPI = 100  # the PNGs' resolution
COLUMNS = 5
MARGIN = 30.0  # points
LABEL = 9.0  # the height of a face's label under it
PROBLEM = "#e0007a"  # outlines and labels of problems (magenta: apart from any card's ink)
LUT_SIZE = 33  # points a side of the colour-vision lookup table
FONT = "sans"
# The sheets' words, cardstock's own (`cardstock/locale/cardstock.pot`), in the language of
# the edition they proof; fit-report.csv and the build's messages stay the designer's data
TITLE = "{game} {version}: proof"
PAGE = "{title} — page {n} of {total}"
PROBLEMS = ("{n} problem", "{n} problems")
SEEN = "{title} as seen with {deficiency} (Machado 2009)"
# each problem a box may have (`layout.ops.Note.problems`), and each colour deficiency
LABELS = ("minimum size", "overflow", "safe zone", "contrast", "missing glyph")
NOTES = "{title} — open playtest notes"
OLDER = "made on an older version ({version})"
WORDS = (TITLE, PAGE, *PROBLEMS, SEEN, *LABELS, *DEFICIENCIES, NOTES, OLDER)
NOTE_FACE = 110.0  # points: the height a noted face is drawn at on the notes pages
NOTE_SIZE = 8.0  # the notes' type size


def _cells(
    faces: list[tuple[str, Face]], page: tuple[float, float]
) -> list[list[tuple[str, Face, float, float, float]]]:
    """Pages of (label, face, x, y, scale): each face scaled into a cell of a grid, the
    lower-left corner of its trim at (x, y)."""
    w, h = page
    cell_w = (w - 2 * MARGIN) / COLUMNS
    tallest = max((f.height + 2 * f.bleed) / (f.width + 2 * f.bleed) for _, f in faces)
    cell_h = min(cell_w * tallest, h - 2 * MARGIN - 20) + LABEL
    rows = max(1, int((h - 2 * MARGIN - 20) // cell_h))
    pages: list[list[tuple[str, Face, float, float, float]]] = []
    for i, (label, face) in enumerate(faces):
        slot = i % (rows * COLUMNS)
        if slot == 0:
            pages.append([])
        col, row = slot % COLUMNS, slot // COLUMNS
        fw, fh = face.width + 2 * face.bleed, face.height + 2 * face.bleed
        scale = min((cell_w - 6) / fw, (cell_h - LABEL - 6) / fh)
        x = MARGIN + col * cell_w + (cell_w - fw * scale) / 2 + face.bleed * scale
        top = h - MARGIN - 20 - row * cell_h
        y = top - 3 - fh * scale + face.bleed * scale
        pages[-1].append((label, face, x, y, scale))
    return pages


def problems_of(face: Face) -> list[Note]:
    return [n for n in face.notes if n.problems]


def contact_sheet(
    title: str,
    faces: list[tuple[str, Face]],
    paper: str,
    words: ToolWords = ENGLISH,
    notes: Mapping[str, Sequence[PlaytestNote]] | None = None,
) -> tuple[bytes, int]:
    """The contact sheet's PDF and its page count, its words in the language of `words`;
    then, with `notes` (a face's label → its open playtest notes), each noted face with its
    notes beside it."""
    size = (parse_length(PAPERS[paper][0]), parse_length(PAPERS[paper][1]))
    pages = _cells(faces, size)
    buffer = io.BytesIO()
    with pdf_settings():
        c = new_canvas(buffer, size, title)
        drawer = PdfFaces(c)
        for number, cells in enumerate(pages, start=1):
            c.setFont(fonts.register(FONT), 9)
            c.setFillColor("#222222")
            head = words(PAGE, title=title, n=number, total=len(pages))
            c.drawString(MARGIN, size[1] - MARGIN - 8, head)
            for label, face, x, y, s in cells:
                c.saveState()
                c.translate(x, y)
                c.scale(s, s)
                drawer.draw(face, 0, 0)
                c.restoreState()
                _outline(c, face, x, y, s, words)
                found = problems_of(face)
                c.setFillColor(PROBLEM if found else "#444444")
                c.setFont(fonts.register(FONT), 6)
                c.drawString(
                    x - face.bleed * s,
                    y - face.bleed * s - 7,
                    label + (f"  ({words.count(*PROBLEMS, len(found))})" if found else ""),
                )
            c.showPage()
        count = len(pages) + _notes_pages(c, drawer, faces, notes or {}, size, title, words)
        c.save()
    return unique_subset_tags(buffer.getvalue()), count


def _notes_pages(
    c: Any,
    drawer: PdfFaces,
    faces: list[tuple[str, Face]],
    notes: Mapping[str, Sequence[PlaytestNote]],
    size: tuple[float, float],
    title: str,
    words: ToolWords,
) -> int:
    """Each face with open notes, its notes wrapped beside it, page after page; the pages
    drawn."""
    noted = [(label, face) for label, face in faces if notes.get(label)]
    if not noted:
        return 0
    font = fonts.register(FONT)
    w, h = size
    pages, y = 1, h - MARGIN - 20
    c.setFont(font, 9)
    c.setFillColor("#222222")
    c.drawString(MARGIN, h - MARGIN - 8, words(NOTES, title=title))
    for label, face in noted:
        s = NOTE_FACE / (face.height + 2 * face.bleed)
        fw = (face.width + 2 * face.bleed) * s
        text_x = MARGIN + fw + 12
        lines = [f"{label}  ({face.version})" if face.version else label]
        for n in notes[label]:
            said = " ".join(x for x in (n.who, n.when) if x)
            older = (
                f" — {words(OLDER, version=n.version)}"
                if n.version and n.version != face.version
                else ""
            )
            lines += simpleSplit(
                f"• {said + ': ' if said else ''}{n.text}{older}",
                font,
                NOTE_SIZE,
                w - text_x - MARGIN,
            )
        need = max(NOTE_FACE, len(lines) * NOTE_SIZE * 1.3) + 14
        if y - need < MARGIN:
            c.showPage()
            pages += 1
            y = h - MARGIN - 20
        c.saveState()
        c.translate(MARGIN + face.bleed * s, y - NOTE_FACE + face.bleed * s)
        c.scale(s, s)
        drawer.draw(face, 0, 0)
        c.restoreState()
        c.setFont(font, NOTE_SIZE)
        c.setFillColor("#222222")
        for i, line in enumerate(lines):
            c.drawString(text_x, y - NOTE_SIZE - i * NOTE_SIZE * 1.3, line)
        y -= need
    c.showPage()
    return pages


def _outline(c: Any, face: Face, x: float, y: float, s: float, words: ToolWords) -> None:
    """Each problem box outlined on the face, with its problems in words above it."""
    c.saveState()
    c.setStrokeColor(PROBLEM)
    c.setFillColor(PROBLEM)
    c.setLineWidth(1.0)
    c.setFont(fonts.register(FONT), 5)
    for n in problems_of(face):
        if n.x1 <= n.x0 or n.y1 <= n.y0:  # a box of a composed net: the whole face
            x0, y0, x1, y1 = 0.0, 0.0, face.width, face.height
        else:
            x0, y0, x1, y1 = n.x0, n.y0, n.x1, n.y1
        left, bottom = x + x0 * s, y + (face.height - y1) * s
        c.rect(left, bottom, (x1 - x0) * s, (y1 - y0) * s, stroke=1, fill=0)
        said = ", ".join(words(p) if p in LABELS else p for p in n.problems)
        c.drawString(left + 1, bottom + (y1 - y0) * s + 1.5, said)
    c.restoreState()


def _page_pixels(pdf: bytes, pages: int, paper: str) -> list[tuple[int, int]]:
    w, h = (parse_length(v) for v in PAPERS[paper])
    return [(round(w / 72 * DPI), round(h / 72 * DPI))] * pages


def _simulated(
    pdf: bytes, pages: int, paper: str, deficiency: str, title: str
) -> tuple[bytes, list[bytes]]:
    """The contact sheet as seen with a deficiency: its pages' pixels through the
    simulation, as a PDF of one picture a page and as PNGs."""
    from PIL import ImageFilter

    lut = ImageFilter.Color3DLUT.generate(LUT_SIZE, simulator(deficiency))
    size = tuple(parse_length(v) for v in PAPERS[paper])
    images = [
        im.convert("RGB").filter(lut)
        for im in rasterise(pdf, DPI, _page_pixels(pdf, pages, paper), [False] * pages)
    ]
    buffer = io.BytesIO()
    with pdf_settings():
        c = new_canvas(buffer, (size[0], size[1]), title)
        for im in images:
            c.drawImage(ImageReader(im), 0, 0, size[0], size[1])
            c.showPage()
        c.save()
    return buffer.getvalue(), [png_bytes(im, DPI) for im in images]


def fit_report(faces: list[tuple[str, Face]]) -> bytes:
    """card, box, chosen size, minimum, overflow (mm at the minimum size), problems: a row
    for every text box and every box with a problem."""
    rows: list[list[object]] = [
        ["card", "box", "size_pt", "min_size_pt", "overflow_mm", "problems"]
    ]
    for label, face in faces:
        for n in face.notes:
            if n.size or n.problems:
                rows.append(
                    [
                        label,
                        n.box,
                        f"{n.size:g}" if n.size else "",
                        f"{n.min_size:g}" if n.size else "",
                        f"{n.overflow * 25.4 / 72:.1f}" if n.overflow else "",
                        "; ".join(n.problems),
                    ]
                )
    return csv_bytes(rows)


def build_proof(job: Job) -> StageResult:
    """The proof sheets of one game (see the module's docstring)."""
    job = job.printing()  # a continued card's parts too (`layout.text.continued`)
    catalog, options = job.catalog, job.build
    faces = [(label, job.faces.full(face)) for label, face in job.faces.distinct()]
    result = StageResult()
    if not faces:
        return result
    folder = Path(options.out) / catalog.id / "proof"
    paper = options.papers[0]
    words = catalog.tool_words
    title = words(TITLE, game=catalog.game.title, version=catalog.game.version)
    found, _problems = read_notes(catalog.root, [catalog])  # validation reported them
    opened: dict[str, list[PlaytestNote]] = {}
    for kept in found:
        if kept.game == catalog.id and kept.open:
            opened.setdefault(kept.card, []).append(kept)
    pdf, pages = contact_sheet(title, faces, paper, words, opened)
    result.artifacts.append(
        artifact(
            catalog.id, "proof", folder / f"{catalog.id}-proof.pdf", pdf, paper=paper, pages=pages
        )
    )
    sizes = _page_pixels(pdf, pages, paper)
    for n, png in enumerate(rendered_pngs(pdf, DPI, sizes, [False] * pages), start=1):
        result.artifacts.append(
            artifact(catalog.id, "proof-png", folder / f"{catalog.id}-proof-{n}.png", png)
        )
    result.artifacts.append(
        artifact(catalog.id, "fit-report", folder / "fit-report.csv", fit_report(faces))
    )
    if options.cvd:
        for d in DEFICIENCIES:
            seen, pngs = _simulated(
                pdf, pages, paper, d, words(SEEN, title=title, deficiency=words(d))
            )
            result.artifacts.append(
                artifact(
                    catalog.id,
                    "proof",
                    folder / f"{catalog.id}-proof-{d}.pdf",
                    seen,
                    paper=paper,
                    pages=pages,
                )
            )
            for n, png in enumerate(pngs, start=1):
                result.artifacts.append(
                    artifact(
                        catalog.id, "proof-png", folder / f"{catalog.id}-proof-{d}-{n}.png", png
                    )
                )
        result.findings += colour_vision(job)  # sets colour-blind players cannot tell apart
    for label, face in faces:
        for note in problems_of(face):
            said = [p for p in note.problems if not PART.match(p)]  # a part is no problem
            if said:
                result.findings.append(
                    Issue(
                        f"{catalog.id}: proof",
                        None,
                        note.box,
                        f"{label}: {', '.join(said)}",
                        "warning",
                    )
                )
    return result


__all__ = ["build_proof", "contact_sheet", "fit_report", "problems_of"]
