"""The **continued** edits: a number, name or rule word of a card's text that a later part of
the card prints (a text box with `overflow = "continue"` splits it onto more cards).

Which words a part prints is the layout's to say, and this room runs before it: the caller
hands in each later part with the words its face prints (`Part`). An edit of a card's text
whose words around the change (up to three each side, at least two in all, read in the
card's text alone) that part prints is that part's edit: its kind is `continued` and its
place the card's name and the part ("Relic, part 2/2", or "Relic, back" for a text that
continues on the card's own back); the change itself is the same
edit of the same cell.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ..player_texts import Region
from ..reading.phrases import words
from .changes import Edit

AROUND = 3  # words each side of a change that place it in a part
_WORD = re.compile(r"[\w$']+")
_REACH = 80  # characters read each side of a change for its words around


@dataclass(frozen=True)
class Part:
    """One later part of a continued card: the card (its name, id, and the file and line
    that define it), which part of how many, and the words its face prints."""

    card: str
    card_id: str
    file: str  # as the report names it
    line: int | None
    part: int
    parts: int
    said: str
    on_back: bool = False  # the card's own back (`continue_on = "back"`), not a card of its own

    def holds(self, region: Region) -> bool:
        """Whether `region` is a text of this part's card: a cell of its row, or a value
        of the line that defines it (a card written in game.toml)."""
        if region.shown != self.file:
            return False
        return region.row_id == self.card_id if region.row_id else region.line == self.line


def _windows(text: str, start: int, end: int) -> list[str]:
    """The change's words with up to `AROUND` whole words before and after it, widest first,
    each with at least two words of its text besides the change (read as `words` reads):
    a part's words may begin or end anywhere around the change."""
    lo, hi = max(0, start - _REACH), min(len(text), end + _REACH)
    left = _WORD.findall(text[lo:start])
    right = _WORD.findall(text[end:hi])
    if lo > 0 and left:
        left = left[1:]  # a word the reach cut
    if hi < len(text) and right:
        right = right[:-1]
    left, right = left[-AROUND:], right[:AROUND]
    spans = [
        (i, j) for i in range(len(left), -1, -1) for j in range(len(right), -1, -1) if i + j >= 2
    ]
    spans.sort(key=lambda s: -(s[0] + s[1]))
    return [
        words(" ".join([*left[len(left) - i :], text[start:end], *right[:j]])) for i, j in spans
    ]


def continued(region: Region, found: Iterable[Edit], parts: Sequence[Part]) -> list[Edit]:
    """`found` (edits of `region`'s words) with each one-change edit that a later part of
    the region's card prints made that part's (`continued`, placed by the card and part):
    the words around the change are read in the region alone."""
    out = list(found)
    if not parts:
        return out
    said = [(p, words(p.said)) for p in parts if p.holds(region)]
    if not said:
        return out
    for k, e in enumerate(out):
        if len(e.changes) != 1:
            continue
        c = e.changes[0]
        spans = _windows(region.text, c.start - region.start, c.end - region.start)
        part = next((p for w in spans for p, s in said if w in s), None)
        if part is not None:
            where = f"{part.card}, " + (
                "back" if part.on_back else f"part {part.part}/{part.parts}"
            )
            out[k] = replace(e, kind="continued", where=f"{where} ({e.where})")
    return out


__all__ = ["AROUND", "Part", "continued"]
