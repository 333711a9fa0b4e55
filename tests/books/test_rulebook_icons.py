"""Inline icons in rulebook text: an icon, the room it takes and the word after it stay on
one line, so a line break never leaves the room (a blank gap) at the start of the next line.

Each case lays one paragraph of the real book styles out at many widths with the real icon
painter, draws it to a PDF, and reads the result back: the icon's pixels (its own colour)
with pypdfium2 and the word after it with pypdf's text positions."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import faces_of, load_games
from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from cardstock.books.art import IconPainter
from cardstock.books.story import ICON_CALLBACK, Builder, Styles

ROOT = Path(__file__).resolve().parents[2]
TEXT = (
    "Turn the cards over together and add up the silver keys :blue: shown. The highest total wins."
)
LEFT, TOP, PAGE = 20.0, 380.0, (400.0, 400.0)
SCALE = 4  # pixels per point


@pytest.fixture(scope="module")
def atmosfear():
    catalogs, issues = load_games(ROOT, ["atmosfear"])
    assert not issues.errors
    return catalogs[0]


def _draw(catalog, width: float) -> bytes:
    styles = Styles("#335577")
    builder = Builder(styles, width, 300, set(catalog.game.icons), "rulebook.md.j2")
    para = builder.para(TEXT, styles.body)
    assert isinstance(para, Paragraph)
    buf = io.BytesIO()
    canv = Canvas(buf, pagesize=PAGE, invariant=1)
    canv.setNamedCB(ICON_CALLBACK, IconPainter(catalog, styles, faces_of(catalog).library))
    _, h = para.wrap(width, 300)
    para.drawOn(canv, LEFT, TOP - h)
    canv.showPage()
    canv.save()
    return buf.getvalue()


def _icon_box(data: bytes, color: str) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) in points of the pixels in the icon's colour."""
    from PIL import Image, ImageChops

    page = pdfium.PdfDocument(data)[0]
    img = page.render(scale=SCALE).to_pil().convert("RGB")
    c = colors.HexColor(color)
    solid = Image.new(
        "RGB", img.size, (round(c.red * 255), round(c.green * 255), round(c.blue * 255))
    )
    diff = ImageChops.difference(img, solid).convert("L")
    box = diff.point(lambda v: 255 if v < 14 else 0).getbbox()
    assert box is not None, "the icon was not drawn"
    x0, y0, x1, y1 = box
    h = img.size[1]
    return x0 / SCALE, (h - y1) / SCALE, x1 / SCALE, (h - y0) / SCALE


def _word_origin(data: bytes, word: str) -> tuple[float, float]:
    """Where `word`'s first letter starts (x) and its baseline (y, approximately its box's
    bottom), in points, from the PDF's text layer."""
    text = pdfium.PdfDocument(data)[0].get_textpage()
    found = text.search(word).get_next()
    assert found, word
    left, bottom, _, _ = text.get_charbox(found[0])
    return left, bottom


def test_an_icon_stays_on_the_line_of_the_word_after_it_at_every_width(atmosfear):
    blue = atmosfear.game.icons["blue"].color
    size = Styles("#335577").body.fontSize
    lines_seen = set()
    for width in range(140, 330, 6):
        data = _draw(atmosfear, float(width))
        left, bottom, right, top = _icon_box(data, blue)
        x, baseline = _word_origin(data, "shown")
        lines_seen.add(round(baseline))
        # the icon sits on the baseline of "shown" ...
        assert bottom - 3 < baseline < top, (width, bottom, top, baseline)
        # ... directly before it, never past the right edge of the paragraph
        assert right <= x + 0.5 and x - right < size * 0.6, (width, right, x)
        assert left >= LEFT - 0.5 and right <= LEFT + width + 0.5, (width, left, right)
    assert len(lines_seen) >= 2  # the widths put the pair on different lines


def test_a_line_that_starts_with_an_icon_starts_at_the_margin(atmosfear):
    """The reviewer's case: the icon ended a line and its room pushed the next line in."""
    blue = atmosfear.game.icons["blue"].color
    size = Styles("#335577").body.fontSize
    starts = 0
    for width in range(140, 330, 3):
        data = _draw(atmosfear, float(width))
        left, *_ = _icon_box(data, blue)
        if left < LEFT + 5:  # the icon begins a line: it is drawn at the margin
            starts += 1
            assert LEFT - 0.5 < left < LEFT + size * 0.35, (width, left)
            x, _ = _word_origin(data, "shown")
            # after the icon, its room and one space: nothing more pushes the line in
            assert x < LEFT + size * 1.6, (width, x)
    assert starts > 0
