"""Pictures in books: inline icons, small vector thumbnails of component faces, the
generated component list and the cover's row of faces.

Faces are the game's own (`cardstock.layout.faces.Faces`, laid out once per build) drawn
by the card renderer (`cardstock.render.pdf.PdfFaces`), scaled down onto the page. A face
that cannot be drawn gets a plain labelled outline, so the book still builds.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Table

from ..catalog.load import Catalog
from ..catalog.schema import Component
from ..catalog.wording import IN_THE_BOX, book_word, components_line, said_count
from ..core.issues import Issue
from ..layout.art.symbols import Library
from ..layout.text.continued import later_parts
from .cardwords import alt_text, face_words
from .content import Thumbs, face_size, galleries
from .grid import Grid, KeepGallery
from .marks import Node, Tagged
from .scripts import drawer_of, paragraph
from .story import Styles, escape, grid_style, icon_label, text_position, tint

# --------------------------------------------------------------------------- icons


class IconPainter:
    """Draws a game's icons inline in paragraphs (the `<onDraw>` callback of story.icon_markup)."""

    def __init__(self, catalog: Catalog, styles: Styles, library: Library):
        self.icons = catalog.game.icons
        self.styles = styles
        self.library = library

    def lookup(self, name: str) -> Any:
        """symbol name → vector parts, from the game's symbol library."""
        found = self.library.get(name)
        return found.parts if found is not None else None

    def __call__(self, canv: Canvas, kind: str, label: str) -> None:
        name, size, back = icon_label(label)
        x, y = text_position(canv)
        self.draw(canv, name, x - back + size * 0.04, y - size * 0.17, size)

    def draw(self, canv: Canvas, name: str, x: float, y: float, size: float) -> None:
        """The icon in the square (x, y, size, size); (x, y) is its lower-left corner."""
        icon = self.icons.get(name)
        color = colors.HexColor(icon.color) if icon and icon.color else colors.HexColor("#333333")
        parts = None
        if icon is not None:
            try:
                parts = self.lookup(icon.symbol or name)
            except Exception:  # noqa: BLE001 - an unknown symbol falls back to a badge
                parts = None
        canv.saveState()
        if parts:
            _draw_symbol(canv, parts, x, y, size, color)
        else:
            canv.setFillColor(color)
            canv.circle(x + size / 2, y + size / 2, size / 2, stroke=0, fill=1)
            letter = ((icon.label if icon else None) or name)[:1].upper()
            canv.setFillColor(colors.white)
            canv.setFont(self.styles.f.bold, size * 0.62)
            canv.drawCentredString(x + size / 2, y + size * 0.29, letter)
        canv.restoreState()


def _draw_symbol(
    canv: Canvas, parts: Any, x: float, y: float, size: float, color: colors.Color
) -> None:
    """Symbol parts (paths in a 0..100 box, y down) drawn into the square at (x, y)."""
    k = size / 100.0
    for part in parts:
        p = canv.beginPath()
        for cmd in part.d:
            op, vals = cmd[0], cmd[1:]
            pts = [(x + vals[i] * k, y + size - vals[i + 1] * k) for i in range(0, len(vals), 2)]
            if op == "M":
                p.moveTo(*pts[0])
            elif op == "L":
                p.lineTo(*pts[0])
            elif op == "C":
                p.curveTo(*pts[0], *pts[1], *pts[2])
            elif op == "Z":
                p.close()
        if getattr(part, "stroke_width", 0):
            canv.setStrokeColor(color)
            canv.setLineWidth(part.stroke_width * k)
            canv.setLineCap(1)
            canv.setLineJoin(1)
            canv.drawPath(p, stroke=1, fill=0)
        else:
            canv.setFillColor(color)
            canv.drawPath(
                p,
                stroke=0,
                fill=1,
                fillMode=1 if getattr(part, "fill_rule", "") == "evenodd" else 0,
            )


# --------------------------------------------------------------------------- thumbnails


def picture_words(
    catalog: Catalog,
    component: Component,
    label: str | None = None,
    thumbs: Thumbs | None = None,
    captioned: bool = False,
) -> str:
    """The words a face's picture stands for in a tagged PDF (its `Figure`'s alternative
    text), as the web page and the e-book give them: the words the face prints
    (`books.cardwords`, through `thumbs`: None, the face is not looked at), but the name a
    caption beside it already says; a face that prints none by its faces when it is a die
    (`cardwords.die_faces`: its pips), after its name unless a caption gives it, or else
    by its name, group and count (`cardwords.alt_text`)."""
    name = label or component.name
    caption = name if captioned else ""
    if thumbs is None:
        said = face_words(catalog, component, None, caption, label)
    else:
        said = thumbs.words(catalog, component, caption, label)
    if said:
        return said
    return alt_text(component, label, catalog.tool_words)


def figure(
    catalog: Catalog,
    component: Component,
    thumb: FaceThumb,
    caption: Flowable | None = None,
    label: str | None = None,
) -> list[Flowable]:
    """A face's thumbnail as a `Figure` with its words (those of the face it shows), and
    its caption as the figure's `Caption`."""
    words = picture_words(catalog, component, label, thumb.thumbs, caption is not None)
    node = Node("Figure", alt=words)
    out: list[Flowable] = [Tagged(thumb, node)]
    if caption is not None:
        out.append(Tagged(caption, Node("Caption")))
    return out


class FaceThumb(Flowable):  # type: ignore[misc]  # ReportLab ships no type hints, so its classes are Any
    """A component's front, scaled to `width` points wide (a vector drawing, not an image)."""

    def __init__(
        self,
        catalog: Catalog,
        component: Component,
        width: float,
        styles: Styles,
        findings: list[Issue],
        thumbs: Thumbs,
    ):
        super().__init__()
        self.catalog, self.component, self.styles, self.findings = (
            catalog,
            component,
            styles,
            findings,
        )
        self.thumbs = thumbs
        self.face = thumbs.of(component, findings)
        w, h = (
            (self.face.width, self.face.height) if self.face is not None else face_size(component)
        )
        self.scale = min(width / w, (width * 1.6) / h)
        self.width, self.height = w * self.scale, h * self.scale

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canv = self.canv
        if getattr(canv, "draft", False):
            return  # a layout-only pass whose page is thrown away (see BookDoc.draft)
        if self.face is not None:
            faces = drawer_of(canv)
            canv.saveState()
            canv.scale(self.scale, self.scale)
            faces.draw(self.thumbs.drawing(self.face), 0, 0, reuse=False)
            canv.restoreState()
            return
        self._outline()

    def _outline(self) -> None:
        canv, c = self.canv, self.component
        back = self.catalog.game.backs.get(c.back) if c.back else None
        color = back.color if back else self.styles.accent
        w, h = self.width, self.height
        canv.saveState()
        canv.setFillColor(tint(color, 0.85))
        canv.setStrokeColor(colors.HexColor(color))
        canv.setLineWidth(0.6)
        canv.roundRect(0, 0, w, h, min(w, h) * 0.06, stroke=1, fill=1)
        canv.setFillColor(colors.HexColor("#222222"))
        size = max(3.5, min(7.0, w / 7))
        canv.setFont(self.styles.f.bold, size)
        words, lines, line = c.name.split(), [], ""
        for word in words:
            trial = f"{line} {word}".strip()
            if canv.stringWidth(trial, self.styles.f.bold, size) > w * 0.9 and line:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
        y = h / 2 + (len(lines) - 1) * size * 0.6
        for text in lines:
            canv.drawCentredString(w / 2, y - size * 0.35, text)
            y -= size * 1.2
        canv.restoreState()


SOFT_HYPHEN = "\u00ad"


def hyphenation() -> Any:
    """Where a caption's word may break when it is wider than its line: English
    hyphenation patterns (the rulebooks are written in English). Read when a book first
    needs them (about 70 ms: most books never do), then kept by the process: Pyphen keeps
    the patterns it has read (its `cache` argument, on by default), so a later call only
    wraps them."""
    from pyphen import Pyphen

    return Pyphen(lang="en_US")


def _caption(
    c: Component, styles: Styles, label: str | None = None, line: float | None = None
) -> Flowable:
    """A thumbnail's caption, one style for every face: "<b>2×</b> Transform to Air" (the
    count only when there is more than one copy). `label` replaces the component's name.
    A caption wraps between words; a word wider than the whole `line` (points) is
    hyphenated where English breaks it ("San-dalphon"). Only a word with no such break
    narrow enough is still cut where the line ends."""
    count = f"<b>{c.count}\u00d7</b> " if c.count > 1 else ""
    name = c.name if label is None else label
    words = name.split(" ")
    if line is not None:
        style = styles.caption
        words = [
            hyphenation().inserted(w, hyphen=SOFT_HYPHEN)
            if stringWidth(w, style.fontName, style.fontSize) > line
            else w
            for w in words
        ]
    marked = f"**{c.count}\u00d7** " if c.count > 1 else ""
    return paragraph(
        marked + name,  # laid out as a face's text: its own line breaks, no soft hyphens
        styles.caption,
        styles.f.family,
        f"{count}{escape(' '.join(words))}",
    )


def component_list(
    catalog: Catalog,
    styles: Styles,
    width: float,
    findings: list[Issue],
    thumbs: Thumbs,
    height: float = float("inf"),
    words: bool = False,
) -> list[Flowable]:
    """Every group of the catalog, with its count, and a thumbnail of each distinct face
    (`height`: the tallest frame the list is laid out in, as far as a grid is measured;
    `words`: each face in a row of its own, the words it prints beside it)."""
    out: list[Flowable] = []
    totals = catalog.totals()
    kinds = ", ".join(said_count(catalog, k, n) for k, n in totals["by_kind"].items())
    total = components_line(catalog, totals["all"])
    box = book_word(catalog, IN_THE_BOX, total=f"<b>{escape(total)}</b>", kinds=escape(kinds))
    marked = book_word(catalog, IN_THE_BOX, total=f"**{total}**", kinds=kinds)
    out.append(Tagged(paragraph(marked, styles.body, styles.f.family, box), Node("P")))
    for g in galleries(catalog, later_parts(thumbs.faces)):  # a continued card's parts too
        for c in g.faces:  # each face's findings now, in the order of the list
            thumbs.of(c, findings)
        line = f"{g.name} \u2014 {said_count(catalog, g.kind, g.count)}"
        head = Tagged(paragraph(line, styles.group, styles.f.family, escape(line)), Node("P"))
        labels = list(g.labels) if g.labels is not None else None
        make = _worded if words else _grid
        grid = make(catalog, list(g.faces), styles, width, findings, thumbs, labels, height)
        out.append(KeepGallery(head, grid))
    return out


GRID_PAD = (3, 3, 2, 3)  # a gallery cell's padding: left, right, top, bottom (points)


def _grid(
    catalog: Catalog,
    comps: list[Component],
    styles: Styles,
    width: float,
    findings: list[Issue],
    thumbs: Thumbs,
    labels: list[str] | None = None,
    height: float = float("inf"),
) -> Grid:
    """The faces of `comps` in a grid, each captioned (`labels`: a one-face group's name in
    place of each face's own, "<b>15×</b> Element: Air"), made a page at a time, measured no
    further than `height`, the tallest frame it is laid out in (`books.grid`)."""
    fw, fh = face_size(comps[0])
    cols = 6 if fw / fh < 0.95 else 5
    if len(comps) > 30:
        cols += 2
    cell = width / cols
    thumb_w = cell * 0.78
    line = cell - GRID_PAD[0] - GRID_PAD[1]
    names: list[str | None] = list(labels) if labels is not None else [None] * len(comps)

    def row(i: int) -> list[Any]:
        these = range(i * cols, min(len(comps), (i + 1) * cols))
        cells: list[Any] = [
            figure(
                catalog,
                comps[k],
                FaceThumb(catalog, comps[k], thumb_w, styles, findings, thumbs),
                _caption(comps[k], styles, names[k], line),
                names[k],
            )
            for k in these
        ]
        return cells + [""] * (cols - len(cells))

    # faces at the top of their cells: a caption that wraps grows its row downward and
    # leaves the faces of the row in line
    style = grid_style(styles, "TOP", GRID_PAD, "CENTER")
    return Grid(row, -(-len(comps) // cols), [cell] * cols, style, tallest=height)


def _worded(
    catalog: Catalog,
    comps: list[Component],
    styles: Styles,
    width: float,
    findings: list[Issue],
    thumbs: Thumbs,
    labels: list[str] | None = None,
    height: float = float("inf"),
) -> Grid:
    """The faces of `comps` one a row, each beside its name (in bold, "2× Name" for copies)
    and the words it prints (`books.cardwords`, but that name), set as the book's body. In
    a tagged book each row is a `Div` a reader hears in order: the picture (a `Figure`
    named by what it shows, as its words follow), its name, its words."""
    picture = width * 0.3
    names: list[str | None] = list(labels) if labels is not None else [None] * len(comps)

    def row(i: int) -> list[Any]:
        c, label = comps[i], names[i]
        name = f"{c.count}\u00d7 " * (c.count > 1) + (label or c.name)
        family = styles.f.family
        div = Node("Div")
        cell: list[Flowable] = [
            Tagged(
                paragraph(f"**{name}**", styles.body, family, f"<b>{escape(name)}</b>"),
                Node("P", parent=div),
            )
        ]
        said = thumbs.words(catalog, c, label or c.name)
        if said:
            words = paragraph(said, styles.body, styles.f.family, escape(said))
            cell.append(Tagged(words, Node("P", parent=div)))
        thumb = FaceThumb(catalog, c, picture - GRID_PAD[0] - GRID_PAD[1], styles, findings, thumbs)
        shows = alt_text(c, label, catalog.tool_words)
        return [Tagged(thumb, Node("Figure", parent=div, alt=shows)), cell]

    style = grid_style(styles, "TOP", GRID_PAD, "LEFT")
    return Grid(row, len(comps), [picture, width - picture], style, tallest=height)


def face_row(
    catalog: Catalog,
    comps: list[Component],
    styles: Styles,
    width: float,
    findings: list[Issue],
    thumb_w: float,
    thumbs: Thumbs,
    captions: bool = True,
) -> Table:
    """A centred row of larger faces (the cover, or a card type shown in the text). The
    captions are drawn as a row under the faces: each face with its own caption is a `Div`
    of the structure tree, so a reader hears a figure's caption after it."""
    drawn = [
        figure(
            catalog,
            c,
            FaceThumb(catalog, c, thumb_w, styles, findings, thumbs),
            paragraph(c.name, styles.caption, styles.f.family, escape(c.name))
            if captions
            else None,
        )
        for c in comps
    ]
    data = [[parts[0] for parts in drawn]]
    if captions:
        for parts in drawn:
            parts[0].node.parent = parts[1].node.parent = Node("Div")
        data.append([parts[1] for parts in drawn])
    gap = min(width / max(1, len(comps)), thumb_w * 1.25)
    table = Table(data, colWidths=[gap] * len(comps), hAlign="CENTER")
    table.setStyle(grid_style(styles, "BOTTOM", (1, 1, 3, 3), "CENTER"))
    return table
