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

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ... import fonts
from ...core.bidi import rtl_paragraph
from ...core.markup import Block, Heading, ListItem, Note, Paragraph, Span, Table
from ...core.units import UnitError, parse_length
from ..context import tint
from ..ops import Icon, Op, Path, Rect, Text, r
from .words import (
    ICON_ADVANCE,
    ICON_SIZE,
    Fit,
    IconResolver,
    Line,
    TextStyle,
    Word,
    break_lines,
    rich_spans,
    words_of,
)

STEP = 0.25  # points between the sizes tried
# The largest text a box sets, in points (a text box's or a style's `size` and `min_size`, a
# drawn text's font size): an em of 35 cm, a third of the largest piece's side (1,000 mm,
# where one line of a letter could be at most about 2,835pt). A fit tries every quarter
# point from `size` down to `min_size` (`sizes`): 1,000,000pt took over a minute and
# 1.3 GB, 1e300pt never finished.
MOST_SIZE = 1000.0
# The most sizes one fit tries: every quarter point from MOST_SIZE down to 1pt (3,997). A
# larger span (never from a checked layout) is tried in as many even steps.
MOST_SIZES = math.ceil((MOST_SIZE - 1.0) / STEP) + 1


def size_problem(key: str, points: float, written: str) -> str | None:
    """The problem of a text size of `points` (written as `written`) past MOST_SIZE."""
    if math.isfinite(points) and points <= MOST_SIZE:
        return None
    return f"a text's {key} is at most {MOST_SIZE:,.0f}pt, got {written.strip()!r}"


def written_size_problem(key: str, value: Any) -> str | None:
    """The problem of a text's `size` or `min_size` a layout file writes: a length past
    MOST_SIZE. A template is checked as each face renders it, and a length in `px` as it
    is drawn (its points depend on the game's dpi); one that is not a length is the
    layout check's (`layout.checks.layouts`)."""
    if not isinstance(value, str) or "{{" in value or "{%" in value:
        return None
    text = value.strip()
    try:
        points = parse_length(text, allow_negative=True)
    except UnitError:
        return None
    return None if text.lower().endswith("px") else size_problem(key, points, text)


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
    line: Line,
    x0: float,
    width: float,
    top: float,
    size: float,
    leading: float,
    align: str,
    base_font: str,
    rtl: bool = False,
) -> tuple[list[_Draw], float]:
    """One line of words → drawables; returns them and the line's height. A line with
    right-to-left text is put in visual order first (`visual_line`; `rtl`: the
    paragraph runs right to left)."""
    if rtl or any(p.rtl for w in line.words for p in w.pieces):
        from .visual_order import (
            visual_line,  # the visual order, for a line with right-to-left text
        )

        line = visual_line(line, int(rtl))
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
            else:  # a space in another font than the run's (between two bold words): the
                flush()  # next word starts a run of its own, after the space
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
            if (
                piece.alone
                or run_font != piece.font
                or run_color != piece.color
                or run_scale != piece.scale
            ):
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


PARAGRAPHS_MAX = 4096  # paragraphs whose words `Paragraphs` keeps before starting again


class Paragraphs:
    """The words of each paragraph of one game's text boxes, made once (`words_of` of its
    spans): a paragraph is worked out at each size a fit tries, and the rule texts of a
    game's cards repeat the same few lines in ever new combinations, so the text of a box
    may differ on every card while its paragraphs do not. A paragraph's words depend on
    its text, its font, colour and fallback fonts and the game's icons (one memo a game:
    `memo.BoxMemo.paragraphs`); what working them out noted in the fit (markup not
    understood, characters and icons missing, styles a font lacks) is noted again at
    each use. Words are read, never changed, by line breaking; a paragraph with text
    right to left is made each time (putting a line in visual order marks its icons)."""

    def __init__(self) -> None:
        # (text, raw, font, colour, fallback) -> (the words, the probe noting what they met)
        self._known: dict[tuple[Any, ...], tuple[list[Word], Fit]] = {}

    def words(
        self, text: str, raw: bool, font: str, style: TextStyle, icons: IconResolver, fit: Fit
    ) -> list[Word]:
        key = (text, raw, font, style.color, tuple(style.fallback))
        known = self._known.get(key)
        if known is None:
            probe = Fit()
            made = words_of(
                _block_spans(text, raw, probe), font, style.color, icons, probe, style.fallback
            )
            known = (made, probe)
            if not rtl_paragraph(text) and not any(p.rtl for w in made for p in w.pieces):
                if len(self._known) >= PARAGRAPHS_MAX:
                    self._known.clear()
                self._known[key] = known
        made, probe = known
        fit.markup += [m for m in probe.markup if m not in fit.markup]
        fit.missing += [c for c in probe.missing if c not in fit.missing]
        fit.unknown_icons += [i for i in probe.unknown_icons if i not in fit.unknown_icons]
        fit.unstyled += [u for u in probe.unstyled if u not in fit.unstyled]
        return made


def _layout_blocks(
    blocks: Sequence[Block],
    width: float,
    size: float,
    style: TextStyle,
    icons: IconResolver,
    fit: Fit,
    paragraphs: Paragraphs | None = None,
    stop: float | None = None,
) -> tuple[list[_Draw], float, bool, int]:
    """Lay out all blocks at one size. Returns (drawables, height, too_wide, line count);
    `paragraphs`: the game's paragraphs' words, when it keeps them. `stop`: a height past
    which nothing more is laid out (the text is known not to fit then: what is returned
    tells only that)."""
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
        d, y, tw, n = _layout_paragraph(block, width, size, style, icons, fit, y, paragraphs, stop)
        draws += d
        too_wide |= tw
        nlines += n
        if stop is not None and y > stop:
            break
    return draws, y, too_wide, nlines


def _layout_paragraph(
    block: Block,
    width: float,
    size: float,
    style: TextStyle,
    icons: IconResolver,
    fit: Fit,
    y0: float,
    paragraphs: Paragraphs | None = None,
    stop: float | None = None,
) -> tuple[list[_Draw], float, bool, int]:
    """A block of text (paragraph, heading, list item, note) from `y0` down. Returns
    (drawables, the y below it, too_wide, line count); `stop`: as `_layout_blocks`."""
    draws: list[_Draw] = []
    y = y0
    too_wide = False
    nlines = 0
    font = style.font
    bsize = size
    indent = 0.0
    marker: str | None = None
    text = getattr(block, "text", "")
    rtl = rtl_paragraph(text)
    align = ("right" if rtl else "left") if style.align == "start" else style.align
    if isinstance(block, Heading):
        bsize = size * {1: 1.3, 2: 1.15}.get(block.level, 1.0)
        font = fonts.FACES[font].bold
    elif isinstance(block, ListItem):
        marker = f"{block.number}." if block.ordered else "\u2022"
        indent = size * (1.4 if block.ordered else 1.0)
    elif isinstance(block, Note):
        font = fonts.FACES[font].italic
        indent = size * 0.6
    raw = isinstance(block, Raw)
    words = (
        words_of(_block_spans(text, raw, fit), font, style.color, icons, fit, style.fallback)
        if paragraphs is None
        else paragraphs.words(text, raw, font, style, icons, fit)
    )
    # a line is at least `bsize * leading` high: past `stop`, lines more are not needed
    least = bsize * style.leading
    most = 0 if stop is None or least <= 0 else int(max(0.0, stop - y0) / least) + 2
    lines, tw = break_lines(words, max(1.0, width - indent), bsize, most)
    too_wide |= tw
    if isinstance(block, Note) and lines:
        draws.append(_note_bar(y, len(lines) * bsize * style.leading, size, bsize, style))
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
            rtl,
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
        if stop is not None and y > stop:
            break
    return draws, y, too_wide, nlines


def _note_bar(y: float, h_total: float, size: float, bsize: float, style: TextStyle) -> _Draw:
    """The bar down the left of a note, `h_total` high from `y`."""
    return _Draw(
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
    widths, too_wide = _column_widths(cell_words, ncol, size, pad, width)
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


def _column_widths(
    cell_words: list[list[list[Word]]], ncol: int, size: float, pad: float, avail: float
) -> tuple[list[float], bool]:
    """Each column's width: its natural width (its longest cell on one line), with the
    spare room shared out; else at least its longest word, the rest shared by how much
    each column would like more; else shrunk in proportion (too wide, the flag says)."""
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
    return widths, too_wide


# ---------------------------------------------------------------- fitting


def sizes(style: TextStyle) -> list[float]:
    """The sizes tried, largest first: from style.size down in quarter points, then
    style.min_size; at most MOST_SIZES of them, worked out before any is made."""
    least = round(min(style.min_size, style.size), 3)
    span = style.size - style.min_size
    if not math.isfinite(span) or span <= 1e-9:  # one size (or one not a number)
        return [least]
    step, count = STEP, math.ceil((span - 1e-9) / STEP)  # the sizes above min_size
    if count >= MOST_SIZES:
        step, count = span / (MOST_SIZES - 1), MOST_SIZES - 1
    return [round(style.size - i * step, 3) for i in range(count)] + [least]


def fit_blocks(
    blocks: Sequence[Block],
    box: tuple[float, float, float, float],
    style: TextStyle,
    icons: IconResolver,
    paragraphs: Paragraphs | None = None,
) -> Fit:
    """Fit `blocks` into `box` (x, y, w, h), shrinking from style.size to style.min_size;
    `paragraphs`: the words of the game's paragraphs, each made once (`Paragraphs`)."""
    x, y, w, h = box
    fit = Fit()
    if not blocks:
        fit.size = style.size
        return fit
    blocks = list(blocks)
    if not style.wrap:
        blocks = [_one_line(b) for b in blocks]
    s, draws, height, too_wide, nlines, probe = _choose(blocks, w, h, style, icons, paragraphs)
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
    elif style.valign == "baseline":  # the first baseline stays where it is at full size
        asc, desc = fonts.ascent(style.font), -fonts.descent(style.font)
        dy = (style.size - s) * ((style.leading - asc - desc) / 2 + asc)
    else:
        dy = 0.0
    fit.ops = [_to_op(d, x, y + dy) for d in draws]
    return fit


_Tried = tuple[float, list[_Draw], float, bool, int, Fit]


def _choose(
    blocks: Sequence[Block],
    w: float,
    h: float,
    style: TextStyle,
    icons: IconResolver,
    paragraphs: Paragraphs | None = None,
) -> _Tried:
    """The largest size at which the text fits (the smallest size when none does). With
    `shrink_first`, the fewest lines come first: one line at any size down to min_size,
    else two, and so on up to max_lines."""
    tried: dict[float, _Tried] = {}
    least = sizes(style)[-1]  # the size returned when none fits: laid out in full

    def at(s: float) -> _Tried:
        if s not in tried:
            probe = Fit()
            stop = None if s == least else h + 1e-6  # a larger size past it is not chosen
            draws, height, too_wide, nlines = (
                _layout_blocks(blocks, w, s, style, icons, probe, paragraphs, stop)
                if style.wrap
                else _layout_single(blocks, w, s, style, icons, probe)
            )
            tried[s] = (s, draws, height, too_wide, nlines, probe)
        return tried[s]

    limits = [style.max_lines]
    if style.shrink_first and style.wrap and style.max_lines != 1:
        # no max_lines: one line if any size allows it, else as many as the largest size needs
        limits = list(range(1, style.max_lines + 1)) if style.max_lines > 0 else [1, 0]
    chosen: _Tried | None = None
    for limit in limits:
        for s in sizes(style):
            chosen = at(s)
            _, _, height, too_wide, nlines, _ = chosen
            if height <= h + 1e-6 and not too_wide and (limit <= 0 or nlines <= limit):
                return chosen
    assert chosen is not None
    return chosen


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
        line = Line(words, total)
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


# runs of the spaces a line may break at: every space but the no-break ones (text.NO_BREAK)
_BREAKING = re.compile(r"[^\S\u00a0\u2007\u202f]+")


# a line holding only spaces (`%n %n` after a clean-up) is a blank line: it parts paragraphs
_BLANK_LINE = re.compile(r"\n[^\S\n]*\n")


def _break_mark(line: str) -> bool:
    """Whether a line ends in the hard-break mark: an odd run of backslashes at its end
    (an even run is escaped backslashes, which print)."""
    return (len(line) - len(line.rstrip("\\"))) % 2 == 1


def without_break_marks(text: str) -> str:
    """The text with each line's hard-break mark taken off (for text read with no markup,
    whose line breaks are spaces): the mark never prints, wherever the line is."""
    return "\n".join(
        line.rstrip()[:-1] if _break_mark(line.rstrip()) else line for line in text.split("\n")
    )


def plain_blocks(text: str) -> list[Block]:
    """Text with no block markup: one paragraph per chunk between blank lines (a line of
    only spaces is blank); a line ending in a hard-break mark (a backslash, as catalog text
    fields carry their line breaks) keeps its break, and the mark never prints, not even
    on a paragraph's last line."""
    out: list[Block] = []
    for chunk in _BLANK_LINE.split(text):
        if not chunk.strip():
            continue
        lines = [
            " ".join(_BREAKING.split(line.strip())) for line in chunk.split("\n") if line.strip()
        ]
        last = len(lines) - 1
        out.append(
            Paragraph(
                "".join(
                    (line[:-1].rstrip() + ("\n" if i < last else ""))
                    if _break_mark(line)
                    else line + (" " if i < last else "")
                    for i, line in enumerate(lines)
                )
            )
        )
    return out


__all__ = ["Paragraphs", "Raw", "fit_blocks", "plain_blocks", "sizes", "without_break_marks"]
