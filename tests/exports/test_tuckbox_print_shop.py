"""The Game Crafter's tuck box (`--for tgc`): each deck goes in the smallest of the
service's boxes that holds its card size, its count and its thickness, and gets
`<deck>-tuckbox.png` at exactly that box's template size, its walls carrying the same faces
as the PDF tuck box; a deck no box holds gets no image and a warning at its first card."""

from __future__ import annotations

import io
import shutil

import pytest
from conftest import FIXTURES, ROOT, job_of, load_games
from PIL import Image, ImageChops, ImageStat

from cardstock.cli import main
from cardstock.core.stage import BuildOptions
from cardstock.core.units import POINTS_PER, parse_length, parse_size
from cardstock.exports.presets import build_print_shop, load_presets
from cardstock.exports.tuckboxes import box_of, choose, tuckbox_images
from cardstock.impose.tuckbox import Deck, decks_of
from cardstock.render.png import face_pngs

MM = POINTS_PER["mm"]
TEMPLATES = load_presets(ROOT)[0]["tgc"].tuckboxes


def px(points: float) -> int:
    return round(points / 72 * 300)


@pytest.fixture(scope="module")
def vortex():
    """The shipped game with one deck a box holds (48 cards) and one none does (194)."""
    (catalog,), _ = load_games(ROOT, ["vortex"])
    made: dict[str, bytes] = {}
    notes = tuckbox_images(
        catalog,
        job_of(catalog).faces,
        "The Game Crafter",
        TEMPLATES,
        lambda c: str(c.back or c.set),
        lambda name, data: made.setdefault(name, data),
    )
    return catalog, made, notes


def test_a_shipped_poker_deck_gets_the_smallest_box_that_holds_it_at_its_exact_pixel_size(vortex):
    catalog, made, _ = vortex
    (name,) = made
    deck = next(
        d for d in decks_of(catalog, job_of(catalog).faces) if f"{d.first.back}-tuckbox.png" == name
    )
    assert deck.cards == 48
    image = Image.open(io.BytesIO(made[name]))
    assert image.size == (2325, 1950)  # Poker Tuck Box (54 cards): 36 are too few, 54 the next
    assert round(image.info["dpi"][0]) == 300


def test_the_walls_of_the_image_carry_the_decks_faces_and_nothing_is_printed_outside_the_net(
    vortex,
):
    """The front wall is the deck's back, the back wall its first card, each exactly as the
    face draws at 300 dpi (a poker box's walls are the card's size); the image's corners,
    beyond the net and its bleed, and the glue flap are bare paper."""
    catalog, made, _ = vortex
    (data,) = made.values()
    image = Image.open(io.BytesIO(data)).convert("RGB")
    deck = next(d for d in decks_of(catalog, job_of(catalog).faces) if d.cards == 48)
    box = box_of(next(t for t in TEMPLATES if t.cards == 54))
    ox, oy = box.origin
    xa, xf, xb, xk, xg, xe = box.net.xs
    back_png, front_png = face_pngs([deck.back, deck.front], 300)
    for face, png, x in ((deck.back, back_png, xf), (deck.front, front_png, xk)):
        drawn = Image.open(io.BytesIO(png)).convert("RGB")
        b, w, h = px(face.bleed), px(face.width), px(face.height)
        inset = 30  # px: away from the wall's folds, where a pixel of rounding shows
        want = drawn.crop((b + inset, b + inset, b + w - inset, b + h - inset))
        left, top = px(ox + x), px(oy + box.net.y0)
        got = image.crop((left + inset, top + inset, left + w - inset, top + h - inset))
        diff = ImageStat.Stat(ImageChops.difference(want, got)).mean
        assert max(diff) < 6, diff
        assert len(want.getcolors(maxcolors=1 << 20) or []) > 20  # the face has art to compare
    for corner in (
        (2, 2),
        (image.width - 3, 2),
        (2, image.height - 3),
        (image.width - 3, image.height - 3),
    ):
        assert image.getpixel(corner) == (255, 255, 255)
    glue = image.crop(
        (px(ox + xg) + 5, px(oy + box.net.y0) + 20, px(ox + xe) - 5, px(oy + box.net.y1) - 20)
    )
    assert ImageStat.Stat(glue).extrema == [(255, 255)] * 3


def test_a_deck_too_thick_for_every_box_gets_no_image_and_a_warning_at_its_first_card(vortex):
    catalog, made, notes = vortex
    (note,) = notes
    big = next(d for d in decks_of(catalog, job_of(catalog).faces) if d.cards == 194)
    assert f"{big.first.back}-tuckbox.png" not in made
    assert note.level == "warning" and note.field == "count"
    assert (note.file, note.line) == (big.first.file, big.first.line) and note.line
    assert "194 cards" in note.message and "108" in note.message and big.title in note.message


def deck(cards: int, w: str = "63.5mm", h: str = "88.9mm") -> Deck:
    return Deck("back", "Test", cards, parse_length(w), parse_length(h), None, None)


@pytest.mark.parametrize(
    "cards,thickness,box",
    [
        (1, "0.32mm", "Poker Tuck Box (36 cards)"),
        (36, "0.32mm", "Poker Tuck Box (36 cards)"),
        (37, "0.32mm", "Poker Tuck Box (54 cards)"),
        (54, "0.32mm", "Poker Tuck Box (54 cards)"),
        (55, "0.32mm", "Poker Tuck Box (72 cards)"),
        (90, "0.32mm", "Poker Tuck Box (90 cards)"),
        (108, "0.32mm", "Poker Tuck Box (108 cards)"),
        (109, "0.32mm", None),
        (
            36,
            "0.5mm",
            "Poker Tuck Box (54 cards)",
        ),  # 18 mm of thick cards: deeper than the 36-card box (14 mm)
        (80, "0.6mm", None),  # 48 mm: fewer than 108 cards, but thicker than every box (41 mm)
    ],
)
def test_the_smallest_box_holding_the_count_and_the_thickness_is_chosen(cards, thickness, box):
    found, field, reason = choose(TEMPLATES, deck(cards), parse_length(thickness))
    assert (found.template.name if found else None) == box
    assert (field == "count") == (box is None) and bool(reason) == (box is None)


@pytest.mark.parametrize(
    "size,box",
    [
        ("poker", "Poker Tuck Box (36 cards)"),
        ("bridge", "Bridge Tuck Box (54 cards)"),
        ("tarot", "Tarot Tuck Box (40 cards)"),
        ("3.5in x 3.5in", "Square Tuck Box (48 cards)"),
    ],
)
def test_each_card_size_goes_in_its_own_box_either_way_round(size, box):
    w, h = parse_size({"bridge": "2.25in x 3.5in", "tarot": "2.75in x 4.75in"}.get(size, size))
    for a, b in ((w, h), (h, w)):  # a landscape card goes in the same box, turned
        found, _, _ = choose(
            TEMPLATES, Deck("back", "Test", 10, a, b, None, None), parse_length("0.32mm")
        )
        assert found is not None and found.template.name == box


def test_a_card_size_the_service_has_no_box_for_gets_no_image_and_a_warning(tmp_path):
    """The Game Crafter prints mini cards but sells no tuck box for them: the deck's cards
    are uploaded, its box is not, and the warning says which sizes it boxes."""
    shutil.copytree(FIXTURES / "catalog" / "mini", tmp_path / "catalog" / "mini")
    game = tmp_path / "catalog" / "mini" / "game.toml"
    game.write_text(game.read_text().replace('card_size = "poker"', 'card_size = "mini"'))
    (catalog,), issues = load_games(tmp_path, ["mini"])
    assert not issues.errors
    out = tmp_path / "out"
    result = build_print_shop(job_of(catalog, BuildOptions(out=out, services=("tgc",))))
    folder = out / "mini" / "print-shop" / "tgc"
    assert (folder / "deck" / "back.png").exists() and not list(folder.glob("*tuckbox*"))
    (note,) = [i for i in result.findings if "tuck box" in i.message]
    assert note.level == "warning" and note.field == "size" and note.line
    assert note.file.endswith("cards.csv") or note.file.endswith("game.toml")
    assert "44.0 x 63.5mm" in note.message and "63.5 x 88.9mm" in note.message


def test_a_box_whose_net_does_not_fit_its_image_is_bad_input_at_its_line(tmp_path, capsys):
    shutil.copytree(FIXTURES / "catalog" / "mini", tmp_path / "catalog" / "mini")
    text = (ROOT / "layouts" / "print-shops.toml").read_text()
    broken = text.replace(
        'depth = "0.55in", pixels = [2100, 1800], dpi = 300, tongue = "0.5in"',
        'depth = "0.55in", pixels = [2100, 1800], dpi = 300, tongue = "0.9in"',
    )
    assert broken != text
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "print-shops.toml").write_text(broken)
    line = next(i for i, row in enumerate(broken.splitlines(), 1) if 'tongue = "0.9in"' in row)
    out = tmp_path / "out"
    assert (
        main(["--root", str(tmp_path), "--for", "tgc", "--only", "print-shop", "--out", str(out)])
        == 2
    )
    err = capsys.readouterr().err
    assert (
        f"layouts/print-shops.toml:{line}: services.tgc.tuckboxes[0].pixels: "
        "the box's net with its bleed" in err
    )
    assert not (out / "mini").exists()
