"""The rules checker's checks of the laid-out faces: `lint(job)`, the `print-safety` check,
`colour_vision(job)`, the `colour-vision` check (`cardstock.layout.safety.vision`), and
`greyscale(job)`, the `greyscale` check (`cardstock.layout.safety.greyscale`).

Both read what the layout step (`cardstock.layout.step`) kept of every face of every
component as it laid it out (once per build: the stages draw the same faces), each part of
a card whose text continues included (`Faces.printing`: a part after the first is a face of
its own, often on a layout of its own). Print safety
gathers what was found while drawing each face: template errors, text that does not fit
at its minimum size, content outside the safe zone, low contrast
(`cardstock.layout.safety.measures.face_check`). The layout and symbol files, and the names they
use, were checked before any face was drawn (`cardstock.validate`)."""

from __future__ import annotations

import dataclasses

from ...core.issues import Issue
from ...core.scripts import glyphs_once
from ...core.stage import Job
from ..faces import DRAWING, ordered
from ..step import lay_out


def lint(job: Job) -> list[Issue]:
    """What drawing the game's faces found (see the module's docstring)."""
    found = lay_out(job).findings
    # input errors (a layout template naming nothing, a font it picks that does not exist)
    # once per place in the input; the rules check reports them as bad input, exit 2
    bad = [i for i in found if i.bad_input and i.level == "error"]
    return once_per_place(bad) + ordered(
        glyphs_once(i for i in found if not (i.bad_input and i.level == "error"))
    )


def colour_vision(job: Job) -> list[Issue]:
    """Warnings for the game's looks colour-blind players cannot tell apart
    (`vision.Looks.warnings`)."""
    return lay_out(job).looks.warnings()


def greyscale(job: Job) -> list[Issue]:
    """Warnings for the values of a field (and the deck backs) that read as one in
    greyscale or in a colour-vision view (`greyscale.Values.warnings`)."""
    return lay_out(job).values.warnings()


def _within_layout(field: str) -> str:
    """A layout's field without the layout's name (`layouts.note.boxes.title.font` →
    `boxes.title.font`): the key as the file states it, for every layout inheriting it."""
    parts = field.split(".", 2)
    return parts[2] if len(parts) == 3 and parts[0] == "layouts" else field


def once_per_place(issues: list[Issue]) -> list[Issue]:
    """Input errors met while drawing, one per place in the input, with the number of faces
    it hit: a template that picks an unknown font for every card is one problem, not one per
    card. A place is a file's line and the key it sets, whichever layout draws it: a box one
    layout defines and the layouts extending it inherit is one place, named by the layout
    of the first face it hit."""
    hits: dict[
        tuple[str, int, str], tuple[Issue, dict[str, None]]
    ] = {}  # the faces hit, in order, each once
    for issue in issues:
        m = DRAWING.match(issue.message)
        base = dataclasses.replace(issue, message=m.group("message")) if m else issue
        place = (
            issue.file,
            issue.line or 0,
            _within_layout(issue.field) if issue.line else issue.field,
        )
        _first, who = hits.setdefault(place, (base, {}))
        if m:  # a face named: an issue of its input alone (a text's own file) names none
            who[m.group("who")] = None
    out = []
    for (_file, _line, _field), (issue, hit) in sorted(hits.items(), key=lambda item: item[0]):
        names = list(hit)
        n = len(names)
        if not n:
            out.append(issue)
            continue
        many = f"{n} faces, first {names[0]}" if n > 1 else names[0]
        out.append(dataclasses.replace(issue, message=f"{issue.message} (drawing {many})"))
    return out
