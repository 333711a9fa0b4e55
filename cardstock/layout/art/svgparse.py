"""An SVG file read for drawing: its elements counted while it is parsed, and what its
elements say (colours, numbers, lengths, transforms, CSS classes, gradients, elements by
id, the viewBox), for the drawing (`cardstock.layout.art.svgart`) and its text
(`cardstock.layout.art.svgtext`).

A file is bounded before and while it is drawn: at most `MAX_ELEMENTS` elements (counted
while it is parsed), `MAX_STYLE` characters of `<style>`, `<use>` nested at most
`MAX_USE_DEPTH` deep and at most `MAX_DRAWN` elements drawn in all, copies made by `<use>`
included. A file over a bound is not drawn: one located message names the bound.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from typing import Any

from ...core.colors import CSS_COLORS
from ..ops import Matrix, multiply

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
# attributes whose percentages are of the viewBox width, height, or its normalised diagonal
ACROSS = frozenset({"x", "cx", "rx", "x1", "x2", "width"})
DOWN = frozenset({"y", "cy", "ry", "y1", "y2", "height"})


PAINT_KEYS = ("fill", "stroke", "stroke-width", "fill-rule")
# text properties, inherited like the paint (`font` is the shorthand Illustrator writes)
FONT_KEYS = ("font-family", "font-size", "font-weight", "font-style", "text-anchor", "font")

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
                    f"it has more than {MAX_ELEMENTS:,} elements, cardstock's limit for one "
                    "SVG file"
                )
    parser.close()
    for event in parser.read_events():
        root = event[1] if root is None else root
    if root is None:
        raise ET.ParseError("no element found")
    return root


def paint_color(
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
            return paint_color(fallback, problems)
        problems.add(f"the paint {value!r} is not understood (drawn black)")
        return "#000000"
    if v in ("none", "transparent", ""):
        return "none"
    if re.fullmatch(r"#[0-9a-f]{6}", v):
        return v
    if re.fullmatch(r"#[0-9a-f]{3}", v):
        return "#" + "".join(c * 2 for c in v[1:])
    if v in CSS_COLORS:
        return CSS_COLORS[v]
    m = re.fullmatch(r"rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)", v)
    if m:
        return "#" + "".join(f"{min(255, int(g)):02x}" for g in m.groups())
    problems.add(f"colour {value!r} is not understood (drawn black)")
    return "#000000"


def _number(text: object) -> float | None:
    """A number written in the file, or None when it is not a finite number."""
    try:
        value = float(str(text))
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def number_list(text: str | None, problems: set[str], what: str) -> list[float] | None:
    """Numbers separated by spaces or commas; None (and a problem) when one is not a number."""
    parts = [x for x in re.split(r"[\s,]+", (text or "").strip()) if x]
    values = [_number(x) for x in parts]
    if any(v is None for v in values):
        problems.add(f"{what} {text!r} is not a list of numbers (ignored)")
        return None
    return [v for v in values if v is not None]  # all of them (checked above)


def parse_transform(text: str | None, problems: set[str] | None = None) -> Matrix:
    m: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    if not text:
        return m
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text):
        v = number_list(args, problems if problems is not None else set(), "the transform")
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
                t = multiply(multiply((1, 0, 0, 1, v[1], v[2]), t), (1, 0, 0, 1, -v[1], -v[2]))
        else:
            continue
        m = multiply(m, t)
    return m


def attr_number(v: object, default: float = 0.0, finite: bool = True) -> float:
    """The number an attribute starts with (units dropped), else `default`; a value that
    is not finite gives `default` too unless `finite` is False (the drawing's own size,
    which `viewbox` refuses instead)."""
    if v is None:
        return default
    m = re.match(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)", str(v))
    if not m:
        return default
    value = float(m.group(1))
    return value if math.isfinite(value) or not finite else default


def parse_opacity(text: str, problems: set[str]) -> float:
    """An opacity value; one that is not a finite number is a problem (drawn opaque)."""
    try:
        value = float(str(text).strip())
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        problems.add(f"opacity {text!r} is not a number (drawn opaque)")
        return 1.0
    return max(0.0, min(1.0, value))


class SvgSheet:
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
                f"it draws more than {MAX_DRAWN:,} elements (copies made by <use> "
                "included), cardstock's limit for one SVG file"
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
        return attr_number(value, default)


def local_name(el: ET.Element) -> str | None:
    """An element's name in the SVG namespace (None for another namespace's elements,
    which SVG viewers skip too: Inkscape's, Illustrator's, RDF)."""
    tag = el.tag
    if not isinstance(tag, str):
        return None
    if tag.startswith("{"):
        ns, _, name = tag[1:].partition("}")
        return name if ns == SVG_NS else None
    return tag


def ids_of(root: ET.Element) -> dict[str, ET.Element]:
    return {el.get("id", ""): el for el in root.iter() if el.get("id")}


def id_ref(value: str | None) -> str | None:
    """The id in `url(#id)` or `#id`."""
    if not value:
        return None
    m = re.fullmatch(r"\s*(?:url\(\s*['\"]?#([^)'\"]+)['\"]?\s*\)|#(\S+))\s*", value)
    return (m.group(1) or m.group(2)) if m else None


def count_drawn(
    root: ET.Element,
    ids: dict[str, ET.Element],
    also: Callable[[ET.Element], str | None] | None = None,
) -> None:
    """Refuse a file whose `<use>` copies would make it draw more than `MAX_DRAWN`
    elements, before anything is drawn: each element's count (itself, its children, what
    it uses) is worked out once. `also`: the id of what else an element reads as a copy
    (a drawn layout measures the shape a text flows in for the text)."""
    counts: dict[int, int] = {}

    def count(el: ET.Element, depth: int) -> int:
        key = id(el)
        if key in counts:
            return counts[key]
        counts[key] = 0  # a cycle counts nothing more (drawing refuses it)
        if depth > MAX_USE_DEPTH:
            raise SvgLimit(
                f"its <use> elements nest more than {MAX_USE_DEPTH} deep, cardstock's "
                "limit for one SVG file"
            )
        n = 1
        if local_name(el) == "use":
            ref = id_ref(el.get("href") or el.get(XLINK_HREF))
            target = ids.get(ref) if ref else None
            n += count(target, depth + 1) if target is not None else 0
        elif local_name(el) not in SKIP:
            n += sum(count(child, depth) for child in el)
            ref = also(el) if also is not None else None
            target = ids.get(ref) if ref else None
            n += count(target, depth + 1) if target is not None else 0
        if n > MAX_DRAWN:
            raise SvgLimit(
                f"it draws more than {MAX_DRAWN:,} elements (copies made by <use> "
                "included), cardstock's limit for one SVG file"
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


def css_classes(root: ET.Element) -> dict[str, str]:
    """`.st0{fill:#c00}` rules of the file's <style> elements: class → declarations."""
    found: dict[str, list[str]] = {}
    size = 0
    for el in root.iter():
        if el.tag.split("}")[-1] != "style" or not el.text:
            continue
        size += len(el.text)
        if size > MAX_STYLE:
            raise SvgLimit(
                f"its <style> holds more than {MAX_STYLE:,} characters of CSS, "
                "cardstock's limit for one SVG file"
            )
        for selectors, body in _css_rules(_without_comments(el.text)):
            for sel in selectors.split(","):
                sel = sel.strip()
                if re.fullmatch(r"\.[A-Za-z_][\w-]*", sel):
                    found.setdefault(sel[1:], []).append(body)
    return {name: ";" + ";".join(bodies) for name, bodies in found.items()}


def gradient_colors(root: ET.Element) -> dict[str, str]:
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
        c = paint_color(color, set())
        if c and c != "none":
            found[gid] = c
    return found


def declarations(text: str) -> Iterator[tuple[str, str]]:
    for decl in text.split(";"):
        if ":" in decl:
            k, v = [p.strip() for p in decl.split(":", 1)]
            yield k, v


def viewbox(root: ET.Element) -> tuple[float, float, float, float]:
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
            attr_number(root.get("width"), 100, finite=False),
            attr_number(root.get("height"), 100, finite=False),
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


def is_hidden(el: ET.Element, declared: list[tuple[str, str]]) -> bool:
    values = {k: v for k, v in declared}
    display = values.get("display", el.get("display"))
    visibility = values.get("visibility", el.get("visibility"))
    return (display or "").strip() == "none" or (visibility or "").strip() in ("hidden", "collapse")
