"""The downloads page with exports built: links to the card files, the Tabletop Simulator
object and a zip per print shop, and PNG thumbnails in place of the SVGs with guides."""

from __future__ import annotations

import re
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
            # the deck's tuck box beside its folder (tests/exports/test_tuckbox_print_shop.py)
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


class Pictures(HTMLParser):
    """Every `<img>` of a page, with its attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.images: list[dict[str, str | None]] = []

    def handle_starttag(self, tag, attrs):
        if tag == "img":
            self.images.append(dict(attrs))


def _pictures(out) -> list[dict[str, str | None]]:
    page = Pictures()
    page.feed((out / "index.html").read_text(encoding="utf-8"))
    assert page.images
    return page.images


def test_after_an_edit_built_without_the_card_files_the_page_shows_the_new_faces(cli, mini):
    """The card files' PNGs stand in for the faces only when the build that wrote the page
    made them: after an edit built without them, they show the face before the edit, so
    the page shows the faces the build drew."""
    out = mini.root / "out"
    build = ("--root", str(mini.root), "build", "mini", "--out", str(out), "--only")
    assert cli(*build, "svg,cards,page", "--dpi", "20").code == 0
    assert all("/cards/png/" in img["src"] for img in _pictures(out))
    cards = mini.root / "catalog" / "mini" / "cards.csv"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("Deal 1 damage.", "Deal 2 damage."), encoding="utf-8")
    r = cli(*build, "svg,page")
    assert r.code == 0, r.err
    shown = [img["src"] for img in _pictures(out)]
    assert shown and all(src.endswith(".svg") for src in shown), shown
    assert "Deal 2 damage." in (out / "mini" / "svg" / "ember.svg").read_text(encoding="utf-8")
    assert (out / "mini" / "cards" / "png" / "ember-front.png").is_file()  # still offered
    assert cli(*build, "svg,cards,page", "--dpi", "20").code == 0  # made again: shown again
    assert all("/cards/png/" in img["src"] for img in _pictures(out))


def test_every_picture_on_the_page_carries_its_own_size(cli, mini):
    """Each `<img>` says its width and height (CSS pixels: an SVG face's own size at 96 to
    the inch, a PNG's pixels), so the page keeps its layout while the pictures load."""
    from PIL import Image

    from cardstock.core.units import POINTS_PER, parse_length

    out = mini.root / "out"
    build = ("--root", str(mini.root), "build", "mini", "--out", str(out), "--only")
    for parts in (["svg,page"], ["svg,cards,page", "--dpi", "20"]):
        assert cli(*build, *parts).code == 0
        kinds = set()
        for img in _pictures(out):
            picture = out / unquote(str(img["src"]))
            if picture.suffix == ".png":
                with Image.open(picture) as opened:
                    size = opened.size
            else:
                root = re.search(r"<svg\b[^>]*>", picture.read_text(encoding="utf-8"))
                assert root
                size = tuple(
                    round(
                        parse_length(re.search(rf'\s{n}="([^"]+)"', root[0])[1]) / POINTS_PER["px"]
                    )
                    for n in ("width", "height")
                )
            assert (img.get("width"), img.get("height")) == (str(size[0]), str(size[1])), img
            kinds.add(picture.suffix)
        assert kinds == ({".svg"} if parts == ["svg,page"] else {".png"})
