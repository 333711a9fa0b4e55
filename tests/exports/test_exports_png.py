"""PNG files are written by cardstock's own encoder (rows unfiltered, deflated at level 1):
they decode to exactly the pixels PDFium rendered, RGB for cards and RGBA (transparent
outside the cut line) for shaped pieces, record their resolution, and identical faces give
identical bytes."""

from __future__ import annotations

import io

from PIL import Image

from cardstock.layout.ops import Ellipse, Face, Rect
from cardstock.render.png import (
    faces_pdf,
    pixel_size,
    png_bytes,
    rasterise,
    rendered_pngs,
    transparent,
)

RED, GREEN = "#d02030", "#20a040"


def faces() -> list[Face]:
    card = Face.build(
        180.0,
        252.0,
        9.0,
        "rect",
        (Rect(-9, -9, 198, 270, fill=RED), Rect(40, 40, 100, 60, fill=GREEN)),
    )
    token = Face.build(72.0, 72.0, 6.0, "circle", (Ellipse(36, 36, 30, 30, fill=GREEN),))
    return [card, token]


def test_pngs_decode_to_the_rendered_pixels_with_their_resolution():
    fs = faces()
    pdf = faces_pdf(fs, title="t")
    sizes = [pixel_size(f, 150) for f in fs]
    alpha = [transparent(f) for f in fs]
    pixels = list(rasterise(pdf, 150, sizes, alpha))
    written = list(rendered_pngs(pdf, 150, sizes, alpha))
    for image, data in zip(pixels, written):
        back = Image.open(io.BytesIO(data))
        back.load()
        assert back.size == image.size and back.mode == image.mode
        assert back.tobytes() == image.tobytes()
        assert round(back.info["dpi"][0]) == 150
    card, token = (Image.open(io.BytesIO(d)) for d in written)
    assert card.mode == "RGB" and card.getpixel((5, 5)) == (0xD0, 0x20, 0x30)
    assert (
        token.mode == "RGBA" and token.getpixel((0, 0))[3] == 0
    )  # nothing painted there: transparent
    assert token.getpixel((token.width // 2, token.height // 2)) == (0x20, 0xA0, 0x40, 255)
    assert written == [png_bytes(i, 150) for i in pixels]  # one encoder, whichever way in
    assert written == list(rendered_pngs(pdf, 150, sizes, alpha))  # deterministic


def chunks(data: bytes) -> list[bytes]:
    """The chunk types of a PNG, in file order."""
    import struct

    at, out = 8, []
    while at < len(data):
        (n,) = struct.unpack(">I", data[at : at + 4])
        out.append(data[at + 4 : at + 8])
        at += 12 + n
    return out


def test_every_png_is_tagged_srgb_before_its_pixels():
    """Opaque and transparent faces, and an image fitted for a print shop: each PNG holds an
    sRGB chunk (perceptual intent) and its gAMA before the first IDAT, which Pillow reads
    back as the file's colour space."""
    fs = faces()
    pdf = faces_pdf(fs, title="t")
    sizes = [pixel_size(f, 72) for f in fs]
    alpha = [transparent(f) for f in fs]
    written = list(rendered_pngs(pdf, 72, sizes, alpha))
    written += [
        png_bytes(Image.new("RGBA", (5, 3), (1, 2, 3, 4)), 300),
        png_bytes(Image.new("L", (2, 2), 9), 96),
    ]
    for data in written:
        kinds = chunks(data)
        assert kinds[0] == b"IHDR" and kinds[-1] == b"IEND"
        assert kinds.index(b"sRGB") < kinds.index(b"IDAT") and kinds.index(b"gAMA") < kinds.index(
            b"IDAT"
        )
        image = Image.open(io.BytesIO(data))
        assert image.info.get("srgb") == 0  # rendering intent: perceptual
        assert image.info.get("gamma") == 0.45455
