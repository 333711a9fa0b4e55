"""The page the bench's plain scripts share (`rich_plain.py`, `default_plain.py`): poker
cards 3 x 3 on US Letter, each sheet's fronts then its backs mirrored left to right, crop
marks outside the grid at every cut. A script brings its card's front and back; this module
places them, as the yardstick (`shared/bench/plain.py`) places its own."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

CARD_W, CARD_H = 180.0, 252.0  # poker, in points
PAGE_W, PAGE_H = 612.0, 792.0  # US Letter
COLS, ROWS = 3, 3
X0, Y0 = (PAGE_W - COLS * CARD_W) / 2, (PAGE_H - ROWS * CARD_H) / 2


def crop_marks(c: Any) -> None:
    """Short lines outside the grid at every cut."""
    from reportlab.lib.colors import HexColor

    xs = [X0 + i * CARD_W for i in range(COLS + 1)]
    ys = [Y0 + j * CARD_H for j in range(ROWS + 1)]
    marks = []
    for x in xs:
        marks += [(x, PAGE_H - ys[0] + 3, x, PAGE_H - ys[0] + 15)]
        marks += [(x, PAGE_H - ys[-1] - 3, x, PAGE_H - ys[-1] - 15)]
    for y in ys:
        marks += [(xs[0] - 3, PAGE_H - y, xs[0] - 15, PAGE_H - y)]
        marks += [(xs[-1] + 3, PAGE_H - y, xs[-1] + 15, PAGE_H - y)]
    c.setStrokeColor(HexColor("#000000"))
    c.setLineWidth(0.5)
    c.lines(marks)


def draw_sheets(
    out: str,
    deck: Sequence[dict[str, object]],
    face: Callable[[Any, dict[str, object]], None],
    back: Callable[[Any], None],
) -> None:
    """Every card of `deck` into the PDF `out`: `face(canvas, card)` and `back(canvas)`
    draw one card from its bottom-left corner."""
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(out, pagesize=(PAGE_W, PAGE_H))
    per_page = COLS * ROWS
    for start in range(0, len(deck), per_page):
        sheet = deck[start : start + per_page]
        for backs in (False, True):
            for k, card in enumerate(sheet):
                row, col = divmod(k, COLS)
                if backs:
                    col = COLS - 1 - col
                c.saveState()
                c.translate(X0 + col * CARD_W, PAGE_H - Y0 - (row + 1) * CARD_H)
                if backs:
                    back(c)
                else:
                    face(c, card)
                c.restoreState()
            crop_marks(c)
            c.showPage()
    c.save()
