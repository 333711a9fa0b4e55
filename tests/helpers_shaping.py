"""What HarfBuzz makes of a right-to-left run, and what a PDF draws of it: the two sides
of the tests that text in the Arabic test game (tests/fixtures/scripts) is drawn as
uharfbuzz shapes it, in its order."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import uharfbuzz as hb

from cardstock import fonts

ARABIC_FONT = Path(__file__).parent / "fixtures" / "scripts" / "fonts" / "DejaVuSans-Arabic.ttf"


def hb_glyphs(text: str) -> list[int]:
    """HarfBuzz's glyph ids for a run, left to right as drawn (the features ReportLab asks)."""
    font = hb.Font(hb.Face(hb.Blob(ARABIC_FONT.read_bytes())))
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    hb.shape(font, buf, {"kern": True, "liga": True, "dlig": True})
    return [info.codepoint for info in buf.glyph_infos]


def _to_unicode(font_obj: Any) -> dict[int, str]:
    cmap = font_obj["/ToUnicode"].get_object().get_data().decode("latin-1")
    out = {}
    for block in re.findall(r"beginbfchar(.*?)endbfchar", cmap, re.S):
        for code, uni in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            out[int(code, 16)] = bytes.fromhex(uni).decode("utf-16-be")
    return out


def pdf_runs(resources: Any, stream: str, arabic: str) -> list[list[int]]:
    """The glyph ids each text object of a content stream draws in the Arabic font (the
    codes of ReportLab's subsets read back through their ToUnicode maps to characters, and
    each character to its glyph in the font as ReportLab registered it)."""
    fonts_used = resources.get("/Font", {})
    names = {str(k): v.get_object() for k, v in fonts_used.items() if arabic in str(v["/BaseFont"])}
    maps = {k: _to_unicode(v) for k, v in names.items()}
    char_to_glyph = fonts.pdf_font("DejaVuSans-Arabic").face.charToGlyph
    runs = []
    for obj in re.findall(r"BT(.*?)ET", stream, re.S):
        glyphs: list[int] = []
        current = None
        for tf, s in re.findall(r"(/F\S+) [\d.]+ Tf|\(((?:\\.|[^\\)])*)\)", obj):
            if tf:
                current = tf
                continue
            if current not in maps:
                continue
            raw = re.sub(r"\\([0-7]{1,3}|.)", lambda m: _unescape(m.group(1)), s)
            glyphs += [char_to_glyph[ord(maps[current][b])] for b in raw.encode("latin-1")]
        if glyphs:
            runs.append(glyphs)
    return runs


def _unescape(seq: str) -> str:
    if seq[0] in "01234567":
        return chr(int(seq, 8))
    return {"n": "\n", "r": "\r", "t": "\t", "b": "\b", "f": "\f"}.get(seq, seq)


def page_runs(page: Any, font: str) -> list[list[int]]:
    """The glyph runs a pypdf page draws in `font` (a BaseFont's name without its subset
    tag), in its own content and in the forms it draws."""
    runs = pdf_runs(page["/Resources"], page.get_contents().get_data().decode("latin-1"), font)
    for xobj in page["/Resources"].get("/XObject", {}).values():
        form = xobj.get_object()
        if form.get("/Subtype") == "/Form" and "/Font" in form.get("/Resources", {}):
            runs += pdf_runs(form["/Resources"], form.get_data().decode("latin-1"), font)
    return runs
