"""The editions of a face: one transformation of its drawing ops, made in one place
(`layout.faces`, as a face of a game in an edition is laid out), so that every output that
draws the face — SVG, PDF, PNG, sheets, exports — draws the edition's.

    in_edition(face, "ink-saver", side)       fills lightened or dropped, backs outlined
    in_edition(face, "high-contrast", side)   every text run at 7:1, rules thicker

What each edition does to each kind of op is `repaint`'s; docs/editions.md says it for
designers.
"""

from __future__ import annotations

from ..ops import Face
from ..painting.inks import InkSpan
from .findings import Locate, edition_findings, located_in
from .repaint import HIGH_CONTRAST, INK_SAVER, INKS, Inks, repaint

EDITIONS = (INK_SAVER, HIGH_CONTRAST)


def in_edition(
    face: Face, edition: str, side: str, inks: Inks = (), locate: Locate | None = None
) -> Face:
    """`face` as `edition` draws it (`side`: "front" or "back"), under a key of its own,
    with its contrast findings and its boxes' "contrast" notes measured on the edition's
    ops (`findings`); `inks`: (panel,
    first op, op count, `ink`) of each box whose layout gives its `ink`
    (`repaint.InkSpan`); `locate`: where a layout's box is set, for those findings."""
    ops = repaint(face, edition, side, inks)
    made = Face.build(
        face.width,
        face.height,
        face.bleed,
        face.shape,
        ops,
        face.cut,
        face.folds,
        face.findings,
        face.version,
        face.marks,
    )
    found, notes = edition_findings(ops, edition, face.findings, face.notes, locate)
    return made.found(found, notes)


__all__ = [
    "EDITIONS",
    "HIGH_CONTRAST",
    "INKS",
    "INK_SAVER",
    "InkSpan",
    "Inks",
    "Locate",
    "in_edition",
    "located_in",
]
