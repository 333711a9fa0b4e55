"""A duplex printer, simulated on the PDFs cardstock writes.

The paper goes through the printer portrait. A portrait page prints as it is; a landscape
page is turned a quarter onto the paper by the print dialog (either way: `turn` says which).
With the sheet turned over on its long edge, the point (x, y) of the back, seen looking at
the back, lies behind the point (W - x, y) of the front; on its short edge, behind
(x, H - y). A printer may also land the whole back `shift` off (as seen looking at the back).

Faces are read from the PDF itself: each placement's `/Face` marked content (the key, the
component and the side the file says it holds) and the transformation in force where the
face's trim corner is drawn, or a Form XObject's `Do` (the booklets' reading pages, with
their size from the form's /BBox, named /ReadingPage<n>). A piece is turned over side to side
(about its own vertical axis), so its back's point (w - a, b) lies behind its front's point
(a, b): a back "lands behind its front" when that holds at every corner, within the tolerance.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from conftest import faces_of
from helpers_text import page_texts
from pypdf import PdfReader

from cardstock.core.toolwords import ENGLISH, shipped, tool_words
from cardstock.impose.plan import FLIP_NOTES

Matrix = tuple[float, float, float, float, float, float]
Point = tuple[float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
MM = 72 / 25.4
TOLERANCE = 0.1 * MM  # a back within this of where it belongs lands right


def flip_words() -> dict[str, str]:
    """How a footer names each duplex edge, in English and in every language cardstock
    ships its own words in (read from its catalog, as the build reads them): words → edge."""
    out: dict[str, str] = {}
    for words in [ENGLISH, *(tool_words(code) for code in shipped())]:
        for edge, message in FLIP_NOTES.items():
            said = " ".join(words(message).split())
            assert out.get(said, edge) == edge, f"{words.lang}: {said!r} names two edges"
            out[said] = edge
    return out


FLIPS = flip_words()
# the longest first, so no language's words match inside another's
FLIP = re.compile("|".join(re.escape(w) for w in sorted(FLIPS, key=len, reverse=True)))


def mult(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF order: a point is transformed by m first)."""
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


def apply(m: Matrix, p: Point) -> Point:
    a, b, c, d, e, f = m
    return (a * p[0] + c * p[1] + e, b * p[0] + d * p[1] + f)


@dataclass
class Placed:
    """One face on a page: what the file says it is, and its frame (face space, origin at
    the trim's lower-left corner, y up, to page space)."""

    key: str
    component: str
    side: str
    frame: Matrix = IDENTITY
    size: tuple[float, float] | None = None  # trim size, when the PDF says it (a form's /BBox)

    def point(self, a: float, b: float) -> Point:
        return apply(self.frame, (a, b))

    def centre(self, w: float, h: float) -> Point:
        return self.point(w / 2, h / 2)


@dataclass
class Sheet:
    """One PDF page: its size, its faces, its text."""

    number: int  # 1-based
    width: float
    height: float
    faces: list[Placed] = field(default_factory=list)
    text: str = ""  # the page's text (read with PDFium, see helpers_text)

    @property
    def landscape(self) -> bool:
        return self.width > self.height + 1e-6

    def flip(self) -> str | None:
        """The duplex setting the page's own text names ("long" or "short"), in any language
        cardstock ships its words in (`FLIPS`), if any."""
        found = FLIP.findall(" ".join(self.text.split()))
        return FLIPS[found[0]] if found else None


def read(data: bytes) -> list[Sheet]:
    """Every page of a PDF: the faces its /Face marked content places (or, without any,
    the Form XObjects it draws), and its text."""
    reader = PdfReader(io.BytesIO(data))
    sheets = [_read_page(n, page) for n, page in enumerate(reader.pages, start=1)]
    for sheet, text in zip(sheets, page_texts(data)):
        sheet.text = text
    return sheets


def _read_page(number: int, page) -> Sheet:
    box = page.mediabox
    out = Sheet(number, float(box.width), float(box.height))
    forms = page["/Resources"].get("/XObject") or {}
    ctm: Matrix = IDENTITY
    stack: list[Matrix] = []
    current: Placed | None = None
    depth = 0  # q ... Q nesting since the current face began
    tagged = False
    for operands, op in page.get_contents().operations:
        if op == b"BDC" and operands[0] == "/Face":
            props = operands[1]
            current = Placed(str(props["/K"]), str(props["/C"]), str(props["/S"]).lstrip("/"))
            depth, tagged = 0, True
        elif op == b"EMC" and current is not None and depth == 0:
            out.faces.append(current)
            current = None
        elif op == b"q":
            stack.append(ctm)
            depth += 1
        elif op == b"Q":
            ctm = stack.pop()
            depth -= 1
        elif op == b"cm":
            ctm = mult(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
            if current is not None and depth == 2 and current.frame == IDENTITY:
                current.frame = ctm  # the face drawer's move to the trim corner (render.pdf)
        elif (
            op == b"Do"
            and current is None
            and not tagged
            and str(operands[0]).startswith("/ReadingPage")
        ):
            name = str(operands[0])  # a booklet's reading page
            form = forms[name].get_object()
            x0, y0, x1, y1 = (float(v) for v in form["/BBox"])
            out.faces.append(
                Placed(name, name, "page", mult((1, 0, 0, 1, x0, y0), ctm), (x1 - x0, y1 - y0))
            )
    return out


# ---------------------------------------------------------------- the printer


@dataclass(frozen=True)
class Printer:
    """How the sheet goes through: turned over on its `edge`; a landscape page turned a
    quarter onto the paper counter-clockwise (`turn` 90) or clockwise (-90); the back
    landing `shift` off where the file puts it (looking at the back)."""

    edge: str
    turn: int = 90
    shift: Point = (0.0, 0.0)

    def on_paper(self, sheet: Sheet) -> tuple[Matrix, float, float]:
        """Page space to paper space, and the paper's width and height."""
        if not sheet.landscape:
            return IDENTITY, sheet.width, sheet.height
        W, H = sheet.height, sheet.width
        if self.turn == 90:  # (x, y) -> (W - y, x)
            return (0.0, 1.0, -1.0, 0.0, W, 0.0), W, H
        return (0.0, -1.0, 1.0, 0.0, 0.0, H), W, H  # (x, y) -> (y, H - x)

    def front_point(self, sheet: Sheet, p: Point) -> Point:
        """Where a point of a front page lands on the paper."""
        m, _, _ = self.on_paper(sheet)
        return apply(m, p)

    def behind(self, sheet: Sheet, p: Point) -> Point:
        """The point of the front side (paper space) behind the point `p` of a back page."""
        m, W, H = self.on_paper(sheet)
        x, y = apply(m, p)
        x, y = x + self.shift[0], y + self.shift[1]
        return (W - x, y) if self.edge == "long" else (x, H - y)


Sizes = Callable[[Placed], tuple[float, float]]


def form_size(face: Placed) -> tuple[float, float]:
    assert face.size is not None, f"{face.key}: no size in the file"
    return face.size


@dataclass
class Landing:
    """Where one back landed: its front, the back matched to it (None: no back of that
    component anywhere near), and how far from behind the front its worst corner is."""

    front: Placed
    back: Placed | None
    miss: float  # points


def land(
    front_sheet: Sheet,
    back_sheet: Sheet,
    printer: Printer,
    size: Sizes,
    pairs: Callable[[Placed], bool] = lambda f: True,
    same: Callable[[Placed, Placed], bool] = lambda f, b: f.component == b.component,
) -> tuple[list[Landing], list[Placed]]:
    """Print `front_sheet` and `back_sheet` on the two sides of one sheet: for each front
    (those `pairs` says have a back), the back of the same component (`same`) whose corners
    land nearest behind the front's, each back used once. Returns the landings and the
    backs that no front took."""
    backs = [b for b in back_sheet.faces if b.side in ("back", "page")]
    free = list(range(len(backs)))
    out: list[Landing] = []
    for f in front_sheet.faces:
        if f.side not in ("front", "page") or not pairs(f):
            continue
        w, h = size(f)
        corners = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h), (w / 2, h / 2)]
        want = [printer.front_point(front_sheet, f.point(a, b)) for a, b in corners]
        best: tuple[float, int] | None = None
        for i in free:
            b = backs[i]
            if not same(f, b):
                continue
            bw, bh = size(b)
            if abs(bw - w) > 0.01 or abs(bh - h) > 0.01:
                continue
            got = [printer.behind(back_sheet, b.point(bw - a, c)) for a, c in corners]
            miss = max(math.dist(p, q) for p, q in zip(want, got))
            if best is None or miss < best[0]:
                best = (miss, i)
        if best is None:
            out.append(Landing(f, None, math.inf))
            continue
        free.remove(best[1])
        out.append(Landing(f, backs[best[1]], best[0]))
    return out, [backs[i] for i in free]


def inside(point: Point, corners: Iterable[Point]) -> bool:
    """Whether a point lies inside a convex polygon (its corners in order, either way round)."""
    pts = list(corners)
    sign = 0.0
    for i in range(len(pts)):
        (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % len(pts)]
        cross = (x1 - x0) * (point[1] - y0) - (y1 - y0) * (point[0] - x0)
        if abs(cross) < 1e-9:
            continue
        if sign == 0.0:
            sign = cross
        elif (cross > 0) != (sign > 0):
            return False
    return True


def text_runs(data: bytes) -> list[list[tuple[str, Point]]]:
    """Per page: each text run shown and where its origin lands on the page."""
    reader = PdfReader(io.BytesIO(data))
    out: list[list[tuple[str, Point]]] = []
    for page in reader.pages:
        runs: list[tuple[str, Point]] = []

        def visit(text, cm, tm, font, size, runs=runs):
            if text.strip():
                runs.append((text.strip(), apply(mult(tuple(tm), tuple(cm)), (0.0, 0.0))))

        page.extract_text(visitor_text=visit)
        out.append(runs)
    return out


# ---------------------------------------------------------------- a sheet file's backs


def face_sizes(catalog) -> tuple[dict[str, tuple[float, float]], dict[str, str]]:
    """Face key -> trim size, and component -> the key of the back it must show."""
    faces = faces_of(catalog)
    sizes: dict[str, tuple[float, float]] = {}
    backs: dict[str, str] = {}
    for comp in catalog.components:
        for side in ("front", "back"):
            f = faces.outline(faces.records.of(comp), side, bleed=True)
            if f is not None:
                sizes[f.key] = (f.width, f.height)
                if side == "back":
                    backs[comp.id] = f.key
    return sizes, backs


def one_flip(sheets: list[Sheet]) -> str:
    """The flip the file's backs pages name: every one names it, and names the same."""
    named = [s.flip() for s in sheets if any(f.side == "back" for f in s.faces)]
    assert named and None not in named, "every backs page names the flip in its footer"
    assert len(set(named)) == 1, f"one setting for the whole file, not {set(named)}"
    flip = named[0]
    assert flip is not None
    return flip


def check_pieces(sheets: list[Sheet], sizes, backs, printer: Printer) -> int:
    """Every front with a back has its backs page next, and there each back lands behind
    its own front and shows the component's back; no back is left over. Returns how many
    backs landed."""
    landed = 0
    for n, sheet in enumerate(sheets):
        fronts = [f for f in sheet.faces if f.side == "front" and f.component in backs]
        if not fronts:
            continue
        behind = sheets[n + 1]
        landings, stray = land(
            sheet, behind, printer, lambda f: sizes[f.key], pairs=lambda f: f.component in backs
        )
        assert not stray, (
            f"page {behind.number}: backs behind no front of their own: "
            f"{[b.component for b in stray]}"
        )
        for one in landings:
            assert one.back is not None, (
                f"page {sheet.number}: {one.front.component} has no back behind it"
            )
            assert one.miss <= TOLERANCE, (
                f"page {sheet.number}: the back of {one.front.component} lands "
                f"{one.miss / 2.835:.2f} mm off"
            )
            assert one.back.key == backs[one.front.component]
            landed += 1
    return landed
