"""SVG art → drawing ops, so an SVG named by a catalog row is drawn as vectors by both
backends (never rasterised, never routed through another renderer).

The subset drawing programs write is understood: path (arcs included), rect, circle,
ellipse, line, polyline, polygon, g, a, switch and `<use>` (of a shape, a group or a
`<symbol>`), with fill, stroke, stroke-width, fill-rule, opacity (attributes, `style`, or
CSS classes from a `<style>` element, as Illustrator writes them), transforms (skew
included), lengths in percent of the viewBox, the viewBox, and clip paths made of shapes
(`clip-path="url(#id)"` in user space). A gradient fill is drawn in one colour, its first
stop's. `<text>` and its `<tspan>`s are drawn as text in the project's fonts (see
`svgtext.draw_text`; a family the project lacks is drawn in a built-in face, with a
warning); an icon, drawn in one colour from shapes, takes their glyph outlines
(`flat_paths`).
Inkscape's and Illustrator's own elements (`<metadata>`, `<sodipodi:namedview>`,
anything in another namespace), `<title>`, `<desc>` and hidden elements are skipped
silently. Anything else (filters, embedded images, masks) is left out and reported as a
warning, once per file. What lies outside the viewBox, as placed, is not drawn, as a
browser does not show it (`_within`): an icon's paths are cut there (`flat_paths`).

The file is read, and bounded, by `cardstock.layout.art.svgparse`; its text is drawn by
`cardstock.layout.art.svgtext`.
"""

from __future__ import annotations

import hashlib
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path as FsPath
from typing import Any

from ... import fonts
from ...core.files import Unreadable, read_bytes
from ..ops import (
    Cmd,
    Ellipse,
    Group,
    Icon,
    Image,
    Matrix,
    Op,
    Path,
    PathData,
    Rect,
    Text,
    ellipse_path,
    multiply,
    polygon_path,
    r,
    rect_path,
    transform_path,
)
from .pathclip import Box, apart, box_of, clip_path, inside, rectangle
from .svgparse import (
    DEFINITIONS,
    FONT_KEYS,
    MAX_USE_DEPTH,
    PAINT_KEYS,
    SKIP,
    XLINK_HREF,
    SvgLimit,
    SvgSheet,
    SvgXmlError,
    count_drawn,
    css_classes,
    declarations,
    gradient_colors,
    id_ref,
    ids_of,
    is_hidden,
    local_name,
    number_list,
    paint_color,
    parse_opacity,
    parse_svg,
    parse_transform,
    viewbox,
)
from .svgtext import draw_text
from .symbols import PathError, parse_path

CONDITIONS = ("requiredExtensions", "requiredFeatures", "systemLanguage")  # of <switch> children


def svg_ops(
    path: FsPath,
    folder: FsPath | None,
    rect: tuple[float, float, float, float],
    fit: str = "contain",
    position: tuple[float, float] = (0.5, 0.5),
) -> tuple[list[Op], list[str]]:
    """Ops for the SVG file (inside `folder`, read through core/files; None: one
    of cardstock's own) fitted into rect (x, y, w, h), and the problems found.
    fit: "contain" (all of it, letterboxed), "cover" (fills the rect, cropped) or "stretch"
    (fills it, proportions changed); position: where the picture sits in the spare room
    or the crop, as fractions (0, 0) top left … (1, 1) bottom right."""
    try:
        data = read_bytes(path, folder)
    except Unreadable as exc:
        return [], [f"cannot read the file: {exc}"]
    return data_ops(data, rect, fit, position)


def data_ops(
    data: bytes,
    rect: tuple[float, float, float, float],
    fit: str = "contain",
    position: tuple[float, float] = (0.5, 0.5),
) -> tuple[list[Op], list[str]]:
    """`svg_ops` of an SVG file's bytes (a drawn layout's part, `boxtypes.drawing`)."""
    key = (hashlib.sha256(data).digest(), rect, fit, position, fonts.project_key())
    found = _DRAWN.get(key)
    if found is None:
        ops, problems = _svg_ops(data, rect, fit, position)
        found = (tuple(ops), tuple(problems))
        if len(_DRAWN) >= DRAWN_MAX:
            del _DRAWN[next(iter(_DRAWN))]
        _DRAWN[key] = found
    return list(found[0]), list(found[1])


# Drawings of SVG files, by a hash of the file's bytes, where and how it is fitted, and the
# fonts its text may be set in (a project's own fonts, `fonts.project_key`): a picture every
# card of a deck shows in the same box is parsed and drawn once, and its ops (immutable)
# are shared by those cards' faces. The first kept goes first past `DRAWN_MAX`.
DRAWN_MAX = 256
_DRAWN: dict[tuple[Any, ...], tuple[tuple[Op, ...], tuple[str, ...]]] = {}


def _svg_ops(
    data: bytes,
    rect: tuple[float, float, float, float],
    fit: str,
    position: tuple[float, float],
) -> tuple[list[Op], list[str]]:
    """`svg_ops` of the file's bytes."""
    problems: set[str] = set()
    try:
        root, lines = parse_svg(data)
    except SvgXmlError as exc:
        return [], [unreadable(exc, exc.line)]
    try:
        vx, vy, vw, vh = viewbox(root)
    except ValueError as exc:
        return [], [str(exc)]
    x, y, w, h = rect
    sx = w / (vw or 1)
    sy = h / (vh or 1)
    if fit != "stretch":
        sx = sy = (max if fit == "cover" else min)(sx, sy)
    px, py = position
    ox, oy = x + (w - vw * sx) * px, y + (h - vh * sy) * py  # where the viewBox is placed
    base = (sx, 0.0, 0.0, sy, ox - vx * sx, oy - vy * sy)
    seen = (max(x, ox), max(y, oy), min(x + w, ox + vw * sx), min(y + h, oy + vh * sy))
    ops: list[Op] = []
    try:
        sheet = SvgSheet(css_classes(root), gradient_colors(root), ids_of(root), (vw, vh))
        count_drawn(root, sheet.ids, classes=sheet.classes, as_drawn=True)
        _walk(
            root,
            base,
            {
                "fill": "#000000",
                "stroke": "none",
                "stroke-width": "1",
                "fill-rule": "nonzero",
                "opacity": "1",
            },
            ops,
            problems,
            sheet,
        )
    except RecursionError:
        return [], ["not a readable SVG file: its elements nest too deeply"]
    except SvgLimit as exc:
        return [], [unreadable(exc, lines.get(id(exc.element)))]
    return _within(ops, seen), sorted(problems)


def unreadable(exc: Exception, line: int | None) -> str:
    """The problem of a file that is not drawn at all, at the file's line when known."""
    return f"not a readable SVG file: {'' if line is None else f'line {line}: '}{exc}"


def _within(ops: list[Op], seen: Box) -> list[Op]:
    """What the picture shows of `ops`: the part inside its viewBox as placed, and inside
    the rectangle it is fitted into (`seen`), as a browser shows the file. What lies wholly
    outside (a stray `<text>` beside an Inkscape page) is left out; when what is left
    reaches past it, it is clipped to it."""
    kept: list[Op] = []
    whole = True
    for op in ops:
        box = _box(op)
        if box is not None and apart(box, seen):
            continue
        kept.append(op)
        whole = whole and box is not None and inside(box, seen)
    if whole or not kept or seen[2] <= seen[0] or seen[3] <= seen[1]:
        return kept
    x0, y0, x1, y1 = seen
    return [Group(tuple(kept), clip=rect_path(x0, y0, x1 - x0, y1 - y0))]


def _box(op: Op) -> Box | None:
    """A box sure to hold what `op` paints (None: not known)."""
    if isinstance(op, Path):
        found = box_of(op.d)
        pad = op.stroke_width * 2 if op.stroke else 0.0  # a miter may reach past half a width
        return (
            None
            if found is None
            else (found[0] - pad, found[1] - pad, found[2] + pad, found[3] + pad)
        )
    if isinstance(op, Text):
        # its size above the baseline, a third below, an em a character either way from x
        # (a right-to-left run ends at x)
        reach = op.size * (len(op.text) + 0.2)
        return (op.x - reach, op.y - op.size * 1.2, op.x + reach, op.y + op.size * 0.4)
    if isinstance(op, Group):
        boxes = [_box(o) for o in op.ops]
        if not boxes or any(b is None for b in boxes):
            inner = None if op.clip is None else box_of(op.clip)
        else:
            known = [b for b in boxes if b is not None]
            inner = (
                min(b[0] for b in known),
                min(b[1] for b in known),
                max(b[2] for b in known),
                max(b[3] for b in known),
            )
            if op.clip is not None:
                cb = box_of(op.clip)
                if cb is not None:
                    inner = (
                        max(inner[0], cb[0]),
                        max(inner[1], cb[1]),
                        min(inner[2], cb[2]),
                        min(inner[3], cb[3]),
                    )
        if inner is None or op.transform is None:
            return inner
        a, b, c, d, e, f = op.transform
        xs, ys = [], []
        for px, py in (
            (inner[0], inner[1]),
            (inner[2], inner[1]),
            (inner[0], inner[3]),
            (inner[2], inner[3]),
        ):
            xs.append(a * px + c * py + e)
            ys.append(b * px + d * py + f)
        return (min(xs), min(ys), max(xs), max(ys))
    return None


def _finite(d: PathData) -> bool:
    return all(math.isfinite(v) for cmd in d for v in cmd[1:])


NON_FINITE = "a shape has coordinates that are not finite numbers (nan or inf)"
# problems that mean the file itself is wrong (not merely a part cardstock leaves out)
BROKEN_MARKS = ("is not a number", "is not a list of numbers", "has no area")


def svg_problem(path: FsPath, root: FsPath) -> str | None:
    """Why the SVG at `path` cannot be drawn at all (unreadable, a size that is not finite
    and positive, geometry that is not finite), or None. Parts it leaves out are not
    problems here: drawing reports them as warnings."""
    try:
        ops, problems = svg_ops(path, root, (0.0, 0.0, 100.0, 100.0))
    except (ValueError, TypeError, IndexError) as exc:  # an attribute that is not a number
        return f"not a readable SVG file: {exc}"
    fatal = [
        p
        for p in problems
        if p.startswith(("not a readable", "cannot read", "viewBox", "width"))
        or p == NON_FINITE
        or any(m in p for m in BROKEN_MARKS)
    ]
    return (
        re.sub(r" \((?:drawn [^)]*|ignored)\)$", "", fatal[0]) if fatal else None
    )  # it is not drawn at all


def shape_path(el: ET.Element, tag: str, problems: set[str], sheet: SvgSheet) -> PathData | None:
    """The path data of one shape element in its own coordinates (None: not a shape)."""
    n = sheet.length
    if tag == "path":
        return parse_path(el.get("d", ""))
    if tag == "rect":
        rx = n(el.get("rx"), "rx", n(el.get("ry"), "ry", 0.0))
        return rect_path(
            n(el.get("x"), "x"),
            n(el.get("y"), "y"),
            n(el.get("width"), "width"),
            n(el.get("height"), "height"),
            rx,
        )
    if tag == "circle":
        rad = n(el.get("r"), "r")
        return ellipse_path(n(el.get("cx"), "cx"), n(el.get("cy"), "cy"), rad, rad)
    if tag == "ellipse":
        return ellipse_path(
            n(el.get("cx"), "cx"),
            n(el.get("cy"), "cy"),
            n(el.get("rx"), "rx"),
            n(el.get("ry"), "ry"),
        )
    if tag == "line":
        return (
            ("M", n(el.get("x1"), "x1"), n(el.get("y1"), "y1")),
            ("L", n(el.get("x2"), "x2"), n(el.get("y2"), "y2")),
        )
    if tag in ("polygon", "polyline"):
        vals = number_list(el.get("points"), problems, "the points") or []
        pts = list(zip(vals[0::2], vals[1::2]))
        if not pts:
            return None
        return (
            polygon_path(pts)
            if tag == "polygon"
            else tuple([("M", *pts[0])] + [("L", *p) for p in pts[1:]])
        )
    return None


SHAPES = frozenset({"path", "rect", "circle", "ellipse", "line", "polygon", "polyline"})


def _clip(ref: str, m: Matrix, problems: set[str], sheet: SvgSheet) -> PathData | None:
    """The clip path `ref` names as path data on the page (shapes of a `<clipPath>` in
    the user space of the element it clips), () when it clips everything away, or None
    when it is not applied (reported)."""
    cp = sheet.ids.get(ref)
    if cp is None or local_name(cp) != "clipPath":
        problems.add(
            f"the clip path {ref!r} is not defined in the file (the shapes are drawn whole)"
        )
        return None
    if cp.get("clipPathUnits") == "objectBoundingBox":
        problems.add(
            f"the clip path {ref!r} is in objectBoundingBox units, which are not "
            "applied (the shapes are drawn whole)"
        )
        return None
    cm = multiply(m, parse_transform(cp.get("transform"), problems))
    data: list[Cmd] = []
    for child in cp:
        tag = local_name(child)
        target, at = child, cm
        if tag == "use":
            found = sheet.ids.get(id_ref(child.get("href") or child.get(XLINK_HREF)) or "")
            if found is None:
                continue
            at = multiply(
                multiply(cm, parse_transform(child.get("transform"), problems)),
                (1, 0, 0, 1, sheet.length(child.get("x"), "x"), sheet.length(child.get("y"), "y")),
            )
            target, tag = found, local_name(found)
        if tag not in SHAPES:
            if tag is not None and tag not in SKIP:
                problems.add(f"<{tag}> in a clip path is not applied (only shapes are)")
            continue
        try:
            d = shape_path(target, tag, problems, sheet)
        except (PathError, ValueError) as exc:
            problems.add(f"<{tag}> could not be read: {exc}")
            continue
        if d:
            d = transform_path(d, multiply(at, parse_transform(target.get("transform"), problems)))
            if _finite(d):
                data.extend(d)
    return tuple(data)


def _walk(
    el: ET.Element,
    m: Matrix,
    style: dict[str, str],
    ops: list[Op],
    problems: set[str],
    sheet: SvgSheet,
    used: bool = False,
) -> None:
    sheet.walked()
    tag = local_name(el)
    if tag is None or tag in SKIP:
        return  # another program's element, or one that draws nothing
    if tag in DEFINITIONS or (tag == "symbol" and not used):
        return  # definitions, drawn only where they are used
    styled = _styled(el, tag, style, problems, sheet)
    if styled is None:
        return  # hidden
    st, clip_ref = styled
    if tag != "svg":
        m = multiply(m, parse_transform(el.get("transform"), problems))
    mine: list[Op] = []
    clip = None
    if clip_ref and clip_ref.strip() != "none":
        ref = id_ref(clip_ref)
        clip = _clip(ref, m, problems, sheet) if ref else None
        if ref is None:
            problems.add(
                f"the clip path {clip_ref!r} is not understood (the shapes are drawn whole)"
            )
        if clip == ():
            return  # a clip path with no shape hides the element
    _draw(el, tag, m, st, mine, problems, sheet)
    if clip:
        ops.append(Group(tuple(mine), clip=clip))
    else:
        ops.extend(mine)


def _styled(
    el: ET.Element, tag: str, style: dict[str, str], problems: set[str], sheet: SvgSheet
) -> tuple[dict[str, str], str | None] | None:
    """The element's style (what it inherits from `style`, then its attributes, then its
    classes' and its own declarations) and its clip path; None when it is hidden."""
    declared = list(
        declarations(
            ";".join(
                [sheet.classes.get(c, "") for c in (el.get("class") or "").split()]
                + [el.get("style") or ""]
            )
        )
    )
    if is_hidden(el, declared):
        return None
    if el.get("mask") or any(k == "mask" for k, _ in declared):
        problems.add("masks are not applied (the shapes are drawn whole)")
    st = dict(style)
    st["opacity"] = "1" if tag == "svg" else style.get("opacity", "1")
    for key in PAINT_KEYS + FONT_KEYS:
        own = el.get(key)
        if own is not None:
            st[key] = own
    own_opacity = parse_opacity(el.get("opacity", "1"), problems)
    clip_ref = el.get("clip-path")
    for k, v in declared:
        if k == "opacity":
            own_opacity = parse_opacity(v, problems)
        elif k in PAINT_KEYS or k in FONT_KEYS:
            st[k] = v
        elif k == "clip-path":
            clip_ref = v
    st["opacity"] = str(float(style.get("opacity", "1")) * own_opacity)
    return st, clip_ref


def _draw(
    el: ET.Element,
    tag: str,
    m: Matrix,
    st: dict[str, str],
    ops: list[Op],
    problems: set[str],
    sheet: SvgSheet,
) -> None:
    """The element's own drawing (its style and transform already applied in m and st)."""
    if tag in ("svg", "g", "a", "symbol"):
        for child in el:
            _walk(child, m, st, ops, problems, sheet)
        return
    if tag == "switch":  # the first child a plain viewer draws: no conditions of its own
        for child in el:
            if local_name(child) not in (None, "foreignObject") and not any(
                child.get(c) for c in CONDITIONS
            ):
                _walk(child, m, st, ops, problems, sheet)
                break
        return
    if tag == "use":
        _use(el, m, st, ops, problems, sheet)
        return
    if tag == "text":
        draw_text(el, m, st, ops, problems, sheet)
        return
    if tag not in SHAPES:
        problems.add(f"<{tag}> is not drawn (only shapes, paths and text are)")
        return
    _shape_op(el, tag, m, st, ops, problems, sheet)


def _use(
    el: ET.Element,
    m: Matrix,
    st: dict[str, str],
    ops: list[Op],
    problems: set[str],
    sheet: SvgSheet,
) -> None:
    """A `<use>`: what it names drawn at its x and y (a `<symbol>` with a viewBox scaled to
    its width and height), refused when it names itself or nests past `MAX_USE_DEPTH`."""
    ref = id_ref(el.get("href") or el.get(XLINK_HREF))
    target = sheet.ids.get(ref) if ref else None
    if target is None or ref is None:
        problems.add(
            f"<use> names {el.get('href') or el.get(XLINK_HREF)!r}, which the file "
            "does not define (left out)"
        )
        return
    if ref in sheet.using:
        problems.add(f"<use> of {ref!r} refers to itself (left out)")
        return
    at = multiply(m, (1, 0, 0, 1, sheet.length(el.get("x"), "x"), sheet.length(el.get("y"), "y")))
    if (
        local_name(target) == "symbol"
        and target.get("viewBox")
        and el.get("width")
        and el.get("height")
    ):
        try:
            bx, by, bw, bh = viewbox(target)
            at = multiply(
                at,
                (
                    sheet.length(el.get("width"), "width") / bw,
                    0,
                    0,
                    sheet.length(el.get("height"), "height") / bh,
                    -bx * sheet.length(el.get("width"), "width") / bw,
                    -by * sheet.length(el.get("height"), "height") / bh,
                ),
            )
        except ValueError as exc:
            problems.add(str(exc))
            return
    if len(sheet.using) >= MAX_USE_DEPTH:
        raise SvgLimit(
            f"its <use> elements nest more than {MAX_USE_DEPTH} deep, cardstock's "
            "limit for one SVG file"
        )
    sheet.using.add(ref)
    try:
        _walk(target, at, st, ops, problems, sheet, used=True)
    finally:
        sheet.using.discard(ref)


def _shape_op(
    el: ET.Element,
    tag: str,
    m: Matrix,
    st: dict[str, str],
    ops: list[Op],
    problems: set[str],
    sheet: SvgSheet,
) -> None:
    """A shape element's path, painted with its fill and stroke (nothing when it draws
    nothing or its coordinates are not finite)."""
    try:
        d = shape_path(el, tag, problems, sheet)
    except (PathError, ValueError) as exc:
        problems.add(f"<{tag}> could not be read: {exc}")
        return
    if not d:
        return
    d = transform_path(d, m)
    if not _finite(d):
        problems.add(NON_FINITE)
        return
    fill = paint_color(st.get("fill"), problems, sheet.paints)
    stroke = paint_color(st.get("stroke"), problems, sheet.paints)
    if tag in ("line", "polyline"):
        fill = "none"
    sw = sheet.length(st.get("stroke-width"), "stroke-width", 1.0) * math.sqrt(
        abs(m[0] * m[3] - m[1] * m[2])
    )
    ops.append(
        Path(
            d,
            fill=None if fill == "none" else fill,
            stroke=None if stroke == "none" else stroke,
            stroke_width=r(sw) if stroke not in (None, "none") else 0.0,
            opacity=max(0.0, min(1.0, float(st.get("opacity", "1")))),
            fill_rule="evenodd" if st.get("fill-rule") == "evenodd" else "nonzero",
        )
    )


def flat_paths(ops: Iterable[Op], problems: set[str]) -> list[Path]:
    """The paths of `ops` with clipped groups opened (for one-colour icons, which are
    drawn from paths alone): an upright rectangle's clip (the viewBox's) cuts the paths
    themselves (`pathclip`), another clip is left out and reported. Text becomes the
    outlines of its glyphs, and a group's transform is applied to what it holds."""
    out: list[Path] = []
    for op in ops:
        if isinstance(op, Group):
            inner = flat_paths(op.ops, problems)
            box = None if op.clip is None else rectangle(op.clip)
            if box is not None:
                inner = _cut(inner, box)
            elif op.clip is not None:
                problems.add("clip paths are not applied to icons (the shapes are drawn whole)")
            if op.transform is not None:
                t = op.transform
                k = math.sqrt(abs(t[0] * t[3] - t[1] * t[2]))
                inner = [
                    replace(p, d=transform_path(p.d, t), stroke_width=r(p.stroke_width * k))
                    for p in inner
                ]
            out += inner
        elif isinstance(op, Path):
            out.append(op)
        elif isinstance(op, Text):
            glyphs = fonts.outline(op.text, op.font, op.size, op.x, op.y)
            if glyphs:
                out.append(Path(glyphs, fill=op.color, opacity=op.opacity))
    return out


def _cut(paths: list[Path], box: Box) -> list[Path]:
    """`paths` cut to `box`; a path both filled and stroked becomes its fill and its
    stroke, each cut as what it paints."""
    out: list[Path] = []
    for p in paths:
        sides = (
            [replace(p, stroke=None, stroke_width=0.0), replace(p, fill=None)]
            if p.fill is not None and p.stroke is not None
            else [p]
        )
        for side in sides:
            d = clip_path(side.d, box, filled=side.fill is not None)
            if d:
                out.append(replace(side, d=d))
    return out


def with_opacity(ops: Iterable[Op], factor: float) -> list[Op]:
    """`ops` faded by `factor` (clipped groups included)."""
    out: list[Op] = []
    for op in ops:
        if isinstance(op, Group):
            out.append(replace(op, ops=tuple(with_opacity(op.ops, factor))))
        elif isinstance(op, (Rect, Ellipse, Path, Text, Icon, Image)):  # every op with an opacity
            out.append(replace(op, opacity=r(op.opacity * factor)))
        else:
            out.append(op)
    return out
