"""A rulebook gallery keeps its rows in line: when one caption wraps onto a second line,
the faces of that row still start at the same height (read back from the PDF by where
each face's title is drawn)."""

from __future__ import annotations

import io
from pathlib import Path

from conftest import faces_of, load_games
from pypdf import PdfReader
from reportlab.lib.pagesizes import A5
from reportlab.platypus import SimpleDocTemplate

from cardstock.books.art import _grid
from cardstock.books.content import Thumbs
from cardstock.books.story import Styles, accent_color

ROOT = Path(__file__).resolve().parents[2]


def test_a_wrapping_caption_leaves_the_faces_of_its_row_in_line():
    (cat,), _ = load_games(ROOT, ["atmosfear"])
    comps = [c for c in cat.components if c.set == "realms"][:5]
    styles = Styles(accent_color(cat.game))
    labels = [c.name for c in comps]
    labels[1] = "A caption long enough to wrap onto a second and a third line under its face"
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=A5)
    width = A5[0] - doc.leftMargin - doc.rightMargin
    doc.build([_grid(cat, comps, styles, width, [], Thumbs(faces_of(cat)), labels)])
    page = PdfReader(io.BytesIO(buffer.getvalue())).pages[0]
    tops: dict[str, float] = {}

    def seen(text, cm, tm, font, size):
        y = tm[5] * cm[3] + cm[5]
        if text.strip() in names:
            tops.setdefault(text.strip(), y)

    names = {c.name for c in comps}
    page.extract_text(visitor_text=seen)
    assert len(tops) == len(comps)  # each face's title, drawn inside the face
    assert max(tops.values()) - min(tops.values()) < 0.5
