"""Tabletop Simulator dice: each six-sided die of a game becomes a custom model of TTS's
dice type, with a cube mesh written by cardstock whose texture cells are known, so each
value's face lands on its own side; rolls report the face's text. Deck sheets hold the
faces trimmed (no bleed), as TTS shows the whole cell as the card."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from conftest import job_of, lay_out, load_games
from PIL import Image

from cardstock.core.stage import BuildOptions
from cardstock.exports.tts import build_tts
from cardstock.render.png import INCH

ROOT = Path(__file__).resolve().parents[2]


FOLDER: dict[str, Path] = {}  # the export's copy of Tabletop Simulator's data folder


def local(name: str) -> Path:
    """Where Tabletop Simulator finds a file the saved object names: in its Mods folder."""
    return FOLDER["tts"] / "Mods" / ("Models" if name.endswith(".obj") else "Images") / name


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    (cat,), issues = load_games(ROOT, ["atmosfear"])
    assert not issues.errors
    out = tmp_path_factory.mktemp("tts")
    build_tts(job_of(cat, BuildOptions(out=out, dpi=60)))
    FOLDER["tts"] = out / "atmosfear" / "tts"
    save = json.loads(
        (FOLDER["tts"] / "Saves" / "Saved Objects" / "atmosfear.json").read_text(encoding="utf-8")
    )
    return cat, save


def bag_of(save: dict, name: str) -> dict:
    (bag,) = save["ObjectStates"]
    (found,) = [o for o in bag["ContainedObjects"] if o.get("Nickname") == name]
    return found


def read_obj(path: Path):
    v, vt, faces = [], [], []
    for line in path.read_text(encoding="utf-8").splitlines():
        kind, *rest = line.split() or [""]
        if kind == "v":
            v.append(tuple(map(float, rest)))
        elif kind == "vt":
            vt.append(tuple(map(float, rest)))
        elif kind == "f":
            faces.append([tuple(int(i) - 1 for i in corner.split("/")) for corner in rest])
    return v, vt, faces


def turned(p, rot):
    """A point turned by Euler degrees (x, y, z), z first, then x, then y (Unity's order)."""
    x, y, z = p
    rx, ry, rz = (math.radians(a) for a in rot)
    x, y = x * math.cos(rz) - y * math.sin(rz), x * math.sin(rz) + y * math.cos(rz)
    y, z = y * math.cos(rx) - z * math.sin(rx), y * math.sin(rx) + z * math.cos(rx)
    x, z = x * math.cos(ry) + z * math.sin(ry), -x * math.sin(ry) + z * math.cos(ry)
    return x, y, z


def test_every_die_of_the_catalog_is_a_custom_die_in_its_count(built):
    cat, save = built
    dice = bag_of(save, "Dice")["ContainedObjects"]
    want = {c.name: c.count for c in cat.components if c.kind == "die"}
    assert {n: [d["Nickname"] for d in dice].count(n) for n in want} == want
    for die in dice:
        assert (
            die["Name"] == "Custom_Model" and die["CustomMesh"]["TypeIndex"] == 2
        )  # TTS's dice type
        assert (
            local(die["CustomMesh"]["MeshURL"]).is_file()
            and local(die["CustomMesh"]["DiffuseURL"]).is_file()
        )


def test_each_value_sits_on_its_own_side_of_the_cube_and_rolls_report_it(built):
    cat, save = built
    ruling = next(
        d for d in bag_of(save, "Dice")["ContainedObjects"] if d["Nickname"] == "Ruling Die"
    )
    v, vt, faces = read_obj(local(ruling["CustomMesh"]["MeshURL"]))
    assert len(v) == 24 and len(faces) == 6
    comp = next(c for c in cat.components if c.id == "ruling-die")
    assert [r["Value"] for r in ruling["RotationValues"]] == [
        "[red] Red",
        "[blue] Blue",
        "[green] Green",
        "[yellow] Yellow",
        "[purple] Purple",
        "[grey] Grey",
    ]
    assert len(comp.fields["faces"]) == 6
    normals = []
    for face in faces:
        (a, ta), (b, _), (_, _), (d, _) = face
        e1 = [v[b][i] - v[a][i] for i in range(3)]
        e2 = [v[d][i] - v[a][i] for i in range(3)]
        n = (
            e1[1] * e2[2] - e1[2] * e2[1],
            e1[2] * e2[0] - e1[0] * e2[2],
            e1[0] * e2[1] - e1[1] * e2[0],
        )
        centre = [sum(v[i][k] for i, _ in face) / 4 for k in range(3)]
        assert sum(n[k] * centre[k] for k in range(3)) > 0  # wound outward
        normals.append(n)
        u = sum(vt[t][0] for _, t in face) / 4
        w = sum(vt[t][1] for _, t in face) / 4
        normals[-1] = (n, (int(u * 3), int((1 - w) * 2)))  # the texture cell the side shows
    assert sorted(cell for _, cell in normals) == sorted((k % 3, k // 3) for k in range(6))
    for value, roll in enumerate(ruling["RotationValues"], start=1):
        n, cell = next((n, c) for n, c in normals if c == ((value - 1) % 3, (value - 1) // 3))
        r = roll["Rotation"]
        up = turned(n, (r["x"], r["y"], r["z"]))
        assert up[1] > 0 and abs(up[0]) < 1e-6 and abs(up[2]) < 1e-6, (
            value,
            up,
        )  # that side ends on top
    opposite = {}
    for n, cell in normals:
        opposite[tuple(round(x) for x in n)] = cell[0] + 3 * cell[1] + 1
    for n, value in opposite.items():
        assert value + opposite[tuple(-x for x in n)] == 7


def test_the_texture_holds_each_face_in_its_cell(built):
    cat, save = built
    ruling = next(
        d for d in bag_of(save, "Dice")["ContainedObjects"] if d["Nickname"] == "Ruling Die"
    )
    texture = Image.open(local(ruling["CustomMesh"]["DiffuseURL"])).convert("RGB")
    cell = texture.width // 3
    assert texture.size == (3 * cell, 2 * cell)

    def strongest(col: int, row: int) -> str:
        """Which of red, green, blue dominates the most saturated pixels of a cell."""
        box = texture.crop((col * cell, row * cell, (col + 1) * cell, (row + 1) * cell))
        counts = {"r": 0, "g": 0, "b": 0}
        raw = box.tobytes()
        for r, g, b in zip(raw[0::3], raw[1::3], raw[2::3]):
            if max(r, g, b) - min(r, g, b) > 50:
                counts["rgb"[[r, g, b].index(max(r, g, b))]] += 1
        return max(counts, key=lambda c: counts[c])

    assert strongest(0, 0) == "r"  # Red
    assert strongest(1, 0) == "b"  # Blue
    assert strongest(2, 0) == "g"  # Green


def test_deck_sheet_cells_hold_the_trimmed_face(built, tmp_path):
    """A cell is the card's trim size (no bleed): its pixel width is the trim width at the
    sheet's resolution, and the card's own background reaches its edge."""
    cat, save = built
    deck = bag_of(save, "Realm cards")
    entry = next(iter(deck["CustomDeck"].values()))
    sheet = Image.open(local(entry["FaceURL"]))
    cell_w, cell_h = sheet.width // entry["NumWidth"], sheet.height // entry["NumHeight"]
    first = next(c for c in cat.components if c.name == deck["ContainedObjects"][0]["Nickname"])
    face = lay_out(cat, first, "front", bleed=False)
    assert cell_w / cell_h == pytest.approx(face.width / face.height, abs=0.01)
    with_bleed = lay_out(cat, first, "front", bleed=True)
    assert with_bleed.bleed > 0 and face.bleed == 0
    assert cell_w == pytest.approx(face.width / INCH * 60, abs=1.01)
