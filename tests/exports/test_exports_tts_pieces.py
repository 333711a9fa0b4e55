"""The Tabletop Simulator object holds every physical piece of a game, each at its true size
beside the others, and names its files so that it works wherever its folder is copied or
whichever address its images are hosted at.

Sizes are read back from the saved object as Tabletop Simulator would draw them: a card's
scale times a card's size at scale 1, a tile's scale times a tile's height at scale 1 (its
width following its image), a model's scale times its mesh's extent (one unit of mesh per
`AT_SCALE_1["model"]`), and compared with the piece's trim size in the catalog."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES, GAMES, ROOT, job_of, lay_out, load_games
from PIL import Image

from cardstock.core.stage import BuildOptions
from cardstock.core.units import POINTS_PER, parse_size
from cardstock.exports.tts import AT_SCALE_1, build_tts
from cardstock.exports.ttsmesh import STANDEE_THICKNESS_MM

MM = POINTS_PER["mm"]
URL_KEYS = ("FaceURL", "BackURL", "ImageURL", "ImageSecondaryURL", "MeshURL", "DiffuseURL")


def load(root: Path, game: str) -> Any:
    (cat,), issues = load_games(root, [game])
    assert not issues.errors
    return cat


def export(root: Path, game: str, out: Path, **options: Any) -> tuple[Any, dict, Path]:
    cat = load(root, game)
    build_tts(job_of(cat, BuildOptions(out=out, dpi=40, **options)))
    folder = out / game / "tts"
    save = json.loads(
        (folder / "Saves" / "Saved Objects" / f"{game}.json").read_text(encoding="utf-8")
    )
    return cat, save, folder


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> dict[str, tuple[Any, dict, Path]]:
    """Every shipped game and the fixture game, exported once."""
    out = tmp_path_factory.mktemp("tts")
    games = {g: export(ROOT, g, out) for g in GAMES}
    mini = tmp_path_factory.mktemp("mini")
    shutil.copytree(FIXTURES / "catalog" / "mini", mini / "catalog" / "mini")
    games["mini"] = export(mini, "mini", out)
    return games


def containers(save: dict) -> list[dict]:
    (bag,) = save["ObjectStates"]
    return bag["ContainedObjects"]


def pieces(save: dict) -> Iterator[tuple[str, dict]]:
    """(the name of the deck or bag it is in, or its own for a lone card; the object)."""
    for c in containers(save):
        if c["Name"] in ("Deck", "Bag"):
            for o in c["ContainedObjects"]:
                yield c["Nickname"], o
        else:
            yield c["Nickname"], c


def urls(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for k, v in node.items():
            if k in URL_KEYS and v:
                yield v
            else:
                yield from urls(v)
    elif isinstance(node, list):
        for v in node:
            yield from urls(v)


def resolve(folder: Path, name: str) -> Path:
    """Where Tabletop Simulator finds a file named in the saved object: its Mods folder."""
    return folder / "Mods" / ("Models" if name.endswith(".obj") else "Images") / name


def mesh_extent(path: Path) -> tuple[float, float, float]:
    vs = [
        tuple(map(float, line.split()[1:4]))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("v ")
    ]
    return tuple(max(v[i] for v in vs) - min(v[i] for v in vs) for i in range(3))  # type: ignore[return-value]


def footprint(
    obj: dict, folder: Path, save_transform: dict | None = None
) -> tuple[float, float, float]:
    """What Tabletop Simulator draws the object as, in millimetres: width, depth (its
    height on the table), and how tall it stands."""
    t = obj["Transform"]
    if obj["Name"] == "Card":
        w, h = AT_SCALE_1["card"]
        if obj.get("SidewaysCard"):  # a sideways card is a card turned a quarter
            w, h = h, w
        return t["scaleX"] * w, t["scaleZ"] * h, 0.0
    if obj["Name"] == "Custom_Tile":
        image = Image.open(resolve(folder, obj["CustomImage"]["ImageURL"]))
        assert (
            obj["CustomImage"]["CustomTile"]["Stretch"] is False
        )  # the tile takes its image's proportions
        h = t["scaleZ"] * AT_SCALE_1["tile"][1]
        return h * image.width / image.height, h, 0.0
    assert obj["Name"] == "Custom_Model"
    x, y, z = mesh_extent(resolve(folder, obj["CustomMesh"]["MeshURL"]))
    unit = AT_SCALE_1["model"][1]
    return x * t["scaleX"] * unit, z * t["scaleZ"] * unit, y * t["scaleY"] * unit


@pytest.mark.parametrize("game", [*GAMES, "mini"])
def test_every_component_of_every_game_is_in_the_object_in_its_count(exported, game):
    cat, save, _ = exported[game]
    want: dict[tuple[str, str], int] = {}
    sets = {s.id: s for s in cat.game.sets}
    for comp in cat.components:
        s = sets[comp.set]
        lone = (
            s.kind in ("card", "reference")
            and sum(c.count for c in cat.components if c.set == s.id) == 1
        )
        key = (comp.name if lone else s.name, comp.name)
        want[key] = want.get(key, 0) + comp.count
    got: dict[tuple[str, str], int] = {}
    for where, obj in pieces(save):
        got[(where, obj["Nickname"])] = got.get((where, obj["Nickname"]), 0) + 1
    assert got == want
    assert sum(got.values()) == sum(c.count for c in cat.components)


def test_the_tiles_game_holds_its_eight_pawns_as_standing_figures(exported):
    cat, save, folder = exported["alpha-omega-tiles"]
    pawns = [o for where, o in pieces(save) if where == "Pawns"]
    assert len(pawns) == 8 == sum(c.count for c in cat.components if c.kind == "pawn")
    for pawn in pawns:
        assert (
            pawn["Name"] == "Custom_Model" and pawn["CustomMesh"]["TypeIndex"] == 1
        )  # TTS's figurine type
        assert resolve(folder, pawn["CustomMesh"]["DiffuseURL"]).is_file()
    red = next(o for o in pawns if o["Nickname"] == "Red pawn")
    texture = Image.open(resolve(folder, red["CustomMesh"]["DiffuseURL"])).convert("RGB")
    r, g, b = texture.getpixel(
        (texture.width * 5 // 6, texture.height // 4)
    )  # the base flap: the player's colour
    assert r > 2 * g and r > 2 * b


def trim(cat: Any, comp: Any) -> tuple[float, float]:
    """The piece's size in millimetres as the catalog and its face say (a die: one face;
    a standee: one panel)."""
    if comp.kind in ("die", "pawn"):
        w, h = parse_size(comp.size or {"die": "16mm x 16mm", "pawn": "25mm x 40mm"}[comp.kind])
        return w / MM, h / MM
    face = lay_out(cat, comp, "front", bleed=False)
    return face.width / MM, face.height / MM


@pytest.mark.parametrize("game", [*GAMES, "mini"])
def test_every_piece_is_drawn_at_its_trim_size(exported, game):
    """Cards, tiles, tokens, dice and standees alike: the size Tabletop Simulator gives each
    object is the piece's own, within 1.5 % (a pixel of its image), so every two pieces
    keep their true ratio."""
    cat, save, folder = exported[game]
    by_name = {}
    for comp in cat.components:
        by_name.setdefault(comp.name, comp)
    checked = 0
    for _, obj in pieces(save):
        comp = by_name[obj["Nickname"]]
        w, h = trim(cat, comp)
        got_w, got_h, tall = footprint(obj, folder)
        if comp.kind == "pawn":  # standing: as wide as a panel, as tall as a panel on its base
            assert got_w == pytest.approx(w, rel=0.015) and tall == pytest.approx(
                h + STANDEE_THICKNESS_MM / 2, rel=0.015
            )
        elif comp.kind == "die":
            assert (
                got_w == pytest.approx(w, rel=0.015)
                and got_h == pytest.approx(w, rel=0.015)
                and tall == pytest.approx(w, rel=0.015)
            )
        else:
            assert got_w == pytest.approx(w, rel=0.015), (comp.id, got_w, w)
            assert got_h == pytest.approx(h, rel=0.015), (comp.id, got_h, h)
        checked += 1
    assert checked == sum(c.count for c in cat.components)


def test_a_25mm_token_and_a_60mm_hex_keep_their_true_ratio(exported):
    cat, save, folder = exported["alpha-omega-tiles"]
    token = next(o for where, o in pieces(save) if where == "Score markers")
    hex_tile = next(o for where, o in pieces(save) if where == "Element tiles")
    token_w, _, _ = footprint(token, folder)
    hex_w, _, _ = footprint(hex_tile, folder)
    assert token["Transform"]["scaleX"] != hex_tile["Transform"]["scaleX"]
    assert token_w / hex_w == pytest.approx(25 / 60, rel=0.015)
    card = next(o for where, o in pieces(save) if o["Name"] == "Card")  # its quick reference
    card_w, _, _ = footprint(card, folder)
    (reference,) = (c for c in cat.components if c.kind == "reference")
    width_mm = parse_size(reference.size)[0] / POINTS_PER["mm"]
    assert 60 < width_mm < 80  # a card's width (tarot: 69.85 mm), not a tile's
    assert hex_w / card_w == pytest.approx(60 / width_mm, rel=0.015)


@pytest.mark.parametrize("game", [*GAMES, "mini"])
def test_a_moved_folder_still_finds_every_file_it_names(exported, game, tmp_path):
    """The saved object names each file by its name alone, found in the Mods folder the
    export lays out beside it: moved elsewhere (another computer's Tabletop Simulator
    folder), every name still resolves, and nothing names the build's own folder."""
    _, save, folder = exported[game]
    moved = tmp_path / "elsewhere" / "Tabletop Simulator"
    shutil.copytree(folder, moved)
    text = (moved / "Saves" / "Saved Objects" / f"{game}.json").read_text(encoding="utf-8")
    assert str(folder) not in text and "file:" not in text
    names = set(urls(json.loads(text)))
    assert names
    for name in names:
        assert resolve(moved, name).is_file(), name
    written = {p.name for p in (moved / "Mods").rglob("*") if p.is_file()}
    assert written == names  # every file written is named, and no other


def test_the_saved_object_is_the_same_bytes_wherever_it_is_built(tmp_path):
    shutil.copytree(FIXTURES / "catalog" / "mini", tmp_path / "catalog" / "mini")
    _, _, a = export(tmp_path, "mini", tmp_path / "one")
    _, _, b = export(tmp_path, "mini", tmp_path / "two" / "deeper")
    rel = Path("Saves") / "Saved Objects" / "mini.json"
    assert (a / rel).read_bytes() == (b / rel).read_bytes()


@pytest.mark.parametrize(
    "base, first",
    [
        ("https://example.org/mini", "https://example.org/mini/mini-deck-cards-1.png"),
        (
            "https://example.org/my games/Ævintýri/",
            "https://example.org/my%20games/%C3%86vint%C3%BDri/mini-deck-cards-1.png",
        ),
        (
            "HTTPS://bücher.example/a%20b/c d",
            "https://xn--bcher-kva.example/a%20b/c%20d/mini-deck-cards-1.png",
        ),
    ],
)
def test_a_base_url_is_percent_encoded_before_each_file_name(tmp_path, base, first):
    shutil.copytree(FIXTURES / "catalog" / "mini", tmp_path / "catalog" / "mini")
    _, save, folder = export(tmp_path, "mini", tmp_path / "out", tts_base_url=base)
    deck = next(o for o in containers(save) if o["Name"] == "Deck")
    (entry,) = deck["CustomDeck"].values()
    assert entry["FaceURL"] == first
    prefix = first.rsplit("/", 1)[0] + "/"
    for url in urls(save):
        assert url.startswith(prefix) and url.isascii() and " " not in url
        assert resolve(
            folder, url[len(prefix) :]
        ).is_file()  # upload the Mods files to that address


@pytest.mark.parametrize(
    "base", ["ftp://example.org/x", "example.org/mini", "https://", "https://example.org/x?y=1"]
)
def test_a_base_url_that_is_no_web_folder_is_bad_input(mini, cli, base):
    out = mini.root / "output"
    r = cli(
        "--root",
        str(mini.root),
        "build",
        "mini",
        "--only",
        "tts",
        "--tts-base-url",
        base,
        "--out",
        str(out),
    )
    assert r.code == 2
    assert "command line: --tts-base-url:" in r.err
    assert not (out / "mini" / "tts").exists()


LANDSCAPE_PROBE = """
[[sets]]
id = "wide"
name = "Wide cards"
kind = "card"
group = "Wide"
back = "deck"
size = "88.9mm x 63.5mm"
rows = [
  { id = "plain", name = "Plain", count = 2 },
  { id = "river", name = "River", count = 1 },
]

[[sets]]
id = "lone"
name = "Lone wide card"
kind = "card"
group = "Lone"
back = "deck"
size = "100mm x 70mm"
rows = [
  { id = "vista", name = "Vista", count = 1 },
]
"""


@pytest.fixture(scope="module")
def probe(tmp_path_factory) -> tuple[Any, dict, Path]:
    """The mini game (portrait poker cards) with a deck of landscape poker cards and a lone
    landscape card of another size."""
    root = tmp_path_factory.mktemp("wide")
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    game = root / "catalog" / "mini" / "game.toml"
    game.write_text(game.read_text(encoding="utf-8") + LANDSCAPE_PROBE, encoding="utf-8")
    return export(root, "mini", tmp_path_factory.mktemp("wide-out"))


def cards_in(save: dict) -> Iterator[tuple[dict | None, dict]]:
    """(the deck it is in, or None for a lone card; the card)."""
    for c in containers(save):
        if c["Name"] == "Deck":
            for o in c["ContainedObjects"]:
                yield c, o
        elif c["Name"] == "Card":
            yield None, c


def check_cards(cat: Any, save: dict, folder: Path) -> tuple[int, int]:
    """Every card of the object against its face: a landscape card (wider than tall) is a
    sideways card, in a sideways deck, drawn at its trim size from a landscape sheet cell of
    its own aspect; a portrait card carries no `SidewaysCard` and is scaled against an
    upright card as before. Returns how many of each were seen."""
    by_name = {c.name: c for c in cat.components}
    seen = [0, 0]
    for deck, card in cards_in(save):
        comp = by_name[card["Nickname"]]
        face = lay_out(cat, comp, "front", bleed=False)
        w, h = face.width / MM, face.height / MM
        got_w, got_h, _ = footprint(card, folder)
        assert got_w == pytest.approx(w, rel=0.002) and got_h == pytest.approx(h, rel=0.002)
        (entry,) = card["CustomDeck"].values()
        sheet = Image.open(resolve(folder, entry["FaceURL"]))
        cell_w, cell_h = sheet.width / entry["NumWidth"], sheet.height / entry["NumHeight"]
        assert cell_w / cell_h == pytest.approx(w / h, rel=0.02), comp.id
        holder = deck if deck is not None else card
        if w > h:
            assert card["SidewaysCard"] is True and holder["SidewaysCard"] is True, comp.id
            scale = (w / AT_SCALE_1["card"][1], h / AT_SCALE_1["card"][0])
            seen[0] += 1
        else:
            assert "SidewaysCard" not in card and "SidewaysCard" not in holder, comp.id
            scale = (w / AT_SCALE_1["card"][0], h / AT_SCALE_1["card"][1])
            seen[1] += 1
        t = card["Transform"]
        assert (t["scaleX"], t["scaleZ"]) == pytest.approx(scale, abs=1e-4)
        assert deck is None or (deck["Transform"]["scaleX"], deck["Transform"]["scaleZ"]) == (
            t["scaleX"],
            t["scaleZ"],
        )
    return seen[0], seen[1]


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_games_landscape_cards_are_sideways_and_portrait_ones_unchanged(exported, game):
    """The shipped games' cards are all portrait today: none carries `SidewaysCard`, and a
    poker card keeps scale 1 on both axes."""
    cat, save, folder = exported[game]
    landscape, portrait = check_cards(cat, save, folder)
    assert landscape + portrait == sum(
        c.count for c in cat.components if c.kind in ("card", "reference")
    )


def test_a_landscape_deck_and_a_lone_landscape_card_are_sideways_cards(probe):
    cat, save, folder = probe
    landscape, portrait = check_cards(cat, save, folder)
    assert landscape == 4 and portrait == sum(c.count for c in cat.components if c.set == "cards")
    wide = next(c for c in containers(save) if c["Nickname"] == "Wide cards")
    assert wide["Name"] == "Deck" and wide["SidewaysCard"] is True
    assert (wide["Transform"]["scaleX"], wide["Transform"]["scaleZ"]) == (1.0, 1.0)
    lone = next(c for c in containers(save) if c["Nickname"] == "Vista")
    assert lone["Name"] == "Card" and lone["SidewaysCard"] is True
    assert footprint(lone, folder)[:2] == pytest.approx((100.0, 70.0), rel=0.002)
