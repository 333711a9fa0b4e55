"""`cardstock proof` flags every glyph drawn as a blank box: the case that failed was a
card whose SVG art held emoji and symbols in its text: the PNG and the PDF showed two
blank boxes (the font's .notdef) where the SVG face, drawn by a browser with its own
fonts, did not, and the proof found nothing."""

from __future__ import annotations

from cardstock.layout.ops import Group, Text
from cardstock.layout.painting.painter import blank_boxes


def test_an_svgs_text_no_font_can_draw_is_a_proof_finding(cli, mini):
    (mini.folder / "art" / "blaze.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 60">'
        '<text x="5" y="30" font-size="12">Go ⚔ ☃</text></svg>',
        encoding="utf-8",
    )
    result = cli("--root", str(mini.root), "proof", "mini", "--paper", "letter")
    assert "mini: proof: card.art: warning: blaze: missing glyph" in result.out + result.err
    report = (mini.root / "output" / "mini" / "proof" / "fit-report.csv").read_text()
    assert "missing glyph" in report


def test_a_face_whose_text_the_fonts_draw_is_not_flagged(cli, mini):
    result = cli("--root", str(mini.root), "proof", "mini", "--paper", "letter")
    assert "missing glyph" not in result.out + result.err


def test_blank_boxes_are_found_in_groups_too():
    drawn = Text(0, 0, "Go", "sans", 9)
    assert not blank_boxes([drawn, Group((drawn,))])
    assert blank_boxes([drawn, Group((Group((Text(0, 0, "☃", "sans", 9),)),))])
    assert not blank_boxes([Text(0, 0, "a\u00a0b c", "sans", 9)])  # spaces are never boxes


def test_a_character_a_project_font_has_is_drawn_in_it_not_as_a_blank_box(cli, mini):
    from helpers_fonts import cff_font

    (mini.root / "fonts").mkdir()
    cff_font(mini.root / "fonts" / "Lettering-Regular.otf", "Lettering")
    cff_font(mini.root / "fonts" / "SnowSigns-Regular.otf", "SnowSigns", "☃⚔ ")
    (mini.folder / "art" / "blaze.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 60">'
        '<text x="5" y="30" font-family="Lettering" font-size="12">Go ⚔ ☃</text></svg>',
        encoding="utf-8",
    )
    result = cli("--root", str(mini.root), "proof", "mini", "--paper", "letter")
    assert result.code == 0, result.err
    assert "missing glyph" not in result.out + result.err
    assert "no glyph" not in result.out + result.err
