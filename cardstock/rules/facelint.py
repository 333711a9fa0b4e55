"""The rules checker's `print-safety` provider: `lint(catalog)`.

Every face of every component is laid out (once per process: the build's stages reuse
the same faces) and what was found while drawing it is gathered: template errors, text
that does not fit at its minimum size, content outside the safe zone, low contrast
(`cardstock.rules.printsafe.face_check`). The layout and symbol files, and the names they
use, were checked before any face was drawn (`cardstock.validate`)."""

from __future__ import annotations

from ..issues import Issue
from ..load import Catalog
from ..scripts import glyphs_once
from ..layout.faces import each_face, ordered


def lint(catalog: Catalog) -> list[Issue]:
    found: list[Issue] = []
    for _comp, _side, face in each_face(catalog):
        found += face.findings
    return ordered(glyphs_once(found))
