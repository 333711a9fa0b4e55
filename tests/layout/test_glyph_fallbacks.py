"""A missing-glyph warning names every font tried: the box's font and each fallback that
lacks the character too (the case that failed named only the main font, so the designer
added the fallback font again, which had been tried already)."""

from __future__ import annotations

from helpers_fonts import cff_font


def _checked(cli, mini) -> str:
    result = cli("--root", str(mini.root), "check", "mini", "--runs", "5")
    assert result.code == 0, result.err
    return result.out


def _fonts(mini, faces_toml: str, **own: str) -> None:
    (mini.root / "fonts").mkdir(exist_ok=True)
    for name, characters in own.items():
        cff_font(mini.root / "fonts" / f"{name}.otf", name, characters)
    layouts = mini.root / "layouts" / "mini"
    layouts.mkdir(parents=True, exist_ok=True)
    (layouts / "faces.toml").write_text(faces_toml)


def test_the_warning_names_the_fallbacks_that_lack_the_character_too(cli, mini):
    faces = '[layouts.card.boxes.body]\nfallback = ["GlyphSigns", "GlyphArrows"]\n'
    _fonts(mini, faces, GlyphSigns="◎", GlyphArrows="→")
    mini.replace("cards.csv", "Heal 2.", "Heal ◎ 2 → ★.")
    found = _checked(cli, mini)
    assert (
        "the font 'sans' has no glyph for '★' (U+2605), nor have its fallbacks 'GlyphSigns', "
        "'GlyphArrows'; it will print as a blank box" in found
    )
    assert "'◎'" not in found and "'→'" not in found


def test_one_fallback_is_named_alone(cli, mini):
    _fonts(mini, '[layouts.card.boxes.body]\nfallback = "GlyphSigns"\n', GlyphSigns="◎")
    mini.replace("cards.csv", "Heal 2.", "Heal 2 ★.")
    assert "(U+2605), nor has its fallback 'GlyphSigns'; it will" in _checked(cli, mini)


def test_an_svgs_warning_names_the_built_in_faces_tried(cli, mini):
    (mini.root / "fonts").mkdir()
    cff_font(mini.root / "fonts" / "Fancy-Regular.otf", "Fancy")
    (mini.folder / "art" / "blaze.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 60">'
        '<text x="5" y="30" font-family="Fancy" font-size="12">Go ◎</text></svg>',
        encoding="utf-8",
    )
    found = _checked(cli, mini)
    assert (
        "the font 'Fancy-Regular' has no glyph for '◎', nor have its fallbacks 'sans', 'serif', "
        "'mono' (printed as a blank box)" in found
    )
