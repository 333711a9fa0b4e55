"""A line holding right-to-left text (Arabic, Hebrew, …) in visual order.

Lines are broken on the logical text; each line is then reordered (`visual_line`): every
character gets a bidi embedding level (`cardstock.core.bidi`), and the runs of one font,
colour, size and level are reversed level by level (rule L2 of UAX #9). A right-to-left
run keeps its logical text: HarfBuzz shapes it (joining forms, lam-alef, mirrored
brackets) when it is measured (`fonts.string_width`) and drawn (the PDF through
`cardstock.render.shaping`; an SVG viewer shapes a run marked `direction="rtl"` itself).
"""

from __future__ import annotations

from ...core.bidi import levels, reorder
from .words import Line, Word, _Piece, _piece


def visual_line(line: Line, base: int) -> Line:
    """`line` (words in logical order) in visual order: one word per run of one font,
    colour, size and direction, each drawn alone (`_Piece.alone`), the spaces inside the
    runs, each measured again (as shaped, when right to left)."""
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
            made = _piece(txt, font, src.color, src.scale)
            made.rtl = bool(lv % 2)
        made.alone = True
        if words and _joins(words[-1].pieces[-1], made, lv):
            prev = words[-1].pieces[-1]
            joined = prev.text + made.text if not lv % 2 else made.text + prev.text
            merged = _piece(joined, prev.font, prev.color, prev.scale)
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
