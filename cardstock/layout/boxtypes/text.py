"""The `text` box type: text fitted into the box, and what is reported when it does not fit."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ... import fonts
from ... import fonts as fontmod
from ...core.markup import parse
from ...core.scripts import GLYPH_SEP, glyph_warning
from ...core.units import fmt_mm
from ..ops import Rect, Text, r
from ..text import continued
from ..text import words as textmod
from ..text.fit import MOST_SIZE, Raw, plain_blocks, size_problem, without_break_marks
from .kind import BoxKind, Rect4

if TYPE_CHECKING:
    from ..art.shapes import Geometry
    from ..resolved import Box, Layout
    from .services import Services


FIELD_ONLY = re.compile(r"^\s*\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}\s*$")


def draw(
    painter: Services, lay: Layout, box: Box, ctx: dict[str, Any], geo: Geometry, rect: Rect4
) -> list[Any]:
    x, y, w, h = rect
    ops: list[Any] = []
    source = _source(painter, lay, box, ctx)  # the card's box, when this one receives its text
    src_lay, src_box = source or (lay, box)
    content = str(painter.raw(src_lay, src_box, "text", ctx, ""))
    pad = painter.length(lay, box, "padding", ctx, 0.0)
    p = painter.paint_args(lay, box, ctx)
    if p["fill"] or p["stroke"]:
        ops.append(
            Rect(
                r(x), r(y), r(w), r(h), radius=r(painter.length(lay, box, "radius", ctx, 0.0)), **p
            )
        )
    if not content.strip():
        return ops
    style = text_style(painter, lay, box, ctx)
    inner = (x + pad, y + pad, max(1.0, w - 2 * pad), max(1.0, h - 2 * pad))
    markup = painter.raw(src_lay, src_box, "markup", ctx, "inline")

    def blocks_of(text: str) -> list[Any]:
        if markup == "blocks":
            return list(parse(text))
        if markup == "none":
            return [Raw(" ".join(without_break_marks(text).split()))]
        return plain_blocks(text)

    whole = (  # a text that may continue is read once for the faces of its parts
        continued.whole_blocks(painter, content, str(markup), blocks_of)
        if continued.may_hold_part(box, ctx)
        else blocks_of(content)
    )
    fit = painter.fit(whole, inner, style)
    part: tuple[str, ...] = ()  # the note of a part of text that continues
    if source is not None or (not fit.fits and continued.continues(painter, lay, box, ctx)):
        back = painter.raw(src_lay, src_box, "continue_on", ctx, "cards") == continued.BACK
        fld = painter.raw(src_lay, src_box, "field", ctx) or f"layout box {box.name}"
        rooms = _rooms(painter, (lay, box), source, ctx, geo, continued.Room(inner, style))
        drawn, fit, part = continued.draw(
            painter, ctx, content, blocks_of, rooms, fit, back, str(fld), str(markup)
        )
        ops += drawn
    else:
        ops += fit.ops
    if str(painter.raw(lay, box, "underline", ctx, "")).strip().lower() in ("true", "yes", "1"):
        ops += underlines(fit.ops)
    text_findings(
        painter, lay, box, fit, style, inner, content, painter.raw(lay, box, "field", ctx)
    )
    problems = part or (
        ("minimum size",)
        if fit.size <= style.min_size + 1e-6 and style.min_size < style.size
        else ()
    ) + (("overflow",) if not fit.fits else ()) + (("missing glyph",) if fit.missing else ())
    painter.note(
        lay,
        box,
        (inner[0], inner[1], inner[0] + inner[2], inner[1] + inner[3]),
        problems,
        size=fit.size,
        min_size=style.min_size,
        overflow=max(0.0, fit.height - inner[3]) if not fit.fits else 0.0,
    )
    return ops


def _source(
    painter: Services, lay: Layout, box: Box, ctx: dict[str, Any]
) -> tuple[Layout, Box] | None:
    """The layout and box of the card whose text this box receives: a part of text that
    continues, drawn on the layout `continue_layout` names, in the box of the same name."""
    came = ctx.get(continued.FROM)
    if not came or came[1] != box.name or came[0] == lay.name:
        return None
    src = painter.layouts.resolve(came[0])
    found = [b for b in src.boxes if b.name == box.name] if src is not None else []
    return (src, found[0]) if src is not None and found else None


def _rooms(
    painter: Services,
    drawn: tuple[Layout, Box],
    source: tuple[Layout, Box] | None,
    ctx: dict[str, Any],
    geo: Geometry,
    own: continued.Room,
) -> tuple[continued.Room, continued.Room]:
    """Where the first part of a box's text is set and where the others are: the card's
    box and the box of the layout its `continue_layout` names (one of them the box drawn,
    `own`), or the box drawn for all of them."""
    if source is not None:
        return _room(painter, *source, ctx, geo), own
    lay, box = drawn
    named = painter.raw(lay, box, "continue_layout", ctx, "")
    other = painter.layouts.resolve(str(named)) if named else None
    found = [b for b in other.boxes if b.name == box.name] if other is not None else []
    if other is None or not found or found[0].get("type") != "text":
        return own, own
    return own, _room(painter, other, found[0], ctx, geo)


def _room(
    painter: Services, lay: Layout, box: Box, ctx: dict[str, Any], geo: Geometry
) -> continued.Room:
    x, y, w, h = painter.box_rect(lay, box, ctx, geo)
    pad = painter.length(lay, box, "padding", ctx, 0.0)
    inner = (x + pad, y + pad, max(1.0, w - 2 * pad), max(1.0, h - 2 * pad))
    return continued.Room(inner, text_style(painter, lay, box, ctx))


# The keys a text style reads (with the theme's ink): when none of them is a template for a
# box, its style is the same on every face, worked out once per box and layout set.
STYLE_KEYS = (
    "font",
    "fallback",
    "size",
    "min_size",
    "color",
    "leading",
    "align",
    "valign",
    "wrap",
    "max_lines",
    "shrink_first",
    "para_space",
    "rule",
)


def _is_template(value: Any) -> bool:
    return type(value) is str and ("{{" in value or "{%" in value)


def _static_style(painter: Services, box: Box) -> bool:
    """Whether no key of the box's text style is a template (its own value or its style's)."""
    values = box.values
    named = painter.layouts.styles.get(values.get("style") or "", {})
    return not any(
        _is_template(values.get(k) if values.get(k) is not None else named.get(k))
        for k in STYLE_KEYS
    )


def text_style(painter: Services, lay: Layout, box: Box, ctx: dict[str, Any]) -> textmod.TextStyle:
    """The box's text style; kept for the game's other faces (`painter.styles`) when it
    reads no template and raised no problem (every face of a game draws the same few
    boxes with the same styles)."""
    kept = painter.styles.get(id(box)) if painter.styles is not None else None
    if kept is not None and kept[0] is box:
        return kept[1]
    found = len(painter.issues)
    style = _text_style(painter, lay, box, ctx)
    if painter.styles is not None and len(painter.issues) == found and _static_style(painter, box):
        painter.styles[id(box)] = (box, style)
    return style


def _text_style(painter: Services, lay: Layout, box: Box, ctx: dict[str, Any]) -> textmod.TextStyle:
    ink = painter.layouts.theme.get("ink", "#1f1f24")
    font = painter.raw(lay, box, "font", ctx, "sans")

    if font not in fontmod.FACES:
        painter.layout_issue(
            lay, box, "font", f"unknown font {font!r}; the fonts are: {', '.join(fontmod.FACES)}"
        )
        font = "sans"
    fallback = painter.raw(lay, box, "fallback", ctx, None)
    names = [fallback] if isinstance(fallback, str) else list(fallback or [])
    unknown = [n for n in names if n not in fontmod.FACES]
    if unknown:
        painter.layout_issue(
            lay,
            box,
            "fallback",
            f"unknown font {unknown[0]!r}; the fonts are: {', '.join(fontmod.FACES)}",
        )
    size = _size(painter, lay, box, ctx, "size", 9.0)
    min_size = _size(painter, lay, box, ctx, "min_size", min(size, 6.0))
    color = painter.color(lay, box, "color", ctx, ink) or ink
    return textmod.TextStyle(
        font=font,
        size=max(1.0, size),
        min_size=max(1.0, min(min_size, size)),
        leading=float(painter.raw(lay, box, "leading", ctx, 1.2)),
        color=color,
        align=painter.raw(lay, box, "align", ctx, "start"),  # a right-to-left paragraph: right
        valign=painter.raw(lay, box, "valign", ctx, "top"),
        wrap=bool(painter.raw(lay, box, "wrap", ctx, True)),
        max_lines=int(painter.raw(lay, box, "max_lines", ctx, 0)),
        shrink_first=bool(painter.raw(lay, box, "shrink_first", ctx, False)),
        para_space=float(painter.raw(lay, box, "para_space", ctx, 0.4)),
        rule_color=painter.color(lay, box, "rule", ctx, None) or color,
        fallback=tuple(n for n in names if n in fontmod.FACES),
    )


def _size(
    painter: Services, lay: Layout, box: Box, ctx: dict[str, Any], key: str, default: float
) -> float:
    """The box's `size` or `min_size` in points. Past MOST_SIZE (a template's value, a
    length in `px` at the game's dpi: the layout check refuses the others) it is refused at
    the layout's line, naming the face, and the text is set at MOST_SIZE."""
    value = painter.length(lay, box, key, ctx, default)
    if value <= MOST_SIZE:
        return value
    written = str(painter.raw(lay, box, key, ctx, ""))
    painter.layout_issue(lay, box, key, size_problem(key, value, written) or "")
    return MOST_SIZE


def text_findings(
    painter: Services,
    lay: Layout,
    box: Box,
    fit: textmod.Fit,
    style: textmod.TextStyle,
    inner: Rect4,
    content: str,
    fld: str | None,
) -> None:
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
        lines = (
            f", at most {style.max_lines} line{'s' if style.max_lines != 1 else ''}"
            if style.max_lines
            else ""
        )
        msg = (
            f"{what} does not fit in layout {lay.name!r} even at the minimum size "
            f"{style.min_size:g}pt{lines}: {why}; "
            "shorten it, or give the box more room or a smaller min_size in the layout"
        )
        painter.data_issue(fld if fld else f"layout box {box.name}", msg)
    for ch in fit.missing:
        hint = "; name a font that has it in the box's `fallback`" if not style.fallback else ""
        painter.data_issue(
            fld or f"layout box {box.name}",
            glyph_warning(painter.subject.label, style.font, ch, style.fallback) + hint,
            "warning",
        )
    for kind, font in fit.unstyled:
        painter.data_issue(
            fld or f"layout box {box.name}",
            unstyled_warning(painter.subject.label, kind, font),
            "warning",
        )
    for problem in fit.markup:
        painter.data_issue(fld or f"layout box {box.name}", problem, "warning")
    for name in fit.unknown_icons:
        painter.data_issue(
            fld or f"layout box {box.name}",
            f"the text names :{name}:, which the game does not declare in [icons]",
            bad_input=True,
        )


def unstyled_warning(label: str, kind: str, font: str) -> str:
    """The warning for **bold** or *italic* asked of a font without such a face (grouped
    like a missing glyph: once per field, saying how many components it hits)."""
    return f"{label}{GLYPH_SEP}{unstyled_advice(kind, font)}"


def unstyled_advice(kind: str, font: str) -> str:
    """What prints for **bold** or *italic* asked of a font without such a face, and
    what to do about it (a book's warning says it too)."""
    face = fontmod.FACES[font]
    mark, prints = (
        ("*italic*", "upright") if kind == "italic" else ("**bold**", "in the regular weight")
    )
    if face.own:
        told = fontmod.stem_style(face.name)
        base = told[0] if told else face.family.replace(" ", "")
        wanted = (
            "BoldItalic"
            if (kind == "bold" and face.style == "italic") or (kind == "italic" and face.is_bold)
            else kind.capitalize()
        )
        how = f"add fonts/{base}-{wanted}{face.path.suffix} beside it"
    else:
        how = "choose a font that has one"
    return f"{font!r} has no {kind} face, so {mark} prints {prints}; {how}"


def underlines(ops: list[Any]) -> list[Any]:
    """A bar under each text run, in its colour: tells a 6 from a 9 seen upside down."""
    out = []
    for op in ops:
        if isinstance(op, Text) and op.text.strip():
            width = fonts.string_width(op.text, op.font, op.size)
            out.append(
                Rect(
                    r(op.x),
                    r(op.y + op.size * 0.12),
                    r(width),
                    r(max(0.5, op.size * 0.08)),
                    fill=op.color,
                )
            )
    return out


BOX = BoxKind(
    doc=(
        "text fitted into the box: it shrinks from `size` to `min_size` until it "
        "fits, and is reported when it cannot"
    ),
    draw=draw,
    content=True,
)
