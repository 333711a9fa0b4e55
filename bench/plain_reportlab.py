"""The baseline: a plain ReportLab script of the kind most home-made PnP tools are — it draws
every card at every placement (no reuse), 3×3 poker cards per Letter page, each fronts page
followed by a mirrored backs page.

By default it draws the same card cardstock's default layout draws for the bench deck, with
the same four TrueType fonts embedded: a bleed ground, a rounded paper panel, a title band
with the name, a stat disc, an art panel (rays, a ringed star), the type line, a rule, the
rules text wrapped to the box with a bold "Strength" fact, a version mark; and a back with a
lattice texture, two rounded borders and the deck title; crop marks on every sheet. So
both PDFs show the same thing. `--simple` draws a bare card instead (base-14 Helvetica,
nothing embedded), the cheapest script one could write.

Usage: plain_reportlab.py N_CARDS OUT.pdf [--same] [--simple]"""

from __future__ import annotations

import math
import sys
from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

W, H = 63.5 * mm, 88.9 * mm
BLEED = 3 * mm
FONTS = Path(__file__).resolve().parent.parent / "cardstock" / "fonts"
TEXT = "Deal {n} damage to any opponent, then draw a card."


def hexrgb(h: str) -> tuple[float, float, float]:
    return tuple(int(h[i:i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


def register() -> None:
    for name, file in (("Sans", "LiberationSans-Regular"), ("Sans-Bold", "LiberationSans-Bold"),
                       ("Sans-Italic", "LiberationSans-Italic"), ("Serif-Bold", "LiberationSerif-Bold")):
        pdfmetrics.registerFont(TTFont(name, str(FONTS / f"{file}.ttf")))


def draw_front(c: canvas.Canvas, x: float, y: float, i: int) -> None:
    c.saveState()
    c.setFillColorRGB(*hexrgb("#3d4250"))
    c.rect(x, y, W, H, fill=1, stroke=0)  # the bleed round the grid is one rect (grid_bleed)
    px, py, pw, ph = x + 2.8 * mm, y + 2.8 * mm, W - 5.6 * mm, H - 5.6 * mm
    c.setFillColorRGB(*hexrgb("#fbf8f1"))
    c.roundRect(px, py, pw, ph, 2 * mm, fill=1, stroke=0)
    top = py + ph
    c.setFillColorRGB(*hexrgb("#d9dadd"))
    c.roundRect(px + 0.6 * mm, top - 9.2 * mm, pw - 1.2 * mm, 8.6 * mm, 1.6 * mm, fill=1, stroke=0)
    c.setFillColorRGB(*hexrgb("#3d4250"))
    c.circle(px + pw - 4.7 * mm, top - 4.9 * mm, 3.6 * mm, fill=1, stroke=0)
    c.setFillColorRGB(1, 1, 1)
    c.setFont("Sans-Bold", 11)
    c.drawCentredString(px + pw - 4.7 * mm, top - 4.9 * mm - 3.8, str(i % 10))
    c.setFillColorRGB(*hexrgb("#23232b"))
    c.setFont("Serif-Bold", 11)
    c.drawCentredString(px + pw / 2, top - 5.9 * mm, f"Card {i}")
    # art panel: rays behind a ringed star
    ax, ay, aw, ah = px + 0.6 * mm, py + 0.52 * ph, pw - 1.2 * mm, 0.48 * ph - 10.2 * mm
    c.setFillColorRGB(*hexrgb("#e4e4e6"))
    c.roundRect(ax, ay, aw, ah, 1.4 * mm, fill=1, stroke=0)
    cx, cy, r = ax + aw / 2, ay + ah / 2, max(aw, ah)
    c.saveState()
    p = c.beginPath()
    p.roundRect(ax, ay, aw, ah, 1.4 * mm)
    c.clipPath(p, stroke=0, fill=0)
    c.setFillColorRGB(*hexrgb("#d3d4d8"))
    for k in range(16):
        a0, a1 = 2 * math.pi * k / 16, 2 * math.pi * (k + 0.5) / 16
        ray = c.beginPath()
        ray.moveTo(cx, cy)
        ray.lineTo(cx + r * math.cos(a0), cy + r * math.sin(a0))
        ray.lineTo(cx + r * math.cos(a1), cy + r * math.sin(a1))
        ray.close()
        c.drawPath(ray, fill=1, stroke=0)
    c.restoreState()
    c.setStrokeColorRGB(*hexrgb("#a8aab1"))
    c.setLineWidth(0.6)
    c.roundRect(ax, ay, aw, ah, 1.4 * mm, fill=0, stroke=1)
    c.setFillColorRGB(*hexrgb("#e9e9eb"))
    c.circle(cx, cy, 0.32 * ah, fill=1, stroke=1)
    star = c.beginPath()
    for k in range(10):
        rr = 0.22 * ah if k % 2 == 0 else 0.09 * ah
        a = math.pi / 2 + math.pi * k / 5
        (star.moveTo if k == 0 else star.lineTo)(cx + rr * math.cos(a), cy + rr * math.sin(a))
    star.close()
    c.setFillColorRGB(*hexrgb("#5b5f6b"))
    c.drawPath(star, fill=1, stroke=0)
    c.setFillColorRGB(*hexrgb("#77716a"))
    c.setFont("Sans-Italic", 6.5)
    c.drawCentredString(px + pw / 2, py + 0.5 * ph - 1.5 * mm, "Deck")
    c.setStrokeColorRGB(*hexrgb("#9ea1a8"))
    c.setLineWidth(0.5)
    c.line(px + 0.12 * pw, py + 0.46 * ph, px + 0.88 * pw, py + 0.46 * ph)
    # rules text, wrapped to the box, then the fact line with a bold label
    c.setFillColorRGB(*hexrgb("#23232b"))
    ty = py + 0.445 * ph - 9
    for line in simpleSplit(TEXT.format(n=i % 5 + 1), "Sans", 9, pw - 3.2 * mm):
        c.setFont("Sans", 9)
        c.drawString(px + 1.6 * mm, ty, line)
        ty -= 10.8
    ty -= 10.8
    c.setFont("Sans-Bold", 9)
    c.drawString(px + 1.6 * mm, ty, "Strength")
    c.setFont("Sans", 9)
    c.drawString(px + 1.6 * mm + pdfmetrics.stringWidth("Strength ", "Sans-Bold", 9), ty, str(i % 10))
    c.setFillColorRGB(*hexrgb("#77716a"))
    c.setFont("Sans", 4.5)
    c.drawRightString(px + pw - 0.8 * mm, py + 0.6 * mm, f"v1.0 \u00b7 c{i:05x}")
    c.restoreState()


def draw_back(c: canvas.Canvas, x: float, y: float) -> None:
    c.saveState()
    c.setFillColorRGB(*hexrgb("#223344"))
    bx, by, bw, bh = x, y, W, H
    c.rect(bx, by, bw, bh, fill=1, stroke=0)
    c.saveState()
    p = c.beginPath()
    p.rect(bx, by, bw, bh)
    c.clipPath(p, stroke=0, fill=0)
    c.setStrokeColorRGB(1, 1, 1)
    c.setStrokeAlpha(0.07)
    c.setLineWidth(0.5)
    step = 5 * mm
    k = -bh
    while k < bw + bh:
        c.line(bx + k, by, bx + k + bh, by + bh)
        c.line(bx + k, by + bh, bx + k + bh, by)
        k += step
    c.restoreState()
    c.setStrokeColorRGB(*hexrgb("#8c96a1"))
    c.setLineWidth(1.2)
    c.roundRect(x + 4 * mm, y + 4 * mm, W - 8 * mm, H - 8 * mm, 2.5 * mm, fill=0, stroke=1)
    c.setStrokeColorRGB(*hexrgb("#64717f"))
    c.setLineWidth(0.4)
    c.roundRect(x + 5.4 * mm, y + 5.4 * mm, W - 10.8 * mm, H - 10.8 * mm, 1.8 * mm, fill=0, stroke=1)
    c.setFillColorRGB(*hexrgb("#e8ebee"))
    c.setFont("Serif-Bold", 20)
    c.drawCentredString(x + W / 2, y + 0.35 * H, "Bench")
    c.restoreState()


def grid_bleed(c: canvas.Canvas, x0: float, y0: float, color: str) -> None:
    c.setFillColorRGB(*hexrgb(color))
    c.rect(x0 - BLEED, y0 - BLEED, 3 * W + 2 * BLEED, 3 * H + 2 * BLEED, fill=1, stroke=0)


def crop_marks(c: canvas.Canvas, x0: float, y0: float) -> None:
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.3)
    for k in range(4):
        gx, gy = x0 + k * W, y0 + k * H
        c.line(gx, y0 - BLEED - 6 * mm, gx, y0 - BLEED - 1 * mm)
        c.line(gx, y0 + 3 * H + BLEED + 1 * mm, gx, y0 + 3 * H + BLEED + 6 * mm)
        c.line(x0 - BLEED - 6 * mm, gy, x0 - BLEED - 1 * mm, gy)
        c.line(x0 + 3 * W + BLEED + 1 * mm, gy, x0 + 3 * W + BLEED + 6 * mm, gy)


def draw_front_simple(c: canvas.Canvas, x: float, y: float, i: int) -> None:
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


def draw_back_simple(c: canvas.Canvas, x: float, y: float) -> None:
    c.setFillColorRGB(0.15, 0.2, 0.3)
    c.roundRect(x, y, W, H, 3 * mm, fill=1, stroke=0)
    c.setFillColorRGB(1, 1, 1)
    c.setFont("Helvetica-Bold", 16)
    c.drawCentredString(x + W / 2, y + H / 2, "GAME")


def main(n: int, out: str, same: bool, simple: bool) -> None:
    front, back = (draw_front_simple, draw_back_simple) if simple else (draw_front, draw_back)
    if not simple:
        register()
    c = canvas.Canvas(out, pagesize=letter, invariant=1)
    pw, ph = letter
    x0, y0 = (pw - 3 * W) / 2, (ph - 3 * H) / 2
    for start in range(0, n, 9):
        chunk = range(start, min(n, start + 9))
        if not simple:
            grid_bleed(c, x0, y0, "#3d4250")
        for k, i in enumerate(chunk):
            front(c, x0 + (k % 3) * W, y0 + (2 - k // 3) * H, 0 if same else i)
        if not simple:
            crop_marks(c, x0, y0)
        c.showPage()
        if not simple:
            grid_bleed(c, x0, y0, "#223344")
        for k, _ in enumerate(chunk):
            back(c, pw - x0 - ((k % 3) + 1) * W, y0 + (2 - k // 3) * H)
        if not simple:
            crop_marks(c, x0, y0)
        c.showPage()
    c.save()


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2], "--same" in sys.argv, "--simple" in sys.argv)
