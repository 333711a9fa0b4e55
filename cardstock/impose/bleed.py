"""How much bleed each placed card and tile really shows beyond each of its cut edges,
measured on the page plan: the face paints inside its clip region and the page's paint
area, so the bleed beyond an edge is how far one can go out from the edge, at right angles
to it, before leaving both. An edge another placement shares (the same cut, same-back
neighbours) has the neighbour beyond it instead of bleed.

The footer prints the least bleed of a page; the tests assert it edge by edge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from ..layout.shapes import shape_of
from .pack import hex_points
from .plan import Box, Page, Placement, Point

EdgeKey = tuple[tuple[float, float], tuple[float, float]]
SAMPLES = (0.25, 0.5, 0.75)  # where along an edge the bleed is measured
ROUND = 2


@dataclass(frozen=True)
class EdgeBleed:
    placement: Placement
    edge: tuple[Point, Point]  # counter-clockwise along the cut outline
    bleed: float  # points beyond the edge, at its narrowest sample
    shared_with: Placement | None  # the neighbour on the other side of a shared cut


def outline_of(p: Placement) -> tuple[Point, ...] | None:
    """The cut outline of a card or tile placement, counter-clockwise; None for other shapes."""
    shape = shape_of(getattr(p.face, "shape", "rect"))
    if shape.arrange == "honeycomb":  # hexagons
        return hex_points(p.trim, p.face, p.rotate)
    if shape.geometry is not None and getattr(p.face, "cut", None) is None:  # the trim rectangle
        return p.trim.corners()
    return None


def _convex_exit(poly: tuple[Point, ...], p: Point, n: Point) -> float:
    """How far from p along the unit direction n one stays inside the convex polygon."""
    k = len(poly)
    area = sum(
        poly[i][0] * poly[(i + 1) % k][1] - poly[(i + 1) % k][0] * poly[i][1] for i in range(k)
    )
    sign = 1.0 if area > 0 else -1.0
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


Shapes = tuple[tuple[tuple[Point, ...] | None, tuple[Point, ...] | None], ...]


def _shapes(page: Page) -> tuple[list[Placement], Shapes]:
    """The fronts of a page, and each one's cut outline and clip (what its bleed depends on)."""
    fronts = [p for p in page.placements if p.side == "front"]
    return fronts, tuple((outline_of(p), p.clip or None) for p in fronts)


def _edges(
    limit: Box | None, shapes: Shapes
) -> list[tuple[int, tuple[Point, Point], float, int | None]]:
    """Every cut edge of the placements whose (outline, clip) are `shapes`: the index of
    its placement, the edge, the bleed beyond it and the index of a placement sharing it."""
    owners: dict[EdgeKey, list[int]] = {}
    for i, (poly, _) in enumerate(shapes):
        if poly is None:
            continue
        for k in range(len(poly)):
            owners.setdefault(_key(poly[k], poly[(k + 1) % len(poly)]), []).append(i)
    out = []
    corners = limit.corners() if limit is not None else None
    for i, (poly, clip) in enumerate(shapes):
        if poly is None:
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


def edge_bleeds(page: Page) -> list[EdgeBleed]:
    """Every cut edge of every card and tile on a fronts page with the bleed it shows."""
    fronts, shapes = _shapes(page)
    return [
        EdgeBleed(fronts[i], edge, bleed, None if shared is None else fronts[shared])
        for i, edge, bleed, shared in _edges(page.paint or page.area, shapes)
    ]


def least_bleed(page: Page) -> float | None:
    """The least bleed beyond any cut edge of the page no neighbour shares (None: no card or
    tile). Full pages of one grid are alike, so it is measured once per arrangement."""
    return _least(page.paint or page.area, _shapes(page)[1])


@lru_cache(maxsize=64)  # full pages of one grid have the same shapes: measured once
def _least(limit: Box | None, shapes: Shapes) -> float | None:
    found = [bleed for _, _, bleed, shared in _edges(limit, shapes) if shared is None]
    return min(found) if found else None
