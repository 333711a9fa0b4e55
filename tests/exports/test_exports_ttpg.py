"""The `ttpg` export: a Tabletop Playground package folder whose bytes do not change from
one build to the next, with landscape cards, large decks over several textures and the
downloads page's entry."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from conftest import job_of, load_games, mini_with_a_piece
from PIL import Image

from cardstock.core.stage import BuildOptions
from cardstock.exports.ttpg import MAX_SIDE, MIN_DPI, build_ttpg, grids, guid
from cardstock.layout.ops import Face
from cardstock.site.page import LISTED
from cardstock.site.pagewords import KIND_LABELS
from cardstock.stages import BY_NAME

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
POKER = Face.build(180.0, 252.0, 0.0, "rect", ())  # 63.5 x 88.9 mm


def load(root: Path, game: str):
    (cat,), issues = load_games(root, [game])
    assert not issues.errors
    return cat


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_the_stage_runs_only_when_asked():
    stage = BY_NAME["ttpg"]
    assert stage.run_game is build_ttpg and stage.when == "asked"
    assert not stage.wanted(BuildOptions(out=Path("out")))
    assert stage.wanted(BuildOptions(out=Path("out"), only=frozenset({"ttpg"})))
    assert set(stage.kinds) == {"ttpg-manifest", "ttpg-json", "ttpg-image", "ttpg-model"}


def test_the_downloads_page_lists_the_package():
    assert "ttpg-manifest" in LISTED and "Tabletop Playground" in KIND_LABELS["ttpg-manifest"]


def test_guids_come_from_the_game_and_the_deck():
    assert guid("mini", "mini-cards") == guid("mini", "mini-cards")
    assert guid("mini", "mini-cards") != guid("other", "mini-cards")
    assert len(guid("a")) == 32 and guid("a") == guid("a").upper()


def test_a_build_twice_gives_the_same_bytes(tmp_path: Path):
    shutil.copytree(FIXTURES / "catalog" / "mini", tmp_path / "catalog" / "mini")
    cat = load(tmp_path, "mini")
    one, two = tmp_path / "one", tmp_path / "two"
    made = build_ttpg(job_of(cat, BuildOptions(out=one, dpi=50)))
    build_ttpg(job_of(load(tmp_path, "mini"), BuildOptions(out=two, dpi=50)))
    assert {a.kind for a in made.artifacts} <= set(BY_NAME["ttpg"].kinds)
    first = files(one / "mini" / "ttpg")
    assert first and first == files(two / "mini" / "ttpg")
    assert "Manifest.json" in first and "Thumbnail.png" in first


def test_a_file_the_package_no_longer_has_is_removed(tmp_path: Path):
    shutil.copytree(FIXTURES / "catalog" / "mini", tmp_path / "catalog" / "mini")
    stale = tmp_path / "out" / "mini" / "ttpg" / "Templates" / "mini-gone.json"
    stale.parent.mkdir(parents=True)
    stale.write_text("{}", encoding="utf-8")
    build_ttpg(job_of(load(tmp_path, "mini"), BuildOptions(out=tmp_path / "out", dpi=30)))
    assert not stale.exists()


def test_landscape_cards_are_wider_than_tall(tmp_path: Path):
    root = mini_with_a_piece(tmp_path, "88.9mm x 63.5mm", kind="card")
    game = root / "catalog" / "mini" / "game.toml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace('size = "88.9mm', 'back = "deck"\nsize = "88.9mm'), "utf-8")
    build_ttpg(job_of(load(root, "mini"), BuildOptions(out=tmp_path / "out", dpi=40)))
    folder = tmp_path / "out" / "mini" / "ttpg"
    t = json.loads((folder / "Templates" / "mini-boards.json").read_text(encoding="utf-8"))
    assert (t["Width"], t["Height"]) == (8.89, 6.35)
    assert t["Model"] == "Rounded" and t["Indices"] == [0]
    front = Image.open(folder / "Textures" / t["FrontTexture"])
    assert front.width > front.height


def test_a_board_larger_than_a_texture_stays_within_the_limit(tmp_path: Path):
    root = mini_with_a_piece(tmp_path, "700mm x 500mm")
    build_ttpg(job_of(load(root, "mini"), BuildOptions(out=tmp_path / "out", dpi=300)))
    folder = tmp_path / "out" / "mini" / "ttpg"
    t = json.loads((folder / "Templates" / "mini-boards.json").read_text(encoding="utf-8"))
    assert t["Model"] == "Square" and (t["Width"], t["Height"]) == (70.0, 50.0)
    assert max(Image.open(folder / "Textures" / t["FrontTexture"]).size) <= MAX_SIDE


def test_a_large_deck_goes_on_several_textures_at_no_less_than_the_floor():
    """300 poker cards at 300 dpi: textures of at most 70 cells (10 x 7 at MIN_DPI within
    MAX_SIDE), the cards shared out evenly, each texture as sharp as its grid allows."""
    plan = grids(300, POKER, 300)
    assert sum(n for n, _ in plan) == 300 and len(plan) == 5
    for n, g in plan:
        assert n == 60 and g.columns * g.rows >= n
        assert g.columns * g.cell[0] <= MAX_SIDE and g.rows * g.cell[1] <= MAX_SIDE
        assert g.dpi >= MIN_DPI
    assert grids(9, POKER, 300) == [(9, grids(9, POKER, 300)[0][1])]
    ((n, small),) = grids(9, POKER, 300)
    assert (small.columns, small.rows, small.dpi) == (3, 3, 300.0)


def test_a_low_dpi_keeps_a_deck_on_one_texture():
    ((n, g),) = grids(120, POKER, 40)
    assert n == 120 and g.dpi == 40.0
