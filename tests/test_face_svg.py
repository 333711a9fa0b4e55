"""SVG faces are written as text, element by element, where they used to be built as an
svgwrite drawing and serialised through ElementTree. The bytes must not change: every
shipped face, and faces made to reach every op, escape and edge (empty text, markup
characters in text, titles and colours, clips, images, guides, cut outlines), come out the
same as from the svgwrite drawing, which stays in the tests as the reference."""

from __future__ import annotations

import base64
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, Iterable, Optional

import pytest

svgwrite = pytest.importorskip("svgwrite")  # a test dependency only (pyproject.toml)

from conftest import ROOT
from cardstock import fonts
from cardstock.layout.faces import distinct_faces
from cardstock.layout.ops import GUIDE_COLORS, Ellipse, Face, Group, Guide, Icon, Image, Op, Path as PathOp, Rect, SymbolPart, Text, walk
from cardstock.layout.shapes import bleed_outline, shape_of
from cardstock.load import load_games
from cardstock.render.pdf import pdf_num
from cardstock.render.svg import _font_css, escape_attr, escape_text, num, path_d, svg_bytes
from cardstock.units import POINTS_PER


# ---------------------------------------------------------------- the reference: an svgwrite drawing

def _painted(el: Any, fill: Optional[str], stroke: Optional[str], width: float, dash: Iterable[float] = (), opacity: float = 1.0) -> Any:
    el.attribs["fill"] = fill or "none"
    if stroke and width > 0:
        el.attribs.update({"stroke": stroke, "stroke-width": num(width)})
        if dash:
            el.attribs["stroke-dasharray"] = " ".join(num(v) for v in dash)
    if opacity < 1:
        el.attribs["opacity"] = num(opacity)
    return el


def _add(dwg: Any, parent: Any, ops: Iterable[Op], clips: list[int]) -> None:
    for op in ops:
        if isinstance(op, Rect):
            el = dwg.rect(insert=(0, 0), size=(0, 0))
            el.attribs.clear()
            el.attribs.update({"x": num(op.x), "y": num(op.y), "width": num(op.w), "height": num(op.h)})
            if op.radius > 0:
                el.attribs["rx"] = num(op.radius)
            parent.add(_painted(el, op.fill, op.stroke, op.stroke_width, op.dash, op.opacity))
        elif isinstance(op, Ellipse):
            el = dwg.ellipse()
            el.attribs.clear()
            el.attribs.update({"cx": num(op.cx), "cy": num(op.cy), "rx": num(op.rx), "ry": num(op.ry)})
            parent.add(_painted(el, op.fill, op.stroke, op.stroke_width, op.dash, op.opacity))
        elif isinstance(op, PathOp):
            el = _painted(dwg.path(d=path_d(op.d)), op.fill, op.stroke, op.stroke_width, op.dash, op.opacity)
            if op.fill and op.fill_rule == "evenodd":
                el.attribs["fill-rule"] = "evenodd"
            if op.stroke and op.cap != "butt":
                el.attribs["stroke-linecap"] = op.cap
            if op.stroke and op.join != "miter":
                el.attribs["stroke-linejoin"] = op.join
            parent.add(el)
        elif isinstance(op, Text):
            f = fonts.FACES[op.font]
            el = dwg.text(op.text)
            el.attribs.update({"x": num(op.x), "y": num(op.y), "font-size": num(op.size), "fill": op.color,
                               "font-family": (f"'{f.family}'" if f.own else f.family) + f", {f.fallback}".replace('"', "'")})
            if f.weight != "normal":
                el.attribs["font-weight"] = f.weight
            if f.style != "normal":
                el.attribs["font-style"] = f.style
            if op.opacity < 1:
                el.attribs["opacity"] = num(op.opacity)
            parent.add(el)
        elif isinstance(op, Icon):
            g = dwg.g()
            g.attribs.update({"transform": f"translate({num(op.x)} {num(op.y)}) scale({pdf_num(op.size / 100.0)})", "class": f"icon icon-{op.symbol}"})
            if op.opacity < 1:
                g.attribs["opacity"] = num(op.opacity)
            for part in op.parts:
                el = dwg.path(d=path_d(part.d))
                if part.stroke_width > 0:
                    el.attribs.update({"fill": "none", "stroke": op.color, "stroke-width": num(part.stroke_width), "stroke-linecap": "round", "stroke-linejoin": "round"})
                else:
                    el.attribs["fill"] = op.color
                    if part.fill_rule == "evenodd":
                        el.attribs["fill-rule"] = "evenodd"
                if part.opacity < 1:
                    el.attribs["opacity"] = num(part.opacity)
                g.add(el)
            parent.add(g)
        elif isinstance(op, Image):
            el = dwg.image(href=f"data:{op.mime};base64," + base64.b64encode(Path(op.path).read_bytes()).decode("ascii"))
            el.attribs.update({"x": num(op.x), "y": num(op.y), "width": num(op.w), "height": num(op.h), "preserveAspectRatio": "none"})
            if op.opacity < 1:
                el.attribs["opacity"] = num(op.opacity)
            parent.add(el)
        elif isinstance(op, Group):
            g = dwg.g()
            if op.transform is not None:
                g.attribs["transform"] = "matrix(" + " ".join(num(v) for v in op.transform) + ")"
            target = g
            if op.clip is not None:
                clips[0] += 1
                cp = dwg.clipPath(id=f"clip{clips[0]}")
                cp.add(dwg.path(d=path_d(op.clip)))
                dwg.defs.add(cp)
                target = dwg.g(clip_path=f"url(#clip{clips[0]})")
                g.add(target)
            _add(dwg, target, op.ops, clips)
            parent.add(g)


def reference_svg(face: Face, *, font_url: str = "fonts/", guides: bool = False, title: Optional[str] = None) -> bytes:
    b = face.bleed
    w, h = face.width + 2 * b, face.height + 2 * b
    mm = POINTS_PER["mm"]
    dwg = svgwrite.Drawing(size=(f"{num(w / mm)}mm", f"{num(h / mm)}mm"), profile="full", debug=False)
    dwg.attribs["viewBox"] = f"{num(-b)} {num(-b)} {num(w)} {num(h)}"
    if title:
        dwg.set_desc(title=title)
    dwg.defs.add(dwg.style(_font_css(sorted({op.font for op in walk(face.ops) if isinstance(op, Text)}), font_url)))
    art = dwg.g(id="face")
    if face.cut is not None and shape_of(face.shape).bleed_follows_cut:
        cp = dwg.clipPath(id="bleed")
        cp.add(dwg.path(d=path_d(bleed_outline(face.width, face.height, b, face.shape, face.cut))))
        dwg.defs.add(cp)
        art.attribs["clip-path"] = "url(#bleed)"
    _add(dwg, art, face.ops, [0])
    dwg.add(art)
    marks = [op for op in walk(face.ops) if isinstance(op, Guide)]
    if guides and marks:
        layer = dwg.g(id="guides", fill="none")
        for g in marks:
            el = dwg.path(d=path_d(g.d))
            el.attribs.update({"stroke": GUIDE_COLORS.get(g.kind, "#00a0c6"), "stroke-width": "0.35",
                               "stroke-dasharray": "2 1.5" if g.kind == "safe" else "none", "class": f"guide guide-{g.kind}"})
            layer.add(el)
        dwg.add(layer)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + dwg.tostring() + "\n").encode("utf-8")


# ---------------------------------------------------------------- the faces

@pytest.fixture(scope="module")
def shipped() -> list[tuple[str, Face]]:
    catalogs, issues = load_games(ROOT)
    assert not issues.errors
    return [(f"{cat.game.title}: {stem}", face) for cat in catalogs for stem, face in distinct_faces(cat)]


def _made(art: Path) -> list[Face]:
    from PIL import Image as PILImage

    png = art / "art.png"
    PILImage.new("RGB", (4, 4), (10, 20, 30)).save(png)
    square = (("M", 0.0, 0.0), ("L", 10.0, 0.0), ("L", 10.0, 10.0), ("Z",))
    ops: tuple[Op, ...] = (
        Text(1.0, 2.0, "", "sans", 9.0),  # empty: a self-closed element
        Text(1.0, 12.0, 'Tom & Jerry <say> "hi" \'there\' > ]]', "sans-bold", 9.5, "#a&b", 0.5),
        Text(1.0, 22.0, "tab\there, ünïcödé — “quotes” 🂡", "sans-italic", 7.0),
        Rect(0.0, 0.0, 5.0, 5.0),  # no fill, no stroke
        Rect(0.0, 0.0, 5.0, 5.0, fill="#ff0000", stroke="#00ff00", stroke_width=0.0, radius=1.0, opacity=0.25),
        Rect(0.0, 0.0, 5.0, 5.0, stroke="#00ff00", stroke_width=1.0, dash=(1.0, 0.5)),
        Ellipse(2.0, 3.0, 4.0, 5.0, fill="#123456", stroke='x"y', stroke_width=0.5, dash=(2.0,)),
        PathOp(square, fill="#fff", fill_rule="evenodd", stroke="#000", stroke_width=1.0, cap="round", join="bevel", opacity=0.3),
        PathOp(square, stroke="#000", stroke_width=1.0, cap="square"),
        PathOp(square, fill="#000", fill_rule="evenodd"),
        Icon(1.0, 1.0, 33.3333, "a<b>&c", "#102030", (SymbolPart(square, 2.0, "nonzero", 0.5), SymbolPart(square, 0.0, "evenodd")), 0.7),
        Image(1.0, 2.0, 3.0, 4.0, str(png), "x", "image/png"),
        Image(1.0, 2.0, 3.0, 4.0, str(png), "x", "image/png", 0.5),
        Group((), None, None),  # an empty group: `<g />`
        Group((Group((Rect(1.0, 1.0, 1.0, 1.0, fill="#111111"),), square, None),), square, (1.0, 0.0, 0.0, 1.0, 2.5, -3.0)),
        Guide(square, "trim"), Guide(square, "safe"), Guide(square, "corner"),
    )
    cut = ((0.0, 0.0), (60.0, 0.0), (30.0, 50.0))
    return [Face.build(63.5, 88.9, 8.5, "rect", ops), Face.build(60.0, 60.0, 0.0, "circle", ops[::-1]),
            Face.build(60.0, 50.0, 3.0, "path", ops[:3], cut=cut), Face.build(10.0, 10.0, 0.0, "rect", ())]


def test_every_shipped_face_is_written_as_the_svgwrite_drawing_was(shipped):
    assert len(shipped) > 300
    for name, face in shipped:
        assert svg_bytes(face, title=name) == reference_svg(face, title=name), name


@pytest.mark.parametrize("options", [{}, {"guides": True, "font_url": "../fonts/"}, {"title": "A & B <c> \"d\"\n\tline"}])
def test_faces_with_every_op_and_escape_are_written_as_the_svgwrite_drawing_was(tmp_path, options):
    for face in _made(tmp_path):
        made = svg_bytes(face, **options)
        assert made == reference_svg(face, **options)
        ET.fromstring(made)  # and it is well-formed XML


def test_escapes_are_the_ones_elementtree_makes():
    for text in ("plain", "a&b", "<&>", '"q"', "line\nbreak\r\ttab", "&amp;", "'", "]]>"):
        root = ET.Element("t", {"v": text})
        root.text = text
        assert ET.tostring(root, encoding="unicode") == f'<t v="{escape_attr(text)}">{escape_text(text)}</t>'
