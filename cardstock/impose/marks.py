"""Where crop marks, cut lines and the footer go: geometry only (drawing is in render.py).

Crop marks are found from the trim boxes themselves, so they work for any arrangement of
rectangles (a full grid, a part-filled last page, gutters): every straight cut is a
segment along trim edges, and each end of it gets a mark pointing away from the pieces,
starting beyond the bleed, when there is room for one inside the printable area.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .plan import Band, Box, Segment
from .sheets import FooterSpec, MarksSpec

ROUND = 2  # decimal places of a point when edges are matched


def band_thickness(footer: FooterSpec) -> float:
    """The footer strip: one line of text, with the scale bars' ticks the same height."""
    return footer.font_size * 1.25


def band_on(area: Box, edge: str, thickness: float) -> Band:
    if edge == "bottom":
        return Band(edge, Box(area.x, area.y, area.w, thickness))
    if edge == "top":
        return Band(edge, Box(area.x, area.y1 - thickness, area.w, thickness))
    if edge == "left":
        return Band(edge, Box(area.x, area.y, thickness, area.h))
    return Band(edge, Box(area.x1 - thickness, area.y, thickness, area.h))


def without_band(area: Box, edge: str, reserved: float) -> Box:
    """The printable area less the footer strip and the gap beside it."""
    if edge == "bottom":
        return Box(area.x, area.y + reserved, area.w, area.h - reserved)
    if edge == "top":
        return Box(area.x, area.y, area.w, area.h - reserved)
    if edge == "left":
        return Box(area.x + reserved, area.y, area.w - reserved, area.h)
    return Box(area.x, area.y, area.w - reserved, area.h)


def edge_bleed(space: float, bleed: float, marks: MarksSpec) -> float:
    """Outer bleed on one side of a block of pieces with `space` to the printable edge:
    the full bleed when crop marks fit beside it, otherwise it gives way to the marks
    down to `min_bleed`, and it never leaves the printable area."""
    if space <= 0:
        return 0.0
    if not marks.crop:
        return min(bleed, space)
    wanted = space - marks.gap - marks.length
    return max(0.0, min(space, bleed, max(wanted, min(marks.min_bleed, bleed))))


class Piece:
    """A trim box and how far its bleed reaches on each side (left, bottom, right, top).
    Never compared: a plain class."""

    __slots__ = ("trim", "bleed")

    def __init__(self, trim: Box, bleed: tuple[float, float, float, float]) -> None:
        self.trim = trim
        self.bleed = bleed

    @property
    def bleed_box(self) -> Box:
        left, bottom, right, top = self.bleed
        return self.trim.grow(left, bottom, right, top)


class Cut:
    """A straight cut along trim edges: vertical (x = at) or horizontal (y = at) from lo to hi,
    with the bleed reaching beyond each end. Never compared: a plain class."""

    __slots__ = ("vertical", "at", "lo", "hi", "over_lo", "over_hi")

    def __init__(
        self, vertical: bool, at: float, lo: float, hi: float, over_lo: float, over_hi: float
    ) -> None:
        self.vertical = vertical
        self.at = at
        self.lo = lo
        self.hi = hi
        self.over_lo = over_lo  # bleed beyond the low end
        self.over_hi = over_hi

    def line(self) -> Segment:
        """The cut drawn as a line, through the bleed at both ends."""
        if self.vertical:
            return ((self.at, self.lo - self.over_lo), (self.at, self.hi + self.over_hi))
        return ((self.lo - self.over_lo, self.at), (self.hi + self.over_hi, self.at))


def cuts_of(pieces: list[Piece]) -> list[Cut]:
    """Every maximal straight cut along the trim edges of the pieces. A cut runs on across
    a gap between pieces (a gutter) unless a piece lies across its line there: one pass of
    the blade along a grid line, marked at its two ends."""
    out: list[Cut] = []
    for vertical in (True, False):
        spans: dict[float, list[tuple[float, float, float, float]]] = {}
        for p in pieces:
            t = p.trim
            left, bottom, right, top = p.bleed
            if vertical:
                for at in (t.x, t.x1):
                    spans.setdefault(round(at, ROUND), []).append((t.y, t.y1, bottom, top))
            else:
                for at in (t.y, t.y1):
                    spans.setdefault(round(at, ROUND), []).append((t.x, t.x1, left, right))
        for at in sorted(spans):
            items = sorted(spans[at])
            lo, hi, over_lo, over_hi = items[0]
            for a, b, olo, ohi in items[1:]:
                if abs(a - lo) < 0.01:
                    over_lo = max(over_lo, olo)
                if a <= hi + 0.01 or not _blocked(pieces, vertical, at, hi, a):
                    if b > hi:
                        hi, over_hi = b, ohi
                    elif abs(b - hi) < 0.01:
                        over_hi = max(over_hi, ohi)
                    continue
                out.append(Cut(vertical, at, lo, hi, over_lo, over_hi))
                lo, hi, over_lo, over_hi = a, b, olo, ohi
            out.append(Cut(vertical, at, lo, hi, over_lo, over_hi))
    return out


def _blocked(pieces: list[Piece], vertical: bool, at: float, lo: float, hi: float) -> bool:
    """Whether a piece's trim lies across the line x = at (or y = at) between lo and hi."""
    for p in pieces:
        b = p.trim
        across, along = ((b.x, b.x1), (b.y, b.y1)) if vertical else ((b.y, b.y1), (b.x, b.x1))
        if (
            across[0] + 0.01 < at < across[1] - 0.01
            and along[0] < hi - 0.01
            and lo + 0.01 < along[1]
        ):
            return True
    return False


def crop_marks(
    pieces: list[Piece], allowed: Box, marks: MarksSpec
) -> tuple[list[Segment], list[Cut]]:
    """Crop marks for every cut end that has room, and the cuts that got no mark at either end."""
    found: list[Segment] = []
    unmarked: list[Cut] = []
    blocks = [p.bleed_box for p in pieces]
    tol = max(marks.width, 0.5)
    for cut in cuts_of(pieces):
        got = 0
        for direction in (-1, 1):
            seg = _mark(cut, direction, blocks, allowed, marks, tol)
            if seg is not None:
                found.append(seg)
                got += 1
        if not got:
            unmarked.append(cut)
    return found, unmarked


def _mark(
    cut: Cut, direction: int, blocks: list[Box], allowed: Box, marks: MarksSpec, tol: float
) -> Segment | None:
    """The mark beyond one end of a cut (direction -1: the low end), along the cut's line,
    stopping short of the next piece's bleed and of the allowed area; None without room."""

    def spans(b: Box) -> tuple[float, float, float, float]:  # (across lo, hi, along lo, hi)
        return (b.x, b.x1, b.y, b.y1) if cut.vertical else (b.y, b.y1, b.x, b.x1)

    a_lo, a_hi, lo, hi = spans(allowed)
    if not a_lo <= cut.at <= a_hi:
        return None
    start = (
        (cut.lo - cut.over_lo - marks.gap) if direction < 0 else (cut.hi + cut.over_hi + marks.gap)
    )
    across = [
        (b_lo, b_hi) for x0, x1, b_lo, b_hi in map(spans, blocks) if x0 - tol < cut.at < x1 + tol
    ]
    if direction < 0:
        room = start - max([lo] + [b_hi for _, b_hi in across if b_hi <= start + 1e-6])
    else:
        room = min([hi] + [b_lo for b_lo, _ in across if b_lo >= start - 1e-6]) - start
    if room < marks.min_length - 1e-6:
        return None
    stop = start + direction * min(marks.length, room)
    if cut.vertical:
        return ((cut.at, start), (cut.at, stop))
    return ((start, cut.at), (stop, cut.at))


def dedupe_segments(segments: Iterable[Segment]) -> list[Segment]:
    """Each segment once, whichever way round it was given (shared hex edges)."""
    seen: set[tuple[Any, ...]] = set()
    out: list[Segment] = []
    for a, b in segments:
        ka = (round(a[0], ROUND), round(a[1], ROUND))
        kb = (round(b[0], ROUND), round(b[1], ROUND))
        key = (ka, kb) if ka <= kb else (kb, ka)
        if key in seen:
            continue
        seen.add(key)
        out.append((a, b))
    return out
