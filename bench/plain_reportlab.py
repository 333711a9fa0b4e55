"""The baseline: a plain ReportLab script of the kind most home-made PnP tools are — it draws
every card at every placement (no reuse), 3×3 poker cards per Letter page, each fronts page
followed by a mirrored backs page. Usage: plain_reportlab.py N_CARDS OUT.pdf [--same]"""

from __future__ import annotations

import sys

from reportlab.lib.pagesizes import letter
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

W, H = 63.5 * mm, 88.9 * mm


def draw_front(c: canvas.Canvas, x: float, y: float, i: int) -> None:
    c.setFillColorRGB(0.97, 0.95, 0.9)
    c.roundRect(x, y, W, H, 3 * mm, fill=1, stroke=1)
    c.setFillColorRGB(0.2, 0.2, 0.25)
    c.rect(x + 4 * mm, y + H - 14 * mm, W - 8 * mm, 10 * mm, fill=1, stroke=0)
    c.setFillColorRGB(1, 1, 1)
    c.setFont("Helvetica-Bold", 11)
    c.drawString(x + 6 * mm, y + H - 10.5 * mm, f"Card {i}")
    c.setFillColorRGB(0, 0, 0)
    c.setFont("Helvetica", 8)
    for line_no, line in enumerate(("Deal 2 damage to any opponent.", "Then draw a card.", "Strength 5")):
        c.drawString(x + 6 * mm, y + 30 * mm - line_no * 10, line)


def draw_back(c: canvas.Canvas, x: float, y: float) -> None:
    c.setFillColorRGB(0.15, 0.2, 0.3)
    c.roundRect(x, y, W, H, 3 * mm, fill=1, stroke=0)
    c.setFillColorRGB(1, 1, 1)
    c.setFont("Helvetica-Bold", 16)
    c.drawCentredString(x + W / 2, y + H / 2, "GAME")


def main(n: int, out: str, same: bool) -> None:
    c = canvas.Canvas(out, pagesize=letter, invariant=1)
    pw, ph = letter
    x0, y0 = (pw - 3 * W) / 2, (ph - 3 * H) / 2
    for start in range(0, n, 9):
        chunk = range(start, min(n, start + 9))
        for k, i in enumerate(chunk):
            draw_front(c, x0 + (k % 3) * W, y0 + (2 - k // 3) * H, 0 if same else i)
        c.showPage()
        for k, _ in enumerate(chunk):
            draw_back(c, pw - x0 - ((k % 3) + 1) * W, y0 + (2 - k // 3) * H)
        c.showPage()
    c.save()


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2], "--same" in sys.argv)
