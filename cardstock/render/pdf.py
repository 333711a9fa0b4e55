"""Faces → vector PDF on a ReportLab canvas. Draws the same ops as the SVG backend.

Text is real PDF text in the shipped TrueType fonts (embedded as subsets), so it stays
sharp and can be extracted. A face drawn with reuse=True is stored once per document as a
Form XObject named from its content key and referenced wherever it is used again.

A face's operators are written here rather than through one canvas call per operator,
whose number formatting (`fp_str`, pure Python without ReportLab's optional C accelerator)
dominated the drawing time: `rl_num` writes ReportLab's numbers (the same bytes, checked
against `fp_str` in tests/test_render_pdf_drawer.py; with the C accelerator installed the canvas's
own numbers could differ from these in the last digit, and files would differ from a
build without it), paths are cached per path, and a face's whole drawing is recorded once
per process and replayed (`PdfFaces`). The canvas still saves and restores the graphics
state, sets opacities, draws images and forms; text runs take their glyph codes from the
document's TrueType subsets (the font's `splitString` and `getSubsetInternalName`, given
the canvas's document).

Only public ReportLab calls are made, with exceptions that have no public equivalent, all
through the canvas's document (`_doc`, named in this file only): a finished form's or
page's object (`_doc_object`, for `_form_resources` and `seal`), the name of the next page,
and the document a text run's subsets belong to. `tests/test_library_internals.py` fails
when they move.

Finished pages and forms are compressed as soon as they are complete (`show_page`, and
`PdfFaces.draw` for the forms it makes): ReportLab would otherwise keep each one's content
as text until the document is saved, so a sheet file of thousands of pages would hold
all of their drawing operators at once. The bytes written are the same either way.
"""

from __future__ import annotations

import hashlib
import io
import re
import tempfile
import zlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path as FsPath
from typing import Any

from reportlab import rl_config
from reportlab.lib.colors import CMYKColor, Color, HexColor
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFDictionary,
    PDFFormXObject,
    PDFName,
    PDFPage,
    PDFResourceDictionary,
    PDFStream,
    PDFString,
    PDFZCompress,
    xObjectName,
)
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, PATH_OPS, Canvas
from reportlab.pdfgen.pdfgeom import bezierArc

from .. import fonts
from ..core.files import read_again
from ..layout.ops import (
    GUIDE_COLORS,
    Ellipse,
    Face,
    Group,
    Guide,
    Icon,
    Image,
    Op,
    Path,
    PathData,
    Rect,
    Text,
    rect_path,
)
from ..layout.shapes import bleed_outline

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}

# entries kept per cache below (least recently used dropped first): the five shipped games
# need under 8,000 numbers and 3,000 paths; a game of thousands of distinct cards, whose
# faces each add a few paths of their own, keeps the common ones and no more
_CACHE_MAX = 8192


_SUBSET_TAG = re.compile(rb"/([A-Z]{6})\+([A-Za-z0-9._-]+)")


def unique_subset_tags(pdf: bytes) -> bytes:
    """The PDF with every embedded font subset named by a tag of its own.

    ReportLab tags the n-th subset of every font with the same six letters (the first
    subset of each font is `AAAAAA+…`), so two different fonts in one file share a tag,
    which the PDF standard asks to be unique per subset. Each `/TAG+FontName` is rewritten
    to six letters taken from a hash of the font's name and its old tag: the same length,
    so no byte offset in the file moves, and the same input still gives the same bytes.
    Font dictionaries are not compressed in ReportLab's output, so the names are found
    in the plain bytes."""
    parts = retagged(pdf)
    return pdf if len(parts) == 1 else b"".join(parts)


def retagged(pdf: bytes) -> list[bytes | memoryview]:
    """`unique_subset_tags` as pieces to write one after the other: views into `pdf` (not
    copies: a sheet file can be large) and the new tags between them."""
    view = memoryview(pdf)
    parts: list[bytes | memoryview] = []
    at = 0
    for m in _SUBSET_TAG.finditer(pdf):
        digest = hashlib.sha256(m.group(1) + b"+" + m.group(2)).digest()
        parts += [view[at : m.start(1)], bytes(65 + b % 26 for b in digest[:6])]
        at = m.end(1)
    parts.append(view[at:] if parts else pdf)
    return parts


@contextmanager
def pdf_settings() -> Iterator[None]:
    """ReportLab's process-wide settings, as cardstock makes a PDF: Flate streams without
    ASCII85 (smaller, the same run to run) and invariant mode (no dates, a fixed document
    id). Set for as long as a document is made and put back after, so that importing or
    calling cardstock leaves the process's ReportLab as it found it."""
    before = (rl_config.useA85, rl_config.invariant)
    rl_config.useA85, rl_config.invariant = 0, 1
    try:
        yield
    finally:
        rl_config.useA85, rl_config.invariant = before


def new_canvas(
    buffer: Any,
    size: tuple[float, float],
    title: str,
    *,
    author: str = "cardstock",
    font: str = "sans",
) -> Any:
    """A canvas for a cardstock PDF: deterministic (invariant mode), its pages compressed,
    and the embedded `font` as its first font, so no unembedded Helvetica is ever named.
    Draw and save it inside `pdf_settings()`."""
    c = Canvas(
        buffer,
        pagesize=size,
        invariant=1,
        pageCompression=1,
        initialFontName=fonts.register(font),
        initialFontSize=6,
    )
    c.setTitle(title)
    c.setAuthor(author)
    c.setCreator("cardstock")
    c.setProducer("cardstock")
    c.setSubject(title)
    return c


def form_name(face: Face) -> str:
    """The Form XObject name of a face: the same drawing gets the same name."""
    return f"Face{face.key}"


def bleed_clip(face: Face) -> PathData:
    """The area a face may paint: its cut outline (or trim box) grown by the bleed."""
    return bleed_outline(face.width, face.height, face.bleed, face.shape, face.cut)


# ---------------------------------------------------------------- path operators


def pdf_num(v: float) -> str:
    """A PDF number: up to 6 decimals, no trailing zeros, no exponent, no -0."""
    s = f"{v:.6f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


_OPERATORS = {"M": "m", "L": "l", "C": "c", "Z": "h"}


def path_code(d: PathData) -> str:
    """PDF path construction operators for path data ("n x y m x y l … h"), the way
    ReportLab's path objects write them (a leading `n` ends any pending path; an empty
    path writes nothing)."""
    if not d:
        return ""
    num = pdf_num
    parts = ["n"]
    for cmd in d:
        op = _OPERATORS[cmd[0]]
        if len(cmd) == 1:
            parts.append(op)
        else:
            parts.append(" ".join([num(v) for v in cmd[1:]]) + " " + op)
    return " ".join(parts)


def draw_path(canvas: Any, code: str, *, stroke: int, fill: int, even_odd: bool = False) -> None:
    """Paint a path's operators (`pdf_path`): what `canvas.drawPath` writes for a path."""
    canvas.addLiteral(code)
    canvas.addLiteral(PATH_OPS[stroke, fill, FILL_EVEN_ODD if even_odd else FILL_NON_ZERO])


def clip_path(canvas: Any, code: str, *, even_odd: bool = False) -> None:
    """Clip to a path (`pdf_path`) without painting it: what `canvas.clipPath` writes."""
    canvas.addLiteral(f"{code}{' W* ' if even_odd else ' W '}n")


@lru_cache(maxsize=_CACHE_MAX)
def pdf_path(d: PathData) -> str:
    """The operators of path data, cached per path (paths are tuples of rounded numbers,
    so equal paths share one operator string)."""
    return path_code(d)


def rect_code(x: float, y: float, w: float, h: float, radius: float) -> str:
    """A Rect op's outline as a path, cached per rectangle (frames repeat face to face)."""
    return pdf_path(rect_path(x, y, w, h, radius))


def ellipse_code(cx: float, cy: float, rx: float, ry: float) -> str:
    """An Ellipse op's outline: the Bézier arcs `canvas.ellipse` would draw, cached per
    ellipse."""
    x1, y1, x2, y2 = cx - rx, cy - ry, cx + rx, cy + ry
    curves = bezierArc(x1, y1, x1 + (x2 - x1), y1 + (y2 - y1), 0, 360)
    parts = ["n", f"{pdf_num(curves[0][0])} {pdf_num(curves[0][1])} m"]
    parts += [" ".join([pdf_num(v) for v in curve[2:]]) + " c" for curve in curves]
    return " ".join(parts)


DEVICE_CMYK = "cmyk:"  # an op's colour given as device CMYK, "cmyk:c,m,y,k" (render/prepress.py)


def _device(color: str) -> tuple[float, ...] | None:
    """The C, M, Y, K of a "cmyk:c,m,y,k" colour; None for any other."""
    if not color.startswith(DEVICE_CMYK):
        return None
    return tuple(float(v) for v in color[len(DEVICE_CMYK) :].split(","))


def pdf_color(color: str) -> Color:
    """ReportLab's colour for "#rrggbb", cached per string (parsing it is not free and the
    same few colours are set thousands of times). A device CMYK colour drawn in RGB is
    its plain complement (R = (1 − C)(1 − K), likewise G from M and B from Y)."""
    cmyk = _device(color)
    if cmyk is not None:
        c, m, y, k = cmyk
        return Color((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
    return HexColor(color)


TOTAL_INK = 2.4  # the most C + M + Y + K a colour may ask for (DriveThruCards' 240 %)


def cmyk_color(color: str) -> CMYKColor:
    """ "#rrggbb" as DeviceCMYK, by the plain complement with full grey-component
    replacement: K = 1 − max(R, G, B), and C = (1 − R − K) / (1 − K), likewise M from G and
    Y from B (all 0 when K = 1). Greys become K only, so black text prints from the black
    plate alone. Where C + M + Y + K would pass TOTAL_INK, C, M and Y are scaled down to
    meet it. No ICC profile is involved (docs/print-shops.md). A device colour
    ("cmyk:c,m,y,k", the blacks of render/prepress.py) is taken as it is."""
    cmyk = _device(color)
    if cmyk is not None:
        return CMYKColor(*cmyk)
    rgb = pdf_color(color)
    k = 1 - max(rgb.red, rgb.green, rgb.blue)
    if k >= 1:
        return CMYKColor(0, 0, 0, 1)
    cmy = [(1 - v - k) / (1 - k) for v in (rgb.red, rgb.green, rgb.blue)]
    if sum(cmy) + k > TOTAL_INK:
        scale = (TOTAL_INK - k) / sum(cmy)
        cmy = [v * scale for v in cmy]
    return CMYKColor(*(round(v, 4) for v in cmy), round(k, 4))


def cmyk_image(image: Any) -> Any:
    """A PIL picture (RGB, or RGBA composited on white paper) in CMYK by the same plain
    conversion as the vector colours (`cmyk_color`): K = 1 − max(R, G, B), C, M, Y the
    complement over what K leaves, all scaled down together past TOTAL_INK."""
    from PIL import Image as PILImage
    from PIL import ImageChops, ImageMath

    if image.mode != "RGB":
        rgba = image.convert("RGBA")
        paper = PILImage.new("RGBA", rgba.size, (255, 255, 255, 255))
        image = PILImage.alpha_composite(paper, rgba).convert("RGB")
    red, green, blue = image.split()
    top = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    limit = TOTAL_INK * 255

    def plate(channel: Any) -> Any:
        def calc(a: dict[str, Any]) -> Any:
            hi = a["float"](a["hi"])
            over = a["max"](hi, 1.0)  # 255 − K, never 0 (black has no C, M or Y)
            cmy = (hi * 3.0 - a["r"] - a["g"] - a["b"]) * 255.0 / over
            scale = a["min"]((limit - 255.0 + hi) / a["max"](cmy, 0.001), 1.0)
            return a["convert"]((hi - a["v"]) * 255.0 / over * scale + 0.5, "L")

        return ImageMath.lambda_eval(calc, hi=top, v=channel, r=red, g=green, b=blue)

    black = ImageChops.invert(top)
    return PILImage.merge("CMYK", (plate(red), plate(green), plate(blue), black))


@dataclass(frozen=True)
class PdfX:
    """What makes a CMYK document PDF/X: the version it claims (`GTS_PDFXVersion`) and its
    output intent, the printing condition it is made for: the condition's identifier in a
    registry of characterized conditions, that registry, a description, and the ICC output
    profile (CMYK, class `prtr`) that characterizes it."""

    version: str  # "PDF/X-1a:2003"
    condition: str  # OutputConditionIdentifier, e.g. "CGATS TR 005"
    registry: str  # RegistryName, e.g. "http://www.color.org"
    info: str  # Info: the condition in words
    profile: bytes  # DestOutputProfile: the ICC profile's bytes


def make_pdfx(canvas: Any, pdfx: PdfX) -> None:
    """Give a canvas's document what PDF/X asks besides its drawing: the output intent in
    its catalog (`/OutputIntents`, one `/GTS_PDFX` intent with the profile embedded) and
    `/GTS_PDFXVersion` in its information dictionary (which ReportLab already gives a
    title, creation and modification dates, and `/Trapped /False`). The drawing itself
    must be CMYK without transparency (`PdfFaces(opaque=True)`, faces through
    `render.prepress.flatten`)."""
    doc = canvas._doc
    profile = doc.Reference(
        PDFStream(PDFDictionary({"N": 4}), pdfx.profile)
    )  # a stream is an object of its own
    intent = PDFDictionary(
        {
            "Type": PDFName("OutputIntent"),
            "S": PDFName("GTS_PDFX"),
            "OutputConditionIdentifier": PDFString(pdfx.condition),
            "OutputCondition": PDFString(pdfx.info),
            "RegistryName": PDFString(pdfx.registry),
            "Info": PDFString(pdfx.info),
            "DestOutputProfile": profile,
        }
    )
    # ReportLab's catalog writes only the keys its class lists (`setCatalogEntry` sets an
    # attribute it never writes unless listed): this one catalog lists OutputIntents too
    catalog = doc.Catalog
    catalog.OutputIntents = PDFArray([intent])
    catalog.__NoDefault__ = [*type(catalog).__NoDefault__, "OutputIntents"]
    _info_entry(canvas, "GTS_PDFXVersion", pdfx.version)


def _info_entry(canvas: Any, key: str, value: str) -> None:
    """Add `/key (value)` to the document's information dictionary. ReportLab writes that
    dictionary from a fixed list of keys and has no public way to add one: the document's
    info object (`_doc.info`, read here only) is given a subclass whose dictionary ends
    with the entry (tests/test_library_internals.py fails if it moves)."""
    info = canvas._doc.info
    base = type(info)

    class Info(base):  # type: ignore[valid-type,misc]
        def format(self, document: Any) -> bytes:
            text: bytes = super().format(document)
            end = text.rindex(b">>")
            entry: bytes = PDFString(value).format(document)
            return text[:end] + b"/" + key.encode("ascii") + b" " + entry + b"\n" + text[end:]

    info.__class__ = Info


def _doc_object(canvas: Any, name: str) -> Any:
    """The document object ReportLab registered under `name` (a form's `xObjectName`, a
    page's "Page<n>"), or None. ReportLab has no public way to reach a finished page or
    form: this reads the canvas's document (pinned in pyproject.toml, reportlab < 5.2;
    tests/test_library_internals.py fails if it moves). The only place that does."""
    return canvas._doc.idToObject.get(name)


def _next_page_name(canvas: Any) -> str:
    """The name the document gives the page `showPage` is about to add."""
    name: str = canvas._doc.thisPageName()
    return name


class _Deflated:
    """A stream filter for content compressed already (by `seal`): it names FlateDecode
    in the stream's dictionary and passes the bytes through, where ReportLab's own Flate
    filter would compress them as the document is saved."""

    pdfname = "FlateDecode"

    def encode(self, data: bytes) -> bytes:
        return data

    def decode(self, data: bytes) -> bytes:
        return zlib.decompress(data)


_DEFLATED = _Deflated()


class Spill:
    """A temporary file that keeps a document's sealed page streams until it is saved, so
    what a long document holds in memory of its finished pages is a few numbers each.
    When the temporary folder cannot take them (a full or read-only `$TMPDIR`), the
    streams are kept in memory instead: the build needs more memory, and goes on.
    Close it (or use it as a context manager) once the document's bytes are made."""

    def __init__(self) -> None:
        self._memory: bytearray | None = None
        self._file: Any | None = None
        try:
            self._file = tempfile.TemporaryFile(buffering=0)
        except OSError:
            self._memory = bytearray()
        self._end = 0

    def put(self, data: bytes) -> tuple[int, int]:
        at = self._end
        if self._file is not None:
            try:
                self._file.seek(at)
                view = memoryview(data)
                while view:
                    view = view[self._file.write(view) :]
            except OSError:  # the temporary folder is full: what it holds moves to memory
                self._to_memory(at)
        if self._memory is not None:
            del self._memory[at:]
            self._memory += data
        self._end = at + len(data)
        return at, len(data)

    def _to_memory(self, size: int) -> None:
        assert self._file is not None
        self._file.seek(0)
        kept = bytearray()
        while len(kept) < size:
            block = self._file.read(size - len(kept))
            if not block:
                break
            kept += block
        self._file.close()
        self._file, self._memory = None, kept

    def get(self, at: int, size: int) -> bytes:
        if self._memory is not None:
            return bytes(self._memory[at : at + size])
        assert self._file is not None
        self._file.seek(at)
        got = bytearray()
        while len(got) < size:
            block = self._file.read(size - len(got))
            if not block:
                break
            got += block
        return bytes(got)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
        self._memory = None

    def __enter__(self) -> Spill:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _SpilledStream(PDFStream):  # type: ignore[misc]
    """ReportLab's PDFStream, made to read its (compressed) content back from a `Spill`
    only while the document writes it."""

    def __init__(self, spill: Spill, at: int, size: int) -> None:
        super().__init__(content=b"", filters=[_DEFLATED])
        self._where = (spill, at, size)

    def format(self, document: Any) -> bytes:
        spill, at, size = self._where
        self.content = spill.get(at, size)
        try:
            out: bytes = super().format(document)
        finally:
            self.content = b""
        return out


def seal(obj: Any, comment: str, spill: Spill | None = None) -> bool:
    """Compress a finished page's or form's content now, exactly as ReportLab would when
    it saves the document (same zlib call, same stream dictionary), so the text of its
    operators is freed: what a document holds of its finished pages is their compressed
    bytes, or with a `spill` where they are in its file. Only compressed objects (the
    canvas's pageCompression) are sealed, and only without ASCII85 (cardstock's
    `pdf_settings`); True when `obj` was sealed."""
    stream = getattr(obj, "stream", None)
    if (
        obj is None
        or not stream
        or not obj.compression
        or rl_config.useA85
        or obj.Contents is not None
    ):
        return False
    data = PDFZCompress.encode(stream)
    if spill is None:
        contents = PDFStream(content=data, filters=[_DEFLATED])
    else:
        contents = _SpilledStream(spill, *spill.put(data))
    contents.__Comment__ = comment
    obj.Contents = contents
    obj.stream = None
    obj.compression = 0  # a form would set ReportLab's own filter again as it is saved
    return True


def show_page(canvas: Any, spill: Spill | None = None) -> None:
    """`canvas.showPage()`, then the finished page sealed (`seal`): a document written
    page by page holds one page's operators as text at a time, not all of them (and with
    a `spill`, its compressed pages in a temporary file rather than in memory)."""
    name = _next_page_name(canvas)
    canvas.showPage()
    seal(_doc_object(canvas, name), "page stream", spill)


def held_content(canvas: Any) -> tuple[int, int]:
    """How many bytes of finished page and form content the canvas's document holds in
    memory: (as text, not yet compressed; compressed). What streaming keeps bounded;
    sealed streams in a `Spill` are in its file, not counted."""
    text = packed = 0
    for obj in list(canvas._doc.idToObject.values()):
        if not isinstance(obj, (PDFPage, PDFFormXObject)):
            continue
        if obj.stream:
            text += len(obj.stream)
        contents = obj.Contents
        if contents is not None and not isinstance(contents, _SpilledStream):
            packed += len(getattr(contents, "content", b"") or b"")
    return text, packed


def _form_resources(canvas: Any, name: str) -> None:
    """Give a finished form the transparency states (ExtGState) it uses.

    ReportLab writes a form's resources with fonts and XObjects only, so a form that sets
    an opacity would name an ExtGState its resources lack; add them. ReportLab has no
    public way to reach a finished form: this reads the document's objects (pinned in
    pyproject.toml; tests/test_library_internals.py fails if they move)."""
    form = _doc_object(canvas, xObjectName(name))
    states = getattr(form, "ExtGState", None)
    if form is None or not states or form.Resources is not None:
        return
    res = PDFResourceDictionary()
    res.basicFonts()
    res.allProcs()
    if form.XObjects:
        res.XObject = form.XObjects
    res.ExtGState = states
    form.Resources = res


def _xobject_name(name: str) -> str:
    return str(xObjectName(name))


_UNKNOWN = object()  # a graphics-state value not known to the drawer: always set


def _unknown_state() -> dict[str, object]:
    return dict.fromkeys(
        ("fill", "fill_alpha", "stroke", "stroke_alpha", "width", "dash", "cap", "join"), _UNKNOWN
    )


# ---------------------------------------------------------------- numbers


@lru_cache(maxsize=16384)
def rl_num(v: float) -> str:
    """A number as ReportLab's canvas writes it (`fp_str`, its own number formatting), so
    the operators written here are the ones its drawing calls would write. Remembered per
    value: a face's drawing writes the same coordinates, widths and colours over and over
    (ReportLab's formatting is pure Python)."""
    out: str = fp_str(v)
    return out


def rl_nums(*values: float) -> str:
    """Several numbers as `fp_str(a, b, …)` writes them: space-separated."""
    return " ".join([rl_num(v) for v in values])


@lru_cache(maxsize=4096)
def _color_code(color: str, cmyk: bool, stroke: bool) -> tuple[str, float | None]:
    """The operator `canvas.setFillColor`/`setStrokeColor` writes for "#rrggbb" (as RGB or,
    with `cmyk`, as DeviceCMYK), and the opacity that call then sets (the colour's alpha,
    None for none)."""
    if cmyk:
        k = cmyk_color(color)
        d = k.density
        code = f"{rl_nums(d * k.cyan, d * k.magenta, d * k.yellow, d * k.black)} {'K' if stroke else 'k'}"
        alpha = getattr(k, "alpha", None)
    else:
        c = pdf_color(color)
        code = f"{rl_nums(c.red, c.green, c.blue)} {'RG' if stroke else 'rg'}"
        alpha = getattr(c, "alpha", None)
    return code, alpha


def _dash_ok(dash: tuple[float, ...]) -> bool:
    """A dash array `canvas.setDash` accepts (it raises on anything else)."""
    return all(isinstance(v, (int, float)) and v >= 0 for v in dash) and (not dash or sum(dash) > 0)


# What a face's drawing asks of the canvas, between the operators it writes itself (the
# first item of an action in a recorded program, `PdfFaces`).
_SAVE, _RESTORE, _FILL_ALPHA, _STROKE_ALPHA, _TEXT, _IMAGE, _DASH = range(7)

Program = tuple[Any, ...]  # operator text (str) and actions (tuples), in drawing order

STATS = {"recorded": 0, "replayed": 0}  # programs recorded and drawn by this process (for tests)


class Programs:
    """Recorded face drawings shared by several documents (the sheets of each paper draw
    the same faces), the first recorded dropped first past `limit`."""

    def __init__(self, limit: int = 512) -> None:
        self.limit = limit
        self._kept: dict[tuple[str, bool, bool, bool], Program] = {}

    def get(self, key: tuple[str, bool, bool, bool]) -> Program | None:
        return self._kept.get(key)

    def keep(self, key: tuple[str, bool, bool, bool], program: Program) -> None:
        if len(self._kept) >= self.limit:
            del self._kept[next(iter(self._kept))]
        self._kept[key] = program


# The programs of this process: every document it draws (the sheets of each paper, the
# rulebook's pictures, the quick reference, the next build of a `--watch` process)
# replays what a face's first drawing recorded. A program is kept by the face's key, which
# its content decides, so it is never drawn for another face. At most `PROGRAMS_MAX`.
PROGRAMS_MAX = 512
_PROGRAMS = Programs(PROGRAMS_MAX)


class PdfFaces:
    """Draws faces on one canvas; remembers which faces it already stored as forms.

    A face's drawing is recorded once per process as a *program*: the operators it writes,
    as ReportLab's canvas would write them and with its number formatting (`rl_num`), and,
    between them, what only the canvas may do: save and restore the graphics state (the
    canvas keeps its own state with it), set an opacity (the canvas names the transparency
    states of the page or form), draw an image, and choose the glyph codes of a text run
    (the document's font subsets). Drawing replays the program: the operators go into the
    canvas's stream with one `addLiteral` before each canvas call. A program depends on the
    face alone, so the sheets of every paper, the rulebook's thumbnails and the quick
    reference replay the one recorded (a picture is drawn from its bytes, read again
    through core/files, so the canvas names it by its content). The bytes are the ones the
    canvas's own calls made (`tests/test_render_pdf_drawer.py`).

    While recording, it keeps track of the fill and stroke settings it has made (colour,
    opacity, line width, dash, caps, joins) and sets only those an op needs changed, so
    plain ops need no save/restore of the graphics state around them. Transforms and
    clips (groups, icons, images) are still wrapped in save/restore, and the tracked
    settings are saved and restored with them."""

    def __init__(
        self,
        canvas: Any,
        *,
        guides: bool = False,
        cmyk: bool = False,
        opaque: bool = False,
        programs: Programs | None = None,
    ) -> None:
        self.canvas = canvas
        self.programs = (
            programs if programs is not None else _PROGRAMS
        )  # shared by every document of the process
        self.guides = guides
        self.cmyk = cmyk  # write colours as DeviceCMYK (see cmyk_color)
        # PDF/X-1a: no transparency state is ever written (the faces were flattened, so
        # every opacity is 1) and pictures are drawn in CMYK (prepress.cmyk_image)
        self.opaque = opaque
        self._forms: set[str] = set()
        # recording: the program so far, the operators not yet in it, the tracked state
        self._program: list[Any] = []
        self._out: list[str] = []
        self._gs: dict[str, object] = _unknown_state()
        self._saved: list[dict[str, object]] = []
        self._pictures: dict[str, Any] = {}  # file → its ImageReader, read once a document
        # a text run's operators, per (font, size, text): the glyph codes are the ones the
        # document's font subsets gave the first time (they never change within a document)
        self._runs: dict[tuple[str, float, str], str] = {}
        # fonts are registered as a face first uses them (fonts.pdf_font): only the ones drawn

    # ------------------------------------------------------------ public

    def draw(self, face: Face, x: float, y: float, *, reuse: bool = False) -> None:
        """Draw `face` with its trim box's lower-left corner at (x, y) (PDF points, y up)."""
        c = self.canvas
        if reuse:
            name = form_name(face)
            if name not in self._forms:
                b = face.bleed
                c.beginForm(name, -b, -b, face.width + b, face.height + b)
                self._face(face)
                c.endForm()
                _form_resources(c, name)
                seal(_doc_object(c, _xobject_name(name)), "xobject form stream")
                self._forms.add(name)
        c.saveState()
        c.addLiteral(f"1 0 0 1 {rl_nums(x, y)} cm")  # what c.translate(x, y) writes after "q"
        if reuse:
            c.doForm(name)
        else:
            self._face(face)
        c.restoreState()

    # ------------------------------------------------------------ programs

    def _face(self, face: Face) -> None:
        """Draw in form space: origin at the trim box's lower-left corner, y up."""
        key = (face.key, self.guides, self.cmyk, self.opaque)
        program = self.programs.get(key)
        STATS["replayed"] += 1
        if program is None:
            STATS["recorded"] += 1
            program = self._record(face)
            self._replay(program)
            self.programs.keep(key, program)
            return
        self._replay(program)

    def _picture(self, path: str) -> Any:
        """The ImageReader of a picture a face draws (the canvas names it by its pixels)."""
        reader = self._pictures.get(path)
        if reader is None:
            data = io.BytesIO(read_again(FsPath(path)))
            if self.opaque:
                from PIL import Image as PILImage

                with PILImage.open(data) as picture:
                    reader = ImageReader(cmyk_image(picture))
            else:
                reader = ImageReader(data)
            self._pictures[path] = reader
        return reader

    def _record(self, face: Face) -> Program:
        self._program, self._out, self._saved = [], [], []
        self._gs = _unknown_state()  # whatever the page or form set before is not assumed
        self._save()
        self._transform(1, 0, 0, -1, 0, face.height)  # face space: origin top-left, y down
        self._clip(pdf_path(bleed_clip(face)))
        self._ops(face.ops)
        if self.guides:
            for op in face.walk():
                if isinstance(op, Guide):
                    self._stroke(GUIDE_COLORS.get(op.kind, "#00a0c6"), 1.0, 0.35)
                    self._path(pdf_path(op.d), stroke=1, fill=0)
        self._restore()
        program = tuple(self._program)
        self._program, self._out = [], []
        return program

    def _act(self, *action: Any) -> None:
        """Record an action the canvas takes, after the operators written before it."""
        if self._out:
            self._program.append("\n".join(self._out))
            self._out.clear()
        self._program.append(action)

    def _replay(self, program: Program) -> None:
        """Draw a recorded program on the canvas. The operators between two actions go in
        with one `addLiteral` (the lines the canvas's own calls would have added, joined
        as the canvas joins its stream)."""
        c = self.canvas
        out: list[str] = []
        for item in program:
            if type(item) is str:
                out.append(item)
                continue
            kind = item[0]
            if kind == _TEXT:
                out.append(f"{item[1]}{self._run(item[2])} ET")
                continue
            if out:
                c.addLiteral("\n".join(out))
                out.clear()
            if kind == _SAVE:
                c.saveState()
            elif kind == _RESTORE:
                c.restoreState()
            elif kind == _FILL_ALPHA:
                c.setFillAlpha(item[1])
            elif kind == _STROKE_ALPHA:
                c.setStrokeAlpha(item[1])
            elif kind == _IMAGE:
                c.drawImage(
                    self._picture(item[1]),
                    0,
                    0,
                    item[2],
                    item[3],
                    mask=None if self.opaque else "auto",
                )
            elif kind == _DASH:
                c.setDash(list(item[1]))  # a dash ReportLab refuses: its own error
        if out:
            c.addLiteral("\n".join(out))

    def _run(self, key: tuple[str, float, str]) -> str:
        """A text run's glyph operators in this document: the text object
        `canvas.beginText()` would make, set with `setFont` and written with `textOut`
        (`splitString` gives the codes of the document's TrueType subsets,
        `getSubsetInternalName` each subset's font name)."""
        run = self._runs.get(key)
        if run is None:
            name, size, text = key
            font = fonts.pdf_font(name)
            doc = self.canvas._doc
            tf = (
                f"{rl_num(size)} Tf {rl_num(size * 1.2)} TL"  # setFont's leading when none is given
            )
            run = " ".join(
                [
                    f"{font.getSubsetInternalName(subset, doc)} {tf} ({escapePDF(chars)}) Tj"
                    for subset, chars in font.splitString(text, doc)
                ]
            )
            if len(self._runs) >= _CACHE_MAX:
                self._runs.clear()
            self._runs[key] = run
        return run

    def _transform(self, a: float, b: float, c: float, d: float, e: float, f: float) -> None:
        """`canvas.transform`: a `cm` operator, merged into the one just written if the
        last operator is one (the canvas multiplies the two, reading the written numbers
        back)."""
        out = self._out
        if out and out[-1].endswith(" cm"):
            a0, b0, c0, d0, e0, f0 = map(float, out[-1].split()[-7:-1])
            out[-1] = (
                f"{rl_nums(a0 * a + c0 * b, b0 * a + d0 * b, a0 * c + c0 * d, b0 * c + d0 * d, a0 * e + c0 * f + e0, b0 * e + d0 * f + f0)} cm"
            )
        else:
            out.append(f"{rl_nums(a, b, c, d, e, f)} cm")

    # ------------------------------------------------------------ graphics state

    def _save(self) -> None:
        self._act(_SAVE)
        self._saved.append(dict(self._gs))

    def _restore(self) -> None:
        self._act(_RESTORE)
        self._gs = self._saved.pop()

    def _alpha(self, which: str, alpha: float) -> None:
        """Set the fill or stroke opacity through the canvas (which names the transparency
        state in the page's resources), where it differs from the tracked one; setting the
        value the canvas already has writes nothing, so that call is left out."""
        key = which + "_alpha"
        if self.opaque:  # flattened: nothing is see-through, and PDF/X-1a names no opacity
            return
        if self._gs[key] != alpha:
            self._act(_FILL_ALPHA if which == "fill" else _STROKE_ALPHA, alpha)
            self._gs[key] = alpha

    def _paint_color(self, which: str, color: str, alpha: float) -> None:
        """Set the "fill" or "stroke" colour and its opacity, where they differ."""
        gs = self._gs
        if gs[which] != color:
            code, implied = _color_code(color, self.cmyk, which == "stroke")
            self._out.append(code)
            gs[which] = color
            if implied is not None:  # the canvas sets the colour's own opacity with it
                self._alpha(which, implied)
        self._alpha(which, alpha)

    def _fill(self, color: str, alpha: float) -> None:
        """Fill with `color` at opacity `alpha` from now on."""
        self._paint_color("fill", color, alpha)

    def _stroke(
        self,
        color: str,
        alpha: float,
        width: float,
        dash: tuple[float, ...] = (),
        cap: str = "butt",
        join: str = "miter",
    ) -> None:
        """Stroke with these settings from now on."""
        gs = self._gs
        self._paint_color("stroke", color, alpha)
        if gs["width"] != width:
            self._out.append(f"{rl_num(width)} w")
            gs["width"] = width
        dash = tuple(dash)
        if gs["dash"] != dash:
            if not _dash_ok(dash):
                self._act(_DASH, dash)
            self._out.append(f"[{rl_nums(*dash)}] 0 d")
            gs["dash"] = dash
        if gs["cap"] != cap:
            self._out.append(f"{_CAPS.get(cap, 0)} J")
            gs["cap"] = cap
        if gs["join"] != join:
            self._out.append(f"{_JOINS.get(join, 0)} j")
            gs["join"] = join

    def _paint(
        self,
        fill: str | None,
        stroke: str | None,
        stroke_width: float,
        dash: tuple[float, ...] = (),
        opacity: float = 1.0,
        cap: str = "butt",
        join: str = "miter",
    ) -> tuple[int, int]:
        """Set up filling and/or stroking; returns (fill, stroke) as drawPath wants them."""
        do_fill = 1 if fill else 0
        do_stroke = 1 if (stroke and stroke_width > 0) else 0
        if fill:
            self._fill(fill, opacity)
        if stroke and do_stroke:
            self._stroke(stroke, opacity, stroke_width, dash, cap, join)
        return do_fill, do_stroke

    def _path(self, code: str, *, stroke: int, fill: int, even_odd: bool = False) -> None:
        """Paint a path's operators (`pdf_path`): what `canvas.drawPath` writes for a path."""
        self._out += (code, PATH_OPS[stroke, fill, FILL_EVEN_ODD if even_odd else FILL_NON_ZERO])

    def _clip(self, code: str) -> None:
        """Clip to a path without painting it: what `canvas.clipPath` writes."""
        self._out.append(f"{code} W n")

    # ------------------------------------------------------------ drawing

    def _text(self, op: Text) -> None:
        """One line of text, with the face's flipped y axis undone for the glyphs: the
        text object's "BT", its origin, `setTextTransform`, the run (`_run`, chosen as the
        program is replayed) and "ET"."""
        self._act(
            _TEXT,
            f"BT 1 0 0 1 0 0 Tm {rl_nums(1, 0, 0, -1, op.x, op.y)} Tm ",
            (op.font, op.size, op.text),
        )

    def _ops(self, ops: Iterable[Op]) -> None:
        for op in ops:
            self._op(op)

    def _op(self, op: Op) -> None:
        if isinstance(op, Rect):
            f, s = self._paint(op.fill, op.stroke, op.stroke_width, op.dash, op.opacity)
            if f or s:
                self._path(rect_code(op.x, op.y, op.w, op.h, op.radius), stroke=s, fill=f)
        elif isinstance(op, Ellipse):
            f, s = self._paint(op.fill, op.stroke, op.stroke_width, op.dash, op.opacity)
            if f or s:
                self._path(ellipse_code(op.cx, op.cy, op.rx, op.ry), stroke=s, fill=f)
        elif isinstance(op, Path):
            f, s = self._paint(
                op.fill, op.stroke, op.stroke_width, op.dash, op.opacity, op.cap, op.join
            )
            if f or s:
                self._path(pdf_path(op.d), stroke=s, fill=f, even_odd=op.fill_rule == "evenodd")
        elif isinstance(op, Text):
            self._fill(op.color, op.opacity)
            self._text(op)
        elif isinstance(op, Icon):
            self._save()
            self._transform(1, 0, 0, 1, op.x, op.y)
            k = op.size / 100.0
            self._transform(k, 0, 0, k, 0, 0)
            for part in op.parts:
                alpha = op.opacity * part.opacity
                if part.stroke_width > 0:
                    self._stroke(op.color, alpha, part.stroke_width, (), "round", "round")
                    self._path(pdf_path(part.d), stroke=1, fill=0)
                else:
                    self._fill(op.color, alpha)
                    self._path(
                        pdf_path(part.d), stroke=0, fill=1, even_odd=part.fill_rule == "evenodd"
                    )
            self._restore()
        elif isinstance(op, Image):
            self._save()
            self._transform(1, 0, 0, 1, op.x, op.y + op.h)
            self._transform(1, 0, 0, -1, 0, 0)
            if op.opacity < 1:  # an image is painted with the non-stroking alpha
                self._alpha("fill", op.opacity)
            self._act(_IMAGE, op.path, op.w, op.h)
            self._restore()
        elif isinstance(op, Group):
            self._save()
            if op.transform is not None:
                self._transform(*op.transform)
            if op.clip is not None:
                self._clip(pdf_path(op.clip))
            self._ops(op.ops)
            self._restore()
        elif isinstance(op, Guide):
            pass  # non-printing; drawn by _record when guides are on
        else:  # pragma: no cover
            raise TypeError(f"unknown op {type(op).__name__}")
