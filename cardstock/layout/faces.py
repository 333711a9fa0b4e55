"""Catalog components → laid-out faces (see ops.Face): the one place faces are made.

    faces = Faces(catalog, cache)              every face of one game, laid out once
    faces.records.each()                       each component's record, resolved by the catalog
    faces.face(record, "front" | "back")       one side (None: a back it does not have)
    faces.each()                               (component, side, Face) for every face
    faces.outlines()                           the same, a big game's faces without their drawings
    faces.distinct()                           (svg file stem, Face) for every distinct face

A face's layout is chosen by name from `layouts/default.toml` merged with
`layouts/<game>/faces.toml`: the set's `layout` key, else a layout named like the set id,
else the kind's default (`card`, `tile`, `token`, `die`, `pawn`, `reference`, `board`).
Backs use `back-<back id>`, else `<kind>-back`. Die nets and standees are composed from a
panel layout (one die face, one standee side) drawn into a net with glue tabs and folds.

A face is drawn from its component's record (a `ComponentPrint` the catalog resolves,
`catalog.resolve`), which what asks for the face hands in (`faces.records`: the catalog's
`Records`, resolved before the layout is entered): the catalog says what a component
prints, the layout draws it, reading the record's attributes and asking the catalog
nothing more about the component.

A face is laid out at most once per build: the `Faces` of a game is made once and handed to
the rules check (whose print-safety lint reads what each face found while it was drawn) and
to every stage that draws. It also keeps each face in the cache (`cardstock.core.cache`)
under a key of everything its layout reads, so a later build lays out only the faces whose
inputs changed, and a stage running in another process of the same build reads the faces
the check laid out instead of laying them out again. A `--watch` process hands each build
the faces of the build before (`KeptFaces`), so those are not even read back.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .. import fonts
from ..catalog.art import RASTER_SUFFIXES
from ..catalog.languages import TRANSLATIONS, TRANSLATIONS_TEMPLATE
from ..catalog.load import RULES_FILE
from ..catalog.printing import ComponentPrint
from ..catalog.resolve import RECORDS_ALL_MAX, RECORDS_KEPT, Records
from ..catalog.ruletext import TEMPLATE_SUFFIX
from ..catalog.schema import Component, ComponentSet
from ..core.cache import Cache, code_key, memory_cache
from ..core.issues import InputError, Issue
from ..core.project import files_in, hash_files, shipped_in_use, shipped_layouts
from ..core.tomlpos import Path as KeyPath
from ..core.units import UnitError, parse_length
from .art.ownicons import game_library
from .art.shapes import AUTO, Geometry, auto_shape, custom_outline, shape_of
from .art.symbols import Library
from .boxtypes.services import Subject
from .context import back_context, face_context, make_env
from .editions import InkSpan, in_edition, located_in
from .language.load import LayoutSet, load_layouts, shared_files
from .ops import Face, FaceLines, Guide, Note, Op, rect_path
from .painting import budget
from .painting.memo import BoxMemo
from .painting.painter import Painter
from .painting.panels import compose
from .painting.version_mark import MarkDrawings, paint_marked
from .resolved import Layout
from .text import continued
from .text.words import Fit

if TYPE_CHECKING:
    from pathlib import Path

    from ..catalog.load import Catalog

# A game with more distinct faces than this (its fronts, its components' own backs, each
# deck back once) keeps only each face's outline in memory (size, shape, cut) and reads
# its drawing back from the cache when it is drawn: memory stays bounded however many
# faces a game has. Up to it the drawings stay in memory and no stage, nor any worker
# forked from the build, reads one back: the boxes faces share are kept once (`memo`),
# so a kept face costs little more than its own text (about 0.6 KB a starter's card). The
# bound holds the largest game's cards (`MAX_COMPONENTS`) and their deck backs.
RETAIN_MAX = 60_000
RECENT = 16  # drawings read back from the cache that a game too big to keep them all keeps


class KeptFaces:
    """The faces a process keeps from one build to the next (`cardstock build --watch`), by
    input key. The key hashes everything a face reads, so a face kept under it is the face
    the build would lay out or read back from the cache; the next build takes it as it is
    instead of decoding it again. Only a game that keeps its drawings in memory
    (`RETAIN_MAX`) keeps them here, and only the faces the last finished build asked for
    are kept: `finished` drops the others. A build stopped by bad input drops nothing, so
    the build that follows its fix still finds them."""

    def __init__(self) -> None:
        self._last: dict[bytes, Face] = {}
        self._now: dict[bytes, Face] = {}  # asked for by the build under way
        self._made_last: dict[str, bytes] = {}
        self._made_now: dict[str, bytes] = {}  # `made` for the build under way

    def finished(self) -> None:
        """A build has finished: what it did not ask for goes."""
        self._last, self._now = self._now, {}
        self._made_last, self._made_now = self._made_now, {}

    def made(self, key: str, make: Callable[[], bytes]) -> bytes:
        """What `make` gives, kept under `key` like a face: `key` must name everything
        the bytes depend on (a face's content key and what is made of it, e.g. the
        e-book's SVG of a face), so the bytes kept are the bytes `make` would give."""
        data = self._made_now.get(key) or self._made_last.get(key)
        if data is None:
            data = make()
        self._made_now[key] = data
        return data

    def get(self, key: bytes) -> Face | None:
        face = self._now.get(key) or self._last.get(key)
        if face is not None:
            self._now[key] = face
        return face

    def add(self, key: bytes, face: Face) -> None:
        self._now[key] = face

    def __len__(self) -> int:
        return len(self._now.keys() | self._last.keys())


# ---------------------------------------------------------------- layout choice


def front_layout_name(catalog: Catalog, comp: Component, ls: LayoutSet) -> str:
    return _front_name(catalog.set(comp.set), comp, ls)


def _front_name(s: ComponentSet, comp: Component, ls: LayoutSet) -> str:
    for name in ([s.layout] if s.layout else []) + [comp.set, comp.kind]:
        if ls.has(name):
            return name
    return comp.kind


def back_layout_name(catalog: Catalog, comp: Component, ls: LayoutSet) -> str:
    return _back_name(catalog.set(comp.set), comp, ls)


def _back_name(s: ComponentSet, comp: Component, ls: LayoutSet) -> str:
    names = []
    if s.layout:
        names.append(f"{s.layout}-back")
    names += [f"back-{comp.back}", f"{comp.set}-back", f"{comp.kind}-back", "card-back"]
    for name in names:
        if ls.has(name):
            return name
    return "card-back"


def own_back(catalog: Catalog, comp: Component) -> bool:
    """Whether the component's back is drawn from its own fields (a reference card, a set
    with `double_sided = true`, a card whose text continues on its back) rather than being
    a deck back shared by many."""
    return _owns(catalog.set(comp.set), comp)


def _owns(s: ComponentSet, comp: Component) -> bool:
    return comp.kind == "reference" or s.double_sided or continued.on_back(comp)


def reverse_layout_name(catalog: Catalog, comp: Component, ls: LayoutSet) -> str:
    """The layout of a double-sided component's back: "<layout>-back" or "<set>-back",
    else the front's layout (which can tell the sides apart by `side`)."""
    return _reverse_name(catalog.set(comp.set), comp, ls)


def _reverse_name(s: ComponentSet, comp: Component, ls: LayoutSet) -> str:
    for name in ([f"{s.layout}-back"] if s.layout else []) + [f"{comp.set}-back"]:
        if ls.has(name):
            return name
    return _front_name(s, comp, ls)


def _shape(lay: Layout, comp: Component, w: float, h: float) -> str:
    shape = lay.get("shape", AUTO)
    return auto_shape(comp.kind, w, h) if shape == AUTO else str(shape)


# ---------------------------------------------------------------- the faces of one game


class Faces:
    """Every face of one game, each laid out at most once (see the module's docstring).
    `laid_out` and `from_cache` count how each face was got (the tests count them; a face
    kept from the build before counts as read from the cache)."""

    def __init__(
        self,
        catalog: Catalog,
        cache: Cache | None = None,
        *,
        layouts: LayoutSet | None = None,
        library: Library | None = None,
        kept: KeptFaces | None = None,
    ) -> None:
        self.catalog = catalog
        self.cache = cache if cache is not None else memory_cache()
        self.layouts = (
            layouts
            if layouts is not None
            else load_layouts(
                catalog.root, catalog.game.id, shared_files(catalog), wording=catalog.wording
            )
        )
        if any("drawn" in raw for raw in self.layouts.raw.values()):
            from .drawings.bind import bind_drawn  # a game with a drawn layout: its marks bound

            bind_drawn(self.layouts, catalog)
        self.library = library if library is not None else game_library(catalog)
        self.env = make_env()
        self.fits: dict[tuple[Any, ...], Fit] = {}  # fitted text the faces share (Painter.fit)
        self.styles: dict[int, tuple[Any, Any]] = {}  # text styles reading no template
        self.parts: dict[str, tuple[int, int]] = {}  # a card's other parts: id -> (part, parts)
        self.refused: Issue | None = None  # continued parts past the game's bound (`continued`)
        # each distinct box of the game's faces drawn once (None: every box of every face)
        self.boxes: BoxMemo | None = BoxMemo()
        self.marks = MarkDrawings()  # each version mark drawn once for each width
        owns = [own_back(catalog, c) for c in catalog.components]  # a back of its own
        decks = {c.back for c, own in zip(catalog.components, owns) if not own and c.back}
        self.retain = len(owns) + sum(owns) + len(decks) <= RETAIN_MAX or not self.cache.usable
        self.kept = kept if self.retain else None  # the build before's faces (`--watch`)
        # each component's record, resolved by the catalog for what asks for its faces; all of
        # them kept where the faces are (each stage reads them again), else the last few
        self.records = Records(catalog, self.layouts.theme, self.env, self._records_kept())
        self._faces: dict[bytes, Face] = {}  # input key -> face (an outline when not retained)
        self._by_content: dict[str, bytes] = {}  # content key -> input key, outlines only
        self._common: tuple[str, str] | None = None
        self._back_keys: dict[tuple[str, bool, str], bytes] = {}  # (side, bleed, back) -> key
        # (side, bleed) -> component id -> key, for the component `_keyed` holds under the id
        self._keys: dict[tuple[str, bool], dict[str, bytes]] = {}
        self._keyed: dict[str, Component] = {}
        self._recent: dict[str, Face] = {}  # content key -> drawing read back, the last RECENT
        self.lines = FaceLines()  # faces to and from the cache's entries
        self.drawn = 0  # the path segments of the distinct faces laid out or read back
        self.counted = 0  # and how many faces they are (`painting.budget`)
        self.laid_out = 0
        self.from_cache = 0
        self.step: object = None  # what the layout step kept of them (`step.LaidOut`)
        # each face's words for a reader (`books.cardwords.face_words`) by its component's
        # id, the name its caption gives and its label: worked out once for every book
        self.words: dict[tuple[str, str, str | None], str] = {}

    # ------------------------------------------------------------ asking for faces

    def face(self, record: ComponentPrint, side: str, *, bleed: bool = True) -> Face | None:
        """The face of one side of the component `record` prints (`records`); None for a
        back the component does not have. Laid out the first time it is asked for in this
        build (or read back from the cache when nothing it reads changed)."""
        return self._get(record, side, bleed, drawing=True)

    def _get(self, record: ComponentPrint, side: str, bleed: bool, *, drawing: bool) -> Face | None:
        """The face (`face`); when the game keeps outlines only and `drawing` is false, a
        face asked for before is given as its outline, without reading its drawing back."""
        key = self.key(record, side, bleed)
        if not key:  # a back the component does not have
            return None
        known = self._faces.get(key)
        if known is not None:
            return known if known.ops or self.retain or not drawing else self.full(known)
        face = self.kept.get(key) if self.kept is not None else None
        if face is None:
            stored = self.cache.get("face", key.hex())
            face = self.lines.loads(stored) if stored is not None else None
        if face is not None:
            self.from_cache += 1
        else:
            face = _lay_out(self, record, side, bleed)
            if face is None:
                return None
            self.laid_out += 1
            self.cache.put("face", key.hex(), self.lines.dumps(face))
        self._count(record, face)
        if self.kept is not None:
            self.kept.add(key, face)
        # an outline: drawn and noted only when read back
        self._faces[key] = face if self.retain else face.outline()
        if not self.retain:  # read by `full` alone, which a kept drawing never needs
            self._by_content.setdefault(face.key, key)
        return face

    def _count(self, record: ComponentPrint, face: Face) -> None:
        """Add the face's path segments to the game's; past `budget.MAX_GAME_SEGMENTS`,
        the game is bad input, refused at the component whose face passed it."""
        self.drawn += budget.segments(face.ops)
        self.counted += 1
        if self.drawn > budget.MAX_GAME_SEGMENTS:
            comp = record.shown.component
            message = budget.game_message(self.drawn, self.counted)
            raise InputError([Issue(comp.file, comp.line, "", message)])

    def outline(self, record: ComponentPrint, side: str, *, bleed: bool = True) -> Face | None:
        """The face as imposition needs it (size, shape, cut, folds, content key): without
        its drawing when the game is too big to keep every drawing in memory (`full` gives
        the drawing back when the face is drawn)."""
        face = self._get(record, side, bleed, drawing=False)
        if face is None or self.retain or not face.ops:
            return face
        return self._faces[self.key(record, side, bleed)]

    def full(self, face: Face) -> Face:
        """The face `outline` gave, with its drawing. The last `RECENT` drawings read back
        are kept: a deck back every card shares is read once, not once a card."""
        if face.ops or self.retain:
            return face
        recent = self._recent.get(face.key)
        if recent is not None:
            return recent
        key = self._by_content.get(face.key)
        stored = self.cache.get("face", key.hex()) if key is not None else None
        found = self.lines.loads(stored) if stored is not None else None
        if found is None:
            return face
        if len(self._recent) >= RECENT:
            del self._recent[next(iter(self._recent))]
        self._recent[face.key] = found
        return found

    def each(self, *, bleed: bool = True) -> Iterator[tuple[Component, str, Face]]:
        """Every face of every component, front then back (a back the component lacks is
        left out)."""
        for record in self.records.each():
            for side in ("front", "back"):
                face = self.face(record, side, bleed=bleed)
                if face is not None:
                    yield record.shown.component, side, face

    def outlines(self, *, bleed: bool = True) -> Iterator[tuple[Component, str, Face]]:
        """`each`, as outlines (`outline`): for what a face found and its size, not what it
        draws. A face laid out now comes whole; a game too big to keep every drawing reads
        none back from the cache for this."""
        for record in self.records.each():
            for side in ("front", "back"):
                face = self.outline(record, side, bleed=bleed)
                if face is not None:
                    yield record.shown.component, side, face

    def distinct(self, *, bleed: bool = True) -> Iterator[tuple[str, Face]]:
        """Every distinct face, named by its SVG file stem: `<component id>` for fronts,
        `<component id>-reverse` for the second side of a reference card or a double-sided
        set, and `back-<back id>` for each deck back (with a suffix if a back is drawn in
        two shapes); the deck backs last."""
        backs: list[tuple[str, Face]] = []
        back_keys: dict[str | None, list[tuple[Any, ...]]] = {}
        catalog = self.catalog
        for record in self.records.each():
            comp = record.shown.component
            front = self.face(record, "front", bleed=bleed)
            assert front is not None  # only a back can be missing
            yield comp.id, front
            back = self.face(record, "back", bleed=bleed)
            if back is None:
                continue
            if own_back(catalog, comp):
                yield f"{comp.id}-reverse", back
                continue
            seen = back_keys.setdefault(comp.back, [])
            shape_key = (back.shape, back.width, back.height)
            if shape_key in seen:
                continue
            stem = (
                f"back-{comp.back}"
                if not seen
                else f"back-{comp.back}-{comp.kind}-{_slug(comp.size)}"
            )
            seen.append(shape_key)
            backs.append((stem, back))
        yield from backs

    # ------------------------------------------------------------ keys

    def common_key(self) -> tuple[str, str]:
        """(what every face of the game reads, what only faces reading whole tables add):
        the first hashes the code and fonts, the layouts, the project's fonts and every
        file of the game's catalog folder except its tables (a face reads its own row,
        which is in its own key); the second hashes the tables (reference cards render
        templates that may read any row). Left out: the files no face reads (`_unread`),
        so that writing the rulebook or signing its texts lays no face out again."""
        if self._common is None:
            catalog = self.catalog
            folder, root = catalog.folder, catalog.root
            tables = {(folder / s.table).resolve() for s in catalog.game.sets if s.table}
            files = [p for p in files_in(folder) if not _unread(p, catalog)]
            layouts = [p for p in files_in(root / "layouts") if not _unread(p, catalog)]
            # a picture's op names its file by path (the renderers read it there): a game
            # with raster art keys its faces by the project's folder too; a game without
            # draws the same faces from any copy of it
            pictures = any(p.suffix.lower() in RASTER_SUFFIXES for p in (*files, *layouts))
            common = "\n".join(
                [
                    str(root) if pictures else "",
                    code_key(),
                    hash_files([p for p in files if p.resolve() not in tables], folder),
                    hash_files(layouts, root),
                    hash_files(shipped_in_use(root), shipped_layouts()),
                    hash_files(files_in(root / "fonts"), root),
                ]
            )
            self._common = (common, hash_files([p for p in files if p.resolve() in tables], folder))
        return self._common

    def key(self, record: ComponentPrint, side: str, bleed: bool) -> bytes:
        """The input key of one face: what its layout reads (`common_key`), its side and
        bleed, and what it is drawn from — the component's row, or for a deck back the
        back and the layout chosen for it (`_back_key`), so cards sharing a back share one
        key; empty for a back the component does not have. Worked out once per face and
        build (each stage asks for every face), and held for the whole build even in a
        game too big to keep its drawings: so it is the sha256 digest itself (a 65-byte
        object; its hex text, which the cache is given, is 113), found by the component's
        id in a table for each side and bleed (a tuple a face would cost 56 bytes more); a
        component met under an id another had is keyed anew on every side."""
        if side not in ("front", "back"):
            raise ValueError(f"side must be 'front' or 'back', not {side!r}")
        component = record.shown.component
        if self._keyed.get(component.id) is not component:
            self._keyed[component.id] = component
            for table in self._keys.values():
                table.pop(component.id, None)
        by_id = self._keys.get((side, bleed))
        if by_id is None:
            by_id = self._keys[(side, bleed)] = {}
        key = by_id.get(component.id)
        if key is None:
            drawn = side == "front" or _has_back(record)
            key = by_id[component.id] = self._key(record, side, bleed) if drawn else b""
        return key

    def _key(self, record: ComponentPrint, side: str, bleed: bool) -> bytes:
        common, tables = self.common_key()
        component = record.shown.component
        drawn_from = _back_key(record, side, self.layouts)
        what = repr(drawn_from if drawn_from is not None else continued.drawn_as(component, side))
        reads = _quickref_key(record, side, tables) if component.kind == "reference" else ""
        shared = (side, bleed, what) if drawn_from is not None and not reads else None
        known = self._back_keys.get(shared) if shared is not None else None
        if known is not None:  # a deck back many cards share: one key, not one a card
            return known
        # a language's words (backs, layouts) come from its .po file, which `common` hashes
        parts = [common, reads, side, "bleed" if bleed else "trim", what, self.catalog.lang or ""]
        if self.catalog.edition:  # the colour edition's keys stay as they were
            parts.append(self.catalog.edition)
        key = hashlib.sha256("\n".join(parts).encode()).digest()
        if shared is not None:
            self._back_keys[shared] = key
        return key

    # ------------------------------------------------------------ laying out

    def printing(self) -> Faces:
        """These faces for the stages that print them (`continued.printing`), their
        records resolved from the catalog those stages print."""
        view = continued.printing(self, front_layout_name)
        if view is not self:
            view.records = Records(view.catalog, self.layouts.theme, self.env, view._records_kept())
        return view

    def _records_kept(self) -> int:
        """How many records `records` keeps: every component's when the faces are kept and
        the game has at most `RECORDS_ALL_MAX` components, else `RECORDS_KEPT`."""
        count = len(self.catalog.components)
        return count if self.retain and count <= RECORDS_ALL_MAX else RECORDS_KEPT

    def static_issues(self) -> list[Issue]:
        """Problems that do not depend on one face: layout and symbol files, unknown symbols
        named by the game's icons, unknown layout names named by its sets."""
        catalog = self.catalog
        found: list[Issue] = list(self.layouts.issues) + self.library.problems()
        found += fonts.use_project_fonts(catalog.root, cache=self.cache)
        # names are looked up only in files that loaded: in a broken one every name is
        # unknown (and a game that names no icon does not read the library for them)
        if catalog.game.icons and not any(i.level == "error" for i in self.library.issues):
            found += unknown_symbols(catalog, self.library)
        if not any(i.level == "error" for i in self.layouts.issues):
            found += _unknown_layout_names(catalog, self.layouts)
        return found


def _unread(path: Path, catalog: Catalog) -> bool:
    """Is `path` a file none of `catalog`'s faces reads: the game's rules, a game's rulebook
    template (`layouts/<game>/rulebook.md.j2`, read by the rulebook and the rules check; a quick
    reference's templates are faces'), or a translation into another language than the
    catalog's (`catalog/<game>/translations/<lang>.po`, and the untranslated template
    beside them)?"""
    root = catalog.root
    if path == catalog.folder / RULES_FILE:
        # a reference card's side reads the rules through its template's text alone, which
        # is in its own key (`_quickref_key`); no other face reads them
        return True
    if path.parent == catalog.folder / TRANSLATIONS:
        return path.name == TRANSLATIONS_TEMPLATE or (
            path.suffix == ".po" and path.stem != catalog.lang
        )
    return path.name == f"rulebook{TEMPLATE_SUFFIX}" and path.parent.parent == root / "layouts"


def _has_back(record: ComponentPrint) -> bool:
    """Whether the component has a back: its own, or a deck back the game writes."""
    return _owns(record.shown.of_set.set, record.shown.component) or record.back_at is not None


def _back_key(record: ComponentPrint, side: str, layouts: LayoutSet) -> tuple[Any, ...] | None:
    """What a deck back's face depends on besides the catalog and the layouts: the back,
    the layout chosen for it, and the component's kind and size (which set the shape).
    None when the face depends on more of the component: fronts, reference cards, and
    backs drawn as die nets or standees (those read the component's fields)."""
    s, component = record.shown.of_set.set, record.shown.component
    if side != "back" or _owns(s, component) or record.back_at is None:
        return None
    name = _back_name(s, component, layouts)
    lay = layouts.resolve(name)
    if lay is not None and shape_of(lay.get("shape")).geometry is None:  # composed from the fields
        return None
    return ("back", component.back, name, component.kind, component.size)


def _quickref_key(record: ComponentPrint, side: str, tables: str) -> str:
    """What a reference card's side reads of the tables: the text its quick-reference
    template renders to (with the problems found on the way). The template may read
    any row, but only through this text, so an edit to a row the text does not print
    keeps the face. A template that breaks the sandbox's bounds is keyed by the tables
    (its face reports the problem)."""
    ref = record.quickref[side]
    if ref.refused is not None:
        return tables
    shown = repr((ref.text, [repr(i) for i in ref.problems]))
    return "quickref\n" + hashlib.sha256(shown.encode()).hexdigest()


def _lay_out(st: Faces, record: ComponentPrint, side: str, bleed: bool) -> Face | None:
    catalog, ls = st.catalog, st.layouts
    component, of_set = record.shown.component, record.shown.of_set.set
    if side == "back" and not _owns(of_set, component):
        if component.back is None or record.back_at is None:
            return None
        lay_name = _back_name(of_set, component, ls)
        ctx = back_context(catalog, component.back, ls.theme)
        subject = Subject(f"back {component.back!r}", *record.back_at)
        issues: list[Issue] = []
    else:
        if side == "back" and component.kind != "reference":
            lay_name = _reverse_name(of_set, component, ls)
        else:
            lay_name = _front_name(of_set, component, ls)
        ctx, issues = face_context(catalog, record, ls.theme, side)
        lay_name = continued.part_layout(st, component, side, lay_name, ctx)
        subject = Subject(f"component {component.id!r}", component.file, component.line)
        if component.kind == "reference":
            ref = record.quickref[side]
            if ref.refused is not None:
                raise ref.refused
            ctx["quickref"] = ref.text
            issues += ref.problems
    lay = ls.resolve(lay_name)
    painter = Painter(
        catalog, ls, st.library, st.env, subject, list(issues), st.fits, st.styles, memo=st.boxes
    )
    if lay is None:
        painter.issues.append(
            Issue(
                ls.files[0] if ls.files else "layouts/default.toml",
                None,
                "",
                f"there is no layout {lay_name!r} (needed for {subject.label})",
                bad_input=True,
            )
        )
        return Face.build(10, 10, 0, "rect", (), findings=tuple(painter.issues))
    b = _length(catalog.game.print.bleed) if bleed else 0.0
    safe = _length(catalog.game.print.safe)
    w, h = record.size
    shape = _shape(lay, component, w, h)
    custom = None
    inks: list[InkSpan] | None = [] if catalog.edition else None
    if shape_of(shape).geometry is None:  # a die net or a standee: panels composed into a net
        face = compose(shape_of(shape), record, lay, ctx, painter, (w, h, b, safe), inks)
    else:
        if shape_of(shape).custom:  # the designer's own outline, stretched to the size
            try:
                custom = custom_outline(lay.get("outline"), catalog.folder, w, h)
            except ValueError as exc:
                painter.layout_issue(lay, None, "outline", str(exc))
                shape = "rect"
        corner = (
            painter.parse_len(lay, None, "corner_radius", lay.get("corner_radius", "0mm"), 0.0)
            if shape_of(shape).corner_radius
            else 0.0
        )
        geo = Geometry(w, h, b, safe, shape, corner, custom)
        marked = paint_marked(
            painter, lay, ctx, geo, (w, h, b, shape), record, catalog, st.marks, inks
        )
        face = marked.face((w, h, b, shape), geo.cut(), _guides(geo))
    return _finished(st, painter, face, shape_of(shape).geometry is None, (side, inks))


def _finished(
    st: Faces,
    painter: Painter,
    face: Face,
    composed: bool,
    edition: tuple[str, list[InkSpan] | None],
) -> Face:
    """The face with what drawing it found (its findings, its boxes' notes), in the game's
    edition: the one place a face becomes its edition's (`layout.editions`); `edition` is
    its side and what each box's `ink` asked."""
    findings = tuple(dict.fromkeys(painter.issues))
    if st.boxes is not None:
        findings = st.boxes.findings(findings)
    face = face.found(findings, _notes(painter.notes, st.boxes, composed=composed))
    if st.catalog.edition:
        side, inks = edition
        face = in_edition(
            face, st.catalog.edition, side, tuple(inks or ()), located_in(painter.layouts)
        )
    return face


def _notes(found: list[Note], memo: BoxMemo | None, *, composed: bool) -> tuple[Note, ...]:
    """One note a box (what it found in all its draws), in drawing order; the boxes of a
    composed net are not placed on the face (their rectangles are the panel's). Equal to
    the notes of a face before, they are that face's tuple (`BoxMemo.notes`)."""
    merged: dict[str, Note] = {}
    for n in found:
        was = merged.get(n.box)
        if was is not None:
            text = n if n.size else was
            n = Note(
                n.box,
                min(was.x0, n.x0),
                min(was.y0, n.y0),
                max(was.x1, n.x1),
                max(was.y1, n.y1),
                text.size,
                text.min_size,
                text.overflow,
                tuple(dict.fromkeys(was.problems + n.problems)),
            )
        merged[n.box] = n
    if composed:
        notes = tuple(
            dataclasses.replace(n, x0=0.0, y0=0.0, x1=0.0, y1=0.0) for n in merged.values()
        )
    else:
        notes = tuple(merged.values())
    return memo.notes(notes) if memo is not None else notes


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
            more = (
                f" and {len(who) - 1} more face{'s' if len(who) > 2 else ''}"
                if len(who) > 1
                else ""
            )
            issue = dataclasses.replace(issue, message=f"{issue.message} (drawing {who[0]}{more})")
        out.append(issue)
    return sorted(out, key=lambda i: (i.file, i.line or 0, i.field, i.message))


def unknown_symbols(catalog: Catalog, lib: Library | None = None) -> list[Issue]:
    """Icons whose `symbol` the library does not draw, at the game.toml line of the key."""
    assert lib is not None, "the game's symbol library"
    out = []
    for key, icon in catalog.game.icons.items():
        if icon.symbol is None or lib.get(icon.symbol) is None:
            file, line = _game_line(catalog, ("icons", key, "symbol"))
            out.append(
                Issue(
                    file,
                    line,
                    f"icons.{key}.symbol",
                    f"unknown symbol {icon.symbol!r}; the symbol library "
                    "(layouts/symbols.toml, and the game's icons/ folder) has: "
                    f"{', '.join(lib.names())}",
                )
            )
    return out


def _unknown_layout_names(catalog: Catalog, ls: LayoutSet) -> list[Issue]:
    out = []
    for i, s in enumerate(catalog.game.sets):
        if s.layout and not ls.has(s.layout):
            file, line = _game_line(catalog, ("sets", i, "layout"))
            out.append(
                Issue(
                    file,
                    line,
                    f"sets[{i}].layout",
                    f"unknown layout {s.layout!r}; the layouts are: "
                    f"{', '.join(sorted(ls.names()))}",
                )
            )
    return out


# ---------------------------------------------------------------- helpers


def _length(text: str) -> float:
    try:
        return parse_length(text)
    except UnitError:
        return 0.0


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _game_line(catalog: Catalog, path: KeyPath) -> tuple[str, int | None]:
    return catalog.display(catalog.folder / "game.toml"), catalog.line(*path)


@lru_cache(maxsize=64)
def _guides(geo: Geometry) -> tuple[Op, ...]:
    """The face's non-printing guides (trim or corners, safe zone); worked out once for
    each geometry (the faces of a deck share theirs)."""
    out: list[Op] = []
    if geo.polygon() is None and not geo.cut():  # a rectangle: its corners and a square safe zone
        out.append(
            Guide(rect_path(0, 0, geo.w, geo.h, geo.corner), "corner" if geo.corner else "trim")
        )
        s = geo.safe
        out.append(Guide(rect_path(s, s, geo.w - 2 * s, geo.h - 2 * s), "safe"))
    else:
        out.append(Guide(geo.outline_path(0.0), "trim"))
        out.append(Guide(geo.outline_path(geo.safe), "safe"))
    return tuple(out)
