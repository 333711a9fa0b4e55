"""Which text cardstock can print: any text a font of the project can draw.

Text is normalised to Unicode NFC as it is read (a letter typed as a base letter plus a
combining accent becomes the one precomposed letter the fonts draw in place), and nothing
else is done to it then: no script and no character is refused when the catalog is read.
Chinese, Japanese and Korean lines break between characters, Arabic and Hebrew are shaped
and put in visual order (`cardstock.layout.text.scripts`), an emoji or any other symbol prints
in the first font of the box that has its glyph (its font, then its `fallback` fonts), and
a character none of them has is reported by the layout as a warning at its line, naming
the component, the field, the character and every font tried (`glyph_warning`).

A default-ignorable character (a variation selector such as the emoji presentation
selector U+FE0F, a zero-width joiner, a soft hyphen) that the font lacks is drawn as
nothing, as Unicode asks, and is not reported (`ignorable`).
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .issues import Issue

# Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt)
IGNORABLE_RANGES = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)


def nfc(value: Any) -> Any:
    """`value` with every string in it NFC-normalised (lists too)."""
    if isinstance(value, str):
        return value if value.isascii() else unicodedata.normalize("NFC", value)
    if isinstance(value, list):
        return [nfc(v) for v in value]
    return value


def printable(value: Any) -> Any:
    """A validator for text that is printed: NFC-normalised. Nothing is refused here; what
    no font can draw is found where the text is laid out."""
    return nfc(value)


def ignorable(ch: str) -> bool:
    """A default-ignorable character: one a font that lacks it draws as nothing (a
    variation selector, a joiner, a soft hyphen, a bidi control, a tag)."""
    code = ord(ch)
    return code >= 0xAD and any(lo <= code <= hi for lo, hi in IGNORABLE_RANGES)


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
