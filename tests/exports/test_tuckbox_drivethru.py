"""DriveThruCards' tuck box (`--for drivethru`): each deck a box holds gets
`<deck>-tuckbox.png`, exactly the box's net and its 1/8 in bleed at 300 dpi, with no page
margin and no marks: the die line lies the bleed inside every edge, and nothing is drawn
beyond the net's panels and their bleed."""

from __future__ import annotations

import io
import shutil
import zipfile

import pytest
from conftest import FIXTURES, ROOT, job_of, load_games
from PIL import Image, ImageDraw, ImageStat

from cardstock.cli import main
from cardstock.core.stage import BuildOptions
from cardstock.exports.presets import build_print_shop, load_presets
from cardstock.exports.tuckboxes import box_of, template_problems, tuckbox_images
from cardstock.impose.tuckbox import decks_of

TEMPLATES = load_presets(ROOT)[0]["drivethru"].tuckboxes
WHITE = (255, 255, 255)


def px(points: float, dpi: int = 300) -> float:
    return points / 72 * dpi


@pytest.fixture(scope="module")
def vortex():
    """The shipped game: its 48-card deck goes in the 54-card box, its 194 cards in none."""
    (catalog,), _ = load_games(ROOT, ["vortex"])
    faces = job_of(catalog).faces
    made: dict[str, bytes] = {}
    notes = tuckbox_images(
        catalog,
        faces,
        "DriveThruCards",
        TEMPLATES,
        lambda c: str(c.back or c.set),
        lambda name, data: made.setdefault(name, data),
    )
    (name,) = made
    deck = next(d for d in decks_of(catalog, faces) if f"{d.first.back}-tuckbox.png" == name)
    box = box_of(next(t for t in TEMPLATES if t.name == "Poker Tuck Box (54 cards)"))
    image = Image.open(io.BytesIO(made[name]))
    return deck, box, image, notes


def test_every_box_is_stated_as_its_net_and_bleed_at_its_pixel_size():
    assert TEMPLATES and template_problems(TEMPLATES) == []
    for t in TEMPLATES:
        box = box_of(t)
        assert t.page == "net" and t.dpi == 300 and t.bleed == "0.125in"
        width = px(box.net.width + 2 * box.bleed)
        height = px(box.net.height + 2 * box.bleed)
        assert abs(width - t.pixels[0]) <= 0.5 and abs(height - t.pixels[1]) <= 0.5, t.name


def test_the_image_is_exactly_the_boxs_size_at_its_resolution(vortex):
    deck, box, image, notes = vortex
    assert deck.cards == 48
    assert image.size == tuple(box.template.pixels) == (2283, 1959)
    assert round(image.info["dpi"][0]) == round(image.info["dpi"][1]) == 300
    (note,) = notes  # the 194-card deck: no box holds it
    assert note.level == "warning" and "194 cards" in note.message


def test_the_die_line_lies_the_bleed_inside_every_edge_and_the_art_reaches_the_edge(vortex):
    """The net's bounding box (its die line's extent) sits exactly the bleed inside each
    edge of the image, and the bleed beyond its cut edges is painted out to the image's
    edge: no page margin."""
    deck, box, image, _ = vortex
    bleed = px(box.bleed)
    assert bleed == 37.5
    ox, oy = px(box.origin[0]), px(box.origin[1])
    right = image.width - ox - px(box.net.width)
    bottom = image.height - oy - px(box.net.height)
    for gap in (ox, oy, right, bottom):
        assert abs(gap - bleed) <= 0.5
    rgb = image.convert("RGB")
    colour = tuple(int(deck.color[k : k + 2], 16) for k in (1, 3, 5))

    def painted(x: float, y: float) -> bool:
        got = rgb.getpixel((int(x), int(y)))
        return max(abs(a - b) for a, b in zip(got, colour, strict=True)) <= 2

    xa, xf, xb, xk, xg, xe = (ox + px(x) for x in box.net.xs)
    middle = oy + px(box.net.y0 + box.net.H / 2)
    tongue_x = (xk + xg) / 2
    # the side wall's bleed from the left edge to the die line and past it
    assert all(painted(x, middle) for x in (0, 10, bleed - 1, bleed + 1, bleed + 20))
    # the tongues' bleed up to the top and down to the bottom edge
    assert all(painted(tongue_x, y) for y in (0, bleed - 1, bleed + 1))
    assert all(painted(tongue_x, image.height - 1 - y) for y in (0, bleed - 1, bleed + 1))
    # beside the tongue, beyond the dust flaps' bleed, and past the glue flap: bare paper
    assert rgb.getpixel((0, 0)) == WHITE and rgb.getpixel((image.width - 1, int(middle))) == WHITE


def test_nothing_but_the_net_and_its_bleed_is_drawn(vortex):
    """Every pixel outside the net's panels (each grown by the bleed beyond its cut edges,
    and by a pixel of rounding) is white, and every panel is painted."""
    _, box, image, _ = vortex
    rgb = image.convert("RGB")
    ox, oy = box.origin
    mask = Image.new("L", rgb.size, 0)
    draw = ImageDraw.Draw(mask)
    for _, (x, y, w, h), cuts in box.net.panels():
        left, top, right, bottom = (box.bleed if cut else 0.0 for cut in cuts)
        x0, y0 = px(ox + x - left) - 1, px(oy + y - top) - 1
        x1, y1 = px(ox + x + w + right) + 1, px(oy + y + h + bottom) + 1
        draw.rectangle((x0, y0, x1, y1), fill=255)
        centre = (int(px(ox + x + w / 2)), int(px(oy + y + h / 2)))
        assert rgb.getpixel(centre) != WHITE
    outside = rgb.copy()
    outside.paste(WHITE, mask=mask)
    assert ImageStat.Stat(outside).extrema == [(255, 255)] * 3
    assert ImageStat.Stat(rgb).extrema != [(255, 255)] * 3


def test_a_drivethru_build_puts_each_decks_box_beside_its_pdf_and_in_the_zip(tmp_path):
    shutil.copytree(FIXTURES / "catalog" / "mini", tmp_path / "catalog" / "mini")
    (catalog,), issues = load_games(tmp_path, ["mini"])
    assert not issues.errors
    out = tmp_path / "out"
    build_print_shop(job_of(catalog, BuildOptions(out=out, services=("drivethru",))))
    folder = out / "mini" / "print-shop" / "drivethru"
    boxes = sorted(p.name for p in folder.glob("*-tuckbox.png"))
    assert boxes and all((folder / f"{b[: -len('-tuckbox.png')]}.pdf").exists() for b in boxes)
    with zipfile.ZipFile(out / "mini" / "print-shop" / "mini-drivethru.zip") as z:
        names = z.namelist()
    assert all(any(n.endswith(b) for n in names) for b in boxes)
    for b in boxes:
        size = Image.open(folder / b).size
        assert size in {tuple(t.pixels) for t in TEMPLATES}


def test_a_net_box_whose_image_is_not_its_net_and_bleed_is_bad_input_at_its_line(tmp_path, capsys):
    shutil.copytree(FIXTURES / "catalog" / "mini", tmp_path / "catalog" / "mini")
    text = (ROOT / "layouts" / "print-shops.toml").read_text()
    broken = text.replace("pixels = [2283, 1959]", "pixels = [2325, 1959]")
    assert broken != text
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "print-shops.toml").write_text(broken)
    line = next(i for i, row in enumerate(broken.splitlines(), 1) if "[2325, 1959]" in row)
    out = tmp_path / "out"
    args = ["--root", str(tmp_path), "--for", "drivethru", "--only", "print-shop"]
    assert main([*args, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert (
        f"layouts/print-shops.toml:{line}: services.drivethru.tuckboxes[0].pixels: the image "
        "(2325 x 1959 px) is not the box's net with its bleed (2283 x 1959 px at 300 dpi), "
        'which is all a box with page = "net" prints'
    ) in err
    assert not (out / "mini").exists()
