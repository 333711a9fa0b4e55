"""The pieces of a Tabletop Playground package that are not flat cards of their own face:
six-sided dice (die nets) as Dice templates, and the panels of folding standees.

A die is a template of TTPG's `Dice` type: the cube mesh the Tabletop Simulator export
writes (`Models/<game>-die-d6.obj`, one unit a side, scaled to the die's side in
centimetres) with the die's six faces in a 3 × 2 texture (`Textures/<game>-die-<id>.png`,
face k in cell ((k - 1) % 3, (k - 1) // 3) from the top left), and one face direction per
value, named after the face's text. A template is one die; its copies are in its
`Metadata` (`{"copies": n}`), to be taken from the object library that many times.

The mesh is written with Y up (as Wavefront files are); the face directions assume TTPG
reads it as Unreal does, Y and Z swapped (Z up), which only the game itself can confirm
(`docs/tabletop-playground.md`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

from ..catalog.load import Catalog
from ..core.markup import plain
from ..layout.ops import Face
from ..render.png import INCH
from .ttsmesh import die_faces, die_obj, standee_parts

# the direction (X, Y, Z) of each value's face from the die's centre, in TTPG's axes (Z up)
# for the mesh of `tts.die_obj` (Y up): 1 up, 6 down, 2 and 5, 3 and 4 opposite
FACE_DIRECTIONS = {
    1: (0.0, 0.0, 1.0),
    2: (0.0, 1.0, 0.0),
    3: (1.0, 0.0, 0.0),
    4: (-1.0, 0.0, 0.0),
    5: (0.0, -1.0, 0.0),
    6: (0.0, 0.0, -1.0),
}
DIE_COLUMNS, DIE_ROWS = 3, 2
MESH = "Models/{game}-die-d6.obj"
ZERO = {"X": 0.0, "Y": 0.0, "Z": 0.0}
Write = Callable[[str, bytes, str], None]  # (path below the package, bytes, manifest kind)
WriteJson = Callable[[str, Any], None]  # (path below the package, data) for a template
# (faces, columns, rows, a cell's pixel size, dpi) -> the PNG of a texture of those cells
Draw = Callable[[list[Face], int, int, tuple[int, int], float], bytes]


def panels(net: Face) -> tuple[Face, Face]:
    """A standee's front and back panels, each a face of the panel's size."""
    front, back, _, _ = standee_parts(net)
    return front, back


def face_names(comp: Any) -> list[str]:
    """The text of a die's six faces (markup removed, an icon as its name in brackets),
    its value where a face has none."""
    values = [str(v) for v in (comp.fields.get("faces") or [])][:6]
    names = [plain(v).strip() for v in values]
    names += [""] * (6 - len(names))
    return [name or str(k) for k, name in enumerate(names, start=1)]


def die_texture(net: Face, dpi: int, draw: Draw) -> bytes:
    """The die's six faces in a 3 × 2 texture, each `dpi` (at least 64 pixels) a side."""
    faces = die_faces(net)
    side = faces[0].width / INCH
    px = max(64, math.floor(side * dpi))
    return draw(faces, DIE_COLUMNS, DIE_ROWS, (px, px), px / side)


def dice_templates(
    catalog: Catalog,
    dice: list[tuple[Any, Face]],
    dpi: int,
    write: Write,
    write_json: WriteJson,
    draw: Draw,
    guid: Callable[..., str],
) -> list[dict[str, Any]]:
    """A Dice template per die (the mesh written once), its texture written."""
    if not dice:
        return []
    mesh = MESH.format(game=catalog.id)
    write(mesh, die_obj().encode("utf-8"), "ttpg-model")
    out = []
    for comp, net in dice:
        name = f"{catalog.id}-die-{comp.id}"
        texture = f"Textures/{name}.png"
        write(texture, die_texture(net, dpi, draw), "ttpg-image")
        side_cm = round(net.width / 3 / (INCH / 2.54), 4)
        template = {
            "Type": "Dice",
            "GUID": guid(catalog.id, name),
            "Name": comp.name,
            "Metadata": json.dumps({"id": comp.id, "copies": comp.count}),
            "CollisionType": "Regular",
            "Friction": 0.7,
            "Restitution": 0.3,
            "Density": 0.5,
            "SurfaceType": "Cardboard",
            "Roughness": 1.0,
            "Metallic": 0.0,
            "Flippable": False,
            "AutoStraighten": False,
            "ShouldSnap": False,
            "ScriptName": "",
            "Blueprint": "",
            "Models": [
                {
                    "Model": mesh.removeprefix("Models/"),
                    "Texture": texture.removeprefix("Textures/"),
                    "Offset": ZERO,
                    "Rotation": ZERO,
                    "Scale": {"X": side_cm, "Y": side_cm, "Z": side_cm},
                    "Roughness": 1.0,
                    "UseOverrides": True,
                    "IsTransparent": False,
                    "SurfaceType": "Cardboard",
                }
            ],
            "Collision": [],
            "Lights": [],
            "SnapPointsGlobal": False,
            "SnapPoints": [],
            "ZoomViewDirection": ZERO,
            "Tags": [catalog.id, comp.set],
            "Faces": [
                {"Name": label, "X": x, "Y": y, "Z": z}
                for label, (x, y, z) in zip(face_names(comp), FACE_DIRECTIONS.values())
            ],
        }
        write_json(f"Templates/{name}.json", template)
        out.append(template)
    return out
