"""SVG art as Inkscape and Illustrator write it: arcs, clip paths, `<use>`, symbols,
percentages, hidden layers, and the programs' own elements (metadata, named views,
Illustrator's private data) skipped without a word. The art is drawn the same in the PDF
and in the SVG a build writes (the SVG read back draws the same pixels), and what cannot
be drawn is reported once per file."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardstock.layout.art.svgart import svg_ops
from cardstock.layout.ops import Face
from cardstock.render.png import faces_pdf, rasterise
from cardstock.render.svg import svg_bytes

INKSCAPE = """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:dc="http://purl.org/dc/elements/1.1/"
   width="100mm" height="100mm" viewBox="0 0 100 100" version="1.1" inkscape:version="1.3.2">
  <title id="t">Badge</title>
  <desc id="d">drawn by hand for a test</desc>
  <sodipodi:namedview id="namedview1" pagecolor="#ffffff" inkscape:zoom="1.2">
    <inkscape:page x="0" y="0" width="100" height="100" id="page1"/>
  </sodipodi:namedview>
  <metadata id="m"><rdf:RDF><dc:format>image/svg+xml</dc:format></rdf:RDF></metadata>
  <defs id="defs1">
    <clipPath clipPathUnits="userSpaceOnUse" id="left-half">
      <rect x="0" y="0" width="50" height="100" id="r1"/></clipPath>
    <circle id="dot" cx="0" cy="0" r="5" style="fill:#00aa00;stroke:none"/>
  </defs>
  <g inkscape:groupmode="layer" inkscape:label="Sketch" style="display:none" id="layer0">
    <rect width="100" height="100" style="fill:#ff0000" id="r0"/>
  </g>
  <g inkscape:groupmode="layer" inkscape:label="Art" id="layer1">
    <circle cx="50" cy="30" r="20" style="fill:#0000ff" clip-path="url(#left-half)" id="c1"/>
    <path d="M 10,90 A 20,20 0 0 1 50,90 Z" style="fill:#ff8800;fill-opacity:1" id="arc"
       sodipodi:nodetypes="cc"/>
    <use xlink:href="#dot" x="80" y="80" id="use1"/>
  </g>
</svg>
"""

ILLUSTRATOR = """<?xml version="1.0" encoding="utf-8"?>
<!-- Generator: Adobe Illustrator 27.0.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->
<svg version="1.1" xmlns="http://www.w3.org/2000/svg" xmlns:x="http://ns.adobe.com/Extensibility/1.0/"
   xmlns:i="http://ns.adobe.com/AdobeIllustrator/10.0/" xmlns:graph="http://ns.adobe.com/Graphs/1.0/"
   xmlns:xlink="http://www.w3.org/1999/xlink" x="0px" y="0px" width="200px" height="100px"
   viewBox="0 0 200 100" style="enable-background:new 0 0 200 100;" xml:space="preserve">
<style type="text/css">
  .st0{clip-path:url(#SVGID_2_);fill:#CC0000;}
  .st1{fill:#008888;}
</style>
<switch>
  <foreignObject requiredExtensions="http://ns.adobe.com/AdobeIllustrator/10.0/"
     x="0" y="0" width="1" height="1">
    <i:pgf id="adobe_illustrator_pgf">eJzLSM3JyVcozy/KSQEAGgQEXQ==</i:pgf>
  </foreignObject>
  <g i:extraneous="self">
    <g>
      <defs><path id="SVGID_1_" d="M100,0h100v50H100z"/></defs>
      <clipPath id="SVGID_2_"><use xlink:href="#SVGID_1_" style="overflow:visible;"/></clipPath>
      <rect x="100" y="0" class="st0" width="100" height="100"/>
    </g>
    <symbol id="Tile" viewBox="0 0 10 10"><rect width="10" height="10" class="st1"/></symbol>
    <use xlink:href="#Tile" width="20" height="20" x="10" y="10"/>
    <rect x="0" y="75%" width="25%" height="20%" fill="#333333"/>
  </g>
</switch>
</svg>
"""

WHITE = (255, 255, 255)


def drawn(path: Path, w: float, h: float) -> tuple[Face, list[str]]:
    ops, problems = svg_ops(path, path.parent, (0.0, 0.0, w, h), "stretch")
    return Face.build(w, h, 0.0, "rect", tuple(ops)), problems


def pixels(face: Face):
    """The face drawn in a PDF, read back at 72 dpi (one pixel per point)."""
    size = (round(face.width), round(face.height))
    (image,) = rasterise(faces_pdf([face], title="t"), 72, [size], [False])
    return image.convert("RGB")


def near(a, b, tol: int = 40) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def read_back_svg(face: Face, tmp_path: Path) -> Face:
    """The SVG the build writes for `face`, read again by the art reader."""
    out = tmp_path / "face.svg"
    out.write_bytes(svg_bytes(face))
    again, problems = drawn(out, face.width, face.height)
    assert problems == []
    return again


def same_pixels(a, b) -> float:
    """The share of pixels that differ by more than a little (anti-aliasing)."""
    pa, pb = a.load(), b.load()
    differ = sum(
        1 for x in range(a.width) for y in range(a.height) if not near(pa[x, y], pb[x, y], 24)
    )
    return differ / (a.width * a.height)


@pytest.mark.parametrize(
    "name,text,w,h,expect",
    [
        (
            "inkscape",
            INKSCAPE,
            100,
            100,
            {
                (40, 30): (0, 0, 255),  # the circle, inside its clip
                (60, 30): WHITE,  # the circle's right half, clipped away
                (30, 80): (255, 136, 0),  # the arc's half disc
                (30, 95): WHITE,  # below the arc's chord
                (80, 80): (0, 170, 0),  # <use> of a circle defined in <defs>
                (5, 5): WHITE,  # the hidden layer is not drawn
            },
        ),
        (
            "illustrator",
            ILLUSTRATOR,
            200,
            100,
            {
                (150, 25): (204, 0, 0),  # the rect inside its clip (a <use> of a path)
                (150, 75): WHITE,  # clipped away
                (20, 20): (0, 136, 136),  # <use> of a <symbol>, scaled by width and height
                (35, 20): WHITE,
                (25, 85): (51, 51, 51),  # percentages of the viewBox
                (75, 85): WHITE,
            },
        ),
    ],
)
def test_drawing_programs_art_draws_in_pdf_and_svg_alike(tmp_path, name, text, w, h, expect):
    src = tmp_path / f"{name}.svg"
    src.write_text(text, encoding="utf-8")
    face, problems = drawn(src, w, h)
    assert problems == []  # metadata, named views, titles, private data: skipped silently
    image = pixels(face)
    for (x, y), colour in expect.items():
        assert near(image.getpixel((x, y)), colour), (name, (x, y), image.getpixel((x, y)))
    again = pixels(read_back_svg(face, tmp_path))
    assert same_pixels(image, again) < 0.002


def test_what_cannot_be_drawn_is_reported_once_per_file(tmp_path):
    src = tmp_path / "bits.svg"
    src.write_text(
        """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
      <image x="1" y="5" width="2" height="2" href="one.png"/>
      <image x="1" y="9" width="2" height="2" href="two.png"/>
      <rect width="10" height="10" fill="#123456" mask="url(#m)"/>
      <rect width="4" height="4" fill="#654321" clip-path="url(#missing)"/>
    </svg>""",
        encoding="utf-8",
    )
    face, problems = drawn(src, 10, 10)
    assert problems == sorted(
        [
            "<image> is not drawn (only shapes, paths and text are)",
            "masks are not applied (the shapes are drawn whole)",
            "the clip path 'missing' is not defined in the file (the shapes are drawn whole)",
        ]
    )
    assert len(face.ops) == 2  # both rectangles are still drawn


def test_a_use_that_refers_to_itself_is_refused_not_a_crash(tmp_path):
    src = tmp_path / "loop.svg"
    src.write_text(
        """<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
      viewBox="0 0 10 10">
      <g id="a"><rect width="2" height="2"/><use xlink:href="#a" x="3"/></g></svg>""",
        encoding="utf-8",
    )
    face, problems = drawn(src, 10, 10)
    assert problems == ["<use> of 'a' refers to itself (left out)"]
    assert len(face.ops) == 2  # the group's rect, and the rect of its one use


def test_a_clipped_art_file_on_two_cards_is_one_warning_at_most(cli, mini):
    (mini.folder / "art" / "ink.svg").write_text(
        INKSCAPE.replace(
            '<use xlink:href="#dot"',
            '<image href="hi.png" width="2" height="2"/><use xlink:href="#dot"',
        ),
        encoding="utf-8",
    )
    mini.replace("cards.csv", "Heal 2.,,,", "Heal 2.,art/ink.svg,,")
    mini.replace("cards.csv", "Deal 1 damage. :fire:,,", "Deal 1 damage. :fire:,art/ink.svg,")
    result = cli("--root", str(mini.root), "check", "mini", "--runs", "5", "--verbose")
    assert result.out.count("catalog/mini/art/ink.svg: warning: <image> is not drawn") == 1
    assert (
        "clip path" not in result.out
        and "metadata" not in result.out
        and "namedview" not in result.out
    )
