"""Icons and art print what their SVG shows, clipped to its viewBox as the face is placed:
a stray Inkscape `<text>` beside the page, or a shape hanging over the page's edge, is
not printed on the sheets, in the card PNGs or in the SVG faces."""

from __future__ import annotations

import subprocess
from pathlib import Path

from PIL import Image as PILImage
from pypdf import PdfReader

INKSCAPE = (
    'xmlns="http://www.w3.org/2000/svg" '
    'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
    'xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"'
)
# text left on the pasteboard, far outside the page (the viewBox)
STRAY = '<text x="{x}" y="{y}" font-size="{size}" fill="#ff0000">STRAYWORD</text>'
BLUE = (0, 0, 255)


def art_file(hanging: bool, stray: bool) -> str:
    """A 10 × 10 page filled green, a blue bar along its right edge (hanging 4 units past
    it, or cut at it by hand), a red square beside the page and stray text."""
    bar = 14 if hanging else 10
    extra = (
        '<rect x="11" y="3" width="3" height="3" fill="#ff0000"/>'
        + STRAY.format(x=400, y=-300, size=3)
        if stray
        else ""
    )
    return (
        f'<svg {INKSCAPE} width="10mm" height="10mm" viewBox="0 0 10 10">'
        '<sodipodi:namedview id="base"/>'
        '<g inkscape:label="Layer 1" inkscape:groupmode="layer">'
        '<rect x="0" y="0" width="10" height="10" fill="#00ff00"/>'
        f'<rect x="8" y="0" width="{bar - 8}" height="10" fill="#0000ff"/>'
        f"{extra}</g></svg>"
    )


def icon_file(stray: bool) -> str:
    """A square flame, and beside its page a bar and a line of text."""
    extra = (
        '<rect x="30" y="0" width="20" height="24"/>' + STRAY.format(x=60, y=12, size=8)
        if stray
        else ""
    )
    return (
        f'<svg {INKSCAPE} viewBox="0 0 24 24"><g inkscape:label="Layer 1">'
        f'<path d="M4 4 H20 V20 H4 Z"/>{extra}</g></svg>'
    )


ART_BOX = """
[layouts.card.boxes.art]
top = "20mm"
bottom = "42.9mm"
left = "10mm"
right = "7.5mm"
radius = "0mm"
fit = "contain"
"""


def project(mini, hanging: bool, stray: bool) -> None:
    (mini.folder / "art" / "page.svg").write_text(art_file(hanging, stray))
    (mini.folder / "icons").mkdir(exist_ok=True)
    (mini.folder / "icons" / "flame.svg").write_text(icon_file(stray))
    if "art/page.svg" not in mini.path("cards.csv").read_text():
        mini.replace("cards.csv", "Heal 2.,,,", "Heal 2.,art/page.svg,,")
    layouts = mini.root / "layouts" / "mini"
    layouts.mkdir(parents=True, exist_ok=True)
    (layouts / "faces.toml").write_text(ART_BOX)


def build(cli, mini) -> None:
    result = cli(
        "--root", str(mini.root), "build", "mini", "--jobs", "1", "--paper", "letter",
        "--only", "svg,pnp,cards", "--dpi", "100",
    )  # fmt: skip
    assert result.code == 0, result.err


def out(mini, name: str) -> Path:
    return mini.root / "output" / "mini" / name


def pixels(png: Path) -> list[tuple[int, int, int]]:
    data = PILImage.open(png).convert("RGB").tobytes()
    return [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 3)]


def near(colour: tuple[int, int, int], want: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 40 for a, b in zip(colour, want))


def sheet_pixels(mini, tmp_path: Path) -> list[tuple[int, int, int]]:
    pdf = out(mini, "mini-pnp-letter.pdf")
    subprocess.run(
        ["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "s")],
        check=True,
    )
    (png,) = tmp_path.glob("s*.png")
    return pixels(png)


def test_what_lies_outside_an_art_svgs_viewbox_is_not_printed(cli, mini, tmp_path):
    project(mini, hanging=False, stray=False)
    build(cli, mini)
    clean_blue = sum(near(p, BLUE) for p in pixels(out(mini, "cards/png/spring-front.png")))

    project(mini, hanging=True, stray=True)
    build(cli, mini)
    png = out(mini, "cards/png/spring-front.png")
    seen = pixels(png)
    assert not any(near(p, (255, 0, 0)) for p in seen)  # the square beside the page
    blue = sum(near(p, BLUE) for p in seen)
    # cut at the page's edge (a pixel's column of smoothing aside), not three times as wide
    assert clean_blue > 0 and abs(blue - clean_blue) <= clean_blue * 0.1

    sheet = out(mini, "mini-pnp-letter.pdf")
    text = "".join(page.extract_text() for page in PdfReader(sheet).pages)
    assert "STRAYWORD" not in text  # not drawn, not even hidden under a clip
    assert not any(near(p, (255, 0, 0)) for p in sheet_pixels(mini, tmp_path))
    face = out(mini, "svg/spring.svg").read_text()
    assert "STRAYWORD" not in face and "clip-path" in face


def test_an_icons_shapes_outside_its_viewbox_are_cut_off(cli, mini):
    project(mini, hanging=False, stray=False)
    build(cli, mini)
    clean = {p: out(mini, f"cards/png/{p}-front.png").read_bytes() for p in ("ember", "blaze")}
    clean_sheet = out(mini, "mini-pnp-letter.pdf").read_bytes()

    project(mini, hanging=False, stray=True)
    build(cli, mini)
    for p, data in clean.items():  # the fire icon prints as if the file held only the flame
        assert out(mini, f"cards/png/{p}-front.png").read_bytes() == data
    assert out(mini, "mini-pnp-letter.pdf").read_bytes() == clean_sheet
    face = out(mini, "svg/ember.svg").read_text()
    assert face.count("icon-flame") >= 1


def test_an_icon_shape_over_its_viewboxs_edge_is_cut_at_the_edge(tmp_path):
    """A disc half over the page's right edge, filled, and a stroked line across it: the
    symbol's parts stay in the page's square, the half inside kept."""
    from cardstock.layout.art.ownicons import svg_symbol

    icon = tmp_path / "half.svg"
    icon.write_text(
        f'<svg {INKSCAPE} viewBox="0 0 24 24"><circle cx="24" cy="12" r="8"/>'
        '<line x1="0" y1="2" x2="40" y2="2" stroke="#000" stroke-width="2"/></svg>'
    )
    symbol, issues = svg_symbol(icon, "half.svg", tmp_path)
    assert symbol is not None and issues == []
    xs = [v for part in symbol.parts for cmd in part.d for v in cmd[1::2]]
    assert max(xs) == 100 and min(xs) >= 0  # cut at the edge, not beyond it
    disc = [p for p in symbol.parts if p.stroke_width == 0]
    assert [c[0] for c in disc[0].d][-1] == "Z" and min(v for c in disc[0].d for v in c[1::2]) < 70
