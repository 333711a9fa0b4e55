"""The fonts books are set in: the TrueType faces cardstock ships (`cardstock.fonts`), so
rulebooks match the cards and every PDF embeds its fonts (as subsets)."""

from __future__ import annotations

from reportlab.lib.fonts import addMapping

from .. import fonts as shared


class Faces:
    regular = ""
    bold = ""
    italic = ""
    heading = ""


_faces: Faces | None = None


def register() -> Faces:
    """Register the book family once (regular, bold, italic; bold italic falls back to bold)
    and return the PDF font names."""
    global _faces
    if _faces is None:
        f = Faces()
        f.regular = shared.register("sans")
        f.bold = shared.register("sans-bold")
        f.italic = shared.register("sans-italic")
        f.heading = shared.register("serif-bold")
        for name in (f.regular, f.bold, f.italic):
            addMapping(name, 0, 0, f.regular)
            addMapping(name, 1, 0, f.bold)
            addMapping(name, 0, 1, f.italic)
            addMapping(name, 1, 1, f.bold)
        _faces = f
    return _faces


def missing(text: str) -> list[str]:
    """Characters the body font cannot draw."""
    return shared.missing_glyphs(text, "sans")
