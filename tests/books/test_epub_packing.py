"""How the EPUB's zip deflates its files: the fonts, the same bytes in every build, at a
lighter level than the book's own text (docs/performance.md)."""

from __future__ import annotations

import zipfile
import zlib
from io import BytesIO

from cardstock.books import epub
from cardstock.fonts import FONT_DIR


def packed_epub(items, container: bytes, package: bytes) -> bytes:
    """The EPUB's bytes, packed in memory as the stage packs it into its file."""
    out = BytesIO()
    epub._zip_to(out, items, container, package)
    return out.getvalue()


def _deflated_size(data: bytes, level: int) -> int:
    packer = zlib.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS)
    return len(packer.compress(data) + packer.flush())


def test_an_epub_deflates_its_fonts_at_the_font_level_and_its_text_at_the_book_level():
    text = (FONT_DIR / "OFL.txt").read_bytes()
    data = text * 4  # text-like bytes whose size differs between the two levels
    assert _deflated_size(data, epub.FONT_COMPRESS_LEVEL) != _deflated_size(
        data, epub.COMPRESS_LEVEL
    )
    items = [
        epub.Item("fonts/Some.ttf", "font/ttf", data),
        epub.Item("fonts/Some.otf", "font/otf", data),
        epub.Item("rules.xhtml", "application/xhtml+xml", data),
        epub.Item("fonts/OFL.txt", "text/plain", data),
    ]
    packed = packed_epub(items, b"<container/>", b"<package/>")
    with zipfile.ZipFile(BytesIO(packed)) as z:
        sizes = {i.filename: i.compress_size for i in z.infolist()}
        assert z.read("EPUB/fonts/Some.ttf") == data  # what a reader unpacks is the same
    font = _deflated_size(data, epub.FONT_COMPRESS_LEVEL)
    book = _deflated_size(data, epub.COMPRESS_LEVEL)
    assert sizes["EPUB/fonts/Some.ttf"] == sizes["EPUB/fonts/Some.otf"] == font
    assert sizes["EPUB/rules.xhtml"] == sizes["EPUB/fonts/OFL.txt"] == book
