"""Paragraphs of books in scripts ReportLab's Paragraph does not lay out: right-to-left
text (Arabic, Hebrew) and Chinese and Japanese, and text in a font the book's face lacks.

Such a paragraph is laid out the way a face's text box is (`cardstock.layout.text.fit`):
each character in the book's face or, when that face has no glyph for it, in the first of
the project's own fonts (`fonts/`) that has one; lines broken between CJK characters
(kinsoku kept, `cardstock.layout.text.scripts`); each line of right-to-left text put in visual
order (`cardstock.core.bidi`) and shaped by HarfBuzz as it is drawn
(`cardstock.render.shaping`); a paragraph that starts right to left aligned right. The
lines are drawn as a face is, by `cardstock.render.pdf.PdfFaces`, so a rulebook prints
these scripts exactly as the cards do. Latin text keeps ReportLab's own Paragraph.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.geomutils import normalizeTRBL
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph

from .. import fonts
from ..core import markup
from ..core.bidi import has_rtl, rtl_paragraph
from ..layout.ops import Face, Icon, Op, Rect, Text
from ..layout.text.fit import fit_blocks
from ..layout.text.scripts import has_breaks
from ..layout.text.words import IconRef, IconResolver, TextStyle
from ..render.pdf import PdfFaces
from . import fonts as book_fonts

if TYPE_CHECKING:
    from ..catalog.schema import Game
    from ..layout.art.symbols import Library

TALL = 1_000_000.0  # a box no paragraph fills: its text is laid out at one size, never cut


def project_fonts() -> tuple[str, ...]:
    """The project's own fonts, by name: the fallbacks of a book's paragraphs."""
    return tuple(sorted(f.name for f in fonts.FACES.values() if f.own))


def needs_layout(text: str, family_missing: list[str]) -> bool:
    """Whether a paragraph's plain `text` is laid out here rather than by ReportLab:
    right-to-left letters, CJK characters, or a character the book's face lacks that a
    project font has (`family_missing`: what the face lacks)."""
    if text.isascii():
        return False
    if has_rtl(text) or has_breaks(text):
        return True
    own = project_fonts()
    return any(ch in fonts.coverage(f) for ch in family_missing for f in own)


def paragraph(marked: str, style: ParagraphStyle, family: str, rl_markup: str) -> Flowable:
    """A short text of the game's (a title, a caption) in `style`: laid out here when its
    script needs it (`marked`: its inline markup), else ReportLab's Paragraph of
    `rl_markup` (the same text as ReportLab's markup)."""
    plain = markup.plain(marked)
    if needs_layout(plain, book_fonts.missing(plain, family)):
        return ScriptParagraph(marked, style)
    return MeasuredParagraph(rl_markup, style)


class MeasuredParagraph(Paragraph):  # type: ignore[misc]  # ReportLab ships no type hints, so its classes are Any
    """ReportLab's Paragraph, its lines broken once for a width: a table measures each of
    its cells every time it is wrapped (the story measures them first, to find a row too
    tall for a page, and a frame may wrap a table again before it splits it), and each
    wrap at the width of the last one is answered from that wrap. A split breaks the lines
    again at the next wrap, so the parts and the paragraph are never measured stale."""

    _measured: tuple[float, float, float] | None = None  # width asked, width and height

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        last = self._measured
        if last is not None and last[0] == availWidth:
            return last[1], last[2]
        width, height = super().wrap(availWidth, availHeight)
        self._measured = (availWidth, width, height)
        return width, height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        self._measured = None
        parts: list[Flowable] = super().split(availWidth, availHeight)
        return parts

    def __deepcopy__(self, memo: dict[int, Any]) -> MeasuredParagraph:
        """A copy to split, as Platypus makes one to try each split of a column it
        balances (`BalancedColumns`): every attribute copied deep as `copy.deepcopy` would
        (the lines as broken among them, whose words a split rewrites where it cuts), but
        the style and the parsed text (`frags`, a constructor argument), which neither a
        split nor a wrap changes: shared."""
        memo[id(self.style)] = self.style
        memo[id(self.frags)] = self.frags
        twin = copy.copy(self)
        memo[id(self)] = twin
        for name, value in vars(self).items():
            setattr(twin, name, copy.deepcopy(value, memo))
        return twin


def face_name(pdf_name: str) -> str:
    """The `cardstock.fonts` face a book's PDF font name is (a reading font, which layouts
    cannot name, is read as `sans`)."""
    for name, face in fonts.FACES.items():
        if face.pdf_name == pdf_name:
            return name
    return "sans"


def _align(style: ParagraphStyle) -> str:
    return {TA_CENTER: "center", TA_RIGHT: "right"}.get(style.alignment, "start")


class ScriptParagraph(Flowable):  # type: ignore[misc]  # ReportLab ships no type hints, so its classes are Any
    """A paragraph of inline markup laid out as a face's text box lays it out, in the
    paragraph style's size, leading, colour and indents; a bullet before its first line
    (after it, at the right, when the paragraph runs right to left). It splits between
    lines across frames and pages."""

    def __init__(
        self,
        text: str,
        style: ParagraphStyle,
        icons: IconResolver | None = None,
        bullet: str | None = None,
    ) -> None:
        super().__init__()
        self.text, self.style, self.bullet = text, style, bullet
        self.icons: IconResolver = icons or _no_icons
        self.rtl = rtl_paragraph(markup.plain(text))
        self.missing: list[str] = []  # characters no font had, after `wrap`
        self.unstyled: list[tuple[str, str]] = []  # (bold | italic, font) it lacks, after `wrap`
        self.fallback = project_fonts()
        self.face = face_name(style.fontName)  # the book's face, in `cardstock.fonts`
        self._ops: tuple[Op, ...] = ()
        self._lines: list[float] = []  # the top of each line, from the paragraph's top
        self._width = -1.0
        self.height = 0.0
        self._label: Op | None = None  # the bullet's text, after `wrap`
        # called when the bullet is drawn, before the text (`marks.Labelled`)
        self.on_label: Callable[..., None] | None = None

    def _text_style(self) -> TextStyle:
        s = self.style
        color = s.textColor.hexval().replace("0x", "#") if s.textColor is not None else "#000000"
        return TextStyle(
            font=self.face,
            size=s.fontSize,
            min_size=s.fontSize,
            leading=s.leading / s.fontSize,
            color=color,
            align=_align(s),
            fallback=self.fallback,
        )

    def _layout(self, width: float) -> None:
        if abs(width - self._width) < 1e-6:
            return
        s = self.style
        inner = max(1.0, width - s.leftIndent - s.rightIndent)
        x0 = s.rightIndent if self.rtl else s.leftIndent
        fit = fit_blocks(
            [markup.Paragraph(self.text)], (x0, 0.0, inner, TALL), self._text_style(), self.icons
        )
        self.missing, self.unstyled = list(fit.missing), list(fit.unstyled)
        ops = list(fit.ops)
        line = s.leading
        count = max(1, round(fit.height / line)) if fit.height else 0
        self._label = None
        self._lines = [i * line for i in range(count)]
        if self.bullet and count:
            size = s.bulletFontSize or s.fontSize
            baseline = next((op.y for op in ops if isinstance(op, Text)), size)
            face = face_name(s.bulletFontName) if s.bulletFontName else "sans"
            bw = fonts.string_width(self.bullet, face, size)
            x = width - s.bulletIndent - bw if self.rtl else s.bulletIndent
            self._label = Text(x, baseline, self.bullet, face, size, self._text_style().color)
            ops.append(self._label)
        if s.backColor is not None and ops:  # a note's tint behind its text, and its border
            border = s.borderColor.hexval().replace("0x", "#") if s.borderColor else None
            pad = normalizeTRBL(s.borderPadding)  # (top, right, bottom, left)
            ops.insert(
                0,
                Rect(
                    s.leftIndent - pad[3],
                    -pad[0],
                    width - s.leftIndent - s.rightIndent + pad[1] + pad[3],
                    fit.height + pad[0] + pad[2],
                    s.backColor.hexval().replace("0x", "#"),
                    border,
                    s.borderWidth if border else 0.0,
                ),
            )
        self._ops, self._width, self.height = tuple(ops), width, fit.height

    @property
    def ops(self) -> tuple[Op, ...]:
        """What it draws (after `wrap`), y down from its top: its lines' runs, its bullet,
        a note's box."""
        return self._ops

    def natural_width(self) -> float:
        """How wide its text is on one line (a table sizes its columns by it): every run
        of a layout in a width nothing fills, from the leftmost run's start to the
        rightmost run's end."""
        self._layout(TALL)
        spans = [
            (op.x, op.x + fonts.string_width(op.text, op.font, op.size))
            for op in self._ops
            if isinstance(op, Text) and op.text.strip()
        ]
        if not spans:
            return 0.0
        return max(end for _, end in spans) - min(start for start, _ in spans)

    def baseline(self) -> float:
        """The first line's baseline, from the paragraph's top (after `wrap`)."""
        return next((op.y for op in self._ops if isinstance(op, Text)), self.style.fontSize)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        self._layout(availWidth)
        self.width = availWidth
        return availWidth, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        """The lines that fit `availHeight`, then the others (no split inside a line)."""
        self._layout(availWidth)
        line = self.style.leading
        fit = [top for top in self._lines if top + line <= availHeight + 1e-6]
        if not fit or len(fit) == len(self._lines):
            return []
        cut = len(fit) * line
        first = [op for op in self._ops if _top(op) < cut]
        rest = [_moved(op, -cut) for op in self._ops if _top(op) >= cut]
        return [
            _Lines(tuple(first), availWidth, cut),
            _Lines(tuple(rest), availWidth, self.height - cut),
        ]

    def draw(self) -> None:
        label, said = self._label, self.on_label
        if label is None or said is None:
            _draw(self.canv, self._ops, self._width, self.height)
            return
        _draw(self.canv, (label,), self._width, self.height)
        said()
        _draw(self.canv, tuple(op for op in self._ops if op is not label), self._width, self.height)


class _Lines(Flowable):  # type: ignore[misc]  # ReportLab ships no type hints, so its classes are Any
    """Some lines of a split `ScriptParagraph`, already laid out."""

    def __init__(self, ops: tuple[Op, ...], width: float, height: float) -> None:
        super().__init__()
        self.ops, self.width, self.height = ops, width, height

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        return self.width, self.height

    def draw(self) -> None:
        _draw(self.canv, self.ops, self.width, self.height)


def _top(op: Op) -> float:
    """Where an op stands from the paragraph's top (a text's baseline less a little)."""
    return float(getattr(op, "y", 0.0)) - 0.01


def _moved(op: Op, dy: float) -> Op:
    """An op `dy` lower (a paragraph's text, icons and boxes move; nothing else is drawn)."""
    if isinstance(op, Text):
        return dataclasses.replace(op, y=op.y + dy)
    if isinstance(op, Icon):
        return dataclasses.replace(op, y=op.y + dy)
    if isinstance(op, Rect):
        return dataclasses.replace(op, y=op.y + dy)
    return op


# The attribute a canvas keeps its face drawer in: one drawer per canvas, which remembers
# the state it set on that canvas. Kept on the canvas, not in a table of canvases: the
# drawer refers to its canvas, so a table keyed by canvas (even a weak one) would keep every
# book's canvas, and its whole PDF, for the life of the process.
DRAWER = "face_drawer"


def drawer_of(canv: Canvas) -> PdfFaces:
    """The canvas's face drawer (thumbnails, and paragraphs laid out as faces), made when
    it first draws one. It replays the programs other documents recorded, and keeps what
    it records only while the process's store has room in memory (`PdfFaces.keep`): a
    book's layout is kept whole (`rulebook._laid_out`), so a big game's thumbnails,
    spilled, would fill the store's index a card each for no later document."""
    faces = getattr(canv, DRAWER, None)
    if not isinstance(faces, PdfFaces):
        faces = PdfFaces(canv, keep=False)
        setattr(canv, DRAWER, faces)
    return faces


def _draw(canv: Any, ops: tuple[Op, ...], width: float, height: float) -> None:
    """The ops drawn as a face is (the PDF's shaping, fonts and icons), the paragraph's
    box as the face's trim (y down from its top)."""
    if getattr(canv, "draft", False) or not ops:
        return  # a layout-only pass whose page is thrown away (see BookDoc.draft)
    margin = 8.0  # room above and below for a note's padding and the last line's descenders
    moved = tuple(_moved(op, margin) for op in ops)
    face = Face.build(width, height + 2 * margin, 0.0, "rect", moved)
    drawer_of(canv).draw(face, 0.0, -margin, reuse=False)


def _no_icons(name: str) -> IconRef | None:
    return None


def icon_resolver(game: Game, library: Library) -> IconResolver:
    """A game's :icon: names → what a paragraph laid out here draws for each (its symbol
    from the game's library, in its colour), as a face's text box resolves them."""

    def ref(name: str) -> IconRef | None:
        icon = game.icons.get(name)
        if icon is None:
            return None
        sym = library.get(icon.symbol or name) or library.fallback()
        return IconRef(sym.name, sym.parts, icon.color)

    return ref


EntryEnd = Callable[[Any, float, float, bool], None]


class ScriptEntry(ScriptParagraph):
    """A row of a table of contents whose title is laid out here (a heading in a script
    ReportLab's Paragraph does not lay out). Once its lines are drawn it calls
    `end(canvas, x, y, rtl)` where ReportLab's row calls its callback after its text: `x`
    where the last line ends (its left end when the title runs right to left, which puts
    the leader and page number at the row's left), `y` that line's baseline, in the row's
    own space, bottom up."""

    def __init__(self, text: str, style: ParagraphStyle, end: EntryEnd) -> None:
        super().__init__(text, style)
        self.end = end

    def line_end(self) -> tuple[float, float]:
        """(x, baseline) of the end of the last line, bottom up (after `wrap`)."""
        texts = [op for op in self.ops if isinstance(op, Text)]
        if not texts:
            return (self.width if self.rtl else 0.0), self.height - self.style.fontSize
        last = max(op.y for op in texts)
        runs = [op for op in texts if abs(op.y - last) < 1e-6]
        if self.rtl:
            x = min(op.x for op in runs)
        else:
            x = max(op.x + fonts.string_width(op.text, op.font, op.size) for op in runs)
        return x, self.height - last

    def draw(self) -> None:
        super().draw()
        x, y = self.line_end()
        self.end(self.canv, x, y, self.rtl)
