"""Boxes the written lengths leave no room: a box whose `left` and `right` (or `top` and
`bottom`) cross or meet, whose one edge is at or past the far side of its frame, or whose
written `width` or `height` is 0, on a face of the size a component draws it at. Each is
refused once, at the line of the key that decides it (the project's own file's, where
one writes a key that decides it), before any face is drawn; a box whose placing keys a
template writes is refused where a face is drawn (`Painter.box_rect`), naming the face.
A box the defaults cardstock ships place alone is a warning: those are made for the
usual sizes, and the face is drawn without the box; so is a box drawn only `when` its
condition holds, which may keep it off every face it has no room on."""

from __future__ import annotations

from typing import Any

from ...catalog.load import Catalog
from ...catalog.schema import Component
from ...core.issues import Issue, Level
from ...core.project import SHIPPED_NAME
from ...core.units import UnitError, parse_length, parse_size
from ..art.shapes import AUTO, Geometry, auto_shape, shape_of
from ..faces import back_layout_name, front_layout_name, own_back, reverse_layout_name
from ..language.load import LayoutSet
from ..painting.painter import EDGES, blamed, length_value, no_room
from ..resolved import Box, Layout
from ..text import continued

Size = tuple[str, float, float]  # a component's kind, and its trim width and height


def boxes_without_room(catalog: Catalog, ls: LayoutSet) -> list[Issue]:
    """Every box with no room on a face a component draws it on (see the module's
    docstring): the faces of die nets and standees (panels) are left to their drawing."""
    try:
        bleed, safe = (parse_length(v) for v in (catalog.game.print.bleed, catalog.game.print.safe))
    except UnitError:
        return []  # reported by the catalog's check
    dpi = catalog.game.print.dpi  # what a `px` length is (None: CSS pixels)
    found: dict[tuple[str, int | None, str], Issue] = {}
    for name, sizes in _drawn(catalog, ls).items():
        lay = ls.resolve(name)
        if lay is None:
            continue  # reported as a missing layout
        for kind, w, h in sizes:
            shape = lay.get("shape", AUTO)
            if shape_of(auto_shape(kind, w, h) if shape == AUTO else shape).geometry is None:
                continue  # panels composed into a net: each panel is its own size
            geo = Geometry(w, h, bleed, safe)  # the frames are the outline's box whatever it is
            for box in lay.boxes:
                for issue in _box(box, geo, dpi):
                    found.setdefault((issue.file, issue.line, issue.field), issue)
    return list(found.values())


def _box(box: Box, geo: Geometry, dpi: float | None) -> list[Issue]:
    written = {k: box.values.get(k) for k in EDGES}
    for k, v in written.items():
        at = box.at(k)
        if v is not None and (at is None or not at.file.endswith(".toml")):
            return []  # placed by a drawing (`drawings.bind`), not by a layout file
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
    for keys, message in no_room(box, lengths, frame, (geo.w, geo.h), frame_name):
        key = blamed(box, keys)
        at = box.at(key)
        field = ".".join(str(p) for p in at.path) if at is not None else key
        # the defaults cardstock ships, on a face smaller than they are made for: a
        # warning (the face is drawn without the box; the game's file can move it); so is a
        # box a `when` may keep off every face of this size
        shipped = at is not None and at.file.startswith(f"{SHIPPED_NAME}:")
        said = message(written, shipped)
        level: Level = "warning" if shipped or box.get("when") is not None else "error"
        out.append(Issue(*box.where(key), field, said, level))
    return out


def _drawn(catalog: Catalog, ls: LayoutSet) -> dict[str, dict[Size, None]]:
    """The layouts the components' faces are drawn with, each with the sizes it is drawn
    at: fronts, backs, and the layouts a continued text's later parts are on."""
    out: dict[str, dict[Size, None]] = {}
    for comp in catalog.components:
        try:
            w, h = parse_size(comp.size)
        except UnitError:
            continue  # reported by the catalog's check
        for name in _layouts(catalog, comp, ls):
            out.setdefault(name, {})[(comp.kind, w, h)] = None
            lay = ls.resolve(name)
            for later in _continued(lay) if lay is not None else ():
                out.setdefault(later, {})[(comp.kind, w, h)] = None
    return out


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
