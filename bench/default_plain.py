#!/usr/bin/env python3
"""The bench's third yardstick: the cards of `default_deck.py`, drawn by a hand-written
ReportLab script that draws what cardstock's shipped card layout draws.

Each front: a rounded frame in the faction's colour, a paper panel, a tinted title band
with the faction's icon in a badge, the number in a disc, the title centred, generated
art (a sunburst in tints of the faction's colour, turned by the card, behind the icon), the
faction's name on a small line, a rule, three lines of text, the number again, labelled,
and a version mark (the version and six hex digits of a hash of the card). The back is a
PNG. The script knows its card: fixed sizes, no fitting, no checks, no cache. Pages are US
Letter, 3 x 3, fronts then mirrored backs, crop marks, the TrueType faces cardstock ships
embedded.

usage:
    default_plain.py --write GAME_DIR N   # the deck's data: GAME_DIR/cards.csv, art/back.png
    default_plain.py N OUT.pdf GAME_DIR   # draw the first N cards, reading GAME_DIR/art/

Run it with the Python of a venv where cardstock is installed (it embeds cardstock's
fonts).
"""

from __future__ import annotations

import csv
import hashlib
import math
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from default_deck import FACTIONS, cards  # noqa: E402
from plain_sheet import CARD_H, CARD_W, draw_sheets  # noqa: E402
from rich_plain import png  # noqa: E402

MM = 72 / 25.4
SAFE = 3 * MM
PAPER, MUTED, INK = "#fbf8f1", "#5c5752", "#23232b"
COLOURS = {name: colour for name, _, _, colour in FACTIONS}
ICON_OF = {name: icon for name, icon, _, _ in FACTIONS}

# Each faction's icon as a polygon in a 100 x 100 square (y down, as in SVG).
SHAPES = {
    "flame": [(50, 4), (80, 45), (78, 80), (50, 96), (22, 80), (20, 45)],
    "wave": [(4, 60), (25, 40), (50, 60), (75, 40), (96, 60), (96, 80), (4, 80)],
    "leaf": [(50, 4), (86, 40), (50, 96), (14, 40)],
    "sun": [
        (50 + 46 * math.cos(k * math.pi / 8), 50 + 46 * math.sin(k * math.pi / 8))
        for k in range(16)
    ],
    "moon": [(60, 4), (30, 20), (22, 50), (30, 80), (60, 96), (44, 70), (40, 50), (44, 30)],
}


def write_game(folder: Path, n: int) -> None:
    """The table and the back's picture cardstock's side of the bench reads."""
    (folder / "art").mkdir(parents=True, exist_ok=True)
    (folder / "art" / "back.png").write_bytes(png(180, 252, "#2c3e50", "#5d6d7e"))
    with open(folder / "cards.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, ["name", "count", "faction", "number", "text"])
        w.writeheader()
        for card in cards(n):
            w.writerow({**card, "count": 1})


def register_fonts() -> None:
    """The faces cardstock ships that the card uses."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    import cardstock.fonts

    here = Path(cardstock.fonts.__file__).parent
    for short, stem in (
        ("R", "LiberationSans-Regular"),
        ("B", "LiberationSans-Bold"),
        ("I", "LiberationSans-Italic"),
        ("S", "LiberationSerif-Bold"),
    ):
        pdfmetrics.registerFont(TTFont(short, str(here / f"{stem}.ttf")))


def tint(colour: str, t: float) -> str:
    rgb = [int(colour[k : k + 2], 16) for k in (1, 3, 5)]
    return "#" + "".join(f"{round(v + (255 - v) * t):02x}" for v in rgb)


def polygon(c: Any, points: list[tuple[float, float]], x: float, y: float, size: float) -> None:
    """A polygon of a 100 x 100 square, filling the square of side `size` whose top-left
    corner is (x, y) in the card's coordinates (y down)."""
    p = c.beginPath()
    for k, (px, py) in enumerate(points):
        (p.lineTo if k else p.moveTo)(x + px * size / 100, CARD_H - y - py * size / 100)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def art(c: Any, card: dict[str, object], box: tuple[float, float, float, float]) -> None:
    """Generated art: the ground, ten rays turned by the card, a disc and the icon."""
    from reportlab.lib.colors import HexColor

    colour = COLOURS[str(card["faction"])]
    x, y, w, h = box
    c.saveState()
    clip = c.beginPath()
    clip.roundRect(x, CARD_H - y - h, w, h, 1.4 * MM)
    c.clipPath(clip, stroke=0, fill=0)
    c.setFillColor(HexColor(tint(colour, 0.8)))
    c.rect(x, CARD_H - y - h, w, h, stroke=0, fill=1)
    cx, cy = x + w / 2, CARD_H - y - h / 2
    turn = int(hashlib.sha256(str(card["name"]).encode()).hexdigest()[:4], 16) % 360
    start, rad = turn * math.pi / 180 / 20, math.hypot(w, h)
    c.setFillColor(HexColor(tint(colour, 0.68)), alpha=0.55)
    for i in range(0, 20, 2):
        a1, a2 = start + 2 * math.pi * i / 20, start + 2 * math.pi * (i + 1) / 20
        p = c.beginPath()
        p.moveTo(cx, cy)
        p.lineTo(cx + rad * math.cos(a1), cy + rad * math.sin(a1))
        p.lineTo(cx + rad * math.cos(a2), cy + rad * math.sin(a2))
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    s = min(w, h) * 0.62
    c.setFillColor(HexColor(tint(colour, 0.8)), alpha=1)
    c.setStrokeColor(HexColor(tint(colour, 0.55)))
    c.setLineWidth(max(0.6, s * 0.03))
    c.circle(cx, cy, s * 0.62, stroke=1, fill=1)
    c.setFillColor(HexColor(tint(colour, 0.25)))
    polygon(c, SHAPES[ICON_OF[str(card["faction"])]], cx - s * 0.35, y + h / 2 - s * 0.35, s * 0.7)
    c.restoreState()
    c.setStrokeColor(HexColor(tint(colour, 0.45)))
    c.setLineWidth(0.6)
    c.roundRect(x, CARD_H - y - h, w, h, 1.4 * MM, stroke=1, fill=0)


def face(c: Any, card: dict[str, object]) -> None:
    """One front, the card's bottom-left corner at the origin."""
    from reportlab.lib.colors import HexColor

    colour = COLOURS[str(card["faction"])]
    inner_w, inner_h = CARD_W - 2 * SAFE, CARD_H - 2 * SAFE
    c.setFillColor(HexColor(colour))
    c.roundRect(0, 0, CARD_W, CARD_H, 3 * MM, stroke=0, fill=1)
    c.setFillColor(HexColor(PAPER))
    c.roundRect(3.5 * MM, 3.5 * MM, CARD_W - 7 * MM, CARD_H - 7 * MM, 2 * MM, stroke=0, fill=1)
    band = (SAFE + 1.3 * MM, SAFE + 1.3 * MM, inner_w - 2.6 * MM, 8.6 * MM)
    c.setFillColor(HexColor(tint(colour, 0.82)))
    c.roundRect(band[0], CARD_H - band[1] - band[3], band[2], band[3], 1.6 * MM, stroke=0, fill=1)
    c.setFillColor(HexColor(colour))
    badge = 6.2 * MM - 0.6 * MM
    points = SHAPES[ICON_OF[str(card["faction"])]]
    polygon(c, points, SAFE + 2.6 * MM, SAFE + 2.8 * MM, badge)
    disc = 7.2 * MM
    dx, dy = CARD_W - SAFE - 1.8 * MM - disc / 2, CARD_H - SAFE - 2 * MM - disc / 2
    c.setFillColor(HexColor(colour))
    c.circle(dx, dy, disc / 2, stroke=0, fill=1)
    c.setFillColor(HexColor("#ffffff"))
    c.setFont("B", 11)
    c.drawCentredString(dx, dy - 3.9, str(card["number"]))
    c.setFillColor(HexColor(INK))
    c.setFont("S", 11)
    c.drawCentredString(CARD_W / 2, CARD_H - band[1] - band[3] / 2 - 3.9, str(card["name"]))
    top = SAFE + 10.9 * MM
    art(c, card, (band[0], top, band[2], SAFE + inner_h * 0.48 - top))
    c.setFillColor(HexColor(MUTED))
    c.setFont("I", 6.5)
    c.drawCentredString(CARD_W / 2, CARD_H - SAFE - inner_h * 0.485 - 8.5, str(card["faction"]))
    c.setStrokeColor(HexColor(tint(colour, 0.5)))
    c.setLineWidth(0.5)
    rule_y = CARD_H - SAFE - inner_h * 0.54
    c.line(SAFE + inner_w * 0.12, rule_y, CARD_W - SAFE - inner_w * 0.12, rule_y)
    c.setFillColor(HexColor(INK))
    c.setFont("R", 9)
    baseline = CARD_H - SAFE - inner_h * 0.555 - 9
    for line in str(card["text"]).split("\n"):
        c.drawString(SAFE + 1.6 * MM, baseline, line)
        baseline -= 9 * 1.2
    baseline -= 9 * 0.5  # the facts' paragraph: the number, labelled in bold
    c.setFont("B", 9)
    c.drawString(SAFE + 1.6 * MM, baseline, "Number")
    c.setFont("R", 9)
    c.drawString(SAFE + 1.6 * MM + c.stringWidth("Number ", "B", 9), baseline, str(card["number"]))
    digest = hashlib.sha256(repr(sorted(card.items())).encode()).hexdigest()[:6]
    c.setFillColor(HexColor(MUTED))
    c.setFont("R", 6)
    c.drawRightString(CARD_W - SAFE - 1.3 * MM, SAFE + 0.7 * MM + 1.5, f"v1.0 \u00b7 {digest}")


def draw(n: int, out: str, game_dir: Path) -> None:
    """The first n cards on Letter pages, fronts then mirrored backs (`plain_sheet`)."""
    register_fonts()
    back = str(game_dir / "art" / "back.png")

    def draw_back(c: Any) -> None:
        c.drawImage(back, 0, 0, CARD_W, CARD_H)

    draw_sheets(out, cards(n), face, draw_back)


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
