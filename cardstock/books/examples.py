"""A worked example's cards set beside its steps (`{{ beside('id', …) }}`).

The helper, on a line of its own, names the cards the next block (a paragraph, a list item
or a note: one step of an example) plays. The PDF sets that block in a two-column table,
the cards' faces (each captioned with its name) on the left and the step's text on the
right, so a reader sees the card next to the step that plays it rather than in a row
between paragraphs. The table is layout only (no `Table` in the structure tree): a reader
hears the faces, each a `Figure` with its words and caption, then the step. The web page
and the e-book set the same side by side (`books.xhtml`)."""

from __future__ import annotations

from reportlab.lib.units import inch
from reportlab.platypus import Flowable, Spacer, Table

from ..catalog.load import Catalog
from ..catalog.schema import Component
from ..core.issues import Issue
from .art import face_row
from .content import Thumbs
from .story import Styles, grid_style

SHARE = 0.3  # of the frame's width, the faces' column


def beside(
    catalog: Catalog,
    comps: list[Component],
    step: list[Flowable],
    styles: Styles,
    width: float,
    findings: list[Issue],
    thumbs: Thumbs,
) -> list[Flowable]:
    """The step's flowables set to the right of the faces of `comps`."""
    if not comps or not step:
        return step
    left = width * SHARE
    n = len(comps)
    thumb = min((left - 4) / n, 0.8 * inch)
    faces = face_row(catalog, comps, styles, left, findings, thumb, thumbs)
    table = Table(
        [[faces, step]],
        colWidths=[left, width - left],
        hAlign="LEFT",
    )
    table.setStyle(grid_style(styles, "TOP", (0, 0, 2, 2), "LEFT"))
    return [table, Spacer(1, 4 * styles.scale)]
