"""The layout step: every face of a game laid out once, before the checks and the stages
that read faces.

    laid = lay_out(job)     the game's faces laid out (at most once a build and game)
    laid.findings           what drawing each face found, face by face (print safety)
    laid.looks              what the colour-vision check compares (`vision.Looks`)
    laid.values             what the greyscale check compares (`greyscale.Values`)

A build runs the step for each game it checks, before the check (`cardstock.build`); a
plain `cardstock check` runs it when the first check that reads faces asks for it. The
step walks the catalog once as the stages print it (`Faces.printing`: each part of a card
whose text continues after the card), each component's record (`Faces.records`) and its
front then its back (none when the continued texts add more cards than a game may print,
`continued.GAME_PARTS_MAX`: that one error is all the step finds), and hands each face,
as it is laid out (or read back from the cache), to what the checks keep: the findings
its drawing met, and its look as colour-blind players see it. A game too big to keep
every drawing in memory (`faces.RETAIN_MAX`) keeps only outlines after the step, which
reads back no drawing but that of a deck back many cards share, once. The faces stay on
the game's `Faces`, so the stages that draw (render, impose) draw the faces the step made
instead of laying them out again, and so does what the step kept (`Faces.step`): a
`--watch` build makes new `Faces`, and with them runs the step again.
"""

from __future__ import annotations

from ..core.issues import Issue
from ..core.stage import Job
from .faces import Faces
from .safety.greyscale import Values
from .safety.vision import Looks


class LaidOut:
    """What the checks that read faces keep of one game's faces (one a game and build,
    never compared: a plain class)."""

    __slots__ = ("findings", "looks", "values")

    def __init__(self, findings: list[Issue], looks: Looks, values: Values) -> None:
        self.findings = findings
        self.looks = looks
        self.values = values


def lay_out(job: Job) -> LaidOut:
    """Lay out every face of the job's game, once (see the module's docstring)."""
    faces = job.faces
    if isinstance(faces.step, LaidOut):
        return faces.step
    # the faces as the stages print them: each part of a card whose text continues is a face
    # (the same tables of faces as `faces`, so the stages draw what the step laid out)
    printing = faces.printing()
    findings: list[Issue] = []
    looks = Looks(printing.catalog, faces.kept)
    values = Values(printing.catalog)
    if faces.refused is not None:  # more continued parts than a game may print: bad input,
        done = faces.step = LaidOut([faces.refused], looks, values)  # and none laid out
        return done
    for record in printing.records.each():
        comp = record.shown.component
        front = printing.face(record, "front")
        if front is not None:
            findings += front.findings
            looks.front(comp, front)
            values.front(comp, front)
        back = printing.outline(record, "back")  # a deck back many share: its drawing read once
        if back is not None:
            findings += back.findings
            looks.back(comp, back, printing.full)
            if values.wants_back(comp):
                values.back(comp, printing.full(back))
    done = faces.step = LaidOut(findings, looks, values)
    return done


def was_laid_out(faces: Faces) -> bool:
    """Has the step laid out these faces?"""
    return isinstance(faces.step, LaidOut)


__all__ = ["LaidOut", "lay_out", "was_laid_out"]
