"""An edition goes through the exports as it goes through the sheets: a build of the mini
game in the ink-saver edition writes its card files, Tabletop Simulator images (a die net
included), print-shop upload and proof sheets under the edition's name, each drawn from
the edition's faces: read back, each prints less ink than the colour file beside it."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from conftest import FIXTURES
from PIL import Image

from cardstock.cli import main
from cardstock.render.ink import page_coverage

# (the colour file, the edition's), under the output folder
PAIRS = (
    ("mini/cards/png/ember-front.png", "mini-ink-saver/cards/png/ember-front.png"),
    ("mini/cards/png/back-deck.png", "mini-ink-saver/cards/png/back-deck.png"),
    ("mini/cards/mini-cards.pdf", "mini-ink-saver/cards/mini-ink-saver-cards.pdf"),
    (
        "mini/tts/Mods/Images/mini-deck-cards-1.png",
        "mini-ink-saver/tts/Mods/Images/mini-ink-saver-deck-cards-1.png",
    ),
    (
        "mini/tts/Mods/Images/mini-die-d6.png",
        "mini-ink-saver/tts/Mods/Images/mini-ink-saver-die-d6.png",
    ),
    (
        "mini/print-shop/mpc/poker/front/001-ember.png",
        "mini-ink-saver/print-shop/mpc/poker/front/001-ember.png",
    ),
    ("mini/print-shop/mpc/poker/back.png", "mini-ink-saver/print-shop/mpc/poker/back.png"),
    ("mini/proof/mini-proof.pdf", "mini-ink-saver/proof/mini-ink-saver-proof.pdf"),
)


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("editions-exports") / "out"
    args = ["--root", str(FIXTURES), "build", "mini", "--force", "--jobs", "1"]
    args += ["--edition", "ink-saver", "--only", "cards,tts,print-shop,proof", "--for", "mpc"]
    main([*args, "--out", str(folder)])  # the colour game's rules check fails: forced
    return folder


def ink(path: Path) -> float:
    """The mean ink of a file's pages or picture (a PNG on white paper), 0 to 1."""
    if path.suffix == ".pdf":
        pages = page_coverage(path.read_bytes())
        return sum(pages) / len(pages)
    with Image.open(io.BytesIO(path.read_bytes())) as opened:
        picture = opened.convert("RGBA")
    paper = Image.new("RGBA", picture.size, (255, 255, 255, 255))
    flat = Image.alpha_composite(paper, picture).convert("RGB")
    light = sum((i % 256) * n for i, n in enumerate(flat.histogram()))
    return 1.0 - light / (3 * 255 * flat.width * flat.height)


@pytest.mark.parametrize(("colour", "edition"), PAIRS)
def test_each_export_of_the_edition_prints_less_ink_than_the_colour_one(
    out: Path, colour: str, edition: str
) -> None:
    assert (out / colour).is_file() and (out / edition).is_file(), edition
    assert ink(out / edition) < ink(out / colour) - 0.01, edition


def test_the_editions_tabletop_save_names_only_the_editions_images(out: Path) -> None:
    saved = out / "mini-ink-saver" / "tts" / "Saves" / "Saved Objects" / "mini-ink-saver.json"
    text = saved.read_text(encoding="utf-8")
    urls = [v for v in _strings(json.loads(text)) if v.endswith((".png", ".obj"))]
    assert urls and all("mini-ink-saver-" in u for u in urls), urls


def _strings(data: object) -> list[str]:
    if isinstance(data, dict):
        return [s for v in data.values() for s in _strings(v)]
    if isinstance(data, list):
        return [s for v in data for s in _strings(v)]
    return [data] if isinstance(data, str) else []
