"""Page plans: where every face, mark, cut and fold goes, in PDF points (origin at the
page's lower-left corner, y up), before anything is drawn.

Planning is pure geometry, so page counts (for "page n/N") are known before drawing, and
a backs page is the mirror image of its fronts page computed in one place (`mirrored`).

Every page of a sheet file is written portrait, the way the paper goes through a printer:
a page planned landscape (four poker cards across) is turned a quarter onto portrait paper
(`portrait`), its pieces with it. So no print dialog turns a page (which way it would turn
one differs from program to program), one setting ("flip on the long edge") holds for
every page of every file, and a back offset measured on the portrait calibration sheet
moves every backs page along the axis it was measured on (docs/sheets.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..core.toolwords import ENGLISH, ToolWords

Point = tuple[float, float]
Segment = tuple[Point, Point]

EPS = 1e-6
# a backs page's note, by the duplex edge the sheet turns over on (a message of cardstock's
# catalog, `core.toolwords`, each whole so a language words it its own way)
FLIP_NOTES = {"long": "flip on the long edge", "short": "flip on the short edge"}


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned rectangle: lower-left (x, y), width, height."""

    x: float
    y: float
    w: float
    h: float

    @property
    def x1(self) -> float:
        return self.x + self.w

    @property
    def y1(self) -> float:
        return self.y + self.h

    def grow(self, left: float, bottom: float, right: float, top: float) -> Box:
        return Box(self.x - left, self.y - bottom, self.w + left + right, self.h + bottom + top)

    def corners(self) -> tuple[Point, ...]:
        return ((self.x, self.y), (self.x1, self.y), (self.x1, self.y1), (self.x, self.y1))

    def overlaps(self, other: Box, eps: float = 0.0) -> bool:
        return (
            self.x < other.x1 - eps
            and other.x < self.x1 - eps
            and self.y < other.y1 - eps
            and other.y < self.y1 - eps
        )

    def contains(self, other: Box, eps: float = 1e-3) -> bool:
        return (
            other.x >= self.x - eps
            and other.y >= self.y - eps
            and other.x1 <= self.x1 + eps
            and other.y1 <= self.y1 + eps
        )

    def moved(self, dx: float, dy: float) -> Box:
        return Box(self.x + dx, self.y + dy, self.w, self.h)


@dataclass(frozen=True, slots=True)
class Outline:
    """A closed cut outline: a polygon, or a circle (centre and radius)."""

    points: tuple[Point, ...] = ()
    circle: tuple[float, float, float] | None = None


@dataclass(frozen=True, slots=True)
class Placement:
    """One face on one page."""

    face: Any  # cardstock.layout.faces.Face (or any object with its attributes)
    component: str
    side: str  # "front" | "back"
    trim: Box  # where the trim box lands on the page (after rotation)
    rotate: int = 0  # 0, 90, 180, 270 degrees counter-clockwise
    clip: tuple[Point, ...] = ()  # the region the face (with its bleed) may paint
    clip_circle: tuple[float, float, float] | None = None
    outline: Outline | None = None  # cut outline for shaped pieces
    folds: tuple[Segment, ...] = ()
    back: Any = None  # the face to print behind this one (None: no printed back)

    @property
    def key(self) -> str:
        key: str = self.face.key
        return key


@dataclass(frozen=True, slots=True)
class Band:
    """The footer's strip along one page edge; `edge` says which way the text runs."""

    edge: str  # bottom | top | left | right
    box: Box


@dataclass(slots=True)
class Page:
    """One sheet page: its size, its role, the faces placed on it and its marks."""

    width: float
    height: float
    role: str  # fronts | backs | pieces | gutterfold
    placements: list[Placement] = field(default_factory=list)
    crop: list[Segment] = field(default_factory=list)
    cuts: list[Segment] = field(default_factory=list)  # straight cut guides drawn over faces
    outlines: list[Outline] = field(default_factory=list)
    folds: list[Segment] = field(default_factory=list)  # dashed fold lines
    footer: Band | None = None
    area: Box | None = None  # the printable area: nothing paints outside it
    offset: Point = (0.0, 0.0)  # printer correction, applied to all but the footer
    registration: tuple[float, float] | None = None  # (size, inset) of cutting-machine marks
    note: str = ""  # shown in the footer ("backs of page 3, flip on the long edge")
    paint: Box | None = None  # faces paint only inside this (default: the printable area)
    style: Any = None  # line and footer styles (render.Style)
    bleed: float | None = None  # the least bleed on any cut edge no neighbour shares (footer)


@dataclass(frozen=True, slots=True)
class Mirror:
    """A flip across a vertical (axis "x": x' = 2c - x) or horizontal line (axis "y")."""

    axis: str
    at: float

    def point(self, p: Point) -> Point:
        return (2 * self.at - p[0], p[1]) if self.axis == "x" else (p[0], 2 * self.at - p[1])

    def box(self, b: Box) -> Box:
        if self.axis == "x":
            return Box(2 * self.at - b.x1, b.y, b.w, b.h)
        return Box(b.x, 2 * self.at - b.y1, b.w, b.h)

    def segment(self, s: Segment) -> Segment:
        return (self.point(s[0]), self.point(s[1]))

    def rotation(self, rotate: int) -> int:
        """The back's rotation that keeps it upright when the piece is turned over
        side to side: -r for a flip across a vertical line, 180 - r across a horizontal."""
        return (-rotate) % 360 if self.axis == "x" else (180 - rotate) % 360

    def edge(self, edge: str) -> str:
        swap = (
            {"left": "right", "right": "left"}
            if self.axis == "x"
            else {"top": "bottom", "bottom": "top"}
        )
        return swap.get(edge, edge)


def face_point(trim: Box, face_w: float, face_h: float, rotate: int, u: float, v: float) -> Point:
    """A point of a face (face coordinates: origin at the trim's top-left, y down) on the
    page, for a face whose trim box lands on `trim` turned by `rotate` degrees."""
    a, b = u, face_h - v  # face coordinates with y up, origin lower-left of the trim
    if rotate == 0:
        return (trim.x + a, trim.y + b)
    if rotate == 90:
        return (trim.x1 - b, trim.y + a)
    if rotate == 180:
        return (trim.x1 - a, trim.y1 - b)
    if rotate == 270:
        return (trim.x + b, trim.y1 - a)
    raise ValueError(f"rotation must be a quarter turn, got {rotate}")


def rotated_size(w: float, h: float, rotate: int) -> tuple[float, float]:
    return (h, w) if rotate in (90, 270) else (w, h)


def offset_convex(points: tuple[Point, ...], offsets: list[float]) -> tuple[Point, ...]:
    """Move each edge of a convex polygon outward by its own distance (edge i runs from
    point i to point i+1) and return the polygon of the moved edges."""
    n = len(points)
    area = sum(
        points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1]
        for i in range(n)
    )
    sign = 1.0 if area > 0 else -1.0  # outward normal side for counter-clockwise polygons
    lines = []
    for i in range(n):
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % n]
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy) or 1.0
        nx, ny = sign * dy / length, -sign * dx / length
        d = offsets[i]
        lines.append(((x0 + nx * d, y0 + ny * d), (dx, dy)))
    out = []
    for i in range(n):
        (p, r), (q, s) = lines[i - 1], lines[i]
        cross = r[0] * s[1] - r[1] * s[0]
        if abs(cross) < EPS:
            out.append(q)
            continue
        t = ((q[0] - p[0]) * s[1] - (q[1] - p[1]) * s[0]) / cross
        out.append((p[0] + t * r[0], p[1] + t * r[1]))
    return tuple(out)


def has_backs(page: Page) -> bool:
    return any(p.back is not None for p in page.placements)


def mirrored(
    front: Page,
    mirror: Mirror,
    offset: Point,
    note: str,
    alike: dict[tuple[Any, ...], Any] | None = None,
) -> Page:
    """The backs page of `front`: each placement's back face at the mirror image of its
    front, crop marks mirrored, the footer band mirrored; no cut lines or outlines, so
    backs stay clean. `offset` is the printer correction.

    Fronts pages of one grid share their slots' geometry, so their backs pages share the
    mirrored geometry too: `alike` (one per file, `add_backs`) holds each mirror image
    made, by what it is the image of, so a file of thousands of pages holds each slot's
    box, clip and crop marks once, not once a page (a 50,000-card deck's peak: about
    30 MB less)."""
    alike = {} if alike is None else alike

    def once(what: str, value: Any, make: Callable[[Any], Any]) -> Any:
        return _once(alike, (what, mirror, value), lambda: make(value))

    out = Page(
        front.width,
        front.height,
        "backs",
        area=front.area,
        offset=offset,
        note=note,
        registration=front.registration,
        style=front.style,
        paint=None if front.paint is None else mirror.box(front.paint),
    )
    for p in front.placements:
        face = p.back
        if face is None:
            continue
        out.placements.append(
            Placement(
                face=face,
                component=p.component,
                side="back",
                trim=once("box", p.trim, mirror.box),
                rotate=mirror.rotation(p.rotate),
                clip=once(
                    "clip", p.clip, lambda clip: tuple(mirror.point(q) for q in reversed(clip))
                ),
                clip_circle=None
                if p.clip_circle is None
                else (*mirror.point(p.clip_circle[:2]), p.clip_circle[2]),
            )
        )
    out.crop = list(
        once("crop", tuple(front.crop), lambda crop: tuple(mirror.segment(s) for s in crop))
    )
    if front.footer is not None:
        out.footer = once(
            "footer", front.footer, lambda band: Band(mirror.edge(band.edge), mirror.box(band.box))
        )
    return out


def _once(alike: dict[tuple[Any, ...], Any], key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
    """What `alike` holds under `key`, made (and kept there) the first time it is asked for."""
    found = alike.get(key)
    if found is None:
        found = alike[key] = make()
    return found


def with_folded_backs(
    front: Page, mirror: Mirror, alike: dict[tuple[Any, ...], Any] | None = None
) -> Page:
    """A gutterfold page: the fronts plus, across the fold, each back at the mirror image."""
    back = mirrored(front, mirror, (0.0, 0.0), "", alike)
    paint = None
    if front.paint is not None and back.paint is not None:
        a, b = front.paint, back.paint
        x0, y0 = min(a.x, b.x), min(a.y, b.y)
        paint = Box(x0, y0, max(a.x1, b.x1) - x0, max(a.y1, b.y1) - y0)
    return replace(
        front, role="gutterfold", placements=front.placements + back.placements, paint=paint
    )


def fold_segment(area: Box, fold: Mirror) -> Segment:
    if fold.axis == "x":
        return ((fold.at, area.y), (fold.at, area.y1))
    return ((area.x, fold.at), (area.x1, fold.at))


def flip(page: Page, duplex: str) -> Mirror:
    """Where a printer puts the back of each point of `page` when the sheet is turned over
    on its `duplex` edge ("long" or "short"). The paper goes through portrait: turning it
    over on its long edge is a flip across the vertical centre line of a portrait page, and
    across the horizontal centre line of a landscape page (which the print dialog turns a
    quarter onto the paper); on the short edge the other way round."""
    landscape = page.width > page.height + EPS
    across_x = (duplex == "long") != landscape
    return Mirror("x", page.width / 2) if across_x else Mirror("y", page.height / 2)


def blank_reverse(front: Page, duplex: str) -> Page:
    """The reverse of a single-sided page in a duplex file: nothing but the footer, so the
    whole file can be printed two-sided and every sheet's two sides still belong together."""
    mirror = flip(front, duplex)
    footer = (
        None
        if front.footer is None
        else Band(mirror.edge(front.footer.edge), mirror.box(front.footer.box))
    )
    return Page(
        front.width, front.height, "blank", area=front.area, footer=footer, style=front.style
    )


def add_backs(
    fronts: list[Page],
    fold: Mirror | None,
    duplex: str,
    offset: Point,
    *,
    blanks: bool = True,
    alike: dict[tuple[Any, ...], Any] | None = None,
    words: ToolWords = ENGLISH,
) -> list[Page]:
    """Every page turned portrait (`portrait`); pages with printed backs become gutterfold
    pages (when `fold` is given) or are each followed by their backs page, mirrored for
    the `duplex` flip (`flip`: on a portrait page, long edge mirrors across the vertical
    centre line, short edge across the horizontal one); duplex "none" prints fronts only.
    In a duplex file (`blanks`), a page with no printed backs is followed by a blank
    reverse. `alike` holds the mirrored and turned geometry the pages of one file share
    (`mirrored`, `portrait`): give the same for every page of the file. A note's words
    are the file's language's (`words`)."""
    out: list[Page] = []
    alike = {} if alike is None else alike
    for planned in fronts:
        if not has_backs(planned):
            front = portrait(planned, alike)
            out.append(front)
            if blanks and duplex in ("long", "short"):
                out.append(blank_reverse(front, duplex))
        elif fold is not None:
            page = with_folded_backs(planned, fold, alike)
            page.folds.append(fold_segment(_clear_of_footer(page), fold))
            page.note = words("fold on the dashed line, glue, then cut")
            out.append(portrait(page, alike))
        else:
            front = portrait(planned, alike)
            out.append(front)
            if duplex in ("long", "short"):
                out.append(
                    mirrored(front, flip(front, duplex), offset, words(FLIP_NOTES[duplex]), alike)
                )
    return out


def _clear_of_footer(page: Page) -> Box:
    """The printable area less the footer's strip and a gap as wide: where a line running
    across the page may go without crossing the footer's text."""
    area = page.area or Box(0, 0, page.width, page.height)
    if page.footer is None:
        return area
    band, edge = page.footer.box, page.footer.edge
    gap = band.h if edge in ("bottom", "top") else band.w
    if edge == "bottom":
        return Box(area.x, band.y1 + gap, area.w, area.y1 - band.y1 - gap)
    if edge == "top":
        return Box(area.x, area.y, area.w, band.y - gap - area.y)
    if edge == "left":
        return Box(band.x1 + gap, area.y, area.x1 - band.x1 - gap, area.h)
    return Box(area.x, area.y, band.x - gap - area.x, area.h)


# --------------------------------------------------------------- a quarter turn onto portrait paper


class _Turn:
    """A quarter turn counter-clockwise of a landscape page `across` points high onto a
    portrait page: (x, y) goes to (across - y, x). A private helper, never compared: a
    plain class."""

    __slots__ = ("across",)

    def __init__(self, across: float) -> None:
        self.across = across

    def point(self, p: Point) -> Point:
        return (self.across - p[1], p[0])

    def box(self, b: Box) -> Box:
        return Box(self.across - b.y1, b.x, b.h, b.w)

    def segment(self, s: Segment) -> Segment:
        return (self.point(s[0]), self.point(s[1]))

    def outline(self, o: Outline) -> Outline:
        circle = None if o.circle is None else (*self.point(o.circle[:2]), o.circle[2])
        return Outline(tuple(self.point(q) for q in o.points), circle)

    def placement(self, p: Placement, alike: dict[tuple[Any, ...], Any]) -> Placement:
        """`p` turned; its box and clip region shared with the placements of the file's
        other pages in the same slot (`alike`, by value: see `mirrored`)."""
        circle = (
            None if p.clip_circle is None else (*self.point(p.clip_circle[:2]), p.clip_circle[2])
        )
        trim = _once(alike, ("turned box", self.across, p.trim), lambda: self.box(p.trim))
        clip = _once(
            alike,
            ("turned clip", self.across, p.clip),
            lambda: tuple(self.point(q) for q in p.clip),
        )
        return replace(
            p,
            trim=trim,
            rotate=(p.rotate + 90) % 360,
            clip=clip,
            clip_circle=circle,
            outline=None if p.outline is None else self.outline(p.outline),
            folds=tuple(self.segment(s) for s in p.folds),
        )


_TURNED_EDGE = {"bottom": "right", "right": "top", "top": "left", "left": "bottom"}


def _turned_lines(
    t: _Turn, what: str, lines: list[Segment], alike: dict[tuple[Any, ...], Any]
) -> list[Segment]:
    """A page's crop marks or cut lines turned, the segments shared with the file's other
    pages that have the same ones (`alike`): a file of thousands of landscape pages holds
    each grid's turned marks once, not once a page."""
    if not lines:
        return []
    key = ("turned " + what, t.across, tuple(lines))
    return list(_once(alike, key, lambda: tuple(t.segment(s) for s in lines)))


def portrait(page: Page, alike: dict[tuple[Any, ...], Any] | None = None) -> Page:
    """The page as it goes through the printer: a portrait page as it is; a landscape page
    turned a quarter counter-clockwise onto portrait paper, everything on it turned with
    it (each face a quarter more, the footer along the right edge, reading upwards)."""
    if page.width <= page.height + EPS:
        return page
    t = _Turn(page.height)
    alike = {} if alike is None else alike
    return replace(
        page,
        width=page.height,
        height=page.width,
        placements=[t.placement(p, alike) for p in page.placements],
        crop=_turned_lines(t, "crop", page.crop, alike),
        cuts=_turned_lines(t, "cuts", page.cuts, alike),
        outlines=[t.outline(o) for o in page.outlines],
        folds=[t.segment(s) for s in page.folds],
        footer=None
        if page.footer is None
        else Band(_TURNED_EDGE[page.footer.edge], t.box(page.footer.box)),
        area=None if page.area is None else t.box(page.area),
        paint=None if page.paint is None else t.box(page.paint),
    )
