"""Where lines of Chinese and Japanese may break: between any two characters (`break_between`),
except before closing punctuation and small kana, and after opening punctuation (the
basic kinsoku rules, as CSS `line-break: normal` applies them). Korean keeps its spaces as
its breaks, like the scripts that separate words. Right-to-left lines are put in visual
order by `cardstock.layout.text.visual_order`.
"""

from __future__ import annotations

import unicodedata

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
