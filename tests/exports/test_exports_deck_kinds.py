"""A print shop's decks are keyed by what they are (`exports.shopcheck.deck_key`): a
back's deck and a set's deck are two decks even when the back and the set share an id,
each upload and tuck box named so that no two are one (`back_<id>`, `set_<id>` where the
ids coincide).
An upload's back images are named apart the same way. What cannot be one upload (a deck
of two card sizes where the service takes a deck per back) and names that would share a
path with another output are refused before anything is written. Read back from the
files the print-shop stage writes (PNG sizes, quantities.csv, PDF pages with pypdf)."""

from __future__ import annotations

import csv
import hashlib
import shutil
import zipfile
from pathlib import Path

import pypdf
from conftest import FIXTURES
from helpers_bounds import files_below
from PIL import Image

from cardstock.cli import main
from cardstock.exports.shopcheck import Key, distinct

# a double-sided set of tarot cards (each with a back of its own) whose id is that of the
# mini game's back, `deck`
GUIDES = """
[[sets]]
id = "deck"
name = "Guides"
kind = "card"
group = "Guides"
double_sided = true
size = "2.75in x 4.75in"
rows = [ { id = "guide", name = "Guide", count = 2 } ]
"""


def project(tmp_path: Path, extra: str, presets: str | None = None) -> Path:
    root = tmp_path / "project"
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    game = root / "catalog" / "mini" / "game.toml"
    game.write_text(game.read_text(encoding="utf-8") + extra, encoding="utf-8")
    if presets is not None:
        (root / "layouts").mkdir()
        (root / "layouts" / "print-shops.toml").write_text(presets, encoding="utf-8")
    return root


def build(root: Path, services: str, capsys) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["--root", str(root), "--for", services, "--only", "print-shop", "--jobs", "1"])
    said = capsys.readouterr()
    assert "internal error" not in said.out + said.err
    return code, said.err


def quantities(folder: Path) -> list[dict[str, str]]:
    with (folder / "quantities.csv").open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def line_of(path: Path, text: str) -> int:
    return next(i for i, row in enumerate(path.read_text().splitlines(), 1) if text in row)


def test_a_back_and_a_set_with_one_id_are_two_decks_with_two_names(tmp_path, capsys):
    root = project(tmp_path, GUIDES)
    code, err = build(root, "tgc,drivethru", capsys)
    assert code == 0, err
    shop = root / "output" / "mini" / "print-shop"

    tgc = shop / "tgc"
    assert sorted(p.name for p in tgc.iterdir()) == [
        "back_deck",
        "back_deck-tuckbox.png",
        "set_deck",
        "set_deck-tuckbox.png",
    ]
    poker = quantities(tgc / "back_deck")
    assert [r["component"] for r in poker] == ["ember", "blaze", "spring", "flood"]
    assert {r["back"] for r in poker} == {"back.png"}
    tarot = quantities(tgc / "set_deck")
    assert [(r["component"], r["quantity"]) for r in tarot] == [("guide", "2")]
    # each deck's images at its own size: a poker card's, a tarot card's
    assert Image.open(tgc / "back_deck" / "front" / "001-ember.png").size == (825, 1125)
    assert Image.open(tgc / "back_deck" / "back.png").size == (825, 1125)
    assert Image.open(tgc / "set_deck" / "front" / "001-guide.png").size == (900, 1500)
    assert Image.open(tgc / "set_deck" / "back.png").size == (900, 1500)
    assert "Order 6 cards." in (tgc / "back_deck" / "order.txt").read_text()
    assert "Order 2 cards." in (tgc / "set_deck" / "order.txt").read_text()
    # two tuck boxes, one for each deck's card size (a poker box is wider than tall)
    boxes = [Image.open(tgc / f"{d}-tuckbox.png").size for d in ("back_deck", "set_deck")]
    assert boxes[0] != boxes[1], boxes

    dtc = shop / "drivethru"
    assert sorted(p.name for p in dtc.iterdir()) == [
        "back_deck-tuckbox.png",
        "back_deck.pdf",
        "set_deck-tuckbox.png",
        "set_deck.pdf",
    ]
    trims = {}
    for deck in ("back_deck", "set_deck"):
        pages = pypdf.PdfReader(dtc / f"{deck}.pdf").pages
        trims[deck] = (
            len(pages),
            {(round(float(p.trimbox.width)), round(float(p.trimbox.height))) for p in pages},
        )
    assert trims == {"back_deck": (12, {(180, 252)}), "set_deck": (4, {(198, 342)})}

    with zipfile.ZipFile(shop / "mini-tgc.zip") as z:
        tops = {name.split("/")[1] for name in z.namelist()}
    assert tops == {"back_deck", "back_deck-tuckbox.png", "set_deck", "set_deck-tuckbox.png"}


# three more poker sets on the mini game: a landscape card on the game's back (printed
# turned, so its back is another drawing of the back `deck`, named by its front
# `005-wide`), a double-sided card (its own back, named by its front `006-guide`: the
# upload numbers its fronts deck by deck), and a card on a back whose id is that very name
BACK_NAMES = """
[backs.006-guide]
title = "Named like a front"
color = "#225522"

[[sets]]
id = "guides"
name = "Guides"
kind = "card"
group = "Guides"
double_sided = true
rows = [ { id = "guide", name = "Guide", count = 1 } ]

[[sets]]
id = "others"
name = "Others"
kind = "card"
group = "Others"
back = "006-guide"
rows = [ { id = "other", name = "Other", count = 1 } ]

[[sets]]
id = "wides"
name = "Wides"
kind = "card"
group = "Wides"
back = "deck"
size = "3.5in x 2.5in"
rows = [ { id = "wide", name = "Wide", count = 1 } ]
"""


def test_each_distinct_back_of_an_upload_has_a_file_of_its_own(tmp_path, capsys):
    root = project(tmp_path, BACK_NAMES)
    code, err = build(root, "mpc", capsys)
    assert code == 0, err
    upload = root / "output" / "mini" / "print-shop" / "mpc" / "poker"
    rows = {r["component"]: r["back"] for r in quantities(upload)}
    assert rows == {
        "ember": "back/deck.png",
        "blaze": "back/deck.png",
        "spring": "back/deck.png",
        "flood": "back/deck.png",
        "guide": "back/card_006-guide.png",
        "other": "back/back_006-guide.png",
        "wide": "back/005-wide.png",
    }
    files = sorted(p.name for p in (upload / "back").iterdir())
    assert files == ["005-wide.png", "back_006-guide.png", "card_006-guide.png", "deck.png"]
    digests = {hashlib.sha256((upload / "back" / f).read_bytes()).digest() for f in files}
    assert len(digests) == 4  # four different images, none written over another
    for f in files:
        assert Image.open(upload / "back" / f).size == (822, 1122), f
    assert "4 distinct backs" in (upload / "order.txt").read_text()


# a tarot set on the mini game's back: one back shared by cards of two sizes
BIG_CARDS = """
[[sets]]
id = "bigs"
name = "Big cards"
kind = "card"
group = "Big"
back = "deck"
size = "2.75in x 4.75in"
rows = [ { id = "big", name = "Big", count = 1 } ]
"""


def test_a_deck_of_two_sizes_is_refused_where_a_service_takes_a_deck_per_back(tmp_path, capsys):
    root = project(tmp_path, BIG_CARDS)
    before = files_below(tmp_path)
    code, err = build(root, "tgc", capsys)
    assert code == 2, err
    line = line_of(root / "catalog" / "mini" / "game.toml", '{ id = "big"')
    assert (
        f"catalog/mini/game.toml:{line}: back: The Game Crafter takes "
        "a deck in one card size, but the deck 'deck' holds poker cards ('ember') and tarot "
        "cards (this card, 'big')"
    ) in err, err
    assert files_below(tmp_path) == before


def test_a_deck_of_two_sizes_goes_in_two_uploads_where_a_service_takes_one_per_size(
    tmp_path, capsys
):
    root = project(tmp_path, BIG_CARDS)
    code, err = build(root, "mpc", capsys)
    assert code == 0, err
    shop = root / "output" / "mini" / "print-shop" / "mpc"
    assert [r["component"] for r in quantities(shop / "tarot")] == ["big"]
    assert Image.open(shop / "tarot" / "front" / "001-big.png").size == (897, 1497)
    assert "big" not in [r["component"] for r in quantities(shop / "poker")]


# a tuck box of The Game Crafter's, one line of a service's `tuckboxes`
BOX = (
    '{ name = "Box", card = "2.5in x 3.5in", cards = 54, inside = "2.5in x 3.5in", '
    'depth = "0.81in", pixels = [2325, 1950], dpi = 300, tongue = "0.5in", glue = "0.5in", '
    'bleed = "0.125in" }'
)
SHOP = """
[services.{sid}]
name = "Tiny Prints"
url = "https://example.org/"
files = "images"
format = "png"
uploads = "size"
sizes = [
  {{ name = "{size}", trim = "2.5in x 3.5in", pixels = [200, 275], dpi = 72, safe = "0.125in" }},
]
tuckboxes = [ {box} ]
"""


def test_a_size_named_like_a_tuck_box_is_refused_at_its_name(tmp_path, capsys):
    root = project(tmp_path, "", SHOP.format(sid="tiny", size="deck-tuckbox.png", box=BOX))
    before = files_below(tmp_path)
    code, err = build(root, "tiny", capsys)
    assert code == 2, err
    line = line_of(root / "layouts" / "print-shops.toml", '"deck-tuckbox.png"')
    assert (
        f"layouts/print-shops.toml:{line}: services.tiny.sizes[0].name: 'deck-tuckbox.png' "
        "ends in '-tuckbox.png'"
    ) in err, err
    assert files_below(tmp_path) == before


def test_a_service_named_like_a_zip_is_refused_at_its_name(tmp_path, capsys):
    root = project(tmp_path, "", SHOP.format(sid='"mini-tiny.zip"', size="poker", box=BOX))
    before = files_below(tmp_path)
    capsys.readouterr()
    code = main(["--root", str(root), "--only", "print-shop", "--jobs", "1"])
    err = capsys.readouterr().err
    assert code == 2, err
    line = line_of(root / "layouts" / "print-shops.toml", "[services.")
    assert (
        f"layouts/print-shops.toml:{line}: services.mini-tiny.zip: 'mini-tiny.zip' ends in '.zip'"
    ) in err, err
    assert files_below(tmp_path) == before


def test_without_a_clash_the_shop_writes_the_bare_names(tmp_path, capsys):
    root = project(tmp_path, "", SHOP.format(sid="tiny", size="poker", box=BOX))
    code, err = build(root, "tiny", capsys)
    assert code == 0, err
    shop = root / "output" / "mini" / "print-shop" / "tiny"
    assert sorted(p.name for p in shop.iterdir()) == ["deck-tuckbox.png", "poker"]


def test_names_are_qualified_by_kind_only_where_they_coincide():
    keys = [Key("back", "deck"), Key("set", "deck"), Key("back", "pack"), Key("set", "Pack")]
    keys += [Key("set", "tokens")]
    assert distinct(keys) == {
        Key("back", "deck"): "back_deck",
        Key("set", "deck"): "set_deck",
        Key("back", "pack"): "back_pack",
        Key("set", "Pack"): "set_Pack",
        Key("set", "tokens"): "tokens",
    }
    names = list(distinct(keys).values())
    assert len({n.casefold() for n in names}) == len(names)
