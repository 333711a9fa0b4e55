"""SVG art → drawing ops, so an SVG named by a catalog row is drawn as vectors by both
backends (never rasterised, never routed through another renderer).

The subset drawing programs write is understood: path (arcs included), rect, circle,
ellipse, line, polyline, polygon, g, a, switch and `<use>` (of a shape, a group or a
`<symbol>`), with fill, stroke, stroke-width, fill-rule, opacity (attributes, `style`, or
CSS classes from a `<style>` element, as Illustrator writes them), transforms (skew
included), lengths in percent of the viewBox, the viewBox, and clip paths made of shapes
(`clip-path="url(#id)"` in user space). A gradient fill is drawn in one colour, its first
stop's. `<text>` and its `<tspan>`s are drawn as text in the project's fonts (see
`_text`; a family the project lacks is drawn in a built-in face, with a warning); an
icon, drawn in one colour from shapes, takes their glyph outlines (`flat_paths`).
Inkscape's and Illustrator's own elements (`<metadata>`, `<sodipodi:namedview>`,
anything in another namespace), `<title>`, `<desc>` and hidden elements are skipped
silently. Anything else (filters, embedded images, masks) is left out and reported as a
warning, once per file.

A file is bounded before and while it is drawn: at most `MAX_ELEMENTS` elements (counted
while it is parsed), `MAX_STYLE` characters of `<style>`, `<use>` nested at most
`MAX_USE_DEPTH` deep and at most `MAX_DRAWN` elements drawn in all, copies made by `<use>`
included. A file over a bound is not drawn: one located message names the bound.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path as FsPath
from typing import Any

from .. import fonts
from ..core.files import Unreadable, read_bytes
from .ops import (
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
    polygon_path,
    r,
    rect_path,
    transform_path,
)
from .symbols import PathError, parse_path

NAMED = {
    "black": "#000000",
    "white": "#ffffff",
    "red": "#ff0000",
    "green": "#008000",
    "blue": "#0000ff",
    "gray": "#808080",
    "grey": "#808080",
    "yellow": "#ffff00",
    "orange": "#ffa500",
    "purple": "#800080",
}
SKIP = {
    "title",
    "desc",
    "metadata",
    "defs",
    "style",
    "namedview",
    "sodipodi:namedview",
    "foreignObject",
    "script",
}
SVG_NS = "http://www.w3.org/2000/svg"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
CONDITIONS = ("requiredExtensions", "requiredFeatures", "systemLanguage")  # of <switch> children
# attributes whose percentages are of the viewBox width, height, or its normalised diagonal
ACROSS = frozenset({"x", "cx", "rx", "x1", "x2", "width"})
DOWN = frozenset({"y", "cy", "ry", "y1", "y2", "height"})


_PAINT = ("fill", "stroke", "stroke-width", "fill-rule")
# text properties, inherited like the paint (`font` is the shorthand Illustrator writes)
_FONT = ("font-family", "font-size", "font-weight", "font-style", "text-anchor", "font")

MAX_ELEMENTS = 50_000  # elements in one SVG file
MAX_DRAWN = 20_000  # elements drawn from one file, each copy a `<use>` makes included
MAX_USE_DEPTH = 16  # `<use>` within what a `<use>` draws
MAX_STYLE = 1_000_000  # characters of CSS in one file's `<style>` elements


class SvgLimit(ValueError):
    """An SVG file over one of the bounds above."""


def parse_svg(data: bytes) -> ET.Element:
    """The root element of an SVG file's bytes, its elements counted while it is parsed
    (`SvgLimit` past `MAX_ELEMENTS`; `ET.ParseError` for XML that cannot be read)."""
    parser: Any = ET.XMLPullParser(events=("start",))
    root: ET.Element | None = None
    count = 0
    step = 1 << 16
    for at in range(0, max(len(data), 1), step):
        parser.feed(data[at : at + step])
        for event in parser.read_events():
            root = event[1] if root is None else root
            count += 1
            if count > MAX_ELEMENTS:
                raise SvgLimit(
                    f"it has more than {MAX_ELEMENTS:,} elements, cardstock's limit for one SVG file"
                )
    parser.close()
    for event in parser.read_events():
        root = event[1] if root is None else root
    if root is None:
        raise ET.ParseError("no element found")
    return root


def _color(
    value: str | None, problems: set[str], paints: dict[str, str] | None = None
) -> str | None:
    if value is None:
        return None
    v = value.strip().lower()
    m = re.fullmatch(r"url\(\s*['\"]?#([^)'\"]+)['\"]?\s*\)(.*)", value.strip())
    if m:
        found = (paints or {}).get(m.group(1))
        if found:
            problems.add(f"the gradient {m.group(1)!r} is drawn in one colour, its first stop's")
            return found
        fallback = m.group(2).strip()
        if fallback:
            return _color(fallback, problems)
        problems.add(f"the paint {value!r} is not understood (drawn black)")
        return "#000000"
    if v in ("none", "transparent", ""):
        return "none"
    if re.fullmatch(r"#[0-9a-f]{6}", v):
        return v
    if re.fullmatch(r"#[0-9a-f]{3}", v):
        return "#" + "".join(c * 2 for c in v[1:])
    if v in NAMED:
        return NAMED[v]
    m = re.fullmatch(r"rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)", v)
    if m:
        return "#" + "".join(f"{min(255, int(g)):02x}" for g in m.groups())
    problems.add(f"colour {value!r} is not understood (drawn black)")
    return "#000000"


def _mul(a: Matrix, b: Matrix) -> Matrix:
    return (
        a[0] * b[0] + a[2] * b[1],
        a[1] * b[0] + a[3] * b[1],
        a[0] * b[2] + a[2] * b[3],
        a[1] * b[2] + a[3] * b[3],
        a[0] * b[4] + a[2] * b[5] + a[4],
        a[1] * b[4] + a[3] * b[5] + a[5],
    )


def _number(text: object) -> float | None:
    """A number written in the file, or None when it is not a finite number."""
    try:
        value = float(str(text))
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _numbers(text: str | None, problems: set[str], what: str) -> list[float] | None:
    """Numbers separated by spaces or commas; None (and a problem) when one is not a number."""
    parts = [x for x in re.split(r"[\s,]+", (text or "").strip()) if x]
    values = [_number(x) for x in parts]
    if any(v is None for v in values):
        problems.add(f"{what} {text!r} is not a list of numbers (ignored)")
        return None
    return [v for v in values if v is not None]  # all of them (checked above)


def _transform(text: str | None, problems: set[str] | None = None) -> Matrix:
    m: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    if not text:
        return m
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text):
        v = _numbers(args, problems if problems is not None else set(), "the transform")
        if not v:
            continue
        t: Matrix
        if name == "matrix" and len(v) == 6:
            t = (v[0], v[1], v[2], v[3], v[4], v[5])
        elif name == "translate":
            t = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale":
            t = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif name == "skewX" and v:
            t = (1, 0, math.tan(math.radians(v[0])), 1, 0, 0)
        elif name == "skewY" and v:
            t = (1, math.tan(math.radians(v[0])), 0, 1, 0, 0)
        elif name == "rotate":
            a = math.radians(v[0])
            t = (math.cos(a), math.sin(a), -math.sin(a), math.cos(a), 0, 0)
            if len(v) == 3:
                t = _mul(_mul((1, 0, 0, 1, v[1], v[2]), t), (1, 0, 0, 1, -v[1], -v[2]))
        else:
            continue
        m = _mul(m, t)
    return m


def _num(v: object, default: float = 0.0, finite: bool = True) -> float:
    """The number an attribute starts with (units dropped), else `default`; a value that
    is not finite gives `default` too unless `finite` is False (the drawing's own size,
    which `_viewbox` refuses instead)."""
    if v is None:
        return default
    m = re.match(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)", str(v))
    if not m:
        return default
    value = float(m.group(1))
    return value if math.isfinite(value) or not finite else default


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
    problems: set[str] = set()
    try:
        root = parse_svg(read_bytes(path, folder))
    except Unreadable as exc:
        return [], [f"cannot read the file: {exc}"]
    except (ET.ParseError, SvgLimit) as exc:
        return [], [f"not a readable SVG file: {exc}"]
    try:
        vx, vy, vw, vh = _viewbox(root)
    except ValueError as exc:
        return [], [str(exc)]
    x, y, w, h = rect
    sx = w / (vw or 1)
    sy = h / (vh or 1)
    if fit != "stretch":
        sx = sy = (max if fit == "cover" else min)(sx, sy)
    px, py = position
    base = (sx, 0.0, 0.0, sy, x + (w - vw * sx) * px - vx * sx, y + (h - vh * sy) * py - vy * sy)
    ops: list[Op] = []
    try:
        sheet = _Sheet(_css_classes(root), _gradient_colors(root), _ids(root), (vw, vh))
        _count_drawn(root, sheet.ids)
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
        return [], [f"not a readable SVG file: {exc}"]
    return ops, sorted(problems)


def _opacity(text: str, problems: set[str]) -> float:
    """An opacity value; one that is not a finite number is a problem (drawn opaque)."""
    try:
        value = float(str(text).strip())
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        problems.add(f"opacity {text!r} is not a number (drawn opaque)")
        return 1.0
    return max(0.0, min(1.0, value))


class _Sheet:
    """What a file defines once and its shapes refer to: CSS classes, gradients, elements
    by id (for `<use>` and clip paths), and the viewBox size percentages are of."""

    def __init__(
        self,
        classes: dict[str, str],
        paints: dict[str, str],
        ids: dict[str, ET.Element] | None = None,
        size: tuple[float, float] = (100.0, 100.0),
    ) -> None:
        self.classes = classes
        self.paints = paints
        self.ids = ids or {}
        self.size = size
        self.using: set[str] = set()  # the <use> targets being drawn (a cycle is refused)
        self.drawn = 0  # elements walked, <use> copies included

    def walked(self) -> None:
        self.drawn += 1
        if self.drawn > MAX_DRAWN:
            raise SvgLimit(
                f"it draws more than {MAX_DRAWN:,} elements (copies made by <use> included), cardstock's limit for one SVG file"
            )

    def length(self, value: str | None, key: str, default: float = 0.0) -> float:
        """An attribute's length; a percentage is of the viewBox width (x, width, …),
        height (y, height, …) or normalised diagonal (r, stroke-width)."""
        text = str(value).strip() if value is not None else ""
        if text.endswith("%"):
            pct = _number(text[:-1])
            if pct is None:
                return default
            w, h = self.size
            ref = w if key in ACROSS else h if key in DOWN else math.sqrt((w * w + h * h) / 2)
            return pct / 100 * ref
        return _num(value, default)


def _local(el: ET.Element) -> str | None:
    """An element's name in the SVG namespace (None for another namespace's elements,
    which SVG viewers skip too: Inkscape's, Illustrator's, RDF)."""
    tag = el.tag
    if not isinstance(tag, str):
        return None
    if tag.startswith("{"):
        ns, _, name = tag[1:].partition("}")
        return name if ns == SVG_NS else None
    return tag


def _ids(root: ET.Element) -> dict[str, ET.Element]:
    return {el.get("id", ""): el for el in root.iter() if el.get("id")}


def _ref(value: str | None) -> str | None:
    """The id in `url(#id)` or `#id`."""
    if not value:
        return None
    m = re.fullmatch(r"\s*(?:url\(\s*['\"]?#([^)'\"]+)['\"]?\s*\)|#(\S+))\s*", value)
    return (m.group(1) or m.group(2)) if m else None


def _count_drawn(root: ET.Element, ids: dict[str, ET.Element]) -> None:
    """Refuse a file whose `<use>` copies would make it draw more than `MAX_DRAWN`
    elements, before anything is drawn: each element's count (itself, its children, what
    it uses) is worked out once."""
    counts: dict[int, int] = {}

    def count(el: ET.Element, depth: int) -> int:
        key = id(el)
        if key in counts:
            return counts[key]
        counts[key] = 0  # a cycle counts nothing more (drawing refuses it)
        if depth > MAX_USE_DEPTH:
            raise SvgLimit(
                f"its <use> elements nest more than {MAX_USE_DEPTH} deep, cardstock's limit for one SVG file"
            )
        n = 1
        if _local(el) == "use":
            ref = _ref(el.get("href") or el.get(XLINK_HREF))
            target = ids.get(ref) if ref else None
            n += count(target, depth + 1) if target is not None else 0
        elif _local(el) not in SKIP:
            n += sum(count(child, depth) for child in el)
        if n > MAX_DRAWN:
            raise SvgLimit(
                f"it draws more than {MAX_DRAWN:,} elements (copies made by <use> included), cardstock's limit for one SVG file"
            )
        counts[key] = n
        return n

    count(root, 0)


def _without_comments(text: str) -> str:
    """CSS without its `/* … */` comments (an unclosed one runs to the end), in one pass."""
    out: list[str] = []
    at = 0
    while True:
        start = text.find("/*", at)
        if start < 0:
            out.append(text[at:])
            break
        out.append(text[at:start])
        end = text.find("*/", start + 2)
        if end < 0:
            break
        at = end + 2
    return "".join(out)


def _css_rules(text: str) -> Iterator[tuple[str, str]]:
    """(selectors, declarations) of each `selectors { declarations }` rule, in one pass."""
    for chunk in text.split("}")[:-1]:
        parts = chunk.split("{")
        if len(parts) >= 2 and parts[-2].strip():
            yield parts[-2], parts[-1]


def _css_classes(root: ET.Element) -> dict[str, str]:
    """`.st0{fill:#c00}` rules of the file's <style> elements: class → declarations."""
    found: dict[str, list[str]] = {}
    size = 0
    for el in root.iter():
        if el.tag.split("}")[-1] != "style" or not el.text:
            continue
        size += len(el.text)
        if size > MAX_STYLE:
            raise SvgLimit(
                f"its <style> holds more than {MAX_STYLE:,} characters of CSS, cardstock's limit for one SVG file"
            )
        for selectors, body in _css_rules(_without_comments(el.text)):
            for sel in selectors.split(","):
                sel = sel.strip()
                if re.fullmatch(r"\.[A-Za-z_][\w-]*", sel):
                    found.setdefault(sel[1:], []).append(body)
    return {name: ";" + ";".join(bodies) for name, bodies in found.items()}


def _gradient_colors(root: ET.Element) -> dict[str, str]:
    """Gradient id → the colour of its first stop (following href to a shared stop list)."""
    stops: dict[str, str] = {}
    links: dict[str, str] = {}
    for el in root.iter():
        tag = el.tag.split("}")[-1]
        gid = el.get("id")
        if tag not in ("linearGradient", "radialGradient") or not gid:
            continue
        for stop in el:
            if stop.tag.split("}")[-1] != "stop":
                continue
            color = stop.get("stop-color")
            for decl in (stop.get("style") or "").split(";"):
                if decl.strip().startswith("stop-color") and ":" in decl:
                    color = decl.split(":", 1)[1].strip()
            if color:
                stops[gid] = color
                break
        href = el.get("href") or el.get("{http://www.w3.org/1999/xlink}href")
        if href and href.startswith("#"):
            links[gid] = href[1:]
    for gid, target in links.items():
        if gid not in stops and target in stops:
            stops[gid] = stops[target]
    found: dict[str, str] = {}
    for gid, color in stops.items():
        c = _color(color, set())
        if c and c != "none":
            found[gid] = c
    return found


def _declarations(text: str) -> Iterator[tuple[str, str]]:
    for decl in text.split(";"):
        if ":" in decl:
            k, v = [p.strip() for p in decl.split(":", 1)]
            yield k, v


def _viewbox(root: ET.Element) -> tuple[float, float, float, float]:
    """The drawing's (x, y, width, height): its viewBox, else its width and height. Raises
    ValueError unless they are finite and the size is positive."""
    vb = root.get("viewBox")
    if vb:
        try:
            values = [float(p) for p in re.split(r"[\s,]+", vb.strip())]
        except ValueError:
            values = []
        if len(values) != 4:
            raise ValueError(f"viewBox {_short(vb)} is not four numbers")
        where = f"viewBox {_short(vb)}"
    else:
        values = [
            0.0,
            0.0,
            _num(root.get("width"), 100, finite=False),
            _num(root.get("height"), 100, finite=False),
        ]
        where = f"width {_short(root.get('width'))} and height {_short(root.get('height'))}"
    if not all(math.isfinite(v) for v in values):
        raise ValueError(f"{where}: the size must be finite numbers (not nan or inf)")
    if values[2] <= 0 or values[3] <= 0:
        raise ValueError(f"{where}: the width and height must be more than 0")
    return values[0], values[1], values[2], values[3]


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:36] + "…" + text[-3:]


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


def _hidden(el: ET.Element, declared: list[tuple[str, str]]) -> bool:
    values = {k: v for k, v in declared}
    display = values.get("display", el.get("display"))
    visibility = values.get("visibility", el.get("visibility"))
    return (display or "").strip() == "none" or (visibility or "").strip() in ("hidden", "collapse")


def _shape(el: ET.Element, tag: str, problems: set[str], sheet: _Sheet) -> PathData | None:
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
        vals = _numbers(el.get("points"), problems, "the points") or []
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


def _clip(ref: str, m: Matrix, problems: set[str], sheet: _Sheet) -> PathData | None:
    """The clip path `ref` names as path data on the page (shapes of a `<clipPath>` in
    the user space of the element it clips), () when it clips everything away, or None
    when it is not applied (reported)."""
    cp = sheet.ids.get(ref)
    if cp is None or _local(cp) != "clipPath":
        problems.add(
            f"the clip path {ref!r} is not defined in the file (the shapes are drawn whole)"
        )
        return None
    if cp.get("clipPathUnits") == "objectBoundingBox":
        problems.add(
            f"the clip path {ref!r} is in objectBoundingBox units, which are not applied (the shapes are drawn whole)"
        )
        return None
    cm = _mul(m, _transform(cp.get("transform"), problems))
    data: list[Cmd] = []
    for child in cp:
        tag = _local(child)
        target, at = child, cm
        if tag == "use":
            found = sheet.ids.get(_ref(child.get("href") or child.get(XLINK_HREF)) or "")
            if found is None:
                continue
            at = _mul(
                _mul(cm, _transform(child.get("transform"), problems)),
                (1, 0, 0, 1, sheet.length(child.get("x"), "x"), sheet.length(child.get("y"), "y")),
            )
            target, tag = found, _local(found)
        if tag not in SHAPES:
            if tag is not None and tag not in SKIP:
                problems.add(f"<{tag}> in a clip path is not applied (only shapes are)")
            continue
        try:
            d = _shape(target, tag, problems, sheet)
        except (PathError, ValueError) as exc:
            problems.add(f"<{tag}> could not be read: {exc}")
            continue
        if d:
            d = transform_path(d, _mul(at, _transform(target.get("transform"), problems)))
            if _finite(d):
                data.extend(d)
    return tuple(data)


def _walk(
    el: ET.Element,
    m: Matrix,
    style: dict[str, str],
    ops: list[Op],
    problems: set[str],
    sheet: _Sheet,
    used: bool = False,
) -> None:
    sheet.walked()
    tag = _local(el)
    if tag is None or tag in SKIP:
        return  # another program's element, or one that draws nothing
    if tag in ("linearGradient", "radialGradient", "clipPath", "mask", "pattern", "marker") or (
        tag == "symbol" and not used
    ):
        return  # definitions, drawn only where they are used
    declared = list(
        _declarations(
            ";".join(
                [sheet.classes.get(c, "") for c in (el.get("class") or "").split()]
                + [el.get("style") or ""]
            )
        )
    )
    if _hidden(el, declared):
        return
    if el.get("mask") or any(k == "mask" for k, _ in declared):
        problems.add("masks are not applied (the shapes are drawn whole)")
    st = dict(style)
    st["opacity"] = "1" if tag == "svg" else style.get("opacity", "1")
    for key in _PAINT + _FONT:
        own = el.get(key)
        if own is not None:
            st[key] = own
    own_opacity = _opacity(el.get("opacity", "1"), problems)
    clip_ref = el.get("clip-path")
    for k, v in declared:
        if k == "opacity":
            own_opacity = _opacity(v, problems)
        elif k in _PAINT or k in _FONT:
            st[k] = v
        elif k == "clip-path":
            clip_ref = v
    st["opacity"] = str(float(style.get("opacity", "1")) * own_opacity)
    if tag != "svg":
        m = _mul(m, _transform(el.get("transform"), problems))
    mine: list[Op] = []
    clip = None
    if clip_ref and clip_ref.strip() != "none":
        ref = _ref(clip_ref)
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


def _draw(
    el: ET.Element,
    tag: str,
    m: Matrix,
    st: dict[str, str],
    ops: list[Op],
    problems: set[str],
    sheet: _Sheet,
) -> None:
    """The element's own drawing (its style and transform already applied in m and st)."""
    if tag in ("svg", "g", "a", "symbol"):
        for child in el:
            _walk(child, m, st, ops, problems, sheet)
        return
    if tag == "switch":  # the first child a plain viewer draws: no conditions of its own
        for child in el:
            if _local(child) not in (None, "foreignObject") and not any(
                child.get(c) for c in CONDITIONS
            ):
                _walk(child, m, st, ops, problems, sheet)
                break
        return
    if tag == "use":
        ref = _ref(el.get("href") or el.get(XLINK_HREF))
        target = sheet.ids.get(ref) if ref else None
        if target is None or ref is None:
            problems.add(
                f"<use> names {el.get('href') or el.get(XLINK_HREF)!r}, which the file does not define (left out)"
            )
            return
        if ref in sheet.using:
            problems.add(f"<use> of {ref!r} refers to itself (left out)")
            return
        at = _mul(m, (1, 0, 0, 1, sheet.length(el.get("x"), "x"), sheet.length(el.get("y"), "y")))
        if (
            _local(target) == "symbol"
            and target.get("viewBox")
            and el.get("width")
            and el.get("height")
        ):
            try:
                bx, by, bw, bh = _viewbox(target)
                at = _mul(
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
                f"its <use> elements nest more than {MAX_USE_DEPTH} deep, cardstock's limit for one SVG file"
            )
        sheet.using.add(ref)
        try:
            _walk(target, at, st, ops, problems, sheet, used=True)
        finally:
            sheet.using.discard(ref)
        return
    if tag == "text":
        _text(el, m, st, ops, problems, sheet)
        return
    if tag not in SHAPES:
        problems.add(f"<{tag}> is not drawn (only shapes, paths and text are)")
        return
    try:
        d = _shape(el, tag, problems, sheet)
    except (PathError, ValueError) as exc:
        problems.add(f"<{tag}> could not be read: {exc}")
        return
    if not d:
        return
    d = transform_path(d, m)
    if not _finite(d):
        problems.add(NON_FINITE)
        return
    fill = _color(st.get("fill"), problems, sheet.paints)
    stroke = _color(st.get("stroke"), problems, sheet.paints)
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


# ---------------------------------------------------------------- text

# CSS generic families and the fonts every system has, by the built-in face drawn for them
GENERIC = {
    "serif": "serif",
    "times": "serif",
    "times new roman": "serif",
    "georgia": "serif",
    "liberation serif": "serif",
    "tinos": "serif",
    "cambria": "serif",
    "garamond": "serif",
    "palatino": "serif",
    "book antiqua": "serif",
    "monospace": "mono",
    "courier": "mono",
    "courier new": "mono",
    "liberation mono": "mono",
    "cousine": "mono",
    "consolas": "mono",
    "menlo": "mono",
    "dejavu sans mono": "mono",
    "sans-serif": "sans",
    "sans": "sans",
    "arial": "sans",
    "helvetica": "sans",
    "liberation sans": "sans",
    "arimo": "sans",
    "verdana": "sans",
    "dejavu sans": "sans",
    "open sans": "sans",
    "roboto": "sans",
    "segoe ui": "sans",
    "system-ui": "sans",
    "calibri": "sans",
    "tahoma": "sans",
    "trebuchet ms": "sans",
    "noto sans": "sans",
}
_WEIGHTS = {"bold": 700, "bolder": 700, "normal": 400, "lighter": 300}
_POINTS = {"px": 1.0, "pt": 4 / 3, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0}


def _squeezed(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def svg_font(families: str, weight: str, style: str, problems: set[str]) -> str:
    """The face (a name in fonts.FACES) a `font-family` list, weight and style are drawn
    in: the project's own face of that family (matched ignoring case, spaces and hyphens,
    or by file stem) nearest the weight and style, else the built-in face for a generic
    family or a common system font (`serif`, Arial, Times New Roman, Courier), else sans;
    a family named but not found is reported with the face used instead."""
    wanted = [
        f.strip().strip("'\"").strip()
        for f in families.split(",")
        if f.strip().strip("'\"").strip()
    ]
    bold = _WEIGHTS.get(weight.strip().lower(), int(_num(weight, 400))) >= 600
    number = _WEIGHTS.get(weight.strip().lower(), int(_num(weight, 400)))
    italic = style.strip().lower() in ("italic", "oblique")
    base: str | None = None
    for family in wanted:
        key = _squeezed(family)
        own = [
            f
            for f in fonts.FACES.values()
            if f.own and key in (_squeezed(f.family), _squeezed(f.name))
        ]
        if own:

            def distance(f: fonts.FontFace) -> tuple[int, float, str]:
                w = 700 if f.weight == "bold" else 400 if f.weight == "normal" else int(f.weight)
                return ((f.style == "italic") != italic, abs(w - number), f.name)

            return min(own, key=distance).name
        base = GENERIC.get(family.lower()) or (
            family.lower() if family.lower() in fonts.BUILT_IN else None
        )
        if base is not None:
            break
    if base is None:
        base = "sans"
        if wanted:
            problems.add(
                f"the font {wanted[0]!r} is not among the project's fonts (fonts/): its text is drawn in sans"
            )
    name = base
    if italic:
        name = fonts.FACES[name].italic
    if bold:
        name = fonts.FACES[name].bold
    return name


def _font_size(value: str | None, inherited: float) -> float:
    """A `font-size` in the drawing's user units (px and unitless alike; pt, mm, em, %)."""
    text = str(value or "").strip().lower()
    m = re.fullmatch(
        r"([-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)\s*(px|pt|pc|mm|cm|in|em|rem|%)?", text
    )
    if not m:
        return {
            "small": 13.0,
            "medium": 16.0,
            "large": 18.0,
            "x-large": 24.0,
            "larger": inherited * 1.2,
            "smaller": inherited / 1.2,
        }.get(text, inherited)
    number, unit = float(m.group(1)), m.group(2) or "px"
    if unit in ("em", "rem"):
        return number * inherited
    if unit == "%":
        return number / 100 * inherited
    return number * _POINTS[unit]


def _font_shorthand(st: dict[str, str]) -> None:
    """`font: italic bold 12px 'Myriad Pro'` spread into its properties."""
    value = st.pop("font", None)
    if not value:
        return
    m = re.match(r"\s*((?:[a-z-]+|\d{3})\s+)*?([\d.]+[a-z%]*)(?:/[^\s]+)?\s+(.+)$", value, re.I)
    if not m:
        return
    before = value[: m.start(2)].split()
    for word in before:
        if word.lower() in ("italic", "oblique"):
            st["font-style"] = word
        elif word.lower() in _WEIGHTS or word.isdigit():
            st["font-weight"] = word
    st["font-size"] = m.group(2)
    st["font-family"] = m.group(3)


def _positions(el: ET.Element, key: str, sheet: _Sheet) -> list[float]:
    return [sheet.length(v, key) for v in re.split(r"[\s,]+", (el.get(key) or "").strip()) if v]


def _by_coverage(
    text: str, face: str, st: dict[str, str], problems: set[str]
) -> list[tuple[str, str]]:
    """`text` cut into runs of the face that draws them: `face`, else the first built-in
    face (sans, serif, mono, in the same weight and style) that has the character; a
    character none has stays in `face` and is reported."""
    lacking = fonts.missing_glyphs(text, face)
    if not lacking:
        return [(text, face)]
    chain = [
        svg_font(generic, st.get("font-weight", "normal"), st.get("font-style", "normal"), set())
        for generic in ("sans-serif", "serif", "monospace")
    ]
    drawn_in = {ch: next((f for f in chain if ch in fonts.coverage(f)), face) for ch in lacking}
    missing = [ch for ch in lacking if drawn_in[ch] == face]
    if missing:
        problems.add(
            f"the font {face!r} has no glyph for {', '.join(repr(c) for c in missing)} (printed as a blank box)"
        )
    runs: list[tuple[str, str]] = []
    for ch in text:
        used = drawn_in.get(ch, face)
        if runs and runs[-1][1] == used:
            runs[-1] = (runs[-1][0] + ch, used)
        else:
            runs.append((ch, used))
    return runs


class _Chunk:
    """Runs of text drawn one after another from one start (an absolute x or y starts a
    new one): `text-anchor` moves the whole chunk."""

    def __init__(self, anchor: str) -> None:
        self.anchor = anchor
        self.runs: list[Text] = []
        self.width = 0.0


def _text(
    el: ET.Element, m: Matrix, st: dict[str, str], ops: list[Op], problems: set[str], sheet: _Sheet
) -> None:
    """A `<text>` element and its `<tspan>`s as text runs in the project's fonts, in a
    group carrying the drawing's transform (so the PDF keeps them as text a reader can
    find and copy, and the SVG as text). Positions (x, y, dx, dy), `text-anchor`, font
    family, size, weight and style are read; whitespace is collapsed as SVG does unless
    `xml:space="preserve"`. Letter-by-letter positions and text on a path are not."""
    preserve = el.get("{http://www.w3.org/XML/1998/namespace}space") == "preserve"
    chunks: list[_Chunk] = []
    pos = [0.0, 0.0]
    last_space = [True]  # collapsing: a space after a space (or at the start) is dropped

    def styled(node: ET.Element, inherited: dict[str, str]) -> dict[str, str]:
        own = dict(inherited)
        for key in _PAINT + _FONT + ("opacity",):
            if node.get(key) is not None:
                own[key] = str(node.get(key))
        classes = [sheet.classes.get(c, "") for c in (node.get("class") or "").split()]
        for k, v in _declarations(";".join(classes + [node.get("style") or ""])):
            if k in _PAINT or k in _FONT:
                own[k] = v
            elif k == "opacity":
                own["opacity"] = str(float(inherited.get("opacity", "1")) * _opacity(v, problems))
        if "font" in own:
            _font_shorthand(own)
        return own

    def place(node: ET.Element, node_st: dict[str, str]) -> None:
        xs, ys = _positions(node, "x", sheet), _positions(node, "y", sheet)
        if len(xs) > 1 or len(ys) > 1:
            problems.add("text placed letter by letter is drawn from its first position")
        if xs or ys or not chunks:
            pos[0] = xs[0] if xs else pos[0]
            pos[1] = ys[0] if ys else pos[1]
            chunks.append(_Chunk(node_st.get("text-anchor", "start").strip()))
        dxs, dys = _positions(node, "dx", sheet), _positions(node, "dy", sheet)
        pos[0] += dxs[0] if dxs else 0.0
        pos[1] += dys[0] if dys else 0.0

    def run(text: str | None, node_st: dict[str, str]) -> None:
        if not text:
            return
        text = text.replace("\t", " ").replace("\r", "").replace("\n", "" if not preserve else " ")
        if not preserve:
            text = re.sub(r" +", " ", text)
            if last_space[0] and text.startswith(" "):
                text = text[1:]
            if not text:
                return
            last_space[0] = text.endswith(" ")
        fill = _color(node_st.get("fill"), problems, sheet.paints)
        if fill in (None, "none"):
            return
        size = _font_size(node_st.get("font-size"), 16.0)
        if size <= 0:
            return
        face = svg_font(
            node_st.get("font-family", "sans-serif"),
            node_st.get("font-weight", "normal"),
            node_st.get("font-style", "normal"),
            problems,
        )
        chunk = chunks[-1]
        opacity = max(0.0, min(1.0, float(node_st.get("opacity", "1"))))
        for piece, used in _by_coverage(text, face, node_st, problems):
            chunk.runs.append(Text(pos[0], pos[1], piece, used, r(size), fill, opacity))
            advance = fonts.string_width(piece, used, size)
            pos[0] += advance
            chunk.width += advance

    def walk(node: ET.Element, node_st: dict[str, str]) -> None:
        place(node, node_st)
        run(node.text, node_st)
        for child in node:
            tag = _local(child)
            if tag in ("tspan", "textPath", "a"):
                child_st = styled(child, node_st)
                if not _hidden(child, list(_declarations(child.get("style") or ""))):
                    if tag == "textPath":
                        problems.add("text on a path is drawn on a straight line")
                    walk(child, child_st)
            elif tag is not None and tag not in SKIP:
                problems.add(f"<{tag}> inside text is not drawn")
            run(child.tail, node_st)

    if "font" in st:
        st = dict(st)
        _font_shorthand(st)
    walk(el, st)
    drawn: list[Op] = []
    for chunk in chunks:
        if (
            chunk.runs and not preserve
        ):  # a chunk's trailing space is not drawn, nor counted by its anchor
            end = chunk.runs[-1]
            kept = end.text.rstrip(" ")
            chunk.width -= fonts.string_width(end.text[len(kept) :], end.font, end.size)
            chunk.runs[-1] = replace(end, text=kept)
        shift = {"middle": -chunk.width / 2, "end": -chunk.width}.get(chunk.anchor, 0.0)
        drawn += [replace(t, x=r(t.x + shift), y=r(t.y)) for t in chunk.runs if t.text.strip()]
    if drawn:
        a, b, c, d, e, f = (round(v, 6) or 0.0 for v in m)
        ops.append(Group(tuple(drawn), transform=(a, b, c, d, e, f)))


def flat_paths(ops: Iterable[Op], problems: set[str]) -> list[Path]:
    """The paths of `ops` with clipped groups opened (for one-colour icons, which are
    drawn from paths alone; a clip is then left out and reported). Text becomes the
    outlines of its glyphs, and a group's transform is applied to what it holds."""
    out: list[Path] = []
    for op in ops:
        if isinstance(op, Group):
            if op.clip is not None:
                problems.add("clip paths are not applied to icons (the shapes are drawn whole)")
            inner = flat_paths(op.ops, problems)
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
