"""Print-shop presets: each service's folder holds exactly the files its spec asks for,
at its pixel size; a card size a service does not print is an input error."""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pypdf
import pytest
from conftest import job_of, load_games
from PIL import Image

from cardstock.core.stage import BuildOptions
from cardstock.core.units import parse_length, parse_size
from cardstock.exports.presets import build_print_shop, load_presets
from cardstock.stages import BY_NAME

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def load(root: Path, game: str):
    (cat,), issues = load_games(root, [game])
    assert not issues.errors
    return cat


@pytest.fixture(scope="module")
def shops(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("project")
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    out = root / "out"
    build_print_shop(
        job_of(
            load(root, "mini"),
            BuildOptions(out=out, services=("mpc", "tgc", "drivethru", "printerstudio")),
        )
    )
    return out / "mini" / "print-shop"


def files(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def test_the_stage_is_registered_and_the_presets_load():
    assert BY_NAME["print-shop"].run_game is build_print_shop
    presets, problems = load_presets(ROOT)
    assert not problems
    assert set(presets) == {"mpc", "tgc", "drivethru", "printerstudio"}


@pytest.mark.parametrize(
    "service,pixels,folder",
    [
        ("mpc", (822, 1122), "poker"),
        ("tgc", (825, 1125), "deck"),
        ("printerstudio", (822, 1122), "poker"),
    ],
)
def test_image_services_get_a_front_per_card_one_back_and_the_quantities(
    shops: Path, service: str, pixels, folder
):
    """MakePlayingCards and PrinterStudio take a game's cards of one size in one upload
    (named by the size); The Game Crafter one deck per back (named by the back), and the
    deck's tuck box beside it (tests/exports/test_tuckbox_print_shop.py)."""
    root = shops / service
    boxes = ["deck-tuckbox.png"] if service == "tgc" else []
    assert files(root) == boxes + [
        f"{folder}/back.png",
        f"{folder}/front/001-ember.png",
        f"{folder}/front/002-blaze.png",
        f"{folder}/front/003-spring.png",
        f"{folder}/front/004-flood.png",
        f"{folder}/order.txt",
        f"{folder}/quantities.csv",
    ]  # the tokens and the die are not cards: no print shop gets them
    for f in (root / folder).rglob("*.png"):
        assert Image.open(f).size == pixels, f
    rows = list(csv.DictReader(io.StringIO((root / folder / "quantities.csv").read_text())))
    assert [(r["front"], r["back"], r["quantity"]) for r in rows] == [
        ("front/001-ember.png", "back.png", "2"),
        ("front/002-blaze.png", "back.png", "1"),
        ("front/003-spring.png", "back.png", "2"),
        ("front/004-flood.png", "back.png", "1"),
    ]


def test_the_bleed_is_filled_to_the_edge(shops: Path):
    """MPC's bleed is wider than the game's 3 mm: the extra pixels continue the card's
    edge instead of leaving a white or transparent frame."""
    image = Image.open(shops / "mpc" / "poker" / "front" / "001-ember.png").convert("RGB")
    assert image.getpixel((0, image.height // 2)) == image.getpixel((3, image.height // 2))
    assert image.getpixel((0, image.height // 2)) != (255, 255, 255)


def test_drivethru_gets_one_cmyk_pdf_per_deck_back_then_front_for_every_copy(shops: Path):
    # the deck's tuck box: tests/exports/test_tuckbox_drivethru.py
    assert files(shops / "drivethru") == ["deck-tuckbox.png", "deck.pdf"]
    reader = pypdf.PdfReader(shops / "drivethru" / "deck.pdf")
    assert len(reader.pages) == 2 * 6  # every copy, back and front
    w, h = parse_size("poker")
    b = parse_length("0.125in")
    for page in reader.pages:
        assert [float(v) for v in page.mediabox] == pytest.approx(
            [0, 0, w + 2 * b, h + 2 * b], abs=0.01
        )
        assert [float(v) for v in page.trimbox] == pytest.approx([b, b, b + w, b + h], abs=0.01)
    text = reader.pages[1].extract_text()
    assert "Ember" in text and "Ember" not in reader.pages[0].extract_text()
    content = reader.pages[1].get_contents().get_data().decode("latin-1")  # type: ignore[union-attr]  # pypdf: a page it wrote has contents
    assert " k\n" in content or " k " in content
    assert " rg" not in content


def test_a_size_a_service_does_not_print_is_an_error_naming_the_sizes_it_does(cli, mini):
    mini.replace("game.toml", 'card_size = "poker"', 'card_size = "mini"')
    out = mini.root / "out"
    r = cli(
        "--root",
        str(mini.root),
        "build",
        "mini",
        "--for",
        "mpc",
        "--only",
        "print-shop",
        "--out",
        str(out),
    )
    assert r.code == 2
    assert "MakePlayingCards does not print 44.0 x 63.5mm cards" in r.err
    assert "poker (63.5 x 88.9mm), bridge (57.1 x 88.9mm), tarot (69.8 x 120.6mm)" in r.err
    assert not out.exists()


def test_an_unknown_service_is_an_error(cli, mini):
    r = cli("--root", str(mini.root), "build", "mini", "--for", "kinkos")
    assert (
        r.code == 2
        and "unknown print shop(s) kinkos; expected: mpc, printerstudio, tgc, drivethru" in r.err
    )
