"""Tuck boxes as a designer would hand them out, read back from the drawn pages: no type
under 6 pt anywhere on a page (the faces' own text included, as PDFium reads each
character's size through every transform), and nothing but the box's background colour
along any fold, by the rendered pixels on both sides of every fold line."""

from __future__ import annotations

import math
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from conftest import GAMES, ROOT, load_games
from helpers_sheets import read_pdf

from cardstock.core.units import POINTS_PER

MM = POINTS_PER["mm"]
CARD_GAMES = [g for g in GAMES if g != "alpha-omega-tiles"]
PAPERS = ("letter", "a4")
DPI = 150
MIN_TEXT = 6.0


@pytest.fixture(scope="module")
def boxes(default_tuckboxes: tuple[Path, str]) -> Path:
    """The shipped games' tuck boxes with the default settings, built once per run."""
    return default_tuckboxes[0]


def text_sizes(path: Path) -> list[list[tuple[float, str]]]:
    """Each page's characters as (size in points as printed, character)."""
    doc = pdfium.PdfDocument(str(path))
    found = []
    try:
        for i in range(len(doc)):
            page = doc[i]
            text = page.get_textpage()
            chars = []
            for k in range(text.count_chars()):
                ch = text.get_text_range(k, 1)
                if not ch.strip():
                    continue
                m = pdfium_c.FS_MATRIX()
                pdfium_c.FPDFText_GetMatrix(text.raw, k, m)
                size = pdfium_c.FPDFText_GetFontSize(text.raw, k)
                chars.append((size * math.sqrt(abs(m.a * m.d - m.b * m.c)), ch))
            found.append(chars)
            text.close()
            page.close()
    finally:
        doc.close()
    return found


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", CARD_GAMES)
def test_no_text_on_a_box_is_under_6_points(boxes, game, paper):
    pages = text_sizes(boxes / game / f"{game}-tuckbox-{paper}.pdf")
    assert pages
    for n, chars in enumerate(pages, start=1):
        assert chars, n
        small = sorted({(round(s, 2), ch) for s, ch in chars if s < MIN_TEXT - 0.01})
        assert not small, (n, small[:10])


def _distinct(values: list[float], tol: float = 0.05) -> list[float]:
    out: list[float] = []
    for v in sorted(values):
        if not out or v - out[-1] > tol:
            out.append(v)
    return out


Point = tuple[float, float]


def fold_samples(page) -> list[list[Point]]:
    """Points in page points along every fold of the net, 0.5 mm apart and 1.5 mm clear of
    its ends, on the fold and 0.4 mm to either side of it (only on the wall's side of the
    glue flap's fold: the glue flap is bare paper, hidden inside the made box). The folds
    come from the fold marks outside the net: the four wall folds (side | front | side |
    back | glue), the folds between the sides and the back and their dust flaps and lids,
    and between the lids and their tongues."""
    marks = page.lines["FoldMarks"]
    vertical = _distinct([a[0] for a, b in marks if abs(a[0] - b[0]) < 0.01])
    horizontal = _distinct([a[1] for a, b in marks if abs(a[1] - b[1]) < 0.01])
    assert len(vertical) == 4 and len(horizontal) == 4, (vertical, horizontal)
    # across the walls the folds are W, D, W apart; along them D, H, D
    gx = [b - a for a, b in zip(vertical, vertical[1:])]
    gy = [b - a for a, b in zip(horizontal, horizontal[1:])]
    turned = abs(gx[1] - gy[0]) >= 0.05  # the walls run up the page
    walls, along = (horizontal, vertical) if turned else (vertical, horizontal[::-1])
    xf, xb, xk, xg = walls  # net x, in page points (on the page's y when turned)
    xa = xf - (xk - xb)  # a side wall is the deck's depth wide
    ya, y0, y1, yb = along  # net y: the tongue folds, the walls' top and bottom
    both, wall_side = (-0.4 * MM, 0.0, 0.4 * MM), (-0.4 * MM, -0.2 * MM)
    folds = [(x, y0, x, y1, wall_side if x == xg else both) for x in (xf, xb, xk, xg)]
    folds += [(xa, y, xf, y, both) for y in (y0, y1)]  # the first side's dust flaps
    folds += [(xb, y, xk, y, both) for y in (y0, y1)]  # the second side's dust flaps
    folds += [(xk, y, xg, y, both) for y in (y0, y1)]  # the lids
    folds += [(xk, y, xg, y, both) for y in (ya, yb)]  # the tongues
    out = []
    for x0, v0, x1, v1, offsets in folds:
        pts = []
        length = abs(x1 - x0) + abs(v1 - v0)  # each fold runs along one axis
        steps = int(length / (0.5 * MM))
        for k in range(steps + 1):
            t = 1.5 * MM + (length - 3 * MM) * k / steps
            for off in offsets:
                if x0 == x1:  # along net y; the offset is in net x
                    nx, ny = x0 + off, v0 + t * (1 if v1 > v0 else -1)
                else:  # along net x; the offset is in net y
                    nx, ny = x0 + t, v0 + off
                pts.append((ny, nx) if turned else (nx, ny))
        out.append(pts)
    return out


def back_colours(game: str) -> set[tuple[int, int, int]]:
    (catalog,), _ = load_games(ROOT, [game])
    return {
        (int(b.color[1:3], 16), int(b.color[3:5], 16), int(b.color[5:7], 16))
        for b in catalog.game.backs.values()
    }


def close(a, b, tol: int = 6) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", CARD_GAMES)
def test_nothing_but_the_background_crosses_a_fold(boxes, game, paper):
    path = boxes / game / f"{game}-tuckbox-{paper}.pdf"
    _, reads = read_pdf(path.read_bytes())
    doc = pdfium.PdfDocument(str(path))
    colours = back_colours(game)
    scale = DPI / 72
    try:
        for n, page in enumerate(reads):
            image = doc[n].render(scale=scale).to_pil().convert("RGB")

            def px(x: float, y: float, image=image, page=page) -> tuple[int, int, int]:
                return image.getpixel((int(x * scale), int((page.height - y) * scale)))

            folds = fold_samples(page)
            # the background is the colour of one of the game's backs, the same all over
            background = px(*folds[0][len(folds[0]) // 2])
            assert any(close(background, c) for c in colours), (n, background, colours)
            for points in folds:
                for x, y in points:
                    got = px(x, y)
                    assert close(got, background), (n + 1, (x / MM, y / MM), got, background)
    finally:
        doc.close()
