"""Text for a box, cut the way it is drawn: the style it is drawn in, inline markup read
into spans (`rich_spans`), spans into words measured with the real font's metrics
(`words_of`, a character the font lacks drawn in a fallback font), and words into lines
(`break_lines`). `cardstock.layout.text.fit` lays the lines out in a box and fits them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ... import fonts
from ...core.bidi import has_rtl
from ...core.colors import named_color
from ...core.markup import STYLED, Span, spans
from ...core.scripts import ignorable
from ..ops import Op, SymbolPart
from . import scripts


@dataclass(frozen=True)
class TextStyle:
    """How a text box sets its text: font, size and its least, leading, colour, alignment."""

    font: str = "sans"
    size: float = 9.0
    min_size: float = 6.0
    leading: float = 1.2  # line height as a multiple of the size
    color: str = "#000000"
    align: str = (
        "left"  # left | center | right | start (left, or right in a right-to-left paragraph)
    )
    valign: str = "top"  # top | middle | bottom | baseline
    wrap: bool = True
    max_lines: int = 0  # 0: no limit
    shrink_first: bool = False  # the fewest lines at any size down to min_size, then the size
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

# The pieces, words and lines below (and textfit's drawables) are made by the thousand
# while text is fitted, and read only here and in `cardstock.layout.text.fit`: plain
# classes with slots (no generated methods).


class _Piece:
    __slots__ = ("text", "font", "color", "width1", "icon", "scale", "rtl", "alone")

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
        self.rtl = False  # a right-to-left run, shaped (cardstock.layout.text.scripts)
        self.alone = False  # drawn as a run of its own (a line put in visual order)


class Word:
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


HTML_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>")
_COLOR = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})\Z")


def _span_attrs(attrs: str, problems: list[str]) -> tuple[str | None, float]:
    color: str | None = None
    scale = 1.0
    for item in attrs.split():
        key, _, value = item.partition("=")
        value = value.strip("\"'")
        if key == "color" and _COLOR.match(named_color(value)):
            value = named_color(value)
            color = value if len(value) == 7 else "#" + "".join(c * 2 for c in value[1:])
        elif key == "size" and re.fullmatch(r"\d+(\.\d+)?%?", value):
            scale = float(value[:-1]) / 100 if value.endswith("%") else float(value)
            if not 0.3 <= scale <= 4:
                problems.append(f"a span size of {value} is outside 30%–400%")
                scale = min(4.0, max(0.3, scale))
        else:
            problems.append(
                f"the span attribute {item!r} is not understood; use color=#rrggbb (or a CSS "
                "colour name) and size=120%"
            )
    return color, scale


def rich_spans(text: str, problems: list[str] | None = None) -> list[Span]:
    """Inline text → spans: **bold**, *italic*, :icon: (cardstock.core.markup), plus coloured
    and sized `[text]{color=#c0392b size=120%}` spans. HTML tags such as <b> or <span>
    are not markup here: they are left out and reported in `problems`."""
    problems = problems if problems is not None else []
    for tag in HTML_TAG.findall(text):
        problems.append(
            f"{tag} is HTML, which card text does not read; use **bold**, *italic* or "
            f"[text]{{color=#c0392b size=120%}}"
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
    text: str,
    font: str,
    fallback: Sequence[str],
    bold: bool,
    italic: bool,
    fit: Fit | None = None,
) -> tuple[dict[str, str], list[str]]:
    """For the characters of `text` that `font` has no glyph for: the face of the first
    fallback font that has one, and the characters none has. A fallback is taken in the
    style of the text: bold for a **bold** span or a bold `font` (a heading), italic
    likewise, when the fallback's family has such a face that has the character; else its
    own face, noted in `fit` when the span's markup asked for the style (reported as
    a warning, as for the box's own font)."""
    lacking = fonts.missing_glyphs(text, font)
    if not lacking or not fallback:
        return {}, lacking
    face = fonts.FACES.get(font)
    heavy = bold or (face is not None and face.is_bold)
    leaning = italic or (face is not None and face.style == "italic")
    chain: list[str] = []
    for name in fallback:
        if name in fonts.FACES:
            chain += dict.fromkeys((_face_for(name, heavy, leaning), name))
    by_char: dict[str, str] = {}
    for ch in lacking:
        found = next((f for f in chain if ch in fonts.coverage(f)), None)
        if found is not None:
            by_char[ch] = found
    if fit is not None:
        for used in dict.fromkeys(by_char.values()):
            drawn = fonts.FACES[used]
            for kind, asked, has in (
                ("bold", bold, drawn.is_bold),
                ("italic", italic, drawn.style == "italic"),
            ):
                if asked and not has and (kind, used) not in fit.unstyled:
                    fit.unstyled.append((kind, used))
    return by_char, [ch for ch in lacking if ch not in by_char]


def _piece(text: str, font: str, color: str, scale: float) -> _Piece:
    """A run of text in one face, measured at size 1 (its span's scale included); a run
    with right-to-left letters is marked, for its line to be put in visual order."""
    made = _Piece(text, font, color, fonts.string_width(text, font, 1.0) * scale, None, scale)
    if not text.isascii() and has_rtl(text):
        made.rtl = True
    return made


# spaces a line never breaks at (French puts one before ":" and ";"): drawn, not cut at
NO_BREAK = frozenset("\u00a0\u2007\u202f")


class _Words:
    """Words being made from spans: the pieces of the word under way, the font of the
    whitespace before it, and whether a line break came since the last word ended."""

    __slots__ = (
        "base_font",
        "words",
        "current",
        "current_space",
        "pending_space",
        "hard",
        "joined",
        "last",
    )

    def __init__(self, base_font: str) -> None:
        self.base_font = base_font
        self.words: list[Word] = []
        self.current: list[_Piece] = []
        self.current_space: str | None = None  # font of the whitespace before the current word
        self.pending_space: str | None = None  # whitespace seen since the last word ended
        self.hard = False  # a line break was seen since the last word ended
        self.joined = False  # the next word follows the last with no space (CJK)
        self.last = ""  # the character before, in the word under way (CJK breaks)

    def push(self) -> None:
        """End the word under way (if any), with the width of the space before it."""
        if self.current:
            words = self.words
            sf = self.current_space if (words and self.current_space) else self.base_font
            if self.current[0].rtl:  # a visual line draws it in the shaped word's font
                sf = self.current[0].font
            space1 = fonts.string_width(" ", sf, 1.0) if words and not self.joined else 0.0
            words.append(Word(self.current, space1, sf, self.hard and bool(words)))
            self.current = []
            self.hard = False
            self.joined = False

    def start(self) -> None:
        """Before a piece: whitespace since the last one ends that word; a new word takes
        the font of the whitespace before it."""
        if self.pending_space is not None:
            self.push()
        if not self.current:
            self.current_space = self.pending_space
            self.pending_space = None

    def text(self, text: str, font: str, by_char: dict[str, str], color: str, scale: float) -> None:
        """A span's text in `font`, cut at whitespace; a character `by_char` draws in a
        fallback font is a piece of its own in the same word."""
        buf = ""
        buf_font = font
        breaks = scripts.has_breaks(text)
        shaped = not text.isascii() and has_rtl(text)  # HarfBuzz hides what it ignores
        for ch in text:
            if ch >= "\xad" and not shaped and ignorable(ch) and ch not in fonts.coverage(font):
                continue  # a variation selector, a joiner… the font lacks: drawn as nothing
            if ch.isspace() and ch not in NO_BREAK:
                if buf:
                    self.current.append(_piece(buf, buf_font, color, scale))
                    buf = ""
                self.push()
                self.joined, self.last = False, ""
                if ch == "\n":
                    self.hard = True
                self.pending_space = font
                continue
            if breaks:  # a line may break between two CJK characters: a word each
                if self.last and (self.current or buf):
                    if scripts.break_between(self.last, ch):
                        if buf:
                            self.current.append(_piece(buf, buf_font, color, scale))
                            buf = ""
                        self.push()
                        self.joined = True
                self.last = ch
            if not buf:
                self.start()
            drawn_in = by_char.get(ch, font) if by_char else font
            if buf and drawn_in != buf_font:
                self.current.append(_piece(buf, buf_font, color, scale))
                buf = ""
            buf_font = drawn_in
            buf += ch
        if buf:
            self.current.append(_piece(buf, buf_font, color, scale))


def _icon_piece(
    name: str, icons: IconResolver, base_font: str, color: str, scale: float, fit: Fit | None
) -> _Piece:
    """An inline :icon:, or its name in text when the game has no such icon (noted)."""
    ref = icons(name)
    if ref is None:
        if fit is not None and name not in fit.unknown_icons:
            fit.unknown_icons.append(name)
        return _piece(f":{name}:", base_font, color, scale)
    return _Piece("", base_font, ref.color or color, ICON_ADVANCE * scale, ref, scale)


def words_of(
    span_list: Sequence[Span],
    base_font: str,
    color: str,
    icons: IconResolver,
    fit: Fit | None = None,
    fallback: Sequence[str] = (),
) -> list[Word]:
    """Spans → words (pieces with no break between them); each word remembers the width
    of the space before it, in the font of that space. A character the font has no glyph
    for is drawn in the first `fallback` font that has one (a piece of its own)."""
    made = _Words(base_font)
    for sp in span_list:
        scale = sp.scale if isinstance(sp, RichSpan) else 1.0
        span_color = (sp.color if isinstance(sp, RichSpan) else None) or color
        if sp.icon is not None:
            made.start()
            made.current.append(_icon_piece(sp.icon, icons, base_font, span_color, scale, fit))
            continue
        font = _face_for(base_font, sp.bold, sp.italic, fit)
        by_char, lacking = _fallbacks(sp.text, font, fallback, sp.bold, sp.italic, fit)
        if fit is not None:
            for ch in lacking:
                if ch not in fit.missing:
                    fit.missing.append(ch)
        made.text(sp.text, font, by_char, span_color, scale)
    made.push()
    return made.words


# ---------------------------------------------------------------- line breaking


class Line:
    __slots__ = ("words", "width1")

    def __init__(self, words: list[Word], width1: float) -> None:
        self.words = words
        self.width1 = width1  # at size 1, spaces included


def break_lines(
    words: list[Word], width: float, size: float, most: int = 0
) -> tuple[list[Line], bool]:
    """Greedy line breaking at `size` into `width`. Returns (lines, a word was too wide);
    a word wider than the line is split between characters. `most` (0: no bound): stop
    once that many lines are made (the words after them are not looked at)."""
    limit1 = width / size if size > 0 else 0
    lines: list[Line] = []
    line: list[Word] = []
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
                lines.append(Line(line, w1))
                if most and len(lines) >= most:
                    return lines, too_wide
                line, w1 = [], 0.0
                add = part.width1
            line.append(part)
            w1 += add
    if line:
        lines.append(Line(line, w1))
    return lines, too_wide


def _split_word(word: Word, limit1: float) -> list[Word]:
    """Split an over-long word between characters so each part fits the line."""
    chunks: list[Word] = []
    current: list[_Piece] = []
    cw = 0.0
    first = True
    for piece in word.pieces:
        if piece.icon is not None:
            if current and cw + piece.width1 > limit1:
                chunks.append(
                    Word(
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
                    Word(
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
            Word(current, word.space1 if first else 0.0, word.space_font, word.hard and first)
        )
    # pieces after the first are glued to the previous line's end: no space between chunks
    return chunks


__all__ = ["TextStyle", "IconRef", "Fit", "break_lines", "words_of"]
