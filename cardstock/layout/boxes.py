"""Drawing one layout's boxes for one face: geometry, templates, text fitting, icons, art.

`Painter.paint(layout, ctx)` returns the drawing ops of a face (or a panel of a die net or
a standee) and collects Issues for everything that went wrong on the way.
"""

from __future__ import annotations

import hashlib
import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path as FsPath
from typing import Any, Callable, Optional

from .. import fonts
from ..issues import InputError, Issue, Level
from ..markup import parse
from ..scripts import glyph_warning
from ..templating import Breach
from ..units import UnitError, fmt_mm, parse_length
from . import text as textmod
from .context import COLOR, eval_condition, render_value, tint
from .ops import (
    Ellipse, Group, Icon, Image, Path, Rect, Text, ellipse_path, hexagon, offset_polygon, polygon_path, r, rect_path,
)
from .spec import Box, Layout, LayoutSet
from .symbols import Library

HEX_RATIO = math.sin(math.radians(60))  # height / width of a flat-topped hexagon
FITS_MAX = 20_000  # fitted texts remembered per game (see Painter.fit)
FIELD_ONLY = re.compile(r"^\s*\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}\s*$")




@dataclass(frozen=True)
class Geometry:
    """The trim box (w x h at the origin), its bleed and safe margins, and its shape."""

    w: float
    h: float
    bleed: float
    safe: float
    shape: str = "rect"  # rect | hex | circle
    corner: float = 0.0  # rounded-corner guide radius for rect

    def frame(self, name: str) -> tuple[float, float, float, float]:
        if name == "bleed":
            b = self.bleed
            return (-b, -b, self.w + 2 * b, self.h + 2 * b)
        if name == "safe":
            s = self.safe
            return (s, s, max(0.0, self.w - 2 * s), max(0.0, self.h - 2 * s))
        return (0.0, 0.0, self.w, self.h)

    def polygon(self, inset: float = 0.0) -> Optional[tuple]:
        """The outline as a polygon (hex) or None for rect and circle."""
        if self.shape == "hex":
            return offset_polygon(hexagon(self.w / 2, self.h / 2, self.w / 2, self.h / 2), -inset)
        return None

    def outline_path(self, inset: float = 0.0, radius: float = 0.0):
        if self.shape == "hex":
            return polygon_path(self.polygon(inset))
        if self.shape == "circle":
            return ellipse_path(self.w / 2, self.h / 2, self.w / 2 - inset, self.h / 2 - inset)
        rad = max(0.0, radius - inset) if radius else 0.0
        return rect_path(inset, inset, self.w - 2 * inset, self.h - 2 * inset, rad)

    def cut(self) -> Optional[tuple]:
        if self.shape == "hex":
            return hexagon(self.w / 2, self.h / 2, self.w / 2, self.h / 2)
        if self.shape == "circle":
            from .ops import circle_points

            return circle_points(self.w / 2, self.h / 2, min(self.w, self.h) / 2)
        return None

    def inside_safe(self, x: float, y: float, w: float, h: float) -> float:
        """How far (points) the rectangle reaches outside the safe zone (0 when inside)."""
        s = self.safe
        if self.shape == "circle":
            cx, cy, rad = self.w / 2, self.h / 2, min(self.w, self.h) / 2 - s
            worst = 0.0
            for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):
                worst = max(worst, math.hypot(px - cx, py - cy) - rad)
            return worst
        if self.shape == "hex":
            poly = self.polygon(s)
            worst = 0.0
            for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):
                worst = max(worst, _outside_convex(px, py, poly))
            return worst
        return max(0.0, s - x, s - y, (x + w) - (self.w - s), (y + h) - (self.h - s))


def _outside_convex(px: float, py: float, poly) -> float:
    """Distance outside a convex polygon (0 inside), via its edges' half-planes."""
    n = len(poly)
    area = sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n))
    sign = 1.0 if area > 0 else -1.0
    worst = 0.0
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        dx, dy = x2 - x1, y2 - y1
        length = math.hypot(dx, dy) or 1.0
        nx, ny = dy / length * sign, -dx / length * sign
        worst = max(worst, (px - x1) * nx + (py - y1) * ny)
    return worst


@dataclass
class Subject:
    """Whose face is being drawn, for messages."""

    label: str  # "component 'red-fear'" or "back 'pack'"
    file: str
    line: Optional[int]
    fields: tuple[str, ...] = ()


@dataclass
class Painter:
    catalog: Any
    layouts: LayoutSet
    library: Library
    env: Any
    subject: Subject
    issues: list[Issue] = field(default_factory=list)
    # fitted text shared by the faces of one game (see `fit`); None: fit every time
    fits: Optional[dict] = None

    # ------------------------------------------------------------ messages

    def _layout_issue(self, lay: Layout, box: Optional[Box], key: str, message: str, level: Level = "error") -> None:
        where = box.where(key) if box is not None else lay.where(key)
        fld = f"layouts.{lay.name}" + (f".boxes.{box.name}" if box is not None else "") + (f".{key}" if key else "")
        issue = Issue(where[0], where[1], fld, f"{message} (drawing {self.subject.label})", level, bad_input=level == "error")
        if isinstance(message, Breach):  # a template that broke the sandbox's bounds: bad input
            raise InputError([issue])
        self.issues.append(issue)

    def _data_issue(self, fld: str, message: str, level: Level = "error", bad_input: bool = False) -> None:
        self.issues.append(Issue(self.subject.file, self.subject.line, fld, message, level, bad_input=bad_input))

    # ------------------------------------------------------------ values

    def raw(self, lay: Layout, box: Box, key: str, ctx: dict, default: Any = None) -> Any:
        """A box's value for `key` (else its style's), rendered when it is a template."""
        values = box.values
        v = values.get(key)
        if v is None:
            st = values.get("style")
            if st:
                v = self.layouts.styles.get(st, {}).get(key)
            if v is None:
                return default
        if type(v) is not str or ("{{" not in v and "{%" not in v):
            return v  # not a template (render_value would return it as it is)
        out, err = render_value(self.env, v, ctx)
        if err is not None:
            self._layout_issue(lay, box, key, err)
            return default
        return out

    def length(self, lay: Layout, box: Box, key: str, ctx: dict, default: float, extent: Optional[float] = None) -> float:
        v = self.raw(lay, box, key, ctx)
        if v is None or (isinstance(v, str) and not v.strip()):
            return default
        return self._parse_len(lay, box, key, v, default, extent)

    def _parse_len(self, lay: Layout, box: Optional[Box], key: str, v: Any, default: float, extent: Optional[float] = None) -> float:
        try:
            return length_value(str(v), extent)
        except UnitError as exc:
            self._layout_issue(lay, box, key, str(exc) + (" or a percentage such as '50%'" if extent is not None else ""))
            return default

    def color(self, lay: Layout, box: Box, key: str, ctx: dict, default: Optional[str]) -> Optional[str]:
        v = self.raw(lay, box, key, ctx)
        if v is None:
            return default
        return self.to_color(lay, box, key, v, default)

    def to_color(self, lay: Layout, box: Optional[Box], key: str, v: Any, default: Optional[str]) -> Optional[str]:
        text = str(v).strip()
        if text in ("", "none", "None"):
            return None
        theme = self.layouts.theme
        if text in theme:
            text = theme[text]
        if COLOR.match(text):
            return text.lower()
        self._layout_issue(lay, box, key, f"expected a colour '#rrggbb', a theme colour ({', '.join(sorted(theme))}) or 'none', got {text!r}")
        return default

    # ------------------------------------------------------------ icons

    def icon_ref(self, icon_id: str) -> Optional[textmod.IconRef]:
        icon = self.catalog.game.icons.get(icon_id)
        if icon is None:
            return None
        sym = self.library.get(icon.symbol) or self.library.fallback()
        return textmod.IconRef(sym.name, sym.parts, icon.color)

    # ------------------------------------------------------------ painting

    def paint(self, lay: Layout, ctx: dict, geo: Geometry, check: Optional[Callable[[Box, list, list], None]] = None) -> list:
        """Every box's ops in order; `check(box, ops drawn before it, its ops)` sees each box's."""
        ops: list = []
        for box in lay.boxes:
            when = box.get("when")
            if when is not None:
                ok, err = eval_condition(self.env, when, ctx)
                if err is not None:
                    self._layout_issue(lay, box, "when", err)
                    continue
                if not ok:
                    continue
            drawn = self.box(lay, box, ctx, geo)
            if check is not None:
                check(box, ops, drawn)
            ops += drawn
        return ops

    def box_rect(self, lay: Layout, box: Box, ctx: dict, geo: Geometry) -> tuple[float, float, float, float]:
        frame = geo.frame(box.get("frame", "safe"))
        edges = tuple(box.values.get(k) for k in EDGES)
        if all(v is None or (type(v) is str and "{{" not in v and "{%" not in v) for v in edges):
            try:
                return static_rect(edges, frame)
            except UnitError:
                pass  # measured again below, where the problem is reported
        fx, fy, fw, fh = frame

        def edge(key: str, extent: float) -> Optional[float]:
            v = box.get(key)
            if v is None or (isinstance(v, str) and v.strip() == "none"):  # "none" unsets an inherited edge
                return None
            return self.length(lay, box, key, ctx, 0.0, extent)

        left, right, width = edge("left", fw), edge("right", fw), edge("width", fw)
        top, bottom, height = edge("top", fh), edge("bottom", fh), edge("height", fh)
        x, w = _span(fx, fw, left, right, width)
        y, h = _span(fy, fh, top, bottom, height)
        return x, y, max(0.0, w), max(0.0, h)

    def box(self, lay: Layout, box: Box, ctx: dict, geo: Geometry) -> list:
        kind = box.get("type")
        if kind is None:
            return []
        x, y, w, h = self.box_rect(lay, box, ctx, geo)
        rot = box.get("rotate", 0) or 0
        cx, cy = x + w / 2, y + h / 2
        if rot in (90, 270):
            x, y, w, h = cx - h / 2, cy - w / 2, h, w
        handler = getattr(self, "_" + kind)
        ops = handler(lay, box, ctx, geo, (x, y, w, h))
        if rot and ops:
            a = math.radians(rot)
            ca, sa = round(math.cos(a), 9), round(math.sin(a), 9)
            m = (ca, sa, -sa, ca, cx - ca * cx + sa * cy, cy - sa * cx - ca * cy)
            ops = [Group(tuple(ops), None, (m[0], m[1], m[2], m[3], r(m[4]), r(m[5])))]
        return ops

    def _paint_args(self, lay: Layout, box: Box, ctx: dict, fill_default: Optional[str] = None) -> dict:
        return {
            "fill": self.color(lay, box, "fill", ctx, fill_default),
            "stroke": self.color(lay, box, "stroke", ctx, None),
            "stroke_width": r(self.length(lay, box, "stroke_width", ctx, 0.75 if box.get("stroke") else 0.0)),
            "dash": self._dash(lay, box, ctx),
            "opacity": float(box.get("opacity", 1.0)),
        }

    def _dash(self, lay: Layout, box: Box, ctx: dict) -> tuple:
        v = self.raw(lay, box, "dash", ctx)
        if not v:
            return ()
        return tuple(r(self._parse_len(lay, box, "dash", p, 1.0)) for p in str(v).split())

    # ------------------------------------------------------------ box types

    def _rect(self, lay, box, ctx, geo, rect):
        x, y, w, h = rect
        p = self._paint_args(lay, box, ctx)
        if not p["fill"] and not p["stroke"]:
            return []
        return [Rect(r(x), r(y), r(w), r(h), radius=r(self.length(lay, box, "radius", ctx, 0.0)), **p)]

    def _ellipse(self, lay, box, ctx, geo, rect):
        x, y, w, h = rect
        p = self._paint_args(lay, box, ctx)
        if not p["fill"] and not p["stroke"]:
            return []
        return [Ellipse(r(x + w / 2), r(y + h / 2), r(w / 2), r(h / 2), **p)]

    def _line(self, lay, box, ctx, geo, rect):
        x, y, w, h = rect
        p = self._paint_args(lay, box, ctx)
        color = p["stroke"] or p["fill"] or self.layouts.theme.get("ink", "#000000")
        width = p["stroke_width"] or 0.75
        if w >= h:
            d = (("M", r(x), r(y + h / 2)), ("L", r(x + w), r(y + h / 2)))
        else:
            d = (("M", r(x + w / 2), r(y)), ("L", r(x + w / 2), r(y + h)))
        return [Path(d, None, color, width, p["dash"], p["opacity"], cap="round" if not p["dash"] else "butt")]

    def _inset(self, lay, box, ctx, geo) -> float:
        v = self.raw(lay, box, "inset", ctx)
        if v is None:
            return 0.0
        text = str(v).strip()
        if text == "bleed":
            return -geo.bleed
        if text == "safe":
            return geo.safe
        return self._parse_len(lay, box, "inset", text, 0.0)

    def _outline(self, lay, box, ctx, geo, rect):
        p = self._paint_args(lay, box, ctx)
        if not p["fill"] and not p["stroke"]:
            return []
        inset = self._inset(lay, box, ctx, geo)
        radius = self.length(lay, box, "radius", ctx, 0.0)
        return [Path(geo.outline_path(inset, radius), p["fill"], p["stroke"], p["stroke_width"], p["dash"], p["opacity"], join="round")]

    def _text(self, lay, box, ctx, geo, rect):
        x, y, w, h = rect
        ops: list = []
        content = str(self.raw(lay, box, "text", ctx, ""))
        pad = self.length(lay, box, "padding", ctx, 0.0)
        p = self._paint_args(lay, box, ctx)
        if p["fill"] or p["stroke"]:
            ops.append(Rect(r(x), r(y), r(w), r(h), radius=r(self.length(lay, box, "radius", ctx, 0.0)), **p))
        if not content.strip():
            return ops
        style = self.text_style(lay, box, ctx)
        inner = (x + pad, y + pad, max(1.0, w - 2 * pad), max(1.0, h - 2 * pad))
        markup = self.raw(lay, box, "markup", ctx, "inline")
        if markup == "blocks":
            blocks = parse(content)
        elif markup == "none":
            blocks = [textmod.Raw(" ".join(content.replace("\\\n", "\n").split()))]
        else:
            blocks = textmod.plain_blocks(content)
        fit = self.fit(blocks, inner, style)
        ops += fit.ops
        if str(self.raw(lay, box, "underline", ctx, "")).strip().lower() in ("true", "yes", "1"):
            ops += underlines(fit.ops)
        self._text_findings(lay, box, fit, style, inner, content, self.raw(lay, box, "field", ctx))
        return ops

    def fit(self, blocks: list, inner: tuple[float, float, float, float], style: textmod.TextStyle) -> textmod.Fit:
        """Text fitted into a box, remembered in `fits` per (blocks, box, style): faces of
        one game repeat the same type lines, stats and rule texts in the same boxes, and
        fitting (measuring, breaking, shrinking) is the costly part of a face. Inline icons
        resolve the same way for every face of a game, so they need no place in the key.
        A remembered Fit is shared: callers read it and never change it."""
        if self.fits is None:
            return textmod.fit_blocks(blocks, inner, style, self.icon_ref)
        key = (tuple(blocks), inner, style)
        found = self.fits.get(key)
        if found is None:
            found = textmod.fit_blocks(blocks, inner, style, self.icon_ref)
            if len(self.fits) >= FITS_MAX:
                self.fits.clear()
            self.fits[key] = found
        return found

    def text_style(self, lay: Layout, box: Box, ctx: dict) -> textmod.TextStyle:
        ink = self.layouts.theme.get("ink", "#1f1f24")
        font = self.raw(lay, box, "font", ctx, "sans")
        from .. import fonts as fontmod

        if font not in fontmod.FACES:
            self._layout_issue(lay, box, "font", f"unknown font {font!r}; the fonts are: {', '.join(fontmod.FACES)}")
            font = "sans"
        size = self.length(lay, box, "size", ctx, 9.0)
        min_size = self.length(lay, box, "min_size", ctx, min(size, 6.0))
        color = self.color(lay, box, "color", ctx, ink) or ink
        return textmod.TextStyle(
            font=font,
            size=max(1.0, size),
            min_size=max(1.0, min(min_size, size)),
            leading=float(self.raw(lay, box, "leading", ctx, 1.2)),
            color=color,
            align=self.raw(lay, box, "align", ctx, "left"),
            valign=self.raw(lay, box, "valign", ctx, "top"),
            wrap=bool(self.raw(lay, box, "wrap", ctx, True)),
            max_lines=int(self.raw(lay, box, "max_lines", ctx, 0)),
            para_space=float(self.raw(lay, box, "para_space", ctx, 0.4)),
            rule_color=self.color(lay, box, "rule", ctx, None) or color,
        )

    def _text_findings(self, lay: Layout, box: Box, fit: textmod.Fit, style: textmod.TextStyle, inner, content: str, fld: Optional[str]) -> None:
        fld = str(fld).strip() or None if fld is not None else None
        if fld is None:
            m = FIELD_ONLY.match(str(box.get("text") or ""))
            fld = m.group(1) if m else None
        if not fit.fits:
            what = f"the {fld!r} text" if fld else f"the text of box {box.name!r}"
            if fit.width_overflow and fit.height <= inner[3] + 1e-6:
                why = "a word or table is wider than the box"
            else:
                why = f"it needs {fmt_mm(fit.height)} of height and the box has {fmt_mm(inner[3])}"
            lines = f", at most {style.max_lines} line{'s' if style.max_lines != 1 else ''}" if style.max_lines else ""
            msg = (f"{what} does not fit in layout {lay.name!r} even at the minimum size {style.min_size:g}pt{lines}: {why}; "
                   "shorten it, or give the box more room or a smaller min_size in the layout")
            self._data_issue(fld if fld else f"layout box {box.name}", msg)
        for ch in fit.missing:
            self._data_issue(fld or f"layout box {box.name}", glyph_warning(self.subject.label, style.font, ch), "warning")
        for problem in fit.markup:
            self._data_issue(fld or f"layout box {box.name}", problem, "warning")
        for name in fit.unknown_icons:
            self._data_issue(fld or f"layout box {box.name}", f"the text names :{name}:, which the game does not declare in [icons]", bad_input=True)

    def _icon_box_color(self, lay, box, ctx, icon_color: Optional[str]) -> str:
        ink = self.layouts.theme.get("ink", "#1f1f24")
        c = self.color(lay, box, "color", ctx, None) if box.get("color") is not None or box.get("style") else None
        return c or icon_color or ink

    def _resolve_icons(self, lay, box, ctx) -> list[tuple[str, Any, Optional[str]]]:
        """(symbol name, parts, colour) for each icon the box shows."""
        out: list[tuple[str, Any, Optional[str]]] = []
        sym_name = self.raw(lay, box, "symbol", ctx)
        icon_id = self.raw(lay, box, "icon", ctx)
        icon_list = self.raw(lay, box, "icons", ctx)
        ids: list[str] = []
        if isinstance(icon_list, (list, tuple)):  # an `icons` field: one icon per item
            ids = [str(p).strip() for p in icon_list if p is not None and str(p).strip()]
        elif icon_list is not None:
            # "fire water", "fire, water", "fire|water", or an icons field as a template
            # prints it ("['fire', 'water']"): one icon per item, in order
            ids = [p for p in re.split(r"[\s,|\[\]'\"]+", str(icon_list)) if p and p != "None"]
        elif icon_id is not None and str(icon_id).strip() not in ("", "None"):
            ids = [str(icon_id).strip()]
        if sym_name is not None and str(sym_name).strip() not in ("", "None"):
            name = str(sym_name).strip()
            sym = self.library.get(name)
            if sym is None:
                self._layout_issue(lay, box, "symbol", f"unknown symbol {name!r}; the library has: {', '.join(self.library.names())}")
                sym = self.library.fallback()
            return [(sym.name, sym.parts, None)]
        for i in ids:
            icon = self.catalog.game.icons.get(i)
            if icon is None:
                self._layout_issue(lay, box, "icon" if icon_list is None else "icons", f"unknown icon {i!r}; the game declares: {', '.join(sorted(self.catalog.game.icons))}")
                sym = self.library.fallback()
                out.append((sym.name, sym.parts, None))
                continue
            sym = self.library.get(icon.symbol) or self.library.fallback()
            out.append((sym.name, sym.parts, icon.color))
        return out

    def _icon(self, lay, box, ctx, geo, rect):
        x, y, w, h = rect
        found = self._resolve_icons(lay, box, ctx)
        if not found:
            return []
        name, parts, icolor = found[0]
        s = min(w, h)
        p = self._paint_args(lay, box, ctx)
        ops: list = []
        if p["fill"] or p["stroke"]:
            pad = self.length(lay, box, "padding", ctx, 0.0)
            ops.append(Ellipse(r(x + w / 2), r(y + h / 2), r(s / 2 + pad), r(s / 2 + pad), **p))
        color = self._icon_box_color(lay, box, ctx, icolor)
        ops.append(Icon(r(x + (w - s) / 2), r(y + (h - s) / 2), r(s), name, color, parts, float(box.get("opacity", 1.0)) if not (p["fill"] or p["stroke"]) else 1.0))
        return ops

    def _icons(self, lay, box, ctx, geo, rect):
        x, y, w, h = rect
        found = self._resolve_icons(lay, box, ctx)
        if not found:
            return []
        count_v = self.raw(lay, box, "count", ctx)
        if count_v is not None and str(count_v).strip() != "":
            try:
                n = int(float(str(count_v).strip()))
            except ValueError:
                self._layout_issue(lay, box, "count", f"expected a whole number, got {count_v!r}")
                n = 1
            found = (found * max(0, n))[: max(0, n)] if len(found) == 1 else found[: max(0, n)]
        n = len(found)
        if n == 0:
            return []
        arrange = box.get("arrange", "grid")
        opacity = float(box.get("opacity", 1.0))
        fixed = self.length(lay, box, "size", ctx, 0.0) if box.get("size") is not None else 0.0
        gap = 0.18
        slots: list[tuple[float, float, float]] = []  # (cx, cy, size)
        if arrange in ("grid", "row", "column"):
            best = None
            rows_range = [1] if arrange == "row" else ([n] if arrange == "column" else range(1, n + 1))
            for rows in rows_range:
                cols = math.ceil(n / rows)
                s = min(w / (cols + gap * (cols - 1)), h / (rows + gap * (rows - 1)))
                if best is None or s > best[0] + 1e-9:
                    best = (s, rows, cols)
            s, rows, cols = best
            if fixed:
                s = min(s, fixed)
            step = s * (1 + gap)
            total_h = rows * s + (rows - 1) * s * gap
            for i in range(n):
                row, col = divmod(i, cols)
                in_row = min(cols, n - row * cols)
                row_w = in_row * s + (in_row - 1) * s * gap
                cx = x + (w - row_w) / 2 + col * step + s / 2
                cy = y + (h - total_h) / 2 + row * step + s / 2
                slots.append((cx, cy, s))
        elif arrange == "corners":
            s = fixed or min(w, h) * 0.2
            pts = [(x + s / 2, y + s / 2), (x + w - s / 2, y + s / 2), (x + w - s / 2, y + h - s / 2), (x + s / 2, y + h - s / 2)]
            for i in range(n):
                cx, cy = pts[i % 4]
                slots.append((cx, cy, s))
        else:  # edges: the midpoints of the face outline's edges, or around a circle
            s = fixed or min(w, h) * 0.14
            inset = self._inset(lay, box, ctx, geo) if box.get("inset") is not None else s * 0.75
            if geo.shape == "hex":
                poly = geo.polygon(inset)
                mids = [((poly[i][0] + poly[(i + 1) % 6][0]) / 2, (poly[i][1] + poly[(i + 1) % 6][1]) / 2) for i in range(6)]
            elif geo.shape == "circle":
                rad = min(geo.w, geo.h) / 2 - inset
                k = max(n, 1)
                mids = [(geo.w / 2 + rad * math.cos(-math.pi / 2 + 2 * math.pi * i / k), geo.h / 2 + rad * math.sin(-math.pi / 2 + 2 * math.pi * i / k)) for i in range(k)]
            else:
                mids = [(geo.w / 2, inset), (geo.w - inset, geo.h / 2), (geo.w / 2, geo.h - inset), (inset, geo.h / 2)]
            reps = len(mids) if len(found) == 1 and count_v is None else n
            for i in range(reps):
                cx, cy = mids[i % len(mids)]
                slots.append((cx, cy, s))
            if len(found) == 1:
                found = found * reps
        ops: list = []
        p = self._paint_args(lay, box, ctx)
        for (cx, cy, s), (name, parts, icolor) in zip(slots, found):
            if p["fill"] or p["stroke"]:
                ops.append(Ellipse(r(cx), r(cy), r(s * 0.62), r(s * 0.62), **p))
            color = self._icon_box_color(lay, box, ctx, icolor)
            ops.append(Icon(r(cx - s / 2), r(cy - s / 2), r(s), name, color, parts, opacity if not (p["fill"] or p["stroke"]) else 1.0))
        return ops

    def _pips(self, lay, box, ctx, geo, rect):
        x, y, w, h = rect
        v = self.raw(lay, box, "count", ctx)
        try:
            n = int(float(str(v).strip()))
        except (TypeError, ValueError):
            self._layout_issue(lay, box, "count", f"expected a whole number of pips, got {v!r}")
            return []
        s = min(w, h)
        ox, oy = x + (w - s) / 2, y + (h - s) / 2
        spots = {
            1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
            5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
            7: [(0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2)], 8: [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)],
            9: [(i, j) for j in range(3) for i in range(3)],
        }.get(n)
        if spots is None:
            self._layout_issue(lay, box, "count", f"pips show 1 to 9, got {n}")
            return []
        color = self.color(lay, box, "color", ctx, None) or self.layouts.theme.get("ink", "#1f1f24")
        rad = s * 0.11
        ops = []
        for i, j in spots:
            ops.append(Ellipse(r(ox + s * (0.2 + 0.3 * i)), r(oy + s * (0.2 + 0.3 * j)), r(rad), r(rad), fill=color))
        return ops

    def _pattern(self, lay, box, ctx, geo, rect):
        x, y, w, h = rect
        kind = box.get("pattern", "lattice")
        color = self.color(lay, box, "color", ctx, None) or self.color(lay, box, "stroke", ctx, None) or self.layouts.theme.get("ink", "#000000")
        opacity = float(box.get("opacity", 0.15))
        sw = self.length(lay, box, "stroke_width", ctx, 0.6)
        step = self.length(lay, box, "size", ctx, 6.0) if box.get("size") is not None else parse_length("6mm")
        cx, cy = x + w / 2, y + h / 2
        ops: list = []
        if kind in ("lattice", "stripes"):
            span = w + h
            k = -span
            while k <= span:
                ops.append(Path((("M", r(x + k), r(y)), ("L", r(x + k + h), r(y + h))), stroke=color, stroke_width=r(sw), opacity=opacity))
                if kind == "lattice":
                    ops.append(Path((("M", r(x + k + h), r(y)), ("L", r(x + k), r(y + h))), stroke=color, stroke_width=r(sw), opacity=opacity))
                k += step
        elif kind == "rings":
            rad = step
            maxr = math.hypot(w, h) / 2
            while rad <= maxr:
                ops.append(Ellipse(r(cx), r(cy), r(rad), r(rad), stroke=color, stroke_width=r(sw), opacity=opacity))
                rad += step
        elif kind == "rays":
            n = 24
            rad = math.hypot(w, h)
            for i in range(0, n, 2):
                a1, a2 = 2 * math.pi * i / n, 2 * math.pi * (i + 1) / n
                pts = [(cx, cy), (cx + rad * math.cos(a1), cy + rad * math.sin(a1)), (cx + rad * math.cos(a2), cy + rad * math.sin(a2))]
                ops.append(Path(polygon_path(pts), fill=color, opacity=opacity))
        elif kind == "dots":
            j = 0
            yy = y + step / 2
            while yy < y + h:
                xx = x + step / 2 + (step / 2 if j % 2 else 0)
                while xx < x + w:
                    ops.append(Ellipse(r(xx), r(yy), r(sw), r(sw), fill=color, opacity=opacity))
                    xx += step
                yy += step * 0.866
                j += 1
        radius = self.length(lay, box, "radius", ctx, 0.0)
        clip = geo.outline_path(self._inset(lay, box, ctx, geo), radius) if box.get("frame") == "bleed" or box.get("inset") is not None else rect_path(x, y, w, h, radius)
        return [Group(tuple(ops), clip)]

    def _art(self, lay, box, ctx, geo, rect):
        x, y, w, h = rect
        radius = self.length(lay, box, "radius", ctx, 0.0)
        clip = rect_path(x, y, w, h, radius)
        value = self.raw(lay, box, "art", ctx)
        p = self._paint_args(lay, box, ctx)
        frame_ops = [Rect(r(x), r(y), r(w), r(h), None, p["stroke"], p["stroke_width"], r(radius))] if p["stroke"] else []
        path_text = str(value).strip() if value is not None else ""
        if path_text and path_text != "None":
            folder = self.catalog.folder
            target = (folder / path_text).resolve()
            try:
                target.relative_to(folder.resolve())
            except ValueError:
                self._layout_issue(lay, box, "art", f"the art path {path_text!r} leaves the game folder")
                target = None
            if target is not None and not target.is_file():
                self._data_issue("art", f"art file not found: {self.catalog.display(target)}")
                target = None
            if target is not None:
                suffix = target.suffix.lower()
                position = self._position(lay, box, ctx)
                opacity = float(box.get("opacity", 1.0))
                if suffix in (".png", ".jpg", ".jpeg"):
                    return [Group(tuple(self._image(target, (x, y, w, h), box.get("fit", "cover"), position, opacity)), clip)] + frame_ops
                if suffix == ".svg":
                    from .svgart import svg_ops, with_opacity

                    art_ops, problems = svg_ops(target, (x, y, w, h), box.get("fit", "contain"), position)
                    for msg in problems:  # about the file: one finding however many cards use it
                        self.issues.append(Issue(self.catalog.display(target), None, "", msg, "warning"))
                    if opacity < 1:
                        art_ops = with_opacity(art_ops, opacity)
                    return [Group(tuple(art_ops), clip)] + frame_ops
                self._data_issue("art", f"art must be PNG, JPEG or SVG, got {path_text!r}")
        if not box.get("placeholder", True):
            return frame_ops
        pctx = ctx
        if box.get("icon") is not None or box.get("color") is not None:
            pctx = dict(ctx)
            icon = self.raw(lay, box, "icon", ctx)
            if icon:
                pctx["accent_icon"] = str(icon).strip()
            color = self.color(lay, box, "color", ctx, None)
            if color:
                pctx["accent"] = color
        return [Group(tuple(self.placeholder(pctx, (x, y, w, h), p["fill"])), clip)] + frame_ops

    def _position(self, lay: Layout, box: Box, ctx: dict) -> tuple[float, float]:
        """The art box's `position` as fractions: "center", "top", "bottom right",
        "25% 75%" (horizontal, then vertical)."""
        value = self.raw(lay, box, "position", ctx)
        if value is None:
            return (0.5, 0.5)
        found = art_position(str(value))
        if found is None:
            self._layout_issue(lay, box, "position", f"expected keywords (left, center, right, top, bottom) or two percentages like '50% 20%', got {value!r}")
            return (0.5, 0.5)
        return found

    def _image(self, path: FsPath, rect, fit: str, position: tuple[float, float] = (0.5, 0.5), opacity: float = 1.0) -> list:
        from reportlab.lib.utils import ImageReader

        x, y, w, h = rect
        data = path.read_bytes()
        iw, ih = ImageReader(str(path)).getSize()
        if fit == "stretch":
            dw, dh = w, h
        else:
            scale = (max if fit == "cover" else min)(w / iw, h / ih)
            dw, dh = iw * scale, ih * scale
        mime = "image/png" if path.suffix.lower() == ".png" else "image/jpeg"
        px, py = position
        return [Image(r(x + (w - dw) * px), r(y + (h - dh) * py), r(dw), r(dh), str(path), hashlib.sha256(data).hexdigest(), mime, r(opacity))]

    def placeholder(self, ctx: dict, rect, fill: Optional[str]) -> list:
        """Generated art: a sunburst in tints of the accent colour behind its symbol."""
        x, y, w, h = rect
        accent = ctx.get("accent") or self.layouts.theme.get("accent", "#3d4250")
        try:
            ground, ray, ring, mark = _placeholder_palette(accent)
            base = fill or ground
        except (TypeError, ValueError):  # TypeError: an accent that cannot be a cache key
            base, ray, ring, mark = "#dddddd", "#cccccc", "#bbbbbb", "#888888"
        ops: list = [Rect(r(x), r(y), r(w), r(h), fill=base)]
        cx, cy = x + w / 2, y + h * 0.5
        seed = int(hashlib.sha256(str(ctx.get("id", "")).encode()).hexdigest()[:4], 16)
        ops += [Path(d, fill=ray, opacity=0.55) for d in _sunburst(x, y, w, h, seed % 360)]
        s = min(w, h) * 0.62
        ops.append(Ellipse(r(cx), r(cy), r(s * 0.62), r(s * 0.62), fill=base))
        ops.append(Ellipse(r(cx), r(cy), r(s * 0.62), r(s * 0.62), stroke=ring, stroke_width=r(max(0.6, s * 0.03))))
        icon_id = ctx.get("accent_icon")
        sym = None
        if icon_id and icon_id in self.catalog.game.icons:
            sym = self.library.get(self.catalog.game.icons[icon_id].symbol)
        if sym is None:
            sym = self.library.get("star") or self.library.fallback()
        ops.append(Icon(r(cx - s * 0.35), r(cy - s * 0.35), r(s * 0.7), sym.name, mark, sym.parts))
        return ops


_POSITION_WORDS = {"left": (0.0, None), "right": (1.0, None), "top": (None, 0.0), "bottom": (None, 1.0), "center": (None, None), "centre": (None, None)}


def art_position(text: str) -> Optional[tuple[float, float]]:
    """"bottom right" → (1, 1); "30% 0%" → (0.3, 0); None when not understood."""
    parts = text.lower().split()
    if not parts or len(parts) > 2:
        return None
    if all(p.endswith("%") for p in parts):
        try:
            nums = [float(p[:-1]) / 100 for p in parts]
        except ValueError:
            return None
        if not all(0 <= n <= 1 for n in nums):
            return None
        return (nums[0], nums[-1]) if len(nums) == 2 else (nums[0], 0.5)
    x: Optional[float] = None
    y: Optional[float] = None
    for p in parts:
        if p not in _POSITION_WORDS:
            return None
        px, py = _POSITION_WORDS[p]
        x = px if px is not None else x
        y = py if py is not None else y
    return (0.5 if x is None else x, 0.5 if y is None else y)


def _span(origin: float, extent: float, start: Optional[float], end: Optional[float], size: Optional[float]) -> tuple[float, float]:
    if start is not None and end is not None:
        return origin + start, extent - start - end
    if start is not None:
        return origin + start, size if size is not None else extent - start
    if end is not None:
        s = size if size is not None else extent - end
        return origin + extent - end - s, s
    if size is not None:
        return origin + (extent - size) / 2, size
    return origin, extent


EDGES = ("left", "right", "width", "top", "bottom", "height")  # the keys that place a box


@lru_cache(maxsize=8192)
def length_value(text: str, extent: Optional[float] = None) -> float:
    """A layout length in points: '3mm', '-2pt', or with an extent a percentage of it ('50%').

    Raises UnitError. Cached per (text, extent): every face measures the same boxes."""
    text = text.strip()
    if text.endswith("%") and extent is not None:
        try:
            return float(text[:-1]) / 100.0 * extent
        except ValueError:
            pass
    return parse_length(text, allow_negative=True)


def underlines(ops: list) -> list:
    """A bar under each text run, in its colour: tells a 6 from a 9 seen upside down."""
    out = []
    for op in ops:
        if isinstance(op, Text) and op.text.strip():
            width = fonts.string_width(op.text, op.font, op.size)
            out.append(Rect(r(op.x), r(op.y + op.size * 0.12), r(width), r(max(0.5, op.size * 0.08)), fill=op.color))
    return out


@lru_cache(maxsize=8192)
def static_rect(edges: tuple, frame: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """The rectangle of a box whose edges (values of EDGES, None when unset) are plain
    lengths, in `frame` (x, y, w, h): what `Painter.box_rect` computes, without its
    templates and messages. Raises UnitError; cached, as most boxes are placed this way."""
    fx, fy, fw, fh = frame

    def edge(v: Any, extent: float) -> Optional[float]:
        if v is None or (isinstance(v, str) and v.strip() == "none"):
            return None
        if isinstance(v, str) and not v.strip():
            return 0.0
        return length_value(str(v), extent)

    left, right, width, top, bottom, height = edges
    x, w = _span(fx, fw, edge(left, fw), edge(right, fw), edge(width, fw))
    y, h = _span(fy, fh, edge(top, fh), edge(bottom, fh), edge(height, fh))
    return x, y, max(0.0, w), max(0.0, h)


@lru_cache(maxsize=1024)
def _placeholder_palette(accent: str) -> tuple[str, str, str, str]:
    """(ground, rays, ring, symbol) colours of generated art: tints of the accent colour.
    Cached per accent (a game has a few). Raises ValueError for a colour that is not #rrggbb."""
    return tint(accent, 0.80), tint(accent, 0.68), tint(accent, 0.55), tint(accent, 0.25)


@lru_cache(maxsize=4096)
def _sunburst(x: float, y: float, w: float, h: float, turn: int) -> tuple:
    """The ten rays of generated art in the box (x, y, w, h), turned by `turn` / 20 degrees:
    triangles from the centre out past the corners. Cached: art boxes have a few sizes and
    there are 360 turns."""
    cx, cy = x + w / 2, y + h * 0.5
    n = 20
    start = turn * math.pi / 180 / n
    rad = math.hypot(w, h)
    rays = []
    for i in range(0, n, 2):
        a1, a2 = start + 2 * math.pi * i / n, start + 2 * math.pi * (i + 1) / n
        pts = [(cx, cy), (cx + rad * math.cos(a1), cy + rad * math.sin(a1)), (cx + rad * math.cos(a2), cy + rad * math.sin(a2))]
        rays.append(polygon_path(pts))
    return tuple(rays)
