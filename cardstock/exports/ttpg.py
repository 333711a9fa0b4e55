"""The `ttpg` stage: a game as a Tabletop Playground package.

`<out>/<game>/ttpg/` is a package folder as Tabletop Playground keeps one in its package
directory, so copying it there installs the game:

- `Manifest.json`: the package's name, version and GUID;
- `Templates/<game>-<set>.json`: a card template per deck (`<game>-<set>-<n>.json` when a
  deck needs more than one texture), whose `Indices` hold every card in its full count;
  tiles, tokens and boards are card templates too, with the model their shape asks for
  (`Hexagonal`, `Round`, `Rounded` for cards, `Square` for the rest); a pawn printed as a
  folding standee is a card of its two panels, front and back;
- `Templates/<game>-die-<id>.json`, `Models/<game>-die-d6.obj`: a six-sided die as a Dice
  template of a cube mesh (`cardstock.exports.ttpg_pieces`);
- `Textures/<game>-<set>[-<n>]-front.png`: the fronts in a grid of `NumHorizontal` ×
  `NumVertical` cells; `-back.png`: the backs in the same grid when the cards have backs
  of their own, or the one back every card of the deck shares (`<game>-<set>-back.png`);
- `States/<game>.vts`: a saved state with every card template set out on the table as a
  stack, decks face down;
- `Thumbnail.png`: a 16:9 picture of the first face of each set.

**Sizes.** A template's `Width` and `Height` are the trim size in centimetres; landscape
cards are simply wider than tall (Tabletop Playground picks the wide rounded outline for
them). **Textures** stay within `MAX_SIDE` pixels a side: cards are drawn at `--dpi` or
less; a deck whose faces would fall below `MIN_DPI` on one texture is split over several
templates, each a texture of its own. Faces are drawn without bleed.

**GUIDs** are derived from the game's id and the set's id (`guid`), so a build gives the
same bytes every time and a rebuilt package replaces its templates instead of adding new
ones (`docs/tabletop-playground.md`).
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..catalog.load import Catalog
from ..core.issues import Issue
from ..core.names import NAME_MAX, child, plain_name
from ..core.output import artifact, refuse_links, remove_stale
from ..core.stage import BuildOptions, Job, StageResult
from ..core.units import POINTS_PER, parse_length
from ..layout.art.shapes import shape_of
from ..layout.ops import Face
from ..render.png import INCH, faces_pdf, png_bytes, rasterise, transparent
from .ttpg_pieces import dice_templates, panels
from .tts import part_of, unnamed

MAX_SIDE = 4096  # pixels: the longest texture side written
MIN_DPI = 150.0  # below this a deck's faces go on more than one texture
MAX_GRID = 128  # cells along a texture's side (the template schema's NumHorizontal maximum)
CM = POINTS_PER["mm"] * 10  # points per centimetre
TILE_THICKNESS_CM = 0.2  # a cardboard tile, token or board
ROUNDED_KINDS = ("card", "reference")  # rectangular pieces with rounded corners
IN_HAND_KINDS = ("card", "reference")  # pieces held in a hand, hidden from the others
# the card model of each piece shape (a rectangle: Rounded or Square, by its kind)
MODELS = {"hex": "Hexagonal", "circle": "Round"}
TEMPLATES, TEXTURES, STATES = "Templates", "Textures", "States"
THUMBNAIL = (640, 360)  # pixels, 16:9
# The thickest card a template is given (`[print] card_thickness`): ten times the thickest
# card stock print shops sell (about 0.5 mm); a thicker "card" is a typo, and the number
# is written into every card template as it is
MOST_THICKNESS_MM = 5.0
# what a pile adds to its set's id in its files' names: a second size or shape, a part
_PILE = re.compile(r"(?:-size[0-9]+)?(?:-[0-9]+)?")
Write = Callable[[str, bytes, str], None]  # (path below the package, bytes, manifest kind)


def guid(*parts: str) -> str:
    """A stable 32-hex-digit GUID, as Tabletop Playground writes them (upper case)."""
    return hashlib.sha256("/".join(("ttpg", *parts)).encode()).hexdigest()[:32].upper()


def cm(points: float) -> float:
    return round(points / CM, 4)


def model(face: Face, kind: str) -> str:
    """The template's `Model`: the card outline Tabletop Playground draws the piece with."""
    if face.shape in MODELS:
        return MODELS[face.shape]
    return "Rounded" if kind in ROUNDED_KINDS else "Square"


@dataclass(frozen=True)
class Grid:
    """One texture: its cells (columns × rows), a cell's pixel size and the resolution
    the faces are drawn at."""

    columns: int
    rows: int
    cell: tuple[int, int]
    dpi: float


def grids(n: int, face: Face, dpi: int) -> list[tuple[int, Grid]]:
    """How n faces the size of `face` go onto textures: (faces on it, its grid) for each,
    as few textures as keep the faces at MIN_DPI (or `dpi`, when lower) within MAX_SIDE."""
    w_in, h_in = face.width / INCH, face.height / INCH
    floor_dpi = min(float(dpi), MIN_DPI)
    max_cols = max(1, min(MAX_GRID, math.floor(MAX_SIDE / (w_in * floor_dpi))))
    max_rows = max(1, min(MAX_GRID, math.floor(MAX_SIDE / (h_in * floor_dpi))))
    textures = math.ceil(n / (max_cols * max_rows))
    per = math.ceil(n / textures)
    out = []
    for start in range(0, n, per):
        m = min(per, n - start)
        # the grid whose longer side is shortest (the sharpest faces), then the fewest cells
        columns, rows = min(
            ((c, math.ceil(m / c)) for c in range(1, max_cols + 1) if math.ceil(m / c) <= max_rows),
            key=lambda g: (max(g[0] * w_in, g[1] * h_in), g[0] * g[1]),
        )
        eff = min(float(dpi), MAX_SIDE / (columns * w_in), MAX_SIDE / (rows * h_in))
        cell = (max(1, math.floor(w_in * eff)), max(1, math.floor(h_in * eff)))
        out.append((m, Grid(columns, rows, cell, eff)))
    return out


def _images(faces: list[Face], grid: Grid) -> list[Any]:
    pdf = faces_pdf(faces, title="ttpg")
    return list(rasterise(pdf, grid.dpi, [grid.cell] * len(faces), [transparent(f) for f in faces]))


def sheet(faces: list[Face], grid: Grid) -> bytes:
    """The faces drawn into the grid's cells, row by row from the top left (transparent
    outside a shaped piece's outline and in the empty cells)."""
    from PIL import Image

    images = _images(faces, grid)
    w, h = grid.cell
    alpha = any(i.mode == "RGBA" for i in images)
    texture = Image.new(
        "RGBA" if alpha else "RGB",
        (grid.columns * w, grid.rows * h),
        (255, 255, 255, 0) if alpha else (255, 255, 255),
    )
    for i, image in enumerate(images):
        texture.paste(image, ((i % grid.columns) * w, (i // grid.columns) * h))
    return png_bytes(texture, grid.dpi)


def single(face: Face, grid: Grid) -> bytes:
    """One face as a texture of its own, a cell's size."""
    (image,) = _images([face], grid)
    return png_bytes(image, grid.dpi)


@dataclass
class Pile:
    """The pieces of one set that share a size and shape: one or more card templates."""

    set_id: str
    name: str
    kind: str
    comps: list[Any]
    fronts: list[Face]
    backs: list[Face | None]
    suffix: str = ""  # in its file names: a set's second size or shape onwards


def piles(catalog: Catalog, job: Job) -> tuple[list[Pile], list[tuple[Any, Face]]]:
    """Each set's flat pieces grouped by face size and shape (in catalog order; a standee
    by its two panels), and the dice with their nets."""
    out: list[Pile] = []
    dice: list[tuple[Any, Face]] = []
    for s in catalog.game.sets:
        groups: dict[tuple[float, float, str], Pile] = {}
        for c in (c for c in catalog.components if c.set == s.id):
            record = job.faces.records.of(c)
            front = job.faces.face(record, "front", bleed=False)
            if front is None:
                continue
            shape = shape_of(front.shape)
            if shape.die_net:
                dice.append((c, front))
                continue
            back: Face | None
            if shape.standee:
                front, back = panels(front)
            else:
                back = job.faces.face(record, "back", bleed=False)
            key = (front.width, front.height, front.shape)
            suffix = f"-size{len(groups) + 1}" if groups and key not in groups else ""
            pile = groups.setdefault(key, Pile(s.id, s.name, s.kind, [], [], [], suffix))
            pile.comps.append(c)
            pile.fronts.append(front)
            pile.backs.append(back)
        out += groups.values()
    return out, dice


def thickness(catalog: Catalog, kind: str) -> float:
    """A piece's thickness in centimetres: a card's from `[print] card_thickness`, a
    cardboard piece's TILE_THICKNESS_CM."""
    if kind in IN_HAND_KINDS:
        return max(0.01, cm(parse_length(catalog.game.print.card_thickness)))
    return TILE_THICKNESS_CM


def check_inputs(catalogs: list[Catalog], options: BuildOptions) -> list[Issue]:
    """What each game holds that the package cannot be made of (`input_problems`)."""
    return [issue for catalog in catalogs for issue in input_problems(catalog)]


def input_problems(catalog: Catalog) -> list[Issue]:
    """A located problem for each thing of the game the package cannot hold, found from
    the catalog alone before anything is written: a set's or a die's id whose longest
    file name (`<game>-<set>-size<k>-<n>-front.png`, `<game>-die-<id>.json`) is no plain
    name of at most `core.names.NAME_MAX` bytes; a set named as another set's pile or
    part (`cards-2`, `cards-size2` beside `cards`) or as a die's template (`die-d6`
    beside a die `d6`), whose template would overwrite the other's; and a card thickness
    above `MOST_THICKNESS_MM`."""
    shown = catalog.display(catalog.folder / "game.toml")
    ids = {s.id for s in catalog.game.sets}
    counts = Counter(c.set for c in catalog.components)
    found = []
    for i, s in enumerate(catalog.game.sets):
        n = counts[s.id]
        longest = f"{catalog.id}-{s.id}-size{n}-{n}-front.png"
        wrong = plain_name(longest, NAME_MAX)
        wrong = wrong and unnamed(longest, wrong)
        head = part_of(s.id, ids, _PILE)
        if head is not None:
            wrong = (
                f"the package names the templates of the set {head!r} "
                f"'{catalog.id}-{head}-<n>' and '{catalog.id}-{head}-size<k>' when they are "
                "several, so this set's would overwrite one; give the set another id"
            )
        if wrong is not None:
            found.append(Issue(shown, catalog.line("sets", i, "id"), f"sets[{i}].id", wrong))
    for c in catalog.components:
        if c.kind != "die":
            continue
        name = f"{catalog.id}-die-{c.id}.json"
        wrong = plain_name(name, NAME_MAX)
        wrong = wrong and unnamed(name, wrong)
        if f"die-{c.id}" in ids or part_of(f"die-{c.id}", ids, _PILE) is not None:
            wrong = (
                f"the package names this die's template '{name}', the name of a set's "
                "template (a set whose id is 'die-' and this die's id); give one another id"
            )
        if wrong is not None:
            found.append(Issue(c.file, c.line, "id", wrong))
    thick = parse_length(catalog.game.print.card_thickness) / POINTS_PER["mm"]
    if thick > MOST_THICKNESS_MM:
        found.append(
            Issue(
                shown,
                catalog.line("print", "card_thickness"),
                "print.card_thickness",
                f"a card of the package is at most {MOST_THICKNESS_MM:g}mm thick, "
                f"got {catalog.game.print.card_thickness!r}",
            )
        )
    return found


def build_ttpg(job: Job) -> StageResult:
    job = job.printing()  # a continued card's parts too (`layout.text.continued`)
    catalog, options = job.catalog, job.build
    result = StageResult()
    folder = options.out / catalog.id / "ttpg"
    written: set[str] = set()

    def write(rel: str, data: bytes, kind: str) -> None:
        where, _, name = rel.rpartition("/")  # `where`: the package's folder, never input
        path = child(folder / where, name)
        result.artifacts.append(artifact(catalog.id, kind, path, data))
        written.add(path.relative_to(folder).as_posix())

    def write_json(rel: str, data: Any) -> None:
        write(rel, _json(data), "ttpg-json")

    def draw(
        faces: list[Face], columns: int, rows: int, cell: tuple[int, int], dpi: float
    ) -> bytes:
        return sheet(faces, Grid(columns, rows, cell, dpi))

    package = guid(catalog.id, "package")
    found, dice = piles(catalog, job)
    # the folders written whatever is drawn, looked at before any texture is drawn
    drawn = [folder / TEMPLATES, folder / TEXTURES] if found or dice else []
    refuse_links([folder / STATES, *drawn, *([folder / "Models"] if dice else [])])
    templates: list[dict[str, Any]] = []
    for pile in found:
        templates += _templates(catalog, pile, options.dpi, write)
    dice_templates(catalog, dice, options.dpi, write, write_json, draw, guid)
    manifest = {"Name": catalog.game.title, "Version": catalog.game.version, "GUID": package}
    write("Manifest.json", _json(manifest), "ttpg-manifest")
    write(f"{STATES}/{catalog.id}.vts", _json(state(catalog, package, templates)), "ttpg-json")
    write("Thumbnail.png", thumbnail([p.fronts[0] for p in found]), "ttpg-image")
    remove_stale(folder, written, ("*.png", "*.json", "*.vts", "*.obj"), deep=True)
    return result


def _json(data: Any) -> bytes:
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def _templates(catalog: Catalog, pile: Pile, dpi: int, write: Write) -> list[dict[str, Any]]:
    """The card templates of one pile, their textures written."""
    base = f"{catalog.id}-{pile.set_id}{pile.suffix}"
    real_backs = [b for b in pile.backs if b is not None]
    shared = (
        pile.kind != "reference"
        and len(real_backs) == len(pile.backs)
        and len({b.key for b in real_backs}) == 1
    )
    plan = grids(len(pile.comps), pile.fronts[0], dpi)
    shared_back = ""
    if shared:
        shared_back = f"{TEXTURES}/{base}-back.png"
        write(shared_back, single(real_backs[0], plan[0][1]), "ttpg-image")
    out = []
    start = 0
    for n, (count, grid) in enumerate(plan, start=1):
        name = base if len(plan) == 1 else f"{base}-{n}"
        comps = pile.comps[start : start + count]
        fronts = pile.fronts[start : start + count]
        front_tex = f"{TEXTURES}/{name}-front.png"
        write(front_tex, sheet(fronts, grid), "ttpg-image")
        if shared:
            back_tex, back_index = shared_back, -2
        elif real_backs:
            back_tex, back_index = f"{TEXTURES}/{name}-back.png", -3
            backs = [b or f for b, f in zip(pile.backs[start : start + count], fronts)]
            write(back_tex, sheet(backs, grid), "ttpg-image")
        else:  # single-sided pieces show their front on both sides
            back_tex, back_index = front_tex, -3
        template = card_template(
            catalog, pile, comps, grid, name, n if len(plan) > 1 else None, front_tex, back_tex
        )
        template["BackIndex"] = back_index
        template["HiddenIndex"] = -3 if shared else -1
        write(f"{TEMPLATES}/{name}.json", _json(template), "ttpg-json")
        out.append(template)
        start += count
    return out


def card_template(
    catalog: Catalog,
    pile: Pile,
    comps: list[Any],
    grid: Grid,
    name: str,
    part: int | None,
    front: str,
    back: str,
) -> dict[str, Any]:
    """A card template of these pieces (one atlas index each; `Indices` repeats an index
    once per copy), textures named by their paths below `Textures/`."""
    face = pile.fronts[0]
    held = pile.kind in IN_HAND_KINDS
    return {
        "Type": "Card",
        "GUID": guid(catalog.id, name),
        "Name": pile.name if part is None else f"{pile.name} ({part})",
        "Metadata": "",
        "CollisionType": "Regular",
        "Friction": 0.7,
        "Restitution": 0.0,
        "Density": 0.5,
        "SurfaceType": "Cardboard",
        "Roughness": 1.0,
        "Metallic": 0.0,
        "Flippable": True,
        "AutoStraighten": False,
        "ShouldSnap": True,
        "ScriptName": "",
        "Blueprint": "",
        "Models": [],
        "Collision": [],
        "Lights": [],
        "SnapPointsGlobal": False,
        "SnapPoints": [],
        "ZoomViewDirection": {"X": 0.0, "Y": 0.0, "Z": 0.0},
        "Tags": [catalog.id, pile.set_id],
        "FrontTexture": front.removeprefix(f"{TEXTURES}/"),
        "BackTexture": back.removeprefix(f"{TEXTURES}/"),
        "HiddenTexture": "",
        "BackIndex": -2,
        "HiddenIndex": -1,
        "NumHorizontal": grid.columns,
        "NumVertical": grid.rows,
        "Width": cm(face.width),
        "Height": cm(face.height),
        "Thickness": thickness(catalog, pile.kind),
        "HiddenInHand": held,
        "UsedWithCardHolders": held,
        "CanStack": True,
        "UsePrimaryColorForSide": False,
        "FrontTextureOverrideExposed": False,
        "AllowFlippedInStack": False,
        "MirrorBack": True,
        "EmissiveFront": False,
        "Model": model(face, pile.kind),
        "Indices": [i for i, c in enumerate(comps) for _ in range(c.count)],
        "CardNames": {str(i): c.name for i, c in enumerate(comps)},
        "CardMetadata": {str(i): c.id for i, c in enumerate(comps)},
        "CardTags": {},
    }


# ---------------------------------------------------------------- state and thumbnail

FACE_DOWN = {"x": 1.0, "y": 0.0, "z": 0.0, "w": 0.0}  # half a turn about the X axis
FACE_UP = {"x": 0.0, "y": 0.0, "z": 0.0, "w": 1.0}
STATE_COLUMNS = 6  # stacks in a row on the table
STATE_GAP_CM = 3.0


def state(catalog: Catalog, package: str, templates: list[dict[str, Any]]) -> dict[str, Any]:
    """A saved state with each template set out as one stack (decks face down, other
    pieces face up), in rows of STATE_COLUMNS, every copy in it."""
    objects = []
    step_x = max([t["Height"] for t in templates] or [0.0]) + STATE_GAP_CM
    step_y = max([t["Width"] for t in templates] or [0.0]) + STATE_GAP_CM
    for i, t in enumerate(templates):
        first, *rest = t["Indices"]
        row, col = divmod(i, STATE_COLUMNS)
        objects.append(
            {
                "objectType": "Card",
                "templateId": t["GUID"],
                "objectName": t["Name"],
                "uniqueId": guid(catalog.id, "state", str(i))[:8].lower(),
                "transform": {
                    "rotation": FACE_DOWN if t["HiddenInHand"] else FACE_UP,
                    "translation": {
                        "x": round(-row * step_x, 4),
                        "y": round((col - (STATE_COLUMNS - 1) / 2) * step_y, 4),
                        "z": 1.0,
                    },
                    "scale3D": {"x": 1.0, "y": 1.0, "z": 1.0},
                },
                "atlasIndex": first,
                "stackSerialization": [
                    {
                        "index": index,
                        "templateId": t["GUID"],
                        "frontTextureOverride": "",
                        "flipped": False,
                    }
                    for index in rest
                ],
            }
        )
    return {
        "saveStateVersion": "1.1",
        "gameState": {"notes": catalog.game.title},
        "requiredPackages": [{"name": catalog.game.title, "guid": package}],
        "objects": objects,
    }


def thumbnail(faces: list[Face]) -> bytes:
    """The package's 16:9 thumbnail: the first face of each set side by side, as large as
    fit, on a dark table."""
    from PIL import Image

    width, height = THUMBNAIL
    canvas = Image.new("RGB", (width, height), (40, 46, 54))
    shown = faces[:8]
    if not shown:
        return png_bytes(canvas, 72.0)
    margin = 16
    slot = (width - margin) / len(shown) - margin
    for i, face in enumerate(shown):
        scale = min(slot / face.width, (height - 2 * margin) / face.height)
        cell = (max(1, math.floor(face.width * scale)), max(1, math.floor(face.height * scale)))
        (image,) = _images([face], Grid(1, 1, cell, scale * INCH))
        x = round(margin + i * (slot + margin) + (slot - cell[0]) / 2)
        y = round((height - cell[1]) / 2)
        canvas.paste(image, (x, y), image if image.mode == "RGBA" else None)
    return png_bytes(canvas, 72.0)
