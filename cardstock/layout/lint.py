"""The rules checker's checks of the laid-out faces: `lint(job)`, the `print-safety` check,
and `colour_vision(job)`, the `colour-vision` check (`cardstock.layout.vision`).

Both read what the layout step (`cardstock.layout.step`) kept of every face of every
component as it laid it out (once per build: the stages draw the same faces). Print safety
gathers what was found while drawing each face: template errors, text that does not fit
at its minimum size, content outside the safe zone, low contrast
(`cardstock.layout.printsafe.face_check`). The layout and symbol files, and the names they
use, were checked before any face was drawn (`cardstock.validate`)."""

from __future__ import annotations

import dataclasses

from ..core.issues import Issue
from ..core.scripts import glyphs_once
from ..core.stage import Job
from .faces import DRAWING, ordered
from .step import lay_out


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


def once_per_place(issues: list[Issue]) -> list[Issue]:
    """Input errors met while drawing, one per place in the input (file, line, field), with
    the number of faces it hit: a template that picks an unknown font for every card is
    one problem, not one per card."""
    hits: dict[
        tuple[str, int, str], tuple[Issue, dict[str, None]]
    ] = {}  # the faces hit, in order, each once
    for issue in issues:
        m = DRAWING.match(issue.message)
        base = dataclasses.replace(issue, message=m.group("message")) if m else issue
        _first, who = hits.setdefault((issue.file, issue.line or 0, issue.field), (base, {}))
        who[m.group("who") if m else f"{issue.file}:{issue.line}"] = None
    out = []
    for (_file, _line, _field), (issue, hit) in sorted(hits.items(), key=lambda item: item[0]):
        names = list(hit)
        n = len(names)
        many = f"{n} faces, first {names[0]}" if n > 1 else names[0]
        out.append(dataclasses.replace(issue, message=f"{issue.message} (drawing {many})"))
    return out
