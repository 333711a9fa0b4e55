"""Art and icons of the game's own, as the default layouts and the art box draw them:
the set's art field is drawn (the placeholder only when it is empty); `fit`, `position` and
`opacity` work on raster and SVG art; an icon row draws a list of different icons."""

from __future__ import annotations

import subprocess
import xml.etree.ElementTree as ET

from PIL import Image as PILImage

SVG = "{http://www.w3.org/2000/svg}"
MM = 72 / 25.4


def build(cli, mini, only: str = "svg") -> None:
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


def face(mini, stem: str) -> ET.Element:
    return ET.parse(mini.root / "output" / "mini" / "svg" / f"{stem}.svg").getroot()


def faces_toml(mini, text: str) -> None:
    folder = mini.root / "layouts" / "mini"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "faces.toml").write_text(text)


def wide_png(mini, name: str = "wide.png") -> None:
    """A 40 × 10 pure red picture, four times as wide as it is tall."""
    PILImage.new("RGB", (40, 10), (255, 0, 0)).save(mini.folder / "art" / name)
    mini.replace("cards.csv", "Heal 2.,,,", f"Heal 2.,art/{name},,")


GREEN = "#12ab34"


def green_disc(mini) -> None:
    """Spring's art: a green disc in a square SVG."""
    (mini.folder / "art" / "disc.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" '
        f'fill="{GREEN}"/></svg>'
    )
    mini.replace("cards.csv", "Heal 2.,,,", "Heal 2.,art/disc.svg,,")


def discs(mini, stem: str) -> list[ET.Element]:
    return [p for p in face(mini, stem).iter(f"{SVG}path") if p.get("fill") == GREEN]


def test_the_default_card_layout_draws_the_sets_art_field(cli, mini):
    green_disc(mini)
    build(cli, mini)
    assert len(discs(mini, "spring")) == 1  # drawn as vectors in the art box
    assert discs(mini, "ember") == []  # no art: the generated placeholder instead


def art_box(**keys: str) -> str:
    lines = "".join(f'{k} = "{v}"\n' for k, v in keys.items())
    # the safe area of a poker card is 57.5 × 82.9 mm: a 40 × 20 mm box at (10 mm, 20 mm)
    return (
        '[layouts.card.boxes.art]\ntop = "20mm"\nbottom = "42.9mm"\nleft = "10mm"\nright = '
        f'"7.5mm"\nradius = "0mm"\n{lines}'
    )


def image_of(mini) -> dict[str, float]:
    (img,) = face(mini, "spring").iter(f"{SVG}image")
    return {k: float(img.get(k, "nan")) for k in ("x", "y", "width", "height")} | {
        "opacity": float(img.get("opacity", 1))
    }


def test_fit_and_position_place_a_raster_picture(cli, mini):
    wide_png(mini)
    faces_toml(mini, art_box(fit="contain", position="top"))
    build(cli, mini)
    contain = image_of(mini)
    assert (
        round(contain["width"] / MM) == 40 and round(contain["height"] / MM) == 10
    )  # all of it, 4:1
    top = contain["y"]

    faces_toml(mini, art_box(fit="contain", position="bottom"))
    build(cli, mini)
    assert round((image_of(mini)["y"] - top) / MM) == 10  # the spare 10 mm now above it

    faces_toml(mini, art_box(fit="stretch"))
    build(cli, mini)
    stretched = image_of(mini)
    assert (round(stretched["width"] / MM), round(stretched["height"] / MM)) == (40, 20)

    faces_toml(mini, art_box(fit="cover", position="left"))
    build(cli, mini)
    left = image_of(mini)
    faces_toml(mini, art_box(fit="cover", position="right"))
    build(cli, mini)
    right = image_of(mini)
    assert round(left["height"] / MM) == 20 and round(left["width"] / MM) == 80  # cropped to fill
    assert round((left["x"] - right["x"]) / MM) == 40  # the crop keeps the other end


def test_a_picture_replaced_under_the_same_name_is_drawn_as_the_new_one(cli, mini):
    wide_png(mini)
    faces_toml(mini, art_box(fit="contain"))
    build(cli, mini)
    wide = image_of(mini)
    PILImage.new("RGB", (10, 40), (0, 0, 255)).save(mini.folder / "art" / "wide.png")
    build(cli, mini)  # the same process, the same path: the new file's size is read
    tall = image_of(mini)
    assert wide["width"] > wide["height"] and tall["height"] > tall["width"]


def test_opacity_fades_raster_art_in_the_svg_and_the_pdf(cli, mini, tmp_path):
    wide_png(mini)
    faces_toml(mini, art_box(fit="stretch") + "opacity = 0.5\n")
    build(cli, mini, "svg,pnp")
    assert image_of(mini)["opacity"] == 0.5
    pdf = mini.root / "output" / "mini" / "mini-pnp-letter.pdf"
    subprocess.run(
        ["pdftoppm", "-png", "-r", "50", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "p")],
        check=True,
    )
    (png,) = tmp_path.glob("p*.png")
    pixels = PILImage.open(png).convert("RGB")
    colours = {
        pixels.getpixel((x, y)) for x in range(pixels.width) for y in range(0, pixels.height, 3)
    }
    # red at half strength over the light card: pink, never the file's full red
    assert any(r > 220 and 90 < g < 190 and 90 < b < 190 for r, g, b in colours)
    assert (255, 0, 0) not in colours


def test_fit_position_and_opacity_apply_to_svg_art(cli, mini):
    green_disc(mini)
    faces_toml(mini, art_box(fit="contain", position="left") + "opacity = 0.4\n")
    build(cli, mini)
    (circle,) = discs(mini, "spring")
    assert float(circle.get("opacity")) == 0.4
    xs = [
        float(v)
        for v in circle.get("d").replace("M", " ").replace("C", " ").replace("Z", " ").split()[0::2]
    ]
    # a square picture in a 40 × 20 mm box, pushed to the left: the disc fills the left
    # 20 mm of the box; the box's left edge is 10 mm into the safe area
    assert round((max(xs) - min(xs)) / MM) == 20
    left = min(xs)
    faces_toml(mini, art_box(fit="contain", position="right") + "opacity = 0.4\n")
    build(cli, mini)
    (circle,) = discs(mini, "spring")
    xs = [
        float(v)
        for v in circle.get("d").replace("M", " ").replace("C", " ").replace("Z", " ").split()[0::2]
    ]
    assert round((min(xs) - left) / MM) == 20


def test_an_icon_row_draws_one_icon_per_item_of_an_icons_field(cli, mini):
    mini.replace(
        "game.toml",
        'fields.bonus = { type = "bool", default = false }',
        'fields.bonus = { type = "bool", default = false }\nfields.cost = { type = "icons" }',
    )
    mini.replace("cards.csv", "bonus,designer_choice", "bonus,designer_choice,cost")
    mini.replace("cards.csv", "Heal 2.,,,", "Heal 2.,,,,water fire fire")
    faces_toml(
        mini,
        '[layouts.card.boxes.cost]\ntype = "icons"\nicons = "{{ cost }}"\narrange = "row"\nwhen = '
        '"cost"\ntop = "12mm"\nheight = "6mm"\nleft = "2mm"\nwidth = "30mm"\n',
    )
    build(cli, mini)
    row = [g for g in face(mini, "spring").iter(f"{SVG}g") if "icon" in (g.get("class") or "")]
    # the badge (water's drop) first, then the row in the field's order
    assert [g.get("class") for g in row][-3:] == [
        "icon icon-drop",
        "icon icon-flame",
        "icon icon-flame",
    ]


ILLUSTRATOR = """<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
     xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" viewBox="0 0 40 20">
  <metadata><rdf xmlns="urn:x">exported</rdf></metadata>
  <sodipodi:namedview pagecolor="#ffffff"/>
  <defs>
    <style>/* from a drawing program */ .st0, .st1 { fill: #12ab34; } .st2{fill:url(#sky)}</style>
    <linearGradient id="base"><stop offset="0" stop-color="#3355ff"/>
      <stop offset="1" stop-color="#000000"/></linearGradient>
    <linearGradient id="sky" xlink:href="#base"/>
    <clipPath id="c"><rect width="5" height="5"/></clipPath>
  </defs>
  <g transform="skewX(45)"><rect class="st0" x="0" y="0" width="10" height="10"/></g>
  <circle class="st2" cx="30" cy="10" r="8" clip-path="url(#c)"/>
</svg>
"""


def test_svg_art_as_drawing_programs_write_it(cli, mini):
    (mini.folder / "art" / "export.svg").write_text(ILLUSTRATOR)
    mini.replace("cards.csv", "Heal 2.,,,", "Heal 2.,art/export.svg,,")
    mini.replace("cards.csv", "Deal 1 damage. :fire:,,", "Deal 1 damage. :fire:,art/export.svg,")
    build(cli, mini)
    paths = list(face(mini, "spring").iter(f"{SVG}path"))
    (square,) = [p for p in paths if p.get("fill") == GREEN]  # the class from <style>
    points = [
        float(v)
        for v in square.get("d").replace("M", " ").replace("L", " ").replace("Z", " ").split()
    ]
    xs, ys = points[0::2], points[1::2]
    top = [x for x, y in zip(xs, ys) if y == min(ys)]
    bottom = [x for x, y in zip(xs, ys) if y == max(ys)]
    assert min(bottom) - min(top) > 5  # skewX(45) leans the square: a parallelogram
    assert [p for p in paths if p.get("fill") == "#3355ff"]  # the gradient's first stop, via href

    result = cli("--root", str(mini.root), "check", "mini", "--runs", "5")
    # two cards use the file; each problem is reported once, about the file
    assert "clip path" not in result.out  # clip paths are applied now (see test_svg_art.py)
    assert (
        result.out.count(
            "catalog/mini/art/export.svg: warning: the gradient 'sky' is drawn in one colour"
        )
        == 1
    )
