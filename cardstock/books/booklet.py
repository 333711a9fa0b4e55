"""Saddle-stitch imposition: reading pages two-up on landscape sheets, in folding order.

A booklet of N pages (N padded with blank pages to a multiple of four) needs N/4 sheets.
Sheet i (counting from 0, the outermost sheet first) carries, seen from the front:

    front:  left = N - 2i      right = 1 + 2i
    back:   left = 2 + 2i      right = N - 1 - 2i

Each side is written as a portrait page, the way the paper goes through a printer: the
spread is turned a quarter onto it (the front a quarter counter-clockwise; the back a
quarter clockwise for a long-edge flip, counter-clockwise for a short-edge one), so no print
dialog turns a page and the booklet prints with the same setting as every other file
cardstock writes (`--duplex`, "flip on the long edge" by default). Print the sheets
double-sided, stack them in order, fold the stack in half: the pages read 1, 2, 3, … Each
back side names its sheet and the flip at its top edge, in the reading pages' top margin.

`booklet_order` is the pure page-order function; `impose` takes a finished reading-order
PDF, turns each of its pages into a Form XObject (its drawing and resources; links and
bookmarks belong to pages, so they stay in the reading PDF) and draws the forms into their
slots on the sheets. The rulebook is therefore laid out once, not once per output.

pypdf does the reading and writing of PDF objects: ReportLab writes PDFs but cannot read
one back.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pypdf import PageObject, PdfReader, PdfWriter
from pypdf.filters import decode_stream_data
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    IndirectObject,
    NameObject,
    RectangleObject,
    StreamObject,
    TextStringObject,
)

from .. import fonts
from ..core.toolwords import ENGLISH, ToolWords
from ..impose.plan import FLIP_NOTES
from ..impose.sheets import DEFAULT_MARGIN
from ..render.pdf import pdf_num
from ..render.pdfdoc import new_canvas, pdf_settings, unique_subset_tags
from .marks import strip

# points: no type in a booklet is under the rulebooks' 7 pt (layout.safety.measures.MIN_BOOK_TYPE)
NOTE_SIZE = 7.0
NOTE_COLOR = (0.5, 0.5, 0.5)  # grey: it stays on the finished booklet's pages


@dataclass(frozen=True)
class Side:
    """One printed side of one sheet: the reading pages in its left and right halves
    (None for a blank page added to reach a multiple of four)."""

    sheet: int  # 1-based, outermost sheet first
    face: str  # "front" | "back"
    left: int | None
    right: int | None


def padded(pages: int) -> int:
    """Pages rounded up to a multiple of four (at least four)."""
    return max(4, -(-pages // 4) * 4)


def booklet_order(pages: int) -> list[Side]:
    """The sides to print, in print order (sheet 1 front, sheet 1 back, sheet 2 front, …)."""
    if pages < 1:
        raise ValueError("a booklet needs at least one page")
    n = padded(pages)

    def real(p: int) -> int | None:
        return p if p <= pages else None

    sides: list[Side] = []
    for i in range(n // 4):
        sides.append(Side(i + 1, "front", real(n - 2 * i), real(1 + 2 * i)))
        sides.append(Side(i + 1, "back", real(2 + 2 * i), real(n - 1 - 2 * i)))
    return sides


class Reading:
    """A reading-order PDF parsed once for every booklet imposed from it: its pages and
    each page's size. A page's drawing is decompressed when its form is made (`drawing`)
    and not kept, so a long rulebook's pages are never all held decompressed at once. The
    objects the pages name (fonts, images, inner forms) are parsed when the first booklet
    copies them and read from the parse after that."""

    def __init__(self, data: bytes) -> None:
        self.reader = PdfReader(io.BytesIO(data))
        self.pages: list[tuple[PageObject, float, float]] = [
            (page, float(page.mediabox.width), float(page.mediabox.height))
            for page in self.reader.pages
        ]

    @staticmethod
    def drawing(page: PageObject) -> bytes:
        """The page's drawing, decompressed. A page drawn as one stream (as ReportLab draws
        each page) is decoded by `pypdf.filters.decode_stream_data`, which leaves no
        decoded copy on the stream (`get_contents` would keep one for as long as the
        reader lives: a gallery of every card, held decompressed); a page drawn as an array
        of streams is read through `get_contents`. A tagged page's marked-content marks are
        left out (`books.marks.strip`): a booklet's sheets are printed, not read aloud."""
        stream = page.get(NameObject("/Contents"))
        resolved = stream.get_object() if stream is not None else None
        if isinstance(resolved, StreamObject):
            return strip(decode_stream_data(resolved))
        contents = page.get_contents()
        return b"" if contents is None else strip(contents.get_data())


def _page_form(page: PageObject, drawing: bytes, writer: PdfWriter) -> DictionaryObject:
    """One reading page as a Form XObject in `writer`: the page's drawing, its resources
    (fonts, images and inner forms are copied once however many pages share them) and
    its media box as the form's bounding box."""
    plain = DecodedStreamObject()
    plain.set_data(drawing)
    form = plain.flate_encode()
    box = page.mediabox
    form.update(
        {
            NameObject("/Type"): NameObject("/XObject"),
            NameObject("/Subtype"): NameObject("/Form"),
            NameObject("/BBox"): ArrayObject(
                FloatObject(v) for v in (box.left, box.bottom, box.right, box.top)
            ),
            NameObject("/Resources"): page["/Resources"].clone(writer)
            if "/Resources" in page
            else DictionaryObject(),
        }
    )
    return form


def impose(
    reading: bytes | Reading,
    sheet: tuple[float, float],
    info: Mapping[str, str] = {},
    duplex: str = "long",
) -> tuple[bytes, int]:
    """Impose a reading-order PDF (its bytes, or a `Reading` of them) as a saddle-stitched
    booklet on `sheet` (w, h: the spread, landscape) sides, each written as a portrait
    page (h, w) with the spread turned onto it for the `duplex` flip (`turn_of`).

    Each page sits against the fold (the spread's vertical centre line), centred top to
    bottom; a page larger than half the sheet is scaled down to fit (half-letter pages on
    A4 print at 97.3 %). Returns the booklet's bytes and its number of printed sides.
    `info` fills the document information (Title, Author, …; names without the slash)."""
    return impose_all(reading, [sheet], info, duplex)[0]


def edge_of(duplex: str) -> str:
    """The flip a booklet is printed with: the build's (`--duplex`), long unless short."""
    return "short" if duplex == "short" else "long"


def turn_of(side: Side, edge: str, sheet: tuple[float, float]) -> tuple[float, ...]:
    """The matrix turning a side's spread (sheet[0] wide, sheet[1] high) onto the portrait
    paper: a quarter counter-clockwise, (x, y) -> (h - y, x); a back printed with a
    long-edge flip a quarter clockwise, (x, y) -> (y, w - x), so that turned over on the
    paper's long edge each of its pages lies behind the page it follows, upright."""
    sw, sh = sheet
    if side.face == "back" and edge == "long":
        return (0, -1, 1, 0, 0, sw)
    return (0, 1, -1, 0, sh, 0)


def note_text(side: Side, sheets: int, edge: str, words: ToolWords = ENGLISH) -> str:
    """The note over a back's fold, in the booklet's language (`words`)."""
    return words(
        "sheet {n} of {total}, back: print two-sided, {flip}",
        n=side.sheet,
        total=sheets,
        flip=words(FLIP_NOTES[edge]),
    )


# The notes' pages of the last few booklets, by their texts and the fonts in use: a
# `--watch` rebuild of a book of as many sheets imposes the same notes again.
NOTES_KEPT = 8
_NOTES: dict[tuple[str, ...], Reading] = {}


class NotesStats:
    """Notes' pages drawn by this process (for tests to count): a plain counter."""

    __slots__ = ("drawn",)

    def __init__(self) -> None:
        self.drawn = 0


NOTES_STATS = NotesStats()


def _notes(texts: list[str]) -> Reading:
    """One small page per note, each just large enough for its line of text (the shipped
    sans, embedded), to be drawn on the sides as Form XObjects; the pages of the same
    notes are drawn once a process (`_NOTES`): a form is copied out of them, never into
    them."""
    key = (fonts.project_key(), *texts)
    kept = _NOTES.get(key)
    if kept is not None:
        return kept
    NOTES_STATS.drawn += 1
    made = _drawn_notes(texts)
    if len(_NOTES) >= NOTES_KEPT:
        del _NOTES[next(iter(_NOTES))]
    _NOTES[key] = made
    return made


def _drawn_notes(texts: list[str]) -> Reading:
    buffer = io.BytesIO()
    font = fonts.register("sans")
    with pdf_settings():
        c = new_canvas(buffer, (10, 10), "booklet notes")
        for text in texts:
            w = fonts.string_width(text, "sans", NOTE_SIZE)
            c.setPageSize((w, NOTE_SIZE * 1.25))
            c.setFillColorRGB(*NOTE_COLOR)
            c.setFont(font, NOTE_SIZE)
            c.drawString(0, NOTE_SIZE * 0.25, text)
            c.showPage()
        c.save()
    return Reading(unique_subset_tags(buffer.getvalue()))


def _side_ops(
    side: Side,
    forms: list[tuple[IndirectObject, float, float]],
    sheet: tuple[float, float],
    edge: str,
    note: tuple[float, float] | None,
) -> bytes:
    """The content of one printed side: each of its reading pages' forms, scaled to fit
    its half if need be, against the fold and centred top to bottom, and a back's note
    (its size given) centred over the fold at the top, the printer margin from the edge;
    the whole spread turned onto the portrait paper (`turn_of`)."""
    sw, sh = sheet
    half = sw / 2
    ops: list[str] = [f"q {' '.join(pdf_num(v) for v in turn_of(side, edge, sheet))} cm"]
    for slot, number in ((0, side.left), (1, side.right)):
        if number is None:
            continue
        _, w, h = forms[number - 1]
        k = min(1.0, half / w, sh / h)  # a page larger than its half is scaled to fit
        x = half - w * k if slot == 0 else half
        ops.append(
            f"q {pdf_num(k)} 0 0 {pdf_num(k)} {pdf_num(round(x, 3))} "
            f"{pdf_num(round((sh - h * k) / 2, 3))} cm /ReadingPage{number} Do Q"
        )
    if note is not None:
        nw, nh = note
        ops.append(
            f"q 1 0 0 1 {pdf_num(round(half - nw / 2, 3))} "
            f"{pdf_num(round(sh - DEFAULT_MARGIN - nh, 3))} cm /SheetNote{side.sheet} Do Q"
        )
    ops.append("Q")
    return ("\n".join(ops) + "\n").encode("ascii")


def impose_all(
    reading: bytes | Reading,
    sheets: Sequence[tuple[float, float]],
    info: Mapping[str, str] = {},
    duplex: str = "long",
    words: ToolWords = ENGLISH,
) -> list[tuple[bytes, int]]:
    """`impose` for several sheet sizes at once: the booklets differ only in their sides'
    sizes and where each page sits on them, so the document is assembled once (the reading
    pages' forms, their fonts and images copied once) and written once per size, with
    those sizes and placements set before each writing. Each file is the one `impose`
    would write for its size alone (`tests/books/test_booklet.py`)."""
    parsed = reading if isinstance(reading, Reading) else Reading(reading)
    if not sheets:
        return []
    writer = PdfWriter()
    forms = []
    for page, w, h in parsed.pages:
        ref = writer._add_object(_page_form(page, parsed.drawing(page), writer))
        forms.append((ref, w, h))
    sw, sh = sheets[0]
    edge = edge_of(duplex)
    sides = booklet_order(max(1, len(forms)))
    backs = [side for side in sides if side.face == "back"]
    notes: dict[int, tuple[IndirectObject, tuple[float, float]]] = {}
    for side, (page, w, h) in zip(
        backs, _notes([note_text(side, len(backs), edge, words) for side in backs]).pages
    ):
        form = _page_form(page, Reading.drawing(page), writer)
        notes[side.sheet] = (writer._add_object(form), (w, h))
    printed: list[tuple[PageObject, Any, Side]] = []
    for side in sides:
        sheet_page = writer.add_blank_page(sh, sw)  # portrait: the spread turned onto it
        sheet_page.trimbox = sheet_page.mediabox  # folded, not cut: the sheet is the trim
        xobjects = DictionaryObject()
        for number in (side.left, side.right):
            if number is not None:
                xobjects[NameObject(f"/ReadingPage{number}")] = forms[number - 1][0]
        note = notes.get(side.sheet) if side.face == "back" else None
        if note is not None:
            xobjects[NameObject(f"/SheetNote{side.sheet}")] = note[0]
        content = DecodedStreamObject()
        content.set_data(_side_ops(side, forms, (sw, sh), edge, None if note is None else note[1]))
        encoded = content.flate_encode()
        sheet_page[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): xobjects})
        sheet_page[NameObject("/Contents")] = writer._add_object(encoded)
        printed.append((sheet_page, encoded, side))
    writer.add_metadata({NameObject(f"/{k}"): TextStringObject(v) for k, v in sorted(info.items())})
    out: list[tuple[bytes, int]] = []
    for n, sheet in enumerate(sheets):
        if n:  # the next size: the sides' boxes and placements, in the objects already made
            for sheet_page, encoded, side in printed:
                sheet_page.mediabox = RectangleObject((0, 0, sheet[1], sheet[0]))
                sheet_page.trimbox = sheet_page.mediabox
                note = notes.get(side.sheet) if side.face == "back" else None
                encoded.set_data(
                    _side_ops(side, forms, sheet, edge, None if note is None else note[1])
                )
        buf = io.BytesIO()
        writer.write(buf)
        out.append((buf.getvalue(), len(sides)))
    return out
