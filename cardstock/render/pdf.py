"""Faces → vector PDF on a ReportLab canvas. Draws the same ops as the SVG backend.

Text is real PDF text in the shipped TrueType fonts (embedded as subsets), so it stays
sharp and can be extracted. A face drawn with reuse=True is stored once per document as a
Form XObject named from its content key and referenced wherever it is used again.

A face's operators are written here rather than through one canvas call per operator,
whose number formatting (`fp_str`, pure Python without ReportLab's optional C accelerator)
dominated the drawing time: `rl_num` writes ReportLab's numbers (the same bytes, checked
against `fp_str` in tests/render/test_render_pdf_drawer.py; with the C accelerator
installed the canvas's own numbers could differ from these in the last digit, and files
would differ from a build without it), paths are cached per path, and a face's whole
drawing is recorded once per process and replayed (`PdfFaces`). The canvas still saves and
restores the graphics state, sets opacities, draws images and forms; text runs take their
glyph codes from the document's TrueType subsets (the font's `splitString` and
`getSubsetInternalName`, given the canvas's document).

Only public ReportLab calls are made here. What has no public equivalent (a finished
form's object, to give it its transparency states and seal it, and the document a text
run's subsets belong to) is reached through `render.pdfdoc`, the one module that reads
the canvas's document; `tests/test_library_internals.py` fails when it moves. The forms
this drawer makes are compressed as soon as they are complete (`pdfdoc.seal`).
"""

from __future__ import annotations

import io
import marshal
import os
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path as FsPath
from typing import Any

from reportlab.lib.colors import CMYKColor, Color, HexColor
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, PATH_OPS
from reportlab.pdfgen.pathobject import PDFPathObject
from reportlab.pdfgen.pdfgeom import bezierArc

from .. import fonts
from ..core.bidi import rtl_run
from ..core.files import read_again
from ..layout.art.shapes import bleed_outline
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
    Point,
    Rect,
    Text,
    rect_path,
)
from .pdfdoc import Spill, _doc_object, _form_resources, _xobject_name, font_document, seal

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}

# entries kept per cache below (least recently used dropped first): the five shipped games
# need under 8,000 numbers and 3,000 outlines; a game of thousands of distinct cards, whose
# faces each add a few paths of their own, keeps the common ones and no more
_CACHE_MAX = 8192


def form_name(face: Face) -> str:
    """The Form XObject name of a face: the same drawing gets the same name."""
    return f"Face{face.key}"


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


def pdf_path(d: PathData) -> str:
    """The operators of path data, cached per path (paths are tuples of rounded numbers,
    so equal paths share one operator string)."""
    return _outline(path_code, (d,))


def rect_code(x: float, y: float, w: float, h: float, radius: float) -> str:
    """A Rect op's outline as a path, cached per rectangle (frames repeat face to face)."""
    return _outline(_rect_code, (x, y, w, h, radius))


def ellipse_code(cx: float, cy: float, rx: float, ry: float) -> str:
    """An Ellipse op's outline: the Bézier arcs `canvas.ellipse` would draw, cached per
    ellipse."""
    return _outline(_ellipse_code, (cx, cy, rx, ry))


def circle_code(x: float, y: float, r: float) -> str:
    """A circle's path operators as ReportLab's path object writes them (its four Bézier
    arcs), cached per centre and radius: a round piece's clip and cut circles are at the
    same places on every page of a sheet file, and on both papers."""
    return _outline(_circle_code, (x, y, r))


def _circle_code(x: float, y: float, r: float) -> str:
    path = PDFPathObject()
    path.circle(x, y, r)
    return str(path.getCode())


@lru_cache(maxsize=2 * _CACHE_MAX)
def _outline(make: Callable[..., str], key: tuple[Any, ...]) -> str:
    """The operators of one outline, remembered by the function that makes them and its
    arguments: one cache for the family (a path's data; a rectangle's x, y, w, h and
    radius; an ellipse's centre and radii; a circle's; a face's frame), as the faces and
    the sheets repeat them all."""
    return make(*key)


def _rect_code(x: float, y: float, w: float, h: float, radius: float) -> str:
    return path_code(rect_path(x, y, w, h, radius))


def _ellipse_code(cx: float, cy: float, rx: float, ry: float) -> str:
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
        values = rl_nums(d * k.cyan, d * k.magenta, d * k.yellow, d * k.black)
        code = f"{values} {'K' if stroke else 'k'}"
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
_CLOSE: tuple[Any, ...] = ((_RESTORE,),)  # ends a face's frame (`_frame`)

Program = tuple[Any, ...]  # operator text (str) and actions (tuples), in drawing order


def _frame(
    width: float, height: float, bleed: float, shape: str, cut: tuple[Point, ...] | None
) -> Program:
    """What a face's drawing is replayed in: the state saved, face space (origin top-left,
    y down), and the clip to what the face may paint (`bleed_outline`); `_CLOSE` ends it.
    Its operators are made once for each geometry (the faces of a deck share theirs), in
    the outlines' cache (`_outline`). Replaying it, the program and `_CLOSE` as one writes
    what recording the three as one program would: the operators between two actions go
    in as one text either way."""
    return ((_SAVE,), _outline(_frame_code, (width, height, bleed, shape, cut)))


def _frame_code(
    width: float, height: float, bleed: float, shape: str, cut: tuple[Point, ...] | None
) -> str:
    clip = pdf_path(bleed_outline(width, height, bleed, shape, cut))
    return f"{rl_nums(1, 0, 0, -1, 0, height)} cm\n{clip} W n"


STATS = {"recorded": 0, "replayed": 0}  # programs recorded and drawn by this process (for tests)


_SIZE = (1 << 32) - 1  # the size's bits of a spilled program's place (`Programs._spilled`)


class Programs:
    """Recorded face drawings shared by several documents (the sheets of each paper draw
    the same faces). The last `limit` used are kept in memory; one pushed out is written
    to a temporary file (`pdfdoc.Spill`, marshalled) and read back when a face is drawn
    again, so the second paper replays every face the first recorded while memory holds
    `limit` programs and a file position for each of the others. Past `spill_max` bytes
    written, the file starts again empty (its programs are recorded anew when asked for)."""

    def __init__(self, limit: int = 512, spill_max: int = 256 << 20) -> None:
        self.limit = limit
        self.spill_max = spill_max
        self._kept: dict[tuple[str, bool, bool, bool], Program] = {}
        # where each program pushed out is in the spill: its offset and size as one number
        # (`_where`), a program a face of the document, for the whole process
        self._spilled: dict[tuple[str, bool, bool, bool], int] = {}
        self._spill: Spill | None = None
        self._pid = 0  # the process that opened the spill (a forked worker opens its own)
        self._written = 0

    def get(self, key: tuple[str, bool, bool, bool]) -> Program | None:
        program = self._kept.get(key)
        if program is not None:
            return program
        where = self._spilled.get(key)
        if where is None or self._spill is None or self._pid != os.getpid():
            return None
        program = tuple(marshal.loads(self._spill.get(where >> 32, where & _SIZE)))
        self.keep(key, program)
        return program

    def has_room(self) -> bool:
        """Whether one more program can be kept in memory without pushing one out."""
        return len(self._kept) < self.limit

    def keep(self, key: tuple[str, bool, bool, bool], program: Program) -> None:
        if len(self._kept) >= self.limit:
            old = next(iter(self._kept))
            self._put(old, self._kept.pop(old))
        self._kept[key] = program

    def _put(self, key: tuple[str, bool, bool, bool], program: Program) -> None:
        """Write a program pushed out of memory to the spill (once: it never changes)."""
        if self._spill is not None and self._pid == os.getpid() and key in self._spilled:
            return
        data = marshal.dumps(program)
        if self._spill is None or self._pid != os.getpid() or self._written > self.spill_max:
            if self._spill is not None and self._pid == os.getpid():
                self._spill.close()
            self._spill, self._pid, self._written = Spill(), os.getpid(), 0
            self._spilled.clear()
        at, size = self._spill.put(data)
        self._spilled[key] = at << 32 | size  # a program is far below 4 GB (`spill_max`)
        self._written += len(data)


# pixels of the pictures a document keeps decoded (`PdfFaces._picture`): two at the art's
# bound (`catalog.art.MAX_PIXELS`), so one every card shows stays, not many large ones
PICTURES_KEPT = 100_000_000

# The programs of this process: every document it draws (the sheets of each paper, the
# rulebook's pictures, the quick reference, the next build of a `--watch` process)
# replays what a face's first drawing recorded. A program is kept by the face's key, which
# its content decides, so it is never drawn for another face. At most `PROGRAMS_MAX` in
# memory, the others in the spill (`Programs`).
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
    canvas's own calls made (`tests/render/test_render_pdf_drawer.py`).

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
        keep: bool = True,
    ) -> None:
        self.canvas = canvas
        self.programs = (
            programs if programs is not None else _PROGRAMS
        )  # shared by every document of the process
        # False: a program recorded here joins `programs` only while they have room in
        # memory, never pushing another out to the spill (a rulebook's thumbnails, drawn
        # once for the one book: spilled, every card's would stay in the spill's index for
        # the rest of the process)
        self.keep = keep
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
        # file → its ImageReader (the picture decoded once drawn) and pixels, latest last
        self._pictures: dict[str, tuple[Any, int]] = {}
        self._kept = 0  # the pixels of the pictures kept
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

    def recorded(self, face: Face) -> bool:
        """Whether `face`'s drawing is recorded already (so its outline will do to draw it:
        the program is found by the face's key)."""
        return (
            self.programs.get((face.drawing_key, self.guides, self.cmyk, self.opaque)) is not None
        )

    # ------------------------------------------------------------ programs

    def _face(self, face: Face) -> None:
        """Draw in form space: origin at the trim box's lower-left corner, y up. What is
        recorded and kept is the drawing of the face's ops (`_record`), under the key of
        what they draw (`Face.drawing_key`), and replayed in the face's own frame
        (`_frame`): a book's thumbnail, trimmed, replays what the sheets' face recorded."""
        key = (face.drawing_key, self.guides, self.cmyk, self.opaque)
        program = self.programs.get(key)
        STATS["replayed"] += 1
        if program is None:
            STATS["recorded"] += 1
            program = self._record(face)
            if self.keep or self.programs.has_room():
                self.programs.keep(key, program)
        frame = _frame(face.width, face.height, face.bleed, face.shape, face.cut)
        self._replay(frame + program + _CLOSE)

    def _picture(self, path: str) -> Any:
        """The ImageReader of a picture a face draws (the canvas names it by its pixels),
        kept decoded to draw again while the kept hold `PICTURES_KEPT` pixels (oldest out)."""
        kept = self._pictures.pop(path, None)
        if kept is None:
            data = io.BytesIO(read_again(FsPath(path)))
            if self.opaque:
                from PIL import Image as PILImage

                with PILImage.open(data) as picture:
                    reader = ImageReader(cmyk_image(picture))
            else:
                reader = ImageReader(data)
            w, h = reader.getSize()
            while self._pictures and self._kept + w * h > PICTURES_KEPT:
                self._kept -= self._pictures.pop(next(iter(self._pictures)))[1]
            kept, self._kept = (reader, w * h), self._kept + w * h
        self._pictures[path] = kept  # the latest drawn, last
        return kept[0]

    def _record(self, face: Face) -> Program:
        """The drawing of the face's ops (and guides), in face space inside its frame."""
        self._program, self._out, self._saved = [], [], []
        self._gs = _unknown_state()  # whatever the page or form set before is not assumed
        self._ops(face.ops)
        if self.guides:
            for op in face.walk():
                if isinstance(op, Guide):
                    self._stroke(GUIDE_COLORS.get(op.kind, "#00a0c6"), 1.0, 0.35)
                    self._path(pdf_path(op.d), stroke=1, fill=0)
        if self._out:
            self._program.append("\n".join(self._out))
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
        if run is None and rtl_run(key[2]):  # right to left: HarfBuzz's glyphs, visual order
            from .shaping import shaped_run  # for a document with right-to-left text

            run = self._runs[key] = shaped_run(self.canvas, *key)
        if run is None:
            name, size, text = key
            font = fonts.pdf_font(name)
            doc = font_document(self.canvas)
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
            product = rl_nums(
                a0 * a + c0 * b,
                b0 * a + d0 * b,
                a0 * c + c0 * d,
                b0 * c + d0 * d,
                a0 * e + c0 * f + e0,
                b0 * e + d0 * f + f0,
            )
            out[-1] = f"{product} cm"
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
            self._icon(op)
        elif isinstance(op, Image):
            self._image(op)
        elif isinstance(op, Group):
            self._group(op)
        elif isinstance(op, Guide):
            pass  # non-printing; drawn by _record when guides are on
        else:  # pragma: no cover
            raise TypeError(f"unknown op {type(op).__name__}")

    def _icon(self, op: Icon) -> None:
        """An icon's parts, each stroked or filled in the icon's colour, at its size."""
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
                self._path(pdf_path(part.d), stroke=0, fill=1, even_odd=part.fill_rule == "evenodd")
        self._restore()

    def _image(self, op: Image) -> None:
        """An image in its box, the face's flipped y axis undone for it."""
        self._save()
        self._transform(1, 0, 0, 1, op.x, op.y + op.h)
        self._transform(1, 0, 0, -1, 0, 0)
        if op.opacity < 1:  # an image is painted with the non-stroking alpha
            self._alpha("fill", op.opacity)
        self._act(_IMAGE, op.path, op.w, op.h)
        self._restore()

    def _group(self, op: Group) -> None:
        """A group's ops, under its transform and inside its clip."""
        self._save()
        if op.transform is not None:
            self._transform(*op.transform)
        if op.clip is not None:
            self._clip(pdf_path(op.clip))
        self._ops(op.ops)
        self._restore()
