"""An SVG file read for drawing: its elements counted while it is parsed, and what its
elements say (colours, numbers, lengths, transforms, CSS classes, gradients, elements by
id, the viewBox), for the drawing (`cardstock.layout.art.svgart`) and its text
(`cardstock.layout.art.svgtext`).

Every SVG file of a project (art, icons, an outline, a drawn layout) is read through one
door, `parse_svg`: expat alone, each element's line kept, no XML entity declared or
expanded (a file declaring one is refused at its line), nothing external fetched.

A file is bounded before and while it is drawn: at most `MAX_ELEMENTS` elements nested at
most `MAX_DEPTH` deep (counted while it is parsed), `MAX_STYLE` characters of `<style>`,
`<use>` nested at most `MAX_USE_DEPTH` deep, at most `MAX_DRAWN` elements drawn in all,
copies made by `<use>` included, and at most `MAX_SEGMENTS` path segments drawn in all,
copies and clip paths included (`count_drawn`, before anything is drawn). A file over a
bound is not drawn: one located message names the bound.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from typing import Any
from xml.parsers import expat

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
# definitions: drawn only where they are used (a `<symbol>` too, by a `<use>`), never where
# they are written
DEFINITIONS = frozenset(
    {"linearGradient", "radialGradient", "clipPath", "mask", "pattern", "marker"}
)
SVG_NS = "http://www.w3.org/2000/svg"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
# attributes whose percentages are of the viewBox width, height, or its normalised diagonal
ACROSS = frozenset({"x", "cx", "rx", "x1", "x2", "width"})
DOWN = frozenset({"y", "cy", "ry", "y1", "y2", "height"})


PAINT_KEYS = ("fill", "stroke", "stroke-width", "fill-rule")
# text properties, inherited like the paint (`font` is the shorthand Illustrator writes)
FONT_KEYS = ("font-family", "font-size", "font-weight", "font-style", "text-anchor", "font")

MAX_ELEMENTS = 50_000  # elements in one SVG file
MAX_DEPTH = 200  # elements within elements: a drawing program's layers nest a dozen deep
MAX_DRAWN = 20_000  # elements drawn from one file, each copy a `<use>` makes included
# path segments drawn from one file, each copy a `<use>` makes and each cut by a clip path
# included: a detailed drawing (a traced picture) has tens of thousands
MAX_SEGMENTS = 250_000
MAX_USE_DEPTH = 16  # `<use>` within what a `<use>` draws
MAX_STYLE = 1_000_000  # characters of CSS in one file's `<style>` elements


class SvgLimit(ValueError):
    """An SVG file over one of the bounds above; `element`: where it went over, when
    known (its line is the file's line the bound is reported at)."""

    def __init__(self, message: str, element: ET.Element | None = None) -> None:
        super().__init__(message)
        self.element = element


class SvgXmlError(ValueError):
    """A file that is not an SVG cardstock reads: `line` is where it went wrong."""

    def __init__(self, message: str, line: int | None) -> None:
        super().__init__(message)
        self.line = line


class _Builder:
    """Builds ElementTree elements from expat's events, each element's line kept. The
    text expat reports in pieces (one for each character reference, each line, each
    buffer) is gathered and joined once, when the next element starts or ends: adding
    each piece to the text made so far would copy it again for every piece."""

    def __init__(self, parser: Any) -> None:
        self.parser = parser
        self.root: ET.Element | None = None
        self.stack: list[ET.Element] = []
        self.last: ET.Element | None = None  # the element that just ended (text is its tail)
        self.lines: dict[int, int] = {}
        self.count = 0
        self.pieces: list[str] = []  # the text since the last start or end, not joined yet

    def start(self, name: str, attrs: dict[str, str]) -> None:
        self.flush()
        self.count += 1
        if self.count > MAX_ELEMENTS:
            raise SvgXmlError(
                f"it has more than {MAX_ELEMENTS:,} elements, cardstock's limit for one SVG file",
                self.parser.CurrentLineNumber,
            )
        if len(self.stack) >= MAX_DEPTH:
            raise SvgXmlError(
                f"its elements nest more than {MAX_DEPTH} deep, cardstock's limit for one SVG file",
                self.parser.CurrentLineNumber,
            )
        el = ET.Element(_qualified(name), {_qualified(k): v for k, v in attrs.items()})
        self.lines[id(el)] = self.parser.CurrentLineNumber
        if self.stack:
            self.stack[-1].append(el)
        else:
            self.root = el
        self.stack.append(el)
        self.last = None

    def end(self, name: str) -> None:
        self.flush()
        self.last = self.stack.pop()

    def data(self, text: str) -> None:
        self.pieces.append(text)

    def flush(self) -> None:
        """The text gathered since the last start or end, joined once: the tail of the
        element that just ended, else the text of the element it is in (text before the
        first element belongs to none)."""
        if not self.pieces:
            return
        text = "".join(self.pieces)
        self.pieces = []
        if self.last is not None:
            self.last.tail = text
        elif self.stack:
            self.stack[-1].text = text


def _qualified(name: str) -> str:
    """expat's `uri}local` as ElementTree's `{uri}local`."""
    return "{" + name if "}" in name else name


def _no_entities(*args: object) -> None:
    raise SvgXmlError(
        "it declares an XML entity, which cardstock does not read (Illustrator declares "
        "them when it saves with its editing capabilities: export the SVG instead)",
        None,
    )


def parse_svg(data: bytes) -> tuple[ET.Element, dict[int, int]]:
    """The root element of an SVG file's bytes and the line of each element (by `id()`
    of the element): the one door every SVG file of a project (art, icons, outlines,
    drawn layouts) is read through. Read with expat and nothing else: no entity is
    declared or expanded (a file declaring one is refused, as defusedxml refuses it), no
    external file or address is fetched, and at most `MAX_ELEMENTS` elements nested at
    most `MAX_DEPTH` deep are read. Raises SvgXmlError, at its line, for a file that
    declares entities, is over a bound or is not well-formed XML."""
    parser = expat.ParserCreate(namespace_separator="}")
    builder = _Builder(parser)
    parser.StartElementHandler = builder.start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.buffer_text = True  # adjacent text in one piece where expat's buffer holds it
    parser.EntityDeclHandler = _no_entities
    parser.UnparsedEntityDeclHandler = _no_entities
    parser.ExternalEntityRefHandler = lambda *args: 0  # never fetched
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    try:
        parser.Parse(data, True)
    except SvgXmlError as exc:
        if exc.line is None:
            exc.line = parser.CurrentLineNumber
        raise
    except expat.ExpatError as exc:
        raise SvgXmlError(
            f"not well-formed XML: {expat.ErrorString(exc.code)}", exc.lineno
        ) from None
    builder.flush()
    if builder.root is None:
        raise SvgXmlError("it holds no element", None)
    return builder.root, builder.lines


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
    classes: dict[str, str] | None = None,
    *,
    as_drawn: bool = False,
) -> None:
    """Refuse a file whose `<use>` copies would make it draw more than `MAX_DRAWN`
    elements, or whose paths, copies and clip paths included, hold more than
    `MAX_SEGMENTS` segments (`segments`), before anything is drawn: each element's count
    (itself, its children, what it uses, the clip path it is cut by) is worked out once.
    `also`: the id of what else an element reads as a copy (a drawn layout measures the
    shape a text flows in for the text); `classes`: the file's CSS classes (a class may
    name a clip path). `as_drawn`: count only what a picture's drawing draws (`svgart`):
    not a hidden element's shapes (`display: none`, `visibility: hidden`), nor a
    definition's (`DEFINITIONS`, a `<symbol>`) but where it is used; a drawn layout, which
    draws a marked element it finds hidden, counts every element. The segment bound is
    refused at the element it is passed at."""
    counts: dict[tuple[int, bool], tuple[int, int]] = {}  # an element's elements, segments
    sheet = classes or {}

    def count(el: ET.Element, depth: int, used: bool = False) -> tuple[int, int]:
        key = (id(el), used)
        if key in counts:
            return counts[key]
        counts[key] = (0, 0)  # a cycle counts nothing more (drawing refuses it)
        if depth > MAX_USE_DEPTH:
            raise SvgLimit(
                f"its <use> elements nest more than {MAX_USE_DEPTH} deep, cardstock's "
                "limit for one SVG file"
            )
        if as_drawn and not _drawn_here(el, used, sheet):
            counts[key] = (1, 0)  # read, not drawn
            return counts[key]
        # what the element draws besides itself: (element, depth, whether its elements
        # count): a clip path's shapes are cut again, not drawn
        inner: list[tuple[ET.Element, int, bool]] = []
        if local_name(el) == "use":
            ref = id_ref(el.get("href") or el.get(XLINK_HREF))
            target = ids.get(ref) if ref else None
            inner += [(target, depth + 1, True)] if target is not None else []
        elif local_name(el) not in SKIP:
            inner += [(child, depth, True) for child in el]
            ref = also(el) if also is not None else None
            target = ids.get(ref) if ref else None
            inner += [(target, depth + 1, True)] if target is not None else []
        clip = ids.get(_clip_of(el, sheet) or "") if local_name(el) not in SKIP else None
        inner += [(clip, depth + 1, False)] if clip is not None else []
        n, s = 1, segments(el, MAX_SEGMENTS)
        over(el, n, s)
        for target, at, drawn in inner:  # checked as each is added: the counting stops
            # soon after the bound is passed; what is used or cuts is drawn where it is
            found = count(target, at, used=at > depth)
            n, s = n + (found[0] if drawn else 0), s + found[1]
            over(el, n, s)
        counts[key] = (n, s)
        return n, s

    def over(el: ET.Element, n: int, s: int) -> None:
        if n > MAX_DRAWN:
            raise SvgLimit(
                f"it draws more than {MAX_DRAWN:,} elements (copies made by <use> "
                "included), cardstock's limit for one SVG file"
            )
        if s > MAX_SEGMENTS:
            raise SvgLimit(
                f"its paths have more than {MAX_SEGMENTS:,} segments (copies made by <use> "
                "and clip paths included), cardstock's limit for one SVG file",
                el,
            )

    count(root, 0)


def _drawn_here(el: ET.Element, used: bool, classes: dict[str, str]) -> bool:
    """Whether a picture's drawing draws what `el` holds where it stands (`used`: reached
    through a `<use>`, a clip or a text's shape): not another program's element, a
    definition not used, or a hidden element (as `svgart` skips them)."""
    tag = local_name(el)
    if tag is None or (not used and (tag in DEFINITIONS or tag == "symbol")):
        return False
    own = [classes.get(c, "") for c in (el.get("class") or "").split()]
    return not is_hidden(el, list(declarations(";".join([*own, el.get("style") or ""]))))


# a command letter of path data and the numbers after it (an `e` is an exponent's)
_COMMAND = re.compile(r"([MmLlHhVvCcSsQqTtAaZz])([^MmLlHhVvCcSsQqTtAaZz]*)")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARGS = {"m": 2, "l": 2, "t": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "a": 7, "z": 0}
_ONE_SEGMENT = frozenset({"rect", "circle", "ellipse", "line"})


def segments(el: ET.Element, most: int) -> int:
    """The segments an element's own shape is drawn with, counted up to just past `most`
    (the time taken bounded by `most`, however long its data): a `<path>` one for each
    command and each repeat of the command's numbers, a polyline or polygon one for each
    point, another shape one, any other element none."""
    tag = local_name(el)
    if tag == "path":
        found = 0
        for m in _COMMAND.finditer(el.get("d") or ""):
            per = _ARGS[m.group(1).lower()]
            if per and len(m.group(2)) > per:  # maybe more than one set of numbers
                found += max(1, _numbers(m.group(2), (most - found + 1) * per) // per)
            else:
                found += 1
            if found > most:
                break
        return found
    if tag in ("polyline", "polygon"):
        return _numbers(el.get("points") or "", (most + 1) * 2) // 2
    return 1 if tag in _ONE_SEGMENT else 0


def _numbers(text: str, most: int) -> int:
    """How many numbers `text` holds, counted up to `most` (at least 1)."""
    return _NUMBER.subn("", text, count=max(1, most))[1]


def _clip_of(el: ET.Element, classes: dict[str, str]) -> str | None:
    """The id of the clip path an element is cut by (its attribute, then its classes',
    then its own `style`, as drawing reads them)."""
    found = el.get("clip-path")
    text = ";".join(
        [classes.get(c, "") for c in (el.get("class") or "").split()] + [el.get("style") or ""]
    )
    if "clip-path" in text:
        for k, v in declarations(text):
            if k == "clip-path":
                found = v
    return id_ref(found)


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
