"""Composed shapes: faces drawn from panel layouts rather than from one outline.

A shape whose record has no geometry (`shapes.SHAPES`: `die_net`, `standee`) is drawn
here from the layout's `panel`: a die net is six panels folded into a cube with glue
tabs; a standee is two panels back to back on a base. `compose` picks the drawing by the
shape record's own flag.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from ...catalog.printing import ComponentPrint
from ...catalog.resolve import DIE_FACES, FACES_FIELD
from ...core.units import parse_length
from ..art.shapes import Geometry, Shape
from ..context import tint
from ..ops import Face, Group, Guide, Op, Path, Point, Rect, polygon_path, r, rect_path
from ..resolved import Box, Layout
from ..safety import measures
from .inks import InkSpan, box_ink
from .painter import Painter

Check = Callable[[Box, list[Op], list[Op]], None]
DIE_PANEL = "die-face"  # the layout of a die net's panels when its layout names none
STANDEE_PANEL = "pawn-panel"  # the layout of a standee's panels when its layout names none


def compose(
    shape: Shape,
    record: ComponentPrint,
    lay: Layout,
    ctx: dict[str, Any],
    painter: Painter,
    size: tuple[float, float, float, float],
    inks: list[InkSpan] | None = None,
) -> Face:
    """The face of a composed shape (a die of side `w`, or a standee `w` × `h` a side;
    `size`: w, h, bleed, safe). `inks`, when given, is told (panel, first op, op count,
    ink) of each box of a panel whose layout gives `ink` (`layout.editions`)."""
    w, h, b, safe = size
    if shape.die_net:
        return _die_net(record, lay, ctx, painter, w, b, safe, inks)
    if shape.standee:
        kind = record.shown.component.kind
        return _standee(lay, ctx, painter, (w, h, b, safe), measures.min_type(kind), inks)
    raise ValueError(f"no panels compose the shape {shape.doc!r}")


def panel_of(shape: Shape, lay: Layout) -> tuple[str, str]:
    """The layout each panel of a composed shape is drawn with (the layout's `panel`), and
    what the shape is called in messages."""
    if shape.die_net:
        return str(lay.get("panel", DIE_PANEL)), "die net"
    return str(lay.get("panel", STANDEE_PANEL)), "standee"


def panel_size(shape: Shape, w: float, h: float) -> tuple[float, float]:
    """The trim size of each panel of a composed shape drawn for a component `w` x `h`: a
    die net's panels are squares of the die's side, a standee's the component's size."""
    return (w, w) if shape.die_net else (w, h)


def panel_geometry(w: float, h: float, bleed: float, safe: float) -> Geometry:
    """The geometry of a panel `w` x `h`: a rectangle whose safe margin is at most 8% of
    its width."""
    return Geometry(w, h, bleed, min(safe, w * 0.08), "rect")


def _inked(check: Check, inks: list[InkSpan] | None, panel: int) -> Check:
    """`check`, also telling `inks` each box of the `panel`-th op that gives its `ink`."""
    if inks is None:
        return check

    def told(box: Box, before: list[Op], drawn: list[Op]) -> None:
        ink = box_ink(box)
        if ink is not None and drawn:
            inks.append(((panel,), len(before), len(drawn), ink))
        check(box, before, drawn)

    return told


# ---------------------------------------------------------------- die nets

# The cross net: squares (column, row) in units of one die face.
_NET = {"A": (1, 0), "B": (0, 1), "C": (1, 1), "D": (2, 1), "E": (1, 2), "F": (1, 3)}
_SLOTS = ["C", "A", "B", "D", "E", "F"]  # faces[i] and faces[5 - i] land on opposite sides
# what a die whose faces are no texts prints on each (its field is reported as read)
_EMPTY_FACES: tuple[dict[str, Any], ...] = (
    {"face": "", "face_text": "", "face_icons": [], "face_number": None},
) * DIE_FACES
# The outline, clockwise from A's top-left corner: (from, to, edge has a glue tab)
_OUTLINE = [
    ((1, 0), (2, 0), False),
    ((2, 0), (2, 1), True),
    ((2, 1), (3, 1), False),
    ((3, 1), (3, 2), False),
    ((3, 2), (2, 2), False),
    ((2, 2), (2, 3), True),
    ((2, 3), (2, 4), True),
    ((2, 4), (1, 4), True),
    ((1, 4), (1, 3), True),
    ((1, 3), (1, 2), True),
    ((1, 2), (0, 2), False),
    ((0, 2), (0, 1), False),
    ((0, 1), (1, 1), False),
    ((1, 1), (1, 0), True),
]
_FOLDS = [((1, 1), (2, 1)), ((1, 1), (1, 2)), ((2, 1), (2, 2)), ((1, 2), (2, 2)), ((1, 3), (2, 3))]
# sides of each square that are cut edges without a tab (their art bleeds past the cut)
_FREE = {
    "A": ("top",),
    "B": ("top", "left", "bottom"),
    "C": (),
    "D": ("top", "right", "bottom"),
    "E": (),
    "F": (),
}


def _die_net(
    record: ComponentPrint,
    lay: Layout,
    ctx: dict[str, Any],
    painter: Painter,
    s: float,
    b: float,
    safe: float,
    inks: list[InkSpan] | None = None,
) -> Face:
    panel_name = lay.get("panel", DIE_PANEL)
    panel = painter.layouts.resolve(panel_name)
    tab = painter.parse_len(lay, None, "tab", lay.get("tab", "5mm"), parse_length("5mm"))
    tab = min(tab, s * 0.45)
    comp = record.shown.component
    values = comp.fields.get(FACES_FIELD) or []
    if len(values) != DIE_FACES:
        painter.data_issue(
            FACES_FIELD, f"a die net needs 6 faces separated by '|', got {len(values)}"
        )
    parts = record.die_faces or _EMPTY_FACES
    ops: list[Op] = []
    geo = panel_geometry(s, s, b, safe)
    if panel is None:
        painter.layout_issue(lay, None, "panel", f"unknown panel layout {panel_name!r}")
    for i, slot in enumerate(_SLOTS):
        col, row = _NET[slot]
        x0, y0 = col * s, row * s
        fctx = dict(ctx)
        fctx.update(parts[i], face_icons=list(parts[i]["face_icons"]), face_index=i + 1)
        check = measures.type_check(painter.issues, panel, measures.min_type(comp.kind))
        inner = (
            painter.paint(panel, fctx, geo, check=_inked(check, inks, len(ops)))
            if panel is not None
            else []
        )
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
    for p, q, has_tab in _OUTLINE:
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


def _fold_and_cut_lines(
    folds: Iterable[tuple[Point, Point]], cut: Iterable[Point], color: str
) -> list[Op]:
    out: list[Op] = []
    for p, q in folds:
        out.append(
            Path(
                (("M", p[0], p[1]), ("L", q[0], q[1])),
                stroke=color,
                stroke_width=0.5,
                dash=(2.0, 1.5),
            )
        )
    out.append(Path(polygon_path(cut), stroke=color, stroke_width=0.35, join="round"))
    return out


# ---------------------------------------------------------------- standees


def _standee(
    lay: Layout,
    ctx: dict[str, Any],
    painter: Painter,
    size: tuple[float, float, float, float],
    minimum: float,
    inks: list[InkSpan] | None = None,
) -> Face:
    """A folding standee: base flap, back (upside down), front, base flap, in one strip.
    Folded at the heads (the middle line) and at both bases, each side stands upright."""
    w, h, b, safe = size
    panel_name = lay.get("panel", STANDEE_PANEL)
    panel = painter.layouts.resolve(panel_name)
    if panel is None:
        painter.layout_issue(lay, None, "panel", f"unknown panel layout {panel_name!r}")
    base = painter.parse_len(lay, None, "base", lay.get("base", "12mm"), parse_length("12mm"))
    geo = panel_geometry(w, h, b, safe)
    ops: list[Op] = []
    accent = ctx.get("accent") or painter.layouts.theme.get("accent", "#3d4250")
    total_h = 2 * h + 2 * base
    # base flaps: solid player colour, bleeding past the outer edges
    ops.append(Rect(r(-b), r(-b), r(w + 2 * b), r(base + b), fill=accent))
    ops.append(Rect(r(-b), r(base + 2 * h), r(w + 2 * b), r(base + b), fill=accent))
    # the first side hangs from the fold upside down, so both stand upright once folded
    for y0, turned in ((base, True), (base + h, False)):
        pctx = dict(ctx)
        pctx["panel"] = "back" if turned else "front"
        check = _inked(measures.type_check(painter.issues, panel, minimum), inks, len(ops))
        inner = painter.paint(panel, pctx, geo, check=check) if panel is not None else []
        clip = rect_path(-b, 0, w + 2 * b, h)
        m = (-1.0, 0.0, 0.0, -1.0, r(w), r(y0 + h)) if turned else (1.0, 0.0, 0.0, 1.0, 0.0, r(y0))
        ops.append(Group(tuple(inner), clip, m))
    try:
        mark = tint(accent, 0.55)
    except ValueError:
        mark = "#ffffff"
    for y in (base * 0.5, base + 2 * h + base * 0.5):
        ops.append(
            Path(
                (("M", r(w * 0.3), r(y)), ("L", r(w * 0.7), r(y))),
                stroke=mark,
                stroke_width=0.8,
                cap="round",
            )
        )
    folds = tuple(((0.0, r(y)), (r(w), r(y))) for y in (base, base + h, base + 2 * h))
    line = painter.layouts.theme.get("rule", "#9a958c")
    for p, q in folds:
        ops.append(
            Path(
                (("M", p[0], p[1]), ("L", q[0], q[1])),
                stroke=line,
                stroke_width=0.5,
                dash=(2.0, 1.5),
            )
        )
    ops.append(Guide(rect_path(0, 0, w, total_h), "trim"))
    return Face.build(w, total_h, b, "standee", tuple(ops), None, folds, ())
