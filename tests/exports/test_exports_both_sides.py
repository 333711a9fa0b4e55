"""Every export carries the second side: a double-sided set (each card's back drawn from
its own row), a card that chooses its own deck back, and cards on the deck's back all
reach `--only cards` (a PNG per back, named in cards.csv, and a PDF of fronts each
followed by its back), every print-shop preset (each front with its own back) and the
Tabletop Simulator decks (each card's cell of its deck's back sheet)."""

from __future__ import annotations

import contextlib
import csv
import io
import shutil
from pathlib import Path
from typing import Any

import pypdf
import pytest
from conftest import FIXTURES, GameCopy

from cardstock.cli import main

DOUBLE_SIDED = '''[backs.gold]
title = "Golden"
color = "#b7950b"

[[sets]]
id = "spies"
name = "Spies"
kind = "card"
group = "Spies"
double_sided = true
fields = { cover = { type = "text" }, truth = { type = "text" } }
rows = [
  { id = "ivy", name = "Ivy", cover = "Ivy sells flowers.", truth = "Ivy reads the mail." },
  { id = "rex", name = "Rex", cover = "Rex walks dogs.", truth = "Rex opens safes." },
]

[[sets]]
id = "tokens"'''

LAYOUTS = """[layouts.spies]
extends = "card"

[layouts.spies.boxes.body]
text = "{{ cover }}"

[layouts.spies-back]
extends = "card"

[layouts.spies-back.boxes.body]
text = "{{ truth }}"
"""

SERVICES = ("mpc", "printerstudio", "tgc", "drivethru")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The mini game with a double-sided set and a card on a back of its own, built once
    for the module's tests (which only read it): its cards and print-shop folders."""
    root = tmp_path_factory.mktemp("both-sides")
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    mini = GameCopy(root, "mini")
    mini.replace("game.toml", '[[sets]]\nid = "tokens"', DOUBLE_SIDED)
    mini.replace("cards.csv", "bonus,designer_choice", "bonus,designer_choice,back")
    mini.replace("cards.csv", "art/blaze.svg,yes,text", "art/blaze.svg,yes,text,gold")
    folder = mini.root / "layouts" / "mini"
    folder.mkdir(parents=True)
    (folder / "faces.toml").write_text(LAYOUTS)
    out = mini.root / "out"
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(
            [
                "--root",
                str(mini.root),
                "build",
                "mini",
                "--jobs",
                "1",
                "--only",
                "cards,print-shop",
                "--for",
                ",".join(SERVICES),
                "--out",
                str(out),
            ]
        )
    assert code == 0, err.getvalue()
    return out / "mini"


def rows(path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text())))


def test_the_cards_export_has_a_png_of_every_second_side_named_in_cards_csv(built):
    table = {r["file"]: r for r in rows(built / "cards" / "cards.csv")}
    backs = {
        "ivy": "png/ivy-back.png",
        "rex": "png/rex-back.png",
        "blaze": "png/back-gold.png",
        "ember": "png/back-deck.png",
    }
    for component, back in backs.items():
        assert table[f"png/{component}-front.png"]["back"] == back, component
        assert table[back]["side"] == "back" and (built / "cards" / back).is_file(), back
    assert (built / "cards" / "png" / "ivy-back.png").read_bytes() != (
        built / "cards" / "png" / "rex-back.png"
    ).read_bytes()


def test_the_cards_pairs_pdf_puts_each_back_right_after_its_front(built):
    reader = pypdf.PdfReader(built / "cards" / "mini-cards-pairs.pdf")
    fronts = [r for r in rows(built / "cards" / "cards.csv") if r["side"] == "front"]
    assert len(reader.pages) == 2 * len(fronts)
    texts = [page.extract_text() for page in reader.pages]
    for front, back in (
        ("Ivy sells flowers.", "Ivy reads the mail."),
        ("Rex walks dogs.", "Rex opens safes."),
    ):
        (at,) = [i for i, t in enumerate(texts) if front in t]
        assert at % 2 == 0 and back in texts[at + 1] and back not in texts[at]
    (blaze,) = [i for i, t in enumerate(texts) if "Blaze" in t]
    assert "Golden" in texts[blaze + 1]


@pytest.mark.parametrize("service", SERVICES)
def test_every_print_shop_preset_gets_each_front_with_its_own_back(built, service):
    shop = built / "print-shop" / service
    if service == "drivethru":
        reader = pypdf.PdfReader(shop / "spies.pdf")
        texts = [page.extract_text() for page in reader.pages]
        assert (
            "Ivy reads the mail." in texts[0] and "Ivy sells flowers." in texts[1]
        )  # back, then front
        assert "Rex opens safes." in texts[2] and "Rex walks dogs." in texts[3]
        assert any(
            "Golden" in page.extract_text() for page in pypdf.PdfReader(shop / "gold.pdf").pages
        )
        return
    found: dict[str, str] = {}
    for table in shop.rglob("quantities.csv"):
        for row in rows(table):
            back = table.parent / row["back"]
            assert row["back"] and back.is_file(), (service, row)
            found[row["component"]] = back.read_bytes()
    assert found["ivy"] != found["rex"] != found["ember"]
    assert found["blaze"] != found["ember"] and found["ember"] == found["spring"]


def _tts_backs(folder) -> dict[str, Any]:
    """Each card's back as Tabletop Simulator shows it: its cell of its deck's back sheet
    (a deck with `UniqueBack` has a back sheet laid out like its face sheet)."""
    import json

    from PIL import Image

    save = json.loads(
        (folder / "tts" / "Saves" / "Saved Objects" / "mini.json").read_text(encoding="utf-8")
    )
    found = {}

    def walk(o):
        if isinstance(o, dict):
            if o.get("Name") == "Card" and "CustomDeck" in o:
                ((deck_id, deck),) = o["CustomDeck"].items()
                assert deck["UniqueBack"] is True
                sheet = Image.open(folder / "tts" / "Mods" / "Images" / deck["BackURL"])
                w, h = sheet.width // deck["NumWidth"], sheet.height // deck["NumHeight"]
                i = o["CardID"] % 100
                col, row = i % deck["NumWidth"], i // deck["NumWidth"]
                found[o["Nickname"]] = sheet.crop(
                    (col * w, row * h, (col + 1) * w, (row + 1) * h)
                ).convert("RGB")
            for v in o.values():
                walk(v)
        elif isinstance(o, list):
            for v in o:
                walk(v)

    walk(save)
    return found


def test_the_tabletop_simulator_decks_show_each_card_its_own_back(cli, mini: GameCopy):
    from PIL import ImageChops

    mini.replace("game.toml", '[[sets]]\nid = "tokens"', DOUBLE_SIDED)
    mini.replace("cards.csv", "bonus,designer_choice", "bonus,designer_choice,back")
    mini.replace("cards.csv", "art/blaze.svg,yes,text", "art/blaze.svg,yes,text,gold")
    (mini.root / "layouts" / "mini").mkdir(parents=True)
    (mini.root / "layouts" / "mini" / "faces.toml").write_text(LAYOUTS)
    out = mini.root / "out"
    r = cli(
        "--root", str(mini.root), "build", "mini", "--jobs", "1", "--only", "tts", "--out", str(out)
    )
    assert r.code == 0, r.err
    backs = _tts_backs(out / "mini")

    def same(a: str, b: str) -> bool:
        return ImageChops.difference(backs[a], backs[b]).getbbox() is None

    assert not same("Ivy", "Rex")  # a double-sided set: each card's back drawn from its own row
    assert not same("Blaze", "Ember")  # a card that chooses its own deck back
    assert same("Ember", "Spring")  # cards on the deck's back share it
