"""The downloads page with exports built: links to the card files, the Tabletop Simulator
object and a zip per print shop, and PNG thumbnails in place of the SVGs with guides."""

from __future__ import annotations

import zipfile
from html.parser import HTMLParser
from urllib.parse import unquote


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: dict[str, str] = {}
        self.images: list[str] = []
        self._href: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "a":
            self._href = a.get("href")
        if tag == "img":
            self.images.append(a["src"])

    def handle_data(self, data):
        if self._href and data.strip():
            self.links[self._href] = data.strip()
            self._href = None


def test_the_page_links_the_exports_and_shows_png_faces(cli, mini):
    out = mini.root / "out"
    r = cli(
        "--root",
        str(mini.root),
        "build",
        "mini",
        "--only",
        "svg,cards,tts,page",
        "--for",
        "tgc",
        "--dpi",
        "20",
        "--out",
        str(out),
    )
    assert r.code == 0, r.err
    page = Links()
    page.feed((out / "index.html").read_text(encoding="utf-8"))
    assert page.links["mini/cards/mini-cards.pdf"] == "Card files: one face per page (PDF)"
    assert page.links["mini/cards/cards.csv"] == "Card files: list of PNG faces with counts"
    assert (
        page.links["mini/cards/mini-cards-pairs.pdf"]
        == "Card files: each front, then its back (PDF)"
    )
    assert (
        page.links["mini/tts/Saves/Saved%20Objects/mini.json"] == "Tabletop Simulator saved object"
    )
    assert page.links["mini/print-shop/mini-tgc.zip"] == "Print-shop upload (tgc)"
    for href in page.links:
        if href.startswith("mini/"):
            assert (out / unquote(href)).is_file(), href
    gallery = [src for src in page.images if "/cards/png/" in src]
    assert "mini/cards/png/ember-front.png" in gallery and "mini/cards/png/back-deck.png" in gallery
    assert not [src for src in page.images if src.endswith(".svg")]
    with zipfile.ZipFile(out / "mini" / "print-shop" / "mini-tgc.zip") as z:
        assert sorted(z.namelist()) == [
            # the deck's tuck box beside its folder (tests/test_tuckbox_print_shop.py)
            "tgc/deck-tuckbox.png",
            "tgc/deck/back.png",
            "tgc/deck/front/001-ember.png",
            "tgc/deck/front/002-blaze.png",
            "tgc/deck/front/003-spring.png",
            "tgc/deck/front/004-flood.png",
            "tgc/deck/order.txt",
            "tgc/deck/quantities.csv",
        ]


def test_without_exports_the_page_keeps_the_svg_faces(cli, mini):
    out = mini.root / "out"
    r = cli("--root", str(mini.root), "build", "mini", "--only", "svg,page", "--out", str(out))
    assert r.code == 0, r.err
    page = Links()
    page.feed((out / "index.html").read_text(encoding="utf-8"))
    assert "mini/svg/ember.svg" in page.images
    assert not (out / "mini" / "cards").exists()
