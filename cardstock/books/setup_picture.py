"""The setup picture of a rulebook PDF (`{{ setup_picture() }}`): the piles the declared
setup leaves (`books.setup_piles`), each drawn as a stack of cards under the heading of
where it lies (on the table, in front of each player), its count on it (or, when the
count depends on the number of players, a line a player count under its name). In the
tagged PDF it is a `Figure` whose alternative text says the same in words.

The piles stand `COLUMNS` to a row; where that is too tall for the room left on a page,
more to a row (smaller cards, the same type) when the room then holds the picture and
every word and count still fits its cell, rather than the picture moved to the next page
and the page above it left short."""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Spacer

from .marks import Node, Tagged
from .setup_piles import Pile, SetupPicture
from .story import Styles


def _wrapped(text: str, font: str, size: float, width: float) -> list[str]:
    """`text` broken between words into lines no wider than `width` (a word wider than
    that stands on a line of its own)."""
    lines: list[str] = []
    for word in text.split():
        if lines and stringWidth(f"{lines[-1]} {word}", font, size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


COLUMNS = 4  # piles to a row, unless the room left asks for more


class _Layout:
    """Sizes of one picture, from the book's type scale, the frame's width and the piles
    to a row."""

    def __init__(self, styles: Styles, width: float, columns: int = COLUMNS):
        s = styles.scale
        self.styles, self.width = styles, width
        self.columns = columns
        self.cell = width / self.columns
        self.card_w = min(self.cell * 0.56, 46 * s)
        self.card_h = self.card_w * 1.4
        self.name_size = max(7.5 * s, styles.least)
        # a line under a pile's name is set as its name is: type under 7.5 pt is the
        # galleries' captions alone (7 pt as printed, also in the A4 booklet)
        self.line_size = self.name_size
        self.title_size = max(8.5 * s, styles.least)
        self.count_size = max(13 * s, styles.least)
        self.gap = 6 * s

    def pile_lines(self, pile: Pile) -> tuple[list[str], list[str]]:
        f = self.styles.f
        names = _wrapped(pile.name, f.bold, self.name_size, self.cell - 4)
        return names, list(pile.lines) if pile.varies else []

    def fits(self, pile: Pile) -> bool:
        """Whether each word of the pile's name and each count line fits a cell."""
        f, room = self.styles.f, self.cell - 4
        names, counts = self.pile_lines(pile)
        return all(
            stringWidth(w, f.bold, self.name_size) <= room for w in " ".join(names).split()
        ) and all(stringWidth(c, f.regular, self.line_size) <= room for c in counts)

    def pile_height(self, pile: Pile) -> float:
        names, counts = self.pile_lines(pile)
        return (
            self.card_h
            + self.gap
            + len(names) * self.name_size * 1.2
            + len(counts) * self.line_size * 1.2
        )


class SetupDrawing(Flowable):  # type: ignore[misc]  # ReportLab ships no type hints, so its classes are Any
    """The picture, as wide as the frame, drawn on the canvas in the book's own fonts."""

    def __init__(self, picture: SetupPicture, styles: Styles, width: float, accent: str):
        super().__init__()
        self.picture, self.styles = picture, styles
        self.accent = colors.HexColor(accent)
        self.width = width
        self._arrange(COLUMNS)

    def _arrange(self, columns: int) -> None:
        """The piles `columns` to a row: the layout, the rows and the height."""
        picture = self.picture
        self.lay = lay = _Layout(self.styles, self.width, columns)
        self.parts = [
            (title, _rows(piles, columns))
            for title, piles in (
                (picture.shared_title, picture.shared),
                (picture.each_title, picture.each),
            )
            if piles
        ]
        self.height = sum(
            lay.title_size * 1.8
            + sum(max(lay.pile_height(p) for p in row) + lay.gap for row in rows)
            for _, rows in self.parts
        )

    def _narrower(self) -> list[int]:
        """The piles to a row the picture may take besides `COLUMNS`: more, up to the most
        piles of a part, while every pile's words fit its cell."""
        piles = [*self.picture.shared, *self.picture.each]
        most = max(len(self.picture.shared), len(self.picture.each))
        out = []
        for n in range(COLUMNS + 1, most + 1):
            lay = _Layout(self.styles, self.width, n)
            if not all(lay.fits(p) for p in piles):
                break
            out.append(n)
        return out

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        self._arrange(COLUMNS)
        if self.height > availHeight:
            for n in self._narrower():
                self._arrange(n)
                if self.height <= availHeight:
                    break
            else:
                self._arrange(COLUMNS)  # too tall in any arrangement: the next page
        return self.width, self.height

    def draw(self) -> None:
        canv, lay = self.canv, self.lay
        top = self.height
        for title, rows in self.parts:
            canv.setFillColor(self.accent)
            canv.setFont(lay.styles.f.bold, lay.title_size)
            canv.drawString(0, top - lay.title_size, title)
            top -= lay.title_size * 1.8
            for row in rows:
                for i, pile in enumerate(row):
                    self._stack(i * lay.cell, top, pile)
                top -= max(lay.pile_height(p) for p in row) + lay.gap

    def _stack(self, x: float, top: float, pile: Pile) -> None:
        """One pile: three cards, each a little offset, its count on the top one."""
        canv, lay, ink = self.canv, self.lay, self.accent
        w, h = lay.card_w, lay.card_h
        left = x + (lay.cell - w) / 2
        canv.setStrokeColor(ink)
        canv.setLineWidth(0.7)
        for k in (2, 1, 0):
            fill = colors.white if k else colors.Color(ink.red, ink.green, ink.blue, 0.14)
            canv.setFillColor(colors.white)
            canv.roundRect(left + 2 * k, top - h - 2 * k, w, h, 3, stroke=0, fill=1)
            canv.setFillColor(fill)
            canv.roundRect(left + 2 * k, top - h - 2 * k, w, h, 3, stroke=1, fill=1)
        canv.setFillColor(ink)
        if not pile.varies:
            canv.setFont(lay.styles.f.bold, lay.count_size)
            canv.drawCentredString(left + w / 2, top - h / 2 - lay.count_size * 0.35, pile.lines[0])
        names, counts = lay.pile_lines(pile)
        y = top - h - lay.gap - lay.name_size
        canv.setFillColor(colors.HexColor("#222222"))
        canv.setFont(lay.styles.f.bold, lay.name_size)
        for line in names:
            canv.drawCentredString(x + lay.cell / 2, y, line)
            y -= lay.name_size * 1.2
        canv.setFont(lay.styles.f.regular, lay.line_size)
        for line in counts:
            canv.drawCentredString(x + lay.cell / 2, y, line)
            y -= lay.line_size * 1.2


def _rows(piles: tuple[Pile, ...], columns: int) -> list[tuple[Pile, ...]]:
    return [piles[i : i + columns] for i in range(0, len(piles), columns)]


def setup_figure(
    picture: SetupPicture | None, styles: Styles, width: float, accent: str
) -> list[Flowable]:
    """The picture as the text's flowables: a `Figure` with its words (nothing when the
    game declares no setup)."""
    if picture is None:
        return []
    d = SetupDrawing(picture, styles, width, accent)
    return [Tagged(d, Node("Figure", alt=picture.words())), Spacer(1, 6 * styles.scale)]
