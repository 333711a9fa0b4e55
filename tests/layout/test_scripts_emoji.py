"""Emoji and every other symbol: read as they are, printed in the first font of the box that
has the glyph, and, when no font of the project has it, a located warning of the rules check
naming the character and each font tried. Nothing is refused when the catalog is read.

The symbol font here is made by the tests with fontTools: a monochrome outline for the fire
emoji (U+1F525), as an outline emoji font (not a colour one, which ReportLab cannot draw)
would give it. The game is the Japanese test game (tests/fixtures/scripts) with the emoji
put into one card's text.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from pypdf import PdfReader

from cardstock import fonts
from cardstock.core.scripts import ignorable

FIXTURE = Path(__file__).parents[1] / "fixtures" / "scripts"
FIRE = "\U0001f525"
SELECTOR = "\ufe0f"  # the emoji presentation selector, as keyboards type it after 🔥
SYMBOL_FONT = "EmojiOutline"


def symbol_font(path: Path) -> None:
    """A font with one glyph, a diamond for 🔥, and its .notdef and space."""
    names = [".notdef", "space", "fire"]
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({0x20: "space", ord(FIRE): "fire"})
    glyphs = {}
    for name in names:
        pen = TTGlyphPen(None)
        if name == "fire":
            for i, point in enumerate(((500, -50), (900, 350), (500, 780), (100, 350))):
                (pen.lineTo if i else pen.moveTo)(point)
            pen.closePath()
        glyphs[name] = pen.glyph()
    fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics({n: (1000 if n != "space" else 300, 0) for n in names})
    fb.setupHorizontalHeader(ascent=880, descent=-120)
    fb.setupNameTable({"familyName": SYMBOL_FONT, "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=880, sTypoDescender=-120, usWinAscent=880, usWinDescent=120)
    fb.setupPost()
    fb.save(str(path))


def project(root: Path, text: str, with_font: bool) -> Path:
    """The Japanese test game with `text` put into the first card's rule text; with the
    symbol font in fonts/ and named last in every style's `fallback` when `with_font`."""
    for part in ("catalog", "layouts", "fonts"):
        shutil.copytree(FIXTURE / part, root / part)
    game = root / "catalog" / "japanese" / "game.toml"
    game.write_text(
        game.read_text(encoding="utf-8").replace("相手全員に", f"相手全員{text}に"),
        encoding="utf-8",
    )
    if with_font:
        symbol_font(root / "fonts" / f"{SYMBOL_FONT}.ttf")
        faces = root / "layouts" / "japanese" / "faces.toml"
        faces.write_text(
            faces.read_text(encoding="utf-8").replace(
                '"NotoSansCJKjp-Subset"]', f'"NotoSansCJKjp-Subset", "{SYMBOL_FONT}"]'
            ),
            encoding="utf-8",
        )
    return root


def test_an_emoji_is_read_as_it_is(tmp_path, cli):
    root = project(tmp_path, FIRE + SELECTOR, with_font=False)
    result = cli("--root", str(root), "catalog", "japanese", "--json")
    assert result.code == 0, result.err
    ember = next(c for c in json.loads(result.out)["components"] if c["id"] == "ember")
    assert FIRE + SELECTOR in ember["fields"]["text"]


def test_an_emoji_no_font_draws_is_a_located_finding_of_the_check(tmp_path, cli):
    root = project(tmp_path, FIRE + SELECTOR, with_font=False)
    result = cli("--root", str(root), "check", "japanese")
    assert (
        "catalog/japanese/game.toml:24: text: warning: component 'ember': the font 'sans' has "
        f"no glyph for '{FIRE}' (U+1F525), nor has its fallback 'NotoSansCJKjp-Subset'; it "
        "will print as a blank box"
    ) in result.out + result.err
    assert "U+FE0F" not in result.out + result.err  # the selector prints as nothing


@pytest.fixture(scope="module")
def drawn(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The game with the symbol font, built (cards and SVG faces): its output folder."""
    from cardstock.cli import main

    root = project(tmp_path_factory.mktemp("emoji"), FIRE + SELECTOR, with_font=True)
    out = root / "out"
    code = main(["--root", str(root), "--jobs", "1", "--only", "cards,svg", "--out", str(out)])
    assert code == 0
    return out


def test_an_emoji_a_fallback_font_has_is_drawn_in_that_font_in_the_svg(drawn):
    svg = (drawn / "japanese" / "svg" / "ember.svg").read_text(encoding="utf-8")
    runs = re.findall(r"<text([^>]*)>([^<]*)</text>", svg)
    fire = [attrs for attrs, text in runs if FIRE in text]
    assert fire, "no text element draws the emoji"
    assert all(SYMBOL_FONT in attrs for attrs in fire)  # in the symbol font's family
    assert not any(SELECTOR in text for _, text in runs)  # the selector is drawn as nothing
    assert any("相手全員" in text for _, text in runs)  # the text around it still drawn


def test_an_emoji_a_fallback_font_has_is_embedded_and_drawn_in_the_pdf(drawn):
    reader = PdfReader(drawn / "japanese" / "cards" / "japanese-cards.pdf")
    page = reader.pages[0]  # the first card, ember
    names = {
        str(key): font.get_object()
        for key, font in page["/Resources"]["/Font"].items()
        if SYMBOL_FONT in str(font.get_object()["/BaseFont"])
    }
    assert len(names) == 1, "the symbol font is not embedded"
    [(key, font)] = names.items()
    cmap = font["/ToUnicode"].get_object().get_data().decode("latin-1")
    # the code the subset gives 🔥 (ReportLab writes a character past U+FFFF as its number)
    code = re.search(r"<([0-9A-F]{2})> <(?:1F525|D83DDD25)>", cmap, re.I)
    assert code, "🔥 is not in the symbol font's subset"
    stream = page.get_contents().get_data().decode("latin-1")
    shown = re.findall(rf"{re.escape(key)} [\d.]+ Tf[^(]*\(((?:\\.|[^\\)])*)\)", stream)
    assert shown, "nothing is drawn in the symbol font"
    byte = int(code.group(1), 16)
    assert any(chr(byte) in s or f"\\{byte:03o}" in s for s in shown)


def test_the_build_with_the_symbol_font_warns_of_no_missing_glyph(tmp_path, cli):
    root = project(tmp_path, FIRE + SELECTOR, with_font=True)
    result = cli("--root", str(root), "check", "japanese")
    assert "no glyph for" not in result.out + result.err


@pytest.mark.parametrize("ch", ["\ufe0f", "\ufe0e", "\u200d", "\u00ad", "\U000e0067"])
def test_default_ignorable_characters_are_never_a_missing_glyph(ch):
    assert ignorable(ch)
    assert fonts.missing_glyphs(f"a{ch}b", "sans") == []


@pytest.mark.parametrize("ch", ["a", "火", FIRE, "\u2605", "\u0644"])
def test_a_drawn_character_is_not_ignorable(ch):
    assert not ignorable(ch)


def test_a_symbol_the_font_lacks_is_still_a_missing_glyph():
    assert fonts.missing_glyphs(f"fire {FIRE}{SELECTOR}", "sans") == [FIRE]


def test_the_readme_and_the_catalog_format_say_what_the_tests_above_hold():
    """Both documents a porter reads say emoji print in a font of the project (the guide:
    its fallback, or read as icons; a missing glyph a warning); neither says they are
    refused."""
    root = Path(__file__).resolve().parents[2]
    readme = " ".join((root / "README.md").read_text(encoding="utf-8").split())
    guide = " ".join((root / "docs" / "catalog-format.md").read_text(encoding="utf-8").split())
    at = readme.index("emoji")
    assert "refused" not in readme[at - 200 : at + 200]
    assert "other scripts and emoji print in a font of the project's `fonts/`" in readme
    said = guide[guide.index("emoji") : guide.index("emoji") + 1200].lower()
    assert "refused" not in said and "fallback" in said and "icons" in said
    assert "blank box" in guide
