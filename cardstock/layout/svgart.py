"""SVG art → drawing ops, so an SVG named by a catalog row is drawn as vectors by both
backends (never rasterised, never routed through another renderer).

A plain subset is understood: path, rect, circle, ellipse, line, polyline, polygon and g,
with fill, stroke, stroke-width, fill-rule, opacity (attributes or `style`), transforms and
the viewBox. Anything else (text, gradients, filters, embedded images) is left out and
reported once as a warning.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path as FsPath

from .ops import Path, ellipse_path, polygon_path, r, rect_path, transform_path
from .symbols import PathError, parse_path

NAMED = {"black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#008000", "blue": "#0000ff",
         "gray": "#808080", "grey": "#808080", "yellow": "#ffff00", "orange": "#ffa500", "purple": "#800080"}
SKIP = {"title", "desc", "metadata", "defs", "style"}


def _color(value, problems: set[str]):
    if value is None:
        return None
    v = value.strip().lower()
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


def _mul(a, b):
    return (a[0] * b[0] + a[2] * b[1], a[1] * b[0] + a[3] * b[1], a[0] * b[2] + a[2] * b[3],
            a[1] * b[2] + a[3] * b[3], a[0] * b[4] + a[2] * b[5] + a[4], a[1] * b[4] + a[3] * b[5] + a[5])


def _finite(text: object) -> float | None:
    """A number written in the file, or None when it is not a finite number."""
    try:
        value = float(str(text))
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _numbers(text: str | None, problems: set[str], what: str) -> list[float] | None:
    """Numbers separated by spaces or commas; None (and a problem) when one is not a number."""
    parts = [x for x in re.split(r"[\s,]+", (text or "").strip()) if x]
    values = [_finite(x) for x in parts]
    if any(v is None for v in values):
        problems.add(f"{what} {text!r} is not a list of numbers (ignored)")
        return None
    return values  # type: ignore[return-value]


def _transform(text: str | None, problems: set[str] | None = None):
    m = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    if not text:
        return m
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text):
        v = _numbers(args, problems if problems is not None else set(), "the transform")
        if not v:
            continue
        if name == "matrix" and len(v) == 6:
            t = tuple(v)
        elif name == "translate":
            t = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale":
            t = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif name == "rotate":
            a = math.radians(v[0])
            t = (math.cos(a), math.sin(a), -math.sin(a), math.cos(a), 0, 0)
            if len(v) == 3:
                t = _mul(_mul((1, 0, 0, 1, v[1], v[2]), t), (1, 0, 0, 1, -v[1], -v[2]))
        else:
            continue
        m = _mul(m, t)
    return m


def _num(v, default=0.0) -> float:
    if v is None:
        return default
    m = re.match(r"\s*(-?\d*\.?\d+(?:[eE][-+]?\d+)?)", str(v))
    value = _finite(m.group(1)) if m else None
    return default if value is None else value


def svg_ops(path: FsPath, rect, fit: str = "contain") -> tuple[list, list[str]]:
    """Ops for the SVG file fitted into rect (x, y, w, h), and the problems found."""
    problems: set[str] = set()
    try:
        root = ET.parse(str(path)).getroot()
    except (ET.ParseError, OSError) as exc:
        return [], [f"not a readable SVG file: {exc}"]
    vb = root.get("viewBox")
    box = _numbers(vb, problems, "the viewBox") if vb else None
    if box is not None and len(box) >= 4:
        vx, vy, vw, vh = box[:4]
    else:
        vx, vy, vw, vh = 0.0, 0.0, _num(root.get("width"), 100), _num(root.get("height"), 100)
    if not (vw > 1e-6 and vh > 1e-6):  # a viewBox with no area: use a unit square
        problems.add("the viewBox or size has no area (drawn in a 100 x 100 box)")
        vw = vh = 100.0
    x, y, w, h = rect
    scale = (max if fit == "cover" else min)(w / (vw or 1), h / (vh or 1))
    base = (scale, 0.0, 0.0, scale, x + (w - vw * scale) / 2 - vx * scale, y + (h - vh * scale) / 2 - vy * scale)
    ops: list = []
    try:
        _walk(root, base, {"fill": "#000000", "stroke": "none", "stroke-width": "1", "fill-rule": "nonzero", "opacity": "1"}, ops, problems)
    except RecursionError:
        return [], ["not a readable SVG file: its elements nest too deeply"]
    return ops, sorted(problems)


def _opacity(text: str, problems: set[str]) -> float:
    value = _finite(text)
    if value is None:
        problems.add(f"opacity {text!r} is not a number (drawn opaque)")
        return 1.0
    return max(0.0, min(1.0, value))


def _walk(el, m, style, ops, problems) -> None:
    tag = el.tag.split("}")[-1]
    if tag in SKIP:
        return
    st = dict(style)
    st["opacity"] = "1" if tag == "svg" else style.get("opacity", "1")
    for key in ("fill", "stroke", "stroke-width", "fill-rule"):
        if el.get(key) is not None:
            st[key] = el.get(key)
    own_opacity = _opacity(el.get("opacity", "1"), problems)
    for decl in (el.get("style") or "").split(";"):
        if ":" in decl:
            k, v = [p.strip() for p in decl.split(":", 1)]
            if k == "opacity":
                own_opacity = _opacity(v, problems)
            elif k in ("fill", "stroke", "stroke-width", "fill-rule"):
                st[k] = v
    st["opacity"] = str(float(style.get("opacity", "1")) * own_opacity)
    if tag != "svg":
        m = _mul(m, _transform(el.get("transform"), problems))
    if tag in ("svg", "g"):
        for child in el:
            _walk(child, m, st, ops, problems)
        return
    d = None
    try:
        if tag == "path":
            d = parse_path(el.get("d", ""))
        elif tag == "rect":
            rx = _num(el.get("rx"), _num(el.get("ry"), 0.0))
            d = rect_path(_num(el.get("x")), _num(el.get("y")), _num(el.get("width")), _num(el.get("height")), rx)
        elif tag == "circle":
            rad = _num(el.get("r"))
            d = ellipse_path(_num(el.get("cx")), _num(el.get("cy")), rad, rad)
        elif tag == "ellipse":
            d = ellipse_path(_num(el.get("cx")), _num(el.get("cy")), _num(el.get("rx")), _num(el.get("ry")))
        elif tag == "line":
            d = (("M", _num(el.get("x1")), _num(el.get("y1"))), ("L", _num(el.get("x2")), _num(el.get("y2"))))
        elif tag in ("polygon", "polyline"):
            vals = _numbers(el.get("points"), problems, "the points") or []
            pts = list(zip(vals[0::2], vals[1::2]))
            d = polygon_path(pts) if tag == "polygon" else tuple([("M", *pts[0])] + [("L", *p) for p in pts[1:]]) if pts else None
        else:
            problems.add(f"<{tag}> is not drawn (only shapes and paths are)")
            return
    except (PathError, ValueError) as exc:
        problems.add(f"<{tag}> could not be read: {exc}")
        return
    if not d:
        return
    fill = _color(st.get("fill"), problems)
    stroke = _color(st.get("stroke"), problems)
    if tag in ("line", "polyline"):
        fill = "none"
    sw = _num(st.get("stroke-width"), 1.0) * math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
    ops.append(Path(
        transform_path(d, m),
        fill=None if fill == "none" else fill,
        stroke=None if stroke == "none" else stroke,
        stroke_width=r(sw) if stroke not in (None, "none") else 0.0,
        opacity=max(0.0, min(1.0, float(st.get("opacity", "1")))),
        fill_rule="evenodd" if st.get("fill-rule") == "evenodd" else "nonzero",
    ))
