"""Which text cardstock can print, decided when the catalog is read.

Text is normalised to Unicode NFC as it is read (a letter typed as a base letter plus a
combining accent becomes the one precomposed letter the fonts draw in place). The fonts
cardstock ships (Liberation Sans and Serif) draw Latin, Greek and Cyrillic; three kinds of
text cannot print and are refused with their location rather than printed blank:

- Chinese, Japanese and Korean characters (no shipped font has them);
- emoji (no colour or symbol font is shipped);
- right-to-left scripts such as Arabic and Hebrew (the text is not shaped or reordered,
  so even letters a font has would print wrongly).

Any other character a face's font lacks is reported by the layout as a warning naming
the component, field and character.
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
    """Why `text` cannot be printed (its first character of a refused kind), or None."""
    if text.isascii():
        return None
    for ch in text:
        if ord(ch) < 0x0590:  # Latin, Greek, Cyrillic, Armenian and their marks
            continue
        shown = f"{ch!r} (U+{ord(ch):04X})"
        if unicodedata.bidirectional(ch) in ("R", "AL"):
            script = unicodedata.name(ch, "right-to-left").split()[0].capitalize()
            return (
                f"{shown} is {script}, a right-to-left script; cardstock cannot lay out "
                "right-to-left text yet (see 'Which scripts print' in docs/catalog-format.md)"
            )
        if _emoji(ch):
            return (
                f"{shown} is an emoji; cardstock ships no emoji font, so it would not print "
                "(use an :icon: from the game's [icons] instead)"
            )
        if unicodedata.east_asian_width(ch) in ("W", "F"):
            return (
                f"{shown} is Chinese, Japanese or Korean; cardstock ships no font for these "
                "scripts, so it would print blank (see 'Which scripts print' in "
                "docs/catalog-format.md)"
            )
    return None


def printable(value: Any) -> Any:
    """A validator for text that is printed: NFC-normalised, and refused (ValueError) when
    it holds characters of a script cardstock cannot print."""
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
