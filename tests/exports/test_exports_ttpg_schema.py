"""Every Tabletop Playground package of the shipped games, checked against the shape of
the makers' published template schema and against the catalog: every piece in its full
count, every size the trim size in centimetres, every texture within the grid and the
texture limit.

The official schema (`schema.json`, definition `CardTemplate`, in
github.com/plasticity-studios/tabletop-playground-schemas) carries no licence, so it is not
vendored here: `card_template_problems` restates, in our own words, the rules it gives a
card template (required keys, types, enums and bounds). The package manifest and saved
states have no published schema; their checks are written from the shape of public
packages and are marked as such."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from conftest import job_of, load_games
from PIL import Image

from cardstock.core.stage import BuildOptions
from cardstock.core.units import POINTS_PER, parse_size
from cardstock.exports.ttpg import MAX_SIDE, build_ttpg

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["alpha-omega-cards", "alpha-omega-tiles", "alter-ego", "atmosfear", "vortex"]
MM = POINTS_PER["mm"]

# ---------------------------------------------------------------- the documented shape

# CardTemplate's required keys (schema.json at plasticity-studios/tabletop-playground-schemas)
REQUIRED = (
    "BackIndex",
    "CardMetadata",
    "CardNames",
    "CardTags",
    "CollisionType",
    "FrontTexture",
    "GUID",
    "HiddenIndex",
    "Indices",
    "Metadata",
    "Models",
    "Name",
    "SurfaceType",
    "Tags",
    "Type",
)
TYPES: tuple[str, ...] = ("Card", "Card Holder", "Cardboard Figure", "Container", "Dice")
TYPES += ("Generic", "Multistate Object")
COLLISION = ("Ground", "Penetrable", "Regular", "Static")
SURFACES = ("Cardboard", "Cloth", "Glass", "Metal", "Plastic", "Silent", "Wood")
CARD_MODELS = ("Hexagonal", "Round", "Rounded", "Square")
# key -> (JSON type, minimum, maximum); None: no bound
BOUNDED: dict[str, tuple[type | tuple[type, ...], float | None, float | None]] = {
    "BackIndex": (int, -3, None),
    "HiddenIndex": (int, -3, None),
    "NumHorizontal": (int, 1, 128),
    "NumVertical": (int, 1, 128),
    "Width": ((int, float), 0.1, None),
    "Height": ((int, float), 0.1, None),
    "Thickness": ((int, float), 0.01, None),
    "Friction": ((int, float), 0, 1),
    "Restitution": ((int, float), 0, 1),
    "Density": ((int, float), 0, 1),
    "Roughness": ((int, float), 0, 1),
    "Metallic": ((int, float), 0, 1),
}
STRINGS = ("FrontTexture", "BackTexture", "HiddenTexture", "Metadata", "Name", "ScriptName")
BOOLEANS = ("HiddenInHand", "UsedWithCardHolders", "CanStack", "Flippable", "MirrorBack")
GUID = re.compile(r"^[0-9A-F]{32}$")  # "a UUID with 32 hexadecimal characters"


def card_template_problems(t: dict[str, Any]) -> list[str]:
    """What in a card template breaks the rules the official schema gives (empty: none)."""
    out = [f"missing {k}" for k in REQUIRED if k not in t]
    if t.get("Type") not in TYPES or t.get("Type") != "Card":
        out.append(f"Type {t.get('Type')!r}")
    if t.get("CollisionType") not in COLLISION:
        out.append(f"CollisionType {t.get('CollisionType')!r}")
    if t.get("SurfaceType") not in SURFACES:
        out.append(f"SurfaceType {t.get('SurfaceType')!r}")
    if t.get("Model") not in CARD_MODELS:  # a standard model (an image shape is not used)
        out.append(f"Model {t.get('Model')!r}")
    if not GUID.match(str(t.get("GUID"))):
        out.append(f"GUID {t.get('GUID')!r}")
    for key, (kind, low, high) in BOUNDED.items():
        v = t.get(key)
        if v is None:
            continue
        if isinstance(v, bool) or not isinstance(v, kind):
            out.append(f"{key} is {type(v).__name__}")
        elif (low is not None and v < low) or (high is not None and v > high):  # type: ignore[operator]
            out.append(f"{key} {v} outside [{low}, {high}]")
    out += [f"{k} not a string" for k in STRINGS if k in t and not isinstance(t[k], str)]
    out += [f"{k} not a boolean" for k in BOOLEANS if k in t and not isinstance(t[k], bool)]
    indices = t.get("Indices")
    if not (isinstance(indices, list) and indices):
        out.append("Indices: at least one")
    elif any(isinstance(i, bool) or not isinstance(i, int) or i < 0 for i in indices):
        out.append("Indices: integers from 0")
    for key, value_ok in (
        ("CardNames", lambda v: isinstance(v, str)),
        ("CardMetadata", lambda v: isinstance(v, str)),
        ("CardTags", lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v)),
    ):
        table = t.get(key)
        if not isinstance(table, dict):
            out.append(f"{key} not an object")
            continue
        for k, v in table.items():
            if not re.fullmatch(r"\d+", k) or not value_ok(v):
                out.append(f"{key}[{k!r}]")
    if not (isinstance(t.get("Tags"), list) and all(isinstance(x, str) for x in t["Tags"])):
        out.append("Tags")
    if not isinstance(t.get("Models"), list):
        out.append("Models")
    return out


# DiceTemplate's required keys, and those of each of its Models (ModelDetails)
DICE_REQUIRED: tuple[str, ...] = ("CollisionType", "Faces", "GUID", "Metadata", "Models", "Name")
DICE_REQUIRED += ("SurfaceType", "Tags", "Type")
MODEL_REQUIRED = ("Model", "Offset", "Rotation", "Roughness", "Scale", "UseOverrides")


def dice_template_problems(t: dict[str, Any]) -> list[str]:
    """What in a dice template breaks the official schema's rules (empty: none): its
    faces (at least one, each a name and a direction that is not zero) and its models."""
    out = [f"missing {k}" for k in DICE_REQUIRED if k not in t]
    if t.get("Type") != "Dice":
        out.append(f"Type {t.get('Type')!r}")
    if t.get("CollisionType") not in COLLISION or t.get("SurfaceType") not in SURFACES:
        out.append("CollisionType or SurfaceType")
    if not GUID.match(str(t.get("GUID"))):
        out.append(f"GUID {t.get('GUID')!r}")
    faces = t.get("Faces") or []
    if not faces:
        out.append("Faces: at least one")
    for f in faces:
        if not isinstance(f.get("Name"), str) or not any(f.get(a) for a in "XYZ"):
            out.append(f"face {f!r}")
    for m in t.get("Models") or []:
        out += [f"model: missing {k}" for k in MODEL_REQUIRED if k not in m]
        if not 0 <= m.get("Roughness", 0) <= 1:
            out.append("model: Roughness")
        for key in ("Offset", "Rotation", "Scale"):
            if set(m.get(key) or {}) != {"X", "Y", "Z"}:
                out.append(f"model: {key}")
    if not t.get("Models"):
        out.append("Models: a die needs its mesh")
    return out


def manifest_problems(m: dict[str, Any]) -> list[str]:
    """The manifest's shape as public packages write it (no published schema): a name, a
    version and a 32-hex-digit GUID, all strings."""
    out = [f"missing {k}" for k in ("Name", "Version", "GUID") if not isinstance(m.get(k), str)]
    if not GUID.match(str(m.get("GUID"))):
        out.append("GUID")
    return out


def test_the_checker_catches_what_the_schema_forbids():
    good = {k: "" for k in REQUIRED} | {
        "Type": "Card",
        "CollisionType": "Regular",
        "SurfaceType": "Cardboard",
        "Model": "Rounded",
        "GUID": "0" * 32,
        "BackIndex": -2,
        "HiddenIndex": -1,
        "Indices": [0, 0, 1],
        "CardNames": {"0": "a", "1": "b"},
        "CardMetadata": {},
        "CardTags": {},
        "Tags": [],
        "Models": [],
    }
    assert card_template_problems(good) == []
    for bad in (
        {"NumHorizontal": 129},
        {"Width": 0.05},
        {"BackIndex": -4},
        {"Indices": []},
        {"Indices": [-1]},
        {"Model": "Oval"},
        {"GUID": "abc"},
        {"CardNames": {"x": "a"}},
        {"SurfaceType": "Paper"},
    ):
        assert card_template_problems(good | bad), bad
    assert card_template_problems({k: v for k, v in good.items() if k != "Indices"})


# ---------------------------------------------------------------- the shipped games


@pytest.fixture(scope="module")
def packages(tmp_path_factory) -> dict[str, tuple[Any, Path, list]]:
    """Every shipped game's package, built once at a low resolution: game -> (catalog,
    package folder, findings)."""
    out = tmp_path_factory.mktemp("ttpg")
    cats, issues = load_games(ROOT, GAMES)
    assert not issues.errors
    built = {}
    for cat in cats:
        result = build_ttpg(job_of(cat, BuildOptions(out=out, dpi=40)))
        built[cat.id] = (cat, out / cat.id / "ttpg", result.findings)
    return built


def all_templates(folder: Path) -> list[dict[str, Any]]:
    return [
        json.loads(p.read_text(encoding="utf-8"))
        for p in sorted((folder / "Templates").glob("*.json"))
    ]


def templates(folder: Path) -> list[dict[str, Any]]:
    """The card templates."""
    return [t for t in all_templates(folder) if t["Type"] == "Card"]


def dice(folder: Path) -> list[dict[str, Any]]:
    return [t for t in all_templates(folder) if t["Type"] == "Dice"]


@pytest.mark.parametrize("game", GAMES)
def test_every_template_and_the_manifest_validate(packages, game):
    _, folder, _ = packages[game]
    found = all_templates(folder)
    assert found and {t["Type"] for t in found} <= {"Card", "Dice"}
    for t in found:
        check = card_template_problems if t["Type"] == "Card" else dice_template_problems
        assert check(t) == [], t["Name"]
        for m in t.get("Models", []):  # a die's mesh and texture are in the package
            assert (folder / "Models" / m["Model"]).is_file()
            assert (folder / "Textures" / m["Texture"]).is_file()
    manifest = json.loads((folder / "Manifest.json").read_text(encoding="utf-8"))
    assert manifest_problems(manifest) == []
    guids = [t["GUID"] for t in found] + [manifest["GUID"]]
    assert len(set(guids)) == len(guids)  # no two templates share a GUID
    assert (folder / "Thumbnail.png").is_file()
    assert Image.open(folder / "Thumbnail.png").size == (640, 360)  # 16:9


@pytest.mark.parametrize("game", GAMES)
def test_every_piece_is_there_in_its_full_count(packages, game):
    """Summed over the card templates, each component's atlas index appears in `Indices`
    once per copy; a die's template says its copies in its metadata."""
    cat, folder, findings = packages[game]
    counted: Counter[str] = Counter()
    for t in templates(folder):
        for i in t["Indices"]:
            counted[t["CardMetadata"][str(i)]] += 1
    for t in dice(folder):
        meta = json.loads(t["Metadata"])
        counted[meta["id"]] += meta["copies"]
    job = job_of(cat)
    want = {
        c.id: c.count
        for c in cat.components
        if job.faces.face(job.faces.records.of(c), "front") is not None
    }
    assert dict(counted) == want
    assert findings == []


@pytest.mark.parametrize("game", GAMES)
def test_sizes_are_the_trim_sizes_in_centimetres(packages, game):
    cat, folder, _ = packages[game]
    by_id = {c.id: c for c in cat.components}
    for t in templates(folder):
        for comp_id in t["CardMetadata"].values():
            w, h = parse_size(by_id[comp_id].size)  # a pawn: its panel
            assert t["Width"] == pytest.approx(w / MM / 10, abs=1e-3), comp_id
            assert t["Height"] == pytest.approx(h / MM / 10, abs=1e-3), comp_id
    for t in dice(folder):  # a cube one unit a side, scaled to the die's side
        w, h = parse_size(by_id[json.loads(t["Metadata"])["id"]].size)
        (m,) = t["Models"]
        assert m["Scale"] == {"X": w / MM / 10, "Y": w / MM / 10, "Z": h / MM / 10}


@pytest.mark.parametrize("game", GAMES)
def test_textures_fill_the_grid_within_the_limit(packages, game):
    """Each front texture is NumHorizontal x NumVertical cells of the card's proportions,
    at most MAX_SIDE pixels a side; a back sheet has the front's size, a shared back one
    cell's; every atlas index lies inside the grid; every texture named exists."""
    _, folder, _ = packages[game]
    for t in templates(folder):
        front = Image.open(folder / "Textures" / t["FrontTexture"])
        back = Image.open(folder / "Textures" / t["BackTexture"])
        assert max(front.size) <= MAX_SIDE and max(back.size) <= MAX_SIDE
        cols, rows = t["NumHorizontal"], t["NumVertical"]
        assert front.width % cols == 0 and front.height % rows == 0
        cell = (front.width // cols, front.height // rows)
        assert cell[0] / cell[1] == pytest.approx(t["Width"] / t["Height"], rel=0.02)
        assert max(t["Indices"]) < cols * rows
        if t["BackIndex"] == -2:  # one picture is every card's back
            assert back.size == cell
        else:
            assert t["BackIndex"] == -3 and back.size == front.size
        if t["Model"] in ("Round", "Hexagonal"):  # shaped pieces: clear outside the outline
            assert front.mode == "RGBA" and front.getpixel((0, 0))[3] == 0


def test_tiles_and_tokens_are_hexagonal_and_round_cards(packages):
    _, folder, _ = packages["alpha-omega-tiles"]
    models = {t["Tags"][1]: t["Model"] for t in templates(folder)}
    assert models["elements"] == "Hexagonal" and models["markers"] == "Round"
    assert models["quickref"] == "Rounded" and models["pawns"] == "Square"


def test_dice_name_their_faces(packages):
    _, folder, _ = packages["atmosfear"]
    ruling = next(t for t in dice(folder) if t["Name"] == "Ruling Die")
    assert [f["Name"] for f in ruling["Faces"]][:2] == ["[red] Red", "[blue] Blue"]
    directions = [(f["X"], f["Y"], f["Z"]) for f in ruling["Faces"]]
    assert len(set(directions)) == 6
    for k in range(3):  # opposite faces: 1 and 6, 2 and 5, 3 and 4
        a, b = directions[k], directions[5 - k]
        assert all(x == -y for x, y in zip(a, b))


@pytest.mark.parametrize("game", GAMES)
def test_the_state_sets_out_every_template(packages, game):
    """The saved state (shape from public packages, no published schema): one stack per
    card template holding all of its indices, decks face down, the package required."""
    _, folder, _ = packages[game]
    state = json.loads((folder / "States" / f"{game}.vts").read_text(encoding="utf-8"))
    manifest = json.loads((folder / "Manifest.json").read_text(encoding="utf-8"))
    assert state["requiredPackages"][0]["guid"] == manifest["GUID"]
    by_guid = {t["GUID"]: t for t in templates(folder)}
    assert sorted(o["templateId"] for o in state["objects"]) == sorted(by_guid)
    for o in state["objects"]:
        t = by_guid[o["templateId"]]
        stack = [o["atlasIndex"]] + [s["index"] for s in o["stackSerialization"]]
        assert stack == t["Indices"]
        assert {s["templateId"] for s in o["stackSerialization"]} <= {t["GUID"]}
        face_down = o["transform"]["rotation"]["x"] == 1.0
        assert face_down == t["HiddenInHand"]
