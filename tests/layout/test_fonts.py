"""A project's own fonts: a TrueType file in `fonts/` is a font named by its file stem,
embedded in the PDF as a subset, copied beside the SVGs and named by their @font-face."""

from __future__ import annotations

import shutil

import pytest
from conftest import ROOT
from helpers_fonts import ASCII
from pypdf import PdfReader

SHIPPED = ROOT / "cardstock" / "fonts"


def with_brand_font(
    mini, font_file: str = "LiberationMono-Regular.ttf", name: str = "Brand.ttf"
) -> None:
    (mini.root / "fonts").mkdir(exist_ok=True)
    shutil.copy(SHIPPED / font_file, mini.root / "fonts" / name)
    layouts = mini.root / "layouts" / "mini"
    layouts.mkdir(parents=True, exist_ok=True)
    (layouts / "faces.toml").write_text(
        f'[layouts.card.boxes.title]\nfont = "{name.rsplit(".", 1)[0]}"\n'
    )


def build(cli, mini, only: str = "svg,pnp"):
    return cli(
        "--root",
        str(mini.root),
        "build",
        "mini",
        "--jobs",
        "1",
        "--paper",
        "letter",
        "--only",
        only,
    )


def warnings(cli, mini) -> str:
    """What `cardstock check` reports for the game (its warnings included)."""
    result = cli("--root", str(mini.root), "check", "mini", "--runs", "5")
    assert result.code == 0, result.err
    return result.out


def runs_by_font(pdf) -> dict[str, str]:
    """Text drawn on the first sheet, gathered per font (BaseFont without the subset tag)."""
    out: dict[str, str] = {}

    def visit(text, cm, tm, font, size):
        if font is not None and text.strip():
            base = str(font["/BaseFont"]).split("+")[-1]
            out[base] = out.get(base, "") + text

    PdfReader(pdf).pages[0].extract_text(visitor_text=visit)
    return out


def test_a_projects_font_is_embedded_as_a_subset_and_draws_the_titles(cli, mini):
    with_brand_font(mini)
    result = build(cli, mini)
    assert result.code == 0, result.err
    pdf = mini.root / "output" / "mini" / "mini-pnp-letter.pdf"
    by_font = runs_by_font(pdf)
    # Liberation Mono is not used by the default layouts: only the project's file brings it
    assert "Ember" in by_font["LiberationMono"] and "Spring" in by_font["LiberationMono"]
    assert "Ember" not in by_font.get("LiberationSerif-Bold", "")
    embedded = PdfReader(pdf).pages[0]
    assert len(embedded.extract_text()) > 0


def test_the_svg_face_names_the_font_file_copied_beside_it(cli, mini):
    with_brand_font(mini)
    assert build(cli, mini, "svg").code == 0
    svg = mini.root / "output" / "mini" / "svg"
    face = (svg / "ember.svg").read_text()
    assert 'url("fonts/Brand.ttf") format("truetype")' in face
    assert "font-family=\"'Brand', sans-serif\"" in face
    assert (svg / "fonts" / "Brand.ttf").read_bytes() == (
        mini.root / "fonts" / "Brand.ttf"
    ).read_bytes()


def test_a_serif_and_a_monospace_are_built_in(cli, mini):
    layouts = mini.root / "layouts" / "mini"
    layouts.mkdir(parents=True)
    (layouts / "faces.toml").write_text(
        '[layouts.card.boxes.title]\nfont = "mono"\n\n[layouts.card.boxes.body]\nfont = "serif"\n'
    )
    assert build(cli, mini, "pnp").code == 0
    by_font = runs_by_font(mini.root / "output" / "mini" / "mini-pnp-letter.pdf")
    assert "Ember" in by_font["LiberationMono"]
    assert "Deal 1 damage" in by_font["LiberationSerif"]


def test_a_character_the_projects_font_lacks_is_a_warning_naming_it_and_the_card(cli, mini):
    with_brand_font(mini)  # Liberation Mono has no ♃ (U+2643); the built-in sans has
    mini.replace("cards.csv", "ember,Ember,", "ember,Ember ♃,")
    result = cli("--root", str(mini.root), "check", "mini", "--runs", "5")
    line = next(s for s in result.out.splitlines() if "U+2643" in s)
    assert line.strip().startswith("catalog/mini/cards.csv:2:")  # Ember's row
    assert "the font 'Brand' has no glyph for '♃' (U+2643)" in line


def test_an_otf_with_truetype_outlines_is_used_like_a_ttf(cli, mini):
    with_brand_font(mini, name="Brand.otf")
    assert build(cli, mini, "svg").code == 0
    face = (mini.root / "output" / "mini" / "svg" / "ember.svg").read_text()
    assert 'url("fonts/Brand.otf") format("opentype")' in face


# ---------------------------------------------------------------- fonts as foundries ship them


def test_an_otf_with_postscript_outlines_is_embedded_and_draws_the_titles(cli, mini):
    from helpers_fonts import cff_font

    (mini.root / "fonts").mkdir()
    cff_font(mini.root / "fonts" / "Fancy.otf")
    layouts = mini.root / "layouts" / "mini"
    layouts.mkdir(parents=True)
    (layouts / "faces.toml").write_text('[layouts.card.boxes.title]\nfont = "Fancy"\n')
    result = build(cli, mini)
    assert result.code == 0, result.err
    pdf = mini.root / "output" / "mini" / "mini-pnp-letter.pdf"
    by_font = runs_by_font(pdf)
    assert "Ember" in by_font["Fancy-Regular"] and "Spring" in by_font["Fancy-Regular"]
    fonts = [f.get_object() for f in PdfReader(pdf).pages[0]["/Resources"]["/Font"].values()]
    fancy = next(f for f in fonts if "Fancy-Regular" in str(f["/BaseFont"]))
    descriptor = (
        fancy["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        if "/DescendantFonts" in fancy
        else fancy["/FontDescriptor"]
    )
    assert "/FontFile2" in descriptor.get_object()  # embedded, as a TrueType subset
    # each letter of the font is a solid block: the title's letters are mostly ink on the page
    assert ink_under(pdf, "Ember") > 0.9 and ink_under(pdf, "Spring") > 0.9
    # the SVG face names the .otf as it is, for a browser to draw
    face = (mini.root / "output" / "mini" / "svg" / "ember.svg").read_text()
    assert 'url("fonts/Fancy.otf") format("opentype")' in face


def ink_under(pdf, word: str, page: int = 0) -> float:
    """The share of dark pixels inside the boxes of the glyphs of `word`'s first
    occurrence on a page, rendered by pdfium at 4 pixels a point."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    sheet = document[page]
    text = sheet.get_textpage()
    found = text.search(word).get_next()
    assert found, f"{word!r} not drawn"
    image = sheet.render(scale=4).to_pil().convert("L")
    height = sheet.get_size()[1]
    dark = total = 0
    for index in range(found[0], found[0] + found[1]):
        left, bottom, right, top = text.get_charbox(index)
        for x in range(int(left * 4) + 1, int(right * 4) - 1):
            for y in range(int((height - top) * 4) + 1, int((height - bottom) * 4) - 1):
                total += 1
                dark += image.getpixel((x, y)) < 128
    return dark / max(total, 1)


def test_a_damaged_postscript_outline_font_is_refused_with_its_path(cli, mini):
    (mini.root / "fonts").mkdir()
    (mini.root / "fonts" / "Fancy.otf").write_bytes(b"OTTO" + bytes(200))
    built = build(cli, mini, "svg")
    assert built.code == 2 and not (mini.root / "output").exists()
    assert built.err.startswith(
        "fonts/Fancy.otf: font: the font has PostScript (CFF) outlines that cannot be read"
    )
    assert "fonttools otf2ttf" not in built.err  # no command that does not exist is suggested


# ---------------------------------------------------------------- fallback fonts


def _with_fonts(mini, faces_toml: str, **own: str) -> None:
    """The mini game with fonts of its own (name → the characters it has, built as CFF
    .otf files whose glyphs are solid blocks) and a faces.toml."""
    from helpers_fonts import cff_font

    (mini.root / "fonts").mkdir(exist_ok=True)
    for name, characters in own.items():
        cff_font(mini.root / "fonts" / f"{name}.otf", name, characters)
    layouts = mini.root / "layouts" / "mini"
    layouts.mkdir(parents=True, exist_ok=True)
    (layouts / "faces.toml").write_text(faces_toml)


@pytest.mark.parametrize(
    "box, font, field, old, new",
    [
        ("body", "sans", "cards.csv", "Heal 2.", "Heal 2 ◎."),
        ("body", "serif", "cards.csv", "Heal 2.", "Heal ⊘ 2."),
        ("title", "serif-bold", "cards.csv", "spring,Spring,", "spring,Spr◎ing,"),
    ],
)
def test_a_character_the_boxs_font_lacks_is_drawn_in_the_first_fallback_font_that_has_it(
    cli, mini, box, font, field, old, new
):
    character = next(ch for ch in new if ord(ch) > 0x2000)
    # mono lacks the symbol too, so the second fallback draws it
    _with_fonts(
        mini,
        f'[layouts.card.boxes.{box}]\nfont = "{font}"\nfallback = ["mono", "Symbols"]\n',
        Symbols="◎⊘",
    )
    mini.replace(field, old, new)
    result = build(cli, mini, "pnp")
    assert result.code == 0, result.err
    assert character not in warnings(cli, mini)  # no missing-glyph warning: the fallback has it
    by_font = runs_by_font(mini.root / "output" / "mini" / "mini-pnp-letter.pdf")
    assert (
        by_font["Symbols-Regular"] == character * 2
    )  # the symbol alone (on both copies of the card), its words in the box's font
    words = new.replace(character, "").split(",")[-1 if box == "body" else 1]
    assert all(part in "".join(by_font.values()) for part in words.split())
    assert ink_under(mini.root / "output" / "mini" / "mini-pnp-letter.pdf", character) > 0.9


def test_a_character_no_fallback_font_has_is_reported_naming_it_alone(cli, mini):
    _with_fonts(mini, '[layouts.card.boxes.body]\nfallback = "Symbols"\n', Symbols="◎")
    mini.replace("cards.csv", "Heal 2.", "Heal ◎ 2 ★.")
    found = warnings(cli, mini)
    assert "'sans' has no glyph for '★' (U+2605)" in found
    assert "U+25CE" not in found


def test_a_fallback_naming_an_unknown_font_is_refused_at_its_line(cli, mini):
    _with_fonts(
        mini,
        '[layouts.card.boxes.body]\nfont = "serif"\nfallback = ["sans", "Symbolz"]\n',
        Symbols="◎",
    )
    result = build(cli, mini, "pnp")
    assert result.code == 2 and not (mini.root / "output").exists()
    assert (
        "layouts/mini/faces.toml:3: layouts.card.boxes.body.fallback: unknown font 'Symbolz'"
        in result.err
    )


def test_a_missing_glyph_warning_names_the_fallback_key(cli, mini):
    mini.replace("cards.csv", "Heal 2.", "Heal ◎ 2.")
    found = warnings(cli, mini)
    assert "'sans' has no glyph for '◎'" in found and "`fallback`" in found


# ---------------------------------------------------------------- a face the font lacks


@pytest.mark.parametrize(
    "font, markup, said",
    [
        (
            "Brand",
            "*every*",
            "'Brand' has no italic face, so *italic* prints upright; add fonts/Brand-Italic.otf "
            "beside it",
        ),
        (
            "Brand-Regular",
            "**every**",
            "'Brand-Regular' has no bold face, so **bold** prints in the regular weight; add "
            "fonts/Brand-Bold.otf beside it",
        ),
        (
            "mono",
            "*every*",
            "'mono' has no italic face, so *italic* prints upright; choose a font that has one",
        ),
        (
            "mono",
            "**every**",
            "'mono' has no bold face, so **bold** prints in the regular weight; choose a font that "
            "has one",
        ),
    ],
)
def test_bold_or_italic_asked_of_a_font_without_that_face_is_a_warning(
    cli, mini, font, markup, said
):
    own = {font: ASCII} if font != "mono" else {}
    _with_fonts(mini, f'[layouts.card.boxes.body]\nfont = "{font}"\n', **own)
    mini.replace("cards.csv", "**every**", markup)
    found = warnings(cli, mini)
    assert said in found
    assert found.count(said.split(",")[0]) == 1  # once, however many cards


def test_bold_and_italic_faces_beside_a_font_are_used_without_a_warning(cli, mini):
    _with_fonts(
        mini,
        '[layouts.card.boxes.body]\nfont = "Brand"\n',
        Brand=ASCII,
        **{"Brand-Italic": ASCII, "Brand-Bold": ASCII},
    )
    mini.replace("cards.csv", "**every**", "**every** *single*")
    assert " face, so " not in warnings(cli, mini)
    assert build(cli, mini, "pnp").code == 0
    by_font = runs_by_font(mini.root / "output" / "mini" / "mini-pnp-letter.pdf")
    assert "every" in by_font["Brand-Bold-Regular"] and "single" in by_font["Brand-Italic-Regular"]


# ---------------------------------------------------------------- families as foundries name them

SOURCE = {  # Adobe's way: It for italic, Semibold
    "SourceSans3-Regular": (400, False),
    "SourceSans3-It": (400, True),
    "SourceSans3-Semibold": (600, False),
    "SourceSans3-Bold": (700, False),
    "SourceSans3-BoldIt": (700, True),
}
ROBOTO = {  # Google's way: BoldItalic, Medium, Black, and a light regular
    "Roboto-Light": (300, False),
    "Roboto-Regular": (400, False),
    "Roboto-Italic": (400, True),
    "Roboto-Medium": (500, False),
    "Roboto-Black": (900, False),
    "Roboto-MediumItalic": (500, True),
}
NAMED = {  # no style in the file names: the fonts' own tables say it
    "Gloria": (400, False),
    "GloriaHeavy": (700, False),
    "GloriaSlanted": (400, True),
}


@pytest.mark.parametrize(
    "files, font, faces",
    [
        (
            SOURCE,
            "SourceSans3-Regular",
            ("SourceSans3-Bold", "SourceSans3-It", "SourceSans3-BoldIt"),
        ),
        (
            SOURCE,
            "SourceSans3-Semibold",
            ("SourceSans3-Semibold", "SourceSans3-BoldIt", "SourceSans3-BoldIt"),
        ),  # the nearest italic
        (ROBOTO, "Roboto-Medium", ("Roboto-Black", "Roboto-MediumItalic", "Roboto-MediumItalic")),
        (ROBOTO, "Roboto-Light", ("Roboto-Black", "Roboto-Italic", "Roboto-Italic")),
        (NAMED, "Gloria", ("GloriaHeavy", "GloriaSlanted", "GloriaSlanted")),
    ],
)
def test_a_family_shipped_as_several_files_gives_bold_and_italic_their_own_faces(
    cli, mini, files, font, faces
):
    from helpers_fonts import cff_font

    (mini.root / "fonts").mkdir()
    for stem, (weight, italic) in files.items():
        family = "Gloria" if files is NAMED else stem.split("-")[0]
        cff_font(mini.root / "fonts" / f"{stem}.otf", family, ASCII, stem, weight, italic)
    layouts = mini.root / "layouts" / "mini"
    layouts.mkdir(parents=True)
    (layouts / "faces.toml").write_text(f'[layouts.card.boxes.body]\nfont = "{font}"\n')
    mini.replace("cards.csv", "**every**", "**every** *single* ***both***")
    result = build(cli, mini, "pnp")
    assert result.code == 0, result.err
    by_font = runs_by_font(mini.root / "output" / "mini" / "mini-pnp-letter.pdf")
    family = "Gloria" if files is NAMED else font.split("-")[0]
    bold, italic, both = (f"{family}-{face}" for face in faces)
    assert "every" in by_font[bold] and "single" in by_font[italic] and "both" in by_font[both], (
        by_font
    )
    assert "Deal 3 damage" in by_font[f"{family}-{font}"]
    found = warnings(cli, mini)
    assert "has no italic face" not in found
    if (
        files is not SOURCE
    ):  # no bold italic: ***both*** is the italic's weight, and the warning names the file to add
        assert (
            "has no bold face, so **bold** prints in the regular weight; add "
            f"fonts/{family}-BoldItalic.otf beside it" in found
        )
    else:
        assert "has no bold face" not in found


def test_each_face_of_a_family_is_named_in_the_svg_by_one_family_with_its_weight_and_style(
    cli, mini
):
    from helpers_fonts import cff_font

    (mini.root / "fonts").mkdir()
    for stem, (weight, italic) in SOURCE.items():
        cff_font(mini.root / "fonts" / f"{stem}.otf", "Source Sans 3", ASCII, stem, weight, italic)
    layouts = mini.root / "layouts" / "mini"
    layouts.mkdir(parents=True)
    (layouts / "faces.toml").write_text('[layouts.card.boxes.body]\nfont = "SourceSans3-Regular"\n')
    mini.replace("cards.csv", "**every**", "**every** *single*")
    assert build(cli, mini, "svg").code == 0
    face = (mini.root / "output" / "mini" / "svg" / "blaze.svg").read_text()
    assert 'font-family:"SourceSans3";font-weight:normal;font-style:normal;' in face
    assert 'font-family:"SourceSans3";font-weight:bold;font-style:normal;' in face
    assert 'font-family:"SourceSans3";font-weight:normal;font-style:italic;' in face


# ---------------------------------------------------------------- variable fonts


def glyph_widths(pdf, word: str) -> list[float]:
    """The widths in points of the glyph boxes of `word`'s first occurrence on the first
    sheet, measured along the line (a sheet laid out landscape is turned onto a portrait
    page, and its text runs up the page)."""
    import pypdfium2

    text = pypdfium2.PdfDocument(str(pdf))[0].get_textpage()
    found = text.search(word).get_next()
    assert found, f"{word!r} not drawn"
    boxes = [text.get_charbox(i) for i in range(found[0], found[0] + found[1])]
    across = abs(boxes[-1][0] - boxes[0][0]) >= abs(boxes[-1][1] - boxes[0][1])
    return [b[2] - b[0] if across else b[3] - b[1] for b in boxes]


@pytest.mark.parametrize("file", ["Flex[wght].ttf", "Flex-VariableFont_wght.ttf"])
def test_a_variable_font_gives_a_face_per_named_instance_and_bold_its_bold_instance(
    cli, mini, file
):
    from helpers_fonts import variable_font

    (mini.root / "fonts").mkdir()
    variable_font(mini.root / "fonts" / file)
    layouts = mini.root / "layouts" / "mini"
    layouts.mkdir(parents=True)
    (layouts / "faces.toml").write_text(
        '[layouts.card.boxes.body]\nfont = "Flex-Regular"\n\n[layouts.card.boxes.title]\nfont = '
        '"Flex-Black"\n'
    )
    result = build(cli, mini)
    assert result.code == 0, result.err
    pdf = mini.root / "output" / "mini" / "mini-pnp-letter.pdf"
    regular, bold, black = (
        glyph_widths(pdf, "Deal"),
        glyph_widths(pdf, "every"),
        glyph_widths(pdf, "Blaze"),
    )
    # bars 100, 280 and 400 units wide at 400, 700 and 900 (the title is larger: compare per
    # point of size)
    assert max(regular) < min(bold) / 2
    assert min(black) > max(bold)
    svg = mini.root / "output" / "mini" / "svg"
    face = (svg / "blaze.svg").read_text()
    assert (
        'font-family:"Flex";font-weight:bold;' in face
        and 'font-family:"Flex";font-weight:900;' in face
    )
    assert [
        p.name for p in (svg / "fonts").iterdir() if p.suffix == ".ttf" and "Flex" in p.name
    ] == [file]
