"""The `tts` stage: a game as a Tabletop Simulator saved object.

`<out>/<game>/tts/` is laid out like Tabletop Simulator's own data folder, so that copying
its two folders into that folder installs the game on any computer:

- `Saves/Saved Objects/<game>.json`: the saved object: one bag named after the game,
  holding a deck per catalog deck (every card in its full count, in catalog order;
  nickname = the card's name, description = its text), a bag per set of tiles, tokens or
  boards (custom tiles: hexagonal, round or rectangular as the piece is), a bag per set of
  dice (custom models of the dice type) and a bag per set of pawns (standees, custom
  models of the figurine type);
- `Mods/Images/<game>-...png`: deck sheets (`<game>-deck-<set>-<n>.png`, a grid of at
  most 10 columns × 7 rows whose last cell holds the deck's back, as Tabletop Simulator
  shows that cell for a card hidden in a hand), deck backs (`<game>-deck-<set>-back.png`,
  or `<game>-deck-<set>-<n>-back.png` for cards with backs of their own), tile and token
  sides (`<game>-tile-<id>-front.png`, `-back.png`, transparent outside their outline),
  die and standee textures (`<game>-die-<id>.png`, `<game>-standee-<id>.png`);
- `Mods/Models/<game>-...obj`: the meshes of dice (`<game>-die-d6.obj`) and standees
  (`<game>-standee-mesh-<w>x<h>x<base>.obj`, in tenths of a millimetre).

**Addresses.** An image is named in the saved object by its file name alone, which
Tabletop Simulator looks up in its `Mods/Images` (and `Mods/Models`) folder; with
`--tts-base-url`, by that address followed by the file name, percent-encoded, for files
hosted on the web. No address names the computer the build ran on, so the folder can be
moved, zipped or copied to another computer, and the JSON's bytes do not depend on where
the build wrote it.

**Sizes.** Tabletop Simulator stores no physical size, only a scale per object; the
export derives every scale from the piece's trim size through one table (`AT_SCALE_1`:
what each kind of object measures at scale 1.0), so a 25 mm token and a 60 mm hex keep
their true ratio, and cards, tiles, dice and standees keep theirs. A landscape card is
Tabletop Simulator's sideways card (`SidewaysCard` on the deck and each card): a card
turned a quarter, its size at scale 1 the card's turned, its sheet cells landscape; a
portrait card is written as it always was, without the key (TTS's default is upright).

Sheets stay within 4096 × 4096 pixels (cards are drawn at `--dpi` or less, whichever
fits); faces on sheets are drawn without bleed, as Tabletop Simulator shows the whole cell.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections import Counter
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

from ..catalog.load import Catalog
from ..core import markup
from ..core.issues import Issue
from ..core.names import NAME_MAX, child, plain_name
from ..core.output import artifact, refuse_links, remove_stale
from ..core.stage import BuildOptions, Job, StageResult
from ..core.units import POINTS_PER
from ..layout.art.shapes import shape_of
from ..layout.faces import own_back
from ..layout.ops import Face
from ..render.png import INCH, faces_pdf, png_bytes, rasterise, transparent
from .ttsmesh import (
    DIE_COLUMNS,
    DIE_ROWS,
    DIE_UP,
    STANDEE_CELLS,
    die_faces,
    die_obj,
    standee_obj,
    standee_parts,
)

MAX_COLUMNS = 10
MAX_ROWS = 7
MAX_SIDE = 4096  # pixels: the largest sheet side kept (Tabletop Simulator's advice)
DECK_KINDS = ("card", "reference")  # kinds that become decks
IMAGES = "Mods/Images"  # where Tabletop Simulator looks up an image named by its file name
MODELS = "Mods/Models"  # ... and a mesh
SAVED = "Saves/Saved Objects"  # where it lists saved objects
Write = Callable[..., str]  # (file name, bytes, kind=...) -> the address the save file uses
LayOut = Callable[..., Face | None]  # (catalog, component, side, bleed=) -> the game's face

MM = POINTS_PER["mm"]  # points per millimetre
# What one object of each kind measures at scale 1.0, in millimetres: a card (Deck, Card)
# its width and height; a custom tile its height (its width follows its image, as
# `Stretch` is off); a custom model one unit of its mesh. Tabletop Simulator's own
# documents give only the unit ("about an inch"); the card and tile sizes are the ones
# its modders measure (a card at scale 1 is a poker card; a tile at scale 1 is about
# 1.32 units high). Every scale the export writes is a physical size divided by these, so
# correcting one number here corrects every piece of its kind.
AT_SCALE_1: dict[str, tuple[float, float]] = {
    "card": (63.5, 88.9),
    "tile": (33.5, 33.5),
    "model": (25.4, 25.4),
}
TILE_THICKNESS_MM = 2.0  # a cardboard tile or token


def mm(points: float) -> float:
    return points / MM


def sideways(face: Face) -> bool:
    """Whether a card is landscape (wider than tall): Tabletop Simulator's sideways card
    (`SidewaysCard`), a card turned a quarter, its sheet cells landscape."""
    return face.width > face.height


def card_scale(face: Face) -> tuple[float, float]:
    """(scaleX, scaleZ) of a card whose face is this one: its trim size over a card's, a
    sideways card's over a card's turned a quarter."""
    w, h = AT_SCALE_1["card"]
    if sideways(face):
        w, h = h, w
    return round(mm(face.width) / w, 4), round(mm(face.height) / h, 4)


def tile_scale(face: Face) -> float:
    """The uniform scale of a custom tile: its trim height over a tile's at scale 1."""
    return round(mm(face.height) / AT_SCALE_1["tile"][1], 4)


def model_scale(size_mm: float) -> float:
    """The uniform scale of a mesh one unit high that stands `size_mm` high."""
    return round(size_mm / AT_SCALE_1["model"][1], 4)


def base_address(base: str) -> str:
    """`--tts-base-url` percent-encoded (spaces and other characters a URL cannot hold in
    its path, non-ASCII letters as UTF-8, a non-ASCII host in IDNA), without a final /."""
    parts = urlsplit(base.strip())
    host = parts.hostname or ""
    try:
        host = host.encode("idna").decode("ascii")
    except UnicodeError:
        pass
    netloc = host
    if parts.port is not None:
        netloc += f":{parts.port}"
    if parts.username is not None:
        auth = quote(parts.username, safe="")
        if parts.password is not None:
            auth += ":" + quote(parts.password, safe="")
        netloc = auth + "@" + netloc
    path = quote(parts.path, safe="/%:@!$&'()*+,;=-._~")
    return urlunsplit((parts.scheme.lower(), netloc, path.rstrip("/"), "", ""))


def address(options: BuildOptions, name: str) -> str:
    """How the saved object names a file: its name (looked up in Tabletop Simulator's Mods
    folders) or the base URL followed by the encoded name."""
    if options.tts_base_url:
        return base_address(options.tts_base_url) + "/" + quote(name, safe="-._~")
    return name


def check_inputs(catalogs: list[Catalog], options: BuildOptions) -> list[Issue]:
    """The file names the export makes from each game's ids (`name_problems`), and
    `--tts-base-url`: an http or https address with a host."""
    found = [issue for catalog in catalogs for issue in name_problems(catalog)]
    return found + _base_url_problems(options)


_SHEET = re.compile(r"-[0-9]+")  # what a deck's sheet adds to its set's id in a file name


def part_of(name: str, heads: Collection[str], tail: re.Pattern[str]) -> str | None:
    """The name of `heads` that `name` is followed by `-` and what `tail` matches in
    full (`refs-1` is `refs` and `-1`: a file of the set `refs-1` would be named as one of
    a part of `refs`); None when there is none."""
    at = name.find("-")
    while at > 0:
        head = name[:at]
        if head in heads and tail.fullmatch(name[at:]):
            return head
        at = name.find("-", at + 1)
    return None


def name_problems(catalog: Catalog) -> list[Issue]:
    """A located problem for each id the export would make a file name of that cannot be
    one, found from the catalog alone before anything is written: a set's or a piece's
    id whose longest file name (`<game>-deck-<set>-<n>-back.png`,
    `<game>-tile-<id>-front.png`) is no plain name of at most `core.names.NAME_MAX` bytes,
    and a deck's set named as a sheet of another deck that may have backs of its own
    (`refs-1` beside the reference cards `refs`), whose shared back
    `<game>-deck-refs-1-back.png` is the file of the backs of `refs`'s first sheet."""
    shown = catalog.display(catalog.folder / "game.toml")
    counts = Counter(c.set for c in catalog.components)
    backs: dict[str, set[str | None]] = {}  # a deck's backs, None for one of a card's own
    for c in catalog.components:
        backs.setdefault(c.set, set()).add(None if own_back(catalog, c) else c.back)
    # the decks that may have backs of their own on each sheet (`deck-<set>-<n>-back.png`)
    decks = {
        s.id
        for s in catalog.game.sets
        if s.kind in DECK_KINDS and (len(backs.get(s.id, ())) > 1 or None in backs.get(s.id, ()))
    }
    found = []
    for i, s in enumerate(catalog.game.sets):
        if s.kind not in DECK_KINDS:
            continue
        line = catalog.line("sets", i, "id")
        longest = f"{catalog.id}-deck-{s.id}-{counts[s.id]}-back.png"
        wrong = plain_name(longest, NAME_MAX)
        if wrong is not None:
            found.append(Issue(shown, line, f"sets[{i}].id", unnamed(longest, wrong)))
        head = part_of(s.id, decks, _SHEET)
        if head is not None:
            found.append(
                Issue(
                    shown,
                    line,
                    f"sets[{i}].id",
                    f"the tts export names the files of the sheets of the deck {head!r} "
                    f"'{catalog.id}-deck-{head}-<n>…', so this deck's back would overwrite "
                    f"one of them ('{catalog.id}-deck-{s.id}-back.png'); give the set "
                    "another id",
                )
            )
    for c in catalog.components:
        longest = f"{catalog.id}-tile-{c.id}-front.png"
        wrong = plain_name(longest, NAME_MAX)
        if c.kind not in DECK_KINDS and wrong is not None:
            found.append(Issue(c.file, c.line, "id", unnamed(longest, wrong)))
    return found


def unnamed(name: str, wrong: str) -> str:
    """The message for an id the file `name` would be named after, which `wrong` keeps
    from being one (the name shortened to be read)."""
    shown = name if len(name) <= 60 else name[:40] + "…" + name[-16:]
    return f"the export would name a file {shown!r} after it: {wrong}; give it a shorter id"


def _base_url_problems(options: BuildOptions) -> list[Issue]:
    """`--tts-base-url` is an http or https address with a host, of a folder."""
    base = options.tts_base_url
    if base is None:
        return []
    parts = urlsplit(base.strip())
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return [
            Issue(
                "command line",
                None,
                "--tts-base-url",
                "expected an http:// or https:// address with a host, such as "
                f"https://example.org/my-game, got {base!r}",
            )
        ]
    if parts.query or parts.fragment:
        return [
            Issue(
                "command line",
                None,
                "--tts-base-url",
                f"expected the address of a folder, without ?query or #fragment, got {base!r}",
            )
        ]
    return []


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


def sheet_png(
    images: list[Any],
    columns: int,
    rows: int,
    cell: tuple[int, int],
    hidden: Any | None,
    dpi: float,
) -> bytes:
    from PIL import Image

    w, h = cell
    mode = "RGBA" if any(i.mode == "RGBA" for i in images) else "RGB"
    sheet = Image.new(
        mode, (columns * w, rows * h), (255, 255, 255, 0) if mode == "RGBA" else (255, 255, 255)
    )
    for i, image in enumerate(images):
        sheet.paste(image, ((i % columns) * w, (i // columns) * h))
    if hidden is not None:
        last = columns * rows - 1
        sheet.paste(hidden, ((last % columns) * w, (last // columns) * h))
    return png_bytes(sheet, dpi)


def plain(text: str) -> str:
    """Card text without markup: icons as their names in brackets."""
    return markup.plain(text).strip()


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


def transform(
    x: float,
    z: float,
    y: float = 1.0,
    flip: bool = False,
    scale: tuple[float, float, float] = (1.0, 1.0, 1.0),
) -> dict[str, float]:
    return {
        "posX": x,
        "posY": y,
        "posZ": z,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0 if flip else 0.0,
        "scaleX": scale[0],
        "scaleY": scale[1],
        "scaleZ": scale[2],
    }


def piece(face: Face) -> str:
    """What a piece becomes in Tabletop Simulator, by its face's shape: a die, a standee or
    a tile."""
    shape = shape_of(face.shape)
    if shape.die_net:
        return "die"
    if shape.standee:
        return "standee"
    return "tile"


def build_tts(job: Job) -> StageResult:
    job = job.printing()  # a continued card's parts too (`layout.text.continued`)
    catalog, options = job.catalog, job.build
    faces = job.faces

    def lay_out(catalog: Catalog, component: Any, side: str, *, bleed: bool = True) -> Face | None:
        return faces.face(faces.records.of(component), side, bleed=bleed)

    result = StageResult()
    folder = options.out / catalog.id / "tts"
    refuse_links([folder / SAVED])  # a linked folder of the saved object, before any image
    written: set[str] = set()

    def write(name: str, data: bytes, kind: str = "tts-image") -> str:
        path = child(folder / (MODELS if kind == "tts-model" else IMAGES), f"{catalog.id}-{name}")
        result.artifacts.append(artifact(catalog.id, kind, path, data))
        written.add(path.relative_to(folder).as_posix())
        return address(options, path.name)

    objects: list[dict[str, Any]] = []
    next_deck = 1
    for s in catalog.game.sets:
        comps = [c for c in catalog.components if c.set == s.id]
        if not comps:
            continue
        if s.kind in DECK_KINDS:
            deck, next_deck = _deck(catalog, s, comps, options, next_deck, write, lay_out)
            objects.append(deck)
            continue
        laid = [(c, lay_out(catalog, c, "front", bleed=False)) for c in comps]
        by_piece: dict[str, list[Any]] = {}
        for c, f in laid:
            if f is not None:
                by_piece.setdefault(piece(f), []).append(c)
        for kind, members in by_piece.items():
            make = {"die": _dice, "standee": _standees, "tile": _tiles}[kind]
            objects.append(make(catalog, s, members, options, write, lay_out))
    for i, obj in enumerate(objects):
        scale = obj.pop("_scale", (1.0, 1.0, 1.0))
        obj["Transform"] = transform(
            4.0 * (i % 6), -6.0 * (i // 6), flip=obj["Name"] in ("Deck", "Card"), scale=scale
        )
    bag = {
        "GUID": guid(catalog.id, "bag"),
        "Name": "Bag",
        "Transform": transform(0.0, 0.0),
        "Nickname": catalog.game.title,
        "Description": catalog.game.description or "",
        "ColorDiffuse": {"r": 0.5, "g": 0.4, "b": 0.3},
        "ContainedObjects": objects,
    }
    save = {
        "SaveName": catalog.game.title,
        "GameMode": "",
        "Date": "",
        "VersionNumber": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": [bag],
        "TabStates": {},
    }
    text = json.dumps(save, indent=2, ensure_ascii=False) + "\n"
    path = child(folder / SAVED, f"{catalog.id}.json")
    result.artifacts.append(artifact(catalog.id, "tts-json", path, text.encode("utf-8")))
    written.add(path.relative_to(folder).as_posix())
    remove_stale(folder, written, ("*.png", "*.obj", "*.json"), deep=True)
    return result


def _deck(
    catalog: Catalog,
    s: Any,
    comps: list[Any],
    options: BuildOptions,
    first_id: int,
    write: Write,
    lay_out: LayOut,
) -> tuple[dict[str, Any], int]:
    """One set's cards as a deck (a lone card when the set holds one copy of one card),
    its faces on sheets of at most MAX_COLUMNS × MAX_ROWS − 1 cards, each sheet a custom
    deck numbered from `first_id`. The backs are one shared picture, or a back sheet per
    face sheet for reference cards and for sets whose cards' backs differ. Returns the
    object and the next free custom deck number."""
    laid = [(c, lay_out(catalog, c, "front", bleed=False)) for c in comps]
    comps = [c for c, f in laid if f is not None]
    fronts = [f for _, f in laid if f is not None]
    backs = [lay_out(catalog, c, "back", bleed=False) for c in comps]
    unique_back = s.kind == "reference" or len({b.key for b in backs if b is not None}) > 1
    per_sheet = MAX_COLUMNS * MAX_ROWS - 1
    custom: dict[str, dict[str, Any]] = {}
    cards: list[dict[str, Any]] = []
    deck_id = first_id
    sx, sz = card_scale(fronts[0])
    turned = {"SidewaysCard": True} if sideways(fronts[0]) else {}
    shared = None
    if not unique_back:
        shared = _shared_back(s, fronts, backs, min(per_sheet, len(comps)), options, write)
    for start in range(0, len(comps), per_sheet):
        chunk = comps[start : start + per_sheet]
        sheet = slice(start, start + per_sheet)
        n = start // per_sheet + 1
        entry = _deck_sheet(s, n, fronts[sheet], backs[sheet], shared, options, write)
        custom[str(deck_id)] = entry
        cards += _deck_cards(catalog, chunk, deck_id, entry, (sx, 1.0, sz), turned)
        deck_id += 1
    if len(cards) == 1:
        card = dict(cards[0])
        card["_scale"] = (sx, 1.0, sz)
        return card, deck_id
    deck = {
        "GUID": guid(catalog.id, s.id),
        "Name": "Deck",
        "Nickname": s.name,
        "Description": s.description or "",
        **turned,
        "DeckIDs": [c["CardID"] for c in cards],
        "CustomDeck": custom,
        "ContainedObjects": cards,
        "_scale": (sx, 1.0, sz),
    }
    return deck, deck_id


def _shared_back(
    s: Any,
    fronts: list[Face],
    backs: list[Face | None],
    cells: int,
    options: BuildOptions,
    write: Write,
) -> tuple[str, Any]:
    """The one back picture every sheet of a set's deck shares (the first card's back,
    else its front), in a cell as large as a sheet of `cells` cards gives: its address
    and its image (a sheet's hidden card shows it)."""
    back_face = next(b for b in backs if b is not None) if any(backs) else fronts[0]
    cols, rows = grid(cells)
    w, h, eff = cell_size(back_face, cols, rows, options.dpi)
    (back_img,) = render_cells([back_face], (w, h), eff)
    return write(f"deck-{s.id}-back.png", png_bytes(back_img, eff)), back_img


def _deck_sheet(
    s: Any,
    n: int,
    faces: list[Face],
    backs: list[Face | None],
    shared: tuple[str, Any] | None,
    options: BuildOptions,
    write: Write,
) -> dict[str, Any]:
    """The `n`-th sheet of a set's deck written: its faces, and either the `shared` back
    (address, image) or a sheet of its cards' own backs (a card without a back shows its
    front). Returns the custom deck entry that names them."""
    cols, rows = grid(len(faces))
    w, h, eff = cell_size(faces[0], cols, rows, options.dpi)
    images = render_cells(faces, (w, h), eff)
    if shared is None:
        back_images = render_cells([b or f for b, f in zip(backs, faces)], (w, h), eff)
        back_url = write(
            f"deck-{s.id}-{n}-back.png",
            sheet_png(back_images, cols, rows, (w, h), back_images[0], eff),
        )
        hidden = back_images[0]
    else:
        back_url, hidden = shared
    face_url = write(f"deck-{s.id}-{n}.png", sheet_png(images, cols, rows, (w, h), hidden, eff))
    return {
        "FaceURL": face_url,
        "BackURL": back_url,
        "NumWidth": cols,
        "NumHeight": rows,
        "BackIsHidden": True,
        "UniqueBack": shared is None,
        "Type": 0,
    }


def _deck_cards(
    catalog: Catalog,
    chunk: list[Any],
    deck_id: int,
    entry: dict[str, Any],
    scale: tuple[float, float, float],
    turned: dict[str, bool],
) -> list[dict[str, Any]]:
    """The cards of one sheet, one per copy, each naming its place on the sheet (`CardID`,
    the custom deck's number times 100 plus its cell) and the sheet's entry; `turned`
    holds `SidewaysCard` for landscape cards (nothing for portrait ones, TTS's default)."""
    cards: list[dict[str, Any]] = []
    for i, comp in enumerate(chunk):
        for copy in range(comp.count):
            cards.append(
                {
                    "GUID": guid(catalog.id, comp.id, copy),
                    "Name": "Card",
                    "Transform": transform(0.0, 0.0, flip=True, scale=scale),
                    "Nickname": comp.name,
                    "Description": description(catalog, comp),
                    "CardID": deck_id * 100 + i,
                    **turned,
                    "CustomDeck": {str(deck_id): entry},
                }
            )
    return cards


def _bag(catalog: Catalog, s: Any, what: str, contained: list[dict[str, Any]]) -> dict[str, Any]:
    """A bag of one set's pieces of one kind (a set's tiles and its standees are two bags)."""
    return {
        "GUID": guid(catalog.id, s.id, what),
        "Name": "Bag",
        "Nickname": s.name,
        "Description": s.description or "",
        "ColorDiffuse": {"r": 0.3, "g": 0.3, "b": 0.3},
        "ContainedObjects": contained,
    }


def _tiles(
    catalog: Catalog, s: Any, comps: list[Any], options: BuildOptions, write: Write, lay_out: LayOut
) -> dict[str, Any]:
    """A bag of custom tiles, one per copy; front and back images with a transparent
    background outside the piece's outline; each tile scaled to its trim size."""
    faces: list[Face] = []
    names: list[str] = []
    for c in comps:
        front = lay_out(catalog, c, "front", bleed=False)
        back = lay_out(catalog, c, "back", bleed=False)
        if front is None:
            continue
        faces.append(front)
        names.append(f"tile-{c.id}-front.png")
        if back is not None:
            faces.append(back)
            names.append(f"tile-{c.id}-back.png")
    # a board or tile too large for MAX_SIDE pixels at --dpi brings its whole set down to
    # the resolution that fits (the pieces keep their size on the table: scale is from the trim)
    dpi = min([float(options.dpi), *(MAX_SIDE / (max(f.width, f.height) / INCH) for f in faces)])
    sizes = [
        (min(MAX_SIDE, round(f.width / INCH * dpi)), min(MAX_SIDE, round(f.height / INCH * dpi)))
        for f in faces
    ]
    pdf = faces_pdf(faces, title="tts")
    urls: dict[str, str] = {}
    for name, image in zip(names, rasterise(pdf, dpi, sizes, [transparent(f) for f in faces])):
        urls[name] = write(name, png_bytes(image, dpi))
    contained = []
    at = {name: i for i, name in enumerate(names)}  # linear in the tiles, however many
    for c in comps:
        front_name = f"tile-{c.id}-front.png"
        if front_name not in urls:
            continue
        back_name = f"tile-{c.id}-back.png" if f"tile-{c.id}-back.png" in urls else front_name
        face = faces[at[front_name]]
        k = tile_scale(face)
        for copy in range(c.count):
            contained.append(
                {
                    "GUID": guid(catalog.id, c.id, copy),
                    "Name": "Custom_Tile",
                    "Transform": transform(0.0, 0.0, scale=(k, 1.0, k)),
                    "Nickname": c.name,
                    "Description": description(catalog, c),
                    "CustomImage": {
                        "ImageURL": urls[front_name],
                        "ImageSecondaryURL": urls[back_name],
                        "ImageScalar": 1.0,
                        "WidthScale": 0.0,
                        "CustomTile": {
                            "Type": shape_of(face.shape).tts_tile,
                            "Thickness": round(TILE_THICKNESS_MM / AT_SCALE_1["model"][1], 4),
                            "Stackable": c.kind == "token",
                            "Stretch": False,
                        },
                    },
                }
            )
    return _bag(catalog, s, "tiles", contained)


# ---------------------------------------------------------------- dice


def _texture(
    faces: list[Face], columns: int, rows: int, cell: tuple[int, int], dpi: float
) -> bytes:
    """The faces drawn into a grid of cells, row by row from the top left."""
    from PIL import Image

    w, h = cell
    pdf = faces_pdf(faces, title="tts")
    images = list(rasterise(pdf, dpi, [cell] * len(faces), [False] * len(faces)))
    texture = Image.new("RGB", (columns * w, rows * h), (255, 255, 255))
    for i, image in enumerate(images):
        texture.paste(image, ((i % columns) * w, (i // columns) * h))
    return png_bytes(texture, dpi)


def custom_model(
    catalog: Catalog, c: Any, copy: int, k: float, mesh: str, texture: str, *, type_index: int
) -> dict[str, Any]:
    """One copy of a piece drawn as a custom model (a die: type 2, a figurine: type 1) of
    uniform scale `k`, its mesh and texture named by their addresses."""
    return {
        "GUID": guid(catalog.id, c.id, copy),
        "Name": "Custom_Model",
        "Transform": transform(0.0, 0.0, scale=(k, k, k)),
        "Nickname": c.name,
        "Description": description(catalog, c),
        "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0},
        "CustomMesh": {
            "MeshURL": mesh,
            "DiffuseURL": texture,
            "NormalURL": "",
            "ColliderURL": "",
            "Convex": True,
            "MaterialIndex": 0,
            "TypeIndex": type_index,
            "CastShadows": True,
        },
    }


def _dice(
    catalog: Catalog, s: Any, comps: list[Any], options: BuildOptions, write: Write, lay_out: LayOut
) -> dict[str, Any]:
    """A bag of custom dice, one per copy, for the set's six-sided dice (die nets), each
    scaled to its side."""
    mesh = write("die-d6.obj", die_obj().encode("utf-8"), kind="tts-model")
    contained = []
    for c in comps:
        net = lay_out(catalog, c, "front", bleed=False)
        assert net is not None
        faces = die_faces(net)
        values = [str(v) for v in (c.fields.get("faces") or [])][:6]
        values += [str(v) for v in range(len(values) + 1, 7)]
        side = faces[0].width
        px = max(64, round(side / INCH * options.dpi))
        texture = write(
            f"die-{c.id}.png", _texture(faces, DIE_COLUMNS, DIE_ROWS, (px, px), px / (side / INCH))
        )
        rolls = [
            {"Value": plain(values[v - 1]) or str(v), "Rotation": dict(zip("xyz", DIE_UP[v]))}
            for v in range(1, 7)
        ]
        k = model_scale(mm(side))
        for copy in range(c.count):
            contained.append(
                {
                    **custom_model(catalog, c, copy, k, mesh, texture, type_index=2),
                    "RotationValues": rolls,
                }
            )
    return _bag(catalog, s, "dice", contained)


# ---------------------------------------------------------------- standees


def _standees(
    catalog: Catalog, s: Any, comps: list[Any], options: BuildOptions, write: Write, lay_out: LayOut
) -> dict[str, Any]:
    """A bag of standees, one per copy, each scaled to its panel height."""
    contained = []
    for c in comps:
        net = lay_out(catalog, c, "front", bleed=False)
        assert net is not None
        front, back, flap, base = standee_parts(net)
        w10, h10, base10 = (round(v / MM * 10) for v in (front.width, front.height, base))
        mesh_name = f"standee-mesh-{w10}x{h10}x{base10}.obj"
        mesh = write(
            mesh_name,
            standee_obj(front.width, front.height, base).encode("utf-8"),
            kind="tts-model",
        )
        w_in, h_in = front.width / INCH, front.height / INCH
        dpi = min(float(options.dpi), MAX_SIDE / (STANDEE_CELLS * w_in), MAX_SIDE / h_in)
        cell = (max(16, math.floor(w_in * dpi)), max(16, math.floor(h_in * dpi)))
        texture = write(
            f"standee-{c.id}.png", _texture([front, back, flap], STANDEE_CELLS, 1, cell, dpi)
        )
        k = model_scale(mm(front.height))
        for copy in range(c.count):
            contained.append(custom_model(catalog, c, copy, k, mesh, texture, type_index=1))
    return _bag(catalog, s, "standees", contained)
