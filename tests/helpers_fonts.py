"""Fonts made for tests: an OpenType font with PostScript (CFF) outlines, as foundries ship
most `.otf` files, built with fontTools' FontBuilder (no font file to keep in the repo)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib.tables.TupleVariation import TupleVariation

LETTERS = "".join(chr(c) for c in range(ord("A"), ord("Z") + 1)) + "".join(
    chr(c) for c in range(ord("a"), ord("z") + 1)
)
ASCII = " .,:;!?'-()0123456789" + LETTERS


def cff_font(
    path: Path,
    family: str = "Fancy",
    characters: str = ASCII,
    style: str = "Regular",
    weight: int = 400,
    italic: bool = False,
) -> Path:
    """A CFF-outline `.otf` at `path` whose every glyph but the space is a solid block
    (an upper-case letter a tall one, others shorter): enough to see it drawn and measured.
    Its tables name its family, style, weight and slant; its PostScript name (the PDF's
    BaseFont) is `<family without spaces>-<style>`."""
    fb = FontBuilder(1000, isTTF=False)
    names = [".notdef", "space"] + [f"uni{ord(ch):04X}" for ch in characters if ch != " "]
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap(
        {ord(" "): "space", **{ord(ch): f"uni{ord(ch):04X}" for ch in characters if ch != " "}}
    )
    strings = {}
    metrics = {}
    for name in names:
        pen = T2CharStringPen(600, None)
        if name != "space":
            top = 700 if name.startswith("uni") and chr(int(name[3:], 16)).isupper() else 500
            pen.moveTo((50, 0))
            pen.lineTo((550, 0))
            pen.curveTo((560, top / 2), (560, top / 2), (550, top))
            pen.lineTo((50, top))
            pen.closePath()
        strings[name] = pen.getCharString()
        metrics[name] = (600, 50 if name != "space" else 0)
    fb.setupCFF(
        f"{family.replace(' ', '')}-{style.replace(' ', '')}",
        {"FullName": f"{family} {style}"},
        strings,
        {},
    )
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable(
        {
            "familyName": family,
            "styleName": style,
            "psName": f"{family.replace(' ', '')}-{style.replace(' ', '')}",
        }
    )
    fb.setupOS2(
        sTypoAscender=800,
        sTypoDescender=-200,
        usWinAscent=800,
        usWinDescent=200,
        usWeightClass=weight,
        fsSelection=0x01 if italic else 0x40,
    )
    fb.setupPost()
    fb.save(str(path))
    assert path.read_bytes()[:4] == b"OTTO"
    return path


def variable_font(path: Path, family: str = "Flex", chars: str = ASCII) -> Path:
    """A variable TrueType font with a weight axis (100 to 900) and three named instances
    (Regular 400, Bold 700, Black 900), as Google Fonts ships them: every glyph but the
    space is a bar whose width grows with the weight (100 units at 400, 400 at 900)."""
    fb = FontBuilder(1000, isTTF=True)
    names = [".notdef", "space"] + [f"uni{ord(c):04X}" for c in chars if c != " "]
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap(
        {ord(" "): "space", **{ord(c): f"uni{ord(c):04X}" for c in chars if c != " "}}
    )
    glyphs = {}
    for n in names:
        pen = TTGlyphPen(None)
        if n != "space":
            pen.moveTo((100, 0))
            pen.lineTo((100, 700))
            pen.lineTo((200, 700))
            pen.lineTo((200, 0))
            pen.closePath()
        glyphs[n] = pen.glyph()
    fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics({n: (600, 100 if n != "space" else 0) for n in names})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": family, "styleName": "Regular"})
    fb.setupOS2(usWeightClass=400)
    fb.setupPost()
    fb.setupFvar(
        [("wght", 100, 400, 900, "Weight")],
        [
            dict(location=dict(wght=400), stylename="Regular"),
            dict(location=dict(wght=700), stylename="Bold"),
            dict(location=dict(wght=900), stylename="Black"),
        ],
    )
    # at wght 900 the stem is 300 units wider: points 2 and 3 move right
    variations: dict[str, Any] = {}
    for n in names:
        if n == "space":
            variations[n] = []
            continue
        deltas = [(0, 0), (0, 0), (300, 0), (300, 0), (0, 0), (0, 0), (0, 0), (0, 0)]
        variations[n] = [TupleVariation({"wght": (0, 1.0, 1.0)}, deltas)]
    fb.setupGvar(variations)
    fb.save(str(path))
    return path


def page_resources(page: Any) -> list[Any]:
    """A pypdf page's resources and those of the forms it draws (cardstock draws each face as
    a form), where the fonts a page embeds are named."""
    found = [page["/Resources"]]
    for xobj in page["/Resources"].get("/XObject", {}).values():
        form = xobj.get_object()
        if form.get("/Subtype") == "/Form" and "/Resources" in form:
            found.append(form["/Resources"])
    return found
