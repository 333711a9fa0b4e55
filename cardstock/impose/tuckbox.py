"""`output/<game>/<game>-tuckbox-<paper>.pdf`: a tuck box for each deck of cards, as a
printable net.

A deck is the cards that share a back. Its box is a straight tuck-end box: four walls in a
row (side, front, side, back) with a glue flap on the back's far edge, a lid and a tuck
tongue above and below the back, and dust flaps above and below the sides. The inside is the cards'
size plus a clearance and, front to back, the deck's thickness (its card count times the
game's `[print] card_thickness`) plus the same clearance.

The art comes from the game's own faces: the front wall shows the deck's back, the back
wall the set's first card, and the other panels the deck's back again, stretched to the
panel under a white label with the deck's title (the spines) and its card count. Cut lines
are solid; folds are dashed marks outside the net, so nothing of them shows on the made
box; the art runs into the bleed beyond every cut edge and stops at every fold. A deck too
thick for one box on the paper is split into as few boxes as fit, its cards shared out.

Each box is one page (portrait; a net too wide for the page is turned a quarter).
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from .. import fonts
from ..catalog.load import Catalog
from ..core.issues import Issue
from ..core.output import artifact
from ..core.stage import Job, StageResult
from ..core.units import POINTS_PER, fmt_mm, parse_length, parse_size
from ..render.pdf import PdfFaces, pdf_color
from ..render.pdfdoc import pdf_settings, retagged
from .pnp import papers_for, sheet_info
from .render import DocInfo, fit_line, new_canvas
from .sheets import MIN_MARGIN, page_margin, paper_size

MM = POINTS_PER["mm"]
CLEARANCE = 0.4 * MM  # added to the cards' width, height and the deck's thickness
BLEED = 3 * MM  # art beyond every cut edge
TONGUE = 15 * MM  # the tuck tongue's height (at most a third of the card's width)
DUST = 15 * MM  # a dust flap's height (at most half the card's width, less 1 mm)
GLUE = 10 * MM  # the glue flap's width (at most the deck's thickness plus 4 mm)
FOLD_MARK = 5 * MM  # length of a fold mark, outside the net
MARK_GAP = 1 * MM  # between the net's bleed and a fold mark
FOOTER = 10 * MM  # reserved at the bottom of the page for the footer
LABEL_FONT = "sans-bold"
TEXT_FONT = "sans"
MIN_TEXT = 6.0  # points; the smallest type printed on a box

Point = tuple[float, float]


@dataclass(frozen=True)
class Deck:
    """One box's worth of a set: its cards and the faces its panels show."""

    key: str  # the back the deck's cards share
    title: str
    cards: int
    card_w: float
    card_h: float
    back: Any  # the face on the front wall (the deck's back)
    front: Any  # the face on the back wall (the first card)
    part: tuple[int, int] = (1, 1)  # box i of n
    first: Any = None  # the deck's first card (its component), where a note about the deck points


@dataclass(frozen=True)
class Net:
    """A box's net in points, origin at the top left of its bounding box, y down."""

    W: float  # inner width (card width + clearance)
    H: float  # inner height
    D: float  # inner depth (deck thickness + clearance)
    T: float  # tongue height
    F: float  # dust flap height
    G: float  # glue flap width

    @property
    def width(self) -> float:
        return 2 * self.D + 2 * self.W + self.G

    @property
    def height(self) -> float:
        return 2 * (self.T + self.D) + self.H

    @property
    def y0(self) -> float:
        return self.T + self.D

    @property
    def y1(self) -> float:
        return self.y0 + self.H

    @property
    def xs(self) -> tuple[float, float, float, float, float, float]:
        """The walls' edges, left to right: side, front, side, back, glue flap."""
        D, W = self.D, self.W
        return 0.0, D, D + W, 2 * D + W, 2 * D + 2 * W, 2 * D + 2 * W + self.G

    def outline(self) -> list[Point]:
        """The cut line, clockwise (y down)."""
        xa, xf, xb, xk, xg, xe = self.xs
        y0, y1, D, T, F = self.y0, self.y1, self.D, self.T, self.F
        i = min(D / 4, F / 4)  # the dust flaps' taper
        j = min(T * 0.4, self.W / 4)  # the tongue's
        g = min(self.G * 0.8, self.H / 8)  # the glue flap's
        notch = min(self.W / 6, 10 * MM)
        arc = [
            (xf + self.W / 2 - notch * math.cos(a), y0 + notch * math.sin(a))
            for a in (k * math.pi / 12 for k in range(13))
        ]
        return [
            (xa, y0),
            (xa + i, y0 - F),
            (xf - i, y0 - F),
            (xf, y0),
            *arc,
            (xb, y0),
            (xb + i, y0 - F),
            (xk - i, y0 - F),
            (xk, y0),
            (xk, y0 - D),
            (xk + j, y0 - D - T),
            (xg - j, y0 - D - T),
            (xg, y0 - D),
            (xg, y0),
            (xe, y0 + g),
            (xe, y1 - g),
            (xg, y1),
            (xg, y1 + D),
            (xg - j, y1 + D + T),
            (xk + j, y1 + D + T),
            (xk, y1 + D),
            (xk, y1),
            (xk - i, y1 + F),
            (xb + i, y1 + F),
            (xb, y1),
            (xf, y1),
            (xf - i, y1 + F),
            (xa + i, y1 + F),
            (xa, y1),
        ]

    def folds(self) -> list[tuple[Point, Point]]:
        xa, xf, xb, xk, xg, _ = self.xs
        y0, y1, D = self.y0, self.y1, self.D
        return [((x, y0), (x, y1)) for x in (xf, xb, xk, xg)] + [
            ((xa, y0), (xf, y0)),
            ((xb, y0), (xk, y0)),
            ((xk, y0), (xg, y0)),
            ((xk, y0 - D), (xg, y0 - D)),
            ((xa, y1), (xf, y1)),
            ((xb, y1), (xk, y1)),
            ((xk, y1), (xg, y1)),
            ((xk, y1 + D), (xg, y1 + D)),
        ]

    def panels(
        self,
    ) -> list[tuple[str, tuple[float, float, float, float], tuple[bool, bool, bool, bool]]]:
        """(name, (x, y, w, h), which edges are cuts: left, top, right, bottom)."""
        xa, xf, xb, xk, xg, _ = self.xs
        y0, y1, D, T, F, H, W = self.y0, self.y1, self.D, self.T, self.F, self.H, self.W
        return [
            ("side", (xa, y0, D, H), (True, False, False, False)),
            ("front", (xf, y0, W, H), (False, True, False, True)),
            ("side", (xb, y0, D, H), (False, False, False, False)),
            ("back", (xk, y0, W, H), (False, False, False, False)),
            ("lid", (xk, y0 - D, W, D), (True, False, True, False)),
            ("tongue", (xk, y0 - D - T, W, T), (True, True, True, False)),
            ("lid", (xk, y1, W, D), (True, False, True, False)),
            ("tongue", (xk, y1 + D, W, T), (True, False, True, True)),
            ("dust", (xa, y0 - F, D, F), (True, True, True, False)),
            ("dust", (xb, y0 - F, D, F), (True, True, True, False)),
            ("dust", (xa, y1, D, F), (True, False, True, True)),
            ("dust", (xb, y1, D, F), (True, False, True, True)),
        ]


def net_for(card_w: float, card_h: float, cards: int, thickness: float) -> Net:
    W, H = card_w + CLEARANCE, card_h + CLEARANCE
    D = cards * thickness + CLEARANCE
    return Net(W, H, D, T=min(TONGUE, W / 3), F=min(DUST, W / 2 - MM), G=min(GLUE, D + 4 * MM))


def _room(paper: str, margin: float = MIN_MARGIN) -> tuple[float, float]:
    """The width and height a net (with its bleed and fold marks) may take on the page,
    inside the printer's `margin` and above the footer."""
    pw, ph = paper_size(paper)
    extra = 2 * (BLEED + MARK_GAP + FOLD_MARK)
    return pw - 2 * margin - extra, ph - 2 * margin - FOOTER - extra


def fits(net: Net, paper: str, margin: float = MIN_MARGIN) -> bool | None:
    """None when the net does not fit the page; else whether it is turned a quarter."""
    rw, rh = _room(paper, margin)
    if net.width <= rw and net.height <= rh:
        return False
    if net.height <= rw and net.width <= rh:
        return True
    return None


# ---------------------------------------------------------------- the stage


def build_tuckbox(job: Job) -> StageResult:
    catalog, options, faces = job.catalog, job.build, job.faces
    result = StageResult()
    thickness = parse_length(catalog.game.print.card_thickness)
    margin = page_margin(catalog.root, options)
    decks = decks_of(catalog, faces)
    if not decks:
        result.findings.append(
            Issue(
                catalog.display(catalog.folder / "game.toml"),
                catalog.line("sets"),
                "sets",
                f"{catalog.id} has no set of cards for a tuck box to hold; no tuck box was drawn",
                "warning",
            )
        )
        return result
    for paper in papers_for(catalog, options):
        boxes: list[tuple[Deck, Net, bool]] = []
        for deck in decks:
            placed = _split(deck, thickness, paper, margin)
            if placed is None:
                result.findings.append(
                    Issue(
                        catalog.display(catalog.folder / "game.toml"),
                        catalog.line("sets"),
                        "sets",
                        f"a tuck box for {deck.title} ({fmt_mm(deck.card_w)} x "
                        f"{fmt_mm(deck.card_h)} mm cards) does not fit on {paper}; no box was "
                        "drawn for it",
                        "warning",
                    )
                )
                continue
            boxes += placed
        if not boxes:
            continue
        data = tuckbox_pdf(catalog, boxes, paper, thickness, margin)
        path = Path(options.out) / catalog.id / f"{catalog.id}-tuckbox-{paper}.pdf"
        result.artifacts.append(
            artifact(catalog.id, "tuckbox", path, data, paper=paper, pages=len(boxes))
        )
    return result


def decks_of(catalog: Catalog, faces: Any) -> list[Deck]:
    """The game's decks: its cards grouped by the back they share (cards with one back
    are shuffled and kept together), in the game file's order. A deck is named by its
    back's title, and by its first set's name as well where two decks share a title."""
    groups: dict[str, list[Any]] = {}
    for c in catalog.components:
        if c.kind == "card" and c.count > 0:
            groups.setdefault(c.back or f"set {c.set}", []).append(c)
    titles = {}
    for key, cards in groups.items():
        back = catalog.game.backs.get(key)
        titles[key] = back.title if back is not None else catalog.set(cards[0].set).name
    decks = []
    for key, cards in groups.items():
        title = titles[key]
        if list(titles.values()).count(title) > 1:
            sets = list(dict.fromkeys(catalog.set(c.set).name for c in cards))
            title = f"{title}: {sets[0]}" + (" …" if len(sets) > 1 else "")
        sizes = [parse_size(c.size) for c in cards]
        first = cards[0]
        front = faces.face(first, "front")
        back_face = faces.face(first, "back") or front
        decks.append(
            Deck(
                key,
                title,
                sum(c.count for c in cards),
                max(w for w, _ in sizes),
                max(h for _, h in sizes),
                back_face,
                front,
                first=first,
            )
        )
    return decks


def _split(
    deck: Deck, thickness: float, paper: str, margin: float
) -> list[tuple[Deck, Net, bool]] | None:
    """The deck in as few boxes as fit the paper, its cards shared out evenly (None when
    not even an empty box fits)."""
    for n in range(1, deck.cards + 1):
        per = -(-deck.cards // n)
        net = net_for(deck.card_w, deck.card_h, per, thickness)
        turned = fits(net, paper, margin)
        if turned is not None:
            shares = [deck.cards // n + (1 if i < deck.cards % n else 0) for i in range(n)]
            return [
                (
                    Deck(
                        deck.key,
                        deck.title,
                        k,
                        deck.card_w,
                        deck.card_h,
                        deck.back,
                        deck.front,
                        (i + 1, n),
                        deck.first,
                    ),
                    net_for(deck.card_w, deck.card_h, k, thickness),
                    turned,
                )
                for i, k in enumerate(shares)
            ]
        if net_for(deck.card_w, deck.card_h, 1, thickness).width > max(_room(paper, margin)):
            return None
    return None


# ---------------------------------------------------------------- drawing


@pdf_settings()
def tuckbox_pdf(
    catalog: Catalog,
    boxes: list[tuple[Deck, Net, bool]],
    paper: str,
    thickness: float,
    margin: float = MIN_MARGIN,
) -> list[bytes | memoryview]:
    info = sheet_info(catalog, paper, "tuck boxes")
    pw, ph = paper_size(paper)
    buffer = io.BytesIO()
    c = new_canvas(buffer, (pw, ph), info)
    drawer = PdfFaces(c)
    for deck, net, turned in boxes:
        c.setPageSize((pw, ph))
        _page(c, drawer, deck, net, turned, pw, ph, margin)
        _footer(c, info, deck, net, thickness, pw, margin)
        c.showPage()
    c.save()
    return retagged(buffer.getvalue())


def _page(
    c: Canvas,
    drawer: PdfFaces,
    deck: Deck,
    net: Net,
    turned: bool,
    pw: float,
    ph: float,
    margin: float,
) -> None:
    """The net centred in the room above the footer; (0, 0) of the net at its top left."""
    nw, nh = (net.height, net.width) if turned else (net.width, net.height)
    ox = (pw - nw) / 2
    oy = FOOTER + margin + (ph - 2 * margin - FOOTER - nh) / 2  # bottom of the net's box
    c.saveState()
    if turned:  # the net's x runs up the page, its y to the right
        c.transform(0, 1, 1, 0, ox, oy)
    else:  # y down from the net's top left
        c.transform(1, 0, 0, -1, ox, oy + nh)
    draw_art(c, drawer, deck, net)
    _cut_line(c, net.outline())
    _fold_marks(c, net)
    c.restoreState()


def draw_art(c: Canvas, drawer: PdfFaces, deck: Deck, net: Net, bleed: float = BLEED) -> None:
    """The box's art in net space (y down, the net's top left at the origin): each panel's
    face, running `bleed` beyond every cut edge, and the deck's title and count on the
    spines. No cut or fold line: the print-shop image (`cardstock.exports.tuckboxes`)
    is this alone."""
    c.addLiteral("/TuckboxArt BMC")
    # first each panel with its bleed beyond its cut edges, then each within its own edges,
    # so the bleed of one panel never shows on a neighbour across a slit
    for outer in (True, False):
        for name, rect, cuts in net.panels():
            _panel(
                c, drawer, deck, name, rect, cuts if outer else (False, False, False, False), bleed
            )
    for name, rect, _ in net.panels():
        if name == "side":
            _label(
                c,
                rect,
                deck.title + (f" ({deck.part[0]} of {deck.part[1]})" if deck.part[1] > 1 else ""),
                f"{deck.cards} cards",
            )
    c.addLiteral("EMC")


def _panel(
    c: Canvas,
    drawer: PdfFaces,
    deck: Deck,
    name: str,
    rect: tuple[float, float, float, float],
    cuts: tuple[bool, bool, bool, bool],
    bleed: float = BLEED,
) -> None:
    x, y, w, h = rect
    left, top, right, bottom = (bleed if cut else 0.0 for cut in cuts)
    c.saveState()
    p = c.beginPath()
    p.rect(x - left, y - top, w + left + right, h + top + bottom)
    c.clipPath(p, stroke=0, fill=0)
    face = deck.front if name == "back" else deck.back
    _face_over(c, drawer, face, x - left, y - top, w + left + right, h + top + bottom)
    c.restoreState()


def _face_over(
    c: Canvas, drawer: PdfFaces, face: Any, x: float, y: float, w: float, h: float
) -> None:
    """The face scaled (keeping its proportions) to cover the rectangle, centred on it
    (in y-down net space; the caller clips)."""
    s = max(w / face.width, h / face.height)
    fx, fy = x + (w - face.width * s) / 2, y + (h - face.height * s) / 2
    c.saveState()
    # net space is y down; a face is drawn y up from its trim box's lower-left corner
    c.transform(s, 0, 0, -s, fx, fy + face.height * s)
    drawer.draw(face, 0, 0, reuse=True)
    c.restoreState()


def _label(c: Canvas, rect: tuple[float, float, float, float], title: str, count: str) -> None:
    """A white band along a spine with the deck's title and card count, read bottom to top."""
    x, y, w, h = rect
    size = max(MIN_TEXT, min(10.0, w * 0.45))
    band = min(w, size * 1.6)
    c.saveState()
    c.setFillColor(pdf_color("#ffffff"))
    c.rect(x + (w - band) / 2, y + 2 * MM, band, h - 4 * MM, stroke=0, fill=1)
    c.transform(0, -1, -1, 0, x + w / 2 + size * 0.35, y + h - 4 * MM)  # text runs up the spine
    c.setFillColor(pdf_color("#000000"))
    room = h - 8 * MM
    font = fonts.register(LABEL_FONT)
    c.setFont(font, size)
    text = f"{title}  ·  {count}"
    while fonts.string_width(text, LABEL_FONT, size) > room and len(title) > 4:
        title = title[:-2].rstrip() + "…"
        text = f"{title}  ·  {count}"
    c.drawString(0, 0, text)
    c.restoreState()


def _cut_line(c: Canvas, outline: list[Point]) -> None:
    c.addLiteral("/CutLine BMC")
    c.setStrokeColor(pdf_color("#000000"))
    c.setLineWidth(0.5)
    c.setDash([])
    p = c.beginPath()
    p.moveTo(*outline[0])
    for pt in outline[1:]:
        p.lineTo(*pt)
    p.close()
    c.drawPath(p, stroke=1, fill=0)
    c.addLiteral("EMC")


def fold_marks(net: Net) -> list[tuple[Point, Point]]:
    """Dashed marks that continue each fold outside the net, past its bleed, where a ruler
    laid from mark to mark crosses nothing of the box but its folds and cuts: the walls'
    folds above and below the net, the walls' top and bottom folds left and right of it,
    and the lids' tongue folds to the right of the lids."""
    _, xf, xb, xk, xg, _ = net.xs
    start, end = BLEED + MARK_GAP, BLEED + MARK_GAP + FOLD_MARK
    marks: list[tuple[Point, Point]] = []
    for x in (xf, xb, xk, xg):
        marks += [((x, -start), (x, -end)), ((x, net.height + start), (x, net.height + end))]
    for y in (net.y0, net.y1):
        marks += [((-start, y), (-end, y)), ((net.width + start, y), (net.width + end, y))]
    for y in (net.y0 - net.D, net.y1 + net.D):
        marks.append(((xg + start, y), (xg + end, y)))
    return marks


def _fold_marks(c: Canvas, net: Net) -> None:
    c.addLiteral("/FoldMarks BMC")
    c.setStrokeColor(pdf_color("#000000"))
    c.setLineWidth(0.4)
    c.setDash([2, 1.5])
    for (ax, ay), (bx, by) in fold_marks(net):
        c.line(ax, ay, bx, by)
    c.setDash([])
    c.addLiteral("EMC")


def _footer(
    c: Canvas, info: DocInfo, deck: Deck, net: Net, thickness: float, pw: float, margin: float
) -> None:
    part = f" (box {deck.part[0]} of {deck.part[1]})" if deck.part[1] > 1 else ""
    inner = f"inside {fmt_mm(net.W)} x {fmt_mm(net.H)} x {fmt_mm(net.D)} mm"
    text = (
        f"{info.footer}  ·  tuck box: {deck.title}{part}, {deck.cards} cards at "
        f"{fmt_mm(thickness)} mm  ·  {inner}"
        f"  ·  cut on the solid line, fold at the dashed marks  ·  {info.paper_label}"
    )
    size = 7.0
    room = pw - 2 * margin
    text, size = fit_line(text, TEXT_FONT, size, room, MIN_TEXT)
    c.addLiteral("/Footer BMC")
    c.setFillColor(pdf_color("#000000"))
    c.setFont(fonts.register(TEXT_FONT), size)
    c.drawString(margin, margin + 1 * MM, text)
    c.addLiteral("EMC")
