"""Shaped pieces packed onto pages: hex tiles in a honeycomb (neighbours share their cut
lines), round tokens in a triangular lattice, everything else (die nets, standees, boards,
square tokens) in rows. Every piece gets its own cut guide; faces paint their bleed only
where no neighbour's face is.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..layout.art.shapes import shape_of
from .grid import Frame, Item, candidates, centred, frame
from .marks import dedupe_segments
from .plan import (
    Box,
    Outline,
    Page,
    Placement,
    Point,
    Segment,
    face_point,
    offset_convex,
    rotated_size,
)
from .sheets import Sheet

# ---------------------------------------------------------------- honeycomb


def hex_points(trim: Box, face: Any, rotate: int = 0) -> tuple[Point, ...]:
    """The hex's cut outline on the page, counter-clockwise: the face's own cut polygon
    when it has one, else the hexagon inscribed in the trim box (flat-topped when wide)."""
    w, h = face.width, face.height
    if face.cut and len(face.cut) == 6:
        pts = [face_point(trim, w, h, rotate, u, v) for u, v in face.cut]
    elif trim.w >= trim.h:
        x, y, W, H = trim.x, trim.y, trim.w, trim.h
        pts = [
            (x + W / 4, y),
            (x + 3 * W / 4, y),
            (x + W, y + H / 2),
            (x + 3 * W / 4, y + H),
            (x + W / 4, y + H),
            (x, y + H / 2),
        ]
    else:
        x, y, W, H = trim.x, trim.y, trim.w, trim.h
        pts = [
            (x + W / 2, y),
            (x + W, y + H / 4),
            (x + W, y + 3 * H / 4),
            (x + W / 2, y + H),
            (x, y + 3 * H / 4),
            (x, y + H / 4),
        ]
    area = sum(pts[i][0] * pts[(i + 1) % 6][1] - pts[(i + 1) % 6][0] * pts[i][1] for i in range(6))
    return tuple(pts if area > 0 else reversed(pts))


def honeycomb_slots(w: float, h: float, fit: Box, centre: Point | None) -> list[Box]:
    """Trim boxes of hexes tiling `fit`: flat-topped hexes (w >= h) in columns 3/4 w apart,
    every other column half a hex lower; pointy-topped ones in rows, transposed. Ordered
    top to bottom, left to right."""
    flat = w >= h
    a_len, b_len = (fit.w, fit.h) if flat else (fit.h, fit.w)  # along the staggered lines
    a, b = (w, h) if flat else (h, w)  # a: across a line (pitch 3/4 a), b: along it
    lines = math.floor((a_len - a + 1e-6) / (0.75 * a)) + 1 if a_len >= a - 1e-6 else 0
    if lines < 1:
        return []
    n_even = math.floor((b_len + 1e-6) / b)
    n_odd = math.floor((b_len - b / 2 + 1e-6) / b) if lines > 1 else 0
    if n_even < 1:
        return []
    span_a = a + (lines - 1) * 0.75 * a
    span_b = n_even * b + (b / 2 if lines > 1 and n_odd == n_even else 0)
    if flat:
        x0 = centred(fit.x, fit.x1, span_a, centre[0] if centre else None)
        top = centred(fit.y, fit.y1, span_b, centre[1] if centre else None) + span_b
        boxes = [
            Box(x0 + j * 0.75 * w, top - (j % 2) * h / 2 - (i + 1) * h, w, h)
            for j in range(lines)
            for i in range(n_odd if j % 2 else n_even)
        ]
    else:
        top = centred(fit.y, fit.y1, span_a, centre[1] if centre else None) + span_a
        x0 = centred(fit.x, fit.x1, span_b, centre[0] if centre else None)
        boxes = [
            Box(x0 + (j % 2) * w / 2 + i * w, top - j * 0.75 * h - h, w, h)
            for j in range(lines)
            for i in range(n_odd if j % 2 else n_even)
        ]
    return sorted(boxes, key=lambda bx: (-round(bx.y1, 1), round(bx.x, 1)))


def plan_honeycomb(
    w: float, h: float, sheet: Sheet, paper: str, gutterfold: bool, bleed: float = 0.0
) -> tuple[Frame | None, list[Box]]:
    """The frame and hex slots that hold the most tiles, the honeycomb kept far enough
    inside the frame for the outer tiles' bleed: the full bleed when that costs no tile,
    else the sheet's minimum bleed, else (nothing fits otherwise) none."""
    insets = sorted({bleed, min(bleed, sheet.marks.min_bleed)}, reverse=True) + [0.0]
    found: list[tuple[Frame | None, list[Box]]] = []
    for inset in insets:
        best: tuple[Frame | None, list[Box]] = (None, [])
        for orientation, fold, edge in candidates(sheet, gutterfold):
            f = frame(sheet, paper, orientation, fold, edge)
            centre = (f.width / 2, f.height / 2) if f.fold is None else None
            slots = honeycomb_slots(w, h, f.fit.grow(-inset, -inset, -inset, -inset), centre)
            if len(slots) > len(best[1]):
                best = (f, slots)
        found.append(best)
    most = max(len(slots) for _, slots in found[:-1])
    if most:
        return next(b for b in found if len(b[1]) == most)
    return found[-1]


def honeycomb_pages(
    items: list[Item], f: Frame, slots: list[Box], *, bleed: float, style: Any
) -> list[Page]:
    """Pages of tiles; tiles with different back designs never share a cut: each design
    starts a page."""
    pages = []
    for chunk in _chunks(items, len(slots)):
        page = Page(
            f.width, f.height, "pieces", area=f.area, footer=f.footer, paint=f.front, style=style
        )
        polys = [hex_points(box, item.front) for item, box in zip(chunk, slots)]
        centres = {_key(_centroid(p)) for p in polys}
        edges: list[Segment] = []
        for item, box, poly in zip(chunk, slots, polys):
            c = _centroid(poly)
            offsets = []
            for i in range(6):
                p, q = poly[i], poly[(i + 1) % 6]
                mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
                neighbour = (2 * mid[0] - c[0], 2 * mid[1] - c[1])
                offsets.append(0.0 if _key(neighbour) in centres else bleed)
                edges.append((p, q))
            page.placements.append(
                Placement(
                    item.front,
                    item.component,
                    "front",
                    box,
                    0,
                    offset_convex(poly, offsets),
                    back=item.back,
                )
            )
        page.cuts = dedupe_segments(edges)
        pages.append(page)
    return pages


def _chunks(items: list[Item], size: int) -> list[list[Item]]:
    """Runs of items with the same back design, each cut into pages of `size`."""
    out: list[list[Item]] = []
    prev: object = object()
    for item in items:
        key = item.back_design
        if not out or key != prev or len(out[-1]) == size:
            out.append([])
        out[-1].append(item)
        prev = key
    return out


def _centroid(points: Sequence[Point]) -> Point:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _key(p: Point) -> tuple[int, int]:
    return (round(p[0] * 4), round(p[1] * 4))


# ---------------------------------------------------------------- rows and lattices


class _Run:
    """The pieces of one group still to place, and how they sit in a row (a private
    holder: a plain class)."""

    __slots__ = ("items", "w", "h", "turn", "round", "next")

    def __init__(self, items: list[Item], w: float, h: float, turn: int, round: bool) -> None:
        self.items = items
        self.w = w  # on the page, after any turn
        self.h = h
        self.turn = turn
        self.round = round
        self.next = 0

    def per_row(self, width: float, gap: float, odd: bool) -> int:
        pitch = self.w + gap
        if self.round and odd:
            return (
                math.floor((width - self.w - pitch / 2 + 1e-6) / pitch) + 1
                if width >= self.w + pitch / 2 - 1e-6
                else 0
            )
        return math.floor((width + gap + 1e-6) / pitch)


def pack_pages(
    groups: list[list[Item]], f: Frame, *, bleed: float, gap: float, rotate: bool, style: Any
) -> tuple[list[Page], list[Item]]:
    """Groups of like pieces (same shape and size), tallest first, flowed in rows down the
    pages; round pieces of a group nest in a triangular lattice, and the room beside a
    group's last, part-filled row takes the next groups. Returns the pages and the pieces
    too big for the page.

    Every piece paints `spill` beyond its cut (its bleed, at most half the gap, so
    neighbours never paint over each other), and the rows are packed inside the frame's
    paint area inset by as much: the outermost pieces keep the same bleed as the inner
    ones instead of losing it to the edge of the printable area. (A piece that fits the
    frame only with less room around it narrows that inset for its pages: it is printed
    with the bleed the paper has room for, and its footer says so.)"""
    fit = f.fit
    runs: list[_Run] = []
    too_big: list[Item] = []
    for group in groups:
        face = group[0].front
        w, h = face.width, face.height
        turn = (
            90 if (w > fit.w + 1e-6 and rotate and h <= fit.w + 1e-6 and w <= fit.h + 1e-6) else 0
        )
        bw, bh = rotated_size(w, h, turn)
        if bw > fit.w + 1e-6 or bh > fit.h + 1e-6:
            too_big.extend(group)
            continue
        runs.append(
            _Run(list(group), bw, bh, turn, shape_of(face.shape).round and abs(w - h) < 0.01)
        )
    runs.sort(key=lambda r: -r.h)  # stable: catalog order among pieces of one height
    slack = min(((fit.w - r.w) / 2 for r in runs), default=0.0)
    slack = min([slack] + [(fit.h - r.h) / 2 for r in runs])
    inset = max(0.0, min(spill_of(bleed, gap), slack))
    region = packing_region(f, inset)
    out = []
    while runs:
        placed: list[tuple[Item, Box, int]] = []
        _fill(region, runs, placed, gap)
        if not placed:  # cannot happen: every run fits an empty page
            raise AssertionError("a piece that fits the page was not placed")
        out.append(_pieces_page(placed, f, region, bleed=bleed, gap=gap, style=style))
    return out, too_big


def spill_of(bleed: float, gap: float) -> float:
    """How far a packed piece paints beyond its cut: its bleed, but at most half the gap
    to its neighbours, so two pieces never paint over each other."""
    return min(bleed, gap / 2)


def packing_region(f: Frame, spill: float) -> Box:
    """Where the cut outlines of packed pieces go: the frame's room for pieces, and at
    least `spill` inside the paint area (the fronts' part of the page), so the bleed of a
    piece at the edge is printed whole."""
    x0, y0 = max(f.fit.x, f.front.x + spill), max(f.fit.y, f.front.y + spill)
    x1, y1 = min(f.fit.x1, f.front.x1 - spill), min(f.fit.y1, f.front.y1 - spill)
    return Box(x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0))


def _fill(region: Box, runs: list[_Run], placed: list[tuple[Item, Box, int]], gap: float) -> None:
    """Place rows of the waiting runs in `region`, top down, until the next row does not fit."""
    top = region.y1
    row = 0  # rows of the current run in this region, for the lattice's stagger
    while runs:
        run = runs[0]
        pitch = run.w + gap
        lattice = run.round and run.per_row(region.w, gap, True) >= 1
        odd = lattice and row % 2 == 1
        n = run.per_row(region.w, gap, odd)
        if n < 1 or top - run.h < region.y - 1e-6:
            return
        shift = pitch / 2 if odd else 0.0
        take = min(n, len(run.items) - run.next)
        for i in range(take):
            placed.append(
                (
                    run.items[run.next + i],
                    Box(region.x + shift + i * pitch, top - run.h, run.w, run.h),
                    run.turn,
                )
            )
        run.next += take
        if run.next < len(run.items):  # the run goes on: the next row, nested when round
            top -= pitch * math.sqrt(3) / 2 if lattice else run.h + gap
            row += 1
            continue
        runs.pop(0)
        if take < n and runs:  # room beside this last row for what comes next
            right = region.x + shift + take * pitch
            _fill(Box(right, top - run.h, region.x1 - right, run.h), runs, placed, gap)
        top -= run.h + gap
        row = 0


def _pieces_page(
    placed: list[tuple[Item, Box, int]],
    f: Frame,
    fit: Box,
    *,
    bleed: float,
    gap: float,
    style: Any,
) -> Page:
    """One page of packed pieces, the block centred in the frame within `fit` (the packing
    region, so centring never moves a piece's bleed off the paint area)."""
    x0 = min(b.x for _, b, _ in placed)
    x1 = max(b.x1 for _, b, _ in placed)
    y0 = min(b.y for _, b, _ in placed)
    y1 = max(b.y1 for _, b, _ in placed)
    centre = (
        (f.width / 2, f.height / 2)
        if f.fold is None
        else ((f.fit.x + f.fit.x1) / 2, (f.fit.y + f.fit.y1) / 2)
    )
    spill = spill_of(bleed, gap)
    dx = centred(fit.x, fit.x1, x1 - x0, centre[0]) - x0
    dy = centred(fit.y, fit.y1, y1 - y0, centre[1]) - y0
    page = Page(
        f.width, f.height, "pieces", area=f.area, footer=f.footer, paint=f.front, style=style
    )
    for item, box, turn in placed:
        trim = box.moved(dx, dy)
        face = item.front
        if shape_of(face.shape).round and abs(face.width - face.height) < 0.01:
            cx, cy, r = trim.x + trim.w / 2, trim.y + trim.h / 2, trim.w / 2
            page.placements.append(
                Placement(
                    face,
                    item.component,
                    "front",
                    trim,
                    turn,
                    clip_circle=(cx, cy, r + spill),
                    back=item.back,
                )
            )
            page.outlines.append(Outline(circle=(cx, cy, r)))
            continue
        folds = tuple(
            (
                face_point(trim, face.width, face.height, turn, *a),
                face_point(trim, face.width, face.height, turn, *b),
            )
            for a, b in face.folds
        )
        page.placements.append(
            Placement(
                face,
                item.component,
                "front",
                trim,
                turn,
                trim.grow(spill, spill, spill, spill).corners(),
                folds=folds,
                back=item.back,
            )
        )
        if face.cut:
            page.outlines.append(
                Outline(
                    points=tuple(
                        face_point(trim, face.width, face.height, turn, u, v) for u, v in face.cut
                    )
                )
            )
        else:
            page.outlines.append(Outline(points=trim.corners()))
    return page
