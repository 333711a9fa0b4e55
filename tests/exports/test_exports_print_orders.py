"""Print-shop uploads match what each service sells: every card of every game goes to
every service exactly once, grouped as the service takes an order (one upload per card
size with a back per card where it allows several backs, else one per deck), each upload
names the deck size to order; landscape cards are turned to print portrait, with each
back turned so that it still lands behind its own front."""

from __future__ import annotations

import csv
import io
import re
import shutil
from pathlib import Path

import pypdf
import pytest
from conftest import ROOT, job_of, load_games
from PIL import Image, ImageChops, ImageStat

from cardstock.core.stage import BuildOptions
from cardstock.core.units import parse_size
from cardstock.exports.presets import (
    CARD_KINDS,
    build_print_shop,
    deck_size,
    decks,
    load_presets,
    uploads,
)
from cardstock.render.png import faces_pdf, pixel_size, rasterise

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
GAMES = ["alpha-omega-cards", "alpha-omega-tiles", "alter-ego", "atmosfear", "vortex"]
PRESETS, _ = load_presets(ROOT)


def load(root: Path, game: str):
    (cat,), issues = load_games(root, [game])
    assert not issues.errors
    return cat


def mini_project(tmp_path: Path, **edits: tuple[str, str]) -> Path:
    root = tmp_path / "project"
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    for name, (old, new) in (
        ("game.toml", edits.get("game", ("", ""))),
        ("cards.csv", edits.get("cards", ("", ""))),
    ):
        if old:
            path = root / "catalog" / "mini" / name
            text = path.read_text()
            assert old in text
            path.write_text(text.replace(old, new))
    return root


@pytest.mark.parametrize("game", GAMES)
def test_every_card_goes_to_every_service_once_grouped_as_the_service_sells_it(game):
    catalog = load(ROOT, game)
    by_deck = decks(job_of(catalog).faces, bleed=True)
    cards = [c for c in catalog.components if c.kind in CARD_KINDS]
    assert cards
    for sid, service in PRESETS.items():
        found, problems = uploads(catalog, by_deck, service)
        assert not problems, (sid, problems)
        listed = [c.component.id for u in found for c in u.cards]
        assert sorted(listed) == sorted(c.id for c in cards), sid  # each card once
        if service.uploads == "size":  # one upload per card size (all poker here)
            assert [u.name for u in found] == sorted({u.size.name for u in found}), sid
            sizes = service.deck_sizes
            for u in found:
                assert u.count <= sizes[-1] and deck_size(service, u.count) == min(
                    n for n in sizes if n >= u.count
                )
        else:  # one upload per deck: the cards of each share one back
            for u in found:
                assert len({c.back.key for c in u.cards if c.back is not None}) <= 1 or all(
                    c.component.kind == "reference" or c.component.back is None for c in u.cards
                ), (sid, u.name)


def test_alter_ego_goes_to_makeplayingcards_as_one_poker_order_with_its_seven_backs(tmp_path):
    """The game that made a MakePlayingCards upload per back makes one poker order: 210
    cards, ordered as the 216-card deck, each front with its own deck's back (its
    quick-reference cards, tarot size, are an order of their own)."""
    out = tmp_path / "out"
    build_print_shop(job_of(load(ROOT, "alter-ego"), BuildOptions(out=out, services=("mpc",))))
    root = out / "alter-ego" / "print-shop" / "mpc"
    assert sorted(p.name for p in root.iterdir()) == ["poker", "tarot"]
    rows = list(csv.DictReader(io.StringIO((root / "poker" / "quantities.csv").read_text())))
    total = sum(int(r["quantity"]) for r in rows)
    backs = {r["back"] for r in rows}
    assert len({b for b in backs if b}) >= 7 and all((root / "poker" / b).is_file() for b in backs)
    tarot = list(csv.DictReader(io.StringIO((root / "tarot" / "quantities.csv").read_text())))
    assert sum(int(r["quantity"]) for r in tarot) == 4  # a quick reference for each player
    order = (root / "poker" / "order.txt").read_text()
    deck = min(n for n in PRESETS["mpc"].deck_sizes if n >= total)
    assert f"Order a deck of {deck} cards: {total} cards to print" in order
    assert "different image per card" in order
    assert "two orders" not in order  # 216 is the closest fit


def test_an_order_far_above_a_deck_size_also_names_the_two_smaller_decks(tmp_path):
    """246 cards: MakePlayingCards' deck of 396 holds them, with 150 spare slots; a deck of
    234 and one of 18 hold them with 6."""
    root = mini_project(
        tmp_path, cards=("ember,Ember,2,", "ember,Ember,242,")
    )  # with the other three: 246
    out = root / "out"
    build_print_shop(job_of(load(root, "mini"), BuildOptions(out=out, services=("mpc",))))
    order = (out / "mini" / "print-shop" / "mpc" / "poker" / "order.txt").read_text()
    assert "Order a deck of 396 cards: 246 cards to print, and 150 spare slots" in order
    assert "two orders: a deck of 234 cards and a deck of 18 holding the other 12" in order


def test_an_upload_past_the_largest_deck_is_split_and_each_part_names_its_deck(tmp_path):
    root = mini_project(tmp_path, cards=("ember,Ember,2,", "ember,Ember,400,"))
    root_text = (root / "catalog" / "mini" / "cards.csv").read_text()
    (root / "catalog" / "mini" / "cards.csv").write_text(
        root_text.replace("spring,Spring,2,", "spring,Spring,300,")
    )
    out = root / "out"
    build_print_shop(job_of(load(root, "mini"), BuildOptions(out=out, services=("mpc", "tgc"))))
    mpc = out / "mini" / "print-shop" / "mpc"
    parts = sorted(p.name for p in mpc.iterdir())
    assert parts == ["poker-1", "poker-2"]
    counts = []
    for part in parts:
        rows = list(csv.DictReader(io.StringIO((mpc / part / "quantities.csv").read_text())))
        count = sum(int(r["quantity"]) for r in rows)
        counts.append(count)
        assert count <= 612
        deck = re.search(
            r"Order a deck of (\d+) cards: (\d+) cards", (mpc / part / "order.txt").read_text()
        )
        assert (
            deck
            and int(deck.group(2)) == count
            and int(deck.group(1)) == deck_size(PRESETS["mpc"], count)
        )
    assert sum(counts) == 400 + 1 + 300 + 1
    tgc = (out / "mini" / "print-shop" / "tgc" / "deck" / "order.txt").read_text()
    assert "Order 702 cards." in tgc  # sold by the card: no deck size to round up to


def _render(face, dpi: int) -> Image.Image:
    (image,) = rasterise(faces_pdf([face], title="x"), dpi, [pixel_size(face, dpi)], [False])
    return image.convert("RGB")


def _difference(a: Image.Image, b: Image.Image) -> float:
    """The mean difference of the middle of two pictures of (nearly) the same size."""
    w, h = min(a.width, b.width) - 40, min(a.height, b.height) - 40
    crop = [
        im.crop(
            (
                (im.width - w) // 2,
                (im.height - h) // 2,
                (im.width - w) // 2 + w,
                (im.height - h) // 2 + h,
            )
        )
        for im in (a, b)
    ]
    return sum(ImageStat.Stat(ImageChops.difference(*crop)).mean) / 3


def test_landscape_cards_are_turned_for_every_service_and_each_back_lands_behind_its_front(
    tmp_path,
):
    """A landscape deck (3.5 x 2.5 in) is printed portrait by every service. A portrait
    card is turned over its long edge, so a landscape card printed as its front turned a
    quarter clockwise needs its back turned a quarter counter-clockwise: then the back
    lies behind the front as the landscape design puts it (turned over its short edge).
    Checked on the pixels: each turned PNG turned back is the landscape face, and the
    wrong turn is not."""
    root = mini_project(tmp_path, game=('card_size = "poker"', 'card_size = "3.5in x 2.5in"'))
    catalog = load(root, "mini")
    out = root / "out"
    build_print_shop(job_of(catalog, BuildOptions(out=out, services=tuple(PRESETS))))
    landscape = decks(job_of(catalog).faces, bleed=True)["deck"]
    front, back = landscape[0].front, landscape[0].back
    assert front.width > front.height and back is not None
    shop = out / "mini" / "print-shop"
    for sid, service in PRESETS.items():
        if service.files == "images":
            folder = shop / sid / ("poker" if service.uploads == "size" else "deck")
            png_front = Image.open(folder / "front" / "001-ember.png").convert("RGB")
            png_back = Image.open(folder / "back.png").convert("RGB")
            assert png_front.width < png_front.height, sid  # portrait
            dpi = service.sizes[0].dpi
            want_front, want_back = _render(front, dpi), _render(back, dpi)
            # PIL turns counter-clockwise for a positive angle
            assert _difference(png_front.rotate(90, expand=True), want_front) < 6, sid
            assert _difference(png_front.rotate(-90, expand=True), want_front) > 12, (
                sid
            )  # the other turn is not it
            right, wrong = (
                _difference(png_back.rotate(-90, expand=True), want_back),
                _difference(png_back.rotate(90, expand=True), want_back),
            )
            assert wrong > 4 * right, sid  # the wrong turn shows
            assert (
                "landscape cards turned a quarter clockwise" in (folder / "order.txt").read_text()
            )
        else:
            reader = pypdf.PdfReader(shop / sid / "deck.pdf")
            for page in reader.pages:
                assert float(page.trimbox.width) < float(page.trimbox.height), sid
            text = reader.pages[1].extract_text()
            assert "Ember" in text, sid


def test_a_card_no_service_size_fits_either_way_up_is_still_refused(tmp_path):
    root = mini_project(tmp_path, game=('card_size = "poker"', 'card_size = "4in x 3in"'))
    catalog = load(root, "mini")
    by_deck = decks(job_of(catalog).faces, bleed=True)
    for sid, service in PRESETS.items():
        found, problems = uploads(catalog, by_deck, service)
        assert (
            not found and problems and "does not print 101.6 x 76.2mm cards" in problems[0].message
        ), sid


def test_the_docs_tell_how_to_order_each_service_by_its_deck_sizes():
    text = (ROOT / "docs" / "print-shops.md").read_text()
    assert "order.txt" in text and "deck size" in text
    assert "the sum of `quantity`" not in text  # the old advice that ignored MPC's deck sizes
    for n in PRESETS["mpc"].deck_sizes:
        assert str(n) in text
    assert "turned" in text and "landscape" in text
    assert parse_size("poker")  # the sizes the docs name parse
