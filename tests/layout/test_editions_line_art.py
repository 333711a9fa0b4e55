"""A raster picture in a box whose `ink` is `outline` is traced as line art in the
ink-saver edition: its shapes' edges are drawn, their insides left to the paper. Read
back from the rendered face's pixels."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

from helpers_faces import comp, load, make_project
from PIL import Image as PILImage
from PIL import ImageDraw

from cardstock.layout.faces import Faces
from cardstock.layout.ops import Face, Image, walk
from cardstock.render.png import face_pngs

DPI = 150
# the art box filled by the picture (stretched), its frame drawn in no colour
ART = """
[layouts.card.boxes.art]
art = "art/block.png"
top = "12mm"
bottom = "40mm"
left = "8mm"
right = "8mm"
fit = "stretch"
stroke = "none"
radius = "0mm"
"""


def picture(folder: Path) -> None:
    """A pale green picture with a dark red square in its middle third."""
    image = PILImage.new("RGB", (300, 300), (150, 200, 150))
    ImageDraw.Draw(image).rectangle((100, 100, 199, 199), fill=(120, 10, 10))
    (folder / "art").mkdir(exist_ok=True)
    image.save(folder / "art" / "block.png")


def face(tmp_path: Path, edition: str | None, ink: str) -> Face:
    root = make_project(tmp_path / (edition or "colour"), ART + ink)
    picture(root / "catalog" / "fixture")
    cat = load(root)
    faces = Faces(replace(cat, edition=edition))
    made = faces.face(faces.records.of(comp(cat, "fish")), "front")
    assert made is not None
    return made


def test_outlined_raster_art_is_traced_as_lines_in_the_ink_saver(tmp_path: Path) -> None:
    colour = face(tmp_path, None, 'ink = "outline"\n')
    saver = face(tmp_path, "ink-saver", 'ink = "outline"\n')
    (art,) = [op for op in walk(colour.ops) if isinstance(op, Image)]
    assert [op for op in walk(saver.ops) if isinstance(op, Image)] == []
    image = PILImage.open(io.BytesIO(next(face_pngs([saver], DPI)))).convert("RGB")
    colour_image = PILImage.open(io.BytesIO(next(face_pngs([colour], DPI)))).convert("RGB")

    def dark(img: PILImage.Image, fx: float, fy: float) -> int:
        x = (art.x + fx * art.w + saver.bleed) * DPI / 72
        y = (art.y + fy * art.h + saver.bleed) * DPI / 72
        px = img.getpixel((round(x), round(y)))
        assert isinstance(px, tuple)
        return 255 - min(px)

    # in colour: the square's inside and the ground around it are inked
    assert dark(colour_image, 0.5, 0.5) > 200 and dark(colour_image, 0.15, 0.5) > 80
    # as line art: both are paper, and the square's left and right edges are lines
    assert dark(image, 0.5, 0.5) < 15 and dark(image, 0.15, 0.5) < 15
    for fx in (1 / 3, 2 / 3):
        edge = max(dark(image, fx + dx / art.w, 0.5) for dx in (-1.5, -0.75, 0, 0.75, 1.5))
        assert edge > 120, fx
    # the picture's own border is no line of the art
    assert dark(image, 0.01, 0.5) < 15


def test_line_art_is_the_same_ops_on_every_draw(tmp_path: Path) -> None:
    first = face(tmp_path / "a", "ink-saver", 'ink = "outline"\n')
    second = face(tmp_path / "b", "ink-saver", 'ink = "outline"\n')
    assert first.ops == second.ops and first.key == second.key
