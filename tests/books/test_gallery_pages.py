"""A gallery's grid is made a page at a time (`books.grid.Grid`): it lays out exactly as
the one table of every row would, and holds no more than a page of rows at once."""

from __future__ import annotations

import io

from reportlab.lib.pagesizes import A6
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.platypus import Flowable, KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table

from cardstock.books.grid import Grid, KeepGallery
from cardstock.books.story import Styles, grid_style

COLS = 3
WIDTHS = [80.0] * COLS
STYLE = grid_style(Styles("#336699"), "TOP", (3, 3, 2, 3), "CENTER")


class Mark(Flowable):
    """A small box that counts how often it is drawn."""

    drawn = 0

    def wrap(self, availWidth, availHeight):
        return 40, 30

    def draw(self):
        Mark.drawn += 1
        self.canv.rect(0, 0, 40, 30)


def _cells(i: int, count: int) -> list:
    body = getSampleStyleSheet()["BodyText"]
    row = []
    for k in range(i * COLS, min(count, (i + 1) * COLS)):
        words = " ".join(["word"] * (1 + (k * 7) % 11))  # captions of one to three lines
        row.append([Mark(), Paragraph(f"{k}: {words}", body)])
    return row + [""] * (COLS - len(row))


def _pdf(story: list) -> bytes:
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=A6, invariant=1).build(story)
    return out.getvalue()


def _head() -> Paragraph:
    return Paragraph("Cards, 100", getSampleStyleSheet()["Heading2"])


def _rows(count: int) -> int:
    return -(-count // COLS)


def test_a_grid_over_many_pages_draws_what_the_one_table_draws():
    count = 100
    table = Table(
        [_cells(i, count) for i in range(_rows(count))],
        colWidths=WIDTHS,
        style=STYLE,
        hAlign="LEFT",
    )
    whole = _pdf([Spacer(1, 150), KeepTogether([_head(), table])])
    grid = Grid(lambda i: _cells(i, count), _rows(count), WIDTHS, STYLE)
    paged = _pdf([Spacer(1, 150), KeepGallery(_head(), grid)])
    assert paged.count(b"/Type /Page\n") > 5  # it does run over many pages
    assert paged == whole


def test_a_grid_that_fits_is_drawn_as_its_one_table():
    count = 4
    table = Table([_cells(i, count) for i in range(_rows(count))], colWidths=WIDTHS, style=STYLE)
    table.hAlign = "LEFT"
    grid = Grid(lambda i: _cells(i, count), _rows(count), WIDTHS, STYLE)
    assert _pdf([KeepGallery(_head(), grid)]) == _pdf([KeepTogether([_head(), table])])


def test_a_grid_makes_its_rows_as_its_pages_need_them():
    count, made, most = 120, [], [0]
    Mark.drawn = 0

    def row(i: int) -> list:
        made.append(i)
        most[0] = max(most[0], len(made) * COLS - Mark.drawn)  # made and not yet drawn
        return _cells(i, count)

    _pdf([KeepGallery(_head(), Grid(row, _rows(count), WIDTHS, STYLE))])
    assert sorted(made) == list(range(_rows(count)))  # each row made once
    assert Mark.drawn == count
    per_page = 5 * COLS  # A6 holds four or five rows of these
    assert most[0] <= 2 * per_page


def test_a_grid_kept_with_a_heading_is_measured_no_further_than_its_tallest_frame():
    # A heading kept with what follows it is wrapped by ReportLab in a KeepTogether, which
    # asks each part its height in a space without bound: a grid told the tallest frame it
    # is laid out in makes no more rows for that than a page holds, and draws the same.
    count = 120
    head = getSampleStyleSheet()["Heading2"].clone("kept", keepWithNext=1)
    tallest = A6[1] - 2 * 72 - 12  # SimpleDocTemplate's frame, less its padding

    def drawn(bound: float) -> tuple[bytes, int]:
        made: list[int] = []
        Mark.drawn = 0
        most = [0]

        def row(i: int) -> list:
            made.append(i)
            most[0] = max(most[0], len(made) * COLS - Mark.drawn)
            return _cells(i, count)

        grid = Grid(row, _rows(count), WIDTHS, STYLE, tallest=bound)
        story = [Spacer(1, 150), KeepGallery(Paragraph("Cards, 120", head), grid)]
        return _pdf(story), most[0]

    unbound, held_unbound = drawn(float("inf"))
    bound, held = drawn(tallest)
    assert bound == unbound
    assert held_unbound >= count  # measured whole, every row made before the first is drawn
    assert held <= 2 * 5 * COLS
