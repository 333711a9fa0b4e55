"""Text of scripts that do not break at spaces or do not run left to right.

- Chinese and Japanese break between any two characters (`break_between`), except before
  closing punctuation and small kana, and after opening punctuation (the basic kinsoku
  rules, as CSS `line-break: normal` applies them). Korean keeps its spaces as breaks.
- Arabic, Hebrew and the other right-to-left scripts: a line is broken on the logical
  text, then put in visual order (`visual_line`): each character gets a bidi embedding
  level and the runs are reversed level by level (rule L2 of the Unicode Bidirectional
  Algorithm, UAX #9). The levels are resolved here from each character's bidi class (rules
  W1-W7, N1-N2, I1-I2, without explicit embeddings or bracket pairs, which card text does
  not use): python-bidi, the well-kept implementation, returns only the reordered string,
  and a card line is made of runs in several fonts and colours that must move as runs.
  tests/test_scripts.py checks these levels against python-bidi's order.
- A right-to-left run keeps its logical text; it is shaped by HarfBuzz (Arabic joining
  forms, lam-alef, mirrored brackets), through ReportLab's own shaping (`shapeStr`), when
  it is measured (`shaped_width`) and drawn (`shaped_run`, for the PDF; an SVG viewer
  shapes the run itself, given its direction).
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

from ..core.bidi import levels, reorder

if TYPE_CHECKING:
    from .text import Line, Word, _Piece

# ---------------------------------------------------------------- CJK line breaks

# no line starts with these (closing punctuation, small kana, iteration and prolonged marks)
NO_START = frozenset(
    "、。，．・：；？！ー）］｝〕〉》」』】〙〗〟’”ゝゞヽヾぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ"
    "ㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ々〻‐゠–〜～,.:;?!)]}%"
)
# no line ends with these (opening punctuation)
NO_END = frozenset("（［｛〔〈《「『【〘〖〝‘“([{")


def _breaks_around(ch: str) -> bool:
    """A character a line may break before or after: a wide East Asian character (an
    ideograph, kana, full-width punctuation), Hangul excepted (Korean breaks at spaces)."""
    code = ord(ch)
    if 0x1100 <= code <= 0x11FF or 0xAC00 <= code <= 0xD7AF or 0x3130 <= code <= 0x318F:
        return False
    return unicodedata.east_asian_width(ch) in ("W", "F")


def has_breaks(text: str) -> bool:
    """Whether `text` holds a character that lines may break around (CJK)."""
    return not text.isascii() and any(ord(ch) >= 0x2E80 and _breaks_around(ch) for ch in text)


def break_between(before: str, after: str) -> bool:
    """Whether a line may break between the characters `before` and `after` (no space
    between them): next to a CJK character, unless kinsoku forbids it."""
    if after in NO_START or before in NO_END:
        return False
    return _breaks_around(before) or _breaks_around(after)


# ---------------------------------------------------------------- visual order


def visual_line(line: Line, base: int, piece: Any) -> Line:
    """`line` (words in logical order) in visual order: one word per run of one font,
    colour, size and direction, each drawn alone (`_Piece.alone`), the spaces inside the
    runs. `piece(text, font, color, scale)` measures a run (shaped when right to left)."""
    from .text import Line, Word

    atoms: list[tuple[str, _Piece | None, str]] = []  # (text, piece it comes from, its font)
    for i, word in enumerate(line.words):
        first = word.pieces[0] if word.pieces else None
        if i and word.space1 and first is not None:
            atoms.append((" ", first, first.font))  # drawn in the font of the word after it
        for p in word.pieces:
            atoms.append((p.text if p.icon is None else "\ufffc", p, p.font))
    text = "".join(a[0] for a in atoms)
    char_levels = levels(text, base)
    runs: list[tuple[int, list[tuple[str, _Piece | None, str]]]] = []
    pos = 0
    for atom in atoms:
        for k, ch in enumerate(atom[0]):
            lv = char_levels[pos + k]
            src = atom[1]
            same = runs and runs[-1][0] == lv and runs[-1][1][-1][1] is src and src is not None
            if same and src is not None and src.icon is None:
                last = runs[-1][1][-1]
                runs[-1][1][-1] = (last[0] + ch, src, last[2])
            else:
                runs.append((lv, [(ch if src is None or src.icon is None else "", src, atom[2])]))
        pos += len(atom[0])
    ordered = reorder(runs, [lv for lv, _ in runs])
    words: list[Word] = []
    width1 = 0.0
    for lv, parts in ordered:
        txt, src, font = parts[0]
        assert src is not None
        if src.icon is not None:
            made = src
        else:
            made = piece(txt, font, src.color, src.scale)
            made.rtl = bool(lv % 2)
        made.alone = True
        if words and _joins(words[-1].pieces[-1], made, lv):
            prev = words[-1].pieces[-1]
            joined = prev.text + made.text if not lv % 2 else made.text + prev.text
            merged = piece(joined, prev.font, prev.color, prev.scale)
            merged.rtl, merged.alone = prev.rtl, True
            width1 += merged.width1 - prev.width1
            words[-1].pieces[-1] = merged
            continue
        words.append(Word([made], 0.0, font))
        width1 += made.width1
    return Line(words, width1)


def _joins(prev: _Piece, made: _Piece, level: int) -> bool:
    """Whether two runs side by side draw as one (same font, colour, size and direction)."""
    return (
        prev.icon is None
        and made.icon is None
        and prev.font == made.font
        and prev.color == made.color
        and prev.scale == made.scale
        and prev.rtl == bool(level % 2)
    )
