"""Boxes the written lengths leave no room: a box whose `left` and `right` (or `top` and
`bottom`) cross or meet, whose one edge is at or past the far side of its frame, or whose
written `width` or `height` is 0 (a `line` may be 0 thick on one axis, not on both: a
point draws nothing), on a face of the size a component draws it at, and on each panel
of a die net or a standee at the panel's size (the message names the panel). Each is
refused once, at the line of the key that decides it (the project's own file's, where
one writes a key that decides it), before any face is drawn; a box a drawn layout's
drawing places (`drawings.load`) is refused at its element's line in the drawing. A box
whose placing keys a template writes is refused where a face is drawn
(`Painter.box_rect`), naming the face. A box the defaults cardstock ships place alone is
a warning: those are made for the usual sizes, and the face is drawn without the box; so
is a box drawn only `when` its condition holds, which may keep it off every face it has
no room on."""

from __future__ import annotations

from typing import Any, NamedTuple

from ...catalog.load import Catalog
from ...catalog.schema import Component
from ...core.issues import Issue, Level
from ...core.project import SHIPPED_NAME
from ...core.units import UnitError, parse_length, parse_size
from ..art.shapes import AUTO, Geometry, auto_shape, shape_of
from ..faces import back_layout_name, front_layout_name, own_back, reverse_layout_name
from ..language.load import LayoutSet
from ..painting.painter import EDGES, blamed, length_value, no_room
from ..painting.panels import panel_geometry, panel_of, panel_size
from ..resolved import Box, Layout
from ..text import continued


class Place(NamedTuple):
    """Where a layout is drawn: a face of a component's size, or a panel of a die net or a
    standee drawn for it (`panel` names it, as messages say it)."""

    kind: str
    w: float
    h: float
    panel: str | None = None


def boxes_without_room(catalog: Catalog, ls: LayoutSet) -> list[Issue]:
    """Every box with no room on a face or a panel a component draws it on (see the
    module's docstring)."""
    try:
        bleed, safe = (parse_length(v) for v in (catalog.game.print.bleed, catalog.game.print.safe))
    except UnitError:
        return []  # reported by the catalog's check
    dpi = catalog.game.print.dpi  # what a `px` length is (None: CSS pixels)
    found: dict[tuple[str, int | None, str, str], Issue] = {}
    for name, places in _drawn(catalog, ls).items():
        lay = ls.resolve(name)
        if lay is None:
            continue  # reported as a missing layout
        drawing = _drawing_of(lay)
        for place in places:
            if place.panel is None:
                geo = Geometry(place.w, place.h, bleed, safe)  # the frames: the outline's box
            else:
                geo = panel_geometry(place.w, place.h, bleed, safe)
            for box in lay.boxes:
                for key, issue in _box(box, geo, dpi, place.panel, drawing):
                    found.setdefault((issue.file, issue.line, box.name, key), issue)
    return list(found.values())


def _drawing_of(lay: Layout) -> str:
    """The name of the layout whose drawing places `lay`'s drawn boxes (the one that names
    it, which `lay` may extend), as the fields of messages name the boxes."""
    at = lay.at("drawn") if lay.get("drawn") is not None else None
    return str(at.path[1]) if at is not None and len(at.path) > 2 else lay.name


def _box(
    box: Box, geo: Geometry, dpi: float | None, panel: str | None, drawing: str
) -> list[tuple[str, Issue]]:
    """Each problem of room of `box` drawn with the geometry `geo`, with the key it is
    reported at; `drawing`: the layout a drawn box's field is named in."""
    written = {k: box.values.get(k) for k in EDGES}
    for v in written.values():
        if type(v) is str and ("{{" in v or "{%" in v):
            return []  # made by a template: measured on each face
    frame_name = box.get("frame", "safe")
    frame = geo.frame(frame_name)
    lengths: dict[str, float | None] = {}
    for i, (k, v) in enumerate(written.items()):
        if v is None or (isinstance(v, str) and v.strip() == "none"):
            lengths[k] = None
            continue
        try:
            lengths[k] = length_value(str(v), frame[2 + i // 3], dpi) if str(v).strip() else 0.0
        except UnitError:
            return []  # reported as a length
    out = []
    for keys, message in no_room(box, lengths, frame, (geo.w, geo.h), frame_name, panel):
        key = blamed(box, keys)
        at = box.at(key)
        file = at.file if at is not None else ""
        # a drawing's element placed the box (`drawings.load`: no layout file's key): the
        # field names the key in the layout the drawing makes, the message the element
        drawn = at is not None and not file.endswith(".toml")
        if at is None or drawn:
            field = f"layouts.{drawing}.boxes.{box.name}.{key}"
        else:
            field = ".".join(str(p) for p in at.path)
        # the defaults cardstock ships, on a face smaller than they are made for: a
        # warning (the face is drawn without the box; the game's file can move it); so is a
        # box a `when` may keep off every face of this size
        shipped = file.startswith(f"{SHIPPED_NAME}:")
        said = message(written, shipped, drawn)
        level: Level = "warning" if shipped or box.get("when") is not None else "error"
        out.append((key, Issue(*box.where(key), field, said, level)))
    return out


def _drawn(catalog: Catalog, ls: LayoutSet) -> dict[str, dict[Place, None]]:
    """The layouts the components' faces are drawn with, each with the places it is drawn
    at: fronts, backs, and the layouts a continued text's later parts are on, at the
    component's size; the panels of a die net or a standee, at the panel's."""
    out: dict[str, dict[Place, None]] = {}
    for comp in catalog.components:
        try:
            w, h = parse_size(comp.size)
        except UnitError:
            continue  # reported by the catalog's check
        for name in _layouts(catalog, comp, ls):
            lay = ls.resolve(name)
            if lay is None:
                continue  # reported as a missing layout
            for each, place in _places(ls, name, lay, Place(comp.kind, w, h)):
                out.setdefault(each, {})[place] = None
    return out


def _places(ls: LayoutSet, name: str, lay: Layout, face: Place) -> list[tuple[str, Place]]:
    """The layouts a side drawn with `lay` (named `name`) at the place `face` draws, each
    with its place: its own and its continued texts' layouts at the face's size, unless
    its shape is composed of panels, whose layout is drawn at the panel's size."""
    shape = lay.get("shape", AUTO)
    shape = shape_of(auto_shape(face.kind, face.w, face.h) if shape == AUTO else shape)
    if shape.geometry is not None:
        return [(each, face) for each in (name, *_continued(lay))]
    panel, called = panel_of(shape, lay)
    if ls.resolve(panel) is None:
        return []  # reported where the face is drawn
    w, h = panel_size(shape, face.w, face.h)
    return [(panel, Place(face.kind, w, h, f"panel {panel!r} of the {called} {name!r}"))]


def _layouts(catalog: Catalog, comp: Component, ls: LayoutSet) -> list[str]:
    """The layouts of a component's sides (as `faces._lay_out` picks them)."""
    names = [front_layout_name(catalog, comp, ls)]
    if own_back(catalog, comp):
        if comp.kind != "reference":
            names.append(reverse_layout_name(catalog, comp, ls))
    elif comp.back is not None and comp.back in catalog.game.backs:
        names.append(back_layout_name(catalog, comp, ls))
    return names


def _continued(lay: Layout) -> list[str]:
    """The layouts a text of `lay` goes on onto, where it names one literally."""
    out: list[str] = []
    for box in lay.boxes:
        named: Any = box.get(continued.KEY)
        if box.get("overflow") == continued.CONTINUE and isinstance(named, str):
            if "{{" not in named and "{%" not in named:
                out.append(named)
    return out
