"""Marked content, while a book is drawn: what a tagged PDF's structure is made of.

Every page of a book is decoration (an artifact, `/Artifact BMC … EMC`) except what a
`Tagged` flowable draws: that is real content, marked with the next marked-content id of
its page (`/P <</MCID 3>> BDC … EMC`) and recorded as a `Mark` (page, id, structure
`Node`). A real mark opened inside another closes it for its own drawing and opens it
again after, with a new id, so marked sequences never nest: a table's rules and stripes
are decoration around the cells it draws, the running footer is a pagination artifact.
The marks go into the page stream through ReportLab's public `Canvas.addLiteral`, each on
a line of its own, so `strip` gives back the page's drawing exactly as it was without
them (the booklets impose that). `books.tagging` turns the marks into the structure tree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from reportlab.platypus import Flowable


@dataclass(eq=False)
class Node:
    """One element of the structure tree: its standard role (`P`, `H2`, `Table`, `TH`,
    `Figure`…), its parent (None: the document), a figure's alternative text, attributes
    of the table layout (`Scope`). `once`: drawn again (a table's header row repeated on
    the next page), it is decoration."""

    role: str
    parent: Node | None = None
    alt: str | None = None
    scope: str | None = None
    once: bool = False

    def __deepcopy__(self, memo: dict[int, Any]) -> Node:
        return self  # one element however often Platypus copies what holds it


@dataclass(frozen=True)
class Mark:
    page: int  # 1-based
    mcid: int
    node: Node


PAGE = "/Artifact BMC"  # the page's decoration
FOOTER = "/Artifact <</Type /Pagination /Subtype /Footer>> BDC"
REPEAT = "/Artifact <</Type /Pagination>> BDC"  # a table header drawn again
_LINE = re.compile(
    rb"^(?:/Artifact BMC|/Artifact <<[^>\n]*>> BDC|/[A-Za-z0-9]+ <</MCID \d+>> BDC|EMC)$"
)


@dataclass
class Recorder:
    """The marks of one layout pass of a book, in drawing order (the reading order)."""

    marks: list[Mark] = field(default_factory=list)
    # (page, the element it belongs to) of each link annotation, in the order made
    links: list[tuple[int, Node]] = field(default_factory=list)
    _ids: dict[int, int] = field(default_factory=dict)  # page -> next id
    _open: list[Node | str] = field(default_factory=list)
    _drawn: set[int] = field(default_factory=set)

    def __deepcopy__(self, memo: dict[int, Any]) -> Recorder:
        # the one record of the pass: Platypus deep-copies the frame (and what it reaches,
        # the document) each time it measures a group of flowables kept together
        return self

    def reset(self) -> None:
        self.marks, self._ids, self._open, self._drawn = [], {}, [], set()
        self.links = []

    def _begin(self, canv: Any, what: Node | str) -> None:
        if isinstance(what, str):
            canv.addLiteral(what)
            return
        page = int(canv.getPageNumber())
        mcid = self._ids.get(page, 0)
        self._ids[page] = mcid + 1
        self.marks.append(Mark(page, mcid, what))
        canv.addLiteral(f"/{what.role} <</MCID {mcid}>> BDC")

    def page_begin(self, canv: Any) -> None:
        self._open = [PAGE]
        self._begin(canv, PAGE)

    def page_end(self, canv: Any) -> None:
        for _ in self._open:
            canv.addLiteral("EMC")
        self._open = []

    def enter(self, canv: Any, what: Node | str) -> None:
        """Open `what` (a node, or an artifact's opening), closing what is open."""
        if isinstance(what, Node) and what.once:
            if id(what) in self._drawn:
                what = REPEAT
            else:
                self._drawn.add(id(what))
        if self._open:
            canv.addLiteral("EMC")
        self._open.append(what)
        self._begin(canv, what)

    def link(self, canv: Any) -> None:
        """A link annotation was just made on the page: it belongs to the element open."""
        top = self._open[-1] if self._open else None
        if isinstance(top, Node):
            self.links.append((int(canv.getPageNumber()), top))

    def switch(self, canv: Any, node: Node) -> None:
        """Close the mark open and open `node`'s in its place (a list item's label ends,
        its body begins)."""
        canv.addLiteral("EMC")
        self._open[-1] = node
        self._begin(canv, node)

    def leave(self, canv: Any) -> None:
        """Close what `enter` opened and open again what it closed."""
        canv.addLiteral("EMC")
        self._open.pop()
        if self._open:
            self._begin(canv, self._open[-1])


def recorder_of(canv: Any) -> Recorder | None:
    """The recorder of the book a canvas draws (None: a canvas that tags nothing)."""
    book = getattr(canv, "book", None)
    marks = getattr(book, "marks", None)
    return marks if isinstance(marks, Recorder) else None


def laid_out_only(canv: Any) -> bool:
    """Whether a canvas's book is laid out for its findings alone (`BookDoc.layout_only`):
    nothing is drawn on it."""
    return bool(getattr(getattr(canv, "book", None), "layout_only", False))


# an artifact opened and closed with nothing drawn between (a page's decoration closed at
# once for the first real content), a line each
_EMPTY = re.compile(rb"(?m)^/Artifact BMC\nEMC(?:\n|$)")


def unemptied(drawing: bytes) -> bytes:
    """A page's marked drawing without its empty artifacts (`/Artifact BMC` then `EMC`):
    they mark nothing, and a checker or reader has nothing to skip there."""
    return _EMPTY.sub(b"", drawing) if b"/Artifact BMC\nEMC" in drawing else drawing


def strip(drawing: bytes) -> bytes:
    """A page's drawing without the marks: what it was before they were added."""
    if b"EMC" not in drawing:
        return drawing
    return b"\n".join(line for line in drawing.split(b"\n") if not _LINE.match(line))


class Tagged(Flowable):  # type: ignore[misc]  # ReportLab ships no type hints, so its classes are Any
    """A flowable whose drawing is the real content of `node` (split parts too)."""

    def __init__(self, inner: Flowable, node: Node) -> None:
        super().__init__()
        self.inner, self.node = inner, node
        self.hAlign = getattr(inner, "hAlign", "LEFT")
        self.vAlign = getattr(inner, "vAlign", "BOTTOM")

    # `keepWithNext` too: read from the flowable held (or its style) until Platypus, having
    # kept it with the next, sets it on this one
    def __getattr__(self, name: str) -> Any:  # what the story asks of the flowable it holds
        if name == "inner" or name.startswith("__"):  # not while copied, nor Python's own
            raise AttributeError(name)
        return getattr(self.inner, name)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        canv = self.__dict__.get("canv")
        size: tuple[float, float] = (
            self.inner.wrapOn(canv, availWidth, availHeight)
            if canv is not None
            else self.inner.wrap(availWidth, availHeight)
        )
        self.width, self.height = size
        return size

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        canv = self.__dict__.get("canv")
        parts = (
            self.inner.splitOn(canv, availWidth, availHeight)
            if canv is not None
            else self.inner.split(availWidth, availHeight)
        )
        return [Tagged(p, self.node) for p in parts]

    def getSpaceBefore(self) -> float:  # noqa: N802
        return float(self.inner.getSpaceBefore())

    def getSpaceAfter(self) -> float:  # noqa: N802
        return float(self.inner.getSpaceAfter())

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:  # noqa: N802
        if laid_out_only(canvas):
            return
        marks = recorder_of(canvas)
        if marks is None:
            self.inner.drawOn(canvas, x, y, _sW)
            return
        marks.enter(canvas, self.node)
        try:
            self.inner.drawOn(canvas, x, y, _sW)
        finally:
            marks.leave(canvas)


LABEL_END = "labelEnd"  # the callback a list item's paragraph calls where its label ends


class Labelled(Tagged):
    """A list item's paragraph, drawn with its label (a bullet or a number) before its
    text: the label the content of `label` (`Lbl`), the text that of `node` (`LBody`).
    ReportLab draws a paragraph's bullet before its text, and the paragraph says where the
    label ends: ReportLab's by calling `LABEL_END` (an `<onDraw>` at its start), one laid
    out by cardstock (`books.scripts`) by calling its `on_label`. A part split off after the
    first has no label."""

    def __init__(self, inner: Flowable, node: Node, label: Node) -> None:
        super().__init__(inner, node)
        self.label = label

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        parts = super().split(availWidth, availHeight)
        return [Labelled(parts[0].inner, self.node, self.label), *parts[1:]] if parts else []

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:  # noqa: N802
        if laid_out_only(canvas):
            return
        marks = recorder_of(canvas)

        def label_end(*_: Any) -> None:
            if marks is not None:
                marks.switch(canvas, self.node)

        canvas.setNamedCB(LABEL_END, label_end)
        if hasattr(self.inner, "on_label"):
            self.inner.on_label = label_end
        if marks is None:
            self.inner.drawOn(canvas, x, y, _sW)
            return
        marks.enter(canvas, self.label)
        try:
            self.inner.drawOn(canvas, x, y, _sW)
        finally:
            marks.leave(canvas)


class Decoration(Tagged):
    """A flowable drawn as decoration (a table's rules and stripes), the real content it
    holds (its cells, each `Tagged`) marked inside it."""

    def __init__(self, inner: Flowable) -> None:
        super().__init__(inner, Node("Artifact"))

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        return [Decoration(p.inner) for p in super().split(availWidth, availHeight)]

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:  # noqa: N802
        if laid_out_only(canvas):
            return
        marks = recorder_of(canvas)
        if marks is None:
            self.inner.drawOn(canvas, x, y, _sW)
            return
        marks.enter(canvas, PAGE)
        try:
            self.inner.drawOn(canvas, x, y, _sW)
        finally:
            marks.leave(canvas)


def unwrapped(flowable: Any) -> Any:
    """The flowable a `Tagged` holds (any other, itself)."""
    while isinstance(flowable, Tagged):
        flowable = flowable.inner
    return flowable


def tagged(flowable: Flowable, role: str, parent: Node | None = None, **kw: Any) -> Tagged:
    return Tagged(flowable, Node(role, parent, **kw))


__all__ = [
    "Decoration",
    "FOOTER",
    "LABEL_END",
    "Labelled",
    "Mark",
    "Node",
    "Recorder",
    "Tagged",
    "recorder_of",
    "strip",
    "tagged",
    "unwrapped",
]
