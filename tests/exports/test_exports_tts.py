"""The `tts` export: a Tabletop Simulator saved object whose decks hold every card in its
full count, with deck sheets on disk that match what the JSON says about them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import job_of, load_games, mini_with_a_piece
from PIL import Image

from cardstock.core.stage import BuildOptions
from cardstock.core.units import parse_size
from cardstock.exports.tts import build_tts, grid
from cardstock.stages import BY_NAME

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def load(root: Path, game: str):
    (cat,), issues = load_games(root, [game])
    assert not issues.errors
    return cat


def objects(save: dict) -> list[dict]:
    (bag,) = save["ObjectStates"]
    return bag["ContainedObjects"]


def saved(out: Path, game: str) -> dict:
    return json.loads(
        (out / game / "tts" / "Saves" / "Saved Objects" / f"{game}.json").read_text(
            encoding="utf-8"
        )
    )


def local(folder: Path, name: str) -> Path:
    """Where Tabletop Simulator finds a file the saved object names: in its Mods folder
    (`folder` is the export's copy of Tabletop Simulator's data folder)."""
    assert "/" not in name and ":" not in name, name  # a file name, not a path or an address
    return folder / "Mods" / ("Models" if name.endswith(".obj") else "Images") / name


@pytest.fixture(scope="module")
def mini(tmp_path_factory) -> tuple:
    root = tmp_path_factory.mktemp("project")
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    out = root / "out"
    cat = load(root, "mini")
    build_tts(job_of(cat, BuildOptions(out=out, dpi=60)))
    return cat, saved(out, "mini"), out / "mini" / "tts"


def test_the_stage_is_registered():
    assert BY_NAME["tts"].run_game is build_tts


def test_sheets_keep_the_last_cell_for_the_hidden_card():
    assert grid(4) == (5, 1)
    assert grid(9) == (10, 1)
    assert grid(10) == (10, 2)
    assert grid(69) == (10, 7)


def test_each_deck_holds_every_card_in_its_count(mini):
    cat, save, _ = mini
    (deck,) = [o for o in objects(save) if o["Name"] == "Deck"]
    assert deck["Nickname"] == "Cards"
    want = {c.name: c.count for c in cat.components if c.set == "cards"}
    assert len(deck["DeckIDs"]) == sum(want.values())
    names = [c["Nickname"] for c in deck["ContainedObjects"]]
    assert {n: names.count(n) for n in names} == want
    assert [c["CardID"] for c in deck["ContainedObjects"]] == deck["DeckIDs"]
    blaze = next(c for c in deck["ContainedObjects"] if c["Nickname"] == "Blaze")
    assert blaze["Description"] == "Deal 3 damage to every opponent."  # markup removed


def test_face_sheets_exist_and_are_columns_times_card_width(mini):
    cat, save, folder = mini
    (deck,) = [o for o in objects(save) if o["Name"] == "Deck"]
    for entry in deck["CustomDeck"].values():
        sheet = Image.open(local(folder, entry["FaceURL"]))
        back = Image.open(local(folder, entry["BackURL"]))
        assert entry["NumWidth"] <= 10 and entry["NumHeight"] <= 7
        assert sheet.width == entry["NumWidth"] * back.width
        assert sheet.height == entry["NumHeight"] * back.height
        assert max(sheet.size) <= 4096


def test_tokens_are_round_custom_tiles_with_transparent_corners(mini):
    _, save, folder = mini
    (bag,) = [
        o for o in objects(save) if o["Name"] == "Bag" and o["Nickname"] == "Tokens"
    ]  # dice have a bag too
    assert len(bag["ContainedObjects"]) == 10
    tile = bag["ContainedObjects"][0]
    assert (
        tile["Name"] == "Custom_Tile" and tile["CustomImage"]["CustomTile"]["Type"] == 2
    )  # circle
    image = Image.open(local(folder, tile["CustomImage"]["ImageURL"]))
    assert image.mode == "RGBA" and image.getpixel((0, 0))[3] == 0


def test_a_base_url_replaces_the_file_names(tmp_path: Path):
    shutil.copytree(FIXTURES / "catalog" / "mini", tmp_path / "catalog" / "mini")
    build_tts(
        job_of(
            load(tmp_path, "mini"),
            BuildOptions(out=tmp_path / "out", dpi=20, tts_base_url="https://example.org/mini/"),
        )
    )
    save = saved(tmp_path / "out", "mini")
    (deck,) = [o for o in objects(save) if o["Name"] == "Deck"]
    (entry,) = deck["CustomDeck"].values()
    assert entry["FaceURL"] == "https://example.org/mini/mini-deck-cards-1.png"
    assert (
        tmp_path / "out" / "mini" / "tts" / "Mods" / "Images" / "mini-deck-cards-1.png"
    ).is_file()


@pytest.mark.parametrize("game", ["atmosfear", "alpha-omega-tiles"])
def test_shipped_games_decks_match_the_catalog(game: str, tmp_path: Path):
    """Every deck of a shipped game: DeckIDs as many as the catalog's cards of that set,
    every sheet on disk with the width the JSON implies; hex tiles as hexagonal tiles."""
    cat = load(ROOT, game)
    build_tts(job_of(cat, BuildOptions(out=tmp_path, dpi=20)))
    save = saved(tmp_path, game)
    sets = {s.name: s for s in cat.game.sets}
    decks = [o for o in objects(save) if o["Name"] == "Deck"]
    assert decks
    for deck in decks:
        s = sets[deck["Nickname"]]
        assert len(deck["DeckIDs"]) == sum(c.count for c in cat.components if c.set == s.id)
        for entry in deck["CustomDeck"].values():
            sheet = Image.open(local(tmp_path / game / "tts", entry["FaceURL"]))
            cell = sheet.width // entry["NumWidth"]
            assert sheet.width == entry["NumWidth"] * cell
    tiles = [
        t
        for o in objects(save)
        if o["Name"] == "Bag"
        for t in o["ContainedObjects"]
        if t["Name"] == "Custom_Tile"
    ]
    kinds = {c.kind for c in cat.components}
    if "tile" in kinds:
        assert any(t["CustomImage"]["CustomTile"]["Type"] == 1 for t in tiles)  # hexagons


@pytest.mark.parametrize("size", ["500mm x 400mm", "24in x 36in"])
def test_a_board_too_large_for_tabletop_simulator_is_drawn_within_4096_pixels_at_its_true_size(
    tmp_path: Path, size: str
):
    mini_with_a_piece(tmp_path, size)
    cat = load(tmp_path, "mini")
    build_tts(job_of(cat, BuildOptions(out=tmp_path / "out", dpi=300)))
    save = saved(tmp_path / "out", "mini")
    (board,) = [
        t
        for o in objects(save)
        if o["Name"] == "Bag"
        for t in o["ContainedObjects"]
        if t["Nickname"] == "The Map"
    ]
    image = Image.open(local(tmp_path / "out" / "mini" / "tts", board["CustomImage"]["ImageURL"]))
    assert max(image.size) <= 4096 and max(image.size) >= 4090  # as large as it may be
    (comp,) = [c for c in cat.components if c.id == "map"]
    w, h = (v / 72 * 25.4 for v in parse_size(comp.size))
    assert abs(image.width / image.height - w / h) < 0.01  # not stretched
    assert board["Transform"]["scaleX"] == pytest.approx(
        h / 33.5, abs=1e-3
    )  # its true height on the table
