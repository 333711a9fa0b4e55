"""The direction of text: which runs go right to left, and in what order a line's runs
are seen (the Unicode Bidirectional Algorithm, UAX #9, as card text needs it).

Each character gets an embedding level from its bidi class (`levels`: rules W1-W7, N1-N2
and I1-I2, without explicit embeddings, isolates or bracket pairs, which card text does
not use), and the runs of a line are reversed level by level (`reorder`, rule L2).
python-bidi, the well-kept implementation, is not used here: its public API returns only
the reordered string, and a card line is made of runs in several fonts and colours that
must move as runs; tests/layout/test_scripts.py checks the order made here against python-bidi's.
"""

from __future__ import annotations

import unicodedata
from typing import Any


def _rtl_char(ch: str) -> bool:
    return unicodedata.bidirectional(ch) in ("R", "AL")


def has_rtl(text: str) -> bool:
    """Whether `text` holds a right-to-left letter (Hebrew, Arabic, Syriac, Thaana, …)."""
    return not text.isascii() and any(ord(ch) >= 0x0590 and _rtl_char(ch) for ch in text)


def rtl_paragraph(text: str) -> bool:
    """A paragraph's direction (rule P2): right to left when its first strong letter is."""
    if text.isascii():
        return False
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind == "L":
            return False
        if kind in ("R", "AL"):
            return True
    return False


def rtl_run(text: str) -> bool:
    """Whether a run of text as the layout draws it is right to left: its first strong
    character is (a run holds one direction; see `visual_line`)."""
    return rtl_paragraph(text)


_NUMBER = frozenset(("EN", "AN"))
_NUMBER_SEP = frozenset(("ES", "CS", "ET"))


def levels(text: str, base: int) -> list[int]:
    """Each character's embedding level in a paragraph of level `base` (0 or 1): the weak
    types resolved, then the neutrals, then the implicit levels (rules W, N and I)."""
    strong = "R" if base else "L"
    kinds = _weak_types(text, strong)
    direction = _neutral_directions(kinds, strong)
    out = []
    for k, d in zip(kinds, direction):  # I1-I2
        if base == 0:
            out.append(2 if k in _NUMBER else 1 if d == "R" else 0)
        else:
            out.append(1 if d == "R" and k not in _NUMBER else 2)
    return out


def _weak_types(text: str, strong: str) -> list[str]:
    """Each character's bidirectional type once the weak types are resolved (W1-W7) in a
    paragraph whose direction is `strong`."""
    kinds = [unicodedata.bidirectional(ch) or "ON" for ch in text]
    kinds = ["R" if k == "AL" else k for k in kinds]  # W3, after W2 below reads AL
    last = strong
    raw = [unicodedata.bidirectional(ch) for ch in text]
    for i, k in enumerate(kinds):  # W1 (NSM takes the previous type), W2 (EN after AL: AN)
        if k == "NSM":
            kinds[i] = kinds[i - 1] if i else strong
        elif k == "EN" and last == "AL":
            kinds[i] = "AN"
        if raw[i] in ("L", "R", "AL"):
            last = raw[i]
    for i in range(1, len(kinds) - 1):  # W4-W5: a separator or terminator between numbers
        if kinds[i] in _NUMBER_SEP and kinds[i - 1] in _NUMBER and kinds[i + 1] in _NUMBER:
            kinds[i] = kinds[i - 1]
    last = strong
    for i, k in enumerate(kinds):  # W7: a European number after L (or in an L paragraph) is L
        if k in ("L", "R"):
            last = k
        elif k == "EN" and last == "L":
            kinds[i] = "L"
    return kinds


def _neutral_directions(kinds: list[str], strong: str) -> list[str]:
    """N1-N2: each character's direction, a run of neutrals between two strong directions
    that agree taking it, else the paragraph's (numbers count as right to left)."""
    direction = ["L" if k == "L" else "R" if k in ("R", "EN", "AN") else "" for k in kinds]
    i = 0
    while i < len(direction):
        if direction[i]:
            i += 1
            continue
        j = i
        while j < len(direction) and not direction[j]:
            j += 1
        left = direction[i - 1] if i else strong
        right = direction[j] if j < len(direction) else strong
        for n in range(i, j):
            direction[n] = left if left == right else strong
        i = j
    return direction


def reorder(runs: list[Any], run_levels: list[int]) -> list[Any]:
    """Rule L2: from the highest level down to the lowest odd one, reverse every stretch
    of runs at that level or higher."""
    order = list(range(len(runs)))
    if not runs:
        return []
    top = max(run_levels)
    low = min((v for v in run_levels if v % 2), default=top + 1)
    for level in range(top, low - 1, -1):
        i = 0
        while i < len(order):
            if run_levels[order[i]] >= level:
                j = i
                while j < len(order) and run_levels[order[j]] >= level:
                    j += 1
                order[i:j] = order[i:j][::-1]
                i = j
            else:
                i += 1
    return [runs[k] for k in order]
