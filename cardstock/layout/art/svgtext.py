"""`<text>` in SVG art: its `<tspan>`s drawn as text runs in the project's fonts
(`draw_text`), a family the project lacks drawn in a built-in face with a warning
(`svg_font`), a character the face lacks in a built-in face that has it."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace

from ... import fonts
from ...core.scripts import nor_fallbacks
from ..ops import Group, Matrix, Op, Text, r
from .svgparse import (
    FONT_KEYS,
    PAINT_KEYS,
    SKIP,
    SvgSheet,
    attr_number,
    declarations,
    is_hidden,
    local_name,
    paint_color,
    parse_opacity,
)

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
    by file stem, or by the family names in the font's own name table: 'Segoe UI Symbol'
    is seguisym.ttf) nearest the weight and style, else the built-in face for a generic
    family or a common system font (`serif`, Arial, Times New Roman, Courier), else sans;
    a family named but not found is reported with the face used instead."""
    wanted = [
        f.strip().strip("'\"").strip()
        for f in families.split(",")
        if f.strip().strip("'\"").strip()
    ]
    bold = _WEIGHTS.get(weight.strip().lower(), int(attr_number(weight, 400))) >= 600
    number = _WEIGHTS.get(weight.strip().lower(), int(attr_number(weight, 400)))
    italic = style.strip().lower() in ("italic", "oblique")
    base: str | None = None
    for family in wanted:
        key = _squeezed(family)
        own = [
            f
            for f in fonts.FACES.values()
            if f.own and key in (_squeezed(f.family), _squeezed(f.name), *map(_squeezed, f.names))
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
                f"the font {wanted[0]!r} is not among the project's fonts (fonts/): its "
                "text is drawn in sans"
            )
    name = base
    if italic:
        name = fonts.FACES[name].italic
    if bold:
        name = fonts.FACES[name].bold
    return name


def font_size_of(value: str | None, inherited: float) -> float:
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


def font_shorthand(st: dict[str, str]) -> None:
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


def _positions(el: ET.Element, key: str, sheet: SvgSheet) -> list[float]:
    return [sheet.length(v, key) for v in re.split(r"[\s,]+", (el.get(key) or "").strip()) if v]


def _by_coverage(
    text: str, face: str, st: dict[str, str], problems: set[str]
) -> list[tuple[str, str]]:
    """`text` cut into runs of the face that draws them: `face`, else the first built-in
    face (sans, serif, mono, in the same weight and style) that has the character, else
    the first of the project's own fonts that has it; a character none has stays in
    `face` and is reported."""
    lacking = fonts.missing_glyphs(text, face)
    if not lacking:
        return [(text, face)]
    chain = [
        svg_font(generic, st.get("font-weight", "normal"), st.get("font-style", "normal"), set())
        for generic in ("sans-serif", "serif", "monospace")
    ]
    # then the project's own fonts (a symbol font beside the artist's): what a browser
    # finds among the system's fonts, the PDF and PNG find here, not a blank box
    chain += sorted(f.name for f in fonts.FACES.values() if f.own and f.name != face)
    drawn_in = {ch: next((f for f in chain if ch in fonts.coverage(f)), face) for ch in lacking}
    missing = [ch for ch in lacking if drawn_in[ch] == face]
    if missing:
        problems.add(
            f"the font {face!r} has no glyph for "
            f"{', '.join(repr(c) for c in missing)}"
            f"{nor_fallbacks([f for f in chain if f != face])} (printed as a blank box)"
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


class _Reader:
    """One `<text>` element read into chunks of runs: where the next run starts, and
    whether a space just ended one (collapsing drops a space after a space)."""

    def __init__(self, preserve: bool, problems: set[str], sheet: SvgSheet) -> None:
        self.preserve = preserve
        self.problems = problems
        self.sheet = sheet
        self.chunks: list[_Chunk] = []
        self.pos = [0.0, 0.0]
        self.last_space = True  # a space at the start is dropped too

    def styled(self, node: ET.Element, inherited: dict[str, str]) -> dict[str, str]:
        """A `<tspan>`'s (or `<textPath>`'s, `<a>`'s) style, over the one it inherits."""
        own = dict(inherited)
        for key in PAINT_KEYS + FONT_KEYS + ("opacity",):
            if node.get(key) is not None:
                own[key] = str(node.get(key))
        classes = [self.sheet.classes.get(c, "") for c in (node.get("class") or "").split()]
        for k, v in declarations(";".join(classes + [node.get("style") or ""])):
            if k in PAINT_KEYS or k in FONT_KEYS:
                own[k] = v
            elif k == "opacity":
                own["opacity"] = str(
                    float(inherited.get("opacity", "1")) * parse_opacity(v, self.problems)
                )
        if "font" in own:
            font_shorthand(own)
        return own

    def place(self, node: ET.Element, node_st: dict[str, str]) -> None:
        """Move to the node's x and y (starting a chunk), then by its dx and dy."""
        xs, ys = _positions(node, "x", self.sheet), _positions(node, "y", self.sheet)
        if len(xs) > 1 or len(ys) > 1:
            self.problems.add("text placed letter by letter is drawn from its first position")
        if xs or ys or not self.chunks:
            self.pos[0] = xs[0] if xs else self.pos[0]
            self.pos[1] = ys[0] if ys else self.pos[1]
            self.chunks.append(_Chunk(node_st.get("text-anchor", "start").strip()))
        dxs, dys = _positions(node, "dx", self.sheet), _positions(node, "dy", self.sheet)
        self.pos[0] += dxs[0] if dxs else 0.0
        self.pos[1] += dys[0] if dys else 0.0

    def run(self, text: str | None, node_st: dict[str, str]) -> None:
        """A piece of character data, whitespace collapsed, added to the current chunk."""
        if not text:
            return
        text = (
            text.replace("\t", " ")
            .replace("\r", "")
            .replace("\n", "" if not self.preserve else " ")
        )
        if not self.preserve:
            text = re.sub(r" +", " ", text)
            if self.last_space and text.startswith(" "):
                text = text[1:]
            if not text:
                return
            self.last_space = text.endswith(" ")
        fill = paint_color(node_st.get("fill"), self.problems, self.sheet.paints)
        if fill in (None, "none"):
            return
        size = font_size_of(node_st.get("font-size"), 16.0)
        if size <= 0:
            return
        face = svg_font(
            node_st.get("font-family", "sans-serif"),
            node_st.get("font-weight", "normal"),
            node_st.get("font-style", "normal"),
            self.problems,
        )
        chunk = self.chunks[-1]
        opacity = max(0.0, min(1.0, float(node_st.get("opacity", "1"))))
        for piece, used in _by_coverage(text, face, node_st, self.problems):
            chunk.runs.append(Text(self.pos[0], self.pos[1], piece, used, r(size), fill, opacity))
            advance = fonts.string_width(piece, used, size)
            self.pos[0] += advance
            chunk.width += advance

    def walk(self, node: ET.Element, node_st: dict[str, str]) -> None:
        """The node's text, then each child's and the text after it, in document order."""
        self.place(node, node_st)
        self.run(node.text, node_st)
        for child in node:
            tag = local_name(child)
            if tag in ("tspan", "textPath", "a"):
                child_st = self.styled(child, node_st)
                if not is_hidden(child, list(declarations(child.get("style") or ""))):
                    if tag == "textPath":
                        self.problems.add("text on a path is drawn on a straight line")
                    self.walk(child, child_st)
            elif tag is not None and tag not in SKIP:
                self.problems.add(f"<{tag}> inside text is not drawn")
            self.run(child.tail, node_st)

    def drawn(self) -> list[Op]:
        """Every chunk's runs moved by its anchor (a chunk's trailing space is not drawn,
        nor counted by its anchor unless spaces are preserved)."""
        drawn: list[Op] = []
        for chunk in self.chunks:
            if chunk.runs and not self.preserve:
                end = chunk.runs[-1]
                kept = end.text.rstrip(" ")
                chunk.width -= fonts.string_width(end.text[len(kept) :], end.font, end.size)
                chunk.runs[-1] = replace(end, text=kept)
            shift = {"middle": -chunk.width / 2, "end": -chunk.width}.get(chunk.anchor, 0.0)
            drawn += [replace(t, x=r(t.x + shift), y=r(t.y)) for t in chunk.runs if t.text.strip()]
        return drawn


def draw_text(
    el: ET.Element,
    m: Matrix,
    st: dict[str, str],
    ops: list[Op],
    problems: set[str],
    sheet: SvgSheet,
) -> None:
    """A `<text>` element and its `<tspan>`s as text runs in the project's fonts, in a
    group carrying the drawing's transform (so the PDF keeps them as text a reader can
    find and copy, and the SVG as text). Positions (x, y, dx, dy), `text-anchor`, font
    family, size, weight and style are read; whitespace is collapsed as SVG does unless
    `xml:space="preserve"`. Letter-by-letter positions and text on a path are not."""
    preserve = el.get("{http://www.w3.org/XML/1998/namespace}space") == "preserve"
    reader = _Reader(preserve, problems, sheet)
    if "font" in st:
        st = dict(st)
        font_shorthand(st)
    reader.walk(el, st)
    drawn = reader.drawn()
    if drawn:
        a, b, c, d, e, f = (round(v, 6) or 0.0 for v in m)
        ops.append(Group(tuple(drawn), transform=(a, b, c, d, e, f)))
