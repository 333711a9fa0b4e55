"""Two columns of text on a whole page: a story's running text set in balanced columns, what
is wider (a chapter's `#` heading, a table, a row of faces, the contents, the component
list) across both.

`columned(story, gap)` cuts the story into runs: each run of text (paragraphs, list items,
notes, `##` and `###` headings) becomes one ReportLab `BalancedColumns`, which fills the
first column of each page, then the second, and on its last page shares its lines evenly
between the two; a wide flowable stands between runs at the whole width. So a chapter's
text ends balanced above its table, or above the next chapter's heading, and the reading
order is the story's: the first column of a page is drawn before the second.

A heading in a column keeps its next block's first lines with it (`WithNext`): a column
never ends with a heading. `BalancedColumns` lays its content out inside frames of its
own, where the document's `afterFlowable` does not see each flowable: a heading in a
column shows itself to the document when drawn (`ColumnHeading`), so the contents, the
bookmarks and the running heads list it as one drawn on the page; `every` gives a story's
flowables with those the columns hold, for the document to plan its contents."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from reportlab.platypus import CondPageBreak, Flowable, Spacer
from reportlab.platypus.flowables import BalancedColumns

from .breaks import FilledBreak
from .marks import Tagged, unwrapped
from .scripts import MeasuredParagraph, ScriptParagraph
from .story import HEADINGS

# the least room a run of columns starts in at the foot of a page: less, and it starts on
# the next page (three lines of body text in each column)
NEEDED = 3 * 12.4 * 2


class WithNext(Flowable):  # type: ignore[misc]  # ReportLab ships no type hints, so its classes are Any
    """A heading and the block after it, which a column break never parts: the block's
    first part goes with the heading or both go to the next column."""

    def __init__(self, head: Flowable, after: Flowable) -> None:
        super().__init__()
        self.head, self.after = head, after
        self._heights = (0.0, 0.0)

    def _gap(self) -> float:
        return float(max(self.head.getSpaceAfter(), self.after.getSpaceBefore()))

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        _, hh = self.head.wrap(availWidth, availHeight)
        _, ha = self.after.wrap(availWidth, max(0.0, availHeight - hh))
        self._heights = (float(hh), float(ha))
        self.width, self.height = availWidth, hh + self._gap() + ha
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        _, hh = self.head.wrap(availWidth, availHeight)
        room = availHeight - hh - self._gap()
        if room <= 0:
            return []
        parts = self.after.split(availWidth, room)
        if len(parts) < 2:
            return []
        return [WithNext(self.head, parts[0]), *parts[1:]]

    def getSpaceBefore(self) -> float:  # noqa: N802
        return float(self.head.getSpaceBefore())

    def getSpaceAfter(self) -> float:  # noqa: N802
        return float(self.after.getSpaceAfter())

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:  # noqa: N802
        hh, ha = self._heights
        self.head.drawOn(canvas, x, y + ha + self._gap(), _sW)
        self.after.drawOn(canvas, x, y, _sW)


class ColumnHeading(Tagged):
    """A heading drawn in a column: drawn as it is (its own marks), then shown to the
    document as a flowable of the page is (`afterFlowable`: the contents, the bookmarks,
    the running head), which `BalancedColumns` does not do for what it holds."""

    def __init__(self, heading: Tagged) -> None:
        super().__init__(heading, heading.node)

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        return list(self.inner.split(availWidth, availHeight))

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:  # noqa: N802
        self.inner.drawOn(canvas, x, y, _sW)
        book = getattr(canvas, "book", None)
        if book is not None:
            book.afterFlowable(self.inner)


def two_columns(run: list[Flowable], gap: float) -> Flowable:
    """A run of running text in two balanced columns (ReportLab's `BalancedColumns`), which
    keeps the flowables it holds as `cardstock_run` for `every`."""
    made = BalancedColumns(run, nCols=2, needed=NEEDED, innerPadding=gap, endSlack=0.1)
    made.cardstock_run = list(run)
    return made


# a note taller than this (points) may be cut between two columns; a shorter one never is
TALL_NOTE = 4 * 72.0


class Whole(Tagged):
    """A note (a shaded box) in a column: moved whole to the next column rather than cut
    into two boxes, unless it is taller than `TALL_NOTE`."""

    def __init__(self, note: Tagged) -> None:
        super().__init__(note.inner, note.node)

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        _, height = self.wrap(availWidth, availHeight)
        if height < TALL_NOTE:
            return []
        return super().split(availWidth, availHeight)


def _note(flowable: Flowable) -> bool:
    """Whether a flowable is a note: a paragraph in a `BlockQuote`."""
    node = getattr(flowable, "node", None) if isinstance(flowable, Tagged) else None
    return node is not None and node.parent is not None and node.parent.role == "BlockQuote"


def _narrow(flowable: Flowable) -> bool:
    """Whether a flowable is running text, set in a column: a paragraph, list item or
    note, or a heading below a chapter's."""
    inner = unwrapped(flowable)
    if isinstance(inner, HEADINGS):
        return bool(inner.toc_level > 0)
    if isinstance(flowable, Tagged) and isinstance(inner, (MeasuredParagraph, ScriptParagraph)):
        return True
    return isinstance(flowable, Spacer) and not isinstance(flowable, CondPageBreak)


def _kept(run: list[Flowable]) -> list[Flowable]:
    """A run's flowables, each heading held to the block after it (`WithNext`); the page
    breaks a heading asks for in one column are left out (a column has its own)."""
    out: list[Flowable] = []
    for f in run:
        if isinstance(f, CondPageBreak):
            continue
        if _note(f):
            f = Whole(f)
        if out and isinstance(out[-1], ColumnHeading) and not isinstance(f, Spacer):
            out[-1] = WithNext(out[-1], f)
        elif isinstance(unwrapped(f), HEADINGS):
            out.append(ColumnHeading(f))
        else:
            out.append(f)
    return out


def columned(story: list[Flowable], gap: float) -> list[Flowable]:
    """`story` with each run of running text in two balanced columns `gap` apart; every
    other flowable as it was, across the page. A page break asked for before a heading set
    in a column is left to the column."""
    out: list[Flowable] = []
    run: list[Flowable] = []

    def close() -> None:
        if all(_note(f) or isinstance(f, Spacer) for f in run):
            out.extend(run)  # notes alone between wider things: across the page as they are
            run.clear()
            return
        content = _kept(run)
        if any(not isinstance(f, Spacer) for f in content):
            if out and isinstance(unwrapped(out[-1]), HEADINGS):
                # a chapter's heading is not kept with its columns by Platypus, which would
                # measure them as one block: the page break asked for before the heading
                # leaves room for the columns' first lines (`NEEDED`) below it
                out[-1].keepWithNext = 0
            out.append(two_columns(content, gap))
        run.clear()

    for i, f in enumerate(story):
        later = story[i + 1] if i + 1 < len(story) else None
        held = not isinstance(f, FilledBreak)  # a template's page break ends the run
        if _narrow(f) or (
            held and isinstance(f, CondPageBreak) and later is not None and _narrow(later)
        ):
            run.append(f)
            continue
        close()
        out.append(f)
    close()
    return out


def every(story: list[Flowable]) -> Iterator[Any]:
    """The flowables of `story` in order, unwrapped, with those a run of columns holds
    (`two_columns`) and a heading held to its next block (`WithNext`) in their place."""
    for f in story:
        yield from _inside(f)


def _inside(flowable: Any) -> Iterator[Any]:
    if isinstance(flowable, BalancedColumns):
        yield from every(getattr(flowable, "cardstock_run", []))
    elif isinstance(flowable, WithNext):
        yield from _inside(flowable.head)
        yield from _inside(flowable.after)
    else:
        yield unwrapped(flowable)


__all__ = [
    "NEEDED",
    "TALL_NOTE",
    "ColumnHeading",
    "Whole",
    "WithNext",
    "columned",
    "every",
    "two_columns",
]
