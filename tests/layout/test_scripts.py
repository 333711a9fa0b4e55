"""Text in scripts other than Latin: Japanese broken between characters, Arabic shaped and in
visual order, nothing refused that a font can draw, and what no font draws reported.

The two small games in tests/fixtures/scripts draw their text with the project's own fonts
as fallbacks of the shipped ones (a subset of DejaVu Sans for Arabic and Hebrew, a subset
of Noto Sans CJK JP for the Japanese; see tests/fixtures/scripts/make_fonts.py). Glyph order is
checked against HarfBuzz itself: the glyphs a PDF face draws for each right-to-left run are
the glyphs uharfbuzz gives for the same text and font.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import uharfbuzz as hb
from bidi import get_display
from helpers_shaping import ARABIC_FONT, hb_glyphs, pdf_runs
from pypdf import PdfReader

from cardstock import fonts
from cardstock.core.bidi import levels, reorder, rtl_paragraph
from cardstock.core.scripts import printable
from cardstock.layout.text.scripts import NO_END, NO_START, break_between

FIXTURE = Path(__file__).parents[1] / "fixtures" / "scripts"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The two games built (cards and SVG faces) in this process, one job; their fonts are
    the ones `cardstock.fonts` holds for the tests below (`_fonts_of`)."""
    from cardstock.cli import main

    root = tmp_path_factory.mktemp("scripts")
    for part in ("catalog", "layouts", "fonts"):
        shutil.copytree(FIXTURE / part, root / part)
    code = main(
        ["--root", str(root), "--jobs", "1", "--only", "cards,svg", "--out", str(root / "out")]
    )
    assert code == 0
    return root / "out"


# ---------------------------------------------------------------- read, not refused


@pytest.mark.parametrize(
    "text",
    ["火の玉を投げる。", "相手に二点", "جمرة", "שלום עולם", "한국어", "Ünïcödé ½ → ★"],
)
def test_text_of_any_script_is_accepted_when_read(text):
    assert printable(text) == text


def test_an_emoji_and_a_joiner_are_read_as_they_are():
    assert printable("fire \U0001f525\ufe0f") == "fire \U0001f525\ufe0f"
    assert printable("\u0644\u200d") == "\u0644\u200d"  # a zero-width joiner inside Arabic


def test_the_games_build_without_a_refusal_or_a_missing_glyph(built, capsys):
    assert (built / "arabic" / "svg" / "flood.svg").is_file()
    assert (built / "japanese" / "cards" / "japanese-cards.pdf").is_file()


def test_a_character_no_font_of_the_box_draws_is_a_located_finding(tmp_path, cli):
    for part in ("catalog", "layouts", "fonts"):
        shutil.copytree(FIXTURE / part, tmp_path / part)
    game = tmp_path / "catalog" / "japanese" / "game.toml"
    game.write_text(
        game.read_text(encoding="utf-8").replace("相手全員", "相手全員\u9f8d"), encoding="utf-8"
    )
    result = cli(
        "--root", str(tmp_path), "--jobs", "1", "--only", "svg", "--out", str(tmp_path / "out")
    )
    assert result.code == 0, result.err
    assert (
        "catalog/japanese/game.toml:24: text: warning: component 'ember': the font 'sans' has "
        "no glyph for '\u9f8d' (U+9F8D), nor has its fallback 'NotoSansCJKjp-Subset'; it "
        "will print as a blank box"
    ) in result.err


# ---------------------------------------------------------------- Japanese line breaks


def test_kinsoku_no_break_before_closing_or_after_opening_punctuation():
    assert break_between("火", "の")
    assert break_between("a", "火") and break_between("火", "a")
    assert not break_between("す", "。") and not break_between("る", "、")
    assert not break_between("「", "泉") and not break_between("カ", "ー")
    assert not break_between("a", "b")  # Latin words break at spaces only
    assert not break_between("한", "국")  # Korean too


def _texts(svg: Path) -> list[tuple[float, float, str, bool]]:
    """(y, x, text, right to left) of every <text> element of an SVG face."""
    out = []
    for m in re.finditer(r"<text([^>]*)>([^<]*)</text>", svg.read_text(encoding="utf-8")):
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', m.group(1)))
        out.append((float(attrs["y"]), float(attrs["x"]), m.group(2), "direction" in attrs))
    return out


def test_japanese_text_breaks_between_characters_and_follows_kinsoku(built):
    text = "「泉」を場に出す。手札を一枚捨ててから、カードを二枚引く。"
    lines = [t for y, x, t, _ in _texts(built / "japanese" / "svg" / "spring.svg") if 140 < y < 230]
    assert len(lines) >= 2, lines  # no space in it, yet more than one line
    assert "".join(lines) == text  # every character kept, in order, nothing added
    for before, after in zip(lines, lines[1:]):
        assert after[0] not in NO_START and before[-1] not in NO_END, (before, after)


# ---------------------------------------------------------------- right to left


@pytest.mark.parametrize(
    "text",
    [
        "يربح اللاعب 3 نقاط إذا لعب Flood أولاً.",
        "Play جمرة then نبع twice.",
        "שלום עולם 42 abc",
        "abc 12 def",
        "اسحب بطاقتين، ثم تخلّص من واحدة.",
    ],
)
def test_the_visual_order_is_python_bidis(text):
    base = int(rtl_paragraph(text))
    chars = list(text)
    visual = "".join(reorder(chars, levels(text, base)))
    assert visual == get_display(text, base_dir="R" if base else "L")


def _fonts_of(built: Path) -> None:
    """The built project's fonts, as ReportLab registered them while it was built (another
    test may have loaded a copy of the project since)."""
    assert not fonts.use_project_fonts(built.parent)


def test_arabic_runs_draw_harfbuzzs_glyphs_in_harfbuzzs_order(built):
    _fonts_of(built)
    reader = PdfReader(built / "arabic" / "cards" / "arabic-cards.pdf")
    drawn: list[list[int]] = []
    for page in reader.pages:
        stream = page.get_contents().get_data().decode("latin-1")
        drawn += pdf_runs(page["/Resources"], stream, "DejaVuSans")
        for xobj in page["/Resources"].get("/XObject", {}).values():
            form = xobj.get_object()
            if form.get("/Subtype") == "/Form" and "/Font" in form.get("/Resources", {}):
                data = form.get_data().decode("latin-1")
                drawn += pdf_runs(form["/Resources"], data, "DejaVuSans")
    expected = []
    for stem in ("ember", "spring", "flood"):
        for _, _, text, rtl in _texts(built / "arabic" / "svg" / f"{stem}.svg"):
            if rtl:
                expected.append(hb_glyphs(text))
    assert drawn, "no Arabic text object found in the PDF"
    for glyphs in expected:  # every run the faces draw, as HarfBuzz shapes it
        assert glyphs in drawn, glyphs
    joined = hb_glyphs("جمرة")
    isolated = [fonts.pdf_font("DejaVuSans-Arabic").face.charToGlyph[ord(c)] for c in "جمرة"]
    assert joined != isolated[::-1]  # shaping chose joining forms, not the isolated letters


def test_a_mixed_line_is_in_visual_order_and_right_aligned(built):
    runs = sorted(
        (x, t, rtl)
        for y, x, t, rtl in _texts(built / "arabic" / "svg" / "flood.svg")
        if 140 < y < 150
    )
    shown = [t.strip() for _, t, _ in runs if t.strip()]
    # the Arabic reads from the right: its first words at the right end, the full stop
    # (the end of the sentence) at the left, the Latin word and the digit left to right
    assert shown == [".", "أولاً", "Flood", "نقاط إذا لعب", "3", "يربح اللاعب"]
    title = [x for y, x, t, rtl in _texts(built / "arabic" / "svg" / "ember.svg") if y > 140]
    assert max(title) > 100  # right-aligned: the line's right end is at the box's right


def test_right_to_left_text_is_measured_as_shaped(built):
    _fonts_of(built)
    word = "اللاعب"
    shaped = fonts.string_width(word, "DejaVuSans-Arabic", 10)
    glyphs = hb_glyphs(word)
    font = hb.Font(hb.Face(hb.Blob(ARABIC_FONT.read_bytes())))
    buf = hb.Buffer()
    buf.add_str(word)
    buf.guess_segment_properties()
    hb.shape(font, buf, {"kern": True, "liga": True, "dlig": True})
    advance = sum(p.x_advance for p in buf.glyph_positions) / font.face.upem * 10
    assert len(glyphs) < len(word)  # lam-alef is one glyph
    assert shaped == pytest.approx(advance, abs=0.01)
