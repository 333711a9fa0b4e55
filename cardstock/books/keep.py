"""A one-column story's headings each held to the text block after it (`columns.WithNext`),
so a block that does not fit below its heading is cut there, its first part kept with the
heading, instead of moved whole to the next page with it; and a setup picture measured in
the room left below its heading, which it may fit set narrower (`setup_picture`).

ReportLab keeps a heading (`keepWithNext`) with its next flowable by wrapping the two in a
`KeepTogether`, which moves both to the next page whenever the whole of the next does not
fit: a table a page long, or a long paragraph, then leaves the page above nearly empty. A
heading held here keeps only the first lines or rows of a paragraph, a list item or a table
(whose header row is repeated on the next page); a heading before anything else (a
gallery, a row of faces, a page break) is kept with it by ReportLab as before."""

from __future__ import annotations

from reportlab.platypus import Flowable, Table

from .columns import ColumnHeading, WithNext
from .marks import unwrapped
from .scripts import MeasuredParagraph, ScriptParagraph
from .setup_picture import SetupDrawing
from .story import HEADINGS

# what a heading is held to: the text blocks that may be cut, and the setup picture
_HELD = (MeasuredParagraph, ScriptParagraph, Table, SetupDrawing)


def held(story: list[Flowable]) -> list[Flowable]:
    """`story` with each heading and the text block (or heading) right after it made one
    `WithNext`."""
    out: list[Flowable] = []
    for f in reversed(story):
        after = out[-1] if out else None
        if (
            after is not None
            and isinstance(unwrapped(f), HEADINGS)
            and (isinstance(after, WithNext) or isinstance(unwrapped(after), _HELD))
        ):
            out[-1] = WithNext(ColumnHeading(f), after)
        else:
            out.append(f)
    out.reverse()
    return out


__all__ = ["held"]
