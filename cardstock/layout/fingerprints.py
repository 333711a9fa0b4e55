"""What each card prints, as fingerprints: which cards changed since an earlier version.

A card's printed fingerprint is its face's content key (`Face.key`: every drawing op, with
each picture's and each icon's own content) and the files of the fonts its text is set in,
front and back. Whatever changes what a card prints changes its fingerprint — its row, its
layout, a shared icon, its art, a font — and nothing else does (a notes column, a row moved
in the table, a comment in a layout).

    printed(faces)                 the fingerprints of one game (a JSON-able document)
    changes(before, after)         the cards whose fingerprint differs, with what changed
    at_revision(root, ref, games)  the fingerprints of a git revision of the project

The `printed` stage writes each game's fingerprints beside its sheets
(`<game>/<game>-printed.json`), so a project without git compares against a build's saved
output (`--changed-since output/manifest.json`); the `changed` stage writes
`<game>/changed.csv` when a build is asked for the cards changed since a version.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import fonts
from ..catalog.load import load_games
from ..core.cache import memory_cache
from ..core.csv_cells import csv_bytes
from ..core.files import TooDeep, Unreadable, parse_json, read_bytes
from ..core.issues import Issue
from ..core.output import artifact, streamed
from ..core.stage import Job, StageResult
from ..rules.reader import load_rules
from .art.ownicons import game_library
from .art.symbols import library
from .faces import Faces
from .language.load import load_layouts
from .ops import Icon, Image, Text, values, walk

if TYPE_CHECKING:
    from ..catalog.schema import Component

FORMAT = 1  # the fingerprint document's version
PRINTED = "printed"  # the manifest kind of a game's fingerprints


def _short(data: Any) -> str:
    return hashlib.sha256(
        json.dumps(data, sort_keys=True, default=str, ensure_ascii=False).encode()
    ).hexdigest()[:16]


def font_files(root: Path) -> dict[str, str]:
    """Font name → a hash of its file, for the project's own fonts (`fonts/`) as they are
    in `root`; the built-in fonts are cardstock's and change only with it."""
    out: dict[str, str] = {}
    for path in fonts.project_font_files(root):
        try:
            out[path.stem] = hashlib.sha256(read_bytes(path, root)).hexdigest()[:16]
        except Unreadable:
            out[path.stem] = "unreadable"
    return out


def _side(face: Any, font_hashes: Mapping[str, str]) -> dict[str, Any]:
    art: set[str] = set()
    icons: dict[str, str] = {}
    used: set[str] = set()
    for op in face.walk():
        if isinstance(op, Text):
            used.add(op.font)
    # the boxes showing the version draw what the rest of the face makes them: their icons
    # (a QR code) are left out, so a card's own edit is named, not its version's code
    for op in walk(face.unmarked().ops):
        if isinstance(op, Image):
            art.add(op.sha256)
        elif isinstance(op, Icon):
            icons[op.symbol] = _short([list(values(p)) for p in op.parts])
    faces_fonts = {name: font_hashes.get(name, "built-in") for name in sorted(used)}
    sig = {"art": sorted(art), "icons": dict(sorted(icons.items())), "fonts": faces_fonts}
    # the version its mark prints (docs/playtest.md): what a playtester's note names
    return {"hash": _short([face.key, sig]), **sig, "version": face.version}


def _row(comp: Component) -> dict[str, str]:
    """The row's printed fields, each as a short hash (what changed is named, not shown)."""
    values = {"name": comp.name, "size": comp.size, "back": comp.back, **comp.fields}
    return {k: _short(v) for k, v in sorted(values.items())}


def printed(faces: Faces, font_hashes: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Every card's printed fingerprint, front and back (see the module's docstring)."""
    faces = faces.printing()  # each part of a card whose text continues is a card printed
    catalog = faces.catalog
    hashes = font_files(catalog.root) if font_hashes is None else font_hashes
    drawn: dict[str, dict[str, Any]] = {}
    cards = {comp.id: _card(faces, comp, hashes, drawn) for comp in catalog.components}
    return {"format": FORMAT, "game": catalog.id, "cards": cards}


DRAWN_MAX = 64  # fingerprints of faces kept for the cards after (a back many cards share)


def _card(
    faces: Faces, comp: Component, hashes: Mapping[str, str], drawn: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    """One card's fingerprint; `drawn` keeps the last faces' (a shared back is read once
    while it keeps coming)."""
    sides: dict[str, Any] = {}
    record = faces.records.of(comp)
    for side in ("front", "back"):
        face = faces.outline(record, side)
        if face is not None and face.key not in drawn:
            if len(drawn) >= DRAWN_MAX:
                del drawn[next(iter(drawn))]
            drawn[face.key] = _side(faces.full(face), hashes)
        sides[side] = drawn[face.key] if face is not None else None
    return {"name": comp.name, "count": comp.count, "row": _row(comp), **sides}


def printed_json(faces: Faces) -> Iterator[bytes]:
    """`printed(faces)` as `<game>-printed.json` holds it (`json.dumps` with `indent=1`,
    sorted keys), made a card at a time: the bytes of each card in turn, for the file to
    take as they come, without the document of every card held at once."""
    faces = faces.printing()  # each part of a card whose text continues is a card printed
    catalog = faces.catalog
    hashes = font_files(catalog.root)
    by_id = {comp.id: comp for comp in catalog.components}
    drawn: dict[str, dict[str, Any]] = {}
    kept = faces.kept  # a `--watch` process: each card's text from the build before

    def text_of(comp: Component) -> str:
        card = _card(faces, comp, hashes, drawn)
        return json.dumps(card, indent=1, sort_keys=True, ensure_ascii=False)

    yield b'{\n "cards": {'
    for n, card_id in enumerate(sorted(by_id)):
        comp = by_id[card_id]
        if kept is None:
            text = text_of(comp)
        else:
            key = _card_key(faces, comp, hashes)
            text = kept.made(key, partial(_encoded, text_of, comp)).decode()
        name = json.dumps(card_id, ensure_ascii=False)
        nested = text.replace("\n", "\n  ")  # two levels down in the document
        yield f"{',' if n else ''}\n  {name}: {nested}".encode()

    yield b"\n }" if by_id else b"}"
    game = json.dumps(catalog.id, ensure_ascii=False)
    yield f',\n "format": {json.dumps(FORMAT)},\n "game": {game}\n}}\n'.encode()


def _encoded(text_of: Callable[[Component], str], comp: Component) -> bytes:
    return text_of(comp).encode()


def _card_key(faces: Faces, comp: Component, hashes: Mapping[str, str]) -> str:
    """What a card's fingerprint is made of, hashed (for `KeptFaces.made`): its name,
    count and printed fields, its faces' content keys and the project's font files."""
    record = faces.records.of(comp)
    sides = [faces.outline(record, side) for side in ("front", "back")]
    made = [FORMAT, comp.name, comp.count, comp.size, comp.back, comp.fields, dict(hashes)]
    made += [None if face is None else face.key for face in sides]
    text = json.dumps(made, sort_keys=True, default=str, ensure_ascii=False)
    return "printed\0" + hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class Change:
    """A card whose print differs from the earlier version: which sides, and what changed."""

    id: str
    name: str
    count: int
    sides: tuple[str, ...]  # front, back
    what: tuple[str, ...]  # "new", row fields, "art", "icon :x:", "font X", "back", "layout"


def changes(before: Mapping[str, Any] | None, after: Mapping[str, Any]) -> list[Change]:
    """The cards of `after` whose fingerprint differs from `before`'s (every card when the
    game is new), in the catalog's order."""
    old = (before or {}).get("cards", {})
    out = []
    for cid, card in after["cards"].items():
        was = old.get(cid)
        if was is None:
            out.append(
                Change(
                    cid,
                    card["name"],
                    card["count"],
                    tuple(s for s in ("front", "back") if card[s]),
                    ("new",),
                )
            )
            continue
        sides = tuple(
            s
            for s in ("front", "back")
            if (card[s] or {}).get("hash") != (was.get(s) or {}).get("hash")
        )
        if not sides:
            continue
        what: list[str] = [k for k in card["row"] if card["row"][k] != was.get("row", {}).get(k)]
        what += [k for k in was.get("row", {}) if k not in card["row"]]
        for s in sides:
            now, then = card[s] or {}, was.get(s) or {}
            if now.get("art") != then.get("art"):
                what.append("art")
            icons_now, icons_then = now.get("icons", {}), then.get("icons", {})
            what += [
                f"icon :{k}:"
                for k in sorted(set(icons_now) | set(icons_then))
                if icons_now.get(k) != icons_then.get(k)
            ]
            fonts_now, fonts_then = now.get("fonts", {}), then.get("fonts", {})
            what += [
                f"font {k}"
                for k in sorted(set(fonts_now) & set(fonts_then))
                if fonts_now[k] != fonts_then[k]
            ]
        if not what:
            what.append("back" if sides == ("back",) else "layout")
        out.append(Change(cid, card["name"], card["count"], sides, tuple(dict.fromkeys(what))))
    return out


# ---------------------------------------------------------------- an earlier version


def faces_at(root: Path, games: list[str] | None) -> tuple[list[Faces], list[Issue]]:
    """The faces of the games of the project in `root` (a version of it written out by
    `materialise`), laid out afresh without the cache. The current project's fonts are
    used to measure text (a font's own change shows in its file's hash)."""
    catalogs, issues = load_games(root, games, load_rules)
    symbols = library(root)
    out = [
        Faces(
            c,
            memory_cache(),
            layouts=load_layouts(root, c.game.id, wording=c.wording),
            library=game_library(c, symbols),
        )
        for c in catalogs
    ]
    return out, list(issues.errors)


def at_revision(root: Path, ref: str, games: list[str] | None) -> tuple[dict[str, Any], str]:
    """Each game's fingerprints at git revision `ref` (a game the revision does not hold is
    left out: every card of it is new), and the commit; a RevisionError says why not.
    git's history is loaded here, for `--changed-since` alone (a build that reprints
    nothing writes `printed.json` without it)."""
    import tempfile

    from ..core.revision import RevisionError, materialise

    with tempfile.TemporaryDirectory(prefix="cardstock-rev-") as tmp:
        then = Path(tmp)
        commit = materialise(root, ref, then)
        known = (
            [g for g in (games or []) if (then / "catalog" / g / "game.toml").is_file()]
            if games
            else None
        )
        found, problems = faces_at(then, known)
        if problems and not found:
            raise RevisionError(f"the games at {ref} cannot be read ({problems[0].render()})")
        hashes = font_files(then)
        return {f.catalog.id: printed(f, hashes) for f in found}, commit


def from_saved(root: Path, path: Path) -> dict[str, Any]:
    """Each game's fingerprints from a saved build: its `manifest.json` (the fingerprint
    files it lists are read beside it, and must still hold the bytes it lists) or one
    `<game>-printed.json`. A ValueError says what is wrong."""
    try:
        data = parse_json(read_bytes(path, root))
    except Unreadable as exc:
        raise ValueError(f"cannot read {path}: {exc}") from None
    except TooDeep as exc:
        raise ValueError(f"cannot read {path}: {exc}") from None
    except ValueError:
        raise ValueError(f"{path} is not JSON") from None
    if isinstance(data, dict) and "cards" in data and "game" in data:
        return {str(data["game"]): _checked(data, path)}
    if not isinstance(data, dict) or not isinstance(data.get("artifacts"), list):
        raise ValueError(f"{path} is neither a build's manifest.json nor a <game>-printed.json")
    out: dict[str, Any] = {}
    for e in data["artifacts"]:
        if not isinstance(e, dict) or e.get("kind") != PRINTED:
            continue
        file = path.parent / str(e.get("path"))
        try:
            raw = read_bytes(file, root)
        except Unreadable as exc:
            raise ValueError(f"cannot read {e.get('path')} beside {path}: {exc}") from None
        if hashlib.sha256(raw).hexdigest() != e.get("sha256"):
            raise ValueError(
                f"{e.get('path')} has changed since {path} was written; keep a copy of "
                "the whole output folder"
            )
        try:
            doc = _checked(parse_json(raw), file)
        except ValueError as exc:
            raise ValueError(f"{e.get('path')} beside {path}: {exc}") from None
        out[str(doc["game"])] = doc
    if not out:
        raise ValueError(
            f"{path} lists no printed fingerprints (<game>-printed.json); it comes "
            "from an older cardstock"
        )
    return out


def _checked(doc: Any, path: Path) -> dict[str, Any]:
    """A fingerprint document read from a file, in the shape `printed` writes (a
    ValueError otherwise): `changes` reads it without looking again."""

    def side(s: Any) -> bool:
        return s is None or (
            isinstance(s, dict)
            and isinstance(s.get("hash"), str)
            and isinstance(s.get("icons", {}), dict)
            and isinstance(s.get("fonts", {}), dict)
        )

    cards = doc.get("cards") if isinstance(doc, dict) else None
    if (
        not isinstance(doc, dict)
        or doc.get("format") != FORMAT
        or not isinstance(doc.get("game"), str)
        or not isinstance(cards, dict)
        or not all(
            isinstance(c, dict)
            and isinstance(c.get("row", {}), dict)
            and side(c.get("front"))
            and side(c.get("back"))
            for c in cards.values()
        )
    ):
        raise ValueError(
            f"{path.name} is not a fingerprint file of this cardstock (format {FORMAT})"
        )
    return doc


# ---------------------------------------------------------------- the stages


def build_printed(job: Job) -> StageResult:
    """`output/<game>/<game>-printed.json`: every card's printed fingerprint."""
    catalog = job.catalog
    path = Path(job.build.out) / catalog.id / f"{catalog.id}-printed.json"
    return StageResult(
        [streamed(catalog.id, PRINTED, path, lambda f: f.writelines(printed_json(job.faces)))]
    )


def changed_cards(job: Job) -> list[Change] | None:
    """The cards changed since the build's `--changed-since` version (None: not asked)."""
    since = job.build.changed_since
    if since is None:
        return None
    return changes(since.games.get(job.catalog.id), printed(job.faces))


def build_changed(job: Job) -> StageResult:
    """`output/<game>/changed.csv`: the cards changed since `--changed-since`, with what
    changed (only its header when none did)."""
    found = changed_cards(job)
    catalog = job.catalog
    if found is None:
        return StageResult()
    since = job.build.changed_since
    assert since is not None
    rows = [[c.id, c.name, c.count, " ".join(c.sides), "; ".join(c.what)] for c in found]
    data = csv_bytes([["id", "name", "count", "sides", "changed"], *rows])
    path = Path(job.build.out) / catalog.id / "changed.csv"
    return StageResult([artifact(catalog.id, "changed-csv", path, data)])


__all__ = [
    "Change",
    "at_revision",
    "build_changed",
    "build_printed",
    "changed_cards",
    "changes",
    "faces_at",
    "font_files",
    "from_saved",
    "printed",
]
