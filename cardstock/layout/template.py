"""A written layout written out as a drawing to open in Inkscape (`cardstock drawing`):
the round trip of `cardstock.layout.drawings.read`, so a designer may start a drawn layout from a
shipped one (docs/draw-your-card.md).

Each box becomes what reads back as the same box: a text box a `<text>` flowed into a
rectangle (`shape-inside`) in its font, size, colour and alignment, labelled with its
field when it shows one field (`{{ name }}`) and else holding its template; a picture or
an icon a rectangle labelled with its field; a rectangle or ellipse itself, its fill
labelled `field[fill]` when a field gives it. A box shown `when` a field is true is put in
a group labelled with the field. What a drawing cannot say is left out, each with an XML
comment saying what it was: a colour worked out by a template (drawn grey), a condition
that is not one field, box types a drawing has no mark for.
"""

from __future__ import annotations

import re
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ..core.units import UnitError, parse_length
from .art.shapes import Geometry
from .painting.painter import EDGES, static_rect
from .resolved import Box, Layout

MM_PER_PT = 25.4 / 72
FIELD = re.compile(r"\s*\{\{\s*([a-z][a-z0-9_]*)\s*\}\}\s*")
WHEN = re.compile(r"\s*([a-z][a-z0-9_]*)(?:\s+is\s+not\s+none)?\s*")
GREY = "#808080"
HEAD = """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- The layout {name} written as a drawing by `cardstock drawing`. Labels in lower case
     are marks: each names the field its element shows (docs/draw-your-card.md). -->
<svg
   width="{w:.3f}mm"
   height="{h:.3f}mm"
   viewBox="0 0 {w:.3f} {h:.3f}"
   version="1.1"
   id="svg1"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns="http://www.w3.org/2000/svg">
  <sodipodi:namedview id="namedview1" inkscape:document-units="mm" />
"""


class _Writer:
    """The drawing's elements, written in the layout's drawing order."""

    def __init__(self, theme: dict[str, str], styles: dict[str, dict[str, Any]]) -> None:
        self.theme = theme
        self.styles = styles
        self.defs: list[str] = []
        self.body: list[str] = []
        self.n = 0

    def next_id(self, kind: str) -> str:
        self.n += 1
        return f"{kind}{self.n}"

    def color(self, value: Any, notes: list[str], key: str) -> tuple[str, str | None]:
        """(the colour drawn, the field that gives it, if one does)."""
        text = str(value).strip()
        m = FIELD.fullmatch(text)
        if m:
            return GREY, m.group(1)
        if "{{" in text or "{%" in text:
            notes.append(f"{key}: {text}")
            return GREY, None
        found = self.theme.get(text, text)
        return (found if re.fullmatch(r"#[0-9a-fA-F]{6}", found) else GREY), None

    def box(self, box: Box, rect: tuple[float, float, float, float]) -> None:
        values = {**self.styles.get(str(box.values.get("style") or ""), {}), **box.values}
        kind = values.get("type")
        notes: list[str] = []
        x, y, w, h = (v * MM_PER_PT for v in rect)
        where = f'x="{x:.3f}" y="{y:.3f}" width="{w:.3f}" height="{h:.3f}"'
        made = {
            "text": self.text,
            "art": self.slot,
            "icon": self.slot,
            "rect": self.shape,
            "ellipse": self.shape,
            "outline": self.shape,
        }.get(str(kind))
        if made is None:
            self.body.append(
                f"  <!-- {_comment(box.name)}: a {kind} box, which a drawing has no mark for -->"
            )
            return
        element = made(box, values, where, (x, y, w, h), notes)
        for note in notes:
            self.body.append(f"  <!-- {_comment(box.name)}: {_comment(note)} -->")
        when = values.get("when")
        m = WHEN.fullmatch(str(when)) if when is not None else None
        if when is not None and m is None:
            self.body.append(f"  <!-- {_comment(box.name)}: shown when {_comment(str(when))} -->")
        if m is not None:
            gid = self.next_id("g")
            self.body.append(f'  <g id="{gid}" inkscape:label="{m.group(1)}">\n  {element}\n  </g>')
        else:
            self.body.append("  " + element)

    def label(self, name: str | None) -> str:
        return f' inkscape:label="{name}"' if name else ""

    def shape(
        self,
        box: Box,
        values: dict[str, Any],
        where: str,
        rect: tuple[float, ...],
        notes: list[str],
    ) -> str:
        fill, field = self.color(values.get("fill", "none"), notes, "fill")
        if str(values.get("fill", "none")).strip() == "none":
            fill = "none"
        stroke, _ = self.color(values.get("stroke", "none"), notes, "stroke")
        if str(values.get("stroke", "none")).strip() == "none":
            stroke = "none"
        style = f'style="fill:{fill};stroke:{stroke}"'
        label = self.label(f"{field}[fill]" if field else None)
        x, y, w, h = rect
        if values.get("type") == "ellipse":
            eid = self.next_id("ellipse")
            return (
                f'<ellipse id="{eid}"{label} cx="{x + w / 2:.3f}" cy="{y + h / 2:.3f}" '
                f'rx="{w / 2:.3f}" ry="{h / 2:.3f}" {style} />'
            )
        rid = self.next_id("rect")
        radius = _points(values.get("radius", "0mm")) * MM_PER_PT
        rounded = f' ry="{radius:.3f}"' if radius > 0 else ""
        return f'<rect id="{rid}"{label} {where}{rounded} {style} />'

    def slot(
        self,
        box: Box,
        values: dict[str, Any],
        where: str,
        rect: tuple[float, ...],
        notes: list[str],
    ) -> str:
        key = "art" if values.get("type") == "art" else "icon"
        m = FIELD.fullmatch(str(values.get(key) or ""))
        if m is None:
            notes.append(f"{key}: {values.get(key)} (not one field: drawn as a grey rectangle)")
        rid = self.next_id("rect")
        label = self.label(m.group(1) if m else None)
        return f'<rect id="{rid}"{label} {where} style="fill:#cccccc" />'

    def text(
        self,
        box: Box,
        values: dict[str, Any],
        where: str,
        rect: tuple[float, ...],
        notes: list[str],
    ) -> str:
        region = self.next_id("rect")
        self.defs.append(f'    <rect id="{region}" {where} />')
        font = str(values.get("font", "sans"))
        family = (
            "serif" if font.startswith("serif") else "monospace" if font == "mono" else "sans-serif"
        )
        size = _points(values.get("size", "9pt")) * MM_PER_PT
        color, field = self.color(values.get("color", "ink"), notes, "color")
        align = {"center": "center", "right": "end"}.get(str(values.get("align")), "start")
        anchor = {"center": "middle", "end": "end"}.get(align, "start")
        style = (
            f"font-size:{size:.4f}px;line-height:{float(values.get('leading', 1.2)):g};"
            f"font-family:{family};font-weight:{'bold' if 'bold' in font else 'normal'};"
            f"font-style:{'italic' if 'italic' in font else 'normal'};text-align:{align};"
            f"text-anchor:{anchor};white-space:pre;shape-inside:url(#{region});fill:{color}"
        )
        text = str(values.get("text", ""))
        m = FIELD.fullmatch(text)
        tid = self.next_id("text")
        label = self.label(m.group(1) if m else None)
        shown = m.group(1).replace("_", " ").capitalize() if m else text
        return (
            f'<text xml:space="preserve" id="{tid}"{label} style={quoteattr(style)}>'
            f"<tspan>{escape(shown)}</tspan></text>"
        )


def _points(value: Any) -> float:
    try:
        return parse_length(str(value))
    except UnitError:
        return 9.0


def _comment(text: str) -> str:
    """`text` as an XML comment may hold it: no two hyphens in a row (`a--b` is `a- -b`)."""
    return _HYPHENS.sub("- ", text)


_HYPHENS = re.compile(r"-(?=-)")


def layout_drawing(
    lay: Layout,
    geo: Geometry,
    theme: dict[str, str],
    styles: dict[str, dict[str, Any]],
) -> str:
    """The SVG of a written layout as a drawing of a trimmed page of `geo`'s size."""
    writer = _Writer(theme, styles)
    for box in lay.boxes:
        if str(box.values.get("when", "")).strip() == "false":
            continue  # never drawn
        edges = tuple(box.values.get(k) for k in EDGES)
        if any(isinstance(v, str) and ("{{" in v or "{%" in v) for v in edges):
            writer.body.append(f"  <!-- {_comment(box.name)}: placed by a template, left out -->")
            continue
        frame = str(box.values.get("frame", "safe"))
        if box.values.get("type") == "outline":  # the cut shape, or the bleed around it
            edges, frame = (None,) * 6, "bleed" if box.values.get("inset") == "bleed" else "trim"
        try:
            rect = static_rect(edges, geo.frame(frame))
        except UnitError:
            continue
        writer.box(box, rect)
    w, h = geo.w * MM_PER_PT, geo.h * MM_PER_PT
    defs = '  <defs id="defs1">\n' + "\n".join(writer.defs) + "\n  </defs>\n"
    layer = (
        '  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1">\n'
        + "\n".join(writer.body)
        + "\n  </g>\n"
    )
    return HEAD.format(name=_comment(repr(lay.name)), w=w, h=h) + defs + layer + "</svg>\n"
