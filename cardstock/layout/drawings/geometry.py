"""Where each element of a drawn layout is and how it is styled: its transform to the
page (every `transform` on the way multiplied), its inherited style (attributes, CSS
classes, `style`), and its bounding box on the page; the page's size in millimetres from
the document's `width`/`height` (mm, cm, in, pt, pc, px at 96 per inch) and viewBox.

A drawing's boxes are measured by walking what their elements draw, each `<use>` copy
again, so a drawing is bounded as an SVG drawn as art is (`svgparse.count_drawn`): at most
`MAX_DRAWN` elements drawn, copies made by `<use>` included, and the shape a text flows in
(`shape-inside`) counted as one more copy for each text that names it, worked out once per
element before anything is measured; and what measuring recurses through, elements within
elements with what a `<use>` copies counted as within it, is at most `MAX_MEASURED_DEPTH`
deep (`measured_depth`). A drawing past a bound is refused (`SvgLimit`, a `ValueError`),
whether or not a set draws with it."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from ..art.pathclip import Box, box_of
from ..art.svgart import SHAPES, shape_path
from ..art.svgparse import (
    FONT_KEYS,
    MAX_USE_DEPTH,
    PAINT_KEYS,
    XLINK_HREF,
    SvgLimit,
    SvgSheet,
    attr_number,
    count_drawn,
    css_classes,
    declarations,
    gradient_colors,
    id_ref,
    ids_of,
    local_name,
    parse_transform,
    viewbox,
)
from ..art.svgtext import font_shorthand
from ..ops import Matrix, multiply, transform_path

# elements within elements as a box is measured, what a `<use>` copies counted as within
# it: measuring recurses once or twice per level, which Python's stack (1,000 calls) must
# hold; Inkscape's clones of layers of groups nest a few dozen deep
MAX_MEASURED_DEPTH = 300
MM_PER = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72, "pc": 25.4 / 6, "px": 25.4 / 96}
# inherited as SVG inherits them: paint and font, with what text boxes read
INHERITED = (*PAINT_KEYS, *FONT_KEYS, "text-align", "line-height", "fill-opacity")
OWN = ("shape-inside", "inline-size", "display")


def page_size(root: ET.Element, dpi: float = 96.0) -> tuple[float, float] | None:
    """The document's (width, height) in millimetres, pixels (and unitless numbers) at
    `dpi`; None when it states no size of its own (none, or a percentage, as Affinity
    writes `100%`): its viewBox is then in pixels at `dpi`."""
    found = []
    for key in ("width", "height"):
        m = re.fullmatch(r"\s*([0-9.eE+-]+)\s*(mm|cm|in|pt|pc|px)?\s*", root.get(key) or "")
        if m is None:
            return None
        unit = m.group(2) or "px"
        found.append(attr_number(m.group(1)) * (25.4 / dpi if unit == "px" else MM_PER[unit]))
    return found[0], found[1]


def measured_depth(root: ET.Element, ids: dict[str, ET.Element]) -> int:
    """How deep the drawing's elements nest, each `<use>` holding what it copies (a copy
    of what holds it adds nothing: measuring refuses it); `SvgLimit` past
    `MAX_MEASURED_DEPTH`, found before the walk goes deeper. Each element's depth is worked
    out once."""
    below: dict[int, int] = {}  # an element's levels, itself and what it holds

    def levels(el: ET.Element, above: int) -> int:
        key = id(el)
        if key not in below:
            if above >= MAX_MEASURED_DEPTH:
                raise SvgLimit(_TOO_DEEP)
            below[key] = 0  # being worked out: a cycle adds nothing
            if local_name(el) == "use":
                target = ids.get(id_ref(el.get("href") or el.get(XLINK_HREF)) or "")
                inner = [target] if target is not None else []
            else:
                inner = list(el)
            below[key] = 1 + max((levels(c, above + 1) for c in inner), default=0)
        if above + below[key] > MAX_MEASURED_DEPTH:
            raise SvgLimit(_TOO_DEEP)
        return below[key]

    return levels(root, 0)


_TOO_DEEP = (
    f"its elements nest more than {MAX_MEASURED_DEPTH} deep, what <use> elements copy "
    "counted as within them, cardstock's limit for a drawn layout"
)


class Placed:
    """Every element's transform to the page (in the drawing's user units) and its
    inherited style, worked out in one walk of the drawing."""

    def __init__(self, root: ET.Element, dpi: float = 96.0) -> None:
        self.root = root
        vx, vy, vw, vh = viewbox(root)
        size = page_size(root, dpi) or (vw * 25.4 / dpi, vh * 25.4 / dpi)
        self.size_mm = size
        self.scale = (size[0] / vw, size[1] / vh)  # millimetres per user unit
        self.origin = (vx, vy)
        self.sheet = SvgSheet(css_classes(root), gradient_colors(root), ids_of(root), (vw, vh))
        ids = self.sheet.ids
        measured_depth(root, ids)  # first: both walks below recurse as deep as it finds
        count_drawn(root, ids, also=self._flowed_in, classes=self.sheet.classes)
        self.matrix: dict[int, Matrix] = {}
        self.style: dict[int, dict[str, str]] = {}
        self._walk(root, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), {})

    def _walk(self, el: ET.Element, m: Matrix, inherited: dict[str, str]) -> None:
        own = self.declared(el)
        st = {**{k: v for k, v in inherited.items() if k in INHERITED}, **own}
        font_shorthand(st)
        here = multiply(m, parse_transform(el.get("transform")))
        self.matrix[id(el)] = here
        self.style[id(el)] = st
        for child in el:
            self._walk(child, here, st)

    def declared(self, el: ET.Element) -> dict[str, str]:
        """What the element itself says of its style: attributes, then classes, then
        `style` (later wins, as in CSS)."""
        st = {k: v for k in (*INHERITED, *OWN) if (v := el.get(k)) is not None}
        for cls in (el.get("class") or "").split():
            st.update(declarations(self.sheet.classes.get(cls, "")))
        st.update(declarations(el.get("style") or ""))
        return st

    def _flowed_in(self, el: ET.Element) -> str | None:
        """The id of the shape a `<text>` flows in (`shape-inside: url(#id)`), which is
        measured for the text as a `<use>` measures what it copies."""
        if local_name(el) != "text":
            return None
        return id_ref(self.declared(el).get("shape-inside"))

    def to_mm(self, box: Box) -> Box:
        """A box in user units as millimetres from the page's top left corner."""
        sx, sy = self.scale
        ox, oy = self.origin
        return ((box[0] - ox) * sx, (box[1] - oy) * sy, (box[2] - ox) * sx, (box[3] - oy) * sy)

    def bounds(
        self, el: ET.Element, m: Matrix | None = None, using: tuple[int, ...] = ()
    ) -> Box | None:
        """The element's bounding box on the page, in user units (None: it has no shape
        cardstock measures). `using`: the `<use>` elements being measured (one that
        copies what holds it, or nests past `MAX_USE_DEPTH`, is not measured)."""
        m = self.matrix.get(id(el), (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)) if m is None else m
        tag = local_name(el)
        if tag in SHAPES:
            d = shape_path(el, tag, set(), self.sheet)
            return box_of(transform_path(d, m)) if d else None
        if tag == "image":
            n = self.sheet.length
            x, y = n(el.get("x"), "x"), n(el.get("y"), "y")
            w, h = n(el.get("width"), "width"), n(el.get("height"), "height")
            d = (("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h))
            return box_of(transform_path(d, m))
        if tag == "use":
            target = self.sheet.ids.get(id_ref(el.get("href") or el.get(XLINK_HREF)) or "")
            if target is None or id(el) in using or len(using) >= MAX_USE_DEPTH:
                return None
            at = (1.0, 0.0, 0.0, 1.0, attr_number(el.get("x")), attr_number(el.get("y")))
            inner = multiply(multiply(m, at), parse_transform(target.get("transform")))
            return self.bounds(target, inner, (*using, id(el)))
        if tag in ("g", "a", "switch"):
            boxes = [b for c in el if (b := self.bounds(c, self._child(c, m), using)) is not None]
            if not boxes:
                return None
            return (
                min(b[0] for b in boxes),
                min(b[1] for b in boxes),
                max(b[2] for b in boxes),
                max(b[3] for b in boxes),
            )
        return None

    def _child(self, el: ET.Element, m: Matrix) -> Matrix:
        return multiply(m, parse_transform(el.get("transform")))
