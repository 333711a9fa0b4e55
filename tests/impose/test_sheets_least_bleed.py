"""The least bleed a page's footer prints is the one measured edge by edge: the same for
every full page of one grid, less on a page whose cards moved."""

from __future__ import annotations

from helpers_sheets import edge_bleeds

from cardstock.impose.bleed import least_bleed
from cardstock.impose.plan import Box, Page, Placement

MM = 72 / 25.4


class _Card:
    shape = "rect"
    cut = None


def _page(cards: int, nudge: float = 0.0) -> Page:
    """A Letter page of poker cards in a 3 x 3 grid, each with 3 mm of bleed clipped."""
    page = Page(612, 792, "fronts", area=Box(18, 18, 576, 756))
    for k in range(cards):
        r, c = divmod(k, 3)
        trim = Box(30 + nudge + c * 190, 30 + (2 - r) * 250, 178.6, 240)
        clip = trim.grow(3 * MM, 3 * MM, 3 * MM, 3 * MM).corners()
        page.placements.append(Placement(_Card(), f"c{k}", "front", trim, 0, clip))
    return page


def _measured(page: Page) -> float:
    return min(e.bleed for e in edge_bleeds(page) if e.shared_with is None)


def test_the_least_bleed_of_a_page_is_what_its_edges_give():
    pages = [_page(9) for _ in range(500)] + [_page(4), _page(9, nudge=1.5)]
    found = [least_bleed(page) for page in pages]
    assert found[0] == found[499] == _measured(pages[0])
    assert found[500] == _measured(pages[500])
    assert found[501] == _measured(pages[501])
    assert 0 < found[0] <= 3 * MM + 1e-9
    assert least_bleed(Page(612, 792, "fronts")) is None  # no card: nothing to print
