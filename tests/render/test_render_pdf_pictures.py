"""A document keeps the pictures it draws decoded, to draw them again, while they hold at
most `render.pdf.PICTURES_KEPT` pixels: the pictures drawn longest ago go first, and one
drawn again is read again. So many large pictures are never all held at once, and what
is drawn does not depend on what was kept: a picture read again is named by the same
pixels, and the document comes out the same bytes."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image as PILImage
from reportlab.pdfgen.canvas import Canvas

from cardstock.layout.ops import Face, Image
from cardstock.render import pdf
from cardstock.render.pdfdoc import pdf_settings

SIDE = 40  # pixels a side of each picture: 1,600 pixels
ORDER = [0, 1, 2, 0, 3, 4, 1, 5, 0, 6, 7, 2, 0]  # pictures drawn again, near and far apart


def _pictures(folder: Path, n: int) -> list[Path]:
    """`n` distinct PNG pictures of SIDE x SIDE pixels."""
    paths = []
    for i in range(n):
        path = folder / f"p{i}.png"
        PILImage.new("RGB", (SIDE, SIDE), (20 * i, 255 - 20 * i, 90)).save(path)
        paths.append(path)
    return paths


def _drawn(paths: list[Path], monkeypatch: pytest.MonkeyPatch, kept: int) -> tuple[bytes, Any]:
    """A document of one face a picture, in ORDER, with `kept` pixels kept; its bytes and
    what was seen: the pixels kept after each picture, and how often each file was read."""
    monkeypatch.setattr(pdf, "PICTURES_KEPT", kept)
    seen: dict[str, Any] = {"kept": [], "reads": {}}
    from cardstock.core.files import read_again  # what the drawer reads a picture with

    def counted(path: Path) -> bytes:
        seen["reads"][path.name] = seen["reads"].get(path.name, 0) + 1
        return read_again(path)

    monkeypatch.setattr(pdf, "read_again", counted)
    faces = [
        Face.build(30.0, 30.0, 0.0, "rect", (Image(2.0, 2.0, 26.0, 26.0, str(paths[i]), str(i)),))
        for i in ORDER
    ]
    buf = io.BytesIO()
    with pdf_settings():
        c = Canvas(buf, pagesize=(200, 200), invariant=1)
        drawer = pdf.PdfFaces(c)
        for face in faces:
            drawer.draw(face, 10.0, 10.0)
            seen["kept"].append(drawer._kept)
            c.showPage()
        c.save()
    return buf.getvalue(), seen


def test_the_pictures_kept_never_hold_more_than_the_bound(tmp_path, monkeypatch):
    paths = _pictures(tmp_path, 8)
    _, seen = _drawn(paths, monkeypatch, 3 * SIDE * SIDE)
    assert max(seen["kept"]) <= 3 * SIDE * SIDE
    assert seen["reads"]["p0.png"] > 1  # drawn again after three others: read again


def test_a_picture_drawn_again_while_kept_is_read_once(tmp_path, monkeypatch):
    paths = _pictures(tmp_path, 8)
    _, seen = _drawn(paths, monkeypatch, 8 * SIDE * SIDE)
    assert seen["reads"] == {f"p{i}.png": 1 for i in range(8)}


def test_the_document_is_the_same_bytes_whatever_was_kept(tmp_path, monkeypatch):
    paths = _pictures(tmp_path, 8)
    all_kept, _ = _drawn(paths, monkeypatch, 8 * SIDE * SIDE)
    one_kept, seen = _drawn(paths, monkeypatch, 1)  # only the picture just drawn stays
    assert max(seen["kept"]) == SIDE * SIDE
    assert one_kept == all_kept
    assert all_kept.count(b"/Subtype /Image") == 8  # each picture once in the file
