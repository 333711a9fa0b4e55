#!/usr/bin/env python3
"""The bench's second yardstick: N distinct poker cards of a richer kind, drawn the way a
hand-written ReportLab script would draw them.

Each card has a faction-coloured title bar with its name, a number in a badge, a picture
(one PNG per faction, stretched into its box), a row of one to three icons, and a text of
mixed styles (bold, italic) with icons inside the lines. The script knows its card: it
measures words with ReportLab's font metrics and breaks lines greedily, draws icons as
filled polygons, and does nothing a layout engine does (no fitting, no checks, no cache).
Pages are US Letter, 3 x 3, fronts then mirrored backs, crop marks, the TrueType faces
cardstock ships embedded.

usage:
    rich_plain.py --write GAME_DIR N   # the deck's data for cardstock: GAME_DIR/cards.csv,
                                       # art/f0.png ... art/f4.png, icons/<name>.svg
    rich_plain.py N OUT.pdf GAME_DIR   # draw the first N cards, reading GAME_DIR/art/

Run it with the Python of a venv where cardstock is installed (it embeds cardstock's
fonts). bench/run.py writes the rest of the cardstock project (game.toml and a layout
drawing this card) and times both sides.
"""

from __future__ import annotations

import csv
import re
import struct
import sys
import zlib
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from plain_sheet import CARD_H, CARD_W, draw_sheets  # noqa: E402

FACTIONS = ("#8e2b2b", "#2b5c8e", "#2e7d32", "#6a1b9a", "#b26a00")
# The icons, each a polygon in a 100 x 100 square (y down, as in SVG), and its colour.
ICONS = {
    "star": (
        "#c9a227",
        [
            (50, 4),
            (61, 38),
            (96, 38),
            (68, 59),
            (79, 94),
            (50, 72),
            (21, 94),
            (32, 59),
            (4, 38),
            (39, 38),
        ],
    ),
    "gem": ("#2b7bb9", [(50, 4), (92, 40), (50, 96), (8, 40)]),
    "flame": ("#c0392b", [(50, 4), (84, 56), (70, 96), (30, 96), (16, 56)]),
}
ICON_NAMES = tuple(ICONS)
VERBS = ("Gain", "Lose", "Steal", "Trade", "Spend")
ADVERBS = ("then", "later", "again", "twice", "quickly")
WORDS = "ally card play token score each other player turn round fire water stone wind".split()

# The boxes, in points from the card's top-left corner: (left, top, width, height).
BAR = (12.0, 12.0, 156.0, 28.0)
BADGE = (142.0, 15.0, 22.0, 22.0)
ART = (12.0, 46.0, 156.0, 90.0)
ROW = (12.0, 142.0, 156.0, 16.0)
BODY = (16.0, 166.0, 148.0, 74.0)
BODY_SIZE, BODY_LEADING = 8.5, 1.3
ICON_GAP = 0.18  # the gap between icons of a row, as a share of an icon's size


def cards(n: int) -> list[dict[str, object]]:
    """The deck: n distinct cards, each a dict of the table's columns."""
    deck = []
    for i in range(n):
        own = [WORDS[(i * 7 + k * 3) % len(WORDS)] for k in range(3)]
        first, second = ICON_NAMES[i % 3], ICON_NAMES[(i // 3) % 3]
        text = (
            f"**{VERBS[i % 5]}** {1 + i % 4} :{first}: and *{ADVERBS[(i // 5) % 5]}* "
            f"{' '.join(own)}. Each other player loses {1 + i % 3} :{second}: at once, then "
            "draws one card."
        )
        icons = " ".join(ICON_NAMES[(i + k) % 3] for k in range(1 + i % 3))
        deck.append(
            {
                "name": f"Card {i + 1}",
                "number": i % 10,
                "faction": i % 5,
                "marks": icons,
                "art": f"art/f{i % 5}.png",
                "text": text,
            }
        )
    return deck


# ---------------------------------------------------------------- the deck's data files


def png(width: int, height: int, top: str, bottom: str) -> bytes:
    """An RGB PNG shading from colour `top` to `bottom`, with a light diagonal band."""
    a = [int(top[k : k + 2], 16) for k in (1, 3, 5)]
    b = [int(bottom[k : k + 2], 16) for k in (1, 3, 5)]
    rows = bytearray()
    for y in range(height):
        rows.append(0)  # no filter
        for x in range(width):
            t = y / (height - 1)
            band = 60 if abs(x - y * width / height) < width / 10 else 0
            rows += bytes(min(255, round(a[c] + (b[c] - a[c]) * t) + band) for c in range(3))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + chunk(b"IEND", b"")
    )


def svg(points: list[tuple[int, int]]) -> str:
    """An icon's SVG file: its polygon as one path (the game gives the colour)."""
    d = "M " + " L ".join(f"{x} {y}" for x, y in points) + " Z"
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><path d="{d}"/></svg>\n'


def write_game(folder: Path, n: int) -> None:
    """The table, pictures and icons cardstock's side of the bench reads."""
    (folder / "art").mkdir(parents=True, exist_ok=True)
    (folder / "icons").mkdir(parents=True, exist_ok=True)
    for k, colour in enumerate(FACTIONS):
        (folder / "art" / f"f{k}.png").write_bytes(png(156, 90, "#f4f1ea", colour))
    for name, (_, points) in ICONS.items():
        (folder / "icons" / f"{name}.svg").write_text(svg(points), encoding="utf-8")
    deck = cards(n)
    with open(folder / "cards.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, ["name", "count", "number", "faction", "marks", "art", "text"])
        w.writeheader()
        for card in deck:
            w.writerow({**card, "count": 1})


# ---------------------------------------------------------------- drawing


def register_fonts() -> None:
    """The faces cardstock ships, as R (regular), B (bold) and I (italic)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    import cardstock.fonts

    here = Path(cardstock.fonts.__file__).parent
    for short, stem in (("R", "Regular"), ("B", "Bold"), ("I", "Italic")):
        pdfmetrics.registerFont(TTFont(short, str(here / f"LiberationSans-{stem}.ttf")))


TOKEN = re.compile(r"\*\*(.+?)\*\*|\*(.+?)\*|:([a-z]+):|(\S+)")


def words(text: str) -> list[tuple[str, str]]:
    """The text as (font or "icon", word) pairs: **bold** in B, *italic* in I, :name: an
    icon, the rest in R. Spans of several words become one pair per word."""
    out: list[tuple[str, str]] = []
    for m in TOKEN.finditer(text):
        bold, italic, icon, plain = m.groups()
        if icon:
            out.append(("icon", icon))
        else:
            font = "B" if bold else "I" if italic else "R"
            out += [(font, w) for w in (bold or italic or plain).split()]
    return out


def lines_of(text: str, width: float) -> list[list[tuple[str, str, float]]]:
    """Greedy line breaking: each line a list of (font, word, width)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    space = stringWidth(" ", "R", BODY_SIZE)
    lines: list[list[tuple[str, str, float]]] = [[]]
    used = 0.0
    for font, word in words(text):
        w = BODY_SIZE if font == "icon" else stringWidth(word, font, BODY_SIZE)
        if lines[-1] and used + space + w > width:
            lines.append([])
            used = 0.0
        used += (space if lines[-1] else 0.0) + w
        lines[-1].append((font, word, w))
    return lines


def icon(c: Any, name: str, x: float, y: float, size: float) -> None:
    """Icon `name` filling the square of side `size` whose bottom-left corner is (x, y)."""
    colour, points = ICONS[name]
    from reportlab.lib.colors import HexColor

    c.setFillColor(HexColor(colour))
    p = c.beginPath()
    for k, (px, py) in enumerate(points):
        (p.lineTo if k else p.moveTo)(x + px * size / 100, y + size - py * size / 100)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def face(c: Any, card: dict[str, object], art_dir: Path) -> None:
    """One front, the card's bottom-left corner at the origin."""
    from reportlab.lib.colors import HexColor

    def top(y: float, h: float = 0.0) -> float:  # a box's top offset to ReportLab's bottom y
        return CARD_H - y - h

    f = int(str(card["faction"]))
    c.setFillColor(HexColor("#ffffff"))
    c.rect(0, 0, CARD_W, CARD_H, stroke=0, fill=1)
    c.setStrokeColor(HexColor("#333333"))
    c.setLineWidth(2)
    c.roundRect(6, 6, 168, 240, 10, stroke=1, fill=0)
    x, y, w, h = BAR
    c.setFillColor(HexColor(FACTIONS[f]))
    c.roundRect(x, top(y, h), w, h, 4, stroke=0, fill=1)
    c.setFillColor(HexColor("#ffffff"))
    c.setFont("B", 12)
    c.drawString(18, top(y + h / 2 + 4.3), str(card["name"]))
    x, y, w, h = BADGE
    c.setStrokeColor(HexColor("#333333"))
    c.setLineWidth(1.5)
    c.circle(x + w / 2, top(y + h / 2), w / 2, stroke=1, fill=1)
    c.setFillColor(HexColor("#000000"))
    c.drawCentredString(x + w / 2, top(y + h / 2 + 4.3), str(card["number"]))
    x, y, w, h = ART
    c.drawImage(str(art_dir / str(card["art"])), x, top(y, h), w, h)
    x, y, w, h = ROW
    names = str(card["marks"]).split()
    s = min(h, w / (len(names) + ICON_GAP * (len(names) - 1)))
    row_w = len(names) * s + (len(names) - 1) * s * ICON_GAP
    for k, name in enumerate(names):
        icon(c, name, x + (w - row_w) / 2 + k * s * (1 + ICON_GAP), top(y + (h + s) / 2), s)
    x, y, w, h = BODY
    colour = HexColor("#222222")
    baseline = top(y + BODY_SIZE)
    for line in lines_of(str(card["text"]), w):
        at = x
        for font, word, width in line:
            if font == "icon":
                icon(c, word, at, baseline - BODY_SIZE * 0.15, BODY_SIZE)
            else:
                c.setFillColor(colour)
                c.setFont(font, BODY_SIZE)
                c.drawString(at, baseline, word)
            at += width + 2.36  # the width of a space at 8.5pt in Liberation Sans
        baseline -= BODY_SIZE * BODY_LEADING


def back(c: Any) -> None:
    """The deck's back: dark, one word in the middle."""
    from reportlab.lib.colors import HexColor

    c.setFillColor(HexColor("#2c3e50"))
    c.rect(0, 0, CARD_W, CARD_H, stroke=0, fill=1)
    c.setFillColor(HexColor("#ffffff"))
    c.setFont("B", 16)
    c.drawCentredString(CARD_W / 2, CARD_H / 2 - 5.7, "RICH")


def draw(n: int, out: str, game_dir: Path) -> None:
    """The first n cards on Letter pages, fronts then mirrored backs (`plain_sheet`)."""
    register_fonts()

    def draw_face(c: Any, card: dict[str, object]) -> None:
        face(c, card, game_dir)

    draw_sheets(out, cards(n), draw_face, back)


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[0] == "--write":
        write_game(Path(argv[1]), int(argv[2]))
        return 0
    if len(argv) == 3:
        draw(int(argv[0]), argv[1], Path(argv[2]))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
