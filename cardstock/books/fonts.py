"""The fonts books are set in: the TrueType faces cardstock ships (`cardstock.fonts`), so
rulebooks match the cards and every PDF embeds its fonts (as subsets).

A book is set in Liberation (the cards' own fonts) unless a reading font is asked for
(`--reading-font`, `BuildOptions.reading_font`): Atkinson Hyperlegible, drawn by the
Braille Institute for readers with low vision, its letters told apart by their shapes
(OFL, `cardstock/fonts/OFL-AtkinsonHyperlegible.txt`). Its faces are the book's own, not
names a card layout can use.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.fonts import addMapping

from .. import fonts as shared
from ..core.scripts import ignorable

LIBERATION = "liberation"
READING_FONTS = ("atkinson-hyperlegible",)  # what `--reading-font` accepts


@dataclass
class Faces:
    """A book's family: the PDF font names of its faces, and the shared font (by its
    short name in `cardstock.fonts`, or a reading face) whose coverage the text is
    checked against."""

    regular: str = ""
    bold: str = ""
    italic: str = ""
    heading: str = ""
    family: str = LIBERATION
    css: str = "Liberation Sans"  # the family an HTML or EPUB edition names


_READING_FILES = {
    "atkinson-hyperlegible": (
        "Atkinson Hyperlegible",
        "AtkinsonHyperlegible-Regular.ttf",
        "AtkinsonHyperlegible-Bold.ttf",
        "AtkinsonHyperlegible-Italic.ttf",
    )
}

_families: dict[str, Faces] = {}
_reading: dict[str, shared.Loaded] = {}


def _reading_face(family: str, style: str, file: str) -> str:
    """Register one face of a reading font with ReportLab (once) and return its PDF name."""
    key = f"{family}-{style}"
    if key not in _reading:
        css = _READING_FILES[family][0]
        face = shared.FontFace(
            key,
            file,
            css,
            "bold" if style == "bold" else "normal",
            "italic" if style == "italic" else "normal",
            f"{family}-bold",
            f"{family}-italic",
            "sans-serif",
        )
        _reading[key] = shared.Loaded(face)
    return _reading[key].pdf_name


def register(family: str | None = None) -> Faces:
    """Register a book family once (regular, bold, italic; bold italic falls back to bold)
    and return its PDF font names: Liberation, or the reading font `family` names."""
    family = family or LIBERATION
    if family not in _families:
        if family == LIBERATION:
            f = Faces(
                shared.register("sans"),
                shared.register("sans-bold"),
                shared.register("sans-italic"),
                shared.register("serif-bold"),
            )
        elif family in _READING_FILES:
            css, regular, bold, italic = _READING_FILES[family]
            f = Faces(
                _reading_face(family, "regular", regular),
                _reading_face(family, "bold", bold),
                _reading_face(family, "italic", italic),
                _reading_face(family, "bold", bold),
                family,
                css,
            )
        else:
            raise ValueError(
                f"unknown reading font {family!r}; choose one of: {', '.join(READING_FONTS)}"
            )
        for name in (f.regular, f.bold, f.italic):
            addMapping(name, 0, 0, f.regular)
            addMapping(name, 1, 0, f.bold)
            addMapping(name, 0, 1, f.italic)
            addMapping(name, 1, 1, f.bold)
        _families[family] = f
    return _families[family]


def reading_files(family: str) -> tuple[str, str, str, str]:
    """A reading font's CSS family name and its regular, bold and italic files (in
    `cardstock/fonts/`)."""
    return _READING_FILES[family]


def licence(family: str) -> str:
    """The file (in `cardstock/fonts/`) of a reading font's licence."""
    return f"OFL-{_READING_FILES[family][0].replace(' ', '')}.txt"


def missing(text: str, family: str | None = None) -> list[str]:
    """Characters the body font of `family` cannot draw."""
    family = family or LIBERATION
    if family == LIBERATION:
        return shared.missing_glyphs(text, "sans")
    register(family)
    cover = _reading[f"{family}-regular"].coverage
    seen: list[str] = []
    for ch in text:
        if ch.isspace() or ord(ch) < 32 or ignorable(ch):
            continue
        if ch not in cover and ch not in seen:
            seen.append(ch)
    return seen
