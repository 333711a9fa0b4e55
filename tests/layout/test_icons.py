"""A game's own icons: an SVG in `catalog/<game>/icons/` is an icon the text can name
inline (`:sprout:`) and the icon fields can hold, drawn as vectors in the PDF and the SVG."""

from __future__ import annotations

import subprocess
import xml.etree.ElementTree as ET

from helpers_pixels import pixels_within
from pypdf import PdfReader

GREEN = "#00c000"
# a leaf-ish shape in its own viewBox, with a transform, as a drawing program leaves it
SPROUT = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48">
  <metadata>made by hand</metadata>
  <g transform="translate(4 4)" style="fill:#123456">
    <path d="M20 0 C 34 8, 40 24, 20 40 C 0 24, 6 8, 20 0 Z"/>
    <rect x="18" y="30" width="4" height="10"/>
  </g>
</svg>
"""


def with_sprout(mini, text: str) -> None:
    (mini.folder / "icons").mkdir()
    (mini.folder / "icons" / "sprout.svg").write_text(SPROUT)
    mini.append("game.toml", "")
    mini.replace(
        "game.toml", "[icons.water]", f'[icons.sprout]\ncolor = "{GREEN}"\n\n[icons.water]'
    )
    mini.replace("cards.csv", "Heal 2.", text)


def green_pixels(pdf, page: int, folder) -> int:
    folder.mkdir(exist_ok=True)
    prefix = folder / f"page{page}"
    subprocess.run(
        ["pdftoppm", "-png", "-r", "72", "-f", str(page), "-l", str(page), str(pdf), str(prefix)],
        check=True,
    )
    from PIL import Image

    (png,) = sorted(folder.glob(f"page{page}*.png"))
    img = Image.open(png).convert("RGB")
    return pixels_within(img, (0, 151, 0), (59, 255, 59))  # green: G over 150, R and B under 60


def build(cli, mini) -> None:
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
    assert result.code == 0, result.err


def test_an_svg_in_the_icons_folder_is_drawn_inline_in_the_pdf(cli, mini, tmp_path):
    build(cli, mini)
    pdf = mini.root / "output" / "mini" / "mini-pnp-letter.pdf"
    assert green_pixels(pdf, 1, tmp_path / "before") == 0

    with_sprout(mini, "Heal 2 :sprout: now.")
    build(cli, mini)
    assert PdfReader(pdf).pages[0].extract_text().count("Heal 2") == 2
    # two Spring cards on the first sheet, each with a small green sprout in its text
    assert green_pixels(pdf, 1, tmp_path / "after") > 6


def test_an_svg_in_the_icons_folder_is_drawn_inline_in_the_svg_face(cli, mini):
    with_sprout(mini, "Heal 2 :sprout: now.")
    build(cli, mini)
    face = ET.parse(mini.root / "output" / "mini" / "svg" / "spring.svg").getroot()
    groups = [
        g
        for g in face.iter("{http://www.w3.org/2000/svg}g")
        if "icon-sprout" in (g.get("class") or "")
    ]
    assert len(groups) == 1
    paths = list(groups[0].iter("{http://www.w3.org/2000/svg}path"))
    assert len(paths) == 2  # the leaf and its stem, each a part of the symbol
    assert {p.get("fill") for p in paths} == {GREEN}  # the game's colour, not the file's


def test_an_icon_file_is_an_icon_without_a_declaration(cli, mini):
    (mini.folder / "icons").mkdir()
    (mini.folder / "icons" / "sprout.svg").write_text(SPROUT)
    mini.replace("cards.csv", "spring,Spring,2,Water,2,water,", "spring,Spring,2,Water,2,sprout,")
    result = cli("--root", str(mini.root), "catalog", "mini", "--json")
    assert result.code == 0, result.err
    build(cli, mini)
    face = (mini.root / "output" / "mini" / "svg" / "spring.svg").read_text()
    assert "icon-sprout" in face
