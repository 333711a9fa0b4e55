"""Saddle-stitch booklets: the page order, and real imposed PDFs read back with pypdf.

Folding the printed stack (duplex, flipped as the back sides say) must give pages 1, 2,
3, …: sheet 1 front holds the last and first pages, its back the second and second-to-last,
and so on inwards. Reading pages become Form XObjects named ReadingPage<k>; each side is a
portrait page with the spread turned onto it (`turn_of`), so where a form lands, turned
back onto the spread, says its slot (left or right of the fold). tests/impose/test_sheets_duplex.py
prints the shipped booklets on a simulated duplex printer.
"""

from __future__ import annotations

import io
import re

import pytest
from helpers_printer import Matrix, apply, mult
from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.pdfgen.canvas import Canvas

from cardstock.books.booklet import Side, booklet_order, impose, padded, turn_of

LETTER_LANDSCAPE = (792.0, 612.0)
HALF_LETTER = (396.0, 612.0)


def slot_of(page: int, pages: int) -> tuple[int, str, str]:
    """Where reading page `page` lands: (sheet, "front"|"back", "left"|"right")."""
    for side in booklet_order(pages):
        if side.left == page:
            return side.sheet, side.face, "left"
        if side.right == page:
            return side.sheet, side.face, "right"
    raise ValueError(f"page {page} is not in a booklet of {pages} pages")


def test_four_pages_make_one_sheet():
    assert booklet_order(4) == [Side(1, "front", 4, 1), Side(1, "back", 2, 3)]


def test_eight_pages_make_two_nested_sheets():
    assert booklet_order(8) == [
        Side(1, "front", 8, 1),
        Side(1, "back", 2, 7),
        Side(2, "front", 6, 3),
        Side(2, "back", 4, 5),
    ]


@pytest.mark.parametrize("pages", [1, 3, 5, 7, 13])
def test_odd_page_counts_are_padded_with_blanks_at_the_end(pages):
    n = padded(pages)
    assert n % 4 == 0 and n - 4 < pages <= n
    sides = booklet_order(pages)
    assert len(sides) == n // 2
    slots = [p for s in sides for p in (s.left, s.right)]
    # every real page exactly once; the padding pages (pages+1 … n) are blank
    assert sorted(p for p in slots if p is not None) == list(range(1, pages + 1))
    assert slots.count(None) == n - pages


@pytest.mark.parametrize("pages", [4, 8, 5, 12])
def test_facing_slots_add_up_to_one_more_than_the_padded_count(pages):
    n = padded(pages)
    for side in booklet_order(pages):
        pair = [p for p in (side.left, side.right) if p is not None]
        if len(pair) == 2:
            assert sum(pair) == n + 1


def test_five_pages_land_where_folding_needs_them():
    # 5 pages pad to 8: 6, 7 and 8 are blank
    assert slot_of(1, 5) == (1, "front", "right")
    assert slot_of(2, 5) == (1, "back", "left")
    assert slot_of(3, 5) == (2, "front", "right")
    assert slot_of(4, 5) == (2, "back", "left")
    assert slot_of(5, 5) == (2, "back", "right")
    with pytest.raises(ValueError):
        slot_of(6, 5)


def _imposed(pages: int) -> PdfReader:
    """An imposed PDF of `pages` half-letter reading pages, each saying its own number."""
    buf = io.BytesIO()
    canv = Canvas(buf, pagesize=HALF_LETTER, invariant=1)
    for k in range(1, pages + 1):
        canv.setFont("Helvetica", 24)
        canv.drawString(60, 300, f"READING PAGE {k:02d}")
        canv.showPage()
    canv.save()
    data, sides = impose(buf.getvalue(), LETTER_LANDSCAPE)
    assert sides == padded(pages) // 2
    return PdfReader(io.BytesIO(data))


def _inverse(m):
    a, b, c, d, e, f = m
    det = a * d - b * c
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


def _forms(reader: PdfReader, index: int, sheet=LETTER_LANDSCAPE) -> list[tuple[int, tuple, float]]:
    """Each reading page a side draws: its number, its lower-left corner on the spread
    (the side's turn undone) and its scale."""
    page = reader.pages[index]
    side = booklet_order(2 * len(reader.pages))[index]
    undo = _inverse(turn_of(side, "long", sheet))
    ctm: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    stack: list[Matrix] = []
    out = []
    for operands, op in ContentStream(page.get_contents(), reader).operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            ctm = mult((a, b, c, d, e, f), ctm)
        elif op == b"Do" and "ReadingPage" in str(operands[0]):
            m = re.search(r"ReadingPage(\d+)$", str(operands[0]))
            assert m is not None
            spread = mult(ctm, undo)
            out.append(
                (
                    int(m.group(1)),
                    apply(spread, (0.0, 0.0)),
                    (spread[0] ** 2 + spread[1] ** 2) ** 0.5,
                )
            )
    return out


def _placements(reader: PdfReader, index: int) -> dict[str, int]:
    """slot ("left"/"right") → reading page number, from the side's content stream."""
    return {
        "left" if x < LETTER_LANDSCAPE[0] / 2 - 1 else "right": k
        for k, (x, _), _ in _forms(reader, index)
    }


@pytest.mark.parametrize("pages", [4, 8, 5])
def test_imposed_pdf_puts_each_reading_page_in_its_slot(pages):
    reader = _imposed(pages)
    assert len(reader.pages) == padded(pages) // 2
    for i, side in enumerate(booklet_order(pages)):
        page = reader.pages[i]
        assert (float(page.mediabox.width), float(page.mediabox.height)) == LETTER_LANDSCAPE[
            ::-1
        ]  # portrait paper
        expected = {
            slot: p for slot, p in (("left", side.left), ("right", side.right)) if p is not None
        }
        assert _placements(reader, i) == expected
        text = page.extract_text()
        shown = sorted(int(n) for n in re.findall(r"READING PAGE (\d+)", text))
        assert shown == sorted(expected.values())


def test_every_reading_page_k_is_found_on_the_sheet_side_slot_of_says():
    pages = 7
    reader = _imposed(pages)
    sides = booklet_order(pages)
    for k in range(1, pages + 1):
        sheet, face, half = slot_of(k, pages)
        index = next(i for i, s in enumerate(sides) if s.sheet == sheet and s.face == face)
        assert _placements(reader, index)[half] == k
        assert f"READING PAGE {k:02d}" in reader.pages[index].extract_text()


def test_pages_larger_than_half_the_sheet_are_scaled_to_fit_against_the_fold():
    a4_landscape = (841.89, 595.28)
    buf = io.BytesIO()
    canv = Canvas(buf, pagesize=HALF_LETTER, invariant=1)
    for k in range(1, 5):
        canv.drawString(60, 300, f"READING PAGE {k:02d}")
        canv.showPage()
    canv.save()
    reader = PdfReader(io.BytesIO(impose(buf.getvalue(), a4_landscape)[0]))
    half = a4_landscape[0] / 2
    for index, page in enumerate(reader.pages):
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
            a4_landscape[::-1]
        )
        for _, (x, y), k in _forms(reader, index, a4_landscape):
            assert k == pytest.approx(595.28 / 612, abs=1e-3)  # 612 pt tall pages on a 595 pt sheet
            w, h = HALF_LETTER[0] * k, HALF_LETTER[1] * k
            assert x == pytest.approx(half - w, abs=0.01) or x == pytest.approx(
                half, abs=0.01
            )  # against the fold
            assert y == pytest.approx((a4_landscape[1] - h) / 2, abs=0.01) and y >= -0.01


def test_booklets_made_together_are_the_ones_each_paper_gives_alone():
    """Both papers' booklets share one parse of the reading PDF (`Reading`) and one
    assembled document (`impose_all`): the bytes are the same as imposing each from the
    PDF's bytes alone, whichever paper comes first, and the shared parse is not changed by
    imposing from it."""
    from cardstock.books.booklet import Reading

    buf = io.BytesIO()
    canv = Canvas(buf, pagesize=HALF_LETTER, invariant=1)
    for k in range(1, 7):
        canv.setFont("Helvetica-Bold" if k % 2 else "Times-Roman", 20)
        canv.drawString(60, 300, f"READING PAGE {k:02d}")
        canv.showPage()
    canv.save()
    reading = buf.getvalue()
    a4 = (841.89, 595.28)
    separate = [impose(reading, LETTER_LANDSCAPE), impose(reading, a4)]
    shared = Reading(reading)
    assert [impose(shared, LETTER_LANDSCAPE), impose(shared, a4)] == separate
    assert impose(shared, a4) == separate[1] and impose(shared, LETTER_LANDSCAPE) == separate[0]
    # assembled once and written once per size: each file is the one its size alone gives
    from cardstock.books.booklet import impose_all

    assert impose_all(reading, [LETTER_LANDSCAPE, a4]) == separate
    assert impose_all(reading, [a4, LETTER_LANDSCAPE, a4]) == [
        separate[1],
        separate[0],
        separate[1],
    ]
    assert impose_all(Reading(reading), [(1000.0, 700.0), LETTER_LANDSCAPE]) == [
        impose(reading, (1000.0, 700.0)),
        separate[0],
    ]
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(separate[1][0])).pages)
    assert sorted(re.findall(r"READING PAGE (\d+)", text)) == [f"{k:02d}" for k in range(1, 7)]


def _reading(pages: int) -> bytes:
    buf = io.BytesIO()
    canv = Canvas(buf, pagesize=HALF_LETTER, invariant=1)
    for k in range(1, pages + 1):
        canv.drawString(60, 300, f"READING PAGE {k:02d}")
        canv.showPage()
    canv.save()
    return buf.getvalue()


def test_the_notes_of_a_booklet_imposed_again_are_drawn_once(monkeypatch):
    """The backs' notes (`booklet._notes`) are drawn once a process for the same texts:
    the booklet is the one notes drawn afresh give; other notes (another count of
    sheets, another flip) are drawn for themselves."""
    from cardstock.books import booklet

    monkeypatch.setattr(booklet, "_NOTES", {})
    drawn = booklet.NOTES_STATS.drawn
    first = impose(_reading(8), LETTER_LANDSCAPE)
    assert impose(_reading(8), LETTER_LANDSCAPE) == first
    assert booklet.NOTES_STATS.drawn == drawn + 1
    monkeypatch.setattr(booklet, "_NOTES", {})
    assert impose(_reading(8), LETTER_LANDSCAPE) == first  # the notes drawn afresh
    assert booklet.NOTES_STATS.drawn == drawn + 2
    twelve = PdfReader(io.BytesIO(impose(_reading(12), LETTER_LANDSCAPE)[0]))
    assert "sheet 3 of 3, back" in twelve.pages[5].extract_text()
    short = PdfReader(io.BytesIO(impose(_reading(8), LETTER_LANDSCAPE, duplex="short")[0]))
    assert "flip on the short edge" in short.pages[1].extract_text()
    assert booklet.NOTES_STATS.drawn == drawn + 4
