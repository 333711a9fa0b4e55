"""Lengths with units ("63.5mm", "2.5in", "9pt") parsed to PDF points, in one place.

A pixel (`px`) is 1/96 in (CSS's) unless a resolution is given: a game's `[print] dpi`
(Squib and nanDECK measure cards at 300 dpi, so "825px" is 2.75 in there), which every
length of that game and its layouts is parsed with (`dpi=`), and which `in_points`
writes into a game file's sizes before anything else reads them.
"""

from __future__ import annotations

import re
from functools import lru_cache

POINTS_PER: dict[str, float] = {
    "pt": 1.0,
    "in": 72.0,
    "mm": 72.0 / 25.4,
    "cm": 72.0 / 2.54,
    "pc": 12.0,
    "px": 0.75,  # CSS pixel: 1/96 in
}

_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*([a-z]*)\s*$")

# Named card and tile sizes (width x height, portrait).
NAMED_SIZES: dict[str, tuple[str, str]] = {
    "poker": ("63.5mm", "88.9mm"),
    "bridge": ("57.15mm", "88.9mm"),
    "tarot": ("70mm", "120mm"),
    "mini": ("44mm", "63.5mm"),
    "square": ("63.5mm", "63.5mm"),
    "token": ("25mm", "25mm"),
    "hex": ("60mm", "51.96mm"),
}

PAPERS: dict[str, tuple[str, str]] = {
    "letter": ("8.5in", "11in"),
    "a4": ("210mm", "297mm"),
    "half-letter": ("5.5in", "8.5in"),
    "a5": ("148mm", "210mm"),
}
# How a paper is named to people (footers, the downloads page, messages).
PAPER_LABELS: dict[str, str] = {
    "letter": "US Letter",
    "a4": "A4",
    "half-letter": "Half Letter",
    "a5": "A5",
}


class UnitError(ValueError):
    """A length that cannot be read; the message says what was expected."""


def parse_length(
    text: str | int | float, *, allow_negative: bool = False, dpi: float | None = None
) -> float:
    """Return the length in points. Bare numbers are refused: a unit is always required.
    `dpi`: the pixels to the inch of `px` (None: 96, CSS's pixel)."""
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        if text == 0:
            return 0.0
        raise UnitError(
            f"expected a length with a unit such as '3mm', got the bare number {text!r}"
        )
    if not isinstance(text, str):
        raise UnitError(f"expected a length such as '3mm', got {text!r}")
    return _text_length(text, allow_negative, dpi)


@lru_cache(maxsize=4096)
def _text_length(text: str, allow_negative: bool, dpi: float | None) -> float:
    """`parse_length` of a text, read once per process for each text: a layout's boxes
    give the same few lengths on every face (an error is raised again each time)."""
    m = _LENGTH.match(text.lower())
    if not m:
        raise UnitError(f"expected a length such as '63.5mm', '2.5in' or '9pt', got {text!r}")
    value, unit = float(m.group(1)), m.group(2)
    if unit == "":
        if value == 0:
            return 0.0
        raise UnitError(f"expected a unit (mm, cm, in, pt, pc, px) after the number in {text!r}")
    if unit not in POINTS_PER:
        known = ", ".join(POINTS_PER)
        raise UnitError(f"unknown unit {unit!r} in {text!r}; expected one of {known}")
    if value < 0 and not allow_negative:
        raise UnitError(f"expected a length of zero or more, got {text!r}")
    if unit == "px" and dpi:
        return value * 72.0 / dpi
    return value * POINTS_PER[unit]


def parse_size(text: str, dpi: float | None = None) -> tuple[float, float]:
    """A named size ("poker") or "WxH" with units ("63.5mm x 88.9mm") → (width, height) in
    points."""
    key = text.strip().lower()
    if key in NAMED_SIZES:
        w, h = NAMED_SIZES[key]
        return parse_length(w), parse_length(h)
    if key in PAPERS:
        w, h = PAPERS[key]
        return parse_length(w), parse_length(h)
    parts = re.split(r"\s*(?:×|(?<!p)x)\s*", key)  # the "x" of "px" is no separator
    if len(parts) != 2:
        names = ", ".join(sorted(NAMED_SIZES))
        raise UnitError(
            f"expected a size name ({names}) or 'WIDTH x HEIGHT' such as '63.5mm x 88.9mm', "
            f"got {text!r}"
        )
    width, height = parse_length(parts[0], dpi=dpi), parse_length(parts[1], dpi=dpi)
    if width <= 0 or height <= 0:
        raise UnitError(f"expected a size larger than zero, got {text!r}")
    return width, height


def parse_offset(text: str) -> tuple[float, float]:
    """ "1.2mm,-0.5mm" → (dx, dy) in points (negative allowed)."""
    parts = [p for p in re.split(r"\s*,\s*", text.strip())]
    if len(parts) != 2:
        raise UnitError(f"expected an offset 'X,Y' such as '1.2mm,-0.5mm', got {text!r}")
    return parse_length(parts[0], allow_negative=True), parse_length(parts[1], allow_negative=True)


# a pattern's text: `re.compile` makes it when first asked and keeps it (a build that
# never asks does not compile it)
_PIXELS = "(?i)" r"(?<![\w.])(-?\d+(?:\.\d+)?|-?\.\d+)\s*px\b"


def in_points(text: str, dpi: float | None) -> str:
    """`text` (a length or a size) with each pixel length written in points at `dpi`
    ("825px x 1125px" at 300 dpi → "198pt x 270pt"); unchanged without a dpi."""
    if not dpi or not isinstance(text, str) or "px" not in text.lower():
        return text
    return re.compile(_PIXELS).sub(lambda m: f"{float(m.group(1)) * 72.0 / dpi:.6g}pt", text)


def fmt_mm(points: float) -> str:
    """Points → a short millimetre string for messages ("63.5mm")."""
    return f"{points / POINTS_PER['mm']:.1f}mm"
