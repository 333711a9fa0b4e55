"""A book's Latin paragraph breaks its lines once for a width (`MeasuredParagraph`): asked
again at that width it answers the same, and a new width or a split measures it anew."""

from __future__ import annotations

import copy

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from cardstock.books.scripts import MeasuredParagraph

TEXT = " ".join(f"word{i}" for i in range(60))
STYLE = ParagraphStyle("body", fontName="Helvetica", fontSize=10, leading=12)


def test_a_width_asked_again_gives_the_same_size_as_reportlab_measures() -> None:
    para = MeasuredParagraph(TEXT, STYLE)
    first = para.wrap(200, 1000)
    assert para.wrap(200, 1000) == first == Paragraph(TEXT, STYLE).wrap(200, 1000)


def test_another_width_is_measured_anew_not_answered_from_the_last() -> None:
    para = MeasuredParagraph(TEXT, STYLE)
    narrow = para.wrap(100, 1000)
    wide = para.wrap(300, 1000)
    assert wide == Paragraph(TEXT, STYLE).wrap(300, 1000)
    assert wide[1] < narrow[1]
    assert para.wrap(100, 1000) == narrow


def test_a_split_paragraphs_parts_are_measured_and_it_is_measured_again() -> None:
    para = MeasuredParagraph(TEXT, STYLE)
    _, height = para.wrap(100, 1000)
    parts = para.split(100, height / 2)
    assert len(parts) == 2
    heights = [p.wrap(100, 1000)[1] for p in parts]
    assert sum(heights) == height
    assert all(isinstance(p, MeasuredParagraph) for p in parts)
    assert para.wrap(100, 1000) == (100, height)


def _drawn(para, width: float) -> bytes:
    """The paragraph drawn alone on a page, as PDF bytes."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    buf = io.BytesIO()
    canvas = Canvas(buf, pageCompression=0, invariant=1)
    _, height = para.wrap(width, 1000)
    para.drawOn(canvas, 10, 800 - height)
    canvas.save()
    return buf.getvalue()


def test_a_copy_split_to_balance_columns_leaves_the_paragraph_as_it_was() -> None:
    # mixed styles make ReportLab break the lines word by word ("hard" lines), whose split
    # rewrites the words where it cuts: the copy's lines are its own, its parsed text and
    # style are shared
    marked = " ".join(f"<b>bold{i}</b> plain{i}" for i in range(40))
    para = MeasuredParagraph(marked, STYLE)
    _, height = para.wrap(150, 1000)
    before = _drawn(MeasuredParagraph(marked, STYLE), 150)
    for cut in (height / 3, height / 2, 2 * height / 3):
        twin = copy.deepcopy(para)
        assert twin.frags is para.frags and twin.style is para.style
        assert twin.blPara is not para.blPara
        assert len(twin.split(150, cut)) == 2
    assert para.wrap(150, 1000) == (150, height)
    assert _drawn(para, 150) == before
