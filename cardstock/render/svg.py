"""Faces → standalone SVG. Draws the same ops as the PDF backend.

The SVG's viewBox is the bleed box in points with the origin at the trim box's top-left
corner, so face coordinates are used as they are. Text keeps the positions the layout
fitted; kerning and ligatures are switched off so a browser advances glyphs exactly as the
font metrics the layout measured with. Fonts are named by family (Liberation, which is
metric-compatible with Arial / Times New Roman) and loaded with @font-face from
`font_url` (the build writes the font files to `svg/fonts/`).

The XML is written here as text, element by element: the markup svgwrite and the standard
library's ElementTree made of the same drawing (attributes in name order, empty ones left
out, `&`, `<`, `>` and `"` escaped the way ElementTree escapes them, `<tag />` for an empty
element), without building a tree of objects per element first
(`tests/test_face_svg.py` compares the two on every shipped face).
"""

from __future__ import annotations

import base64
import re
from functools import lru_cache
from pathlib import Path as FsPath
from typing import Any, Iterable, Optional

from .. import fonts
from ..layout.ops import GUIDE_COLORS, Ellipse, Face, Group, Guide, Icon, Image, Op, Path, PathData, Rect, Text, walk
from ..layout.shapes import bleed_outline, shape_of
from ..units import POINTS_PER
from .pdf import pdf_num


@lru_cache(maxsize=50_000)
def num(v: float) -> str:
    """A short, stable number: no exponent, no trailing zeros, no -0. Cached per value
    (coordinates are rounded and repeat; equal numbers such as 1 and 1.0 print the same)."""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


@lru_cache(maxsize=50_000)
def path_d(d: PathData) -> str:
    """SVG path data for path commands; cached per path (frames, clips and symbols repeat
    from face to face)."""
    out = []
    for cmd in d:
        out.append(cmd[0] + " ".join(num(v) for v in cmd[1:]))
    return " ".join(out)


# ---------------------------------------------------------------- XML as text

_ATTR_SPECIAL = re.compile(r'[&<>"\r\n\t]')
_ATTR_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;"))


def escape_attr(value: str) -> str:
    """An attribute value escaped as ElementTree escapes it (`&` first)."""
    if _ATTR_SPECIAL.search(value) is None:
        return value
    for char, entity in _ATTR_ESCAPES:
        value = value.replace(char, entity)
    return value


def escape_text(value: str) -> str:
    """Character data escaped as ElementTree escapes it: `&`, `<` and `>`."""
    if "&" in value:
        value = value.replace("&", "&amp;")
    if "<" in value:
        value = value.replace("<", "&lt;")
    if ">" in value:
        value = value.replace(">", "&gt;")
    return value


def element(tag: str, attrs: dict[str, str], inner: str = "") -> str:
    """One element: its attributes in name order (empty ones left out), then what it holds
    (escaped text or written elements), or `<tag … />` when it holds nothing."""
    parts = [f"<{tag}"]
    for name in sorted(attrs):
        value = attrs[name]
        if value:
            parts.append(f' {name}="{escape_attr(value)}"')
    parts.append(f">{inner}</{tag}>" if inner else " />")
    return "".join(parts)


def _font_css(used: list[str], font_url: str) -> str:
    rules = []
    for name in used:
        f = fonts.FACES[name]
        suffix = " ".join(p.capitalize() for p in (f.weight, f.style) if p != "normal")
        full = f"{f.family} {suffix}".strip()
        rules.append(
            f'@font-face{{font-family:"{f.family}";font-weight:{f.weight};font-style:{f.style};'
            f'src:local("{full}"),url("{font_url}{f.file}") format("{f.css_format}")}}'
        )
    rules.append("text{font-kerning:none;font-variant-ligatures:none;text-rendering:geometricPrecision;white-space:pre}")
    return "".join(rules)


def _paint(attrs: dict[str, str], fill: Optional[str], stroke: Optional[str], stroke_width: float, dash: tuple[float, ...] = (), opacity: float = 1.0) -> dict[str, str]:
    attrs["fill"] = fill or "none"
    if stroke and stroke_width > 0:
        attrs["stroke"] = stroke
        attrs["stroke-width"] = num(stroke_width)
        if dash:
            attrs["stroke-dasharray"] = " ".join(num(v) for v in dash)
    if opacity < 1:
        attrs["opacity"] = num(opacity)
    return attrs


class _Writer:
    """Writes ops as SVG elements; clip paths go into `defs` (after the style sheet)."""

    def __init__(self, defs: list[str]) -> None:
        self.defs = defs
        self.clip_count = 0

    def ops(self, ops: Iterable[Op]) -> str:
        return "".join([self.op(op) for op in ops])

    def op(self, op: Op) -> str:
        if isinstance(op, Rect):
            attrs = {"x": num(op.x), "y": num(op.y), "width": num(op.w), "height": num(op.h)}
            if op.radius > 0:
                attrs["rx"] = num(op.radius)
            return element("rect", _paint(attrs, op.fill, op.stroke, op.stroke_width, op.dash, op.opacity))
        if isinstance(op, Ellipse):
            attrs = {"cx": num(op.cx), "cy": num(op.cy), "rx": num(op.rx), "ry": num(op.ry)}
            return element("ellipse", _paint(attrs, op.fill, op.stroke, op.stroke_width, op.dash, op.opacity))
        if isinstance(op, Path):
            attrs = _paint({"d": path_d(op.d)}, op.fill, op.stroke, op.stroke_width, op.dash, op.opacity)
            if op.fill and op.fill_rule == "evenodd":
                attrs["fill-rule"] = "evenodd"
            if op.stroke and op.cap != "butt":
                attrs["stroke-linecap"] = op.cap
            if op.stroke and op.join != "miter":
                attrs["stroke-linejoin"] = op.join
            return element("path", attrs)
        if isinstance(op, Text):
            f = fonts.FACES[op.font]
            attrs = {
                "x": num(op.x),
                "y": num(op.y),
                "font-family": (f"'{f.family}'" if f.own else f.family) + f", {f.fallback}".replace('"', "'"),
                "font-size": num(op.size),
                "fill": op.color,
            }
            if f.weight != "normal":
                attrs["font-weight"] = f.weight
            if f.style != "normal":
                attrs["font-style"] = f.style
            if op.opacity < 1:
                attrs["opacity"] = num(op.opacity)
            return element("text", attrs, escape_text(op.text))
        if isinstance(op, Icon):
            attrs = {"transform": f"translate({num(op.x)} {num(op.y)}) scale({pdf_num(op.size / 100.0)})", "class": f"icon icon-{op.symbol}"}
            if op.opacity < 1:
                attrs["opacity"] = num(op.opacity)
            parts = []
            for part in op.parts:
                p = {"d": path_d(part.d)}
                if part.stroke_width > 0:
                    p.update({"fill": "none", "stroke": op.color, "stroke-width": num(part.stroke_width), "stroke-linecap": "round", "stroke-linejoin": "round"})
                else:
                    p["fill"] = op.color
                    if part.fill_rule == "evenodd":
                        p["fill-rule"] = "evenodd"
                if part.opacity < 1:
                    p["opacity"] = num(part.opacity)
                parts.append(element("path", p))
            return element("g", attrs, "".join(parts))
        if isinstance(op, Image):
            data = FsPath(op.path).read_bytes()
            attrs = {"xlink:href": f"data:{op.mime};base64," + base64.b64encode(data).decode("ascii"),
                     "x": num(op.x), "y": num(op.y), "width": num(op.w), "height": num(op.h), "preserveAspectRatio": "none"}
            if op.opacity < 1:
                attrs["opacity"] = num(op.opacity)
            return element("image", attrs)
        if isinstance(op, Group):
            attrs = {}
            if op.transform is not None:
                attrs["transform"] = "matrix(" + " ".join(num(v) for v in op.transform) + ")"
            if op.clip is not None:
                self.clip_count += 1
                cid = f"clip{self.clip_count}"
                self.defs.append(element("clipPath", {"id": cid}, element("path", {"d": path_d(op.clip)})))
                return element("g", attrs, element("g", {"clip-path": f"url(#{cid})"}, self.ops(op.ops)))
            return element("g", attrs, self.ops(op.ops))
        if isinstance(op, Guide):
            return ""  # drawn by svg_bytes in its own layer
        raise TypeError(f"unknown op {type(op).__name__}")  # pragma: no cover - a new op type must be added to both backends


_ROOT = {"baseProfile": "full", "version": "1.1", "xmlns": "http://www.w3.org/2000/svg",
         "xmlns:ev": "http://www.w3.org/2001/xml-events", "xmlns:xlink": "http://www.w3.org/1999/xlink"}


def svg_bytes(face: Face, *, font_url: str = "fonts/", guides: bool = False, title: Optional[str] = None) -> bytes:
    """A standalone SVG of `face` (bleed included). Identical faces give identical bytes.

    guides: draw the non-printing guides (trim, safe zone, rounded corners) in a layer of
    their own (`<g id="guides">`) above the art."""
    b = face.bleed
    w, h = face.width + 2 * b, face.height + 2 * b
    mm = POINTS_PER["mm"]
    used = sorted({op.font for op in walk(face.ops) if isinstance(op, Text)})
    defs = [element("style", {"type": "text/css"}, f"<![CDATA[{_font_css(used, font_url)}]]>")]
    art = {"id": "face"}
    if face.cut is not None and shape_of(face.shape).bleed_follows_cut:  # the bleed follows the outline
        defs.append(element("clipPath", {"id": "bleed"}, element("path", {"d": path_d(bleed_outline(face.width, face.height, b, face.shape, face.cut))})))
        art["clip-path"] = "url(#bleed)"
    drawn = _Writer(defs).ops(face.ops)
    body = [element("title", {}, escape_text(title))] if title else []
    body += [element("defs", {}, "".join(defs)), element("g", art, drawn)]
    guide_ops = [op for op in walk(face.ops) if isinstance(op, Guide)]
    if guides and guide_ops:
        lines = [element("path", {"d": path_d(g.d), "stroke": GUIDE_COLORS.get(g.kind, "#00a0c6"), "stroke-width": "0.35",
                                  "stroke-dasharray": "2 1.5" if g.kind == "safe" else "none", "class": f"guide guide-{g.kind}"})
                 for g in guide_ops]
        body.append(element("g", {"id": "guides", "fill": "none"}, "".join(lines)))
    root = dict(_ROOT, width=f"{num(w / mm)}mm", height=f"{num(h / mm)}mm", viewBox=f"{num(-b)} {num(-b)} {num(w)} {num(h)}")
    text = element("svg", root, "".join(body))
    # ElementTree wrote UTF-8 with character references for what UTF-8 cannot hold
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + text + "\n").encode("utf-8", "xmlcharrefreplace")


def face_title(catalog: Any, stem: str) -> str:
    """The `<title>` of a face's SVG (`stem` as the svg stage names its file): what a
    player calls the face, then the game, "Penance — The Vortex", "Back of Realm cards,
    Key cards — Atmosfear: The Card Game"; never a bare component id."""
    game = catalog.game
    names = {c.id: c.name for c in catalog.components}
    reverse = stem.removesuffix("-reverse")
    if stem in names:
        what = names[stem]
    elif reverse != stem and reverse in names:
        what = f"{names[reverse]} (back)"
    elif stem.startswith("back-"):
        rest = stem.removeprefix("back-")
        ids = sorted((b for b in game.backs if rest == b or rest.startswith(f"{b}-")), key=len, reverse=True)
        sets = [s.name for s in game.sets if ids and s.back == ids[0]]
        what = f"Back of {', '.join(sets)}" if sets else "Card back"
    else:
        what = stem.replace("-", " ")
    return f"{what} — {game.title}"
