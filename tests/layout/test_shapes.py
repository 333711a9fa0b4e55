"""Custom token shapes: a layout with `shape = "path"` and an `outline` (SVG path data, or
an SVG file in the game folder) cuts its pieces along that outline, stretched to the
component's size. The bleed grows around the outline (not around the trim box) on the
print-and-play sheets, in the SVG faces and in the PNG exports (transparent outside), and
the cut line on the sheet is the outline itself. A broken outline is bad input, found
before anything is written.

The game is the tiny fixture game with its ten tokens turned into one 20 x 24 mm shield
(a flat top, straight sides and a curved point at the bottom)."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pypdfium2 as pdfium
import pytest
from conftest import GameCopy, lay_out
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

from cardstock.catalog.load import load_game
from cardstock.core.issues import Issues
from cardstock.core.units import parse_length

MM = parse_length("1mm")
SHIELD = "M 0 0 H 20 V 14 Q 10 26 0 14 Z"  # 20 wide, 20 tall (the curve's lowest point is y = 20)
SHIELD_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><metadata/><g><path '
    f'd="{SHIELD}" fill="#333"/></g></svg>'
)


# a box painting the whole bleed box: what the face shows of it is what the bleed clip lets through
WASH = '\n[layouts.shield.boxes.wash]\ntype = "rect"\nframe = "bleed"\nfill = "#3d4250"\nz = -1\n'


def shield_game(mini: GameCopy, outline: str = SHIELD) -> None:
    mini.replace(
        "game.toml",
        'kind = "token"\ngroup = "Tokens"\n',
        'kind = "token"\ngroup = "Tokens"\nlayout = "shield"\nsize = "20mm x 24mm"\n',
    )
    mini.replace(
        "game.toml",
        '{ id = "damage", name = "Damage", count = 10 }',
        '{ id = "damage", name = "Damage", count = 1 }',
    )
    (mini.path("art") / "shield.svg").write_text(SHIELD_SVG)
    folder = mini.root / "layouts" / "mini"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "faces.toml").write_text(
        f'[layouts.shield]\nextends = "token"\nshape = "path"\noutline = "{outline}"\n' + WASH
    )


def build(cli, mini: GameCopy, only: str) -> None:
    result = cli(
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
    assert result.code == 0, result.err


def cut_figures(page) -> list[list[tuple[float, float]]]:
    """The figures (lists of points, page coordinates) drawn inside the page's /CutLines
    marked content, read from the content stream."""
    ops = ContentStream(page.get_contents(), page.pdf).operations
    figures: list[list[tuple[float, float]]] = []
    inside = False
    for operands, op in ops:
        if op == b"BMC" and operands and operands[0] == "/CutLines":
            inside = True
        elif op == b"EMC":
            inside = False
        elif inside and op == b"m":
            figures.append([(float(operands[0]), float(operands[1]))])
        elif inside and op == b"l" and figures:
            figures[-1].append((float(operands[0]), float(operands[1])))
    return figures


def test_the_sheet_cuts_along_the_outline_and_bleeds_around_it(cli, mini):
    shield_game(mini)
    build(cli, mini, "pnp")
    path = mini.root / "output" / "mini" / "mini-pnp-letter.pdf"
    reader = PdfReader(path)

    def size(f: list[tuple[float, float]]) -> tuple[float, float]:
        return (
            round((max(p[0] for p in f) - min(p[0] for p in f)) / MM, 1),
            round((max(p[1] for p in f) - min(p[1] for p in f)) / MM, 1),
        )

    # many points (a curve, not a rectangle or a hexagon), the shield's size (the die net is
    # another figure)
    found = [
        (i, f)
        for i, page in enumerate(reader.pages)
        for f in cut_figures(page)
        if len(f) > 15 and size(f) == (20.0, 24.0)
    ]
    assert len(found) == 1, "one shield, cut along its curved outline"
    index, figure = found[0]
    xs, ys = [p[0] for p in figure], [p[1] for p in figure]
    tip = min(figure, key=lambda p: p[1])  # PDF y grows upwards: the point is the lowest
    assert abs(tip[0] - (min(xs) + max(xs)) / 2) < 0.5 * MM

    # pixels at 144 dpi: the bleed (3 mm) is painted around the outline, not the trim box
    scale = 2.0
    pdf = pdfium.PdfDocument(str(path))
    image = pdf[index].render(scale=scale).to_pil().convert("RGB")
    height = float(reader.pages[index].mediabox.height)

    def pixel(x: float, y: float) -> tuple[int, int, int]:
        return image.getpixel((round(x * scale), round((height - y) * scale)))

    def dark(rgb: tuple[int, int, int]) -> bool:
        return sum(rgb) < 300  # the token's ground colour, not the paper

    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    assert dark(pixel(tip[0], tip[1] - 1 * MM)), "bleed below the point"
    assert dark(pixel(x0 - 1 * MM, y1 + 1 * MM)), (
        "bleed beyond the top corner, which is on the outline"
    )
    assert dark(pixel(x0 - 1 * MM, (y0 + y1) / 2 + 4 * MM)), "bleed beside the straight side"
    assert not dark(pixel(x0 - 1 * MM, y0 - 1 * MM)), (
        "no bleed at the trim box's corner, far outside the outline"
    )
    assert not dark(pixel(x1 + 0.5 * MM, y0 + 1 * MM))


def test_the_svg_face_and_the_png_follow_the_outline_and_are_clear_outside(cli, mini):
    shield_game(mini)
    build(cli, mini, "svg,cards")
    svg = ET.parse(mini.root / "output" / "mini" / "svg" / "damage.svg").getroot()
    face = next(el for el in svg.iter() if el.get("id") == "face")
    assert (
        face.get("clip-path") == "url(#bleed)"
    )  # everything the face paints, the wash too, is clipped
    clip = next(el for el in svg.iter() if el.tag.endswith("clipPath") and el.get("id") == "bleed")
    (outline,) = [el.get("d", "") for el in clip.iter() if el.tag.endswith("path")]
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", outline)]
    points = list(zip(numbers[0::2], numbers[1::2]))
    assert len(points) > 15  # the curve, not a rectangle or a circle
    assert max(p[1] for p in points) > 26.5 * MM  # down past the point by the bleed
    assert min(p[0] for p in points) == pytest.approx(-3 * MM, abs=0.05 * MM)
    assert not any(
        abs(x + 3 * MM) < 0.1 and abs(y - 27 * MM) < 0.1 for x, y in points
    )  # not the bleed box's corner

    png = Image.open(mini.root / "output" / "mini" / "cards" / "png" / "damage-front.png")
    assert png.mode == "RGBA"
    w, h = png.size
    assert w / h == pytest.approx(26 / 30, abs=0.01)  # the trim with 3 mm of bleed
    assert (
        png.getpixel((2, h - 3))[3] == 0 and png.getpixel((w - 3, h - 3))[3] == 0
    )  # outside: clear
    assert png.getpixel((2, 2))[3] == 255 and png.getpixel((w // 2, h - 4))[3] == 255  # the bleed
    assert png.getpixel((w // 2, h // 2))[3] == 255


def test_an_outline_from_an_svg_file_cuts_the_same_shape(mini):
    shield_game(mini)
    issues = Issues()
    inline = lay_out(
        load_game(mini.root, "mini", issues),
        next(c for c in load_game(mini.root, "mini", issues).components if c.id == "damage"),
        "front",
    )
    (mini.root / "layouts" / "mini" / "faces.toml").write_text(
        '[layouts.shield]\nextends = "token"\nshape = "path"\noutline = "art/shield.svg"\n' + WASH
    )
    cat = load_game(mini.root, "mini", issues)
    from_file = lay_out(cat, next(c for c in cat.components if c.id == "damage"), "front")
    assert inline is not None and from_file is not None
    assert from_file.shape == inline.shape == "path"
    assert from_file.cut == inline.cut and len(inline.cut) > 15
    assert not [i for i in from_file.findings if i.level == "error"]


def test_a_broken_outline_is_bad_input_at_its_line_and_nothing_is_written(cli, mini):
    shield_game(mini, outline="M 0 0 L 5")
    result = cli(
        "--root",
        str(mini.root),
        "build",
        "mini",
        "--jobs",
        "1",
        "--paper",
        "letter",
        "--only",
        "svg,pnp",
    )
    assert result.code == 2
    assert (
        "layouts/mini/faces.toml:4: layouts.shield.outline: the outline is not SVG path data"
        in result.err
    )
    assert "Traceback" not in result.err
    assert not (mini.root / "output").exists() or not any((mini.root / "output").rglob("*.*"))


def test_a_missing_outline_file_is_named(cli, mini):
    shield_game(mini, outline="art/nowhere.svg")
    result = cli("--root", str(mini.root), "check", "mini")
    assert result.code == 2
    assert (
        "layouts/mini/faces.toml:4: layouts.shield.outline: outline file not found: art/nowhere.svg"
        in result.err
    )


def test_a_path_shape_keeps_print_safety_inside_its_outline(mini):
    """The safe zone follows the outline: a box in the trim box's bottom corner (outside
    the shield) is reported, as it would be cut off."""
    shield_game(mini)
    with open(mini.root / "layouts" / "mini" / "faces.toml", "a") as f:
        f.write(
            '\n[layouts.shield.boxes.corner]\ntype = "text"\nframe = "trim"\nleft = "0.5mm"\n'
            'bottom = "0.5mm"\nwidth = "3mm"\nheight = "3mm"\ntext = "x"\n'
        )
    issues = Issues()
    cat = load_game(mini.root, "mini", issues)
    face = lay_out(cat, next(c for c in cat.components if c.id == "damage"), "front")
    assert face is not None
    outside = [
        i
        for i in face.findings
        if i.field == "layouts.shield.boxes.corner" and "outside the safe zone" in i.message
    ]
    assert outside and "path face" in outside[0].message
    assert not math.isnan(float(re.search(r"reaches ([\d.]+)mm", outside[0].message).group(1)))
