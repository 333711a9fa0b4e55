"""Leftover pieces onto sheets that have room: a page holding only a few pieces (the end of
a run: one hex tile, a card, a few tokens) gives them to other pages
where they fit in the free space beside what is there, each with its own cut outline and
its full bleed, so it does not take a sheet of its own.

A piece keeps its back: a page that takes a piece with a printed back gets a backs page
(in place of its blank reverse), so the sheet count still drops by one.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right, insort
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..layout.art.shapes import shape_of
from .pack import hex_points
from .plan import Box, Outline, Page, Placement, Point, Segment, offset_convex

STEP = 2.0  # points between the positions tried
CLEAR = 2 * 72 / 25.4  # beyond a moved piece's bleed: room to cut it out cleanly


def _bounds(p: Placement) -> Box:
    if p.clip_circle is not None:
        x, y, r = p.clip_circle
        return Box(x - r, y - r, 2 * r, 2 * r)
    if p.clip:
        xs, ys = [q[0] for q in p.clip], [q[1] for q in p.clip]
        return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    return p.trim


def _segment_box(s: Segment, pad: float) -> Box:
    (ax, ay), (bx, by) = s
    return Box(min(ax, bx) - pad, min(ay, by) - pad, abs(bx - ax) + 2 * pad, abs(by - ay) + 2 * pad)


def _taken(page: Page) -> list[Box]:
    """What a new piece must keep clear of: faces with their bleed, marks, lines, the footer."""
    out = [_bounds(p) for p in page.placements]
    out += [_segment_box(s, 1.0) for s in list(page.crop) + list(page.cuts) + list(page.folds)]
    for o in page.outlines:
        if o.circle is not None:
            x, y, r = o.circle
            out.append(Box(x - r, y - r, 2 * r, 2 * r))
        elif o.points:
            xs, ys = [q[0] for q in o.points], [q[1] for q in o.points]
            out.append(Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
    if page.footer is not None:
        out.append(page.footer.box)
    return out


def _spot(page: Page, w: float, h: float, taken: list[Box]) -> tuple[float, float] | None:
    """The lower-left corner of the first free w x h box in the printable area, scanning
    rows from the top (one every STEP points down) and each row from the left, jumping
    past whatever is in the way (None: no room).

    Only boxes that overlap a row's height can be in its way, and that set changes only
    where a row crosses the top or bottom of one of them: each box's first and last row
    are found by bisection, and a row whose set is the same as the last row tried (which
    had no room) is not scanned again. The answer is the one a scan of every row against
    every box would give."""
    area = page.area or Box(0, 0, page.width, page.height)
    if w > area.w or h > area.h:
        return None
    rows: list[float] = []  # the rows' y, top down, by the same repeated subtraction
    y = area.y1 - h
    while y >= area.y - 1e-6:
        rows.append(y)
        y -= STEP
    n = len(rows)
    # box i is in row k's way when y < t.y1 and t.y < y + h (Box.overlaps, as floats):
    # true from its first row (the first with y < t.y1) to before its end row (the first
    # with y + h <= t.y); y falls row by row, so each is a bisection
    starts: dict[int, list[int]] = {}
    ends: dict[int, list[int]] = {}
    for i, t in enumerate(taken):
        first = _first_row(rows, lambda y: y < t.y1)  # noqa: B023 (used at once)
        end = _first_row(rows, lambda y: not t.y < y + h)  # noqa: B023
        if first < end:
            starts.setdefault(first, []).append(i)
            ends.setdefault(end, []).append(i)
    active: set[int] = set()
    tried: frozenset[int] | None = None
    for k in range(n):
        changed = k in starts or k in ends
        for i in ends.get(k, ()):
            active.discard(i)
        for i in starts.get(k, ()):
            active.add(i)
        if not changed and tried is not None:
            continue  # the same boxes as the row above, which had no room
        here = frozenset(active)
        if here == tried:
            continue
        x = _in_row(area, w, [taken[i] for i in sorted(here)])
        if x is not None:
            return (x, rows[k])
        tried = here
    return None


def _spot_once(
    spots: dict[tuple[Any, ...], tuple[float, float] | None],
    page: Page,
    w: float,
    h: float,
    taken: list[Box],
) -> tuple[float, float] | None:
    """`_spot`, searched once for each page of the same area holding the same boxes: the
    full pages of a deck's sheets are alike, and the last page's cards try each of them."""
    key = (page.area, page.width, page.height, w, h, tuple(taken))
    if key not in spots:
        spots[key] = _spot(page, w, h, taken)
    return spots[key]


def _first_row(rows: list[float], holds: Callable[[float], bool]) -> int:
    """The first index whose row makes `holds` true, for a test that, once true as the
    rows go down, stays true (len(rows): none)."""
    lo, hi = 0, len(rows)
    while lo < hi:
        mid = (lo + hi) // 2
        if holds(rows[mid]):
            hi = mid
        else:
            lo = mid + 1
    return lo


def _in_row(area: Box, w: float, boxes: list[Box]) -> float | None:
    """The first x of a row whose w-wide box is clear of `boxes` (those in the row's way,
    in the order given), scanning from the left; None when the row has no room."""
    x = area.x
    while x + w <= area.x1 + 1e-6:
        x1 = x + w
        clash = next((t for t in boxes if x < t.x1 and t.x < x1), None)
        if clash is None:
            return x
        x = max(x + STEP, clash.x1 + 0.01)  # past what is in the way
    return None


def _moved(p: Placement, x: float, y: float, bleed: float) -> tuple[Placement, Outline]:
    """The placement with its trim's lower-left corner at (x, y), its full bleed, its outline."""
    trim = Box(x, y, p.trim.w, p.trim.h)
    shape = shape_of(getattr(p.face, "shape", "rect"))
    if shape.round:
        cx, cy, r = x + trim.w / 2, y + trim.h / 2, trim.w / 2
        return Placement(
            p.face, p.component, p.side, trim, 0, clip_circle=(cx, cy, r + bleed), back=p.back
        ), Outline(circle=(cx, cy, r))
    if shape.bleed_follows_cut:  # a hexagon (the movable polygon): its bleed follows its cut
        poly = hex_points(trim, p.face)
        return Placement(
            p.face,
            p.component,
            p.side,
            trim,
            0,
            offset_convex(poly, [bleed] * len(poly)),
            back=p.back,
        ), Outline(points=poly)
    clip = trim.grow(bleed, bleed, bleed, bleed).corners()
    return Placement(p.face, p.component, p.side, trim, 0, clip, back=p.back), Outline(
        points=trim.corners()
    )


def _movable(page: Page, most: int) -> bool:
    """Whether a page's pieces may go one by one to other pages: a few loose pieces, but not
    two or more cards of a grid (four reference cards), which move only together, as the
    block they are (`place_blocks`), so that straight cuts still serve them."""
    grid = sum(
        1 for p in page.placements if shape_of(getattr(p.face, "shape", "rect")).arrange == "grid"
    )
    return (
        0 < len(page.placements) <= most
        and grid < 2
        and page.role in ("fronts", "pieces")
        and page.registration is None
        and all(
            p.rotate == 0 and not p.folds and shape_of(getattr(p.face, "shape", "rect")).movable
            for p in page.placements
        )
    )


def place_leftovers(
    pages: list[Page], bleed_of: Callable[[Any], float], most: int = 4
) -> list[Page]:
    """Pages of at most `most` pieces whose pieces all fit on other pages are emptied onto
    them and dropped. `bleed_of(face)` is the bleed a face paints. Pages are tried from
    the emptiest; hosts in page order."""
    out = list(pages)
    spots: dict[tuple[Any, ...], tuple[float, float] | None] = {}
    for page in sorted([p for p in pages if _movable(p, most)], key=lambda p: len(p.placements)):
        hosts = [
            h
            for h in out
            if h is not page and h.registration is None and h.role in ("fronts", "pieces")
        ]
        plan: dict[int, list[tuple[Placement, Outline]]] = {}
        taken = {id(h): _taken(h) for h in hosts}
        ok = True
        for p in page.placements:
            b = bleed_of(p.face)
            pad = b + CLEAR
            spot = None
            for h in hosts:
                found = _spot_once(spots, h, p.trim.w + 2 * pad, p.trim.h + 2 * pad, taken[id(h)])
                if found is not None:
                    spot = (h, found)
                    break
            if spot is None:
                ok = False
                break
            h, (x, y) = spot
            moved, outline = _moved(p, x + pad, y + pad, b)
            plan.setdefault(id(h), []).append((moved, outline))
            taken[id(h)].append(Box(x, y, p.trim.w + 2 * pad, p.trim.h + 2 * pad))
        if not ok:
            continue
        for h in hosts:
            for moved, outline in plan.get(id(h), []):
                h.placements.append(moved)
                h.outlines.append(outline)
        out.remove(page)
    return out


# --------------------------------------------------------------------------- whole blocks


def _content(page: Page) -> Box | None:
    """The box around everything a page draws but its footer (None: nothing)."""
    boxes = _taken(page)
    if page.footer is not None:
        boxes = boxes[:-1]  # _taken puts the footer last
    if not boxes:
        return None
    x0, y0 = min(b.x for b in boxes), min(b.y for b in boxes)
    return Box(x0, y0, max(b.x1 for b in boxes) - x0, max(b.y1 for b in boxes) - y0)


def _shifted(p: Placement, dx: float, dy: float) -> Placement:
    def pt(q: Point) -> Point:
        return (q[0] + dx, q[1] + dy)

    circle = (
        None
        if p.clip_circle is None
        else (p.clip_circle[0] + dx, p.clip_circle[1] + dy, p.clip_circle[2])
    )
    outline = None if p.outline is None else _outline_shifted(p.outline, dx, dy)
    return replace(
        p,
        trim=p.trim.moved(dx, dy),
        clip=tuple(pt(q) for q in p.clip),
        clip_circle=circle,
        outline=outline,
        folds=tuple((pt(a), pt(b)) for a, b in p.folds),
    )


def _outline_shifted(o: Outline, dx: float, dy: float) -> Outline:
    circle = None if o.circle is None else (o.circle[0] + dx, o.circle[1] + dy, o.circle[2])
    return Outline(points=tuple((x + dx, y + dy) for x, y in o.points), circle=circle)


def _segments_shifted(segments: list[Segment], dx: float, dy: float) -> list[Segment]:
    return [((a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy)) for a, b in segments]


def _free_area(page: Page) -> Box:
    """Where a page may take more: its printable area, within where its faces may paint."""
    area = page.area or Box(0, 0, page.width, page.height)
    if page.paint is None:
        return area
    p = page.paint
    x0, y0 = max(area.x, p.x), max(area.y, p.y)
    return Box(x0, y0, max(0.0, min(area.x1, p.x1) - x0), max(0.0, min(area.y1, p.y1) - y0))


def _within(box: Box | None, area: Box) -> Box | None:
    """The part of a page's content inside its printable area: what is drawn of it (a
    token's bleed or a crop mark's padding beyond the area is clipped away)."""
    if box is None:
        return None
    x0, y0 = max(box.x, area.x), max(box.y, area.y)
    x1, y1 = min(box.x1, area.x1), min(box.y1, area.y1)
    return None if x1 <= x0 or y1 <= y0 else Box(x0, y0, x1 - x0, y1 - y0)


def _used(page: Page) -> float:
    box = _content(page)
    return 0.0 if box is None else box.w * box.h


def place_blocks(pages: list[Page]) -> list[Page]:
    """A page whose whole content (faces with their bleed, crop marks, cut outlines, folds)
    fits in the free room of another page moves there as one block, shifted but otherwise
    untouched, and the page is dropped: the three die nets of a game share the page of the
    last reference cards, and two part-filled pages of tokens become one sheet.

    Nothing inside the block changes, so each piece keeps its bleed, its crop marks and its
    outlines; the block keeps `CLEAR` beyond everything already on the host, so no cut is
    shared between the two and different backs never meet. A host that takes pieces with
    printed backs gets a backs page (mirroring both), as with single leftovers. Pages are
    tried from the least filled; hosts in page order.

    Only hosts whose free area left is at least the block's are tried (kept ranked by that
    slack), so a file of thousands of full pages is not searched page by page for each
    of them; the hosts tried are the ones the plain search would try, in the same order."""
    out = list(pages)
    used: dict[int, float] = {}  # id(page) -> _used(page), until the page takes a block

    def used_by(p: Page) -> float:
        if id(p) not in used:
            used[id(p)] = _used(p)
        return used[id(p)]

    def eligible(p: Page) -> bool:
        return p.role in ("fronts", "pieces") and p.registration is None and bool(p.placements)

    # the hosts (eligible pages: which those are never changes), by slack, most first
    hosts = {i: p for i, p in enumerate(pages) if eligible(p)}
    frees = {i: _free_area(p) for i, p in hosts.items()}
    ranked: list[tuple[float, int]] = []  # (-slack, page index), sorted
    rank: dict[int, tuple[float, int]] = {}

    def rerank(i: int, keep: bool = True) -> None:
        if i in rank:
            del ranked[bisect_left(ranked, rank.pop(i))]
        if keep:
            f = frees[i]
            rank[i] = (-(f.w * f.h - used_by(hosts[i])), i)
            insort(ranked, rank[i])

    for i in hosts:
        rerank(i)
    index = {id(p): i for i, p in hosts.items()}

    for page in sorted(hosts.values(), key=used_by):
        block = _within(_content(page), _free_area(page))
        if block is None:
            continue
        area = block.w * block.h
        # hosts with free area - used >= area, give or take rounding (checked exactly below)
        roomy = ranked[: bisect_right(ranked, (-(area - 1e-6 * max(1.0, area)), len(pages)))]
        for i in sorted(i for _, i in roomy):
            host = hosts[i]
            if host is page:
                continue
            free = frees[i]
            if (
                block.w > free.w
                or block.h > free.h
                or used_by(host) + block.w * block.h > free.w * free.h
            ):
                continue
            # CLEAR is kept from what the host has drawn (not from the printable edge,
            # which the block may reach as it did on its own page)
            taken = [t.grow(CLEAR, CLEAR, CLEAR, CLEAR) for t in _taken(host)]
            spot = _spot(replace(host, area=free), block.w, block.h, taken)
            if spot is None:
                continue
            dx, dy = spot[0] - block.x, spot[1] - block.y
            host.placements.extend(_shifted(p, dx, dy) for p in page.placements)
            host.outlines.extend(_outline_shifted(o, dx, dy) for o in page.outlines)
            host.crop.extend(_segments_shifted(list(page.crop), dx, dy))
            host.cuts.extend(_segments_shifted(list(page.cuts), dx, dy))
            host.folds.extend(_segments_shifted(list(page.folds), dx, dy))
            used.pop(id(host), None)
            rerank(i)
            rerank(index[id(page)], keep=False)
            out.remove(page)
            break
    return out
