"""The `icon` box type: one icon or library symbol; also how icon boxes find their icons."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..ops import Ellipse, Icon, r
from .kind import BoxKind, Rect4

if TYPE_CHECKING:
    from ..art.shapes import Geometry
    from ..resolved import Box, Layout
    from .services import Services


def draw(
    painter: Services, lay: Layout, box: Box, ctx: dict[str, Any], geo: Geometry, rect: Rect4
) -> list[Any]:
    x, y, w, h = rect
    found = resolve_icons(painter, lay, box, ctx)
    if not found:
        return []
    name, parts, icolor = found[0]
    s = min(w, h)
    p = painter.paint_args(lay, box, ctx)
    ops: list[Any] = []
    if p["fill"] or p["stroke"]:
        pad = painter.length(lay, box, "padding", ctx, 0.0)
        ops.append(Ellipse(r(x + w / 2), r(y + h / 2), r(s / 2 + pad), r(s / 2 + pad), **p))
    color = icon_box_color(painter, lay, box, ctx, icolor)
    ops.append(
        Icon(
            r(x + (w - s) / 2),
            r(y + (h - s) / 2),
            r(s),
            name,
            color,
            parts,
            float(box.get("opacity", 1.0)) if not (p["fill"] or p["stroke"]) else 1.0,
        )
    )
    return ops


def icon_box_color(
    painter: Services, lay: Layout, box: Box, ctx: dict[str, Any], icon_color: str | None
) -> str:
    ink = painter.layouts.theme.get("ink", "#1f1f24")
    c = (
        painter.color(lay, box, "color", ctx, None)
        if box.get("color") is not None or box.get("style")
        else None
    )
    return c or icon_color or ink


def resolve_icons(
    painter: Services, lay: Layout, box: Box, ctx: dict[str, Any]
) -> list[tuple[str, Any, str | None]]:
    """(symbol name, parts, colour) for each icon the box shows."""
    out: list[tuple[str, Any, str | None]] = []
    sym_name = painter.raw(lay, box, "symbol", ctx)
    icon_id = painter.raw(lay, box, "icon", ctx)
    icon_list = painter.raw(lay, box, "icons", ctx)
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
        sym = painter.library.get(name)
        if sym is None:
            painter.layout_issue(
                lay,
                box,
                "symbol",
                f"unknown symbol {name!r}; the library has: {', '.join(painter.library.names())}",
            )
            sym = painter.library.fallback()
        return [(sym.name, sym.parts, None)]
    for i in ids:
        icon = painter.catalog.game.icons.get(i)
        if icon is None:
            painter.layout_issue(
                lay,
                box,
                "icon" if icon_list is None else "icons",
                f"unknown icon {i!r}; the game declares: "
                f"{', '.join(sorted(painter.catalog.game.icons))}",
            )
            sym = painter.library.fallback()
            out.append((sym.name, sym.parts, None))
            continue
        sym = painter.library.get(icon.symbol) or painter.library.fallback()
        out.append((sym.name, sym.parts, icon.color))
    return out


BOX = BoxKind(
    doc=(
        "one icon of the game (`icon`) or one symbol of the library (`symbol`), "
        "as large as the box allows"
    ),
    draw=draw,
    content=True,
)
