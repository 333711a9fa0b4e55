"""A page break a template asks for (`{{ page_break() }}`) that ends a page only when the
page is filled enough, so a break placed for one page size leaves no page nearly empty on
another."""

from __future__ import annotations

from reportlab.platypus import CondPageBreak

LEAST_FILL = 0.6  # the share of a page's text block a page holds before a break ends it


class FilledBreak(CondPageBreak):  # type: ignore[misc]  # ReportLab ships no type hints
    """`{{ page_break() }}` on a text block `height` tall: a new page when the page holds
    `LEAST_FILL` of its text block or more (less than the rest is left below); on an
    emptier page, nothing, and what follows goes on under the text above it (a chapter's
    heading then begins a page only when little room is left below it:
    `story.Builder.heading`)."""

    def __init__(self, height: float) -> None:
        super().__init__(height * (1 - LEAST_FILL))


__all__ = ["LEAST_FILL", "FilledBreak"]
