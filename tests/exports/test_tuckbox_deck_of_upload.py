"""A tuck box holds the deck its print-shop upload holds (`impose.tuckbox.deck_key`, the one
rule both group by): the cards of a shared back, across sets, in one box and one upload; a
set's cards with a back of their own (a double-sided set, even one naming a back; a card
whose text continues on its back) or with none (a single-sided set) in their set's box and
upload; a reference card in its set's upload and in no box. A card whose text continues
onto cards of its own counts each part, in the box as in the upload.

Read back from the files the build writes: the PDF tuck boxes' footers (`tuck box: <deck>,
<n> cards`), The Game Crafter's upload folders (`<deck>/quantities.csv`) and its tuck-box
images (`<deck>-tuckbox.png`, the smallest of its boxes that holds the deck)."""

from __future__ import annotations

import csv
import re
import shutil
import tomllib
from pathlib import Path

import pypdf
import pytest
from conftest import FIXTURES, ROOT
from PIL import Image

from cardstock.cli import main

# the mini game's own deck (`cards`, 6 cards, back `deck`) and, besides it:
SETS = """
[[sets]]
id = "more"
name = "More cards"
kind = "card"
group = "More"
back = "deck"
rows = [ { id = "extra", name = "Extra", count = 4 } ]

[[sets]]
id = "heroes"
name = "Heroes"
kind = "card"
group = "Heroes"
double_sided = true
back = "deck"
rows = [
  { id = "hero-a", name = "Hero A", count = 20 },
  { id = "hero-b", name = "Hero B", count = 20 },
]

[[sets]]
id = "events"
name = "Events"
kind = "card"
group = "Events"
single_sided = true
rows = [ { id = "storm", name = "Storm", count = 3 } ]

[[sets]]
id = "guide"
name = "Guide"
kind = "reference"
group = "Guide"
back = "deck"
fields = { front = { type = "str" }, reverse = { type = "str" } }
rows = [ { id = "guide", name = "Guide", count = 2, front = "turn", reverse = "end" } ]
"""

LONG = " ".join(
    [
        "When this card enters play, each opponent discards a card of their choice. Then, if "
        "you hold more cards than any other player, draw one card and shuffle the discard "
        "pile back into the deck.",
        "At the start of your turn, you may reveal a Water card from your hand. If you do, "
        "heal 2 and every opponent with fewer than three cards in hand takes 1 damage for "
        "each card they lack.",
    ]
)
PARAGRAPHS = [LONG, LONG.replace("Water", "Fire"), LONG.replace("heal 2", "heal 3")]


def project(root: Path, extra: str = "") -> Path:
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    quickref = root / "layouts" / "mini" / "quickref"  # the guide's two sides
    quickref.mkdir(parents=True)
    (quickref / "turn.md.j2").write_text("# Turn\n\nDraw a card.\n", encoding="utf-8")
    (quickref / "end.md.j2").write_text("# End\n\nDiscard a card.\n", encoding="utf-8")
    game = root / "catalog" / "mini" / "game.toml"
    text = game.read_text(encoding="utf-8")
    text = text.replace('bleed = "3mm"\n', 'bleed = "3mm"\ntuckbox_min_cards = 1\n', 1)
    game.write_text(text + extra, encoding="utf-8")
    return root


def continued(root: Path, *, on_back: bool) -> Path:
    """The mini game with a card whose text continues: on its back (its set single-sided,
    as a back of its own needs) or onto cards of its own (its set keeps its back)."""
    project(root)
    game = root / "catalog" / "mini" / "game.toml"
    text = game.read_text(encoding="utf-8").replace('"6 cards"', '"7 cards"')
    if on_back:
        text = text.replace('back = "deck"\ntable', "single_sided = true\ntable", 1)
    game.write_text(text, encoding="utf-8")
    body = "\\n\\n".join(PARAGRAPHS[:2] if on_back else PARAGRAPHS * 2)
    with (root / "catalog" / "mini" / "cards.csv").open("a", encoding="utf-8") as f:
        f.write(f'longrule,Long Rule,1,Fire,4,fire,"{body}",,no,\n'.replace("\\n", "\n"))
    on = 'continue_on = "back"\n' if on_back else ""
    (root / "layouts" / "mini" / "faces.toml").write_text(
        f'[layouts.card.boxes.body]\ntext = "{{{{ text }}}}"\noverflow = "continue"\n{on}',
        encoding="utf-8",
    )
    return root


def build(root: Path, capsys) -> str:
    capsys.readouterr()
    code = main(
        ["--root", str(root), "build", "--only", "tuckbox,print-shop", "--for", "tgc"]
        + ["--paper", "a4", "--jobs", "1"]
    )
    said = capsys.readouterr()
    assert code == 0, said.err
    return said.err


def boxes(root: Path) -> dict[str, int]:
    """Each PDF tuck box's deck (its footer's title) and the cards it says it holds."""
    pdf = root / "output" / "mini" / "mini-tuckbox-a4.pdf"
    found = {}
    for page in pypdf.PdfReader(pdf).pages:
        said = re.search(r"tuck box: (.+?), (\d+) cards? at", page.extract_text())
        assert said is not None
        found[said.group(1)] = int(said.group(2))
    return found


def uploads(root: Path) -> dict[str, dict[str, int]]:
    """Each upload folder of The Game Crafter's: its cards (by component) and their counts."""
    base = root / "output" / "mini" / "print-shop" / "tgc"
    found: dict[str, dict[str, int]] = {}
    for folder in sorted(p for p in base.iterdir() if p.is_dir()):
        with (folder / "quantities.csv").open(encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
        found[folder.name] = {}
        for row in rows:
            held = found[folder.name]
            held[row["component"]] = held.get(row["component"], 0) + int(row["quantity"])
    return found


def box_images(root: Path) -> dict[str, tuple[int, int]]:
    base = root / "output" / "mini" / "print-shop" / "tgc"
    return {
        p.name.removesuffix("-tuckbox.png"): Image.open(p).size
        for p in sorted(base.glob("*-tuckbox.png"))
    }


def smallest_box(cards: int) -> tuple[int, int]:
    """The pixels of The Game Crafter's smallest poker box that holds `cards` cards."""
    shops = tomllib.loads((ROOT / "layouts" / "print-shops.toml").read_text(encoding="utf-8"))
    poker = [t for t in shops["services"]["tgc"]["tuckboxes"] if t["card"] == "2.5in x 3.5in"]
    best = min((t for t in poker if t["cards"] >= cards), key=lambda t: t["cards"])
    w, h = best["pixels"]
    return w, h


@pytest.fixture(scope="module")
def kinds(tmp_path_factory) -> Path:
    return project(tmp_path_factory.mktemp("kinds") / "project", SETS)


def test_every_box_holds_its_upload_s_cards(kinds, capsys):
    err = build(kinds, capsys)
    assert "tuck-box image" not in err  # every deck has its image
    held = uploads(kinds)
    assert held == {
        "deck": {"ember": 2, "blaze": 1, "spring": 2, "flood": 1, "extra": 4},
        "heroes": {"hero-a": 20, "hero-b": 20},
        "events": {"storm": 3},
        "guide": {"guide": 2},
    }
    # the shared back's box holds both its sets, the double-sided set naming that back is a
    # box of its own, the single-sided set too; the reference cards travel in no box
    assert boxes(kinds) == {"Mini": 10, "Heroes": 40, "Events": 3}
    images = box_images(kinds)
    assert set(images) == {"deck", "heroes", "events"}
    for name, size in images.items():
        assert size == smallest_box(sum(held[name].values())), name
    assert images["heroes"] != images["deck"]  # 40 cards want a larger box than 10


def test_a_card_continued_on_its_back_is_boxed_with_its_set(tmp_path, capsys):
    root = continued(tmp_path / "project", on_back=True)
    build(root, capsys)
    held = uploads(root)
    assert held == {"cards": {"ember": 2, "blaze": 1, "spring": 2, "flood": 1, "longrule": 1}}
    assert boxes(root) == {"Cards": 7}
    assert set(box_images(root)) == {"cards"}  # never a box of the continued card alone


def test_a_card_continued_onto_cards_counts_each_part_in_its_box(tmp_path, capsys):
    root = continued(tmp_path / "project", on_back=False)
    build(root, capsys)
    (held,) = uploads(root).values()
    parts = [c for c in held if c.startswith("longrule")]
    assert len(parts) > 1  # the text did continue
    assert boxes(root) == {"Mini": sum(held.values())}
