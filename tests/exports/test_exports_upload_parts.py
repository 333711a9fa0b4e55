"""A print shop's upload past the largest deck it sells is split in parts named `<name>-1`,
`<name>-2`, ... (`exports.presets.uploads`): no other upload may be named like one. A size
so named, where uploads are per size, is refused at its `name` line by validation
(`exports.shopcheck.part_clashes`); a deck so named (its back's id) is refused at its
first card before the stage writes anything (`exports.presets.clashes`). Without a clash
each part has a folder of its own, read back here."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES
from helpers_bounds import files_below

from cardstock.cli import main
from cardstock.exports.shopcheck import part_clashes

# a service that uploads per size and sells decks of at most 4 cards: the mini game's
# six poker cards are split in two parts
TINY = """
[services.tiny]
name = "Tiny Prints"
url = "https://example.org/"
files = "images"
format = "png"
uploads = "{uploads}"
deck_sizes = [2, 4]
sizes = [
  {{ name = "poker", trim = "2.5in x 3.5in", pixels = [200, 275], dpi = 72, safe = "0.125in" }},
  {{ name = "{second}", trim = "2.25in x 3.5in", pixels = [182, 275], dpi = 72, safe = "0.125in" }},
]
"""
# one more deck of the mini game, of bridge cards, on a back of its own whose id is given
BRIDGE_DECK = """
[backs.{back}]
title = "Other"
color = "#225522"

[[sets]]
id = "bridges"
name = "Bridges"
kind = "card"
group = "Bridges"
back = "{back}"
size = "bridge"
rows = [ {{ id = "span", name = "Span", count = 1 }} ]
"""


def project(tmp_path: Path, uploads: str, second: str, back: str) -> Path:
    root = tmp_path / "project"
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    game = root / "catalog" / "mini" / "game.toml"
    game.write_text(
        game.read_text(encoding="utf-8") + BRIDGE_DECK.format(back=back), encoding="utf-8"
    )
    (root / "layouts").mkdir()
    (root / "layouts" / "print-shops.toml").write_text(
        TINY.format(uploads=uploads, second=second), encoding="utf-8"
    )
    return root


def build(root: Path, capsys) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["--root", str(root), "--for", "tiny", "--only", "print-shop", "--jobs", "1"])
    said = capsys.readouterr()
    assert "internal error" not in said.out + said.err
    return code, said.err


def test_a_size_named_as_a_part_of_another_sizes_upload_is_refused_at_its_name(tmp_path, capsys):
    root = project(tmp_path, "size", "Poker-1", "other")
    before = files_below(tmp_path)
    code, err = build(root, capsys)
    assert code == 2, err
    line = next(
        i
        for i, row in enumerate((root / "layouts" / "print-shops.toml").read_text().splitlines(), 1)
        if '"Poker-1"' in row
    )
    assert (
        f"layouts/print-shops.toml:{line}: services.tiny.sizes[1].name: 'Poker-1' is the name "
        "of a part of sizes[0]'s upload ('poker' split past the largest deck, 4 cards"
    ) in err, err
    assert files_below(tmp_path) == before


def test_a_deck_named_as_a_part_of_another_decks_upload_is_refused_at_its_first_card(
    tmp_path, capsys
):
    root = project(tmp_path, "back", "bridge", "deck-1")
    before = files_below(tmp_path)
    code, err = build(root, capsys)
    assert code == 2, err
    game = (root / "catalog" / "mini" / "game.toml").read_text().splitlines()
    line = next(i for i, row in enumerate(game, 1) if '"span"' in row)
    assert (
        f"catalog/mini/game.toml:{line}: back: Tiny Prints would get two uploads named "
        "'deck-1': this card's and that of 'ember'"
    ) in err, err
    assert not any("print-shop" in name for name in set(files_below(tmp_path)) - set(before))


@pytest.mark.parametrize("uploads, second, back", [("size", "bridge", "other")])
def test_without_a_clash_each_part_has_a_folder_of_its_own(tmp_path, capsys, uploads, second, back):
    root = project(tmp_path, uploads, second, back)
    code, err = build(root, capsys)
    assert code == 0, err
    shop = root / "output" / "mini" / "print-shop" / "tiny"
    folders = sorted(p.name for p in shop.iterdir() if p.is_dir())
    assert folders == ["bridge", "poker-1", "poker-2"]
    ids = {}
    for folder in folders:
        with (shop / folder / "quantities.csv").open(encoding="utf-8") as f:
            ids[folder] = [row["component"] for row in csv.DictReader(f)]
    assert ids["bridge"] == ["span"]
    assert sorted(ids["poker-1"] + ids["poker-2"]) == ["blaze", "ember", "flood", "spring"]


@pytest.mark.parametrize(
    "names, clashes",
    [
        (["poker", "poker-1"], [(1, 0)]),
        (["POKER-12", "poker"], [(0, 1)]),
        (["poker", "poker-x", "poker-", "bridge-1"], []),
        (["a-1", "a-1-1", "a"], [(0, 2), (1, 0)]),
    ],
)
def test_a_part_is_a_name_followed_by_a_hyphen_and_a_number(names, clashes):
    assert part_clashes(names) == clashes
