"""Where a leftover piece goes: the search for a free spot on a page skips rows whose way
is blocked by the same boxes as the row above, and still finds the very spot a scan of
every row against every box finds (so the sheets do not change), in far fewer tests."""

from __future__ import annotations

import random

from cardstock.impose import leftover
from cardstock.impose.leftover import STEP, _spot
from cardstock.impose.plan import Box, Page


def every_row(page: Page, w: float, h: float, taken: list[Box]) -> tuple[float, float] | None:
    """The plain scan: every row from the top, each from the left, every box tested."""
    area = page.area or Box(0, 0, page.width, page.height)
    if w > area.w or h > area.h:
        return None
    y = area.y1 - h
    while y >= area.y - 1e-6:
        x = area.x
        while x + w <= area.x1 + 1e-6:
            box = Box(x, y, w, h)
            clash = next((t for t in taken if box.overlaps(t)), None)
            if clash is None:
                return (x, y)
            x = max(x + STEP, clash.x1 + 0.01)
        y -= STEP
    return None


def _letter_with_cards(rng: random.Random, cards: int) -> tuple[Page, list[Box]]:
    """A Letter page with a grid of poker-card boxes (some left out) and a footer strip."""
    page = Page(612, 792, "fronts", area=Box(18.5, 18.5, 575, 755))
    taken = [Box(18.5, 18.5, 575, 14)]
    for r in range(3):
        for c in range(3):
            if len(taken) <= cards and rng.random() < 0.9:
                taken.append(
                    Box(
                        40 + c * 180 + rng.uniform(-3, 3),
                        540 - r * 252 + rng.uniform(-3, 3),
                        180,
                        252,
                    )
                )
    rng.shuffle(taken)
    return page, taken


def test_the_spot_found_is_the_one_every_row_finds():
    rng = random.Random(19)
    found = 0
    for _ in range(300):
        page, taken = _letter_with_cards(rng, rng.randint(0, 9))
        w, h = rng.choice([(190, 262), (100, 100), (60, 60), (262, 190), (400, 300)])
        expected = every_row(page, w, h, taken)
        assert _spot(page, w, h, taken) == expected
        found += expected is not None
    assert 50 < found < 300  # both outcomes were tried


def test_rows_blocked_like_the_row_above_are_not_scanned_again(monkeypatch):
    """A full page of nine cards and no room: the plain scan tests boxes in every one of
    its ~250 rows; the search scans a row only where the boxes in its way change."""
    page = Page(612, 792, "fronts", area=Box(18.5, 18.5, 575, 755))
    taken = [Box(18.5, 18.5, 575, 14)] + [
        Box(40 + c * 180, 540 - r * 252, 180, 252) for r in range(3) for c in range(3)
    ]
    scanned: list[int] = []
    real = leftover._in_row

    def counted(area: Box, w: float, boxes: list[Box]) -> float | None:
        scanned.append(len(boxes))
        return real(area, w, boxes)

    monkeypatch.setattr(leftover, "_in_row", counted)
    assert _spot(page, 100, 100, taken) is None and every_row(page, 100, 100, taken) is None
    rows = int((755 - 100) / STEP) + 1
    assert len(scanned) <= 2 * len(taken) + 1 < rows // 10


# ---------------------------------------------------------------- whole blocks


def plain_blocks(pages: list[Page]) -> list[Page]:
    """place_blocks as a plain search: every candidate page against every page after it."""
    from dataclasses import replace

    from cardstock.impose.leftover import (
        CLEAR,
        _content,
        _free_area,
        _outline_shifted,
        _segments_shifted,
        _shifted,
        _taken,
        _used,
        _within,
    )

    out = list(pages)

    def eligible(p: Page) -> bool:
        return p.role in ("fronts", "pieces") and p.registration is None and bool(p.placements)

    for page in sorted([p for p in pages if eligible(p)], key=_used):
        block = _within(
            _content(page), _free_area(page)
        )  # what is drawn of it, inside its printable area
        if block is None:
            continue
        for host in out:
            if host is page or not eligible(host):
                continue
            free = _free_area(host)
            if (
                block.w > free.w
                or block.h > free.h
                or _used(host) + block.w * block.h > free.w * free.h
            ):
                continue
            taken = [t.grow(CLEAR, CLEAR, CLEAR, CLEAR) for t in _taken(host)]
            spot = _spot(replace(host, area=free), block.w, block.h, taken)
            if spot is None:
                continue
            dx, dy = spot[0] - block.x, spot[1] - block.y
            host.placements.extend(_shifted(p, dx, dy) for p in page.placements)
            host.outlines.extend(_outline_shifted(o, dx, dy) for o in page.outlines)
            host.crop.extend(_segments_shifted(list(page.crop), dx, dy))
            out.remove(page)
            break
    return out


def _pages(rng: random.Random, n: int) -> list[Page]:
    """Letter pages holding 1 to 9 poker-card trims in a grid, with crop-mark stubs."""
    from cardstock.impose.plan import Placement

    pages = []
    for _ in range(n):
        page = Page(612, 792, "fronts", area=Box(18, 18, 576, 756))
        for k in range(rng.choice([1, 2, 3, 4, 9, 9, 9])):
            r, c = divmod(k, 3)
            trim = Box(40 + c * 180, 530 - r * 252, 180, 252)
            page.placements.append(Placement(None, f"c{k}", "front", trim, 0, trim.corners()))
            page.crop.append(((trim.x, trim.y - 10), (trim.x, trim.y - 4)))
        pages.append(page)
    return pages


def _summary(pages: list[Page]) -> list[list[tuple[float, float]]]:
    return [[(p.trim.x, p.trim.y) for p in page.placements] for page in pages]


def test_whole_blocks_go_where_the_plain_search_puts_them():
    moved = 0
    for seed in range(40):
        ours = leftover.place_blocks(_pages(random.Random(seed), 12))
        plain = plain_blocks(_pages(random.Random(seed), 12))
        assert _summary(ours) == _summary(plain), seed
        moved += 12 - len(ours)
    assert moved > 40  # pages did move onto others


def test_full_pages_are_not_searched_for_room(monkeypatch):
    """300 full pages and one page of two cards: only pages with room enough are tried."""
    pages = [page for page in _pages(random.Random(1), 900) if len(page.placements) == 9][:300]
    pages += [page for page in _pages(random.Random(2), 50) if len(page.placements) == 2][:1]
    tried: list[int] = []
    real = leftover._spot

    def counted(*args, **kwargs):
        tried.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(leftover, "_spot", counted)
    out = leftover.place_blocks(pages)
    assert len(out) == 301 and len(tried) == 0  # nine cards leave no room for two more
