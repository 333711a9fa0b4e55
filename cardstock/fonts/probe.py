"""A font file tried as ReportLab uses it, so that what a build could not draw or embed is
refused when the project's fonts are checked, at the file, and never fails a later step.

ReportLab reads a font in two steps. Its public `TTFont` parses, when the font is made,
the tables text is measured with (`head`, `hhea`, `hmtx`, `cmap`, `loca`, …); the glyphs'
outlines are read only when a PDF embeds a subset of them (`TTFont.addObjects` asks the
parsed face's `makeSubset` for each subset of 256 characters). A file whose tables parse
but whose outlines lie past its end, or whose composite glyphs name glyphs it does not
have, fails only at that second step, in whichever part first draws such a glyph. The
probe takes both steps: the font is made, then `makeSubset` is asked for every glyph (one
character per glyph: a glyph no character maps to, which shaping reaches, is given a
private one as ReportLab gives it when it draws it), which reads each glyph's outline and
every glyph a composite is made of.

Bounded: the file is at most `MAX_FONT_BYTES` and a font has at most 65,535 glyphs, so the
work grows with the file's size alone. The glyphs are asked `CHUNK` at a time rather than
256 as a PDF's subsets hold them: each subset copies the font's whole `glyf` table. For a
font the size of a large CJK one (23 MB, 65,000 glyphs, made for the measure) the probe
took 1.5 to 2.5 s in chunks of `CHUNK` and 3.4 to 4.7 s in subsets of 256, on the shared
two-core development machine under other work; a Latin font (400 KB) takes 0.04 s. A chunk
stays within what a subset's tables can count (its `cmap` is at most 65,535 bytes).

A variable font is drawn through static fonts cut from it, one per named instance
(fontTools' instancer, `FontFace.static`); a file whose variation tables are damaged parses
and embeds as it is, and fails only when an instance is cut. The first named instance is
cut and tried as any font is (`made_problem`): every instance is cut from the same tables,
read whole, and one cut costs what a build's does.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

PROBE = "Probe"  # the name the font is made under: never registered with ReportLab
# the supplementary private-use planes: more characters than a font has glyphs (65,535)
PRIVATE = range(0xF0000, 0x10FFFE)
CHUNK = 4096  # glyphs asked of one subset (a PDF's hold 256)
DAMAGED = "the font cannot be used: the file is damaged or incomplete"


def named(data: bytes, path: Path) -> io.BytesIO:
    """A font's bytes as the file ReportLab reads (it names the font by the file's `name`)."""
    f = io.BytesIO(data)
    f.name = str(path)
    return f


def without_file_name(message: str) -> str:
    """ReportLab's message about a font file without the file's name (an absolute path,
    which the message's location already gives as the project's own)."""
    return re.sub(r'\s*"[^"]*"', "", message).replace(" file:", ":").strip()


def problem(data: bytes, path: Path) -> str | None:
    """Why ReportLab cannot draw or embed the TrueType font `data` (read from `path`), in
    a designer's words; None when it can (see the module's docstring)."""
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    try:
        font = TTFont(PROBE, named(data, path))
    except TTFError as exc:  # ReportLab's own words, less the file name it puts in them
        if str(exc).startswith("Corrupt"):
            return DAMAGED
        return f"the font cannot be used: {without_file_name(str(exc))}"
    except Exception:  # noqa: BLE001 - a damaged table fails wherever ReportLab reads it
        return DAMAGED
    face = font.face
    glyphs: dict[int, int] = {}  # a character of each glyph, by glyph
    for code, glyph in sorted(face.charToGlyph.items()):
        glyphs.setdefault(glyph, code)
    # A glyph no character maps to is drawn when shaping reaches it (a ligature, a script's
    # joining form): ReportLab then gives it a private character of its own as it draws
    # it (`TTFont.hbAddPrivate`). The probe's font, never registered, does the same for
    # every such glyph, with characters of the private planes no font maps.
    spare = (c for c in PRIVATE if c not in face.charToGlyph)
    for glyph in range(face.numGlyphs):
        if glyph not in glyphs:
            face.charToGlyph[glyphs.setdefault(glyph, next(spare))] = glyph
    codes = sorted(glyphs.values())
    try:
        for start in range(0, len(codes), CHUNK):
            font.face.makeSubset(codes[start : start + CHUNK])  # every outline read
    except Exception:  # noqa: BLE001 - an outline past the file's end, a glyph it lacks
        return f"{DAMAGED} (the outlines of its glyphs cannot be read to embed them in a PDF)"
    return None


def made_problem(make: Callable[[], bytes], path: Path) -> str | None:
    """Why the static font `make` cuts from the variable font at `path` cannot be used, in a
    designer's words; None when it can be cut, drawn and embedded."""
    try:
        data = make()
    except Exception:  # noqa: BLE001 - fontTools raises many kinds for damaged variations
        return f"{DAMAGED} (its variations cannot be read to make its named instances)"
    return problem(data, path)
