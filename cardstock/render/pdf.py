"""Faces → vector PDF on a ReportLab canvas. Draws the same ops as the SVG backend.

Text is real PDF text in the shipped TrueType fonts (embedded as subsets), so it stays
sharp and can be extracted. A face drawn with reuse=True is stored once per document as a
Form XObject named from its content key and referenced wherever it is used again.
"""

from __future__ import annotations

from typing import Optional

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO

from .. import fonts
from ..layout.ops import Ellipse, Face, Group, Guide, Icon, Image, Path, PathData, Rect, Text, offset_polygon, polygon_path, rect_path

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}
GUIDE_COLORS = {"trim": "#00a0c6", "safe": "#e6007e", "corner": "#00a0c6", "cut": "#00a0c6"}


def form_name(face: Face) -> str:
    """The Form XObject name of a face: the same drawing gets the same name."""
    return f"Face{face.key}"


def bleed_clip(face: Face) -> PathData:
    """The area a face may paint: its cut outline (or trim box) grown by the bleed."""
    b = face.bleed
    if face.cut is None or face.shape in ("rect", "net", "standee"):
        return rect_path(-b, -b, face.width + 2 * b, face.height + 2 * b)
    return polygon_path(offset_polygon(face.cut, b))


def _form_resources(canvas, name: str) -> None:
    """Give a finished form the transparency states (ExtGState) it uses.

    ReportLab writes a form's resources with fonts and XObjects only, so a form that sets
    an opacity would name an ExtGState its resources lack; add them."""
    from reportlab.pdfbase.pdfdoc import PDFResourceDictionary, xObjectName

    form = getattr(canvas._doc, "idToObject", {}).get(xObjectName(name))
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


class PdfFaces:
    """Draws faces on one canvas; remembers which faces it already stored as forms."""

    def __init__(self, canvas, *, guides: bool = False):
        self.canvas = canvas
        self.guides = guides
        self._forms: set[str] = set()
        fonts.register_all()

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
                self._forms.add(name)
            c.saveState()
            c.translate(x, y)
            c.doForm(name)
            c.restoreState()
            return
        c.saveState()
        c.translate(x, y)
        self._face(face)
        c.restoreState()

    # ------------------------------------------------------------ drawing

    def _face(self, face: Face) -> None:
        """Draw in form space: origin at the trim box's lower-left corner, y up."""
        c = self.canvas
        c.saveState()
        c.transform(1, 0, 0, -1, 0, face.height)  # face space: origin top-left, y down
        c.clipPath(self._path(bleed_clip(face)), stroke=0, fill=0, fillMode=FILL_NON_ZERO)
        self._ops(face.ops)
        if self.guides:
            for op in face.walk():
                if isinstance(op, Guide):
                    self._stroke_only(op.d, GUIDE_COLORS.get(op.kind, "#00a0c6"), 0.35)
        c.restoreState()

    def _ops(self, ops) -> None:
        for op in ops:
            self._op(op)

    def _path(self, d: PathData):
        p = self.canvas.beginPath()
        for cmd in d:
            k = cmd[0]
            if k == "M":
                p.moveTo(cmd[1], cmd[2])
            elif k == "L":
                p.lineTo(cmd[1], cmd[2])
            elif k == "C":
                p.curveTo(*cmd[1:7])
            elif k == "Z":
                p.close()
        return p

    def _paint(self, fill: Optional[str], stroke: Optional[str], stroke_width: float, dash=(), opacity: float = 1.0, cap: str = "butt", join: str = "miter") -> tuple[int, int]:
        c = self.canvas
        do_fill = 1 if fill else 0
        do_stroke = 1 if (stroke and stroke_width > 0) else 0
        if do_fill:
            c.setFillColor(HexColor(fill))
            c.setFillAlpha(opacity)
        if do_stroke:
            c.setStrokeColor(HexColor(stroke))
            c.setStrokeAlpha(opacity)
            c.setLineWidth(stroke_width)
            c.setDash(list(dash) if dash else [])
            c.setLineCap(_CAPS.get(cap, 0))
            c.setLineJoin(_JOINS.get(join, 0))
        return do_fill, do_stroke

    def _stroke_only(self, d: PathData, color: str, width: float) -> None:
        c = self.canvas
        c.saveState()
        self._paint(None, color, width)
        c.drawPath(self._path(d), stroke=1, fill=0)
        c.restoreState()

    def _op(self, op) -> None:
        c = self.canvas
        if isinstance(op, Rect):
            c.saveState()
            f, s = self._paint(op.fill, op.stroke, op.stroke_width, op.dash, op.opacity)
            if f or s:
                c.drawPath(self._path(rect_path(op.x, op.y, op.w, op.h, op.radius)), stroke=s, fill=f)
            c.restoreState()
        elif isinstance(op, Ellipse):
            c.saveState()
            f, s = self._paint(op.fill, op.stroke, op.stroke_width, op.dash, op.opacity)
            if f or s:
                c.ellipse(op.cx - op.rx, op.cy - op.ry, op.cx + op.rx, op.cy + op.ry, stroke=s, fill=f)
            c.restoreState()
        elif isinstance(op, Path):
            c.saveState()
            f, s = self._paint(op.fill, op.stroke, op.stroke_width, op.dash, op.opacity, op.cap, op.join)
            if f or s:
                mode = FILL_EVEN_ODD if op.fill_rule == "evenodd" else FILL_NON_ZERO
                c.drawPath(self._path(op.d), stroke=s, fill=f, fillMode=mode)
            c.restoreState()
        elif isinstance(op, Text):
            c.saveState()
            c.setFillColor(HexColor(op.color))
            if op.opacity < 1:
                c.setFillAlpha(op.opacity)
            t = c.beginText()
            t.setFont(fonts.register(op.font), op.size)
            t.setTextOrigin(0, 0)
            t.setTextTransform(1, 0, 0, -1, op.x, op.y)  # undo the page flip for glyphs
            t.textOut(op.text)
            c.drawText(t)
            c.restoreState()
        elif isinstance(op, Icon):
            c.saveState()
            c.translate(op.x, op.y)
            s = op.size / 100.0
            c.scale(s, s)
            for part in op.parts:
                c.saveState()
                alpha = op.opacity * part.opacity
                if part.stroke_width > 0:
                    self._paint(None, op.color, part.stroke_width, (), alpha, "round", "round")
                    c.drawPath(self._path(part.d), stroke=1, fill=0)
                else:
                    self._paint(op.color, None, 0, (), alpha)
                    mode = FILL_EVEN_ODD if part.fill_rule == "evenodd" else FILL_NON_ZERO
                    c.drawPath(self._path(part.d), stroke=0, fill=1, fillMode=mode)
                c.restoreState()
            c.restoreState()
        elif isinstance(op, Image):
            c.saveState()
            c.translate(op.x, op.y + op.h)
            c.scale(1, -1)
            c.drawImage(op.path, 0, 0, op.w, op.h, mask="auto")
            c.restoreState()
        elif isinstance(op, Group):
            c.saveState()
            if op.transform is not None:
                c.transform(*op.transform)
            if op.clip is not None:
                c.clipPath(self._path(op.clip), stroke=0, fill=0, fillMode=FILL_NON_ZERO)
            self._ops(op.ops)
            c.restoreState()
        elif isinstance(op, Guide):
            pass  # non-printing; drawn by _face when guides are on
        else:  # pragma: no cover
            raise TypeError(f"unknown op {type(op).__name__}")
