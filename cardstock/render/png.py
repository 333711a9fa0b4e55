"""Faces → a PDF with one face per page → PNG pixels.

A face is drawn by the PDF renderer the sheets use (`cardstock.render.pdf.PdfFaces`) onto a
page exactly as large as its bleed box, so the page's MediaBox is the BleedBox and its
TrimBox is the card. That document is both the per-card PDF a print shop gets and the
source of every raster export: pypdfium2 (PDFium, the PDF engine of Chromium, shipped as a
wheel) renders each page to pixels, one page at a time, so memory does not grow with the
deck.

Pixels are sRGB, and every PNG says so: it carries an `sRGB` chunk (rendering intent
perceptual) with the `gAMA` value the PNG specification pairs with it, so a print shop's
or a viewer's colour management reads the file as sRGB instead of guessing. A face that
is not a rectangle (hex tiles, round tokens) is rendered on a transparent background: the
renderer clips every face to its cut line grown by the bleed, so everything outside that
outline stays transparent in the PNG.
"""

from __future__ import annotations

import io
import os
import struct
import zlib
from collections.abc import Iterator, Sequence
from typing import Any

from reportlab.lib.utils import ImageReader

from ..core.units import POINTS_PER
from ..core.workers import worker_start
from ..layout.art.shapes import shape_of
from ..layout.ops import Face
from .pdf import PdfFaces, cmyk_image
from .pdfdoc import PdfX, make_pdfx, new_canvas, pdf_settings, unique_subset_tags
from .prepress import flatten, inks

INCH = POINTS_PER["in"]  # points per inch


def pixel_size(face: Face, dpi: float) -> tuple[int, int]:
    """The PNG size of a face with its bleed: (trim + 2 × bleed) × dpi, rounded."""
    b = face.bleed
    return round((face.width + 2 * b) / INCH * dpi), round((face.height + 2 * b) / INCH * dpi)


def transparent(face: Face) -> bool:
    """Whether a face's PNG has a transparent background: every shaped piece (hex tiles,
    round tokens, die nets, standees), so nothing shows outside what the face paints."""
    return shape_of(face.shape).transparent


def faces_pdf(
    faces: Sequence[Face],
    *,
    title: str,
    cmyk: bool = False,
    pdfx: PdfX | None = None,
    dpi: int = 300,
) -> bytes:
    """A PDF with one face per page: MediaBox = BleedBox = the face with its bleed, TrimBox
    = the cut size. Deterministic (ReportLab's invariant mode).

    `cmyk`: colours in DeviceCMYK, blacks by the recipe of `prepress.inks`. `pdfx`: a
    PDF/X-1a document (CMYK, implied): its output intent and version (`pdf.make_pdfx`),
    every face flattened (`prepress.flatten`); a face that cannot be flattened as vectors
    is drawn as a CMYK picture of itself at `dpi`."""

    buffer = io.BytesIO()
    first = faces[0] if faces else None
    size = _page_size(first) if first else (72.0, 72.0)
    cmyk = cmyk or pdfx is not None
    ready: dict[str, Face | None] = {}  # face key -> the face as printed (None: as a picture)
    with pdf_settings():
        c = new_canvas(buffer, size, title)
        if pdfx is not None:
            make_pdfx(c, pdfx)
        drawer = PdfFaces(c, cmyk=cmyk, opaque=pdfx is not None)
        for face in faces:
            w, h = _page_size(face)
            b = face.bleed
            c.setPageSize((w, h))
            c.setBleedBox([0, 0, w, h])
            c.setTrimBox([b, b, b + face.width, b + face.height])
            if face.key not in ready:
                inked = inks(face) if cmyk else face
                ready[face.key] = flatten(inked) if pdfx is not None else inked
            printed = ready[face.key]
            if printed is None:
                c.drawImage(ImageReader(_cmyk_picture(face, dpi)), 0, 0, w, h)
            else:
                drawer.draw(printed, b, b)
            c.showPage()
        c.save()
    return unique_subset_tags(buffer.getvalue())


def _cmyk_picture(face: Face, dpi: int) -> Any:
    """A face as a CMYK picture of itself, bleed included, at `dpi` (on white paper)."""
    pdf = faces_pdf([face], title="face")
    (image,) = rasterise(pdf, dpi, [pixel_size(face, dpi)], [False])
    return cmyk_image(image)


def _page_size(face: Face) -> tuple[float, float]:
    return face.width + 2 * face.bleed, face.height + 2 * face.bleed


def _bitmaps(
    pdf: bytes, dpi: float, alpha: Sequence[bool], pages: Sequence[int] | None
) -> Iterator[tuple[int, Any]]:
    """(page index, PDFium bitmap) for each page of `pdf` (or those in `pages`), one page at
    a time; `alpha[i]`: page i on a transparent background (RGBA) instead of white (RGB)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        for i in range(len(doc)) if pages is None else pages:
            page = doc[i]
            fill = (255, 255, 255, 0) if alpha[i] else (255, 255, 255, 255)
            yield (
                i,
                page.render(
                    scale=dpi / INCH, fill_color=fill, rev_byteorder=True, draw_annots=False
                ),
            )
            page.close()
    finally:
        doc.close()


def rasterise(
    pdf: bytes,
    dpi: float,
    sizes: Sequence[tuple[int, int]],
    alpha: Sequence[bool],
    pages: Sequence[int] | None = None,
) -> Iterator[Any]:
    """Each page of `pdf` (or those in `pages`) as a PIL image of the given pixel size, one
    page at a time.

    `alpha[i]`: render page i on a transparent background (RGBA) instead of white (RGB)."""
    for i, bitmap in _bitmaps(pdf, dpi, alpha, pages):
        image = bitmap.to_pil()
        w, h = sizes[i]
        if image.size != (w, h):  # PDFium rounds the page size up; the rest is < 1 px
            image = (
                image.crop((0, 0, w, h))
                if image.width >= w and image.height >= h
                else image.resize((w, h))
            )
        yield image


# The document a forked worker renders from: set before the pool starts, so the workers
# inherit it instead of receiving the PDF through a pipe.
_SHARED: dict[str, Any] = {}
POOL_MIN_PAGES = 12  # fewer pages are rendered in this process (a pool costs ~50 ms to start)


def rendered_pngs(
    pdf: bytes,
    dpi: float,
    sizes: Sequence[tuple[int, int]],
    alpha: Sequence[bool],
    pages: Sequence[int] | None = None,
) -> Iterator[bytes]:
    """Each page of `pdf` (or those in `pages`) as PNG bytes of the given pixel size,
    encoded straight from PDFium's bitmap: the same pixels `rasterise` gives, without
    making a PIL image of each page first."""
    for i, bitmap in _bitmaps(pdf, dpi, alpha, pages):
        w, h = sizes[i]
        if bitmap.width >= w and bitmap.height >= h and bitmap.n_channels in (3, 4):
            # PDFium rounds the page size up; the rows and columns past (w, h) are < 1 px
            yield png_pixels(
                memoryview(bitmap.buffer).cast("B"), w, h, bitmap.stride, bitmap.n_channels, dpi
            )
        else:  # pragma: no cover - a bitmap smaller than asked: resample as rasterise does
            yield png_bytes(bitmap.to_pil().resize((w, h)), dpi)


def _render_chunk(indexes: list[int]) -> list[bytes]:
    job = _SHARED
    return list(rendered_pngs(job["pdf"], job["dpi"], job["sizes"], job["alpha"], pages=indexes))


def pngs(
    pdf: bytes,
    dpi: float,
    sizes: Sequence[tuple[int, int]],
    alpha: Sequence[bool],
    *,
    jobs: int = 0,
) -> Iterator[bytes]:
    """Each page of `pdf` as PNG bytes, in page order. With more than one core (or `jobs`)
    and enough pages, pages are rendered and encoded by a bounded pool of forked processes
    in small chunks, so at most a few images per worker are in memory at once."""
    n = len(sizes)
    jobs = jobs or (
        len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    )
    if jobs < 2 or n < POOL_MIN_PAGES or not hasattr(os, "fork"):
        yield from rendered_pngs(pdf, dpi, sizes, alpha)
        return

    size = 4
    chunks = [list(range(i, min(n, i + size))) for i in range(0, n, size)]
    _SHARED.update(pdf=pdf, dpi=dpi, sizes=list(sizes), alpha=list(alpha))
    try:
        import multiprocessing  # only when a pool renders (see POOL_MIN_PAGES)

        with multiprocessing.get_context("fork").Pool(
            min(jobs, 2 * len(chunks)), initializer=worker_start, initargs=(os.getpid(),)
        ) as pool:
            for chunk in pool.imap(_render_chunk, chunks):
                yield from chunk
    finally:
        _SHARED.clear()


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_LEVEL = 1  # deflate level: flat card colours compress nearly as well at 1 as at 6, far faster


def _deflate(data: bytes) -> bytes:
    """zlib-format deflate at PNG_LEVEL, by the standard library: the same pixels give the
    same bytes in every process (ISA-L, several times as fast, was tried and now and then
    gave other bytes for the same pixels)."""
    return zlib.compress(data, PNG_LEVEL)


def _chunk(tag: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data))
        + tag
        + data
        + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    )


# The colour space every PNG is tagged with: sRGB (rendering intent 0, perceptual), and the
# gamma the PNG specification says a writer of an sRGB chunk should also give (1/2.2 as
# 45455 hundred-thousandths) for decoders that read gAMA only.
SRGB_CHUNKS = _chunk(b"sRGB", bytes([0])) + _chunk(b"gAMA", struct.pack(">I", 45455))


def png_bytes(image: Any, dpi: float) -> bytes:
    """A PNG of a PIL image (RGB or RGBA) with its resolution recorded (see `png_pixels`)."""
    if image.mode not in ("RGB", "RGBA"):
        image = image.convert("RGBA" if "A" in image.getbands() else "RGB")
    channels = 4 if image.mode == "RGBA" else 3
    width, height = image.size
    return png_pixels(memoryview(image.tobytes()), width, height, width * channels, channels, dpi)


def png_pixels(
    pixels: memoryview, width: int, height: int, stride: int, channels: int, dpi: float
) -> bytes:
    """A PNG of `height` rows of RGB (3 channels) or RGBA (4) bytes, each row starting
    `stride` bytes after the one before, of which the first `width` pixels are kept; the
    same pixels give the same bytes. Written here rather than by Pillow's encoder, which
    took most of a PNG export's time: every row unfiltered and the whole image deflated
    once at level 1 by zlib is about three times as fast as Pillow's fastest setting on
    300-dpi card faces (measured here: about 5 ms against 15 ms a card), and the files
    are smaller, as card art is mostly flat colour, which deflate's matching finds without
    a row filter."""
    row = width * channels
    rows = bytearray((row + 1) * height)  # each row: filter type 0, then its pixels
    for y in range(height):
        start = y * (row + 1) + 1
        rows[start : start + row] = pixels[y * stride : y * stride + row]
    header = struct.pack(">IIBBBBB", width, height, 8, 6 if channels == 4 else 2, 0, 0, 0)
    per_metre = round(dpi / 0.0254)
    return b"".join(
        (
            PNG_SIGNATURE,
            _chunk(b"IHDR", header),
            SRGB_CHUNKS,
            _chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)),
            _chunk(b"IDAT", _deflate(bytes(rows))),
            _chunk(b"IEND", b""),
        )
    )


def face_pngs(faces: Sequence[Face], dpi: float, *, title: str = "faces") -> Iterator[bytes]:
    """Each face as PNG bytes, drawn through a faces PDF (one page per face)."""
    pdf = faces_pdf(faces, title=title)
    yield from pngs(pdf, dpi, [pixel_size(f, dpi) for f in faces], [transparent(f) for f in faces])


__all__ = [
    "faces_pdf",
    "face_pngs",
    "pixel_size",
    "png_bytes",
    "png_pixels",
    "pngs",
    "rasterise",
    "rendered_pngs",
    "transparent",
]
