"""How much bleed each placed piece really shows beyond each of its cut edges, measured on
the page plan as the page draws it: a face paints inside its clip region (a polygon, or a
circle for round tokens) and inside the page's paint area, so the bleed beyond an edge is
how far one can go out from the edge, at right angles to it, before leaving either. An
edge another placement shares (the same cut, same-back neighbours) has the neighbour
beyond it instead of bleed.

Every piece is measured: cards and tiles, round tokens (the clip circle beyond the cut
circle, up to where the page stops painting), and die nets, standees, boards and shaped
tokens (their own cut outlines). The footer prints the least bleed of a page; the tests
assert it edge by edge.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from ..layout.art.shapes import shape_of
from .pack import hex_points
from .plan import Box, Page, Placement, Point, face_point

EdgeKey = tuple[tuple[float, float], tuple[float, float]]
SAMPLES = (0.25, 0.5, 0.75)  # where along an edge the bleed is measured
ROUND = 2


def outline_of(p: Placement) -> tuple[Point, ...] | None:
    """The cut outline of a card or tile placement, counter-clockwise; None for other shapes."""
    shape = shape_of(getattr(p.face, "shape", "rect"))
    if shape.arrange == "honeycomb":  # hexagons
        return hex_points(p.trim, p.face, p.rotate)
    if shape.geometry is not None and getattr(p.face, "cut", None) is None:  # the trim rectangle
        return p.trim.corners()
    return None


def cut_of(p: Placement) -> tuple[Point, ...] | None:
    """The cut outline of any piece cut along straight lines, counter-clockwise: a card's or
    tile's (`outline_of`), else the face's own cut outline on the page (a die net, a
    standee, a shaped token), else its trim rectangle. None for a round piece: its cut is
    the circle inside its clip circle."""
    if p.clip_circle is not None:
        return None
    found = outline_of(p)
    if found is not None:
        return found
    cut = getattr(p.face, "cut", None)
    if not cut:
        return p.trim.corners()
    w, h = p.face.width, p.face.height
    pts = [face_point(p.trim, w, h, p.rotate, u, v) for u, v in cut]
    return tuple(pts if _area(pts) > 0 else reversed(pts))


def _area(poly: Sequence[Point]) -> float:
    """Twice the signed area: positive when the points run counter-clockwise."""
    k = len(poly)
    return sum(
        poly[i][0] * poly[(i + 1) % k][1] - poly[(i + 1) % k][0] * poly[i][1] for i in range(k)
    )


def _convex_exit(poly: tuple[Point, ...], p: Point, n: Point) -> float:
    """How far from p along the unit direction n one stays inside the convex polygon."""
    k = len(poly)
    sign = 1.0 if _area(poly) > 0 else -1.0
    best = math.inf
    for i in range(k):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % k]
        mx, my = sign * (y1 - y0), -sign * (x1 - x0)  # outward normal (not unit)
        along = mx * n[0] + my * n[1]
        if along <= 1e-12:
            continue
        room = mx * (x0 - p[0]) + my * (y0 - p[1])
        best = min(best, max(0.0, room / along))
    return best


def _key(a: Point, b: Point) -> EdgeKey:
    ka = (round(a[0], ROUND), round(a[1], ROUND))
    kb = (round(b[0], ROUND), round(b[1], ROUND))
    return (ka, kb) if ka <= kb else (kb, ka)


Circle = tuple[float, float, float]
# what a placement's bleed depends on: its cut polygon and clip polygon, or for a round
# piece its clip circle and the radius of its cut
Shape = tuple[tuple[Point, ...] | None, tuple[Point, ...] | None, Circle | None, float]
Shapes = tuple[Shape, ...]


def _shapes(page: Page) -> tuple[list[Placement], Shapes]:
    """The fronts of a page, and what each one's bleed depends on (`Shape`)."""
    fronts = [p for p in page.placements if p.side == "front"]
    return fronts, tuple((cut_of(p), p.clip or None, p.clip_circle, p.trim.w / 2) for p in fronts)


def _circle_bleed(clip: Circle, radius: float, limit: Box | None) -> float:
    """The bleed a round piece shows all round: its clip circle beyond its cut circle, up
    to where the page stops painting."""
    cx, cy, r = clip
    spill = r - radius
    if limit is not None:
        room = min(cx - limit.x, limit.x1 - cx, cy - limit.y, limit.y1 - cy) - radius
        spill = min(spill, room)
    return max(0.0, spill)


def _edges(
    limit: Box | None, shapes: Shapes
) -> list[tuple[int, tuple[Point, Point], float, int | None]]:
    """Every cut edge of the placements whose bleed depends on `shapes`: the index of its
    placement, the edge, the bleed beyond it and the index of a placement sharing it."""
    owners: dict[EdgeKey, list[int]] = {}
    for i, (poly, _, _, _) in enumerate(shapes):
        if poly is None:
            continue
        for k in range(len(poly)):
            owners.setdefault(_key(poly[k], poly[(k + 1) % len(poly)]), []).append(i)
    out: list[tuple[int, tuple[Point, Point], float, int | None]] = []
    corners = limit.corners() if limit is not None else None
    for i, (poly, clip, circle, radius) in enumerate(shapes):
        if poly is None:
            if circle is not None:
                centre = (circle[0], circle[1])
                out.append((i, (centre, centre), _circle_bleed(circle, radius, limit), None))
            continue
        for k in range(len(poly)):
            a, b = poly[k], poly[(k + 1) % len(poly)]
            others = [j for j in owners[_key(a, b)] if j != i]
            length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
            n = ((b[1] - a[1]) / length, -(b[0] - a[0]) / length)  # outward for counter-clockwise
            least = math.inf
            for t in SAMPLES:
                q = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
                d = _convex_exit(clip, q, n) if clip else math.inf
                if corners is not None:
                    d = min(d, _convex_exit(corners, q, n))
                least = min(least, d)
            out.append((i, (a, b), least, others[0] if others else None))
    return out


def least_bleed(page: Page) -> float | None:
    """The least bleed beyond any cut edge of the page no neighbour shares (None: nothing
    printed on the page). Full pages of one grid are alike, so it is measured once per
    arrangement."""
    return _least(page.paint or page.area, _shapes(page)[1])


@lru_cache(maxsize=64)  # full pages of one grid have the same shapes: measured once
def _least(limit: Box | None, shapes: Shapes) -> float | None:
    found = [bleed for _, _, bleed, shared in _edges(limit, shapes) if shared is None]
    return min(found) if found else None
