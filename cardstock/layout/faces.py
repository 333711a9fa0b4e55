"""Catalog components → laid-out faces (see ops.Face): the one place faces are made.

    lay_out(catalog, component, "front" | "back", bleed=True) -> Face | None
    distinct_faces(catalog) -> [(svg file stem, Face), ...]
    each_face(catalog) -> (component, side, Face), ...     (every face a build draws, one at a time)

A face's layout is chosen by name from `layouts/default.toml` merged with
`layouts/<game>/faces.toml`: the set's `layout` key, else a layout named like the set id,
else the kind's default (`card`, `tile`, `token`, `die`, `pawn`, `reference`, `board`).
Backs use `back-<back id>`, else `<kind>-back`. Die nets and standees are composed from a
panel layout (one die face, one standee side) drawn into a net with glue tabs and folds.
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
import re
import weakref
from functools import lru_cache

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Optional

from ..core.issues import Issue
from ..core.markup import spans
from ..core.project import files_in, hash_files
from ..catalog.schema import Component
from ..core.tomlpos import Path as KeyPath, key_lines, line_for
from ..core.units import UnitError, parse_length, parse_size
from .boxes import Geometry, Painter, Subject
from .context import back_context, component_context, make_env, tint, version_mark
from . import printsafe
from .ops import Face, Group, Guide, Op, Path, Point, Rect, content_key, polygon_path, r, rect_path
from .shapes import AUTO, auto_shape, composer, custom_outline, shape_of
from .spec import Box, Layout, LayoutSet, layouts_for
from .text import Fit
from .ownicons import library_for
from . import facestore
from .facestore import FaceStore
from .symbols import Library

if TYPE_CHECKING:
    from ..catalog.load import Catalog


@dataclass
class _State:
    layouts: LayoutSet
    library: Library
    env: Any
    stamp: tuple[int, int]
    fits: dict[tuple[Any, ...], Fit] = field(default_factory=dict)  # fitted text shared by the game's faces (Painter.fit)


def _state(catalog: Catalog) -> _State:
    from .. import fonts

    fonts.use_project_fonts(catalog.root)  # the project's fonts/ folder, by file stem
    ls = layouts_for(catalog.root, catalog.id)
    lib = library_for(catalog)
    stamp = (id(ls), id(lib))
    st = getattr(catalog, "_cardstock_faces", None)
    if st is None or st.stamp != stamp:
        st = _State(ls, lib, make_env(), stamp)
        try:
            setattr(catalog, "_cardstock_faces", st)
        except AttributeError:  # pragma: no cover - a catalog that refuses attributes
            pass
    return st


# ---------------------------------------------------------------- layout choice

def front_layout_name(catalog: Catalog, comp: Component, ls: LayoutSet) -> str:
    s = catalog.set(comp.set)
    for name in ([s.layout] if s.layout else []) + [comp.set, comp.kind]:
        if ls.has(name):
            return name
    return comp.kind


def back_layout_name(catalog: Catalog, comp: Component, ls: LayoutSet) -> str:
    s = catalog.set(comp.set)
    names = []
    if s.layout:
        names.append(f"{s.layout}-back")
    names += [f"back-{comp.back}", f"{comp.set}-back", f"{comp.kind}-back", "card-back"]
    for name in names:
        if ls.has(name):
            return name
    return "card-back"


def own_back(catalog: Catalog, comp: Component) -> bool:
    """Whether the component's back is drawn from its own fields (a reference card, or a
    set with `double_sided = true`) rather than being a deck back shared by many."""
    return comp.kind == "reference" or catalog.set(comp.set).double_sided


def reverse_layout_name(catalog: Catalog, comp: Component, ls: LayoutSet) -> str:
    """The layout of a double-sided component's back: "<layout>-back" or "<set>-back",
    else the front's layout (which can tell the sides apart by `side`)."""
    s = catalog.set(comp.set)
    for name in ([f"{s.layout}-back"] if s.layout else []) + [f"{comp.set}-back"]:
        if ls.has(name):
            return name
    return front_layout_name(catalog, comp, ls)


def _shape(lay: Layout, comp: Component, w: float, h: float) -> str:
    shape = lay.get("shape", AUTO)
    return auto_shape(comp.kind, w, h) if shape == AUTO else str(shape)


# ---------------------------------------------------------------- public API

# Laid-out faces are kept in a small in-memory LRU (`_FACES`, by input key) in front of
# a store (`facestore`): the build's on-disk store under output/.cache/faces/ when the
# pipeline names one (`use_store`), else one in memory. Stages that only place faces
# (the print-and-play sheets) keep an outline of each (`outline`: no ops) and fetch the
# drawing back by its content key when the page is written (`full`), so the number of
# laid-out faces alive does not grow with the number of distinct faces.
_FACES: "OrderedDict[str, Face]" = OrderedDict()
_FACES_MAX = 256
_OUTLINES: dict[str, Face] = {}  # input key -> the face without its ops (small)
_SEEN: list[Optional[FaceStore]] = [None]  # the store the two caches above were filled from


@dataclass
class LayoutStats:
    """What this process did to get faces, for tests and the bench to count:
    `laid_out` faces were laid out, `from_store` read back from the store; `alive` is how
    many laid-out faces (with their ops) exist now, `peak_alive` the most at one time."""

    laid_out: int = 0
    from_store: int = 0
    peak_alive: int = 0
    _live: dict[int, "weakref.ref[Face]"] = field(default_factory=dict, repr=False)

    @property
    def alive(self) -> int:
        return len(self._live)

    def reset(self) -> None:
        self.laid_out = self.from_store = 0
        self.peak_alive = len(self._live)

    def track(self, face: Face) -> Face:
        i = id(face)
        if i not in self._live:
            live = self._live

            def gone(_: "weakref.ref[Face]") -> None:
                live.pop(i, None)

            live[i] = weakref.ref(face, gone)
            self.peak_alive = max(self.peak_alive, len(live))
        return face


STATS = LayoutStats()


def use_store(store: Optional[FaceStore]) -> None:
    """Keep faces in `store` from now on (None: in memory). The pipeline names each game's
    on-disk store before its task (`facestore.use`)."""
    facestore.use(store)


def _store() -> FaceStore:
    """The current store; when it changed, the in-memory caches are emptied, so nothing
    of another store is reused by mistake (its keys would still be right, the counts not)."""
    store = facestore.current()
    if _SEEN[0] is not store:
        _FACES.clear()
        _OUTLINES.clear()
        _SEEN[0] = store
    return store


def _fingerprint(catalog: Catalog) -> str:
    """A hash of every file in the game's catalog folder and its layouts folder (the
    quick-reference templates are there), computed once per catalog object."""
    fp = getattr(catalog, "_cardstock_fingerprint", None)
    if fp is None:
        fp = hash_files(files_in(catalog.folder), catalog.folder)
        own = catalog.root / "layouts" / catalog.id
        if own.is_dir():
            fp += hash_files(files_in(own), own)
        try:
            setattr(catalog, "_cardstock_fingerprint", fp)
        except AttributeError:  # pragma: no cover
            pass
    return fp


def _input_keys(catalog: Catalog) -> tuple[str, str]:
    """(what every face of the game reads, what only faces reading whole tables add):
    the first hashes the code and fonts, the layouts, the project's fonts and every file
    of the game's catalog folder except its tables (a face reads its own row, which is in
    its own key); the second hashes the tables (reference cards render templates that
    may read any row). Computed once per catalog object."""
    keys = getattr(catalog, "_cardstock_input_keys", None)
    if keys is None:
        from ..pipeline import code_key
        from ..core.project import shipped_in_use, shipped_layouts

        folder = catalog.folder
        tables = {(folder / s.table).resolve() for s in catalog.game.sets if s.table}
        files = files_in(folder)
        root = catalog.root
        common = "\n".join([
            str(root),  # art ops name their files by path
            code_key(),
            hash_files([p for p in files if p.resolve() not in tables], folder),
            hash_files(files_in(root / "layouts"), root),
            hash_files(shipped_in_use(root), shipped_layouts()),
            hash_files(files_in(root / "fonts"), root),
        ])
        keys = (common, hash_files([p for p in files if p.resolve() in tables], folder))
        try:
            setattr(catalog, "_cardstock_input_keys", keys)
        except AttributeError:  # pragma: no cover
            pass
    return keys


def face_key(catalog: Catalog, component: Component, side: str, bleed: bool, st: Optional[_State] = None) -> str:
    """The input key of one face: what its layout reads (see `_input_keys`), its side and
    bleed, and what it is drawn from — the component's row, or for a deck back the back
    and the layout chosen for it (`_back_key`), so cards sharing a back share one key."""
    st = st or _state(catalog)
    common, tables = _input_keys(catalog)
    drawn_from = _back_key(catalog, component, side, st)
    what = repr(drawn_from) if drawn_from is not None else component.model_dump_json()
    reads = _quickref_key(catalog, component, side, tables) if component.kind == "reference" else ""
    parts = [common, reads, side, "bleed" if bleed else "trim", what]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def _quickref_key(catalog: Catalog, component: Component, side: str, tables: str) -> str:
    """What a reference card's side reads of the tables: the text its quick-reference
    template renders to (with the problems found on the way). The template may read any
    row, but only through this text, so an edit to a row the text does not print keeps the
    face. Rendered once per catalog object and side; a template that breaks the sandbox's
    bounds is keyed by the tables, as before (its face reports the problem)."""
    from ..core.issues import InputError

    memo: dict[tuple[str, str], str] = catalog.__dict__.setdefault("_cardstock_quickref_keys", {})
    at = (component.id, side)
    if at not in memo:
        try:
            text, problems = _quickref(catalog, component, side)
            memo[at] = "quickref\n" + hashlib.sha256(repr((text, [repr(i) for i in problems])).encode()).hexdigest()
        except InputError:
            memo[at] = tables
    return memo[at]


def lay_out(catalog: Catalog, component: Component, side: str, *, bleed: bool = True) -> Optional[Face]:
    """The face of one side of a component; None for a back the component does not have.

    Faces are keyed by what they read (`face_key`): the rules check, the SVG stage, the
    sheets and the rulebook thumbnails all ask for the same faces and lay each out once;
    a later build with the same output folder reads unchanged faces back from its cache.
    A deck back is keyed by what it is drawn from, so the components that share a back
    share one face and it is laid out once, not once per card."""
    if side not in ("front", "back"):
        raise ValueError(f"side must be 'front' or 'back', not {side!r}")
    return _remembered(catalog, component, side, bleed, _state(catalog))


def state_of(catalog: Catalog) -> _State:
    """The game's layouts, symbols and fonts as faces are laid out with them, looked up
    (and checked against their files) once: a loop over many faces passes it to `outline`."""
    return _state(catalog)


def outline(catalog: Catalog, component: Component, side: str, *, bleed: bool = True, state: Optional[_State] = None) -> Optional[Face]:
    """The face without its ops (its size, shape, cut, folds, findings and content key):
    what imposition needs to place it. `full` gives its drawing back when it is drawn.
    `state` (`state_of`) spares a loop the per-face look-up of the game's layouts."""
    st = state or _state(catalog)
    _store()
    key = face_key(catalog, component, side, bleed, st)
    hit = _OUTLINES.get(key)
    if hit is not None:
        return hit
    if _remembered(catalog, component, side, bleed, st, key) is None:
        return None
    return _OUTLINES[key]


def full(face: Face) -> Face:
    """The face `outline` gave, with its ops (from the in-memory LRU or the store)."""
    if face.ops:
        return face
    for hit in reversed(_FACES.values()):  # the newest first: a page's faces were just laid out
        if hit.key == face.key:
            return hit
    found = _store().by_content(face.key)
    if found is None:
        return face  # a face that draws nothing
    STATS.from_store += 1
    return STATS.track(found)


def _remembered(catalog: Catalog, component: Component, side: str, bleed: bool, st: _State, key: Optional[str] = None) -> Optional[Face]:
    """`lay_out` with the game's layouts and symbols already looked up (loops over every
    component look them up once, not once per face)."""
    if side == "back" and not own_back(catalog, component):
        if component.back is None or component.back not in catalog.game.backs:
            return None
    store = _store()
    key = key or face_key(catalog, component, side, bleed, st)
    hit = _FACES.get(key)
    if hit is not None:
        _FACES.move_to_end(key)
        return hit
    face = store.get(key)
    if face is not None:
        STATS.from_store += 1
    else:
        face = _lay_out(catalog, component, side, bleed, st)
        if face is None:
            return None
        STATS.laid_out += 1
        store.put(key, face)
    STATS.track(face)
    _FACES[key] = face
    if key not in _OUTLINES:
        _OUTLINES[key] = dataclasses.replace(face, ops=())
    if len(_FACES) > _FACES_MAX:
        _FACES.popitem(last=False)
    return face


def _back_key(catalog: Catalog, component: Component, side: str, st: _State) -> Optional[tuple[Any, ...]]:
    """What a deck back's face depends on besides the catalog and the layouts: the back,
    the layout chosen for it, and the component's kind and size (which set the shape).
    None when the face depends on more of the component: fronts, reference cards, and
    backs drawn as die nets or standees (those read the component's fields)."""
    if side != "back" or own_back(catalog, component):
        return None
    if component.back is None or component.back not in catalog.game.backs:
        return None
    name = back_layout_name(catalog, component, st.layouts)
    lay = st.layouts.resolve(name)
    if lay is not None and shape_of(lay.get("shape")).geometry is None:  # composed from the fields
        return None
    return ("back", component.back, name, component.kind, component.size)


def _lay_out(catalog: Catalog, component: Component, side: str, bleed: bool, st: _State) -> Optional[Face]:
    ls = st.layouts
    if side == "back" and not own_back(catalog, component):
        if component.back is None or component.back not in catalog.game.backs:
            return None
        lay_name = back_layout_name(catalog, component, ls)
        ctx = back_context(catalog, component.back, ls.theme)
        subject = Subject(f"back {component.back!r}", *_game_line(catalog, ("backs", component.back)))
        issues: list[Issue] = []
    else:
        if side == "back" and component.kind != "reference":
            lay_name = reverse_layout_name(catalog, component, ls)
        else:
            lay_name = front_layout_name(catalog, component, ls)
        ctx, issues = component_context(catalog, component, ls.theme, st.env, side)
        subject = Subject(f"component {component.id!r}", component.file, component.line)
        if component.kind == "reference":
            text, more = _quickref(catalog, component, side)
            ctx["quickref"] = text
            issues += more
    lay = ls.resolve(lay_name)
    painter = Painter(catalog, ls, st.library, st.env, subject, list(issues), st.fits)
    if lay is None:
        painter.issues.append(Issue(ls.files[0] if ls.files else "layouts/default.toml", None, "", f"there is no layout {lay_name!r} (needed for {subject.label})", bad_input=True))
        return Face.build(10, 10, 0, "rect", (), findings=tuple(painter.issues))
    b = _length(catalog.game.print.bleed) if bleed else 0.0
    safe = _length(catalog.game.print.safe)
    try:
        w, h = parse_size(component.size)
    except UnitError:
        w, h = parse_size("poker")
    shape = _shape(lay, component, w, h)
    custom = None
    if shape_of(shape).geometry is None:  # a die net or a standee: panels composed into a net
        face = composer(shape)(component, lay, ctx, painter, w, h, b, safe)
    else:
        if shape_of(shape).custom:  # the designer's own outline, stretched to the size
            try:
                custom = custom_outline(lay.get("outline"), catalog.folder, w, h)
            except ValueError as exc:
                painter.layout_issue(lay, None, "outline", str(exc))
                shape = "rect"
        corner = painter.parse_len(lay, None, "corner_radius", lay.get("corner_radius", "0mm"), 0.0) if shape_of(shape).corner_radius else 0.0
        geo = Geometry(w, h, b, safe, shape, corner, custom)
        ops = _paint_marked(painter, lay, ctx, geo, (w, h, b, shape), catalog)
        ops += _guides(geo)
        face = Face.build(w, h, b, shape, tuple(ops), geo.cut(), (), ())
    findings = tuple(dict.fromkeys(painter.issues))
    return Face(face.key, face.width, face.height, face.bleed, face.shape, face.ops, face.cut, face.folds, findings)


def distinct_faces(catalog: Catalog, *, bleed: bool = True) -> list[tuple[str, Face]]:
    """Every distinct face, named by its SVG file stem: `<component id>` for fronts,
    `<component id>-reverse` for the second side of a reference card, and
    `back-<back id>` for each deck back (with a suffix if a back is drawn in two shapes)."""
    return list(each_distinct_face(catalog, bleed=bleed))


def each_distinct_face(catalog: Catalog, *, bleed: bool = True) -> Iterator[tuple[str, Face]]:
    """`distinct_faces` one at a time (the deck backs last), so a stage that writes each
    face as it comes keeps few laid-out faces alive."""
    backs: list[tuple[str, Face]] = []
    back_keys: dict[Optional[str], list[tuple[Any, ...]]] = {}
    st = _state(catalog)
    for comp in catalog.components:
        front = _remembered(catalog, comp, "front", bleed, st)
        assert front is not None  # only a back can be missing
        yield comp.id, front
        back = _remembered(catalog, comp, "back", bleed, st)
        if back is None:
            continue
        if own_back(catalog, comp):
            yield f"{comp.id}-reverse", back
            continue
        seen = back_keys.setdefault(comp.back, [])
        shape_key = (back.shape, back.width, back.height)
        if shape_key in seen:
            continue
        stem = f"back-{comp.back}" if not seen else f"back-{comp.back}-{comp.kind}-{_slug(comp.size)}"
        seen.append(shape_key)
        backs.append((stem, back))
    yield from backs


def each_face(catalog: Catalog, *, bleed: bool = True) -> Iterator[tuple[Component, str, Face]]:
    """Every face of every component, front then back (a back the component lacks is
    left out), laid out once per process like `lay_out`; one at a time, so that only a
    bounded number of laid-out faces is alive however many the game has."""
    st = _state(catalog)
    for comp in catalog.components:
        for side in ("front", "back"):
            face = _remembered(catalog, comp, side, bleed, st)
            if face is not None:
                yield comp, side, face


def static_issues(catalog: Catalog) -> list[Issue]:
    """Problems that do not depend on one face: layout and symbol files, unknown symbols
    named by the game's icons, unknown layout names named by its sets."""
    st = _state(catalog)
    from .. import fonts

    found: list[Issue] = list(st.layouts.issues) + list(st.library.issues)
    found += fonts.use_project_fonts(catalog.root)
    # names are looked up only in files that loaded: in a broken one every name is unknown
    if not any(i.level == "error" for i in st.library.issues):
        found += unknown_symbols(catalog, st.library)
    if not any(i.level == "error" for i in st.layouts.issues):
        found += _unknown_layout_names(catalog, st.layouts)
    return found


DRAWING = re.compile(r"^(?P<message>.*) \(drawing (?P<who>[^()]*)\)$", re.S)


def ordered(issues: Iterable[Issue]) -> list[Issue]:
    """Issues without repeats, by file, line, field and message. A layout problem met
    while drawing many faces is one issue that names the first face and how many more."""
    hits: dict[Issue, list[str]] = {}
    for issue in issues:
        m = DRAWING.match(issue.message)
        key = dataclasses.replace(issue, message=m.group("message")) if m else issue
        who = hits.setdefault(key, [])
        if m and m.group("who") not in who:
            who.append(m.group("who"))
    out = []
    for issue, who in hits.items():
        if who:
            more = f" and {len(who) - 1} more face{'s' if len(who) > 2 else ''}" if len(who) > 1 else ""
            issue = dataclasses.replace(issue, message=f"{issue.message} (drawing {who[0]}{more})")
        out.append(issue)
    return sorted(out, key=lambda i: (i.file, i.line or 0, i.field, i.message))


def unknown_symbols(catalog: Catalog, lib: Optional[Library] = None) -> list[Issue]:
    """Icons whose `symbol` the library does not draw, at the game.toml line of the key."""
    lib = lib or library_for(catalog)
    out = []
    for key, icon in catalog.game.icons.items():
        if icon.symbol is None or lib.get(icon.symbol) is None:
            file, line = _game_line(catalog, ("icons", key, "symbol"))
            out.append(Issue(file, line, f"icons.{key}.symbol", f"unknown symbol {icon.symbol!r}; the symbol library (layouts/symbols.toml, and the game's icons/ folder) has: {', '.join(lib.names())}"))
    return out


def _unknown_layout_names(catalog: Catalog, ls: LayoutSet) -> list[Issue]:
    out = []
    for i, s in enumerate(catalog.game.sets):
        if s.layout and not ls.has(s.layout):
            file, line = _game_line(catalog, ("sets", i, "layout"))
            out.append(Issue(file, line, f"sets[{i}].layout", f"unknown layout {s.layout!r}; the layouts are: {', '.join(sorted(ls.names()))}"))
    return out


# ---------------------------------------------------------------- helpers

def _length(text: str) -> float:
    try:
        return parse_length(text)
    except UnitError:
        return 0.0


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


_LINES: dict[str, tuple[int, dict[KeyPath, int]]] = {}


def _game_line(catalog: Catalog, path: KeyPath) -> tuple[str, Optional[int]]:
    p = catalog.folder / "game.toml"
    shown = catalog.display(p)
    try:
        st = p.stat()
        cached = _LINES.get(str(p))
        if cached is None or cached[0] != st.st_mtime_ns:
            cached = (st.st_mtime_ns, key_lines(p.read_text(encoding="utf-8")))
            _LINES[str(p)] = cached
        return shown, line_for(cached[1], path)
    except OSError:
        return shown, None


def _guides(geo: Geometry) -> list[Op]:
    """The face's non-printing guides (trim or corners, safe zone): the same for every face
    of one geometry, so made once per geometry (guides are immutable ops)."""
    try:
        return list(_geometry_guides(geo))
    except TypeError:  # a geometry that cannot be a key (an outline given as a list)
        return list(_geometry_guides.__wrapped__(geo))


@lru_cache(maxsize=256)
def _geometry_guides(geo: Geometry) -> tuple[Op, ...]:
    out: list[Op] = []
    if geo.polygon() is None and not geo.cut():  # a rectangle: its corners and a square safe zone
        out.append(Guide(rect_path(0, 0, geo.w, geo.h, geo.corner), "corner" if geo.corner else "trim"))
        s = geo.safe
        out.append(Guide(rect_path(s, s, geo.w - 2 * s, geo.h - 2 * s), "safe"))
    else:
        out.append(Guide(geo.outline_path(0.0), "trim"))
        out.append(Guide(geo.outline_path(geo.safe), "safe"))
    return tuple(out)


MARK_NAMES = ("version_mark", "back_version_mark")


def _shows_mark(box: Box) -> bool:
    """Whether a box's text names the version mark."""
    text = box.get("text")
    return isinstance(text, str) and any(name in text for name in MARK_NAMES)


def _paint_marked(painter: Painter, lay: Layout, ctx: dict[str, Any], geo: Geometry, size: tuple[Any, ...], catalog: Catalog) -> list[Op]:
    """The face's ops, print-safety checked, with an honest version mark: the boxes that
    show the mark are drawn with a stand-in first, the hash is taken of every other op
    the face draws (and its size and shape), then those boxes are drawn again with it.
    Editing anything drawn (a reference card's table, a colour) changes the mark."""
    safety = printsafe.face_check(painter.issues, lay, geo)
    marked: list[tuple[int, int, Any]] = []  # (first op, op count, box) of boxes showing the mark

    def check(box: Box, before: list[Op], drawn: list[Op]) -> None:
        if _shows_mark(box):
            marked.append((len(before), len(drawn), box))
        safety(box, before, drawn)

    ops = painter.paint(lay, ctx, geo, check=check)
    if not marked:
        return ops
    skip = {i for start, n, _ in marked for i in range(start, start + n)}
    digest = content_key((size, tuple(op for i, op in enumerate(ops) if i not in skip)))
    real = dict(ctx)
    for name in MARK_NAMES:
        if ctx.get(name):
            real[name] = version_mark(catalog, digest)
    for start, n, box in reversed(marked):
        ops[start:start + n] = painter.box(lay, box, real, geo)
    return ops


# ---------------------------------------------------------------- reference cards

def _quickref(catalog: Catalog, comp: Component, side: str) -> tuple[str, list[Issue]]:
    """A reference card side's text, rendered by the rulebook's renderer with its context
    so cards and booklets read the same (imported here: only reference cards need books)."""
    from ..catalog.ruletext import quickref_template, render_quickref

    key = "front" if side == "front" else "reverse"
    name = comp.fields.get(key)
    if not name:
        return "", [Issue(comp.file, comp.line, key, f"a reference card needs a '{key}' template name")]
    path = quickref_template(catalog, str(name))
    if not path.is_file():
        return "", [Issue(comp.file, comp.line, key, f"no quick-reference template {catalog.display(path)}")]
    text_out, problems = render_quickref(catalog, str(name))
    return (text_out or ""), list(problems)


# ---------------------------------------------------------------- die nets

# The cross net: squares (column, row) in units of one die face.
_NET = {"A": (1, 0), "B": (0, 1), "C": (1, 1), "D": (2, 1), "E": (1, 2), "F": (1, 3)}
_SLOTS = ["C", "A", "B", "D", "E", "F"]  # faces[i] and faces[5 - i] land on opposite sides
# The outline, clockwise from A's top-left corner: (from, to, edge has a glue tab)
_OUTLINE = [
    ((1, 0), (2, 0), False), ((2, 0), (2, 1), True), ((2, 1), (3, 1), False), ((3, 1), (3, 2), False),
    ((3, 2), (2, 2), False), ((2, 2), (2, 3), True), ((2, 3), (2, 4), True), ((2, 4), (1, 4), True),
    ((1, 4), (1, 3), True), ((1, 3), (1, 2), True), ((1, 2), (0, 2), False), ((0, 2), (0, 1), False),
    ((0, 1), (1, 1), False), ((1, 1), (1, 0), True),
]
_FOLDS = [((1, 1), (2, 1)), ((1, 1), (1, 2)), ((2, 1), (2, 2)), ((1, 2), (2, 2)), ((1, 3), (2, 3))]
# sides of each square that are cut edges without a tab (their art bleeds past the cut)
_FREE = {"A": ("top",), "B": ("top", "left", "bottom"), "C": (), "D": ("top", "right", "bottom"), "E": (), "F": ()}


def _face_parts(text: str) -> dict[str, Any]:
    sp = spans(text)
    icons = [s.icon for s in sp if s.icon]
    label = " ".join("".join(s.text for s in sp if s.icon is None).split())
    number = int(label) if re.fullmatch(r"-?\d+", label) and not icons else None
    return {"face": text, "face_text": label, "face_icons": icons, "face_number": number}


def _die_net(comp: Component, lay: Layout, ctx: dict[str, Any], painter: Painter, s: float, b: float, safe: float) -> Face:
    panel_name = lay.get("panel", "die-face")
    panel = painter.layouts.resolve(panel_name)
    tab = painter.parse_len(lay, None, "tab", lay.get("tab", "5mm"), parse_length("5mm"))
    tab = min(tab, s * 0.45)
    faces_field = "faces"
    values = comp.fields.get(faces_field) or []
    if len(values) != 6:
        painter.data_issue(faces_field, f"a die net needs 6 faces separated by '|', got {len(values)}")
    values = (list(values) + [""] * 6)[:6]
    ops: list[Op] = []
    psafe = min(safe, s * 0.08)
    if panel is None:
        painter.layout_issue(lay, None, "panel", f"unknown panel layout {panel_name!r}")
    for i, slot in enumerate(_SLOTS):
        col, row = _NET[slot]
        x0, y0 = col * s, row * s
        fctx = dict(ctx)
        fctx.update(_face_parts(values[i]), face_index=i + 1)
        geo = Geometry(s, s, b, psafe, "rect")
        inner = painter.paint(panel, fctx, geo) if panel is not None else []
        free = _FREE[slot]
        cx0 = -b if "left" in free else 0.0
        cy0 = -b if "top" in free else 0.0
        cx1 = s + b if "right" in free else s
        cy1 = s + b if "bottom" in free else s
        clip = rect_path(cx0, cy0, cx1 - cx0, cy1 - cy0)
        ops.append(Group(tuple(inner), clip, (1.0, 0.0, 0.0, 1.0, r(x0), r(y0))))
    theme = painter.layouts.theme
    tab_fill = theme.get("tab", "#ebe6dc")
    line = theme.get("rule", "#9a958c")
    cut: list[tuple[float, float]] = []
    folds = []
    for (p, q, has_tab) in _OUTLINE:
        px, py = p[0] * s, p[1] * s
        qx, qy = q[0] * s, q[1] * s
        cut.append((r(px), r(py)))
        if has_tab:
            dx, dy = qx - px, qy - py
            length = math.hypot(dx, dy)
            ux, uy = dx / length, dy / length
            nx, ny = uy, -ux  # outward for a clockwise outline with y down
            inset = min(tab, length * 0.3)
            a = (px + nx * tab + ux * inset, py + ny * tab + uy * inset)
            c = (qx + nx * tab - ux * inset, qy + ny * tab - uy * inset)
            cut += [(r(a[0]), r(a[1])), (r(c[0]), r(c[1]))]
            ops.append(Path(polygon_path([(px, py), a, c, (qx, qy)]), fill=tab_fill, stroke=None))
            folds.append(((r(px), r(py)), (r(qx), r(qy))))
    for p, q in _FOLDS:
        folds.append(((r(p[0] * s), r(p[1] * s)), (r(q[0] * s), r(q[1] * s))))
    ops += _fold_and_cut_lines(folds, cut, line)
    w, h = 3 * s, 4 * s + tab
    return Face.build(w, h, b, "net", tuple(ops), tuple(cut), tuple(folds), ())


def _fold_and_cut_lines(folds: Iterable[tuple[Point, Point]], cut: Iterable[Point], color: str) -> list[Op]:
    out: list[Op] = []
    for (p, q) in folds:
        out.append(Path((("M", p[0], p[1]), ("L", q[0], q[1])), stroke=color, stroke_width=0.5, dash=(2.0, 1.5)))
    out.append(Path(polygon_path(cut), stroke=color, stroke_width=0.35, join="round"))
    return out


# ---------------------------------------------------------------- standees

def _standee(lay: Layout, ctx: dict[str, Any], painter: Painter, w: float, h: float, b: float, safe: float) -> Face:
    """A folding standee: base flap, back (upside down), front, base flap, in one strip.
    Folded at the heads (the middle line) and at both bases, each side stands upright."""
    panel_name = lay.get("panel", "pawn-panel")
    panel = painter.layouts.resolve(panel_name)
    if panel is None:
        painter.layout_issue(lay, None, "panel", f"unknown panel layout {panel_name!r}")
    base = painter.parse_len(lay, None, "base", lay.get("base", "12mm"), parse_length("12mm"))
    psafe = min(safe, w * 0.08)
    ops: list[Op] = []
    accent = ctx.get("accent") or painter.layouts.theme.get("accent", "#3d4250")
    total_h = 2 * h + 2 * base
    # base flaps: solid player colour, bleeding past the outer edges
    ops.append(Rect(r(-b), r(-b), r(w + 2 * b), r(base + b), fill=accent))
    ops.append(Rect(r(-b), r(base + 2 * h), r(w + 2 * b), r(base + b), fill=accent))
    # the first side hangs from the fold upside down, so both stand upright once folded
    for i, (y0, turned) in enumerate(((base, True), (base + h, False))):
        pctx = dict(ctx)
        pctx["panel"] = "back" if turned else "front"
        geo = Geometry(w, h, b, psafe, "rect")
        inner = painter.paint(panel, pctx, geo) if panel is not None else []
        clip = rect_path(-b, 0, w + 2 * b, h)
        m = (-1.0, 0.0, 0.0, -1.0, r(w), r(y0 + h)) if turned else (1.0, 0.0, 0.0, 1.0, 0.0, r(y0))
        ops.append(Group(tuple(inner), clip, m))
    try:
        mark = tint(accent, 0.55)
    except ValueError:
        mark = "#ffffff"
    for y in (base * 0.5, base + 2 * h + base * 0.5):
        ops.append(Path((("M", r(w * 0.3), r(y)), ("L", r(w * 0.7), r(y))), stroke=mark, stroke_width=0.8, cap="round"))
    folds = tuple(((0.0, r(y)), (r(w), r(y))) for y in (base, base + h, base + 2 * h))
    line = painter.layouts.theme.get("rule", "#9a958c")
    for (p, q) in folds:
        ops.append(Path((("M", p[0], p[1]), ("L", q[0], q[1])), stroke=line, stroke_width=0.5, dash=(2.0, 1.5)))
    ops.append(Guide(rect_path(0, 0, w, total_h), "trim"))
    return Face.build(w, total_h, b, "standee", tuple(ops), None, folds, ())


def compose_die_net(comp: Component, lay: Layout, ctx: dict[str, Any], painter: Painter, w: float, h: float, b: float, safe: float) -> Face:
    """The `net` shape's composer (see cardstock.layout.shapes): a die of side `w`."""
    return _die_net(comp, lay, ctx, painter, w, b, safe)


def compose_standee(comp: Component, lay: Layout, ctx: dict[str, Any], painter: Painter, w: float, h: float, b: float, safe: float) -> Face:
    """The `standee` shape's composer (see cardstock.layout.shapes)."""
    return _standee(lay, ctx, painter, w, h, b, safe)
