"""A drawn layout read into the boxes of a written one (docs/draw-your-card.md).

A layout whose `drawn` key names an SVG file drawn in Inkscape, Affinity or Illustrator
gets its boxes from the drawing: each marked element (`cardstock.layout.drawings.marks`)
becomes a box of the same place and size, a marked `<text>` keeping the font, size,
colour and alignment it was drawn with; the unmarked drawing between them becomes
`drawing` boxes (`cardstock.layout.drawings.parts`), drawn as vectors. Box keys are the
ones a written layout has, so a layout file may still change any of them.

What a mark may hold is known only with the game's fields: `cardstock.layout.drawings.bind`
checks the marks and picks each box's type.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any

from ... import fonts
from ..art.pathclip import Box
from ..art.svgparse import SvgLimit, id_ref, local_name, paint_color, parse_transform
from ..art.svgtext import font_size_of, svg_font
from ..ops import Matrix, multiply
from ..text.fit import MOST_SIZE
from .geometry import Placed
from .marks import INKSCAPE_LABEL, SERIF_ID, Mark
from .parts import Marked, Part, cut, words
from .xml import DrawnXmlError, parse_drawing

PT_PER_MM = 72 / 25.4
# placeholders other tools fill in, which cardstock would print as written
FOREIGN = re.compile(r"%VAR_\w+%|%\w+%|\[[A-Za-z_][\w ]*\]")
ALIGN = {
    "start": "left",
    "left": "left",
    "middle": "center",
    "center": "center",
    "end": "right",
    "right": "right",
    "justify": "left",
}


@dataclass
class DrawnMark:
    """A mark as read, for `drawings.bind` to check against the game's fields: the box it
    made (None for a group), what kind of element holds it, and its line."""

    box: str | None
    mark: Mark
    kind: str  # "text", "shape", "paint" or "group"
    line: int | None


@dataclass
class Reading:
    """A drawing read: its page size in millimetres, its boxes in drawing order (name,
    keys, line), its marks, and the problems found (message, line, level)."""

    size_mm: tuple[float, float] = (0.0, 0.0)
    boxes: list[tuple[str, dict[str, Any], int | None]] = field(default_factory=list)
    marks: list[DrawnMark] = field(default_factory=list)
    problems: list[tuple[str, int | None, str, str]] = field(default_factory=list)
    root_line: int | None = None


def read_drawing(data: bytes, page: str, dpi: float = 96.0) -> Reading:
    """The boxes of a drawing whose page is the card's `page` frame ("trim" or "bleed"),
    its pixels `dpi` to the inch."""
    out = Reading()
    try:
        root, lines = parse_drawing(data)
    except DrawnXmlError as exc:
        out.problems.append(("", exc.line, str(exc), "error"))
        return out
    if local_name(root) != "svg":
        out.problems.append(("", lines.get(id(root)), "the file is not an SVG drawing", "error"))
        return out
    out.root_line = lines.get(id(root))
    try:
        placed = Placed(root, dpi)
    except ValueError as exc:
        where = exc.element if isinstance(exc, SvgLimit) else None  # where a bound is passed
        line = out.root_line if where is None else lines.get(id(where), out.root_line)
        out.problems.append(("", line, str(exc), "error"))
        return out
    out.size_mm = placed.size_mm
    reader = _Reader(placed, lines, page, out)
    groups: list[tuple[ET.Element, Mark]] = []
    together: list[tuple[ET.Element, str]] = []
    for item in cut(root, groups, together):
        reader.add(item)
    for el, message in together:
        label = el.get(INKSCAPE_LABEL) or el.get(SERIF_ID) or el.get("id") or ""
        out.problems.append((label, lines.get(id(el)), message, "error"))
    out.marks += [DrawnMark(None, mark, "group", lines.get(id(el))) for el, mark in groups]
    return out


class _Reader:
    """Turns the cut drawing's items into boxes."""

    def __init__(self, placed: Placed, lines: dict[int, int], page: str, out: Reading) -> None:
        self.placed = placed
        self.lines = lines
        self.page = page
        self.out = out
        self.names: set[str] = set()

    def line(self, el: ET.Element | None) -> int | None:
        return None if el is None else self.lines.get(id(el))

    def name(self, wanted: str) -> str:
        base = re.sub(r"[^A-Za-z0-9_-]+", "_", wanted).strip("_") or "drawn"
        name, n = base, 2
        while name in self.names:
            name, n = f"{base}_{n}", n + 1
        self.names.add(name)
        return name

    def box(
        self, name: str, values: dict[str, Any], line: int | None, whens: tuple[str, ...]
    ) -> None:
        if whens:
            values["when"] = " and ".join(f"({w})" for w in whens)
        self.out.boxes.append((name, values, line))

    def add(self, item: Part | Marked) -> None:
        if isinstance(item, Part):
            self.add_part(item)
        else:
            self.add_marked(item)
        if isinstance(item, Part) and item.mark is None:
            for el in item.leaves:  # a marked text shows its field, not what it holds
                self.foreign(el)

    def foreign(self, el: ET.Element) -> None:
        if local_name(el) not in ("text", "flowRoot"):
            return
        found = FOREIGN.search(words(el))
        if found:
            self.out.problems.append(
                (
                    el.get("id") or "text",
                    self.line(el),
                    f"the text holds {found.group(0)!r}, another tool's placeholder, which "
                    "is printed as written; mark the text with the field's name, or write "
                    "{{ field }} in it",
                    "warning",
                )
            )

    def add_part(self, part: Part) -> None:
        line = self.line(part.element)
        name = self.name(f"drawing_{part.index}" if part.mark is None else part.mark.written)
        values: dict[str, Any] = {"type": "drawing", "frame": self.page, "part": part.index}
        for mark in (part.mark, *part.more) if part.mark is not None else ():
            if mark.prop is not None:
                values[mark.prop] = "{{ " + mark.field + " }}"
                self.out.marks.append(DrawnMark(name, mark, "paint", line))
        self.box(name, values, line, part.whens)

    def add_marked(self, item: Marked) -> None:
        el, mark = item.element, item.mark
        line = self.line(el)
        tag = local_name(el)
        written = mark.written if mark else el.get("id") or f"text_{line}"
        name = self.name(written)
        if tag in ("text", "flowRoot"):
            values = self.text_values(el, written)
            if values is None:
                return
            values["text"] = "{{ " + mark.field + " }}" if mark else words(el).strip()
            if mark:
                values["field"] = mark.field
                self.out.marks.append(DrawnMark(name, mark, "text", line))
            self.box(name, values, line, item.whens)
            return
        assert mark is not None  # an unmarked element is a box only when it is a text
        bounds = self.placed.bounds(el)
        if bounds is None:
            self.out.problems.append(
                (mark.written, line, f"a <{tag}> with no size cannot hold a field", "error")
            )
            return
        values = {
            "type": "text",
            "text": "{{ " + mark.field + " }}",
            "field": mark.field,
            "align": "center",
            "valign": "middle",
            **self.place(bounds),
        }
        radius = el.get("rx") or el.get("ry") if tag == "rect" else None
        if radius:
            values["radius"] = _mm(self.placed.sheet.length(radius, "rx") * self.placed.scale[0])
        self.out.marks.append(DrawnMark(name, mark, "shape", line))
        self.box(name, values, line, item.whens)

    def place(self, bounds: Box) -> dict[str, str]:
        x0, y0, x1, y1 = self.placed.to_mm(bounds)
        return {
            "frame": self.page,
            "left": _mm(x0),
            "top": _mm(y0),
            "width": _mm(x1 - x0),
            "height": _mm(y1 - y0),
        }

    def text_values(self, el: ET.Element, written: str) -> dict[str, Any] | None:
        """A text box's keys from a `<text>` or `<flowRoot>`: its style, and its place:
        the flowed region, the `shape-inside` shape, or around its first baseline. None,
        and an error at its line, for a font size (times its transform) past the largest
        a text box sets (`text.fit.MOST_SIZE`)."""
        placed = self.placed
        run = _first_run(el)
        st = placed.style.get(id(run), {})
        problems: set[str] = set()
        face = svg_font(
            st.get("font-family", "sans-serif"),
            st.get("font-weight", "normal"),
            st.get("font-style", "normal"),
            problems,
        )
        m = placed.matrix.get(id(el), (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
        stretch = math.sqrt(abs(m[0] * m[3] - m[1] * m[2])) or 1.0
        size_mm = font_size_of(st.get("font-size"), 16.0) * stretch * placed.scale[1]
        size = size_mm * PT_PER_MM
        if not size <= MOST_SIZE:  # not a number either
            points = f"{size:,.0f}" if size < 1e12 else f"{size:.3g}"
            self.out.problems.append(
                (
                    written,
                    self.line(el),
                    f"the font size {st.get('font-size') or '16px'!r} sets the text at "
                    f"{points}pt; a text's size is at most {MOST_SIZE:,.0f}pt",
                    "error",
                )
            )
            return None
        leading = _leading(st.get("line-height"), font_size_of(st.get("font-size"), 16.0))
        align = ALIGN.get(st.get("text-align") or st.get("text-anchor") or "start", "left")
        values: dict[str, Any] = {
            "type": "text",
            "font": face,
            "size": f"{size:.2f}pt",
            "align": align,
            "valign": "top",
            "leading": leading,
        }
        color = paint_color(st.get("fill"), problems)
        if color and color != "none":
            values["color"] = color
        region = self.region(el)
        if region is not None:
            values.update(self.place(region))
            return values
        return self.around_baseline(el, values, size_mm, leading)

    def region(self, el: ET.Element) -> Box | None:
        """The shape a text flows in: a `<flowRoot>`'s `<flowRegion>`, or the shape its
        `shape-inside` names (in the text's own coordinates)."""
        placed = self.placed
        if local_name(el) == "flowRoot":
            for child in el:
                if local_name(child) == "flowRegion":
                    for shape in child:
                        found = placed.bounds(shape)
                        if found is not None:
                            return found
            return None
        ref = id_ref(placed.declared(el).get("shape-inside"))
        target = placed.sheet.ids.get(ref or "")
        if target is None:
            return None
        m = placed.matrix.get(id(el), (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
        return placed.bounds(target, _times(m, target))

    def around_baseline(
        self, el: ET.Element, values: dict[str, Any], size_mm: float, leading: float
    ) -> dict[str, Any]:
        """A plain text's box: its first line's baseline where it was drawn, as wide as the
        page allows on the side its anchor points to (or its `inline-size`), as tall as
        its lines."""
        placed = self.placed
        anchor_el = el if el.get("x") is not None else _first_run(el)
        sheet = placed.sheet
        ux = sheet.length(anchor_el.get("x"), "x")
        uy = sheet.length(anchor_el.get("y"), "y")
        m = placed.matrix.get(id(el), (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
        px, py = m[0] * ux + m[2] * uy + m[4], m[1] * ux + m[3] * uy + m[5]
        x, y, _, _ = placed.to_mm((px, py, px, py))
        page_w = placed.size_mm[0]
        inline = placed.declared(el).get("inline-size")
        if inline:
            width = sheet.length(inline, "width") * placed.scale[0]
        else:
            width = {
                "left": page_w - 2 * min(x, page_w - x),
                "center": 2 * min(x, page_w - x),
                "right": page_w - 2 * min(x, page_w - x),
            }[values["align"]]
            if values["align"] != "center" and width < page_w * 0.2:
                width = page_w - x if values["align"] == "left" else x
        left = {"left": x, "center": x - width / 2, "right": x - width}[values["align"]]
        face = values["font"]
        asc, desc = fonts.ascent(face) * size_mm, -fonts.descent(face) * size_mm
        line = size_mm * leading
        top = y - ((line - (asc + desc)) / 2 + asc)
        count = max(1, sum(1 for t in el.iter() if local_name(t) == "tspan" and _line_role(t)))
        values.update(
            {
                "valign": "baseline",
                "frame": self.page,
                "left": _mm(left),
                "top": _mm(top),
                "width": _mm(width),
                "height": _mm(line * count),
            }
        )
        return values


def _line_role(el: ET.Element) -> bool:
    return el.get("{http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd}role") == "line"


def _first_run(el: ET.Element) -> ET.Element:
    """The element that sets the first characters of a text (its style is the box's)."""
    for node in el.iter():
        if local_name(node) in ("flowRegion",):
            continue
        if (node.text or "").strip() and local_name(node) not in ("rect", "path"):
            return node
    return el


def _times(m: Matrix, el: ET.Element) -> Matrix:
    return multiply(m, parse_transform(el.get("transform")))


def _leading(value: str | None, size: float) -> float:
    """A `line-height` as a multiple of the font size (1.2 when unset or out of range)."""
    text = (value or "").strip().lower()
    found: float | None = None
    m = re.fullmatch(r"([0-9.]+)\s*(%|px|pt|mm)?", text)
    if m:
        try:
            number = float(m.group(1))
        except ValueError:
            number = 0.0
        unit = m.group(2)
        found = number / 100 if unit == "%" else number / size if unit else number
    if found is None or not 0.5 < found <= 3:
        return 1.2
    return round(found, 4)


def _mm(value: float) -> str:
    return f"{value:.3f}mm"
