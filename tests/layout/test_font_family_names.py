"""An SVG's `font-family` finds a project font by the family name in the font's own name
table, not only by its file name: the case that failed was text in 'Segoe UI Symbol'
beside fonts/seguisym.ttf, drawn in sans with a warning that the font was not there."""

from __future__ import annotations

from helpers_fonts import cff_font

from cardstock import fonts
from cardstock.layout.art.svgtext import svg_font


def test_a_font_is_found_by_its_own_family_name(tmp_path):
    (tmp_path / "fonts").mkdir()
    cff_font(tmp_path / "fonts" / "seguisym.otf", "Segoe UI Symbol", "◎⊘ ")
    cff_font(tmp_path / "fonts" / "seguisb.otf", "Segoe UI Symbol", "◎⊘ ", "Bold", 700)
    assert fonts.use_project_fonts(tmp_path) == []
    problems: set[str] = set()
    assert svg_font("'Segoe UI Symbol', sans-serif", "normal", "normal", problems) == "seguisym"
    assert svg_font('"segoe ui symbol"', "bold", "normal", problems) == "seguisb"
    assert problems == set()
    assert "Segoe UI Symbol" in fonts.FACES["seguisym"].names


def test_an_svgs_text_in_the_fonts_family_name_is_drawn_in_it(cli, mini):
    (mini.root / "fonts").mkdir()
    cff_font(mini.root / "fonts" / "seguisym.otf", "Segoe UI Symbol", "◎ ")
    (mini.folder / "art" / "blaze.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 60">'
        '<text x="5" y="30" font-family="\'Segoe UI Symbol\'" font-size="12">◎</text>'
        "</svg>",
        encoding="utf-8",
    )
    result = cli("--root", str(mini.root), "check", "mini")
    assert result.code == 0, result.err
    assert "not among the project's fonts" not in result.out
    assert "no glyph for '◎'" not in result.out
