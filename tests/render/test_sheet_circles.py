"""A round piece's clip and cut circles on a sheet: their path made once for each centre
and radius (`render.pdf.circle_code`), written as ReportLab's canvas writes them."""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from cardstock.render import pdf
from cardstock.render.pdf import circle_code, clip_path, draw_path

CIRCLES = [(10.5, 20.25, 7.125), (300.0, 400.0, 0.3), (-2.0, 5.0, 72.0)]


def _pdf(draw) -> bytes:
    c = Canvas(io.BytesIO(), invariant=1, pageCompression=0)
    for x, y, r in CIRCLES:
        c.saveState()
        draw(c, x, y, r)
        c.restoreState()
    c.showPage()
    return bytes(c.getpdfdata())


def test_a_clip_circle_is_written_as_the_canvas_clips_to_its_circle():
    def by_canvas(c, x, y, r):
        path = c.beginPath()
        path.circle(x, y, r)
        c.clipPath(path, stroke=0, fill=0)

    def kept(c, x, y, r):
        clip_path(c, circle_code(x, y, r), even_odd=True)

    assert _pdf(kept) == _pdf(by_canvas)


def test_a_cut_circle_is_written_as_the_canvas_strokes_its_circle():
    def by_canvas(c, x, y, r):
        path = c.beginPath()
        path.circle(x, y, r)
        c.drawPath(path, stroke=1, fill=0)

    def kept(c, x, y, r):
        draw_path(c, circle_code(x, y, r), stroke=1, fill=0)

    assert _pdf(kept) == _pdf(by_canvas)


def test_each_circle_is_made_once_for_its_centre_and_radius(monkeypatch):
    made = []
    make = pdf._circle_code

    def counted(x, y, r):
        made.append((x, y, r))
        return make(x, y, r)

    monkeypatch.setattr(pdf, "_circle_code", counted)
    for _ in range(3):
        for x, y, r in CIRCLES:
            assert circle_code(x, y, r) == make(x, y, r)
    assert sorted(made) == sorted(CIRCLES)
