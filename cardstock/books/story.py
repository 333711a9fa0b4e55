"""Block markup (`cardstock.core.markup`) → ReportLab Platypus flowables, with the styles of a book.

One `Styles` object holds every paragraph style for a page size; `Builder` turns blocks into
flowables and records problems (unknown icons, rows too tall for a page) as Issues. Nothing
is ever cut: a block that cannot fit is shrunk onto the page *and* reported.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    KeepInFrame,
    Spacer,
    Table,
    TableStyle,
)

from ..catalog.schema import Game
from ..core import markup
from ..core.bidi import rtl_paragraph
from ..core.issues import Issue
from ..core.toolwords import ENGLISH, ToolWords
from ..core.units import PAPERS, parse_length
from ..layout.boxtypes.text import unstyled_advice
from ..layout.safety.measures import MIN_BOOK_TYPE
from ..layout.text.scripts import break_between, has_breaks
from ..layout.text.words import IconResolver
from . import fonts, refs
from .marks import LABEL_END, Decoration, Labelled, Node, Tagged, tagged
from .scripts import MeasuredParagraph, ScriptParagraph, needs_layout


def _booklet_shrink() -> float:
    """The most a booklet scales a reading page down: half-letter pages on an A4 sheet
    turned landscape, one page each side of the fold (books.booklet), 97.3 %."""
    sheet_w, sheet_h = (parse_length(v) for v in reversed(PAPERS["a4"]))
    page_w, page_h = (parse_length(v) for v in PAPERS["half-letter"])
    return min(1.0, sheet_w / 2 / page_w, sheet_h / page_h)


BOOKLET_SHRINK = _booklet_shrink()


def escape(text: str) -> str:
    """Text as a Platypus paragraph reads it literally: `&`, `<` and `>` escaped."""
    return html.escape(text, quote=False)


ICON_CALLBACK = "cardstock_icon"


def text_position(canvas: Any) -> tuple[float, float]:
    """Where a paragraph's text had got to when it called an `<onDraw>` callback (x, y in
    the paragraph's own space). ReportLab passes the callback no position; it keeps it on
    the canvas (`_curr_tx_info`), where its own table of contents reads it too. No public
    call gives it: pinned in pyproject.toml, checked by tests/test_library_internals.py."""
    info = canvas._curr_tx_info
    return float(info["cur_x"]), float(info["cur_y"])


_NBSP_EM = 0.278  # advance of a no-break space in Liberation Sans, in ems


# --------------------------------------------------------------------------- colours


def _luminance(hex_color: str) -> float:
    c = colors.HexColor(hex_color)

    def lin(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c.red) + 0.7152 * lin(c.green) + 0.0722 * lin(c.blue)


def _saturation(hex_color: str) -> float:
    c = colors.HexColor(hex_color)
    hi, lo = max(c.red, c.green, c.blue), min(c.red, c.green, c.blue)
    return 0.0 if hi == 0 else (hi - lo) / hi


def grid_style(
    styles: Styles, valign: str, pad: tuple[float, float, float, float], align: str = ""
) -> TableStyle:
    """A layout table's style: the book's regular font in every cell (never ReportLab's
    unembedded default), one vertical alignment, and (left, right, top, bottom) padding."""
    every = ((0, 0), (-1, -1))
    cmds: list[tuple[Any, ...]] = [
        ("FONTNAME", *every, styles.f.regular),
        ("VALIGN", *every, valign),
    ]
    if align:
        cmds.append(("ALIGN", *every, align))
    for name, value in zip(("LEFTPADDING", "RIGHTPADDING", "TOPPADDING", "BOTTOMPADDING"), pad):
        cmds.append((name, *every, value))
    return TableStyle(cmds)


def accent_color(game: Game) -> str:
    """A colour from the game's own data for headings and rules: the first back colour (in
    set order), else icon colour, that is a real colour (saturated) and dark enough to read
    on white; a neutral dark grey when there is none."""
    candidates: list[str] = []
    for s in game.sets:
        if s.back and s.back in game.backs:
            candidates.append(game.backs[s.back].color)
    candidates += [i.color for i in game.icons.values() if i.color]
    for c in candidates:
        if 0.04 <= _luminance(c) <= 0.22 and _saturation(c) >= 0.35:
            return c
    return "#2f3640"


def tint(hex_color: str, amount: float) -> colors.Color:
    """Mix a colour with white (`amount` = share of white)."""
    c = colors.HexColor(hex_color)
    return colors.Color(
        c.red + (1 - c.red) * amount,
        c.green + (1 - c.green) * amount,
        c.blue + (1 - c.blue) * amount,
    )


# --------------------------------------------------------------------------- styles


@dataclass
class Styles:
    """Paragraph styles for one page size; `scale` grows or shrinks every size together,
    and no text is set smaller than `least` points (a large-print edition: each style
    below it is raised to it, its leading in proportion)."""

    accent: str
    scale: float = 1.0
    card: bool = False  # a quick-reference card: tighter headings and spacing
    f: fonts.Faces = field(default_factory=fonts.register)
    least: float = 0.0

    def __post_init__(self) -> None:
        ink, acc = colors.HexColor("#222222"), colors.HexColor(self.accent)
        self._text_styles(ink)
        self._heading_styles(ink, acc)
        self._display_styles(ink, acc)
        self.toc = self._toc_styles(ink)
        if self.card:
            self._card_styles()
        if self.least:
            for style in self.every():
                if style.fontSize < self.least:
                    style.leading *= self.least / style.fontSize
                    style.fontSize = self.least

    def every(self) -> list[ParagraphStyle]:
        """Every paragraph style of the book."""
        return [v for v in vars(self).values() if isinstance(v, ParagraphStyle)] + self.toc

    def _text_styles(self, ink: colors.Color) -> None:
        """Running text: body, bullets, notes (a tinted box in the accent colour) and
        table cells."""
        s, f = self.scale, self.f
        self.body = ParagraphStyle(
            "body",
            fontName=f.regular,
            fontSize=9.2 * s,
            leading=12.4 * s,
            textColor=ink,
            spaceAfter=5 * s,
            # a paragraph a page or column break cuts leaves two lines or more on each side:
            # no widow (a last line alone at the top) and no orphan (a first line alone at
            # the foot); a quick-reference card, which is never cut, keeps ReportLab's own
            allowWidows=int(self.card),
            allowOrphans=0,
        )
        self.bullet = ParagraphStyle(
            "bullet",
            parent=self.body,
            leftIndent=13 * s,
            bulletIndent=3 * s,
            spaceAfter=2.5 * s,
            bulletFontName=f.bold,
            bulletFontSize=9.2 * s,
        )
        self.note = ParagraphStyle(
            "note",
            parent=self.body,
            fontSize=8.6 * s,
            leading=11.4 * s,
            backColor=tint(self.accent, 0.9),
            borderColor=tint(self.accent, 0.55),
            borderWidth=0.6,
            borderPadding=(4 * s, 5 * s, 4 * s, 5 * s),
            leftIndent=5 * s,
            rightIndent=5 * s,
            spaceBefore=5 * s,
            spaceAfter=9 * s,
        )
        self.cell = ParagraphStyle(
            "cell", parent=self.body, fontSize=8 * s, leading=9.8 * s, spaceAfter=0
        )
        self.cell_head = ParagraphStyle(
            "cell_head", parent=self.cell, fontName=f.bold, textColor=colors.white
        )

    def _heading_styles(self, ink: colors.Color, acc: colors.Color) -> None:
        """The three heading levels: the first two in the accent colour."""
        s, f = self.scale, self.f
        self.h1 = ParagraphStyle(
            "h1",
            fontName=f.heading,
            fontSize=15.5 * s,
            leading=19 * s,
            textColor=acc,
            spaceBefore=4 * s,
            spaceAfter=6 * s,
            keepWithNext=1,
        )
        self.h2 = ParagraphStyle(
            "h2",
            fontName=f.bold,
            fontSize=11 * s,
            leading=14 * s,
            textColor=acc,
            spaceBefore=7 * s,
            spaceAfter=3.5 * s,
            keepWithNext=1,
        )
        self.h3 = ParagraphStyle(
            "h3",
            fontName=f.bold,
            fontSize=9.4 * s,
            leading=12 * s,
            textColor=ink,
            spaceBefore=5 * s,
            spaceAfter=2 * s,
            keepWithNext=1,
        )

    def _display_styles(self, ink: colors.Color, acc: colors.Color) -> None:
        """Captions, group labels, the title page's title and subtitle, centred text."""
        s, f = self.scale, self.f
        # the smallest type in a rulebook, a gallery's captions: the 7pt minimum as printed,
        # also in the A4 booklet, which prints half-letter pages at 97.3 %
        caption = MIN_BOOK_TYPE / BOOKLET_SHRINK
        self.caption = ParagraphStyle(
            "caption",
            fontName=f.regular,
            fontSize=caption * s,
            leading=caption * 1.18 * s,
            alignment=TA_CENTER,
            textColor=ink,
            embeddedHyphenation=1,
        )  # a word too wide for its line breaks at its soft hyphens (`art._caption`)
        self.group = ParagraphStyle(
            "group",
            parent=self.body,
            fontName=f.bold,
            fontSize=9 * s,
            spaceBefore=6 * s,
            spaceAfter=3 * s,
            keepWithNext=1,
        )
        self.title = ParagraphStyle(
            "title",
            fontName=f.heading,
            fontSize=30 * s,
            leading=35 * s,
            alignment=TA_CENTER,
            textColor=acc,
            spaceAfter=10 * s,
        )
        self.subtitle = ParagraphStyle(
            "subtitle",
            fontName=f.italic,
            fontSize=11 * s,
            leading=15 * s,
            alignment=TA_CENTER,
            textColor=ink,
            spaceAfter=14 * s,
        )
        self.center = ParagraphStyle("center", parent=self.body, alignment=TA_CENTER)

    def _toc_styles(self, ink: colors.Color) -> list[ParagraphStyle]:
        """The table of contents' three levels, indented step by step."""
        s, f = self.scale, self.f
        return [
            ParagraphStyle(
                "toc0",
                fontName=f.bold,
                fontSize=9.5 * s,
                leading=12.5 * s,
                textColor=ink,
                leftIndent=0,
                firstLineIndent=0,
                spaceBefore=1.5 * s,
            ),
            ParagraphStyle(
                "toc1",
                fontName=f.regular,
                fontSize=8.6 * s,
                leading=10.8 * s,
                textColor=ink,
                leftIndent=12 * s,
                firstLineIndent=0,
            ),
            ParagraphStyle(
                "toc2",
                fontName=f.italic,
                fontSize=8.5 * s,
                leading=11 * s,
                textColor=ink,
                leftIndent=24 * s,
                firstLineIndent=0,
            ),
        ]

    def _card_styles(self) -> None:
        """A quick-reference card's tighter headings, body, bullets and notes, each made
        from the full-size style it replaces."""
        s = self.scale
        self.h1 = ParagraphStyle(
            "h1",
            parent=self.h1,
            fontSize=12 * s,
            leading=14 * s,
            spaceBefore=2 * s,
            spaceAfter=3 * s,
        )
        self.h2 = ParagraphStyle(
            "h2",
            parent=self.h2,
            fontSize=10 * s,
            leading=12.5 * s,
            spaceBefore=4 * s,
            spaceAfter=2 * s,
        )
        self.body = ParagraphStyle("body", parent=self.body, spaceAfter=3 * s)
        self.bullet = ParagraphStyle(
            "bullet",
            parent=self.bullet,
            leftIndent=11 * s,
            bulletIndent=1 * s,
            spaceAfter=1.5 * s,
        )
        self.note = ParagraphStyle("note", parent=self.note, spaceBefore=3 * s, spaceAfter=4 * s)

    def heading(self, level: int) -> ParagraphStyle:
        return {1: self.h1, 2: self.h2}.get(level, self.h3)


# --------------------------------------------------------------------------- inline text


def icon_markup(name: str, size: float) -> str:
    """An inline icon: no-break spaces as wide as the symbol, then a zero-width callback
    that draws the symbol back over them. The callback comes *after* its room: ReportLab
    hangs a zero-width callback that starts a word on the word before it, so an icon put
    first would stay at the end of a line while its room went on to the next one. Here the
    room, the callback and the word that follows (joined by a no-break space, see `inline`)
    make one unbreakable word. The room is set in the regular face so its width is known:
    the label carries it (points) for the painter to step back by."""
    regular = fonts.register().regular
    room = "\u00a0" * max(1, round(1.12 / _NBSP_EM))
    back = stringWidth(room, regular, size)
    return (
        f'<font face="{regular}">{room}</font>'
        f'<onDraw name="{ICON_CALLBACK}" label="{name} {size:.2f} {back:.3f}"/>'
    )


def icon_label(label: str) -> tuple[str, float, float]:
    """(name, size, room width) from the label `icon_markup` gave its callback."""
    name, size, *back = label.split(" ")
    return name, float(size), float(back[0]) if back else 0.0


def inline(text: str, size: float, icons: set[str], problems: list[str] | None = None) -> str:
    """Inline markup (**bold**, *italic*, :icon:) → ReportLab paragraph markup."""
    out: list[str] = []
    after_icon = False
    for span in markup.spans(text):
        if after_icon and span.icon is None and span.text.startswith(" "):
            # keep an icon on the same line as the word it labels
            span = markup.Span("\u00a0" + span.text[1:], span.bold, span.italic)
        after_icon = span.icon is not None
        if span.icon is not None:
            if span.icon in icons:
                out.append(icon_markup(span.icon, size))
            else:
                if problems is not None:
                    problems.append(span.icon)
                out.append(escape(f":{span.icon}:"))
            continue
        t = escape(span.text)
        if span.bold:
            t = f"<b>{t}</b>"
        if span.italic:
            t = f"<i>{t}</i>"
        out.append(t)
    return "".join(out)


# --------------------------------------------------------------------------- headings


class Heading(MeasuredParagraph):
    """A heading that the document lists in its contents and PDF bookmarks."""

    def __init__(self, text: str, style: ParagraphStyle, level: int, title: str, key: str):
        super().__init__(text, style)
        self.toc_level = level  # 0 for '#', 1 for '##', 2 for '###'
        self.toc_title = title  # plain text
        self.key = key


class ScriptHeading(ScriptParagraph):
    """A heading in a script laid out by `ScriptParagraph` (right to left, CJK), listed
    in the contents and bookmarks as a `Heading` is."""

    def __init__(
        self,
        text: str,
        style: ParagraphStyle,
        level: int,
        title: str,
        key: str,
        icons: IconResolver | None = None,
    ):
        super().__init__(text, style, icons)
        self.toc_level, self.toc_title, self.key = level, title, key


HEADINGS = (Heading, ScriptHeading)  # what the document lists in its contents


# --------------------------------------------------------------------------- builder


def unbreakable(text: str) -> list[str]:
    """The pieces of a cell's text no line break cuts: its words, cut in CJK text where a
    line may break between two characters (kinsoku kept: `。` stays with the character
    before it). A column is never narrower than its widest piece."""
    out: list[str] = []
    for word in text.split():
        if not has_breaks(word):
            out.append(word)
            continue
        piece = word[0]
        for before, ch in zip(word, word[1:]):
            if break_between(before, ch):
                out.append(piece)
                piece = ""
            piece += ch
        out.append(piece)
    return out


@dataclass
class Builder:
    """Turns blocks into flowables for frames `width` × `height` points."""

    styles: Styles
    width: float
    height: float
    icons: set[str]
    where: str  # the template's display path, for Issues
    issues: list[Issue] = field(default_factory=list)
    icon_refs: IconResolver | None = None  # what a ScriptParagraph draws for an :icon:
    # a `#` heading is `H1` in the structure tree, one level more under a cover's title
    heading_shift: int = 0
    words: ToolWords = ENGLISH  # cardstock's words in the book's language (a page referred to)
    _keys: int = 0

    def _inline(self, text: str, size: float) -> str:
        unknown: list[str] = []
        out = inline(text, size, self.icons, unknown)
        self._unknown(unknown)
        if refs.TOKEN.search(out):  # a page it refers to (`books.refs`)
            out = refs.markup(out, self.words, self.styles.f.regular, size)
        for ch in fonts.missing(markup.plain(refs.plain(text)), self.styles.f.family):
            self.issues.append(
                Issue(
                    self.where,
                    None,
                    "text",
                    f"the font has no glyph for {ch!r} (U+{ord(ch):04X}); it would print as a box",
                    "warning",
                )
            )
        return out

    def _unknown(self, unknown: list[str]) -> None:
        for name in unknown:
            self.issues.append(
                Issue(
                    self.where,
                    None,
                    "icon",
                    f"the text names :{name}:, which the game does not declare; "
                    f"its icons are: {', '.join(sorted(self.icons)) or 'none'}",
                )
            )

    def _scripts(self, text: str) -> bool:
        """Whether a paragraph is laid out as a face's text is (`books.scripts`)."""
        plain = markup.plain(refs.plain(text))
        return needs_layout(plain, fonts.missing(plain, self.styles.f.family))

    def _laid_out(self, made: ScriptParagraph) -> ScriptParagraph:
        """A ScriptParagraph, with its unknown icons and the characters no font of the
        project has reported."""
        unknown: list[str] = []
        inline(made.text, made.style.fontSize, self.icons, unknown)
        self._unknown(unknown)
        made.wrap(self.width, self.height)
        tried = ", ".join(repr(f) for f in (made.face, *made.fallback))
        for ch in made.missing:
            self.issues.append(
                Issue(
                    self.where,
                    None,
                    "text",
                    f"no font has a glyph for {ch!r} (U+{ord(ch):04X}) (tried {tried}); it "
                    "would print as a box",
                    "warning",
                )
            )
        for kind, font in made.unstyled:
            issue = Issue(self.where, None, "text", unstyled_advice(kind, font), "warning")
            if issue not in self.issues:
                self.issues.append(issue)
        return made

    def para(self, text: str, style: ParagraphStyle, labelled: bool = False, **kw: Any) -> Flowable:
        """`text` as a paragraph; `labelled`: a list item's, which says where its label
        (`bulletText`) ends (`marks.Labelled`)."""
        if self._scripts(text):
            return self._laid_out(
                ScriptParagraph(text, style, self.icon_refs, kw.get("bulletText"))
            )
        lead = f'<onDraw name="{LABEL_END}"/>' if labelled else ""
        return MeasuredParagraph(lead + self._inline(text, style.fontSize), style, **kw)

    def heading(self, level: int, text: str) -> list[Flowable]:
        self._keys += 1
        style = self.styles.heading(level)
        title = " ".join("".join(sp.text for sp in markup.spans(text) if sp.icon is None).split())
        h: Flowable
        if self._scripts(text):
            key = f"h{self._keys}"
            h = self._laid_out(ScriptHeading(text, style, level - 1, title, key, self.icon_refs))
        else:
            h = Heading(
                self._inline(text, style.fontSize), style, level - 1, title, f"h{self._keys}"
            )
        marked = tagged(h, f"H{level + self.heading_shift}")
        if level == 1:
            return [CondPageBreak(self.height * 0.22), marked]
        return [CondPageBreak(self.height * 0.1), marked]

    def blocks(self, blocks: list[markup.Block]) -> list[Flowable]:
        out: list[Flowable] = []
        prev: markup.Block | None = None
        listed: Node | None = None  # the list (`L`) the items go into
        for b in blocks:
            if isinstance(prev, markup.ListItem) and not isinstance(b, markup.ListItem):
                out.append(Spacer(1, 4 * self.styles.scale))
            if not isinstance(b, markup.ListItem) or (
                isinstance(prev, markup.ListItem) and prev.ordered != b.ordered
            ):
                listed = None
            prev = b
            if isinstance(b, markup.Heading):
                out += self.heading(b.level, b.text)
            elif isinstance(b, markup.Paragraph):
                out.append(tagged(self.para(b.text, self.styles.body), "P"))
            elif isinstance(b, markup.ListItem):
                bullet = f"{b.number}." if b.ordered else "\u2022"
                listed = listed or Node("L")
                item = Node("LI", listed)
                para = self.para(b.text, self.styles.bullet, bulletText=bullet, labelled=True)
                out.append(Labelled(para, Node("LBody", item), Node("Lbl", item)))
            elif isinstance(b, markup.Note):
                quote = Node("P", Node("BlockQuote"))  # a note set apart, as HTML's blockquote
                out.append(Tagged(self.para(b.text, self.styles.note), quote))
            elif isinstance(b, markup.Table):
                out.append(self.table(b))
        return out

    # ------------------------------------------------------------------ tables

    def _width(self, text: str, style: ParagraphStyle) -> float:
        """How wide a cell's text is on one line: in the book's bold face (a header's),
        or, in a script laid out here, as it is laid out (its fonts, shaped)."""
        if self._scripts(text):
            return ScriptParagraph(text, style).natural_width()
        return float(stringWidth(markup.plain(text), self.styles.f.bold, style.fontSize))

    def _col_widths(
        self, rows: list[tuple[str, ...]], style: ParagraphStyle, pad: float
    ) -> list[float]:
        n = max(len(r) for r in rows)
        natural = [0.0] * n
        least = [0.0] * n
        for r in rows:
            for i, cell in enumerate(r):
                natural[i] = max(natural[i], self._width(cell, style) + 2 * pad)
                units = unbreakable(markup.plain(cell))
                longest = max((self._width(u, style) for u in units), default=0)
                least[i] = max(least[i], min(longest + 2 * pad, self.width / n))
        total = sum(natural)
        if total <= self.width:
            extra = self.width - total
            return [w + extra * (w / total) for w in natural]
        spare = self.width - sum(least)
        want = [max(0.0, nat - lo) for nat, lo in zip(natural, least)]
        share = sum(want) or 1.0
        return [lo + spare * (w / share) for lo, w in zip(least, want)]

    def table(self, t: markup.Table, style: ParagraphStyle | None = None) -> Flowable:
        style = style or self.styles.cell
        head_style = ParagraphStyle(
            "h", parent=style, fontName=self.styles.f.bold, textColor=colors.white
        )
        pad = (2.4 if self.styles.card else 3.0) * self.styles.scale
        n = max([len(t.header)] + [len(r) for r in t.rows])
        rows = [tuple(r) + ("",) * (n - len(r)) for r in (t.header, *t.rows)]
        if rtl_paragraph(" ".join(markup.plain(c) for c in t.header)):
            # a table headed right to left reads from the right: its first column there,
            # every cell aligned right (a number too)
            rows = [r[::-1] for r in rows]
            style = ParagraphStyle("rtl", parent=style, alignment=TA_RIGHT)
            head_style = ParagraphStyle("rtl_h", parent=head_style, alignment=TA_RIGHT)
        widths = self._col_widths(rows, style, pad)
        node = Node("Table")
        head = Node("TR", node)
        data = [
            [
                Tagged(self.para(c, head_style), Node("TH", head, scope="Column", once=True))
                for c in rows[0]
            ]
        ]
        for r in rows[1:]:
            line = Node("TR", node)
            data.append([Tagged(self.para(c, style), Node("TD", line)) for c in r])
        acc = colors.HexColor(self.styles.accent)
        cmds = [
            ("FONTNAME", (0, 0), (-1, -1), self.styles.f.regular),
            ("BACKGROUND", (0, 0), (-1, 0), acc),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), pad),
            ("RIGHTPADDING", (0, 0), (-1, -1), pad),
            ("TOPPADDING", (0, 0), (-1, -1), pad * 0.7),
            ("BOTTOMPADDING", (0, 0), (-1, -1), pad * 0.9),
            ("LINEBELOW", (0, 0), (-1, -1), 0.4, tint(self.styles.accent, 0.6)),
        ]
        for i in range(2, len(data), 2):
            cmds.append(("BACKGROUND", (0, i), (-1, i), tint(self.styles.accent, 0.93)))
        table = Table(
            data,
            colWidths=widths,
            repeatRows=1,
            style=TableStyle(cmds),
            hAlign="LEFT",
            spaceBefore=3,
            spaceAfter=8,
        )
        # A row taller than a whole page cannot be split: report it, and shrink it onto
        # the page rather than lose any of it. A row is as tall as its tallest cell.
        heights = [
            max(p.wrap(w - 2 * pad, self.height)[1] for p, w in zip(r, widths)) + pad * 1.6
            for r in data
        ]
        tallest = max(heights, default=0.0)
        if tallest > self.height * 0.9:
            first = markup.plain(rows[heights.index(tallest)][0])[:40]
            self.issues.append(
                Issue(
                    self.where,
                    None,
                    "table",
                    f"a table row ({first!r}…) is {tallest:.0f}pt tall but a page holds "
                    f"{self.height:.0f}pt; it is printed smaller: shorten it or split the row",
                    "warning",
                )
            )
            return KeepInFrame(self.width, self.height * 0.95, [Decoration(table)], mode="shrink")
        return Decoration(table)
