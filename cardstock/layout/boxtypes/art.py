"""The `art` box type: a PNG, JPEG or SVG picture from the game folder, or generated
placeholder art (a sunburst in tints of the accent colour behind its symbol)."""

from __future__ import annotations

import hashlib
import io
import math
import os
from functools import lru_cache
from pathlib import Path as FsPath
from typing import TYPE_CHECKING, Any

from ...core.files import Unreadable, placing, present, read_bytes
from ...core.issues import Issue
from ..context import tint
from ..ops import Ellipse, Group, Icon, Image, Path, Rect, polygon_path, r, rect_path
from .kind import BoxKind, Rect4

if TYPE_CHECKING:
    from ...catalog.load import Catalog
    from ..art.shapes import Geometry
    from ..resolved import Box, Layout
    from .services import Services


def draw(
    painter: Services, lay: Layout, box: Box, ctx: dict[str, Any], geo: Geometry, rect: Rect4
) -> list[Any]:
    x, y, w, h = rect
    radius = painter.length(lay, box, "radius", ctx, 0.0)
    clip = rect_path(x, y, w, h, radius)
    value = painter.raw(lay, box, "art", ctx)
    p = painter.paint_args(lay, box, ctx)
    frame_ops = (
        [Rect(r(x), r(y), r(w), r(h), None, p["stroke"], p["stroke_width"], r(radius))]
        if p["stroke"]
        else []
    )
    path_text = str(value).strip() if value is not None else ""
    if path_text and path_text != "None":
        target = art_target(painter.catalog, path_text)
        if target is None:
            painter.layout_issue(
                lay, box, "art", f"the art path {path_text!r} leaves the game folder"
            )
        if target is not None and not present(target):
            painter.data_issue("art", f"art file not found: {painter.catalog.display(target)}")
            target = None
        if target is not None:
            suffix = target.suffix.lower()
            where = box_position(painter, lay, box, ctx)
            opacity = float(box.get("opacity", 1.0))
            if suffix in (".png", ".jpg", ".jpeg"):
                return [
                    Group(
                        tuple(
                            image(
                                painter,
                                target,
                                (x, y, w, h),
                                box.get("fit", "cover"),
                                where,
                                opacity,
                            )
                        ),
                        clip,
                    )
                ] + frame_ops
            if suffix == ".svg":
                from ..art.svgart import svg_ops, with_opacity  # SVG art: read only when drawn

                art_ops, problems = svg_ops(
                    target, painter.catalog.root, (x, y, w, h), box.get("fit", "contain"), where
                )
                for msg in problems:  # about the file: one finding however many cards use it
                    painter.issues.append(
                        Issue(painter.catalog.display(target), None, "", msg, "warning")
                    )
                if opacity < 1:
                    art_ops = with_opacity(art_ops, opacity)
                return [Group(tuple(art_ops), clip)] + frame_ops
            painter.data_issue("art", f"art must be PNG, JPEG or SVG, got {path_text!r}")
    if not box.get("placeholder", True):
        return frame_ops
    pctx = ctx
    if box.get("icon") is not None or box.get("color") is not None:
        pctx = dict(ctx)
        icon = painter.raw(lay, box, "icon", ctx)
        if icon:
            pctx["accent_icon"] = str(icon).strip()
        color = painter.color(lay, box, "color", ctx, None)
        if color:
            pctx["accent"] = color
    return [Group(tuple(placeholder(painter, pctx, (x, y, w, h), p["fill"])), clip)] + frame_ops


def art_target(catalog: Catalog, path_text: str) -> FsPath | None:
    """The file an art value names (a path from the game folder), its links followed; None
    when it leaves the game folder. Followed once per catalog load for each value: a deck's
    thousand faces name a few pictures (`Catalog.art_targets`)."""
    folder: FsPath = catalog.folder
    known: dict[tuple[FsPath, str], FsPath | None] = catalog.art_targets
    key = (folder, path_text)
    if key not in known:
        found = (folder / path_text).resolve()
        known[key] = found if found.is_relative_to(folder.resolve()) else None
    return known[key]


def box_position(
    painter: Services, lay: Layout, box: Box, ctx: dict[str, Any]
) -> tuple[float, float]:
    """The art box's `position` as fractions: "center", "top", "bottom right",
    "25% 75%" (horizontal, then vertical)."""
    value = painter.raw(lay, box, "position", ctx)
    if value is None:
        return (0.5, 0.5)
    found = art_position(str(value))
    if found is None:
        painter.layout_issue(
            lay,
            box,
            "position",
            "expected keywords (left, center, right, top, bottom) or two percentages "
            f"like '50% 20%', got {value!r}",
        )
        return (0.5, 0.5)
    return found


def image(
    painter: Services,
    path: FsPath,
    rect: Rect4,
    fit: str,
    position: tuple[float, float] = (0.5, 0.5),
    opacity: float = 1.0,
) -> list[Any]:
    x, y, w, h = rect
    try:
        iw, ih, digest = _picture(path, painter.catalog.root)
    except (Unreadable, OSError) as exc:  # the file changed since it was checked
        painter.data_issue("art", f"{painter.catalog.display(path)}: cannot read the file: {exc}")
        return []
    if fit == "stretch":
        dw, dh = w, h
    else:
        scale = (max if fit == "cover" else min)(w / iw, h / ih)
        dw, dh = iw * scale, ih * scale
    mime = "image/png" if path.suffix.lower() == ".png" else "image/jpeg"
    px, py = position
    return [
        Image(
            r(x + (w - dw) * px),
            r(y + (h - dh) * py),
            r(dw),
            r(dh),
            str(path),
            digest,
            mime,
            r(opacity),
        )
    ]


# A picture's size and digest by the file as it is on disk (its path, the project and its
# inode, size and change times): a deck whose thousands of cards show a few pictures reads,
# decodes and hashes each once. Another file put in its place is read afresh.
_PICTURES: dict[tuple[Any, ...], tuple[int, int, str]] = {}
PICTURES_MAX = 256


def _picture(path: FsPath, root: FsPath) -> tuple[int, int, str]:
    """The width and height in pixels and the SHA-256 of the PNG or JPEG at `path` (read
    through `read_bytes`, which says why it cannot be)."""
    try:
        st = os.lstat(path)
    except OSError:  # gone: `read_bytes` says why, as it did before anything was kept
        return _measured(read_bytes(path, root))
    key = (str(path), str(root), st.st_ino, st.st_dev, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
    known = None if placing() else _PICTURES.get(key)  # placed bytes: never kept nor reused
    if known is not None:
        return known
    known = _measured(read_bytes(path, root))
    if not placing():
        if len(_PICTURES) >= PICTURES_MAX:
            _PICTURES.clear()
        _PICTURES[key] = known
    return known


def _measured(data: bytes) -> tuple[int, int, str]:
    from reportlab.lib.utils import ImageReader

    iw, ih = ImageReader(io.BytesIO(data)).getSize()
    return (int(iw), int(ih), hashlib.sha256(data).hexdigest())


def placeholder(painter: Services, ctx: dict[str, Any], rect: Rect4, fill: str | None) -> list[Any]:
    """Generated art: a sunburst in tints of the accent colour behind its symbol."""
    x, y, w, h = rect
    accent = ctx.get("accent") or painter.layouts.theme.get("accent", "#3d4250")
    try:
        ground, ray, ring, mark = _placeholder_palette(accent)
        base = fill or ground
    except (TypeError, ValueError):  # TypeError: an accent that is no text
        base, ray, ring, mark = "#dddddd", "#cccccc", "#bbbbbb", "#888888"
    seed = int(hashlib.sha256(str(ctx.get("id", "")).encode()).hexdigest()[:4], 16)
    ops: list[Any] = list(_sunburst_ops(x, y, w, h, seed % 360, base, ray, ring))
    cx, cy = x + w / 2, y + h * 0.5
    s = min(w, h) * 0.62
    icon_id = ctx.get("accent_icon")
    sym = None
    if icon_id and icon_id in painter.catalog.game.icons:
        sym = painter.library.get(painter.catalog.game.icons[icon_id].symbol)
    if sym is None:
        sym = painter.library.get("star") or painter.library.fallback()
    ops.append(Icon(r(cx - s * 0.35), r(cy - s * 0.35), r(s * 0.7), sym.name, mark, sym.parts))
    return ops


_POSITION_WORDS = {
    "left": (0.0, None),
    "right": (1.0, None),
    "top": (None, 0.0),
    "bottom": (None, 1.0),
    "center": (None, None),
    "centre": (None, None),
}


def art_position(text: str) -> tuple[float, float] | None:
    """ "bottom right" → (1, 1); "30% 0%" → (0.3, 0); None when not understood."""
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
    x: float | None = None
    y: float | None = None
    for p in parts:
        if p not in _POSITION_WORDS:
            return None
        px, py = _POSITION_WORDS[p]
        x = px if px is not None else x
        y = py if py is not None else y
    return (0.5 if x is None else x, 0.5 if y is None else y)


def _placeholder_palette(accent: str) -> tuple[str, str, str, str]:
    """(ground, rays, ring, symbol) colours of generated art: tints of the accent colour
    (`tint` remembers its blends, so a game's few accents are worked out once). Raises
    ValueError for a colour that is not #rrggbb."""
    return tint(accent, 0.80), tint(accent, 0.68), tint(accent, 0.55), tint(accent, 0.25)


# turns and palettes `_sunburst_ops` keeps: every turn (360) of eleven accents at one size,
# about 5.6 KB each, which the faces drawing them share instead of holding their own
SUNBURSTS_MAX = 4096


@lru_cache(maxsize=SUNBURSTS_MAX)
def _sunburst_ops(
    x: float, y: float, w: float, h: float, turn: int, base: str, ray: str, ring: str
) -> tuple[Any, ...]:
    """Generated art's ground, rays and disc as ops, shared by the faces that draw the same
    ones (a game keeps its faces' drawings: one set of ops, not one a face). Cached: art
    boxes have a few sizes and colours, and there are 360 turns, so a large deck of a few
    accents draws each turn of each once."""
    cx, cy = x + w / 2, y + h * 0.5
    s = min(w, h) * 0.62
    return (
        Rect(r(x), r(y), r(w), r(h), fill=base),
        *(Path(d, fill=ray, opacity=0.55) for d in _sunburst(x, y, w, h, turn)),
        Ellipse(r(cx), r(cy), r(s * 0.62), r(s * 0.62), fill=base),
        Ellipse(
            r(cx), r(cy), r(s * 0.62), r(s * 0.62), stroke=ring, stroke_width=r(max(0.6, s * 0.03))
        ),
    )


def _sunburst(x: float, y: float, w: float, h: float, turn: int) -> tuple[Any, ...]:
    """The ten rays of generated art in the box (x, y, w, h), turned by `turn` / 20 degrees:
    triangles from the centre out past the corners."""
    cx, cy = x + w / 2, y + h * 0.5
    n = 20
    start = turn * math.pi / 180 / n
    rad = math.hypot(w, h)
    rays = []
    for i in range(0, n, 2):
        a1, a2 = start + 2 * math.pi * i / n, start + 2 * math.pi * (i + 1) / n
        pts = [
            (cx, cy),
            (cx + rad * math.cos(a1), cy + rad * math.sin(a1)),
            (cx + rad * math.cos(a2), cy + rad * math.sin(a2)),
        ]
        rays.append(polygon_path(pts))
    return tuple(rays)


BOX = BoxKind(
    doc=(
        "a picture from the game folder (PNG, JPEG or SVG) named by `art`; a "
        "generated placeholder when it is empty"
    ),
    draw=draw,
)
