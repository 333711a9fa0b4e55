"""The setup picture of a rulebook PDF (`{{ setup_picture() }}`): the piles the declared
setup leaves (`books.setup_piles`), each drawn as a stack of cards under the heading of
where it lies (on the table, in front of each player), its count on it (or, when the
count depends on the number of players, a line a player count under its name). In the
tagged PDF it is a `Figure` whose alternative text says the same in words."""

from __future__ import annotations

from reportlab.graphics.shapes import Drawing, Rect, String
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Spacer

from .marks import Node, Tagged
from .setup_piles import Pile, SetupPicture, said
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


class _Layout:
    """Sizes of one picture, from the book's type scale and the frame's width."""

    def __init__(self, styles: Styles, width: float):
        s = styles.scale
        self.styles, self.width = styles, width
        self.columns = 4
        self.cell = width / self.columns
        self.card_w = min(self.cell * 0.56, 46 * s)
        self.card_h = self.card_w * 1.4
        self.name_size = 7.5 * s
        self.line_size = max(6.5 * s, styles.least)
        self.title_size = 8.5 * s
        self.count_size = 13 * s
        self.gap = 6 * s

    def pile_lines(self, pile: Pile) -> tuple[list[str], list[str]]:
        f = self.styles.f
        names = _wrapped(pile.name, f.bold, self.name_size, self.cell - 4)
        return names, list(pile.lines) if pile.varies else []

    def pile_height(self, pile: Pile) -> float:
        names, counts = self.pile_lines(pile)
        return (
            self.card_h
            + self.gap
            + len(names) * self.name_size * 1.2
            + len(counts) * self.line_size * 1.2
        )


def _stack(d: Drawing, x: float, top: float, lay: _Layout, pile: Pile, accent: str) -> None:
    """One pile: three cards, each a little offset, its count on the top one."""
    w, h = lay.card_w, lay.card_h
    left = x + (lay.cell - w) / 2
    ink = colors.HexColor(accent)
    for k in (2, 1, 0):
        d.add(
            Rect(
                left + 2 * k,
                top - h - 2 * k,
                w,
                h,
                rx=3,
                ry=3,
                fillColor=colors.white if k else colors.Color(ink.red, ink.green, ink.blue, 0.14),
                strokeColor=ink,
                strokeWidth=0.7,
            )
        )
    if not pile.varies:
        d.add(
            String(
                left + w / 2,
                top - h / 2 - lay.count_size * 0.35,
                said(pile.counts[0][1]),
                fontName=lay.styles.f.bold,
                fontSize=lay.count_size,
                fillColor=ink,
                textAnchor="middle",
            )
        )
    names, counts = lay.pile_lines(pile)
    y = top - h - lay.gap - lay.name_size
    for line in names:
        d.add(
            String(
                x + lay.cell / 2,
                y,
                line,
                fontName=lay.styles.f.bold,
                fontSize=lay.name_size,
                textAnchor="middle",
            )
        )
        y -= lay.name_size * 1.2
    for line in counts:
        d.add(
            String(
                x + lay.cell / 2,
                y,
                line,
                fontName=lay.styles.f.regular,
                fontSize=lay.line_size,
                textAnchor="middle",
            )
        )
        y -= lay.line_size * 1.2


def _rows(piles: tuple[Pile, ...], columns: int) -> list[tuple[Pile, ...]]:
    return [piles[i : i + columns] for i in range(0, len(piles), columns)]


def drawing(picture: SetupPicture, styles: Styles, width: float, accent: str) -> Drawing:
    """The picture, as wide as the frame."""
    lay = _Layout(styles, width)
    parts: list[tuple[str, list[tuple[Pile, ...]]]] = [
        (title, _rows(piles, lay.columns))
        for title, piles in (
            (picture.shared_title, picture.shared),
            (picture.each_title, picture.each),
        )
        if piles
    ]
    height = 0.0
    for _, rows in parts:
        height += lay.title_size * 1.8
        height += sum(max(lay.pile_height(p) for p in row) + lay.gap for row in rows)
    d = Drawing(width, height)
    top = height
    for title, rows in parts:
        d.add(
            String(
                0,
                top - lay.title_size,
                title,
                fontName=styles.f.bold,
                fontSize=lay.title_size,
                fillColor=colors.HexColor(accent),
            )
        )
        top -= lay.title_size * 1.8
        for row in rows:
            for i, pile in enumerate(row):
                _stack(d, i * lay.cell, top, lay, pile, accent)
            top -= max(lay.pile_height(p) for p in row) + lay.gap
    return d


def setup_figure(
    picture: SetupPicture | None, styles: Styles, width: float, accent: str
) -> list[Flowable]:
    """The picture as the text's flowables: a `Figure` with its words (nothing when the
    game declares no setup)."""
    if picture is None:
        return []
    d = drawing(picture, styles, width, accent)
    return [Tagged(d, Node("Figure", alt=picture.words())), Spacer(1, 6 * styles.scale)]
