"""The books of a big game hold no card's drawing for the whole of their making: the
rulebook's gallery and the EPUB keep each thumbnail as an outline when the game keeps
only outlines (`Faces.retain`) and read its drawing back when it is drawn, and a booklet
decodes each reading page without pypdf keeping the decoded copy on the reader."""

from __future__ import annotations

import io

from conftest import load_games
from helpers_generated import generated_game
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from cardstock.books.booklet import Reading
from cardstock.books.content import Thumbs, laid_out
from cardstock.core.cache import open_cache
from cardstock.layout import faces as faces_module
from cardstock.layout.faces import Faces


def _faces(tmp_path, monkeypatch, retain_max):
    monkeypatch.setattr(faces_module, "RETAIN_MAX", retain_max)
    generated_game(tmp_path, 12)
    (cat,), issues = load_games(tmp_path, ["gen"])
    assert not issues.errors
    return cat, Faces(cat, open_cache(tmp_path / "cache"))


def test_a_thumbnail_of_a_game_keeping_outlines_holds_no_drawing_until_drawn(tmp_path, monkeypatch):
    cat, faces = _faces(tmp_path, monkeypatch, 4)
    assert not faces.retain
    comp = cat.components[3]
    thumbs = Thumbs(faces)
    thumb = thumbs.of(comp, [])
    assert thumb is not None and not thumb.ops
    drawn = thumbs.drawing(thumb)
    assert drawn.ops and drawn == laid_out(faces, comp, [])  # the face the book showed before


def test_a_thumbnail_of_a_game_keeping_drawings_is_the_face_itself(tmp_path, monkeypatch):
    cat, faces = _faces(tmp_path, monkeypatch, 1000)
    assert faces.retain
    thumbs = Thumbs(faces)
    thumb = thumbs.of(cat.components[2], [])
    assert thumb is not None and thumb.ops and thumbs.drawing(thumb) is thumb


def test_thumbnails_gather_the_fonts_their_texts_are_set_in(tmp_path, monkeypatch):
    cat, faces = _faces(tmp_path, monkeypatch, 4)
    fonts: set[str] = set()
    Thumbs(faces, fonts).of(cat.components[0], [])
    assert fonts  # a generated card prints its name


def _pdf(pages: int) -> bytes:
    buf = io.BytesIO()
    canvas = Canvas(buf)
    for n in range(pages):
        canvas.drawString(72, 720, f"page {n + 1}")
        canvas.showPage()
    canvas.save()
    return buf.getvalue()


def test_a_reading_page_is_decoded_without_a_copy_left_on_the_reader():
    data = _pdf(3)
    reading = Reading(data)
    for page, _, _ in reading.pages:
        drawing = Reading.drawing(page)
        assert b"page" in drawing
        assert page["/Contents"].get_object().decoded_self is None
    again = PdfReader(io.BytesIO(data)).pages[1].get_contents()
    assert again is not None and Reading.drawing(reading.pages[1][0]) == again.get_data()
