"""Text in SVG art and icons: `<text>` and `<tspan>` as Inkscape and Illustrator write them
are drawn in the project's fonts, as text in the PDF (a reader finds and copies it), as
text in the SVG faces, and as pixels in the PNGs; an icon, drawn in one colour from
shapes, takes the outlines of its glyphs. A family the project lacks is drawn in a
built-in face and named in a warning."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_fonts import cff_font
from helpers_pixels import share_near
from pypdf import PdfReader

from cardstock import fonts
from cardstock.layout.art.ownicons import svg_symbol
from cardstock.layout.art.svgart import svg_ops
from cardstock.layout.ops import Face, Text, walk
from cardstock.render.png import faces_pdf, rasterise
from cardstock.render.svg import svg_bytes

INKSCAPE = """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   width="120mm" height="80mm" viewBox="0 0 120 80" version="1.1">
  <rect x="0" y="0" width="120" height="80" style="fill:#ffe9b0"/>
  <g id="layer1" transform="translate(0,4)">
    <text xml:space="preserve"
       style="font-size:14px;line-height:1.25;font-family:sans-serif;text-anchor:middle;fill:#1a1a80"
       x="60" y="26" id="text1"><tspan sodipodi:role="line" id="tspan1" x="60"
       y="26">A→B→C→D</tspan><tspan sodipodi:role="line" x="60" y="46"
       style="font-weight:bold;fill:#aa0000" id="tspan2">≤ $2k</tspan></text>
  </g>
</svg>
"""

ILLUSTRATOR = """<?xml version="1.0" encoding="utf-8"?>
<svg version="1.1" xmlns="http://www.w3.org/2000/svg" x="0px" y="0px" viewBox="0 0 200 100"
     xml:space="preserve">
<style type="text/css">
  .st0{fill:#1A1A80;}
  .st1{font-family:'TimesNewRomanPS-ItalicMT', 'Times New Roman', serif;font-style:italic;}
  .st2{font-size:24px;}
</style>
<rect width="200" height="100" fill="#FFFFFF"/>
<text transform="matrix(1 0 0 1 20 60)" class="st0 st1 st2">Event: flood</text>
</svg>
"""


def drawn(path: Path, w: float, h: float, fit: str = "contain") -> tuple[Face, list[str]]:
    ops, problems = svg_ops(path, path.parent, (0.0, 0.0, w, h), fit)
    return Face.build(w, h, 0.0, "rect", tuple(ops)), problems


def texts(face: Face) -> list[Text]:
    return [op for op in walk(face.ops) if isinstance(op, Text)]


def pixels(face: Face):
    """The face drawn in a PDF, read back at 144 dpi (two pixels a point)."""
    (image,) = rasterise(
        faces_pdf([face], title="t"),
        144,
        [(round(face.width * 2), round(face.height * 2))],
        [False],
    )
    return image.convert("RGB")


def share_of(image, colour, tol: int = 40) -> float:
    """The share of pixels within `tol` of `colour`."""
    return share_near(image, colour, tol)


@pytest.mark.parametrize(
    "name, source, w, h, words, colour",
    [
        ("inkscape", INKSCAPE, 120, 80, ["A→B→C→D", "≤ $2k"], (0x1A, 0x1A, 0x80)),
        ("inkscape-small", INKSCAPE, 60, 40, ["A→B→C→D", "≤ $2k"], (0x1A, 0x1A, 0x80)),
        ("illustrator", ILLUSTRATOR, 200, 100, ["Event: flood"], (0x1A, 0x1A, 0x80)),
    ],
)
def test_text_in_art_is_drawn_as_text_in_the_pdf_and_as_pixels(
    tmp_path, name, source, w, h, words, colour
):
    src = tmp_path / f"{name}.svg"
    src.write_text(source, encoding="utf-8")
    face, problems = drawn(src, w, h)
    assert problems == []
    pdf = faces_pdf([face], title="t")
    (tmp_path / "face.pdf").write_bytes(pdf)
    extracted = PdfReader(tmp_path / "face.pdf").pages[0].extract_text()
    for word in words:
        assert word in extracted, (word, extracted)
    assert share_of(pixels(face), colour) > 0.005  # the text's ink, in its colour


def test_the_written_svg_face_keeps_the_text_and_reads_back_to_the_same_runs(tmp_path):
    src = tmp_path / "art.svg"
    src.write_text(INKSCAPE, encoding="utf-8")
    face, _ = drawn(src, 120, 80)
    written = svg_bytes(face).decode("utf-8")
    assert ">A→B→C→D</text>" in written and ">≤ $2k</text>" in written
    again = tmp_path / "face.svg"
    again.write_text(written, encoding="utf-8")
    back, problems = drawn(again, 120, 80)
    assert problems == []
    assert [(t.text, t.font, t.size) for t in texts(back)] == [
        (t.text, t.font, t.size) for t in texts(face)
    ]
    assert [(round(t.x, 1), round(t.y, 1)) for t in texts(back)] == [
        (round(t.x, 1), round(t.y, 1)) for t in texts(face)
    ]


@pytest.mark.parametrize("anchor, shift", [("start", 0.0), ("middle", -0.5), ("end", -1.0)])
def test_text_anchor_moves_each_line_by_its_measured_width(tmp_path, anchor, shift):
    src = tmp_path / "anchor.svg"
    src.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50">'
        f'<text x="50" y="20" font-size="10" text-anchor="{anchor}">Wide words <tspan '
        'font-weight="bold">here</tspan></text>'
        f'<text x="50" y="40" font-size="8" style="text-anchor:{anchor}">short</text></svg>',
        encoding="utf-8",
    )
    face, problems = drawn(src, 100, 50)
    assert problems == []
    first, bold, second = texts(face)
    width = fonts.string_width("Wide words ", "sans", 10) + fonts.string_width(
        "here", "sans-bold", 10
    )
    assert (first.font, bold.font) == ("sans", "sans-bold")
    assert first.x == pytest.approx(50 + shift * width, abs=0.01)
    assert bold.x == pytest.approx(
        first.x + fonts.string_width("Wide words ", "sans", 10), abs=0.01
    )
    assert second.x == pytest.approx(50 + shift * fonts.string_width("short", "sans", 8), abs=0.01)


@pytest.mark.parametrize(
    "family, weight, style, face",
    [
        ("serif", "normal", "normal", "serif"),
        ("'Times New Roman', serif", "bold", "normal", "serif-bold"),
        ("Georgia", "400", "italic", "serif-italic"),
        ("Arial", "700", "normal", "sans-bold"),
        ("Helvetica, sans-serif", "normal", "oblique", "sans-italic"),
        ("'Courier New', monospace", "normal", "normal", "mono"),
        ("Liberation Sans", "normal", "normal", "sans"),
    ],
)
def test_generic_families_and_common_system_fonts_are_drawn_in_the_matching_built_in_face(
    tmp_path, family, weight, style, face
):
    src = tmp_path / "font.svg"
    src.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 20">'
        f'<text x="2" y="15" font-size="10" font-family="{family}" font-weight="{weight}" '
        f'font-style="{style}">Words</text></svg>',
        encoding="utf-8",
    )
    drawn_face, problems = drawn(src, 100, 20)
    assert problems == []
    assert [t.font for t in texts(drawn_face)] == [face]


def test_a_family_the_project_lacks_is_drawn_in_sans_and_named_in_a_warning(tmp_path):
    src = tmp_path / "font.svg"
    src.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 20">'
        '<text x="2" y="15" style="font-family:\'Myriad Pro\';font-size:10px">Words</text></svg>',
        encoding="utf-8",
    )
    face, problems = drawn(src, 100, 20)
    assert [t.font for t in texts(face)] == ["sans"]
    assert problems == [
        "the font 'Myriad Pro' is not among the project's fonts (fonts/): its text is drawn in sans"
    ]


def test_whitespace_is_collapsed_as_svg_does_unless_preserved(tmp_path):
    src = tmp_path / "space.svg"
    src.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 40">\n'
        '<text x="2" y="15" font-size="8">\n   two   words\n  </text>\n'
        '<text x="2" y="30" font-size="8" xml:space="preserve">kept  apart</text></svg>',
        encoding="utf-8",
    )
    face, _ = drawn(src, 100, 40)
    assert [t.text for t in texts(face)] == ["two words", "kept  apart"]


def test_text_in_a_project_font_is_drawn_in_it_in_the_pdf_svg_and_png(cli, mini):
    """A whole build: the art names the family of a CFF font in fonts/ (its glyphs are
    solid blocks), another piece of text a family nobody has."""
    (mini.root / "fonts").mkdir()
    cff_font(mini.root / "fonts" / "Fancy-Regular.otf", "Fancy")
    (mini.folder / "art" / "blaze.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 60"><rect width="100" '
        'height="60" fill="#ffffff"/>'
        '<text x="50" y="30" text-anchor="middle" font-family="Fancy" font-size="16" '
        'fill="#1a1a80">Big Storm</text>'
        '<text x="50" y="52" text-anchor="middle" font-family="Nonesuch Sans" font-size="9" '
        'fill="#1a1a80">small print</text></svg>',
        encoding="utf-8",
    )
    checked = cli("--root", str(mini.root), "check", "mini", "--runs", "3")
    assert (
        "catalog/mini/art/blaze.svg: warning: the font 'Nonesuch Sans' is not among the project's "
        "fonts" in checked.out
    )
    built = cli(
        "--root",
        str(mini.root),
        "build",
        "mini",
        "--jobs",
        "1",
        "--paper",
        "letter",
        "--only",
        "pnp,svg,cards",
    )
    assert built.code == 0, built.err
    out = mini.root / "output" / "mini"
    runs: dict[str, str] = {}

    def visit(text, cm, tm, font, size):
        if font is not None and text.strip():
            name = str(font["/BaseFont"]).split("+")[-1]
            runs[name] = runs.get(name, "") + text

    PdfReader(out / "mini-pnp-letter.pdf").pages[0].extract_text(visitor_text=visit)
    assert "Big Storm" in runs["Fancy-Regular"] and "small print" in runs["LiberationSans"]
    svg = (out / "svg" / "blaze.svg").read_text(encoding="utf-8")
    assert (
        ">Big Storm</text>" in svg
        and "'Fancy'" in svg
        and (out / "svg" / "fonts" / "Fancy-Regular.otf").exists()
    )
    from PIL import Image

    png = Image.open(out / "cards" / "png" / "blaze-front.png").convert("RGB")
    assert share_of(png, (0x1A, 0x1A, 0x80)) > 0.01  # the blocks of "Big Storm" and the small print


# ---------------------------------------------------------------- icons


@pytest.mark.parametrize(
    "source",
    [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><text x="12" y="20" '
        'font-size="22" '
        'font-weight="bold" text-anchor="middle" font-family="Arial">$</text></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><g transform="rotate(90 50 '
        '50)">'
        '<text x="50" y="70" style="font:italic 60px serif;text-anchor:middle">≤</text></g></svg>',
    ],
)
def test_an_icon_made_only_of_text_takes_the_outlines_of_its_glyphs(tmp_path, source):
    src = tmp_path / "sign.svg"
    src.write_text(source, encoding="utf-8")
    symbol, issues = svg_symbol(src, "icons/sign.svg", tmp_path)
    assert symbol is not None and issues == []
    points = [
        (c[i], c[i + 1])
        for part in symbol.parts
        for c in part.d
        if c[0] != "Z"
        for i in range(1, len(c), 2)
    ]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    assert (
        0 <= min(xs) < max(xs) <= 100 and 0 <= min(ys) < max(ys) <= 100
    )  # inside the symbol's square
    assert max(xs) - min(xs) > 20 and max(ys) - min(ys) > 20  # a glyph, not a speck


def test_a_text_icon_is_drawn_on_the_cards_in_its_colour(cli, mini):
    (mini.folder / "icons").mkdir()
    (mini.folder / "icons" / "dollar.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><text x="12" y="21" '
        'font-size="24" '
        'font-weight="bold" text-anchor="middle" font-family="Arial">$</text></svg>',
        encoding="utf-8",
    )
    mini.replace(
        "game.toml",
        "[backs.deck]",
        '[icons.coin]\nlabel = "Coin"\nsymbol = "dollar"\ncolor = "#00a040"\n\n[backs.deck]',
    )
    mini.replace("cards.csv", "Heal 2.", "Heal 2 :coin:.")
    built = cli("--root", str(mini.root), "build", "mini", "--jobs", "1", "--only", "cards")
    assert built.code == 0, built.err
    from PIL import Image

    png = Image.open(mini.root / "output" / "mini" / "cards" / "png" / "spring-front.png").convert(
        "RGB"
    )
    assert (
        share_of(png, (0x00, 0xA0, 0x40), 30) > 0.0001
    )  # about 200 pixels of the small inline sign
    plain = Image.open(mini.root / "output" / "mini" / "cards" / "png" / "ember-front.png").convert(
        "RGB"
    )
    assert share_of(plain, (0x00, 0xA0, 0x40), 30) == 0


def test_a_character_the_arts_font_lacks_is_drawn_in_a_built_in_face_that_has_it(cli, mini):
    """The project's font draws the words; the arrow it lacks comes from the built-in sans
    (in the same weight), and a character no face has is named in a warning."""
    (mini.root / "fonts").mkdir()
    cff_font(mini.root / "fonts" / "Fancy-Regular.otf", "Fancy")
    (mini.folder / "art" / "blaze.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 60">'
        '<text x="5" y="30" font-family="Fancy" font-size="12" fill="#1a1a80">Go → Now '
        "◎</text></svg>",
        encoding="utf-8",
    )
    checked = cli("--root", str(mini.root), "check", "mini", "--runs", "3")
    assert (
        "catalog/mini/art/blaze.svg: warning: the font 'Fancy-Regular' has no glyph for '◎'"
        in checked.out
    )
    assert "'→'" not in checked.out
    built = cli(
        "--root",
        str(mini.root),
        "build",
        "mini",
        "--jobs",
        "1",
        "--paper",
        "letter",
        "--only",
        "pnp",
    )
    assert built.code == 0, built.err
    runs: dict[str, str] = {}

    def visit(text, cm, tm, font, size):
        if font is not None and text.strip():
            name = str(font["/BaseFont"]).split("+")[-1]
            runs[name] = runs.get(name, "") + text

    PdfReader(mini.root / "output" / "mini" / "mini-pnp-letter.pdf").pages[0].extract_text(
        visitor_text=visit
    )
    assert "Go" in runs["Fancy-Regular"] and "Now" in runs["Fancy-Regular"]
    assert "→" in runs["LiberationSans"] and "Go" not in runs["LiberationSans"]
