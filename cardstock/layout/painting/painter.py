"""Drawing one layout's boxes for one face: geometry, templates, and the values boxes read.

`Painter.paint(layout, ctx)` returns the drawing ops of a face (or a panel of a die net or
a standee) and collects Issues for everything that went wrong on the way. Each box is
drawn by its type's module, found in the registry `cardstock.layout.boxtypes`; the
painter gives those modules its services (`raw`, `length`, `color`, `paint_args`, `fit`,
`layout_issue`, …).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ... import fonts
from ...core.colors import named_color
from ...core.issues import InputError, Issue, Level
from ...core.markup import Block
from ...core.project import SHIPPED_NAME
from ...core.templating import Breach
from ...core.units import POINTS_PER, UnitError, parse_length
from ..art.shapes import Geometry
from ..art.symbols import Library
from ..boxtypes import box_kind
from ..boxtypes.services import Subject
from ..context import COLOR, eval_condition, render_value
from ..language.load import LayoutSet
from ..ops import Group, Note, Op, Text, r
from ..resolved import Box, Layout
from ..text import words as textmod
from ..text.fit import fit_blocks
from . import budget

if TYPE_CHECKING:
    from ...catalog.load import Catalog
    from ..text.splits import Splits
    from .memo import BoxMemo

FITS_MAX = 4_000  # fitted texts remembered per game (see Painter.fit)
# Box lengths that are sizes, never less than nothing (the edges place a box: they may be).
# Validation refuses a literal one below zero at its line; one a template writes is refused
# where a face is drawn (`Painter.length`), at the layout's line, naming the face.
SIZE_KEYS = frozenset({"width", "height", "radius", "size", "stroke_width", "min_size", "padding"})


class Painter:
    """What drawing one face's boxes needs (the catalog, the layouts, the symbols, the template
    environment) and what it found. One a face, never compared: a plain class."""

    __slots__ = (
        "catalog",
        "layouts",
        "library",
        "env",
        "subject",
        "issues",
        "fits",
        "styles",
        "notes",
        "memo",
        "rendered",
        "drawn",
    )

    def __init__(
        self,
        catalog: Catalog,
        layouts: LayoutSet,
        library: Library,
        env: Any,
        subject: Subject,
        issues: list[Issue] | None = None,
        fits: dict[tuple[Any, ...], textmod.Fit] | None = None,
        styles: dict[int, tuple[Any, textmod.TextStyle]] | None = None,
        *,
        memo: BoxMemo | None = None,
    ) -> None:
        self.catalog = catalog
        self.layouts = layouts
        self.library = library
        self.env = env
        self.subject = subject
        self.issues: list[Issue] = [] if issues is None else issues
        # fitted text shared by the faces of one game (see `fit`); None: fit every time
        self.fits = fits
        # text styles that read no template, by box, shared by the faces of one game
        # (`boxtypes.text.text_style`); None: worked out every time
        self.styles = styles
        self.notes: list[Note] = []  # what the boxes found (`note`; proof sheets)
        # the boxes of the game's faces, each drawn once (`memo`); None: draw every box
        self.memo = memo
        # the box being drawn and what its templated keys rendered to (`BoxMemo.draw`)
        self.rendered: tuple[Box, dict[str, Any]] | None = None
        self.drawn = 0  # the path segments the face's boxes drew so far (`budget`)

    @property
    def splits(self) -> Splits | None:
        """The game's continued texts, each split once (`splits.Splits`, kept by the
        memo); None: split on each face."""
        return self.memo.splits if self.memo is not None else None

    def note(
        self,
        lay: Any,
        box: Any,
        rect: tuple[float, float, float, float],
        problems: tuple[str, ...] = (),
        *,
        size: float = 0.0,
        min_size: float = 0.0,
        overflow: float = 0.0,
    ) -> None:
        """Keep what a box found while drawn (`ops.Note`); `rect` is x0, y0, x1, y1."""
        x0, y0, x1, y1 = (round(v, 2) for v in rect)
        self.notes.append(
            Note(
                f"{lay.name}.{box.name}",
                x0,
                y0,
                x1,
                y1,
                round(size, 2),
                round(min_size, 2),
                round(overflow, 2),
                problems,
            )
        )

    # ------------------------------------------------------------ messages

    def layout_issue(
        self, lay: Layout, box: Box | None, key: str, message: str, level: Level = "error"
    ) -> None:
        where = box.where(key) if box is not None else lay.where(key)
        fld = (
            f"layouts.{lay.name}"
            + (f".boxes.{box.name}" if box is not None else "")
            + (f".{key}" if key else "")
        )
        issue = Issue(
            where[0],
            where[1],
            fld,
            f"{message} (drawing {self.subject.label})",
            level,
            bad_input=level == "error",
        )
        if isinstance(message, Breach):  # a template that broke the sandbox's bounds: bad input
            raise InputError([issue])
        self.issues.append(issue)

    def data_issue(
        self, fld: str, message: str, level: Level = "error", bad_input: bool = False
    ) -> None:
        self.issues.append(
            Issue(self.subject.file, self.subject.line, fld, message, level, bad_input=bad_input)
        )

    # ------------------------------------------------------------ values

    def raw(self, lay: Layout, box: Box, key: str, ctx: dict[str, Any], default: Any = None) -> Any:
        """A box's value for `key` (else its style's), rendered when it is a template."""
        values = box.values
        v = values.get(key)
        if v is None:
            st = values.get("style")
            if st:
                v = self.layouts.styles.get(st, {}).get(key)
            if v is None:
                return default
        if type(v) is not str or ("{{" not in v and "{%" not in v):
            return v  # not a template (render_value would return it as it is)
        known = self.rendered
        if known is not None and known[0] is box and key in known[1]:
            return known[1][key]  # rendered already, for the memo's key
        out, err = render_value(self.env, v, ctx)
        if err is not None:
            self.layout_issue(lay, box, key, err)
            return default
        return out

    @property
    def dpi(self) -> float | None:
        """The resolution of the game's `px` lengths (`[print] dpi`; None: CSS pixels)."""
        settings = getattr(getattr(self.catalog, "game", None), "print", None)
        value = getattr(settings, "dpi", None)
        return float(value) if isinstance(value, (int, float)) else None

    def length(
        self,
        lay: Layout,
        box: Box,
        key: str,
        ctx: dict[str, Any],
        default: float,
        extent: float | None = None,
    ) -> float:
        v = self.raw(lay, box, key, ctx)
        if v is None or (isinstance(v, str) and not v.strip()):
            return default
        value = self.parse_len(lay, box, key, v, default, extent)
        if value < 0 and key in SIZE_KEYS:  # written by a template: a literal one is refused
            self.layout_issue(lay, box, key, f"a box's {key} is 0 or more, got {str(v).strip()!r}")
            return default
        return value

    def parse_len(
        self,
        lay: Layout,
        box: Box | None,
        key: str,
        v: Any,
        default: float,
        extent: float | None = None,
    ) -> float:
        try:
            return length_value(str(v), extent, self.dpi)
        except UnitError as exc:
            self.layout_issue(
                lay,
                box,
                key,
                str(exc) + (" or a percentage such as '50%'" if extent is not None else ""),
            )
            return default

    def color(
        self, lay: Layout, box: Box, key: str, ctx: dict[str, Any], default: str | None
    ) -> str | None:
        v = self.raw(lay, box, key, ctx)
        if v is None:
            return default
        return self.to_color(lay, box, key, v, default)

    def to_color(
        self, lay: Layout, box: Box | None, key: str, v: Any, default: str | None
    ) -> str | None:
        text = str(v).strip()
        if text in ("", "none", "None"):
            return None
        theme = self.layouts.theme
        if text in theme:
            text = theme[text]
        text = named_color(text)
        if COLOR.match(text):
            return text.lower()
        self.layout_issue(
            lay,
            box,
            key,
            "expected a colour '#rrggbb', a CSS colour name ('crimson'), a theme colour "
            f"({', '.join(sorted(theme))}) or 'none', got {text!r}",
        )
        return default

    # ------------------------------------------------------------ icons

    def icon_ref(self, icon_id: str) -> textmod.IconRef | None:
        icon = self.catalog.game.icons.get(icon_id)
        if icon is None:
            return None
        # the catalog gives an icon without a symbol its own id as one
        sym = self.library.get(icon.symbol or icon_id) or self.library.fallback()
        return textmod.IconRef(sym.name, sym.parts, icon.color)

    # ------------------------------------------------------------ painting

    def paint(
        self,
        lay: Layout,
        ctx: dict[str, Any],
        geo: Geometry,
        check: Callable[[Box, list[Op], list[Op]], None] | None = None,
        boxes: Sequence[Box] | None = None,
    ) -> list[Op]:
        """Every box's ops in order (the layout's boxes, or `boxes` when given);
        `check(box, ops drawn before it, its ops)` sees each box's."""
        ops: list[Op] = []
        for box in lay.boxes if boxes is None else boxes:
            if not self.shown(lay, box, ctx):
                continue
            memo = self.memo
            drawn = (
                self.box(lay, box, ctx, geo)
                if memo is None
                else memo.draw(self, lay, box, ctx, geo)
            )
            if check is not None:
                check(box, ops, drawn)
            ops += drawn
        return ops

    def shown(self, lay: Layout, box: Box, ctx: dict[str, Any]) -> bool:
        """Whether a box is drawn on this face: it has no `when`, or its `when` holds (a
        `when` that cannot be evaluated is reported, and the box is not drawn)."""
        when = box.get("when")
        if when is None:
            return True
        ok, err = eval_condition(self.env, when, ctx)
        if err is not None:
            self.layout_issue(lay, box, "when", err)
            return False
        return bool(ok)

    def box_rect(
        self, lay: Layout, box: Box, ctx: dict[str, Any], geo: Geometry
    ) -> tuple[float, float, float, float]:
        frame = geo.frame(box.get("frame", "safe"))
        edges = tuple(box.values.get(k) for k in EDGES)
        if all(v is None or (type(v) is str and "{{" not in v and "{%" not in v) for v in edges):
            try:
                return static_rect(edges, frame, self.dpi)
            except UnitError:
                pass  # measured again below, where the problem is reported
        fx, fy, fw, fh = frame

        def edge(key: str, extent: float) -> float | None:
            v = box.get(key)
            if v is None or (
                isinstance(v, str) and v.strip() == "none"
            ):  # "none" unsets an inherited edge
                return None
            return self.length(lay, box, key, ctx, 0.0, extent)

        before = len(self.issues)
        left, right, width = edge("left", fw), edge("right", fw), edge("width", fw)
        top, bottom, height = edge("top", fh), edge("bottom", fh), edge("height", fh)
        if len(self.issues) == before:  # a length a template makes that leaves no room
            lengths = dict(zip(EDGES, (left, right, width, top, bottom, height)))
            for keys, message in no_room(
                box, lengths, frame, (geo.w, geo.h), box.get("frame", "safe")
            ):
                shown = {k: self.raw(lay, box, k, ctx) for k in keys}
                self.layout_issue(lay, box, blamed(box, keys, templated=True), message(shown))
        x, w = _span(fx, fw, left, right, width)
        y, h = _span(fy, fh, top, bottom, height)
        return x, y, max(0.0, w), max(0.0, h)

    def box(self, lay: Layout, box: Box, ctx: dict[str, Any], geo: Geometry) -> list[Op]:
        kind = box.get("type")
        if kind is None:
            return []
        x, y, w, h = self.box_rect(lay, box, ctx, geo)
        rot = box.get("rotate", 0) or 0
        cx, cy = x + w / 2, y + h / 2
        if rot in (90, 270):
            x, y, w, h = cx - h / 2, cy - w / 2, h, w
        ops = box_kind(kind).draw(self, lay, box, ctx, geo, (x, y, w, h))
        self.count(box, ops)
        if blank_boxes(ops):  # text in any box (an SVG's, too) that prints as a blank box
            self.note(lay, box, (x, y, x + w, y + h), ("missing glyph",))
        if rot and ops:
            a = math.radians(rot)
            ca, sa = round(math.cos(a), 9), round(math.sin(a), 9)
            m = (ca, sa, -sa, ca, cx - ca * cx + sa * cy, cy - sa * cx - ca * cy)
            ops = [Group(tuple(ops), None, (m[0], m[1], m[2], m[3], r(m[4]), r(m[5])))]
        return ops

    def count(self, box: Box, ops: Sequence[Op]) -> None:
        """Add what the box's `ops` draw to the face's path segments; past
        `budget.MAX_FACE_SEGMENTS`, the face is bad input, refused at this box."""
        self.drawn += budget.segments(ops)
        if self.drawn > budget.MAX_FACE_SEGMENTS:
            message = budget.face_message(self.subject.label, box.name, self.drawn)
            raise InputError([Issue(self.subject.file, self.subject.line, "", message)])

    def paint_args(
        self, lay: Layout, box: Box, ctx: dict[str, Any], fill_default: str | None = None
    ) -> dict[str, Any]:
        return {
            "fill": self.color(lay, box, "fill", ctx, fill_default),
            "stroke": self.color(lay, box, "stroke", ctx, None),
            "stroke_width": r(
                self.length(lay, box, "stroke_width", ctx, 0.75 if box.get("stroke") else 0.0)
            ),
            "dash": self.dash(lay, box, ctx),
            "opacity": float(box.get("opacity", 1.0)),
        }

    def dash(self, lay: Layout, box: Box, ctx: dict[str, Any]) -> tuple[float, ...]:
        v = self.raw(lay, box, "dash", ctx)
        if not v:
            return ()
        dash = tuple(r(self.parse_len(lay, box, "dash", p, 1.0)) for p in str(v).split())
        problem = dash_problem(dash)
        if problem:
            self.layout_issue(lay, box, "dash", problem)
            return ()
        return dash

    # ------------------------------------------------------------ box types

    def inset(self, lay: Layout, box: Box, ctx: dict[str, Any], geo: Geometry) -> float:
        v = self.raw(lay, box, "inset", ctx)
        if v is None:
            return 0.0
        text = str(v).strip()
        if text == "bleed":
            return -geo.bleed
        if text == "safe":
            return geo.safe
        return self.parse_len(lay, box, "inset", text, 0.0)

    def fit(
        self,
        blocks: Sequence[Block],
        inner: tuple[float, float, float, float],
        style: textmod.TextStyle,
    ) -> textmod.Fit:
        """Text fitted into a box, remembered in `fits` per (blocks, box, style): faces of
        one game repeat the same type lines, stats and rule texts in the same boxes, and
        fitting (measuring, breaking, shrinking) is the costly part of a face. Inline icons
        resolve the same way for every face of a game, so they need no place in the key.
        A remembered Fit is shared: callers read it and never change it. The words of
        each paragraph are made once a game too (`BoxMemo.paragraphs`)."""
        paragraphs = self.memo.paragraphs if self.memo is not None else None
        if self.fits is None:
            return fit_blocks(blocks, inner, style, self.icon_ref, paragraphs)
        key = (tuple(blocks), inner, style)
        found = self.fits.get(key)
        if found is None:
            found = fit_blocks(blocks, inner, style, self.icon_ref, paragraphs)
            if len(self.fits) >= FITS_MAX:
                self.fits.clear()
            self.fits[key] = found
        return found


def _span(
    origin: float,
    extent: float,
    start: float | None,
    end: float | None,
    size: float | None,
) -> tuple[float, float]:
    if start is not None and end is not None:
        return origin + start, extent - start - end
    if start is not None:
        return origin + start, size if size is not None else extent - start
    if end is not None:
        s = size if size is not None else extent - end
        return origin + extent - end - s, s
    if size is not None:
        return origin + (extent - size) / 2, size
    return origin, extent


EDGES = ("left", "right", "width", "top", "bottom", "height")  # the keys that place a box
# each axis' keys: where the box starts, where it ends (from the frame's far side), its size
AXES = (("left", "right", "width"), ("top", "bottom", "height"))
# box types not placed by their edges (an outline follows the face's own)
UNPLACED = frozenset({"outline"})


def no_room(
    box: Box,
    lengths: dict[str, float | None],
    frame: tuple[float, float, float, float],
    face: tuple[float, float],
    frame_name: Any = "safe",
    panel: str | None = None,
) -> list[tuple[tuple[str, ...], Callable[..., str]]]:
    """Each axis on which a box's edges (`lengths`: each of EDGES in points, None when
    unset) leave it no room in `frame` (x, y, w, h) on a face `face` (w, h) big (or on a
    panel of a composed face, `panel` naming it): (the keys that decide it, a message made
    from their written values). Both edges decide, else the size, else the one edge. A
    line may be 0 thick on one axis (it is drawn across the middle of its box), not less,
    and not on both: a point draws nothing, and is refused once, at both axes' keys. A size
    below 0 is refused as a size; an outline box, or icons arranged around the face's
    edges, are not placed by their box."""
    kind = box.values.get("type")
    if kind is None or kind in UNPLACED or (kind == "icons" and box.get("arrange") == "edges"):
        return []
    out: list[tuple[tuple[str, ...], Callable[..., str]]] = []
    flat: list[tuple[tuple[str, ...], float]] = []  # a line's axes 0 long: keys, extent
    on = _on(face, panel)
    for (s, e, z), extent in zip(AXES, frame[2:]):
        start, end, size = lengths[s], lengths[e], lengths[z]
        if not extent > 0:
            continue  # a frame of no room: every box in it is cramped alike
        if start is not None and end is not None:
            keys: tuple[str, ...] = (s, e)
        elif size is not None:
            keys = (z,)
        elif start is not None or end is not None:
            keys = (s,) if start is not None else (e,)
        else:
            continue
        room = r(_span(0.0, extent, start, end, size)[1])
        if (size is not None and keys == (z,) and size < 0) or room > 0:
            continue
        if kind == "line" and room == 0:
            flat.append((keys, extent))
            continue
        out.append((keys, _room_message(box.name, keys, room, extent, on, frame_name)))
    if len(flat) == 2:
        keys = flat[0][0] + flat[1][0]
        out.append((keys, _point_message(box.name, keys, (flat[0][1], flat[1][1]), on, frame_name)))
    return out


def _mm(points: float) -> str:
    return f"{points / POINTS_PER['mm']:.2f}mm".replace("-0.00mm", "0.00mm")


def _on(face: tuple[float, float], panel: str | None) -> str:
    """Where a box is measured, as its messages say it."""
    return f"on a {_mm(face[0])} x {_mm(face[1])} " + (panel or "face")


def _said(keys: tuple[str, ...], written: dict[str, Any], drawn: bool) -> str:
    """What places a box, as a message names it: its keys with their written values (the
    element of a drawing, when it is what placed the box)."""
    if drawn:
        return "the drawn element"
    said = [f"{k} {str(written.get(k)).strip()!r}" for k in keys]
    return ", ".join(said[:-1]) + " and " + said[-1] if len(said) > 1 else said[0]


def _advice(axis: str, shipped: bool, drawn: bool) -> str:
    if shipped:
        return (
            "the defaults are made for larger faces: set the box's edges in the game's "
            "layout file to draw it"
        )
    return f"draw the element with a {axis} above 0" if drawn else f"give it a {axis} above 0"


def _room_message(
    name: str, keys: tuple[str, ...], room: float, extent: float, on: str, frame_name: Any
) -> Callable[..., str]:
    axis = "width" if keys[0] in AXES[0] else "height"
    frame = frame_name if frame_name in ("bleed", "safe") else "trim"  # as `Geometry.frame`

    def message(written: dict[str, Any], shipped: bool = False, drawn: bool = False) -> str:
        leave = "leave" if len(keys) > 1 and not drawn else "leaves"
        return (
            f"{_said(keys, written, drawn)} {leave} the box {name!r} no {axis} ({_mm(room)}, in "
            f"a {frame} frame {_mm(extent)} {'wide' if axis == 'width' else 'high'} {on}); "
            + _advice(axis, shipped, drawn)
        )

    return message


def _point_message(
    name: str, keys: tuple[str, ...], extents: tuple[float, float], on: str, frame_name: Any
) -> Callable[..., str]:
    """The message of a line its keys leave no room on either axis: a point."""
    frame = frame_name if frame_name in ("bleed", "safe") else "trim"

    def message(written: dict[str, Any], shipped: bool = False, drawn: bool = False) -> str:
        return (
            f"{_said(keys, written, drawn)} {'leaves' if drawn else 'leave'} the line {name!r} "
            f"no width and no height, a point that draws nothing (in a {frame} frame "
            f"{_mm(extents[0])} x {_mm(extents[1])} {on}); "
            + _advice("width or a height", shipped, drawn)
        )

    return message


def blamed(box: Box, keys: tuple[str, ...], templated: bool = False) -> str:
    """Which of `keys` a problem they make together is reported at: the last one a template
    writes (when `templated`), else the last one the project's own layout files write (not
    the defaults cardstock ships), else the last."""

    def template(key: str) -> bool:
        v = box.values.get(key)
        return type(v) is str and ("{{" in v or "{%" in v)

    def own(key: str) -> bool:
        at = box.at(key)
        return at is not None and not at.file.startswith(f"{SHIPPED_NAME}:")

    for wanted in ((template,) if templated else ()) + (own,):
        found = [k for k in keys if wanted(k)]
        if found:
            return found[-1]
    return keys[-1]


def dash_problem(dash: tuple[float, ...]) -> str | None:
    """Why a dash (its lengths in points, rounded as ops round them) cannot be drawn: a
    negative length, or a cycle that is zero as PDF and SVG write it (ReportLab refuses it,
    and an SVG viewer draws the line solid); None when it can."""
    if any(not v >= 0 for v in dash):  # also nan
        return f"a dash is of lengths of 0 or more, got {' '.join(f'{v:g}pt' for v in dash)}"
    if dash and not sum(dash) > 0:
        return "a dash of lengths that round to 0 (at 0.001pt) draws nothing; give longer ones"
    return None


def length_value(text: str, extent: float | None = None, dpi: float | None = None) -> float:
    """A layout length in points: '3mm', '-2pt', '30px' (at `dpi`), or with an extent a
    percentage of it ('50%'). Raises UnitError, also for a length that is not finite
    ('nan%'). `parse_length` reads each text once per process: every face measures the
    same boxes."""
    text = text.strip()
    value: float | None = None
    if text.endswith("%") and extent is not None:
        try:
            value = float(text[:-1]) / 100.0 * extent
        except ValueError:
            pass
    if value is None:
        value = parse_length(text, allow_negative=True, dpi=dpi)
    if not math.isfinite(value):  # 'nan%', 'inf%', a number of 400 digits
        raise UnitError(f"expected a finite length, got {text!r}")
    return value


@lru_cache(maxsize=8192)
def static_rect(
    edges: tuple[Any, ...], frame: tuple[float, float, float, float], dpi: float | None = None
) -> tuple[float, float, float, float]:
    """The rectangle of a box whose edges (values of EDGES, None when unset) are plain
    lengths, in `frame` (x, y, w, h): what `Painter.box_rect` computes, without its
    templates and messages. Raises UnitError; cached, as most boxes are placed this way."""
    fx, fy, fw, fh = frame

    def edge(v: Any, extent: float) -> float | None:
        if v is None or (isinstance(v, str) and v.strip() == "none"):
            return None
        if isinstance(v, str) and not v.strip():
            return 0.0
        return length_value(str(v), extent, dpi)

    left, right, width, top, bottom, height = edges
    x, w = _span(fx, fw, edge(left, fw), edge(right, fw), edge(width, fw))
    y, h = _span(fy, fh, edge(top, fh), edge(bottom, fh), edge(height, fh))
    return x, y, max(0.0, w), max(0.0, h)


def blank_boxes(ops: Sequence[Op]) -> bool:
    """Whether any run of text among `ops` (groups walked, as an SVG's text is drawn) has a
    character its font has no glyph for: every output draws it as the font's blank box
    (.notdef), whatever warned of it before, so the proof sheets outline the box."""
    stack = list(ops)
    while stack:
        op = stack.pop()
        if isinstance(op, Group):
            stack.extend(op.ops)
        elif isinstance(op, Text) and fonts.missing_glyphs(op.text, op.font):
            return True
    return False
