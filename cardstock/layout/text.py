"""Text inside a box: wrap with the real font's metrics, shrink to fit, report what does not.

Input is block markup (see `cardstock.core.markup`): paragraphs, headings, list items, notes and
ruled tables, with inline **bold**, *italic* and `:icon:` spans. Output is drawing ops with
final positions. Widths come from the shipped TrueType files (`cardstock.fonts`), so the
SVG and PDF backends draw the same lines.

Fitting tries the box's size, then smaller sizes in quarter-point steps down to the
minimum. When even the minimum does not fit, the text is laid out at the minimum size,
lines that fall outside the box are left out, and the result says so (the caller turns
that into an Issue); nothing raises.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .. import fonts
from ..core.markup import Block, Heading, ListItem, Note, Paragraph, Span, Table, spans
from .context import tint
from .ops import Icon, Op, Path, Rect, SymbolPart, Text, r

STEP = 0.25  # points between the sizes tried


@dataclass(frozen=True)
class TextStyle:
    font: str = "sans"
    size: float = 9.0
    min_size: float = 6.0
    leading: float = 1.2  # line height as a multiple of the size
    color: str = "#000000"
    align: str = "left"  # left | center | right
    valign: str = "top"  # top | middle | bottom
    wrap: bool = True
    max_lines: int = 0  # 0: no limit
    para_space: float = 0.4  # space between blocks, as a multiple of the size
    rule_color: str = "#000000"  # table rules and note bars
    fallback: tuple[
        str, ...
    ] = ()  # fonts that draw the characters `font` has no glyph for, in order


@dataclass(frozen=True)
class IconRef:
    """What an inline :icon: draws."""

    symbol: str
    parts: tuple[SymbolPart, ...]
    color: str | None  # None: the text colour


IconResolver = Callable[[str], IconRef | None]


class Fit:
    """The result of fitting text into a box."""

    __slots__ = (
        "ops",
        "size",
        "fits",
        "height",
        "width_overflow",
        "lines",
        "missing",
        "unknown_icons",
        "markup",
        "unstyled",
    )

    def __init__(self) -> None:
        self.ops: list[Op] = []
        self.size = 0.0  # the size used
        self.fits = True
        self.height = 0.0  # height the text needs at `size`
        self.width_overflow = False  # a word or table wider than the box at the minimum size
        self.lines = 0
        self.missing: list[str] = []  # characters the fonts cannot draw
        self.unknown_icons: list[str] = []
        self.markup: list[str] = []  # markup that was not understood
        self.unstyled: list[
            tuple[str, str]
        ] = []  # ("italic" | "bold", font): asked for, but the font has no such face


# ---------------------------------------------------------------- pieces and words

# The pieces, words, lines and drawables below are made by the thousand while text is
# fitted and read only in this module: plain classes with slots (no generated methods).


class _Piece:
    __slots__ = ("text", "font", "color", "width1", "icon", "scale")

    def __init__(
        self,
        text: str,
        font: str,
        color: str,
        width1: float,
        icon: IconRef | None = None,
        scale: float = 1.0,
    ) -> None:
        self.text = text
        self.font = font
        self.color = color
        self.width1 = width1  # width at size 1 (the scale included)
        self.icon = icon
        self.scale = scale  # a [text]{size=…} span: its size as a multiple of the box's


class _Word:
    __slots__ = ("pieces", "space1", "space_font", "hard")

    def __init__(
        self, pieces: list[_Piece], space1: float, space_font: str, hard: bool = False
    ) -> None:
        self.pieces = pieces
        self.space1 = space1  # width at size 1 of the space before this word (0 for the first)
        self.space_font = space_font
        self.hard = hard  # a line break in the text comes before this word

    @property
    def width1(self) -> float:
        return sum(p.width1 for p in self.pieces)


ICON_ADVANCE = 1.12  # an inline icon's advance, as a multiple of the size
ICON_SIZE = 0.98


@dataclass(frozen=True)
class RichSpan(Span):
    """A span with the colour and size of a `[text]{color=#c0392b size=120%}` span."""

    color: str | None = None
    scale: float = 1.0


# `[text]{color=#c0392b size=120%}`: Markdown's bracketed-span form (Pandoc, markdown-it
# attrs), so the syntax stays valid Markdown
STYLED = re.compile(r"\[(?P<text>[^\[\]\n]+)\]\{(?P<attrs>[^{}\n]*)\}")
HTML_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>")
_COLOR = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})\Z")


def _span_attrs(attrs: str, problems: list[str]) -> tuple[str | None, float]:
    color: str | None = None
    scale = 1.0
    for item in attrs.split():
        key, _, value = item.partition("=")
        value = value.strip("\"'")
        if key == "color" and _COLOR.match(value):
            color = value if len(value) == 7 else "#" + "".join(c * 2 for c in value[1:])
        elif key == "size" and re.fullmatch(r"\d+(\.\d+)?%?", value):
            scale = float(value[:-1]) / 100 if value.endswith("%") else float(value)
            if not 0.3 <= scale <= 4:
                problems.append(f"a span size of {value} is outside 30%–400%")
                scale = min(4.0, max(0.3, scale))
        else:
            problems.append(
                f"the span attribute {item!r} is not understood; use color=#rrggbb and size=120%"
            )
    return color, scale


def rich_spans(text: str, problems: list[str] | None = None) -> list[Span]:
    """Inline text → spans: **bold**, *italic*, :icon: (cardstock.core.markup), plus coloured
    and sized `[text]{color=#c0392b size=120%}` spans. HTML tags such as <b> or <span>
    are not markup here: they are left out and reported in `problems`."""
    problems = problems if problems is not None else []
    for tag in HTML_TAG.findall(text):
        problems.append(
            f"{tag} is HTML, which card text does not read; use **bold**, *italic* or [text]{{color=#c0392b size=120%}}"
        )
    text = HTML_TAG.sub("", text)
    out: list[Span] = []
    pos = 0
    for m in STYLED.finditer(text):
        if m.start() > pos:
            out += spans(text[pos : m.start()])
        color, scale = _span_attrs(m.group("attrs"), problems)
        out += [
            RichSpan(sp.text, sp.bold, sp.italic, sp.icon, color, scale)
            for sp in spans(m.group("text"))
        ]
        pos = m.end()
    if pos < len(text):
        out += spans(text[pos:])
    return out


def _face_for(base: str, bold: bool, italic: bool, fit: Fit | None = None) -> str:
    """The face **bold** and *italic* switch `base` to; a font without such a face keeps
    its own, noted in `fit` (reported as a warning)."""
    name = base
    if italic:
        face = fonts.FACES[name]
        name = face.italic
        if (
            fit is not None
            and name == face.name
            and face.style != "italic"
            and ("italic", name) not in fit.unstyled
        ):
            fit.unstyled.append(("italic", name))
    if bold:
        face = fonts.FACES[name]
        name = face.bold
        if (
            fit is not None
            and name == face.name
            and not face.is_bold
            and ("bold", name) not in fit.unstyled
        ):
            fit.unstyled.append(("bold", name))
    return name


def _fallbacks(
    text: str, font: str, fallback: Sequence[str], bold: bool, italic: bool
) -> tuple[dict[str, str], list[str]]:
    """For the characters of `text` that `font` has no glyph for: the face of the first
    fallback font that has one (in the same style), and the characters none has."""
    lacking = fonts.missing_glyphs(text, font)
    if not lacking or not fallback:
        return {}, lacking
    chain = [_face_for(name, bold, italic) for name in fallback if name in fonts.FACES]
    by_char: dict[str, str] = {}
    for ch in lacking:
        found = next((face for face in chain if ch in fonts.coverage(face)), None)
        if found is not None:
            by_char[ch] = found
    return by_char, [ch for ch in lacking if ch not in by_char]


def words_of(
    span_list: Sequence[Span],
    base_font: str,
    color: str,
    icons: IconResolver,
    fit: Fit | None = None,
    fallback: Sequence[str] = (),
) -> list[_Word]:
    """Spans → words (pieces with no break between them); each word remembers the width
    of the space before it, in the font of that space. A character the font has no glyph
    for is drawn in the first `fallback` font that has one (a piece of its own)."""
    words: list[_Word] = []
    current: list[_Piece] = []
    current_space: str | None = None  # font of the whitespace before the current word
    pending_space: str | None = None  # whitespace seen since the last word ended

    hard = False  # a line break was seen since the last word ended

    def push() -> None:
        nonlocal current, hard
        if current:
            sf = current_space if (words and current_space) else base_font
            space1 = fonts.string_width(" ", sf, 1.0) if words else 0.0
            words.append(_Word(current, space1, sf, hard and bool(words)))
            current = []
            hard = False

    def begin() -> None:
        nonlocal current_space, pending_space
        if not current:
            current_space = pending_space
            pending_space = None

    base_color = color
    for sp in span_list:
        scale = sp.scale if isinstance(sp, RichSpan) else 1.0
        color = (sp.color if isinstance(sp, RichSpan) else None) or base_color
        if sp.icon is not None:
            if pending_space is not None:
                push()
            begin()
            ref = icons(sp.icon)
            if ref is None:
                if fit is not None and sp.icon not in fit.unknown_icons:
                    fit.unknown_icons.append(sp.icon)
                label = f":{sp.icon}:"
                current.append(
                    _Piece(
                        label,
                        base_font,
                        color,
                        fonts.string_width(label, base_font, 1.0) * scale,
                        None,
                        scale,
                    )
                )
            else:
                current.append(
                    _Piece("", base_font, ref.color or color, ICON_ADVANCE * scale, ref, scale)
                )
            continue
        font = _face_for(base_font, sp.bold, sp.italic, fit)
        by_char, lacking = _fallbacks(sp.text, font, fallback, sp.bold, sp.italic)
        if fit is not None:
            for ch in lacking:
                if ch not in fit.missing:
                    fit.missing.append(ch)
        buf = ""
        buf_font = font
        for ch in sp.text:
            if ch.isspace():
                if buf:
                    current.append(
                        _Piece(
                            buf,
                            buf_font,
                            color,
                            fonts.string_width(buf, buf_font, 1.0) * scale,
                            None,
                            scale,
                        )
                    )
                    buf = ""
                push()
                if ch == "\n":
                    hard = True
                pending_space = font
                continue
            if not buf:
                if pending_space is not None:
                    push()
                begin()
            drawn_in = by_char.get(ch, font) if by_char else font
            if (
                buf and drawn_in != buf_font
            ):  # a character from a fallback font: a piece of its own in the same word
                current.append(
                    _Piece(
                        buf,
                        buf_font,
                        color,
                        fonts.string_width(buf, buf_font, 1.0) * scale,
                        None,
                        scale,
                    )
                )
                buf = ""
            buf_font = drawn_in
            buf += ch
        if buf:
            current.append(
                _Piece(
                    buf,
                    buf_font,
                    color,
                    fonts.string_width(buf, buf_font, 1.0) * scale,
                    None,
                    scale,
                )
            )
    push()
    return words


# ---------------------------------------------------------------- line breaking


class _Line:
    __slots__ = ("words", "width1")

    def __init__(self, words: list[_Word], width1: float) -> None:
        self.words = words
        self.width1 = width1  # at size 1, spaces included


def break_lines(words: list[_Word], width: float, size: float) -> tuple[list[_Line], bool]:
    """Greedy line breaking at `size` into `width`. Returns (lines, a word was too wide);
    a word wider than the line is split between characters."""
    limit1 = width / size if size > 0 else 0
    lines: list[_Line] = []
    line: list[_Word] = []
    w1 = 0.0
    too_wide = False
    for word in words:
        ww = word.width1
        if ww > limit1 + 1e-9:
            too_wide = True
            parts = _split_word(word, limit1)
        else:
            parts = [word]
        for part in parts:
            add = part.width1 + (part.space1 if line else 0.0)
            if line and (part.hard or w1 + add > limit1 + 1e-9):
                lines.append(_Line(line, w1))
                line, w1 = [], 0.0
                add = part.width1
            line.append(part)
            w1 += add
    if line:
        lines.append(_Line(line, w1))
    return lines, too_wide


def _split_word(word: _Word, limit1: float) -> list[_Word]:
    """Split an over-long word between characters so each part fits the line."""
    chunks: list[_Word] = []
    current: list[_Piece] = []
    cw = 0.0
    first = True
    for piece in word.pieces:
        if piece.icon is not None:
            if current and cw + piece.width1 > limit1:
                chunks.append(
                    _Word(
                        current, word.space1 if first else 0.0, word.space_font, word.hard and first
                    )
                )
                first, current, cw = False, [], 0.0
            current.append(piece)
            cw += piece.width1
            continue
        buf = ""
        for ch in piece.text:
            chw = fonts.string_width(ch, piece.font, 1.0) * piece.scale
            if (current or buf) and cw + chw > limit1:
                if buf:
                    current.append(
                        _Piece(
                            buf,
                            piece.font,
                            piece.color,
                            fonts.string_width(buf, piece.font, 1.0) * piece.scale,
                            None,
                            piece.scale,
                        )
                    )
                chunks.append(
                    _Word(
                        current, word.space1 if first else 0.0, word.space_font, word.hard and first
                    )
                )
                first, current, cw, buf = False, [], 0.0, ""
            buf += ch
            cw += chw
        if buf:
            current.append(
                _Piece(
                    buf,
                    piece.font,
                    piece.color,
                    fonts.string_width(buf, piece.font, 1.0) * piece.scale,
                    None,
                    piece.scale,
                )
            )
    if current:
        chunks.append(
            _Word(current, word.space1 if first else 0.0, word.space_font, word.hard and first)
        )
    # pieces after the first are glued to the previous line's end: no space between chunks
    return chunks


# ---------------------------------------------------------------- drawables


class _Draw:
    """Something to draw, relative to the text block's top-left corner."""

    __slots__ = ("kind", "top", "bottom", "args")

    def __init__(self, kind: str, top: float, bottom: float, args: tuple[Any, ...]) -> None:
        self.kind = kind  # text | icon | line | rect
        self.top = top
        self.bottom = bottom
        self.args = args


def _emit_line(
    line: _Line,
    x0: float,
    width: float,
    top: float,
    size: float,
    leading: float,
    align: str,
    base_font: str,
) -> tuple[list[_Draw], float]:
    """One line of words → drawables; returns them and the line's height."""
    big = max([1.0] + [p.scale for w in line.words for p in w.pieces])
    height = size * leading * big
    asc = fonts.ascent(base_font) * size * big
    desc = -fonts.descent(base_font) * size * big
    # baseline centred in the line box the way CSS does it
    baseline = top + (height - (asc + desc)) / 2 + asc
    lw = line.width1 * size
    if align == "center":
        x = x0 + (width - lw) / 2
    elif align == "right":
        x = x0 + width - lw
    else:
        x = x0
    out: list[_Draw] = []
    run_text, run_font, run_color, run_x, run_scale = "", None, None, 0.0, 1.0
    cursor = x

    def flush() -> None:
        nonlocal run_text, run_font
        if run_text and run_font is not None:
            out.append(
                _Draw(
                    "text",
                    top,
                    top + height,
                    (run_x, baseline, run_text, run_font, size * run_scale, run_color),
                )
            )
        run_text, run_font = "", None

    for i, word in enumerate(line.words):
        if i > 0 and word.space1:
            if run_font == word.space_font:
                run_text += " "
            cursor += word.space1 * size
        for piece in word.pieces:
            if piece.icon is not None:
                flush()
                s = size * piece.scale * ICON_SIZE
                ix = cursor + (size * piece.scale * ICON_ADVANCE - s) / 2
                itop = baseline - size * piece.scale * 0.80
                out.append(_Draw("icon", top, top + height, (ix, itop, s, piece.icon, piece.color)))
                cursor += piece.width1 * size
                continue
            if run_font != piece.font or run_color != piece.color or run_scale != piece.scale:
                flush()
                run_font, run_color, run_x, run_scale = piece.font, piece.color, cursor, piece.scale
            run_text += piece.text
            cursor += piece.width1 * size
    flush()
    return out, height


@dataclass(frozen=True)
class Raw(Paragraph):
    """A paragraph taken literally: no **bold**, *italic* or :icon: markup (names, titles)."""


def _block_spans(text: str, raw: bool = False, fit: Fit | None = None) -> list[Span]:
    if raw:
        return [Span(text)]
    problems: list[str] = []
    out = rich_spans(text, problems)
    if fit is not None:
        fit.markup += [p for p in problems if p not in fit.markup]
    return out


def _layout_blocks(
    blocks: Sequence[Block],
    width: float,
    size: float,
    style: TextStyle,
    icons: IconResolver,
    fit: Fit,
) -> tuple[list[_Draw], float, bool, int]:
    """Lay out all blocks at one size. Returns (drawables, height, too_wide, line count)."""
    draws: list[_Draw] = []
    y = 0.0
    too_wide = False
    nlines = 0
    gap = size * style.para_space
    for bi, block in enumerate(blocks):
        if bi > 0:
            y += gap
        if isinstance(block, Table):
            d, h, tw = _layout_table(block, width, size, style, icons, fit, y)
            draws += d
            y += h
            too_wide |= tw
            nlines += 1 + len(block.rows)
            continue
        font = style.font
        bsize = size
        indent = 0.0
        marker: str | None = None
        text = getattr(block, "text", "")
        align = style.align
        if isinstance(block, Heading):
            bsize = size * {1: 1.3, 2: 1.15}.get(block.level, 1.0)
            font = fonts.FACES[font].bold
        elif isinstance(block, ListItem):
            marker = f"{block.number}." if block.ordered else "\u2022"
            indent = size * (1.4 if block.ordered else 1.0)
        elif isinstance(block, Note):
            font = fonts.FACES[font].italic
            indent = size * 0.6
        words = words_of(
            _block_spans(text, isinstance(block, Raw), fit),
            font,
            style.color,
            icons,
            fit,
            style.fallback,
        )
        lines, tw = break_lines(words, max(1.0, width - indent), bsize)
        too_wide |= tw
        if isinstance(block, Note) and lines:
            h_total = len(lines) * bsize * style.leading
            draws.append(
                _Draw(
                    "line",
                    y,
                    y + h_total,
                    (
                        size * 0.15,
                        y + bsize * 0.15,
                        size * 0.15,
                        y + h_total - bsize * 0.15,
                        max(0.5, size * 0.08),
                        style.rule_color,
                    ),
                )
            )
        for li, line in enumerate(lines):
            d, h = _emit_line(
                line,
                indent,
                width - indent,
                y,
                bsize,
                style.leading,
                align if marker is None else "left",
                font,
            )
            if marker is not None and li == 0:
                mw = fonts.string_width(marker, font, bsize)
                baseline = next((dd.args[1] for dd in d if dd.kind == "text"), y + bsize)
                mx = (
                    indent - mw - size * 0.3
                    if isinstance(block, ListItem) and block.ordered
                    else indent - size * 0.75
                )
                d.append(_Draw("text", y, y + h, (mx, baseline, marker, font, bsize, style.color)))
            draws += d
            y += h
            nlines += 1
    return draws, y, too_wide, nlines


def _layout_table(
    table: Table,
    width: float,
    size: float,
    style: TextStyle,
    icons: IconResolver,
    fit: Fit,
    y0: float,
) -> tuple[list[_Draw], float, bool]:
    """A ruled table: header in bold over a heavier rule, thin rules between rows, columns
    sized from their content and wrapped when the box is narrow."""
    ncol = max([len(table.header)] + [len(r_) for r_ in table.rows])
    rows = [list(table.header) + [""] * (ncol - len(table.header))] + [
        list(r_) + [""] * (ncol - len(r_)) for r_ in table.rows
    ]
    pad = size * 0.35
    bold = fonts.FACES[style.font].bold
    cell_words = [
        [
            words_of(
                _block_spans(c, False, fit),
                bold if ri == 0 else style.font,
                style.color,
                icons,
                fit,
                style.fallback,
            )
            for c in row
        ]
        for ri, row in enumerate(rows)
    ]
    natural = [0.0] * ncol
    minimum = [0.0] * ncol
    for row in cell_words:
        for ci, words in enumerate(row):
            if not words:
                continue
            total = sum(w.width1 + w.space1 for w in words) * size
            longest = max(w.width1 for w in words) * size
            natural[ci] = max(natural[ci], total + 2 * pad)
            minimum[ci] = max(minimum[ci], longest + 2 * pad)
    too_wide = False
    avail = width
    if sum(natural) <= avail:
        extra = avail - sum(natural)
        tot = sum(natural) or 1.0
        widths = [n + extra * n / tot for n in natural]
    elif sum(minimum) <= avail:
        spare = avail - sum(minimum)
        flex = [n - m for n, m in zip(natural, minimum)]
        tf = sum(flex) or 1.0
        widths = [m + spare * f / tf for m, f in zip(minimum, flex)]
    else:
        too_wide = True
        tot = sum(minimum) or 1.0
        widths = [avail * m / tot for m in minimum]
    draws: list[_Draw] = []
    y = y0
    heavy = max(0.6, size * 0.09)
    thin = max(0.3, size * 0.04)
    for ri, row in enumerate(cell_words):
        cells: list[list[_Draw]] = []
        row_h = 0.0
        x = 0.0
        for ci, words in enumerate(row):
            font = bold if ri == 0 else style.font
            lines, tw = break_lines(words, max(1.0, widths[ci] - 2 * pad), size)
            too_wide |= tw
            cy = y + pad * 0.5
            d: list[_Draw] = []
            for line in lines:
                ld, lh = _emit_line(
                    line, x + pad, widths[ci] - 2 * pad, cy, size, style.leading, "left", font
                )
                d += ld
                cy += lh
            cells.append(d)
            row_h = max(row_h, cy - y + pad * 0.5)
            x += widths[ci]
        if ri == 0:
            draws.append(
                _Draw("rect", y, y + row_h, (0.0, y, width, row_h, tint(style.rule_color, 0.88)))
            )
        for d in cells:
            draws += d
        y += row_h
        draws.append(
            _Draw("line", y, y, (0.0, y, width, y, heavy if ri == 0 else thin, style.rule_color))
        )
    return draws, y - y0, too_wide


# ---------------------------------------------------------------- fitting


def sizes(style: TextStyle) -> list[float]:
    """The sizes tried, largest first."""
    out = []
    s = style.size
    while s > style.min_size + 1e-9:
        out.append(round(s, 3))
        s -= STEP
    out.append(round(min(style.min_size, style.size), 3))
    return out


def fit_blocks(
    blocks: Sequence[Block],
    box: tuple[float, float, float, float],
    style: TextStyle,
    icons: IconResolver,
) -> Fit:
    """Fit `blocks` into `box` (x, y, w, h), shrinking from style.size to style.min_size."""
    x, y, w, h = box
    fit = Fit()
    if not blocks:
        fit.size = style.size
        return fit
    blocks = list(blocks)
    if not style.wrap:
        blocks = [_one_line(b) for b in blocks]
    chosen = None
    for s in sizes(style):
        probe = Fit()
        if style.wrap:
            draws, height, too_wide, nlines = _layout_blocks(blocks, w, s, style, icons, probe)
        else:
            draws, height, too_wide, nlines = _layout_single(blocks, w, s, style, icons, probe)
        ok = (
            height <= h + 1e-6
            and not too_wide
            and (style.max_lines <= 0 or nlines <= style.max_lines)
        )
        chosen = (s, draws, height, too_wide, nlines, probe)
        if ok:
            break
    assert chosen is not None
    s, draws, height, too_wide, nlines, probe = chosen
    fit.size, fit.height, fit.lines = s, height, nlines
    fit.missing, fit.unknown_icons, fit.markup, fit.unstyled = (
        probe.missing,
        probe.unknown_icons,
        probe.markup,
        probe.unstyled,
    )
    fit.width_overflow = too_wide
    fit.fits = (
        height <= h + 1e-6 and not too_wide and (style.max_lines <= 0 or nlines <= style.max_lines)
    )
    if not fit.fits:
        # keep what fits inside the box; the caller reports the rest
        limit = h + 1e-6
        if style.max_lines > 0:
            tops = sorted({d.top for d in draws if d.kind in ("text", "icon")})
            if len(tops) > style.max_lines:
                limit = min(limit, tops[style.max_lines])
        draws = [d for d in draws if d.bottom <= limit]
        height = min(height, h)
    if style.valign == "middle":
        dy = (h - height) / 2
    elif style.valign == "bottom":
        dy = h - height
    else:
        dy = 0.0
    fit.ops = [_to_op(d, x, y + dy) for d in draws]
    return fit


def _one_line(block: Block) -> Block:
    if isinstance(block, Raw):
        return block
    return Paragraph(getattr(block, "text", ""))


def _layout_single(
    blocks: Sequence[Block],
    width: float,
    size: float,
    style: TextStyle,
    icons: IconResolver,
    fit: Fit,
) -> tuple[list[_Draw], float, bool, int]:
    """No wrapping: each block is one line; too wide means it does not fit."""
    draws: list[_Draw] = []
    y = 0.0
    too_wide = False
    for block in blocks:
        words = words_of(
            _block_spans(getattr(block, "text", ""), isinstance(block, Raw), fit),
            style.font,
            style.color,
            icons,
            fit,
            style.fallback,
        )
        total = sum(wd.width1 + (wd.space1 if i else 0) for i, wd in enumerate(words))
        line = _Line(words, total)
        if total * size > width + 1e-6:
            too_wide = True
        d, h = _emit_line(line, 0.0, width, y, size, style.leading, style.align, style.font)
        draws += d
        y += h
    return draws, y, too_wide, len(blocks)


def _to_op(d: _Draw, dx: float, dy: float) -> Op:
    if d.kind == "text":
        x, baseline, text, font, size, color = d.args
        return Text(r(x + dx), r(baseline + dy), text, font, r(size), color)
    if d.kind == "icon":
        x, top, s, ref, color = d.args
        return Icon(r(x + dx), r(top + dy), r(s), ref.symbol, color, ref.parts)
    if d.kind == "line":
        x1, y1, x2, y2, width, color = d.args
        return Path(
            (("M", r(x1 + dx), r(y1 + dy)), ("L", r(x2 + dx), r(y2 + dy))),
            stroke=color,
            stroke_width=r(width),
        )
    if d.kind == "rect":
        x, y, w, h, fill = d.args
        return Rect(r(x + dx), r(y + dy), r(w), r(h), fill=fill)
    raise ValueError(d.kind)


def plain_blocks(text: str) -> list[Block]:
    """Text with no block markup: one paragraph per blank-line-separated chunk; a line
    ending in a hard-break mark (a backslash, as catalog text fields carry their line
    breaks) keeps its break."""
    out: list[Block] = []
    for chunk in text.split("\n\n"):
        if not chunk.strip():
            continue
        lines = [" ".join(line.split()) for line in chunk.split("\n") if line.strip()]
        out.append(
            Paragraph(
                "".join(
                    line[:-1].rstrip() + "\n"
                    if line.endswith("\\") and i + 1 < len(lines)
                    else line + (" " if i + 1 < len(lines) else "")
                    for i, line in enumerate(lines)
                )
            )
        )
    return out


__all__ = ["TextStyle", "IconRef", "Fit", "fit_blocks", "sizes", "break_lines", "words_of"]
