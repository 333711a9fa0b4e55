"""The fonts cardstock ships (Liberation 2, SIL Open Font License; see OFL.txt).

Every face measures and draws text with these files, so SVG and PDF wrap lines at the
same places. Liberation Sans and Serif are metric-compatible with Arial and Times New
Roman, so an SVG viewed without the font files still keeps its line breaks.

A layout names a font by its short name (`sans`, `sans-bold`, `sans-italic`, `serif-bold`);
inline **bold** and *italic* switch to the variant named by `bold` / `italic`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

FONT_DIR = Path(__file__).resolve().parent


@dataclass(frozen=True)
class FontFace:
    name: str  # the name layouts use
    file: str  # file name in this folder
    family: str  # CSS family name
    weight: str  # CSS font-weight: normal | bold
    style: str  # CSS font-style: normal | italic
    bold: str  # the face used for **bold** inside this face
    italic: str  # the face used for *italic* inside this face
    fallback: str  # CSS fallbacks (metric-compatible first)

    @property
    def path(self) -> Path:
        return FONT_DIR / self.file

    @property
    def pdf_name(self) -> str:
        return "Cardstock-" + "".join(part.capitalize() for part in self.name.split("-"))


_SANS = "Arial, Helvetica, sans-serif"
_SERIF = '"Times New Roman", Times, serif'

FACES: dict[str, FontFace] = {
    "sans": FontFace("sans", "LiberationSans-Regular.ttf", "Liberation Sans", "normal", "normal", "sans-bold", "sans-italic", _SANS),
    "sans-bold": FontFace("sans-bold", "LiberationSans-Bold.ttf", "Liberation Sans", "bold", "normal", "sans-bold", "sans-bold", _SANS),
    "sans-italic": FontFace("sans-italic", "LiberationSans-Italic.ttf", "Liberation Sans", "normal", "italic", "sans-bold", "sans-italic", _SANS),
    "serif-bold": FontFace("serif-bold", "LiberationSerif-Bold.ttf", "Liberation Serif", "bold", "normal", "serif-bold", "serif-bold", _SERIF),
}


@lru_cache(maxsize=None)
def register(name: str) -> str:
    """Register the face with ReportLab (once) and return its PDF font name.

    ReportLab embeds TrueType fonts as subsets holding only the glyphs used."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    f = FACES[name]
    if f.pdf_name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(f.pdf_name, str(f.path)))
    return f.pdf_name


def register_all() -> None:
    for name in FACES:
        register(name)


@lru_cache(maxsize=None)
def _ttf(name: str):
    from reportlab.pdfbase import pdfmetrics

    return pdfmetrics.getFont(register(name))


def pdf_font(name: str):
    """The registered ReportLab TrueType font of a face (for drawing its glyphs)."""
    return _ttf(name)


_WIDTHS: dict[tuple[str, str, float], float] = {}
_WIDTHS_MAX = 100_000


def string_width(text: str, name: str, size: float) -> float:
    """The advance width of `text` in points, from the real font's metrics.

    Cached per (text, font, size): text fitting measures the same words, spaces and
    characters again for every size it tries and every face that shows them."""
    key = (text, name, size)
    w = _WIDTHS.get(key)
    if w is None:
        w = _ttf(name).stringWidth(text, size)
        if len(_WIDTHS) >= _WIDTHS_MAX:
            _WIDTHS.clear()
        _WIDTHS[key] = w
    return w


@lru_cache(maxsize=None)
def ascent(name: str) -> float:
    """Ascent as a fraction of the font size."""
    return _ttf(name).face.ascent / 1000.0


@lru_cache(maxsize=None)
def descent(name: str) -> float:
    """Descent as a (negative) fraction of the font size."""
    return _ttf(name).face.descent / 1000.0


@lru_cache(maxsize=None)
def coverage(name: str) -> frozenset[str]:
    """Every character the font has a glyph for, read from its cmap once per process."""
    return frozenset(chr(code) for code in _ttf(name).face.charToGlyph if 0 <= code <= 0x10FFFF)


def missing_glyphs(text: str, name: str) -> list[str]:
    """Characters of `text` the font cannot draw (whitespace and controls ignored), in
    the order they first appear."""
    cover = coverage(name)
    if cover.issuperset(text):  # the usual case, checked without a Python loop
        return []
    seen: list[str] = []
    for ch in text:
        if ch.isspace() or ord(ch) < 32:
            continue
        if ch not in cover and ch not in seen:
            seen.append(ch)
    return seen
