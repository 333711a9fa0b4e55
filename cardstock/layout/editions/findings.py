"""What the print-safety lint finds of a face in an edition, measured on the edition's own
ops: its contrast findings are the edition's, not the colour layout's.

Sizes and places are the same in every edition (an edition repaints, it moves nothing),
so the colour face's other findings stand. Its contrast findings are dropped, and every
text run and icon of the edition's ops is measured as the lint measures it
(`safety.measures.least_contrast`, against the fills drawn before it) and held to the
edition's ratio (`RATIOS`: the lint's 4.5:1 for the ink-saver, 7:1 for high-contrast).
A run below it is a warning at the box that drew it (found by the box's note: the
smallest whose rectangle holds the run's centre), once per box. The boxes' notes follow
suit, so the proof sheets of an edition outline the edition's low contrast: the colour
notes' "contrast" is dropped and set on each box the edition's measure found low.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace

from ...core.issues import Issue
from ..language.load import LayoutSet
from ..ops import Group, Icon, Matrix, Note, Op, Text, multiply
from ..safety.ground import IDENTITY, Paint, fills, path_points, points_box
from ..safety.measures import CONTRAST_ADVICE, MIN_CONTRAST, Mark, box_origin, least_contrast, marks
from .repaint import HIGH_CONTRAST, INK_SAVER

RATIOS = {INK_SAVER: MIN_CONTRAST, HIGH_CONTRAST: 7.0}
# where a box of a layout is set: (layout, box) -> (file, line)
Locate = Callable[[str, str], tuple[str, int | None]]
Clip = tuple[float, float, float, float] | None
CONTRAST = "contrast"  # the problem a note names (`ops.Note`), outlined on the proof sheets


def edition_findings(
    ops: Sequence[Op],
    edition: str,
    colour: Sequence[Issue],
    notes: Sequence[Note],
    locate: Locate | None = None,
) -> tuple[tuple[Issue, ...], tuple[Note, ...]]:
    """The findings and the boxes' notes of a face in `edition` drawn as `ops`, from the
    colour face's (`colour`, `notes`): its findings but its contrast findings, then the
    edition's own; its notes without "contrast", then "contrast" on each box the edition
    found low (see the module's docstring)."""
    kept = [i for i in colour if CONTRAST_ADVICE not in i.message]
    ratio = RATIOS.get(edition, MIN_CONTRAST)
    low = _low(ops, ratio)
    by_box: dict[str, tuple[float, Mark, str]] = {}
    for got, mark, under in low:
        name = _box_of(mark, notes)
        if name not in by_box or got < by_box[name][0]:
            by_box[name] = (got, mark, under)
    for name, (got, mark, under) in by_box.items():
        layout, _, box = name.partition(".")
        file, line = locate(layout, box) if locate is not None and box else ("layouts", None)
        field = f"layouts.{layout}.boxes.{box}" if box else ""
        kept.append(
            Issue(
                file,
                line,
                field,
                f"in the {edition} edition, {mark.color} on {under} is "
                f"{math.floor(got * 10) / 10:.1f}:1, below the {ratio:g}:1 the edition "
                f"holds its text to; {CONTRAST_ADVICE}",
                "warning",
            )
        )
    return tuple(kept), _noted(notes, {n: m for n, (_, m, _) in by_box.items()})


def _noted(notes: Sequence[Note], low: dict[str, Mark]) -> tuple[Note, ...]:
    """`notes` with "contrast" where the edition found it (`low`: box name → its lowest
    run) and nowhere else; a run no noted box holds gets a note of its own at its place."""
    out = []
    for n in notes:
        problems = tuple(p for p in n.problems if p != CONTRAST)
        if n.box in low:
            problems += (CONTRAST,)
        out.append(n if problems == n.problems else replace(n, problems=problems))
    if "" in low:
        out.append(Note("", *low[""].box, problems=(CONTRAST,)))
    return tuple(out)


def located_in(layouts: LayoutSet) -> Locate:
    """`Locate` of a game's layouts: the file and line each box was placed at."""

    def locate(layout: str, box: str) -> tuple[str, int | None]:
        lay = layouts.resolve(layout)
        found = next((b for b in lay.boxes if b.name == box), None) if lay else None
        return box_origin(found) if found is not None else ("layouts", None)

    return locate


def _low(ops: Sequence[Op], ratio: float) -> list[tuple[float, Mark, str]]:
    """Each text run and icon of `ops` below `ratio`:1: (its contrast, it, the colour)."""
    paints: list[Paint] = []
    out: list[tuple[float, Mark, str]] = []

    def walk(items: Sequence[Op], m: Matrix, clip: Clip) -> None:
        for op in items:
            if isinstance(op, Group):
                inner = multiply(m, op.transform) if op.transform else m
                box = clip
                if op.clip:
                    found = points_box(path_points(op.clip), inner)
                    box = found if found is not None else clip
                walk(op.ops, inner, box)
            elif isinstance(op, (Text, Icon)):
                for mark in marks((op,), m):
                    got = least_contrast(mark, paints)
                    if got is not None and got[0] < ratio:
                        out.append((got[0], mark, got[1]))
            else:
                paints.extend(fills((op,), m, clip))

    walk(ops, IDENTITY, None)
    return out


def _box_of(mark: Mark, notes: Sequence[Note]) -> str:
    """The box that drew `mark`: the smallest noted box holding its centre ("" if none)."""
    x0, y0, x1, y1 = mark.box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    holding = [n for n in notes if n.x0 <= cx <= n.x1 and n.y0 <= cy <= n.y1 and n.x1 > n.x0]
    if not holding:
        return ""
    return min(holding, key=lambda n: (n.x1 - n.x0) * (n.y1 - n.y0)).box
