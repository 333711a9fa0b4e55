"""Print-and-play sheets read back from a PDF: each face placed (from its /Face marked
content, with the clip paths around it and where its trim corner lands), the line segments
of each tagged group (/CropMarks, /CutLines, /Folds, /Footer) in page coordinates, and
optionally the page's text."""

from __future__ import annotations

import io
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from helpers_text import page_texts
from pypdf import PdfReader
from reportlab.pdfbase.pdfdoc import PDFFormXObject, PDFPage

from cardstock.impose.bleed import _edges, _shapes
from cardstock.impose.plan import Page, Placement, Point
from cardstock.render.pdfdoc import _SpilledStream


def mult(m, n):
    """PDF matrix product m x n (m applied first)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (
        a * A + b * C,
        a * B + b * D,
        c * A + d * C,
        c * B + d * D,
        e * A + f * C + E,
        e * B + f * D + F,
    )


def apply(m, x, y):
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


@dataclass
class Placed:
    key: str
    component: str
    side: str
    origin: tuple = ()  # CTM where the face's trim lower-left is drawn
    form: str | None = None  # the XObject name, when the face is a Form XObject
    clips: list = field(default_factory=list)  # bounding boxes of the clip paths set before it

    def clip(self) -> tuple[float, float, float, float]:
        """The intersection of the clip boxes: where the face can paint at most."""
        return (
            max(c[0] for c in self.clips),
            max(c[1] for c in self.clips),
            min(c[2] for c in self.clips),
            min(c[3] for c in self.clips),
        )

    def box(self, w: float, h: float) -> tuple[float, float, float, float]:
        xs, ys = zip(*(apply(self.origin, x, y) for x, y in ((0, 0), (w, 0), (0, h), (w, h))))
        return (min(xs), min(ys), max(xs), max(ys))


@dataclass
class PageRead:
    width: float
    height: float
    faces: list[Placed] = field(default_factory=list)
    lines: dict[str, list[tuple[tuple[float, float], tuple[float, float]]]] = field(
        default_factory=dict
    )
    paths: Counter = field(default_factory=Counter)  # subpaths started inside each tag
    text: str = ""


def read_page(reader: PdfReader, page, text: bool = False) -> PageRead:
    """Faces (from their /Face marked content), and the line segments inside each tagged
    group (/CropMarks, /CutLines, /Folds, /Footer), in page coordinates."""
    box = page.mediabox
    out = PageRead(float(box.width), float(box.height))
    ctm = (1, 0, 0, 1, 0, 0)
    stack: list = []
    tags: list[str] = []
    current: Placed | None = None
    prev = b""
    point: tuple[float, float] | None = None
    path: list = []
    for operands, op in page.get_contents().operations:
        if current is not None and not current.origin:  # the clip paths around a face
            if op in (b"m", b"l"):
                path.append(apply(ctm, float(operands[0]), float(operands[1])))
            elif op == b"re":
                x, y, w, h = (float(v) for v in operands)
                path += [apply(ctm, x, y), apply(ctm, x + w, y + h)]
            elif op in (b"W", b"W*") and path:
                xs, ys = zip(*path)
                current.clips.append((min(xs), min(ys), max(xs), max(ys)))
            elif op == b"n":
                path = []
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = mult(tuple(float(v) for v in operands), ctm)
            if current is not None and not current.origin and prev == b"q":
                current.origin = ctm  # the face backend's translate to the trim corner
        elif op == b"BDC" and operands[0] == "/Face":
            props = operands[1]
            current = Placed(str(props["/K"]), str(props["/C"]), str(props["/S"]).lstrip("/"))
            tags.append("Face")
        elif op == b"BMC":
            tags.append(str(operands[0]).lstrip("/"))
        elif op == b"EMC":
            tag = tags.pop()
            if tag == "Face":
                assert current is not None
                out.faces.append(current)
                current = None
        elif op == b"Do" and current is not None:
            current.form = str(operands[0])
            current.origin = ctm
        elif op == b"m":
            point = apply(ctm, float(operands[0]), float(operands[1]))
            if tags:
                out.paths[tags[-1]] += 1
        elif op == b"l" and tags and tags[-1] != "Face":
            nxt = apply(ctm, float(operands[0]), float(operands[1]))
            assert point is not None, "a line drawn from no point"
            out.lines.setdefault(tags[-1], []).append((point, nxt))
            point = nxt
        prev = op
    if text:
        out.text = page.extract_text() or ""  # one page; read_pdf reads every page's text at once
    return out


def read_pdf(data: bytes, text: bool = False) -> tuple[PdfReader, list[PageRead]]:
    reader = PdfReader(io.BytesIO(data))
    pages = [read_page(reader, p) for p in reader.pages]
    if text:
        for page, words in zip(pages, page_texts(data)):
            page.text = words
    return reader, pages


def marked_ops(page: Any) -> list[tuple[str | None, bytes, list[Any], tuple[float, ...]]]:
    """Every operator of a page's own content stream in order, as (the marked-content tag it
    is drawn in (`/RegistrationMarks`, `/TileWindow`, …) or None, the operator, its operands,
    the current transformation matrix before it). The forms the page draws (`Do`) are not
    entered: their operators are the pieces' own, never a mark of the sheet's. The page's
    operators are read once (pypdf's text extraction would also parse every form's content
    and fonts, many times the work)."""
    out: list[tuple[str | None, bytes, list[Any], tuple[float, ...]]] = []
    tag: str | None = None
    cm: tuple[float, ...] = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    saved: list[tuple[float, ...]] = []
    contents = page.get_contents()
    for args, op in contents.operations if contents is not None else ():
        if op == b"BMC":
            tag = str(args[0])
            continue
        if op == b"EMC":
            tag = None
            continue
        out.append((tag, op, args, cm))
        if op == b"q":
            saved.append(cm)
        elif op == b"Q":
            cm = saved.pop() if saved else (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
        elif op == b"cm":
            cm = mult(tuple(float(a) for a in args[:6]), cm)
    return out


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


@dataclass(frozen=True)
class EdgeBleed:
    placement: Placement
    edge: tuple[Point, Point]  # counter-clockwise along the cut outline; a round piece's
    # whole circle is one edge, given as (centre, centre)
    bleed: float  # points beyond the edge, at its narrowest sample
    shared_with: Placement | None  # the neighbour on the other side of a shared cut


def edge_bleeds(page: Page) -> list[EdgeBleed]:
    """Every cut edge of every piece on a fronts page with the bleed it shows."""
    fronts, shapes = _shapes(page)
    return [
        EdgeBleed(fronts[i], edge, bleed, None if shared is None else fronts[shared])
        for i, edge, bleed, shared in _edges(page.paint or page.area, shapes)
    ]
