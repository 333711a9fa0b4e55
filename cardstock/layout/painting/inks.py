"""Which boxes of a face ask the ink-saver edition for what, told as the face is painted.

A box's `ink` key (docs/editions.md) says what the ink-saver does to the fills and art the
box draws; a box whose fills a player reads as marks (`READ_AS_MARKS`: die pips) keeps
them when it says nothing. Painting tells each such box to a list of `InkSpan`s, and the
edition (`layout.editions`) repaints those ops as the box asked.
"""

from __future__ import annotations

from typing import Any

# (panel, first op, op count, ink) of each box giving one: `panel` () for the face's own
# ops, (k,) for those inside its k-th op (a composed face's panel, a clipped group)
InkSpan = tuple[tuple[int, ...], int, int, str]
# the boxes whose fills a player reads as marks, kept unless their `ink` says otherwise
READ_AS_MARKS = {"pips": "keep"}


def box_ink(box: Any) -> str | None:
    """What the ink-saver does to a layout box's fills and art: its `ink`, else the kept
    ink of a box read as marks (`READ_AS_MARKS`), else None (the rules for any fill)."""
    ink = box.get("ink")
    if isinstance(ink, str):
        return ink
    kind = box.get("type")
    return READ_AS_MARKS.get(kind) if isinstance(kind, str) else None
