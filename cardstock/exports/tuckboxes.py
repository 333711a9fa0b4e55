"""A print shop's tuck box, as the one image of the box's outside it prints from:
`<out>/<game>/print-shop/<service>/<deck>-tuckbox.png`, written by the print-shop stage
for every service whose preset lists `tuckboxes` (The Game Crafter's and DriveThruCards',
in `layouts/print-shops.toml`).

Each deck (the cards that share a back, or a set's cards with a back of their own or none:
the deck its upload holds, as `cardstock.impose.tuckbox.deck_key` groups them) goes in
the smallest of the service's boxes that holds it: the box is for the deck's card size
(either way round, within 0.5 mm), holds at least as many cards, and its side walls are at
least as deep as the deck is thick (count x `[print] card_thickness`). The image is the
box's template size in pixels; on it the same net and the same art as the PDF tuck box
(`impose.tuckbox.draw_art`: every panel the deck's back colour, the deck's back on the
front wall and its first card on the back wall at their printed size, 1 mm clear of the
folds, title and count on the spines), drawn to the box's own inside and depth and
centred, with no cut or fold line (the service cuts with its own die). A template whose
`page` is "net" is the net and its bleed alone: its image must be exactly that size, so
the die line lies the bleed inside every edge and nothing is added around it. The service's
boxes are its own sizes: `[print] sleeves` and `tuckbox_min_cards` do not apply. A deck
no box holds gets no image and a warning at its first card, saying why.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..catalog.load import Catalog
from ..core.issues import Issue
from ..core.units import POINTS_PER, UnitError, fmt_mm, parse_length, parse_size
from ..impose.render import DocInfo, new_canvas
from ..impose.tuckbox import Deck, Net, decks_of, draw_art
from ..render.pdf import PdfFaces
from ..render.pdfdoc import pdf_settings
from ..render.png import INCH, png_bytes, rasterise
from .shopcheck import BOX_FILE, deck_problem, image_problems

TOLERANCE = 0.5 * POINTS_PER["mm"]


class TuckTemplate(BaseModel):
    """One tuck box a service prints (see `layouts/print-shops.toml`)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    name: str
    card: str  # the cards it holds, width x height (either way round)
    cards: int = Field(gt=0)  # how many
    inside: str  # the front wall, width x height
    depth: str  # the side walls' width
    pixels: tuple[int, int]  # the upload image
    dpi: int = Field(gt=0)
    tongue: str
    glue: str
    bleed: str
    # "centred": the net is centred on the image (The Game Crafter's templates are larger);
    # "net": the image is the net and its bleed, nothing around them (DriveThruCards')
    page: str = Field("centred", pattern="^(centred|net)$")


@dataclass(frozen=True)
class Box:
    """A template in points: the net its art is drawn on, where the net sits on the image."""

    template: TuckTemplate
    card: tuple[float, float]
    depth: float
    net: Net
    bleed: float
    page: tuple[float, float]  # the image's size in points

    @property
    def origin(self) -> tuple[float, float]:
        """The net's top left on the image, in points from the image's top left."""
        return (self.page[0] - self.net.width) / 2, (self.page[1] - self.net.height) / 2


def box_of(t: TuckTemplate) -> Box:
    """The template in points (raises UnitError on a bad length)."""
    w, h = parse_size(t.inside)
    D = parse_length(t.depth)
    T, G = parse_length(t.tongue), parse_length(t.glue)
    F = min(
        T + D, 15 * POINTS_PER["mm"], w / 2 - POINTS_PER["mm"]
    )  # dust flaps as the PDF box has them, within the lid's height
    net = Net(w, h, D, T, F, G)
    page = (t.pixels[0] / t.dpi * INCH, t.pixels[1] / t.dpi * INCH)
    return Box(t, parse_size(t.card), D, net, parse_length(t.bleed), page)


def template_problems(templates: list[TuckTemplate]) -> list[tuple[int, str, str]]:
    """(index, field, message) for each template whose image is out of bounds
    (`shopcheck.image_problems`), whose count of cards is no deck's
    (`shopcheck.deck_problem`), whose lengths do not parse or whose net with its bleed
    does not fit its image."""
    found = []
    for i, t in enumerate(templates):
        found += [(i, field, message) for field, message in image_problems(t.pixels, t.dpi)]
        wrong = deck_problem(t.cards)
        if wrong is not None:
            found.append((i, "cards", wrong))
        for name in ("card", "inside", "depth", "tongue", "glue", "bleed"):
            try:
                value = getattr(t, name)
                parse_size(value) if name in ("card", "inside") else parse_length(value)
            except UnitError as exc:
                found.append((i, name, str(exc)))
        if any(f == i for f, _, _ in found):
            continue
        box = box_of(t)
        need = (box.net.width + 2 * box.bleed, box.net.height + 2 * box.bleed)
        if t.page == "net":
            exact = [n / INCH * t.dpi for n in need]  # pixels, unrounded
            wanted = [round(n) for n in exact]
            if any(abs(n - p) > 0.5 for n, p in zip(exact, t.pixels, strict=True)):
                found.append(
                    (
                        i,
                        "pixels",
                        f"the image ({t.pixels[0]} x {t.pixels[1]} px) is not the box's net "
                        f"with its bleed ({wanted[0]} x {wanted[1]} px at {t.dpi} dpi), which "
                        'is all a box with page = "net" prints',
                    )
                )
        elif need[0] > box.page[0] + 0.01 or need[1] > box.page[1] + 0.01:
            found.append(
                (
                    i,
                    "pixels",
                    f"the box's net with its bleed ({fmt_mm(need[0])[:-2]} x {fmt_mm(need[1])}) "
                    f"does not fit the image ({fmt_mm(box.page[0])[:-2]} x {fmt_mm(box.page[1])})",
                )
            )
    return found


def holds(box: Box, w: float, h: float) -> bool:
    bw, bh = box.card
    return (abs(bw - w) <= TOLERANCE and abs(bh - h) <= TOLERANCE) or (
        abs(bw - h) <= TOLERANCE and abs(bh - w) <= TOLERANCE
    )


def choose(
    templates: list[TuckTemplate], deck: Deck, thickness: float
) -> tuple[Box | None, str, str]:
    """The smallest box that holds the deck; else None, the field the reason concerns and
    the reason."""
    boxes = [box_of(t) for t in templates]
    sized = [b for b in boxes if holds(b, deck.card_w, deck.card_h)]
    thick = deck.cards * thickness
    fits = [b for b in sized if deck.cards <= b.template.cards and thick <= b.depth + 0.01]
    if fits:
        return (
            min(
                fits, key=lambda b: (b.template.cards, b.template.pixels[0] * b.template.pixels[1])
            ),
            "",
            "",
        )
    if not sized:
        offered = ", ".join(
            dict.fromkeys(f"{fmt_mm(b.card[0])[:-2]} x {fmt_mm(b.card[1])}" for b in boxes)
        )
        return (
            None,
            "size",
            f"has no tuck box for {fmt_mm(deck.card_w)[:-2]} x {fmt_mm(deck.card_h)} cards "
            f"(it boxes {offered})",
        )
    most = max(sized, key=lambda b: (b.template.cards, b.depth))
    return (
        None,
        "count",
        (
            f"has no tuck box that holds {deck.cards} cards, {fmt_mm(thick)} thick at [print] "
            f"card_thickness (its largest for these cards, {most.template.name}, holds "
            f"{most.template.cards}, {fmt_mm(most.depth)} deep)"
        ),
    )


# Writes one file of the service (path relative to the service's folder, bytes).
Put = Callable[[str, bytes], None]


def tuckbox_images(
    catalog: Catalog,
    faces: Any,
    service_name: str,
    templates: list[TuckTemplate],
    file_name: Callable[[Any], str],
    put: Put,
) -> list[Issue]:
    """An image for each deck a template holds (`put(<deck>-tuckbox.png, bytes)`, the deck
    named by `file_name(first card)`); a warning for each deck none holds."""
    thickness = parse_length(catalog.game.print.card_thickness)
    notes: list[Issue] = []
    for deck in decks_of(catalog, faces):
        box, field, reason = choose(templates, deck, thickness)
        if box is None:
            comp = deck.first
            notes.append(
                Issue(
                    comp.file,
                    comp.line,
                    field,
                    f"{service_name} {reason}; the deck {deck.title} gets no tuck-box image",
                    "warning",
                )
            )
            continue
        put(f"{file_name(deck.first)}{BOX_FILE}", image(catalog, deck, box))
    return notes


def image(catalog: Catalog, deck: Deck, box: Box) -> bytes:
    """The box's outside as the template's PNG: white, the net's art centred on it."""
    t = box.template
    pdf = _pdf(catalog, deck, box)
    (picture,) = rasterise(pdf, t.dpi, [t.pixels], [False])
    return png_bytes(picture, t.dpi)


@pdf_settings()
def _pdf(catalog: Catalog, deck: Deck, box: Box) -> bytes:
    g = catalog.game
    info = DocInfo(
        title=f"{g.title} {g.version}: {box.template.name}, {deck.title}", footer="", paper_label=""
    )
    buffer = io.BytesIO()
    pw, ph = box.page
    c = new_canvas(buffer, (pw, ph), info)
    ox, oy = box.origin
    c.saveState()
    c.transform(1, 0, 0, -1, ox, ph - oy)  # y down from the net's top left
    draw_art(c, PdfFaces(c), deck, box.net, box.bleed, words=catalog.tool_words)
    c.restoreState()
    c.showPage()
    c.save()
    return buffer.getvalue()
