"""Which text cardstock can print, decided when the catalog is read.

Text is normalised to Unicode NFC as it is read (a letter typed as a base letter plus a
combining accent becomes the one precomposed letter the fonts draw in place). Text of any
script is accepted: Chinese, Japanese and Korean lines break between characters, Arabic and
Hebrew are shaped and put in visual order (`cardstock.layout.scripts`), and a character no
font of a box can draw (its font, then its `fallback` fonts) is reported by the layout as a
warning naming the component, field and character. One kind of text is refused with its
location rather than printed blank:

- emoji (no font of cardstock's draws colour glyphs, and their joiner sequences need a
  colour font's own rules; an :icon: from the game's [icons] prints instead).
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .issues import Issue

EMOJI_BLOCKS = ((0x1F000, 0x1FAFF),)  # pictographs, emoticons, transport, supplemental symbols
EMOJI_JOINERS = frozenset("\ufe0f\u200d\u20e3")  # emoji presentation selector, joiner, keycap


def nfc(value: Any) -> Any:
    """`value` with every string in it NFC-normalised (lists too)."""
    if isinstance(value, str):
        return value if value.isascii() else unicodedata.normalize("NFC", value)
    if isinstance(value, list):
        return [nfc(v) for v in value]
    return value


def _emoji(ch: str) -> bool:
    """An emoji: a pictograph from the emoji blocks, or a character that only builds emoji
    (presentation selector, joiner, keycap). Older symbols (★, ☀, ✂) are not refused: the
    layout warns about those the fonts lack."""
    code = ord(ch)
    return ch in EMOJI_JOINERS or any(lo <= code <= hi for lo, hi in EMOJI_BLOCKS)


def refusal(text: str) -> str | None:
    """Why `text` cannot be printed (its first emoji), or None."""
    if text.isascii():
        return None
    for ch in text:  # a zero-width joiner alone is not refused: Arabic and Indic text use it
        if ord(ch) >= 0x1F000 or ch in EMOJI_JOINERS:
            if _emoji(ch) and ch != "\u200d":
                return (
                    f"{ch!r} (U+{ord(ch):04X}) is an emoji; cardstock ships no emoji font, so "
                    "it would not print (use an :icon: from the game's [icons] instead)"
                )
    return None


def printable(value: Any) -> Any:
    """A validator for text that is printed: NFC-normalised, and refused (ValueError) when
    it holds an emoji."""
    value = nfc(value)
    for text in value if isinstance(value, list) else [value]:
        if isinstance(text, str):
            problem = refusal(text)
            if problem:
                raise ValueError(problem)
    return value


# ---------------------------------------------------------------- characters a font lacks

GLYPH_SEP = ": the font "  # between the component and the rest of a missing-glyph warning


def glyph_warning(label: str, font: str, ch: str, fallbacks: Sequence[str] = ()) -> str:
    """The warning for a character a face's font cannot draw, naming the component and
    every font tried: the box's font, then each of its `fallbacks` (which lack it too)."""
    return (
        f"{label}{GLYPH_SEP}{font!r} has no glyph for {ch!r} (U+{ord(ch):04X})"
        f"{nor_fallbacks(fallbacks)}; it will print as a blank box"
    )


def nor_fallbacks(fallbacks: Sequence[str]) -> str:
    """ ", nor has its fallback 'X'" (or "…nor have its fallbacks 'X', 'Y'") after a font
    that lacks a character: the fonts tried after it, which lack it too."""
    tried = list(dict.fromkeys(fallbacks))
    if not tried:
        return ""
    names = ", ".join(repr(f) for f in tried)
    if len(tried) == 1:
        return f", nor has its fallback {names}"
    return f", nor have its fallbacks {names}"


def glyphs_once(issues: Iterable[Issue]) -> list[Issue]:
    """Missing-glyph warnings once per (field, font, character), at the first component
    hit, saying how many components it hits; other issues unchanged, in their order."""
    out: list[Issue] = []
    groups: dict[tuple[str, str], list[Issue]] = {}
    for issue in dict.fromkeys(issues):
        if issue.level == "warning" and GLYPH_SEP in issue.message:
            groups.setdefault((issue.field, issue.message.split(GLYPH_SEP, 1)[1]), []).append(issue)
        else:
            out.append(issue)
    for hits in groups.values():
        first = min(hits, key=lambda i: (i.file, i.line or 0, i.message))
        components = {i.message.split(GLYPH_SEP, 1)[0] for i in hits}
        more = f" (on {len(components)} components)" if len(components) > 1 else ""
        out.append(dataclasses.replace(first, message=first.message + more))
    return out
