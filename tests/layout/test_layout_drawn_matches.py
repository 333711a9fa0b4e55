"""A card drawn in Inkscape's format (tests/fixtures/drawn/twin.svg: labels and ids only,
px user units, a layer scaled to millimetres, a text in a moved group) prints the same
faces as the written layout that places the same boxes by hand: every pixel of the
rendered PNGs at 300 dpi within 1 px of the other picture's."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import FIXTURES
from PIL import Image, ImageChops, ImageFilter

WRITTEN = """\
[layouts.cards.boxes.ground]
type = "rect"
frame = "trim"
left = "-3mm"
top = "-3mm"
width = "69.5mm"
height = "94.9mm"
fill = "#1d3557"

[layouts.cards.boxes.band]
type = "rect"
frame = "trim"
left = "4mm"
top = "4mm"
width = "55.5mm"
height = "8mm"
fill = "{{ accent }}"

[layouts.cards.boxes.art]
type = "art"
frame = "trim"
left = "4mm"
top = "16mm"
width = "55.5mm"
height = "40mm"
art = "{{ art_file }}"

[layouts.cards.boxes.name]
type = "text"
frame = "trim"
left = "4mm"
top = "4mm"
width = "55.5mm"
height = "8mm"
text = "{{ name }}"
font = "sans-bold"
size = "12pt"
color = "#ffffff"
align = "center"

[layouts.cards.boxes.rules]
type = "text"
frame = "trim"
left = "6mm"
top = "60mm"
width = "51.5mm"
height = "20mm"
text = "{{ text }}"
font = "sans"
size = "9pt"
leading = 1.25
color = "#23232b"

[layouts.cards.boxes.dot]
type = "ellipse"
frame = "trim"
left = "50mm"
top = "70mm"
width = "8mm"
height = "8mm"
fill = "#e9c46a"
"""


def built(cli, root: Path, faces: str, drawing: bool) -> Path:
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    (root / "layouts" / "mini").mkdir(parents=True)
    if drawing:
        shutil.copy(FIXTURES / "drawn" / "twin.svg", root / "layouts" / "mini" / "twin.svg")
    (root / "layouts" / "mini" / "faces.toml").write_text(faces, encoding="utf-8")
    made = cli("--root", str(root), "build", "--jobs", "1", "--only", "cards")
    assert made.code == 0, made.err
    return root / "output" / "mini" / "cards" / "png"


def within_one_pixel(a: Image.Image, b: Image.Image, tolerance: int = 8) -> float:
    """The share of `a`'s pixels whose colour lies, channel by channel, between the least
    and the most of `b`'s pixels within 1 px of it (give or take `tolerance`)."""
    low = b.filter(ImageFilter.MinFilter(3))
    high = b.filter(ImageFilter.MaxFilter(3))
    under = ImageChops.subtract(low, a)  # how far a is below the least near it
    over = ImageChops.subtract(a, high)  # how far a is above the most near it
    worst = (
        ImageChops.lighter(under, over).convert("L").point(lambda v: 255 if v > tolerance else 0)
    )
    bad = worst.histogram()[255]
    return 1 - bad / (a.width * a.height)


def test_a_card_drawn_in_inkscape_prints_as_its_written_twin_within_a_pixel(cli, tmp_path):
    drawn = built(cli, tmp_path / "drawn", '[layouts.cards]\ndrawn = "twin.svg"\n', True)
    written = built(cli, tmp_path / "written", "[layouts.cards]\n" + WRITTEN, False)
    for face in ("ember-front.png", "blaze-front.png", "spring-front.png", "flood-front.png"):
        a = Image.open(drawn / face).convert("RGB")
        b = Image.open(written / face).convert("RGB")
        assert a.size == b.size == (821, 1121), face  # 300 dpi, with the bleed
        assert within_one_pixel(a, b) == 1.0, face
        assert within_one_pixel(b, a) == 1.0, face
