"""The drawing a game's faces may hold: path segments counted as the faces are drawn.

A drawing (an SVG picture, a game's own SVG icon, a drawn layout) is bounded by itself
(`art.svgparse.MAX_SEGMENTS`), but it is drawn again on every face that shows it, and an
icon again wherever a text names it: one picture within its bound, shown on sixty cards,
held 14 million segments and took a build 89 s of processor time and 1.1 GB; an icon
within its bound named 200 times in one card's text filled 1.3 GB in a minute drawing that
one card. So what the drawings add up to is bounded too, where they are drawn:

- a face draws at most `MAX_FACE_SEGMENTS` segments, counted box by box as the painter
  draws them (`Painter.box`, and a box drawn on a face before, `BoxMemo.draw`), and
  refused at the box that passes the bound, before anything compares or keeps its ops;
- a game's faces draw at most `MAX_GAME_SEGMENTS` in all, each distinct face counted
  once as it is laid out or read back (`Faces`), refused at the component whose face
  passes it.

Either is bad input (exit 2, nothing written): the build lays its faces out before it
writes. A segment is one command of a path (a move, a line, a curve, a close), of a
path op, a clip, or an icon's parts; the faces of the shipped games draw at most a few
hundred each.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..ops import Group, Icon, Op, Path, SymbolPart

# two drawings at the bound of one file (`svgparse.MAX_SEGMENTS`, 250,000) on one face
MAX_FACE_SEGMENTS = 500_000
# 50,000 faces (the most cards a game may print) of 160 segments each: the faces of the
# shipped games draw 80 to 180 on average, at most 350
MAX_GAME_SEGMENTS = 8_000_000

# the segments of each icon's parts, by the parts' id (the tuple kept beside its count, so
# that the id is not another's): a text's icons share their symbol's parts, counted once
_PARTS: dict[int, tuple[tuple[SymbolPart, ...], int]] = {}
_PARTS_MAX = 4096


def segments(ops: Iterable[Op]) -> int:
    """The path segments `ops` draw: each command of a path's data, of a group's clip and
    of an icon's parts, groups opened."""
    n = 0
    for op in ops:
        if isinstance(op, Path):
            n += len(op.d)
        elif isinstance(op, Group):
            n += segments(op.ops) + (len(op.clip) if op.clip else 0)
        elif isinstance(op, Icon):
            n += _parts_segments(op.parts)
    return n


def _parts_segments(parts: tuple[SymbolPart, ...]) -> int:
    known = _PARTS.get(id(parts))
    if known is not None and known[0] is parts:
        return known[1]
    n = sum(len(p.d) for p in parts)
    if len(_PARTS) >= _PARTS_MAX:
        _PARTS.clear()
    _PARTS[id(parts)] = (parts, n)
    return n


def face_message(whose: str, box: str, drawn: int) -> str:
    """Why a face (of `whose`: "component 'x'") is refused whose boxes up to `box` draw
    `drawn` segments."""
    return (
        f"the face of {whose} draws {drawn:,} path segments by its box {box!r}, more than the "
        f"{MAX_FACE_SEGMENTS:,} cardstock draws on one face: a drawing is drawn again "
        "wherever it is shown (an icon wherever its text names it); simplify the drawings "
        "this face shows (Inkscape: Path > Simplify), or export the largest as a PNG"
    )


def game_message(drawn: int, faces: int) -> str:
    """Why a game is refused whose first `faces` faces draw `drawn` segments in all."""
    return (
        f"with this face the game's {faces:,} faces draw {drawn:,} path segments in all, "
        f"more than the {MAX_GAME_SEGMENTS:,} cardstock draws for one game: a drawing is "
        "drawn again on every face that shows it; simplify the drawings many faces show "
        "(Inkscape: Path > Simplify), or export them as PNG"
    )
