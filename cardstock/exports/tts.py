"""The `tts` stage: a game as a Tabletop Simulator saved object.

Writes under `<out>/<game>/tts/`:

- `<deck>-<n>.png`: deck sheets, the deck's distinct faces in a grid of at most 10 columns
  × 7 rows, at most 69 faces a sheet: Tabletop Simulator shows the last cell of a sheet as
  the face of a card hidden in a player's hand, so that cell holds the deck's back;
- `<deck>-back.png` (one back for the deck) or `<deck>-<n>-back.png` (a sheet of backs, for
  cards that each have their own back: reference cards);
- `tiles/<id>-front.png`, `tiles/<id>-back.png`: tiles and tokens, on a transparent
  background outside their outline;
- `dice/<id>.png` and `dice/d6.obj`: a six-sided die's faces in a 3 × 2 texture and the cube
  that maps them (a custom model of the dice type), for each die whose faces the game has;
- `<game>.json`: the saved object: one bag named after the game, holding a deck per
  catalog deck (every card in its full count, in catalog order; nickname = the card's name,
  description = its text) and a bag per set of tiles or tokens (custom tiles: hexagonal,
  round or rectangular as the piece is) and a bag per set of dice.

Images are referred to by `file:///` URLs to the written files, or by `--tts-base-url` +
the file's path under `tts/` for images hosted on the web. Sheets stay within 4096 × 4096
pixels (cards are drawn at `--dpi` or less, whichever fits); faces on sheets are drawn
without bleed, as Tabletop Simulator shows the whole cell.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from typing import Any, Callable, Optional

from ..layout.ops import Face, Group, rect_path
from ..layout.shapes import shape_of
from ..catalog.load import Catalog
from ..core.markup import spans
from ..core.output import artifact, remove_stale
from ..core.stage import BuildOptions, Job, StageResult
from ..render.png import INCH, faces_pdf, png_bytes, rasterise, transparent

MAX_COLUMNS = 10
MAX_ROWS = 7
MAX_SIDE = 4096  # pixels: the largest sheet side kept (Tabletop Simulator's advice)
DECK_KINDS = ("card", "reference")  # kinds that become decks
Write = Callable[..., None]  # (path under tts/, bytes, kind=...) -> None
Url = Callable[[str], str]  # path under tts/ -> the address the save file uses
LayOut = Callable[..., Optional[Face]]  # (catalog, component, side, bleed=) -> the game's face


@dataclass(frozen=True)
class Sheet:
    """One deck sheet: the faces in its cells, its grid and the pixel size of a cell."""

    faces: tuple[Face, ...]
    columns: int
    rows: int
    cell: tuple[int, int]


def grid(n: int) -> tuple[int, int]:
    """Columns and rows for n faces plus the hidden-card cell (n ≤ 69)."""
    cells = n + 1
    columns = min(MAX_COLUMNS, max(2, cells))
    return columns, math.ceil(cells / columns)


def cell_size(face: Face, columns: int, rows: int, dpi: int) -> tuple[int, int, float]:
    """A cell's pixel size and the resolution it is drawn at: `dpi`, or less when the sheet
    would pass MAX_SIDE."""
    w_in, h_in = face.width / INCH, face.height / INCH
    eff = min(float(dpi), MAX_SIDE / (columns * w_in), MAX_SIDE / (rows * h_in))
    return math.floor(w_in * eff), math.floor(h_in * eff), eff


def render_cells(faces: list[Face], cell: tuple[int, int], dpi: float) -> list[Any]:
    pdf = faces_pdf(faces, title="tts")
    return list(rasterise(pdf, dpi, [cell] * len(faces), [transparent(f) for f in faces]))


def sheet_png(images: list[Any], columns: int, rows: int, cell: tuple[int, int], hidden: Optional[Any], dpi: float) -> bytes:
    from PIL import Image

    w, h = cell
    mode = "RGBA" if any(i.mode == "RGBA" for i in images) else "RGB"
    sheet = Image.new(mode, (columns * w, rows * h), (255, 255, 255, 0) if mode == "RGBA" else (255, 255, 255))
    for i, image in enumerate(images):
        sheet.paste(image, ((i % columns) * w, (i // columns) * h))
    if hidden is not None:
        last = columns * rows - 1
        sheet.paste(hidden, ((last % columns) * w, (last // columns) * h))
    return png_bytes(sheet, dpi)


def plain(text: str) -> str:
    """Card text without markup: icons as their names in brackets."""
    return "".join(s.text if s.icon is None else f"[{s.icon}]" for s in spans(text)).strip()


def description(catalog: Catalog, comp: Any) -> str:
    """A card's text fields (type text or line), markup removed, one per line."""
    specs = catalog.field_specs(comp.set)
    lines = []
    for name, spec in specs.items():
        value = comp.fields.get(name)
        if spec.type in ("text",) and isinstance(value, str) and value.strip():
            lines.append(plain(value))
    return "\n".join(lines)


def guid(*parts: Any) -> str:
    """A stable six-hex-digit object id (Tabletop Simulator's GUIDs are six hex digits)."""
    return hashlib.sha256("/".join(map(str, parts)).encode()).hexdigest()[:6]


def transform(x: float, z: float, y: float = 1.0, flip: bool = False) -> dict[str, float]:
    return {"posX": x, "posY": y, "posZ": z, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if flip else 0.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def build_tts(job: Job) -> StageResult:
    catalog, options = job.catalog, job.build
    faces = job.faces

    def lay_out(catalog: Catalog, component: Any, side: str, *, bleed: bool = True) -> Optional[Face]:
        return faces.face(component, side, bleed=bleed)

    result = StageResult()
    folder = options.out / catalog.id / "tts"
    written: set[str] = set()

    def url(rel: str) -> str:
        if options.tts_base_url:
            return options.tts_base_url.rstrip("/") + "/" + rel
        return (folder / rel).absolute().as_uri()

    def write(rel: str, data: bytes, kind: str = "tts-image") -> None:
        result.artifacts.append(artifact(catalog.id, kind, folder / rel, data))
        written.add(rel)

    objects: list[dict[str, Any]] = []
    next_deck = 1
    for s in catalog.game.sets:
        comps = [c for c in catalog.components if c.set == s.id]
        if not comps:
            continue
        if s.kind in DECK_KINDS:
            deck, next_deck = _deck(catalog, s, comps, options, next_deck, write, url, lay_out)
            objects.append(deck)
        elif s.kind in ("tile", "token"):
            objects.append(_tiles(catalog, s, comps, options, write, url, lay_out))
        else:
            dice = _dice(catalog, s, comps, options, write, url, lay_out)
            if dice is not None:
                objects.append(dice)
    for i, obj in enumerate(objects):
        obj["Transform"] = transform(4.0 * (i % 6), -6.0 * (i // 6), flip=obj["Name"] in ("Deck", "Card"))
    bag = {
        "GUID": guid(catalog.id, "bag"), "Name": "Bag", "Transform": transform(0.0, 0.0),
        "Nickname": catalog.game.title, "Description": catalog.game.description or "",
        "ColorDiffuse": {"r": 0.5, "g": 0.4, "b": 0.3}, "ContainedObjects": objects,
    }
    save = {"SaveName": catalog.game.title, "GameMode": "", "Date": "", "VersionNumber": "", "Table": "", "Sky": "",
            "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": [bag], "TabStates": {}}
    text = json.dumps(save, indent=2, ensure_ascii=False) + "\n"
    write(f"{catalog.id}.json", text.encode("utf-8"), kind="tts-json")
    remove_stale(folder, written, ("*.png", "*.obj"), deep=True)
    return result


def _deck(catalog: Catalog, s: Any, comps: list[Any], options: BuildOptions, first_id: int, write: Write, url: Url, lay_out: LayOut) -> tuple[dict[str, Any], int]:
    laid = [(c, lay_out(catalog, c, "front", bleed=False)) for c in comps]
    comps = [c for c, f in laid if f is not None]
    fronts = [f for _, f in laid if f is not None]
    backs = [lay_out(catalog, c, "back", bleed=False) for c in comps]
    unique_back = s.kind == "reference" or len({b.key for b in backs if b is not None}) > 1
    per_sheet = MAX_COLUMNS * MAX_ROWS - 1
    custom: dict[str, dict[str, Any]] = {}
    cards: list[dict[str, Any]] = []
    deck_id = first_id
    shared_back_rel = f"{s.id}-back.png"
    if not unique_back:
        back_face = next(b for b in backs if b is not None) if any(backs) else fronts[0]
        cols, rows = grid(min(per_sheet, len(comps)))
        w, h, eff = cell_size(back_face, cols, rows, options.dpi)
        (back_img,) = render_cells([back_face], (w, h), eff)
        write(shared_back_rel, png_bytes(back_img, eff))
    for start in range(0, len(comps), per_sheet):
        chunk = comps[start : start + per_sheet]
        faces = fronts[start : start + per_sheet]
        cols, rows = grid(len(chunk))
        w, h, eff = cell_size(faces[0], cols, rows, options.dpi)
        images = render_cells(faces, (w, h), eff)
        n = start // per_sheet + 1
        rel = f"{s.id}-{n}.png"
        if unique_back:
            back_images = render_cells([b or f for b, f in zip(backs[start : start + per_sheet], faces)], (w, h), eff)
            back_rel = f"{s.id}-{n}-back.png"
            write(back_rel, sheet_png(back_images, cols, rows, (w, h), back_images[0], eff))
            hidden = back_images[0]
        else:
            back_rel = shared_back_rel
            hidden = back_img
        write(rel, sheet_png(images, cols, rows, (w, h), hidden, eff))
        entry = {"FaceURL": url(rel), "BackURL": url(back_rel), "NumWidth": cols, "NumHeight": rows,
                 "BackIsHidden": True, "UniqueBack": unique_back, "Type": 0}
        custom[str(deck_id)] = entry
        for i, comp in enumerate(chunk):
            for copy in range(comp.count):
                cards.append({
                    "GUID": guid(catalog.id, comp.id, copy), "Name": "Card", "Transform": transform(0.0, 0.0, flip=True),
                    "Nickname": comp.name, "Description": description(catalog, comp),
                    "CardID": deck_id * 100 + i, "CustomDeck": {str(deck_id): entry},
                })
        deck_id += 1
    if len(cards) == 1:
        return cards[0], deck_id
    deck = {
        "GUID": guid(catalog.id, s.id), "Name": "Deck", "Nickname": s.name, "Description": s.description or "",
        "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": custom, "ContainedObjects": cards,
    }
    return deck, deck_id


def _tiles(catalog: Catalog, s: Any, comps: list[Any], options: BuildOptions, write: Write, url: Url, lay_out: LayOut) -> dict[str, Any]:
    """A bag of custom tiles, one per copy; front and back images with a transparent
    background outside the piece's outline."""
    faces: list[Face] = []
    rels: list[str] = []
    for c in comps:
        front = lay_out(catalog, c, "front", bleed=False)
        back = lay_out(catalog, c, "back", bleed=False)
        if front is None:
            continue
        faces.append(front)
        rels.append(f"tiles/{c.id}-front.png")
        if back is not None:
            faces.append(back)
            rels.append(f"tiles/{c.id}-back.png")
    sizes = [(round(f.width / INCH * options.dpi), round(f.height / INCH * options.dpi)) for f in faces]
    pdf = faces_pdf(faces, title="tts")
    for rel, image in zip(rels, rasterise(pdf, options.dpi, sizes, [transparent(f) for f in faces])):
        write(rel, png_bytes(image, options.dpi))
    contained = []
    at = {rel: i for i, rel in enumerate(rels)}  # linear in the tiles, however many
    for c in comps:
        front_rel = f"tiles/{c.id}-front.png"
        if front_rel not in at:
            continue
        back_rel = f"tiles/{c.id}-back.png" if f"tiles/{c.id}-back.png" in at else front_rel
        face = faces[at[front_rel]]
        for copy in range(c.count):
            contained.append({
                "GUID": guid(catalog.id, c.id, copy), "Name": "Custom_Tile", "Transform": transform(0.0, 0.0),
                "Nickname": c.name, "Description": description(catalog, c),
                "CustomImage": {"ImageURL": url(front_rel), "ImageSecondaryURL": url(back_rel), "ImageScalar": 1.0,
                                "WidthScale": 0.0,
                                "CustomTile": {"Type": shape_of(face.shape).tts_tile, "Thickness": 0.2, "Stackable": s.kind == "token", "Stretch": True}},
            })
    return {"GUID": guid(catalog.id, s.id), "Name": "Bag", "Nickname": s.name, "Description": s.description or "",
            "ColorDiffuse": {"r": 0.3, "g": 0.3, "b": 0.3}, "ContainedObjects": contained}


# ---------------------------------------------------------------- dice

# A six-sided die as a custom model of Tabletop Simulator's dice type (CustomMesh.TypeIndex
# 2): the mesh is a cube written here, so the texture layout is ours and certain: face k
# (1..6) in cell ((k - 1) % 3, (k - 1) // 3) of a 3 x 2 grid, read from the top left.
# Opposite faces add up to 7 as on a common die. Each side: (value, corners as seen from
# outside: bottom left, bottom right, top right, top left), unit cube centred on 0.
DIE_SIDES: tuple[tuple[int, tuple[tuple[float, float, float], ...]], ...] = (
    (1, ((-0.5, 0.5, 0.5), (0.5, 0.5, 0.5), (0.5, 0.5, -0.5), (-0.5, 0.5, -0.5))),      # +Y, up
    (2, ((-0.5, -0.5, 0.5), (0.5, -0.5, 0.5), (0.5, 0.5, 0.5), (-0.5, 0.5, 0.5))),      # +Z
    (3, ((0.5, -0.5, 0.5), (0.5, -0.5, -0.5), (0.5, 0.5, -0.5), (0.5, 0.5, 0.5))),      # +X
    (4, ((-0.5, -0.5, -0.5), (-0.5, -0.5, 0.5), (-0.5, 0.5, 0.5), (-0.5, 0.5, -0.5))),  # -X
    (5, ((0.5, -0.5, -0.5), (-0.5, -0.5, -0.5), (-0.5, 0.5, -0.5), (0.5, 0.5, -0.5))),  # -Z
    (6, ((-0.5, -0.5, -0.5), (0.5, -0.5, -0.5), (0.5, -0.5, 0.5), (-0.5, -0.5, 0.5))),  # -Y
)
# The turn (Euler degrees x, y, z) that brings each value's side up, for TTS's
# RotationValues (what a roll reports)
DIE_UP = {1: (0.0, 0.0, 0.0), 2: (270.0, 0.0, 0.0), 3: (0.0, 0.0, 90.0), 4: (0.0, 0.0, 270.0), 5: (90.0, 0.0, 0.0), 6: (180.0, 0.0, 0.0)}
DIE_COLUMNS, DIE_ROWS = 3, 2
UV_INSET = 0.002  # keeps texture filtering from sampling the next cell at a face's edge


def die_cell(value: int) -> tuple[int, int]:
    """The (column, row) of a value's face in the die texture, from the top left."""
    return (value - 1) % DIE_COLUMNS, (value - 1) // DIE_COLUMNS


def die_obj() -> str:
    """The cube mesh (Wavefront OBJ): one quad per side, each with its own texture cell."""
    lines = ["# a six-sided die: face k in cell ((k-1) % 3, (k-1) // 3) of a 3 x 2 texture", "o die"]
    for _, corners in DIE_SIDES:
        lines += [f"v {x:g} {y:g} {z:g}" for x, y, z in corners]
    for value, _ in DIE_SIDES:
        col, row = die_cell(value)
        u0, u1 = col / DIE_COLUMNS + UV_INSET, (col + 1) / DIE_COLUMNS - UV_INSET
        v0, v1 = 1 - (row + 1) / DIE_ROWS + UV_INSET, 1 - row / DIE_ROWS - UV_INSET  # OBJ's v runs up
        lines += [f"vt {u:.4f} {v:.4f}" for u, v in ((u0, v0), (u1, v0), (u1, v1), (u0, v1))]
    for i in range(len(DIE_SIDES)):
        a = 4 * i + 1
        lines.append("f " + " ".join(f"{a + k}/{a + k}" for k in range(4)))
    return "\n".join(lines) + "\n"


def die_faces(net: Face) -> list[Face]:
    """The six faces of a die net laid out by cardstock.layout.faces, in value order: the
    net's first six groups are its panels, each moved to its place on the net."""
    panels = [op for op in net.ops if isinstance(op, Group) and op.transform is not None][:6]
    side = net.width / 3
    square = rect_path(0.0, 0.0, side, side)
    return [Face.build(side, side, 0.0, "rect", (Group(p.ops, square),)) for p in panels]


def _dice(catalog: Catalog, s: Any, comps: list[Any], options: BuildOptions, write: Write, url: Url, lay_out: LayOut) -> Optional[dict[str, Any]]:
    """A bag of custom dice, one per copy, for the set's six-sided dice (die nets); None
    when the set has none."""
    made: list[tuple[Any, list[Face], list[str]]] = []
    for c in comps:
        net = lay_out(catalog, c, "front", bleed=False)
        values = [str(v) for v in (c.fields.get("faces") or [])]
        if net is None or not shape_of(net.shape).die_net or len(values) != 6:
            continue
        faces = die_faces(net)
        if len(faces) == 6:
            made.append((c, faces, values))
    if not made:
        return None
    write("dice/d6.obj", die_obj().encode("utf-8"), kind="tts-model")
    contained = []
    for c, faces, values in made:
        cell = max(64, round(faces[0].width / INCH * options.dpi))
        pdf = faces_pdf(faces, title="tts")
        images = list(rasterise(pdf, cell / (faces[0].width / INCH), [(cell, cell)] * 6, [False] * 6))
        from PIL import Image

        texture = Image.new("RGB", (DIE_COLUMNS * cell, DIE_ROWS * cell), (255, 255, 255))
        for value, image in enumerate(images, start=1):
            col, row = die_cell(value)
            texture.paste(image, (col * cell, row * cell))
        rel = f"dice/{c.id}.png"
        write(rel, png_bytes(texture, options.dpi))
        rolls = [{"Value": plain(values[v - 1]) or str(v), "Rotation": dict(zip("xyz", DIE_UP[v]))} for v in range(1, 7)]
        for copy in range(c.count):
            contained.append({
                "GUID": guid(catalog.id, c.id, copy), "Name": "Custom_Model", "Transform": transform(0.0, 0.0),
                "Nickname": c.name, "Description": description(catalog, c),
                "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0},
                "CustomMesh": {"MeshURL": url("dice/d6.obj"), "DiffuseURL": url(rel), "NormalURL": "", "ColliderURL": "",
                               "Convex": True, "MaterialIndex": 0, "TypeIndex": 2, "CastShadows": True},
                "RotationValues": rolls,
            })
    return {"GUID": guid(catalog.id, s.id), "Name": "Bag", "Nickname": s.name, "Description": s.description or "",
            "ColorDiffuse": {"r": 0.3, "g": 0.3, "b": 0.3}, "ContainedObjects": contained}
