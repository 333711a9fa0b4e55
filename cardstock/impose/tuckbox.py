"""`output/<game>/<game>-tuckbox-<paper>.pdf`: a tuck box for each deck of cards, as a
printable net.

A deck is the cards that share a back, or a set's cards with a back of their own or none:
the deck a print shop's upload holds (`deck_key`). Its box is a straight tuck-end
box: four walls in a row (side, front, side, back) with a glue flap on the back's far
edge, a lid and a tuck tongue above and below the back, and dust flaps above and below the
sides.

The inside is measured from the deck (`inside`): the card's width and height (in its
sleeve, where the game's `[print] sleeves` says the cards are sleeved) plus `SIDE` on each
side, and front to back the deck's thickness (its count times `[print] card_thickness`,
plus two sleeve walls a card) with `AIR` more for a stack that does not lie perfectly
flat, plus `SIDE` on each side. A deck of fewer cards than `[print] tuckbox_min_cards` gets
no box (a warning names it): it travels loose in the game's box.

The art is laid out panel by panel, so nothing but the box's background crosses a fold:
the whole net is the deck's back colour (running into the bleed beyond every cut edge);
the front wall shows the deck's back and the back wall the set's first card, each at its
printed size, centred and kept `FOLD_INSET` from the wall's edges (a face larger than its
wall loses that much of its border, which lies within the card's own safe margin); the
spines carry the deck's title and card count in type of at least `MIN_TEXT` (a spine too
narrow for it stays plain). Cut lines are solid; folds are dashed marks outside the net,
so nothing of them shows on the made box. A deck too thick for one box on the paper is
split into as few boxes as fit, its cards shared out.

Each box is one page (portrait; a net too wide for the page is turned a quarter).
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from reportlab.pdfgen.canvas import Canvas

from .. import fonts
from ..catalog.load import Catalog
from ..core.issues import Issue
from ..core.localized import number
from ..core.output import artifact
from ..core.stage import BuildOptions, Job, StageResult
from ..core.toolwords import ENGLISH, ToolWords
from ..core.units import POINTS_PER, parse_length, parse_size
from ..layout.faces import own_back
from ..render.pdf import PdfFaces, pdf_color
from ..render.pdfdoc import pdf_settings, retagged
from .footer import Fitted, FooterReport, one_line, title_file, title_report
from .pnp import papers_for, sheet_info
from .render import DocInfo, new_canvas
from .sheets import MIN_MARGIN, page_margin, paper_size

MM = POINTS_PER["mm"]
SIDE = 1 * MM  # between the (sleeved) deck and each wall, in width, height and depth
AIR = 0.05  # a stack of cards in a box is this much thicker than its cards' sum
FOLD_INSET = 1 * MM  # art (faces, spine text) keeps this far from every fold
BLEED = 3 * MM  # art beyond every cut edge
TONGUE = 15 * MM  # the tuck tongue's height (at most a third of the card's width)
DUST = 15 * MM  # a dust flap's height (at most half the card's width, less 1 mm)
GLUE = 10 * MM  # the glue flap's width (at most the deck's thickness plus 4 mm)
FOLD_MARK = 5 * MM  # length of a fold mark, outside the net
MARK_GAP = 1 * MM  # between the net's bleed and a fold mark
FOOTER = 10 * MM  # reserved at the bottom of the page for the footer
LABEL_END = 4 * MM  # the spine text keeps this far from the spine's ends
LABEL_FONT = "sans-bold"
TEXT_FONT = "sans"
MIN_TEXT = 6.0  # points; the smallest type printed on a box
ADVICE = "Give it room: a shorter game title or set name, or a larger paper (--paper)"
NO_BACK = "#ffffff"  # the box's colour for a deck whose cards name no one back


@dataclass(frozen=True)
class Key:
    """A deck, or a thing a print shop's file or folder is named for: its kind (`back`, a
    back's deck or a shared back's image; `set`, a set's deck; `card`, a card's own back
    image) and its bare name (the back's or set's id, the front's file name). A back may be
    named like a set: a deck is its kind and its id, never the bare id, so two decks are
    never one because their ids coincide."""

    kind: Literal["back", "set", "card"]
    name: str


def deck_key(catalog: Catalog, comp: Any) -> Key:
    """What a deck is, the one rule for the tuck boxes (`decks_of`, the PDF's and the print
    shops' images of them) and the print shops' uploads (`exports.shopcheck`), so a card's
    box and its upload are one deck: the deck of the back the card shares with others,
    unless it has a back of its own (`layout.faces.own_back`: a reference card, a card of a
    double-sided set, a card whose text continues on its back; never shuffled with a shared
    back, even where its set names one) or none (a single-sided set): then its set's."""
    if comp.back and not own_back(catalog, comp):
        return Key("back", str(comp.back))
    return Key("set", str(comp.set))


@dataclass(frozen=True)
class Sleeve:
    """A kind of card sleeve, as a box must make room for it."""

    words: str  # how the footer says it
    wall: float  # one layer of its film (a sleeved card is two layers thicker)
    grow: tuple[float, float]  # its outside beyond the card, in width and height


# The field's two kinds (docs/sheets.md says where the numbers come from): "penny"
# sleeves of about 40 microns a layer, and premium ones up to about 120 microns; either is
# taken as 3 mm wider and taller than its card (66 x 91 mm for a 63.5 x 88 mm card).
SLEEVES = {
    "none": Sleeve("unsleeved", 0.0, (0.0, 0.0)),
    "thin": Sleeve("in thin sleeves", 0.04 * MM, (3 * MM, 3 * MM)),
    "thick": Sleeve("in thick sleeves", 0.12 * MM, (3 * MM, 3 * MM)),
}

Point = tuple[float, float]


@dataclass(frozen=True)
class Deck:
    """One box's worth of a set: its cards and the faces its panels show."""

    key: str  # the deck (`deck_key`): the back its cards share, else `set <id>`
    title: str
    cards: int
    card_w: float
    card_h: float
    back: Any  # the face on the front wall (the deck's back)
    front: Any  # the face on the back wall (the first card)
    part: tuple[int, int] = (1, 1)  # box i of n
    first: Any = None  # the deck's first card (its component), where a note about the deck points
    color: str = NO_BACK  # the box's background: the colour of the deck's back


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


def inside(
    card_w: float, card_h: float, cards: int, thickness: float, sleeve: Sleeve = SLEEVES["none"]
) -> tuple[float, float, float]:
    """The box's inside (width, height, depth) for `cards` cards of this size and
    thickness in this sleeve: `SIDE` of room on every side, `AIR` in the stack."""
    w = card_w + sleeve.grow[0] + 2 * SIDE
    h = card_h + sleeve.grow[1] + 2 * SIDE
    d = cards * (thickness + 2 * sleeve.wall) * (1 + AIR) + 2 * SIDE
    return w, h, d


def net_for(
    card_w: float, card_h: float, cards: int, thickness: float, sleeve: Sleeve = SLEEVES["none"]
) -> Net:
    W, H, D = inside(card_w, card_h, cards, thickness, sleeve)
    return Net(W, H, D, T=min(TONGUE, W / 3), F=min(DUST, W / 2 - MM), G=min(GLUE, D + 4 * MM))


def _mm(points: float, digits: int = 1, lang: str | None = None) -> str:
    """A length as a number of millimetres, without the unit (the text says it once), in
    the language's decimal mark (`lang`: English when None)."""
    text = f"{points / MM:.{digits}f}"
    text = text.rstrip("0").rstrip(".") if "." in text and digits > 1 else text
    if lang is None:
        return text
    shown = len(text.partition(".")[2])
    return number(float(text), lang, shown)


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
    job = job.printing()  # a continued card's parts too, as its upload holds them
    catalog, options, faces = job.catalog, job.build, job.faces
    result = StageResult()
    settings = catalog.game.print
    thickness = parse_length(settings.card_thickness)
    sleeve = SLEEVES[settings.sleeves]
    margin = page_margin(catalog.root, options)
    every = decks_of(catalog, faces)
    decks = [d for d in every if d.cards >= settings.tuckbox_min_cards]
    small = [d for d in every if d.cards < settings.tuckbox_min_cards]
    if small:
        named = ", ".join(f"{d.title} ({_cards(d.cards)})" for d in small)
        result.findings.append(
            Issue(
                catalog.display(catalog.folder / "game.toml"),
                catalog.line("print", "tuckbox_min_cards") or catalog.line("print"),
                "print.tuckbox_min_cards",
                f"no tuck box for {named}: fewer cards than [print] tuckbox_min_cards "
                f"({settings.tuckbox_min_cards}); they travel loose in the game's box",
                "warning",
            )
        )
    if not every:
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
        boxes = _boxes_on(catalog, decks, thickness, sleeve, paper, margin, result.findings)
        if not boxes:
            continue
        path = Path(options.out) / catalog.id / f"{catalog.id}-tuckbox-{paper}.pdf"
        report = title_report(catalog, path.name, MIN_TEXT, ADVICE)
        data = tuckbox_pdf(catalog, boxes, paper, thickness, margin, sleeve, report)
        result.findings.extend(report.issues())
        result.artifacts.append(
            artifact(catalog.id, "tuckbox", path, data, paper=paper, pages=len(boxes))
        )
    return result


def _boxes_on(
    catalog: Catalog,
    decks: list[Deck],
    thickness: float,
    sleeve: Sleeve,
    paper: str,
    margin: float,
    findings: list[Issue],
) -> list[tuple[Deck, Net, bool]]:
    """The boxes of the decks on the paper, one a page; a deck too large for it is a
    warning in `findings`."""
    boxes: list[tuple[Deck, Net, bool]] = []
    for deck in decks:
        placed = _split(deck, thickness, sleeve, paper, margin)
        if placed is None:
            findings.append(
                Issue(
                    catalog.display(catalog.folder / "game.toml"),
                    catalog.line("sets"),
                    "sets",
                    f"a tuck box for {deck.title} ({_mm(deck.card_w)} x "
                    f"{_mm(deck.card_h)} mm cards) does not fit on {paper}; no box was "
                    "drawn for it",
                    "warning",
                )
            )
            continue
        boxes += placed
    return boxes


def footer_findings(catalog: Catalog, options: BuildOptions) -> list[Issue]:
    """What a build of the tuck boxes says of their footers (a part left off, a footer
    that cannot fit), found by fitting each page's footer without drawing a box: the
    rules check's `footers`."""
    settings = catalog.game.print
    thickness = parse_length(settings.card_thickness)
    sleeve = SLEEVES[settings.sleeves]
    margin = page_margin(catalog.root, options)
    decks = [d for d in decks_of(catalog, None) if d.cards >= settings.tuckbox_min_cards]
    out: list[Issue] = []
    for paper in papers_for(catalog, options) if decks else []:
        boxes = _boxes_on(catalog, decks, thickness, sleeve, paper, margin, [])
        info = sheet_info(catalog, paper, "tuck boxes")
        report = title_report(catalog, f"{catalog.id}-tuckbox-{paper}.pdf", MIN_TEXT, ADVICE)
        for n, (deck, net, _) in enumerate(boxes, start=1):
            fitted = footer_fit(info, deck, net, thickness, sleeve, paper_size(paper)[0], margin)
            report.add(title_file(catalog), n, fitted, "")
        out += report.issues()
    return out


def _cards(n: int, words: ToolWords = ENGLISH) -> str:
    return words.count("{n} card", "{n} cards", n)


def decks_of(catalog: Catalog, faces: Any) -> list[Deck]:
    """The game's decks: its cards grouped as `deck_key` groups them (the
    cards of one shared back, shuffled and kept together; a set's cards with a back of their
    own or none), as the print shops' uploads are, in the game file's order. A deck is named
    by its back's title (a set's deck by the set's name), and by its first set's name as
    well where two decks share a title; its colour is that of the back all its cards name,
    if they name one. With `faces` None, no face is laid out (a deck's sizes and title
    only)."""
    groups: dict[Key, list[Any]] = {}
    for c in catalog.components:
        if c.kind == "card" and c.count > 0:
            groups.setdefault(deck_key(catalog, c), []).append(c)
    titles = {key: _title(catalog, key, cards) for key, cards in groups.items()}
    decks = []
    for key, cards in groups.items():
        title = titles[key]
        if list(titles.values()).count(title) > 1:
            sets = list(dict.fromkeys(catalog.set(c.set).name for c in cards))
            title = f"{title}: {sets[0]}" + (" …" if len(sets) > 1 else "")
        sizes = [parse_size(c.size) for c in cards]
        first = cards[0]
        front = back_face = None
        if faces is not None:
            record = faces.records.of(first)
            front = faces.face(record, "front")
            back_face = faces.face(record, "back") or front
        named = {c.back for c in cards}
        back = catalog.game.backs.get(first.back) if first.back and len(named) == 1 else None
        decks.append(
            Deck(
                key.name if key.kind == "back" else f"set {key.name}",
                title,
                sum(c.count for c in cards),
                max(w for w, _ in sizes),
                max(h for _, h in sizes),
                back_face,
                front,
                first=first,
                color=back.color if back is not None else NO_BACK,
            )
        )
    return decks


def _title(catalog: Catalog, key: Key, cards: list[Any]) -> str:
    """A deck's title before two are told apart: its back's, else its first set's name."""
    back = catalog.game.backs.get(key.name) if key.kind == "back" else None
    return back.title if back is not None else catalog.set(cards[0].set).name


def _split(
    deck: Deck, thickness: float, sleeve: Sleeve, paper: str, margin: float
) -> list[tuple[Deck, Net, bool]] | None:
    """The deck in as few boxes as fit the paper, its cards shared out evenly (None when
    not even an empty box fits)."""
    for n in range(1, deck.cards + 1):
        per = -(-deck.cards // n)
        net = net_for(deck.card_w, deck.card_h, per, thickness, sleeve)
        turned = fits(net, paper, margin)
        if turned is not None:
            shares = [deck.cards // n + (1 if i < deck.cards % n else 0) for i in range(n)]
            return [
                (
                    replace(deck, cards=k, part=(i + 1, n)),
                    net_for(deck.card_w, deck.card_h, k, thickness, sleeve),
                    turned,
                )
                for i, k in enumerate(shares)
            ]
        empty = net_for(deck.card_w, deck.card_h, 1, thickness, sleeve)
        if empty.width > max(_room(paper, margin)):
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
    sleeve: Sleeve = SLEEVES["none"],
    report: FooterReport | None = None,
) -> list[bytes | memoryview]:
    """The tuck boxes, one a page; a footer that loses parts is added to `report`."""
    info = sheet_info(catalog, paper, "tuck boxes")
    pw, ph = paper_size(paper)
    buffer = io.BytesIO()
    c = new_canvas(buffer, (pw, ph), info)
    drawer = PdfFaces(c)
    for n, (deck, net, turned) in enumerate(boxes, start=1):
        c.setPageSize((pw, ph))
        _page(c, drawer, deck, net, turned, pw, ph, margin, info.words)
        fitted = footer_fit(info, deck, net, thickness, sleeve, pw, margin)
        _footer(c, fitted, margin)
        if report is not None:
            report.add(title_file(catalog), n, fitted, "")
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
    words: ToolWords = ENGLISH,
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
    draw_art(c, drawer, deck, net, words=words)
    _cut_line(c, net.outline())
    _fold_marks(c, net)
    c.restoreState()


Rect = tuple[float, float, float, float]  # x, y, width, height in net space (y down)


def draw_art(
    c: Canvas,
    drawer: PdfFaces,
    deck: Deck,
    net: Net,
    bleed: float = BLEED,
    words: ToolWords = ENGLISH,
) -> None:
    """The box's art in net space (y down, the net's top left at the origin), panel by
    panel: every panel the deck's back colour, running `bleed` beyond its cut edges; the
    deck's back on the front wall and its first card on the back wall, each at its printed
    size and `FOLD_INSET` clear of the wall's edges; the deck's title and count along the
    spines. No cut or fold line: the print-shop image (`cardstock.exports.tuckboxes`) is
    this alone."""
    c.addLiteral("/TuckboxArt BMC")
    c.saveState()
    c.setFillColor(pdf_color(deck.color))
    for _, (x, y, w, h), cuts in net.panels():
        left, top, right, bottom = (bleed if cut else 0.0 for cut in cuts)
        c.rect(x - left, y - top, w + left + right, h + top + bottom, stroke=0, fill=1)
    c.restoreState()
    title = deck.title
    if deck.part[1] > 1:
        title = words(
            "{title} ({part} of {parts})", title=title, part=deck.part[0], parts=deck.part[1]
        )
    for name, rect, _ in net.panels():
        if name == "front" and deck.back is not None:
            _face_in(c, drawer, deck.back, rect)
        elif name == "back" and deck.front is not None:
            _face_in(c, drawer, deck.front, rect)
        elif name == "side":
            _label(c, rect, title, _cards(deck.cards, words), _ink_on(deck.color))
    c.addLiteral("EMC")


def _face_in(c: Canvas, drawer: PdfFaces, face: Any, rect: Rect) -> None:
    """The face at its printed size, centred on the wall and clipped `FOLD_INSET` inside
    its edges (a face turned a quarter where its shape is the wall's turned)."""
    x, y, w, h = rect
    i = FOLD_INSET
    c.saveState()
    p = c.beginPath()
    p.rect(x + i, y + i, w - 2 * i, h - 2 * i)
    c.clipPath(p, stroke=0, fill=0)
    cx, cy = x + w / 2, y + h / 2
    if (face.width > face.height) != (w > h):  # turned: the face's x runs down the wall
        c.transform(0, 1, 1, 0, cx - face.height / 2, cy - face.width / 2)
    else:  # net space is y down; a face is drawn y up from its trim box's lower left
        c.transform(1, 0, 0, -1, cx - face.width / 2, cy + face.height / 2)
    drawer.draw(face, 0, 0, reuse=True)
    c.restoreState()


def _ink_on(color: str) -> str:
    """Black or white, whichever reads better on the colour (by its relative luminance)."""
    r, g, b = (int(color[k : k + 2], 16) / 255 for k in (1, 3, 5))
    return "#000000" if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45 else "#ffffff"


def _label(c: Canvas, rect: Rect, title: str, count: str, ink: str) -> None:
    """The deck's title and card count along a spine, read bottom to top, centred on it,
    `FOLD_INSET` clear of its folds; the title is shortened to fit, and a spine too narrow
    for `MIN_TEXT` type stays plain."""
    x, y, w, h = rect
    size = min(10.0, (w - 2 * FOLD_INSET) / 1.3)  # a line is about 1.3 times its size
    room = h - 2 * LABEL_END
    if size < MIN_TEXT or room <= 0:
        return
    text = f"{title}  ·  {count}"
    while fonts.string_width(text, LABEL_FONT, size) > room and len(title) > 4:
        title = title[:-2].rstrip() + "…"
        text = f"{title}  ·  {count}"
    if fonts.string_width(text, LABEL_FONT, size) > room:
        text = count
    length = fonts.string_width(text, LABEL_FONT, size)
    if length > room:
        return
    c.saveState()
    # the text's baseline runs up the spine (net y decreasing), its middle on the spine's
    c.transform(0, -1, -1, 0, x + w / 2 + size * 0.35, y + h / 2 + length / 2)
    c.setFillColor(pdf_color(ink))
    c.setFont(fonts.register(LABEL_FONT), size)
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


def footer_fit(
    info: DocInfo,
    deck: Deck,
    net: Net,
    thickness: float,
    sleeve: Sleeve,
    pw: float,
    margin: float,
) -> Fitted:
    """The box's footer fitted to one line (nothing drawn): the box's deck always, then the
    inside size, the cutting note, the game's name and the paper, the last left off first
    when too long."""
    words = info.words
    title = deck.title
    if deck.part[1] > 1:
        title = words(
            "{title} (box {part} of {parts})", title=title, part=deck.part[0], parts=deck.part[1]
        )
    what = words(
        "tuck box: {deck}, {cards} at {thickness} mm, {sleeve}",
        deck=title,
        cards=_cards(deck.cards, words),
        thickness=_mm(thickness, 2, words.lang),
        sleeve=words(sleeve.words),
    )
    lang = words.lang
    inner = words(
        "inside {w} x {h} x {d} mm",
        w=_mm(net.W, 1, lang),
        h=_mm(net.H, 1, lang),
        d=_mm(net.D, 1, lang),
    )
    cut = words("cut on the solid line, fold at the dashed marks")
    parts = [info.footer, what, inner, cut, info.paper_label]
    return one_line(parts, [4, 0, 2, 3], TEXT_FONT, 7.0, pw - 2 * margin, MIN_TEXT)


def _footer(c: Canvas, fitted: Fitted, margin: float) -> None:
    c.addLiteral("/Footer BMC")
    c.setFillColor(pdf_color("#000000"))
    c.setFont(fonts.register(TEXT_FONT), fitted.size)
    c.drawString(margin, margin + 1 * MM, fitted.lines[0])
    c.addLiteral("EMC")
