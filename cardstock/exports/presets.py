"""The `print-shop` stage: a game's cards laid out the way a print-on-demand service asks.

The services are data, in `layouts/print-shops.toml` (a project's own copy replaces the
shipped one): for each, the card sizes it prints with the image size in pixels, the
resolution, the safe margin, the file format, and how faces, backs and counts are
delivered (`files`). Writes `<out>/<game>/print-shop/<service>/…` for each service asked
for with `--for` (every service when the stage is asked for by `--only print-shop` alone).

Cards go to a service in uploads as it sells them (`Service.uploads`: per deck, or per
card size with a back per card), each with an `order.txt` naming the deck size to order
(`Service.deck_sizes`). A landscape card whose size a service prints turned is turned a
quarter (`turned`); a card whose size a service does not print either way stops the
build (exit 2) with a message naming the sizes it does. Only cards (kinds `card` and
`reference`) go to a print shop. DriveThruCards files are PDF/X-1a (`Service.pdfx`,
`render.prepress`).
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..catalog.load import Catalog
from ..core.csv_cells import csv_bytes
from ..core.issues import InputError, Issue
from ..core.localized import number
from ..core.names import child
from ..core.output import artifact, refuse_links, remove_stale
from ..core.project import shared_layout
from ..core.stage import BuildOptions, Job, StageResult
from ..core.tomlpos import line_for
from ..core.units import fmt_mm, parse_length, parse_size
from ..core.validation import read_model
from ..layout.faces import Faces, own_back
from ..layout.ops import Face, Group, Matrix, PathData, r, rect_path
from ..render.png import INCH, faces_pdf, png_bytes, rasterise, transparent
from .shopcheck import CARD_KINDS as CARD_KINDS  # the kinds a print shop takes
from .shopcheck import (
    Key,
    deck_key,
    deck_names,
    distinct,
    mixed_sizes,
    output_intent,
    service_name_problem,
    service_problems,
)
from .tuckboxes import TuckTemplate, template_problems, tuckbox_images

PRESETS_FILE = "print-shops.toml"
TOLERANCE = parse_length("0.5mm")


class Size(BaseModel):
    """A card size the service prints, and the image it wants for each face."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    name: str = Field(description="The service's name for the size.", examples=["poker"])
    trim: str = Field(
        description="The cut size, matched against a card's size within 0.5 mm.",
        examples=["2.5in x 3.5in"],
    )
    pixels: tuple[int, int] = Field(
        description="The face image's width and height in pixels, bleed included.",
        examples=[[822, 1122]],
    )
    dpi: int = Field(gt=0, description="The image's resolution.", examples=[300])
    safe: str = Field(
        description="The margin inside the trim the service keeps text out of.",
        examples=["0.125in"],
    )


class PdfXSpec(BaseModel):
    """A service's PDF/X: the version its files claim and their output intent."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    version: str = Field(
        pattern="^PDF/X-1a:2003$",
        description="The PDF/X version the files claim.",
        examples=["PDF/X-1a:2003"],
    )
    profile: str = Field(
        description="A CMYK ICC output profile, relative to `layouts/` (the project's, else "
        "cardstock's).",
        examples=["profiles/cgats-tr005.icc"],
    )
    condition: str = Field(
        description="The output condition's identifier, as the registry names it.",
        examples=["CGATS TR 005"],
    )
    registry: str = Field(
        default="http://www.color.org",
        description="The registry that names the condition.",
        examples=["http://www.color.org"],
    )
    info: str = Field(
        description="The printing condition in words.",
        examples=["SWOP printing on grade 5 coated paper"],
    )


class Service(BaseModel):
    """One print-on-demand service (`--for <name>`)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    name: str = Field(description="The service's name.", examples=["MakePlayingCards"])
    url: str = Field(
        description="Where the service takes orders.",
        examples=["https://www.makeplayingcards.com/"],
    )
    files: str = Field(
        pattern="^(images|pdf-pairs)$",
        description="How faces are delivered: `images`, one per distinct face with a "
        "quantities list, or `pdf-pairs`, one PDF per deck with every copy as back and front "
        "pages.",
        examples=["images"],
    )
    format: str = Field(
        pattern="^(png|pdf)$", description="The face files' format.", examples=["png"]
    )
    cmyk: bool = Field(
        default=False, description="The files' colours are DeviceCMYK.", examples=[True]
    )
    pdfx: PdfXSpec | None = Field(
        default=None, description="The PDF/X the service's files must be."
    )
    # how cards are grouped into uploads: "back", one per deck (the cards that share a
    # back); "size", one per card size, each card with its own back where they differ
    uploads: str = Field(
        "back",
        pattern="^(back|size)$",
        description="How cards are grouped into uploads: `back`, one per deck of cards "
        "sharing a back; `size`, one per card size, with a back per card where they differ.",
        examples=["size"],
    )
    # the card counts the service sells a deck in, smallest first (empty: any count)
    deck_sizes: list[int] = Field(
        default_factory=list,
        description="The card counts the service sells a deck in, smallest first; empty: any.",
        examples=[[18, 36, 55]],
    )
    sizes: list[Size] = Field(min_length=1, description="The card sizes the service prints.")
    # the tuck boxes it prints from one image each (`cardstock.exports.tuckboxes`)
    tuckboxes: list[TuckTemplate] = Field(
        default_factory=list, description="The tuck boxes it prints, each from one image."
    )


class PresetsFile(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    services: dict[str, Service] = Field(description="The services, by the name `--for` takes.")


def load_presets(root: Path) -> tuple[dict[str, Service], list[Issue]]:
    """The services in the project's (or cardstock's) print-shops.toml, and any problems."""
    path, shown = shared_layout(root, PRESETS_FILE)
    found, problems = read_model(path, shown, root, PresetsFile)
    if found is None:
        return {}, problems
    parsed, lines = found
    bad = []
    for sid, service in parsed.services.items():
        wrong = service_name_problem(sid)  # the service's folder of uploads is named so
        if wrong is not None:
            bad.append(Issue(shown, line_for(lines, ("services", sid)), f"services.{sid}", wrong))
            continue
        bad += service_problems(root, shown, lines, sid, service)
        for i, field, message in template_problems(service.tuckboxes):
            line = line_for(lines, ("services", sid, "tuckboxes", i, field))
            bad.append(Issue(shown, line, f"services.{sid}.tuckboxes[{i}].{field}", message))
    return parsed.services, bad


# Writes one file of a service (path, bytes, pages) and keeps its bytes for the zip.
Put = Callable[..., None]


@dataclass(frozen=True)
class Geometry:
    """A service size in points: trim, bleed on each side, safe margin."""

    trim: tuple[float, float]
    bleed: tuple[float, float]
    safe: float


def geometry(size: Size) -> Geometry:
    w, h = parse_size(size.trim)
    pw, ph = size.pixels[0] / size.dpi * INCH, size.pixels[1] / size.dpi * INCH
    return Geometry((w, h), ((pw - w) / 2, (ph - h) / 2), parse_length(size.safe))


@dataclass(frozen=True)
class Fit:
    """The service's size a card is printed in, and whether the card is turned a quarter
    to fit it (a landscape card on a service that prints portrait)."""

    size: Size
    turned: bool


def size_for(service: Service, card: tuple[float, float]) -> Fit | None:
    """The service's size whose trim is the card's within 0.5 mm: as it is, else turned
    a quarter (the services list portrait sizes; a landscape card is printed turned)."""
    for turned in (False, True):
        w, h = (card[1], card[0]) if turned else card
        for size in service.sizes:
            tw, th = parse_size(size.trim)
            if abs(tw - w) <= TOLERANCE and abs(th - h) <= TOLERANCE:
                return Fit(size, turned)
    return None


def not_offered(catalog: Catalog, service: Service, comp: Any) -> Issue:
    w, h = parse_size(comp.size)
    offered = ", ".join(f"{s.name} ({_dims(parse_size(s.trim))})" for s in service.sizes)
    return Issue(
        comp.file,
        comp.line,
        "size",
        f"{service.name} does not print {_dims((w, h))} cards (component {comp.id!r}); "
        f"it prints: {offered}",
    )


def _dims(wh: tuple[float, float]) -> str:
    return f"{fmt_mm(wh[0])[:-2]} x {fmt_mm(wh[1])}"


@dataclass(frozen=True)
class Card:
    component: Any
    front: Face
    back: Face | None
    turned: bool = False  # a landscape card turned to print portrait


def quarter(face: Face, clockwise: bool) -> Face:
    """`face` turned a quarter about its trim box (y points down): clockwise, the top edge
    becomes the right edge ((x, y) -> (H - y, x)); counter-clockwise, the left edge becomes
    the bottom ((x, y) -> (y, W - x))."""
    w, h = face.width, face.height
    m: Matrix = (0.0, 1.0, -1.0, 0.0, h, 0.0) if clockwise else (0.0, -1.0, 1.0, 0.0, 0.0, w)

    def at(p: tuple[float, float]) -> tuple[float, float]:
        return (r(m[0] * p[0] + m[2] * p[1] + m[4]), r(m[1] * p[0] + m[3] * p[1] + m[5]))

    cut = tuple(at(p) for p in face.cut) if face.cut is not None else None
    folds = tuple((at(a), at(b)) for a, b in face.folds)
    return Face.build(h, w, face.bleed, face.shape, (Group(face.ops, None, m),), cut, folds)


def turned(card: Card) -> Card:
    """A landscape card as a portrait service prints it: the front turned a quarter
    clockwise and the back a quarter counter-clockwise. Turned over its long edge, as a
    shop turns a portrait card, the back then lies behind its front as it did behind the
    landscape card turned over its short edge (the left-right flip the back was drawn
    for)."""
    back = quarter(card.back, clockwise=False) if card.back is not None else None
    return Card(card.component, quarter(card.front, clockwise=True), back, True)


def size_problems(
    catalog: Catalog, services: Iterable[str], presets: dict[str, Service]
) -> list[Issue]:
    """A located problem for each service asked for and each deck of the game whose card
    size that service does not print (the first card that does not fit), found from the
    catalog alone, before anything is laid out or written."""
    found: list[Issue] = []
    for sid in services:
        service = presets.get(sid)
        if service is None:
            continue  # an unknown service is an option error, reported by the command line
        seen: set[Key] = set()
        for comp in catalog.components:
            deck = deck_key(catalog, comp)
            if comp.kind not in CARD_KINDS or deck in seen:
                continue
            if size_for(service, parse_size(comp.size)) is None:
                seen.add(deck)
                found.append(not_offered(catalog, service, comp))
        names = deck_names(catalog)
        by_deck: dict[str, list[Any]] = {}
        for comp in catalog.components:
            if comp.kind in CARD_KINDS and deck_key(catalog, comp) not in seen:
                by_deck.setdefault(names[deck_key(catalog, comp)], []).append(comp)
        found += _mixed_sizes(service, by_deck)
    return found


def _mixed_sizes(service: Service, by_deck: dict[str, list[Any]]) -> list[Issue]:
    """`shopcheck.mixed_sizes` for `service` (none where it uploads per size)."""
    if service.uploads != "back":
        return []

    def size_of(comp: Any) -> str | None:
        fit = size_for(service, parse_size(comp.size))
        return None if fit is None else fit.size.name

    return mixed_sizes(service.name, by_deck, size_of)


def check_inputs(catalogs: list[Catalog], options: BuildOptions) -> list[Issue]:
    """The presets file, and, for every service the stage writes (those asked for with
    `--for`, else all), a size it offers for every deck, and one size a deck (where it
    uploads per deck), checked before anything is written."""
    if not catalogs:
        return []
    presets, problems = load_presets(catalogs[0].root)
    found = list(problems)
    if presets and not problems:
        for catalog in catalogs:
            found += size_problems(catalog, options.services or tuple(presets), presets)
    return found


def decks(faces: Faces, *, bleed: bool) -> dict[str, list[Card]]:
    """The game's cards grouped as a print shop takes them (`shopcheck.deck_key`): one
    deck per shared back, and one per set for cards with a back of their own (reference
    cards) or none, each under its file name (`shopcheck.deck_names`: the back's or set's
    id, with its kind where a back and a set share the id). A print run shows no version
    mark or code unless the game asks (`[playtest] uploads`)."""
    catalog = faces.catalog
    marked = catalog.game.playtest.uploads
    names = deck_names(catalog)
    grouped: dict[Key, list[Card]] = {}
    for comp in catalog.components:
        if comp.kind not in CARD_KINDS:
            continue
        record = faces.records.of(comp)
        front = faces.face(record, "front", bleed=bleed)
        back = faces.face(record, "back", bleed=bleed)
        if not marked:
            front = None if front is None else front.unmarked()
            back = None if back is None else back.unmarked()
        if front is not None:
            grouped.setdefault(deck_key(catalog, comp), []).append(Card(comp, front, back))
    return {names[key]: cards for key, cards in grouped.items()}


def fit_bleed(image: Any, size: tuple[int, int]) -> Any:
    """`image` (the face with its own bleed) centred on `size` pixels: cropped when the
    service's bleed is smaller, its edge pixels stretched outwards when it is larger (so
    the trim stays exactly where it was drawn)."""
    from PIL import Image

    w, h = image.size
    tw, th = size
    if (w, h) == (tw, th):
        return image
    left, top = (tw - w) // 2, (th - h) // 2
    if left < 0 or top < 0:
        cx, cy = max(0, -left), max(0, -top)
        image = image.crop((cx, cy, cx + min(w, tw), cy + min(h, th)))
        w, h = image.size
        left, top = (tw - w) // 2, (th - h) // 2
    canvas = Image.new(image.mode, (tw, th))
    canvas.paste(image, (left, top))
    right, bottom = tw - left - w, th - top - h
    if left:
        canvas.paste(image.crop((0, 0, 1, h)).resize((left, h)), (0, top))
    if right:
        canvas.paste(image.crop((w - 1, 0, w, h)).resize((right, h)), (left + w, top))
    if top:
        canvas.paste(canvas.crop((0, top, tw, top + 1)).resize((tw, top)), (0, 0))
    if bottom:
        canvas.paste(canvas.crop((0, top + h - 1, tw, top + h)).resize((tw, bottom)), (0, top + h))
    return canvas


def _pngs(faces: list[Face], size: Size) -> list[bytes]:
    """Faces as the service's images: drawn at its dpi with the game's bleed, then fitted to
    its pixel size."""
    if not faces:  # an upload of cards with no backs (single-sided) has no back images
        return []
    dpi = size.dpi
    sizes = [
        (round((f.width + 2 * f.bleed) / INCH * dpi), round((f.height + 2 * f.bleed) / INCH * dpi))
        for f in faces
    ]
    pdf = faces_pdf(faces, title="print-shop")
    return [
        png_bytes(fit_bleed(img, (size.pixels[0], size.pixels[1])), dpi)
        for img in rasterise(pdf, dpi, sizes, [transparent(f) for f in faces])
    ]


def _names(cards: list[Card]) -> list[str]:
    """Each card's file name in an upload of images (without its extension)."""
    return [f"{i:03d}-{c.component.id}" for i, c in enumerate(cards, start=1)]


def _backs(catalog: Catalog, cards: list[Card], ext: str) -> dict[str, tuple[str, Face]]:
    """An upload's back images: face key -> its file (below the upload's folder), face. A
    deck's shared back is named by its id, a card's own back by its front's name, and so is
    a second drawing of a shared back (a landscape card's, turned); a back id that is a
    front's name is told apart by kind (`shopcheck.distinct`)."""
    named: dict[str, tuple[Key, Face]] = {}
    ids: set[str] = set()
    for name, c in zip(_names(cards), cards):
        if c.back is None or c.back.key in named:
            continue
        shared = not own_back(catalog, c.component) and c.component.back
        if shared and str(c.component.back) not in ids:
            ids.add(str(c.component.back))
            named[c.back.key] = (Key("back", str(c.component.back)), c.back)
        else:
            named[c.back.key] = (Key("card", name), c.back)
    files = distinct(key for key, _ in named.values())
    backs = {k: (f"back/{files[key]}.{ext}", face) for k, (key, face) in named.items()}
    if len(backs) == 1 and all(c.back is not None for c in cards):
        backs = {key: (f"back.{ext}", face) for key, (_, face) in backs.items()}
    return backs


def _folders(catalog: Catalog, base: Path, plans: list[tuple[str, Service, Upload]]) -> set[Path]:
    """The folders the planned uploads write their files into (a PDF's and a tuck box's
    is the service's own; the zips' is the parent of every one)."""
    found = {child(base, sid) for sid, _, _ in plans}
    for sid, service, upload in plans:
        if service.files == "images":
            folder = child(child(base, sid), upload.name)
            found.add(folder / "front")
            found |= {(folder / f).parent for f, _ in _backs(catalog, upload.cards, "x").values()}
    return found


def _images(
    catalog: Catalog, service: Service, folder: Path, cards: list[Card], size: Size, put: Put
) -> None:
    """One upload's files: a PNG per distinct front, its back (`back.png` when the whole
    upload shares one, else `back/` with one PNG per distinct back), the quantities and
    the order to place (`order.txt`)."""
    fronts = [c.front for c in cards]
    ext = service.format
    names = _names(cards)
    for name, data in zip(names, _pngs(fronts, size)):
        put(folder / "front" / f"{name}.{ext}", data)
    backs = _backs(catalog, cards, ext)
    files = list(backs.values())
    for (file, _), data in zip(files, _pngs([face for _, face in files], size)):
        put(folder / file, data)
    rows: list[list[object]] = [["front", "back", "quantity", "component", "name"]]
    for name, c in zip(names, cards):
        back_file = backs[c.back.key][0] if c.back is not None else ""
        rows.append(
            [f"front/{name}.{ext}", back_file, c.component.count, c.component.id, c.component.name]
        )
    put(folder / "quantities.csv", csv_bytes(rows))
    put(
        folder / "order.txt",
        order_text(catalog, service, cards, size, len(files), sum(c.turned for c in cards)),
    )


def _uploads(service: Service, cards: list[Card]) -> list[list[Card]]:
    """`cards` in uploads the service takes: one, or (past its largest deck) several, each
    at most that many cards, in catalog order."""
    most = service.deck_sizes[-1] if service.deck_sizes else 0
    parts: list[list[Card]] = [[]]
    count = 0
    for c in cards:
        if most and parts[-1] and count + c.component.count > most:
            parts.append([])
            count = 0
        parts[-1].append(c)
        count += c.component.count
    return parts


def deck_size(service: Service, count: int) -> int | None:
    """The smallest deck the service sells that holds `count` cards (None: it sells any
    count, or none holds them)."""
    return next((n for n in service.deck_sizes if n >= count), None)


# order.txt's words, cardstock's own (`cardstock/locale/cardstock.pot`), in the language of
# the edition: what a print shop's customer reads to place the order
PRODUCT = "Product: {size} cards, {width} x {height}, {pixels} px at {dpi} dpi."
DECK = "Order a deck of {deck} cards: {count} cards to print."
SPARE = (
    "Order a deck of {deck} cards: {count} cards to print, and {n} spare slot (fill it "
    "with an extra copy of any card).",
    "Order a deck of {deck} cards: {count} cards to print, and {n} spare slots (fill them "
    "with extra copies of any card).",
)
TWO = (
    "Or, with fewer spare slots, two orders: a deck of {lower} cards and a deck of {second} "
    "holding the other {rest} (the cards in quantities.csv order)."
)
ANY = ("Order {n} card.", "Order {n} cards.")
SAME_BACK = "Backs: the same image for every card (back.png)."
NO_BACK = "Backs: none (one-sided cards)."
BACKS = (
    "Backs: a different image per card ({backs} distinct backs in back/); quantities.csv "
    "gives each front its back."
)
TURNED = (
    "{n} of the {total} fronts is a landscape card turned a quarter clockwise to print "
    "portrait (its back a quarter the other way, so it lands behind its front).",
    "{n} of the {total} fronts are landscape cards turned a quarter clockwise to print "
    "portrait (their backs a quarter the other way, so each lands behind its front).",
)
FRONTS = "Fronts: front/, in file-name order, each in the quantity quantities.csv gives."
ORDER_WORDS = (PRODUCT, DECK, *SPARE, TWO, *ANY, SAME_BACK, NO_BACK, BACKS, *TURNED, FRONTS)


def _mm(points: float, lang: str) -> str:
    """A length in millimetres as `fmt_mm` writes it ("63.5"), in the language's marks
    ("63,5" in French)."""
    shown = fmt_mm(points)[:-2]
    return number(float(shown), lang, len(shown.partition(".")[2]))


def order_text(
    catalog: Catalog, service: Service, cards: list[Card], size: Size, backs: int, turned: int
) -> bytes:
    """What to order for one upload, in words of the edition's language: the product, the
    number of cards to choose (the service's deck size that holds them), and how the backs
    are set."""
    words = catalog.tool_words
    count = sum(c.component.count for c in cards)
    w, h = parse_size(size.trim)
    pixels = f"{size.pixels[0]} x {size.pixels[1]}"
    lines = [
        f"{catalog.game.title}: {service.name} ({service.url})",
        words(
            PRODUCT, size=size.name, width=_mm(w, words.lang), height=_mm(h, words.lang) + "mm",
            pixels=pixels, dpi=size.dpi,
        ),
    ]  # fmt: skip
    deck = deck_size(service, count)
    if deck is not None:
        spare = deck - count
        said = words.count(*SPARE, spare, deck=deck, count=count) if spare else None
        lines.append(said or words(DECK, deck=deck, count=count))
        lower = max((n for n in service.deck_sizes if n < count), default=0)
        second = deck_size(service, count - lower) if lower else None
        if second is not None and lower + second < deck:
            lines.append(words(TWO, lower=lower, second=second, rest=count - lower))
    else:
        lines.append(words.count(*ANY, count))
    if backs <= 1:
        lines.append(words(SAME_BACK) if backs else words(NO_BACK))
    else:
        lines.append(words(BACKS, backs=backs))
    if turned:
        lines.append(words.count(*TURNED, turned, total=len(cards)))
    lines.append(words(FRONTS))
    return ("\n".join(lines) + "\n").encode("utf-8")


def _pdf_pairs(
    catalog: Catalog, service: Service, path: Path, cards: list[Card], size: Size, put: Put
) -> None:
    """Every copy as two pages, back then front, each page the service's trim plus bleed
    (the face's own bleed box scaled to it when the two bleeds differ)."""
    geo = geometry(size)
    pages: list[Face] = []
    for c in cards:
        for _ in range(c.component.count):
            pages += [c.back or c.front, c.front]
    scaled = [_with_bleed(f, geo) for f in pages]
    pdfx = (
        output_intent(catalog.root, service.pdfx)[0] if service.pdfx is not None else None
    )  # the profile was checked by validation
    data = faces_pdf(
        scaled,
        title=f"{catalog.game.title}: {path.stem}",
        cmyk=service.cmyk,
        pdfx=pdfx,
        dpi=size.dpi,
    )
    put(path, data, len(pages))


def _with_bleed(face: Face, geo: Geometry) -> Face:
    """The face as drawn on a page of the service's size: at its own size, its trim exactly
    on the page's TrimBox. When the service's bleed is narrower than the face's, the page
    crops the rest; when wider, the band beyond the face's bleed shows the face's own edge
    (the face scaled about its centre until its bleed box fills the page, clipped to that
    band, so it never shows over the face). The band is drawn first: PDF/X flattening
    (`render.prepress.flatten`) then pieces the face's see-through shapes as it would
    alone, hidden by its own ground from what lies before it, instead of once more over
    each shape of the band."""
    b = geo.bleed[0]
    if abs(face.bleed - b) < 0.01:
        return face
    w, h = face.width, face.height
    ops = face.ops
    if b > face.bleed:
        sx = (w + 2 * b) / (w + 2 * face.bleed)
        sy = (h + 2 * b) / (h + 2 * face.bleed)
        m = (sx, 0.0, 0.0, sy, w / 2 * (1 - sx), h / 2 * (1 - sy))  # unrounded: fills the page
        ops = (Group((Group(face.ops, None, m),), _band(w, h, face.bleed, b)), *ops)
    return Face.build(w, h, b, face.shape, ops, face.cut, face.folds)


def _band(w: float, h: float, inner: float, outer: float) -> PathData:
    """The band between a face's bleed box `inner` wide and one `outer` wide, as a path
    that clips to it under the non-zero rule (the outer box one way round, the inner box
    the other)."""
    x0, y0, x1, y1 = -inner, -inner, w + inner, h + inner
    hole: PathData = (("M", r(x0), r(y0)), ("L", r(x0), r(y1)), ("L", r(x1), r(y1)))
    hole += (("L", r(x1), r(y0)), ("Z",))
    return rect_path(-outer, -outer, w + 2 * outer, h + 2 * outer) + hole


@dataclass(frozen=True)
class Upload:
    """One upload to a service: its folder (or file) name, its cards (landscape ones
    turned where the service prints portrait) and the service's size they print in."""

    name: str
    cards: list[Card]
    size: Size

    @property
    def count(self) -> int:
        return sum(c.component.count for c in self.cards)


def uploads(
    catalog: Catalog, by_deck: dict[str, list[Card]], service: Service
) -> tuple[list[Upload], list[Issue]]:
    """The game's cards grouped as `service` takes them (`Service.uploads`): per deck, or
    per card size (named by the size); an upload past the service's largest deck is split
    in parts (`<name>-1`, `<name>-2`, ...). A deck with a card whose size the service does
    not print, or (per deck) with cards of two sizes, is a problem instead."""
    errors: list[Issue] = []
    groups: dict[str, tuple[Size, list[Card]]] = {}
    for deck, cards in by_deck.items():
        fits = [size_for(service, parse_size(c.component.size)) for c in cards]
        bad = [c for c, f in zip(cards, fits) if f is None]
        if bad:
            errors.append(not_offered(catalog, service, bad[0].component))
            continue
        mixed = _mixed_sizes(service, {deck: [c.component for c in cards]})
        if mixed:
            errors += mixed
            continue
        for c, fit in zip(cards, fits):
            assert fit is not None
            key = fit.size.name if service.uploads == "size" else deck
            group = groups.setdefault(key, (fit.size, []))
            group[1].append(turned(c) if fit.turned else c)
    found: list[Upload] = []
    for key, (size, cards) in groups.items():
        parts = _uploads(service, cards)
        found += [
            Upload(key if len(parts) == 1 else f"{key}-{i}", part, size)
            for i, part in enumerate(parts, start=1)
        ]
    return found, errors + clashes(service, found)


def clashes(service: Service, found: list[Upload]) -> list[Issue]:
    """A problem for each upload named like an earlier one, ignoring case (a deck or size
    named like a part of another's split upload, `pack-1` beside `pack` split in parts):
    the two would share one folder. Located at the later upload's first card. A size's
    name is refused so by validation (`shopcheck.part_clashes`); a deck's name comes from
    the catalog (its back's or set's id), which only the split tells."""
    first: dict[str, Upload] = {}
    problems = []
    for upload in found:
        other = first.setdefault(upload.name.casefold(), upload)
        if other is upload:
            continue
        comp = upload.cards[0].component
        problems.append(
            Issue(
                comp.file,
                comp.line,
                "back",
                f"{service.name} would get two uploads named {upload.name!r}: this card's "
                f"and that of {other.cards[0].component.id!r} (a deck split past the "
                "largest deck the service sells is uploaded in parts named `<deck>-1`, "
                "`<deck>-2`, ...); give the back or set another id",
            )
        )
    return problems


def build_print_shop(job: Job) -> StageResult:
    job = job.printing()  # a continued card's parts too (`layout.text.continued`)
    catalog, options = job.catalog, job.build
    presets, problems = load_presets(catalog.root)
    if problems:
        raise InputError(problems)
    asked = options.services or tuple(presets)
    result = StageResult()
    by_deck = decks(job.faces, bleed=True)
    names = deck_names(catalog)  # the tuck boxes' too
    errors: list[Issue] = []
    plans: list[tuple[str, Service, Upload]] = []
    for sid in asked:
        found, problems = uploads(catalog, by_deck, presets[sid])
        errors += problems
        plans += [(sid, presets[sid], upload) for upload in found]
    if errors:
        raise InputError(errors)
    base = options.out / catalog.id / "print-shop"
    refuse_links(_folders(catalog, base, plans) | {child(base, sid) for sid in asked})
    made: dict[str, dict[str, bytes]] = {
        sid: {} for sid in asked
    }  # each service's files by path, for its zip

    for sid, service, upload in plans:

        def put(path: Path, data: bytes, pages: int | None = None, sid: str = sid) -> None:
            result.artifacts.append(artifact(catalog.id, "print-shop", path, data, pages=pages))
            made[sid][path.relative_to(child(base, sid)).as_posix()] = data

        if service.files == "images":
            _images(
                catalog,
                service,
                child(child(base, sid), upload.name),
                upload.cards,
                upload.size,
                put,
            )
        else:
            _pdf_pairs(
                catalog,
                service,
                child(child(base, sid), f"{upload.name}.pdf"),
                upload.cards,
                upload.size,
                put,
            )
    for sid in asked:
        service = presets[sid]
        if service.tuckboxes:

            def put_box(name: str, data: bytes, sid: str = sid) -> None:
                result.artifacts.append(
                    artifact(catalog.id, "print-shop", child(base, sid) / name, data)
                )
                made[sid][name] = data

            result.findings += tuckbox_images(
                catalog,
                job.faces,
                service.name,
                service.tuckboxes,
                lambda comp: names[deck_key(catalog, comp)],
                put_box,
            )
    for sid in asked:
        remove_stale(child(base, sid), set(made[sid]), deep=True)
    for sid in asked:
        result.artifacts.append(
            artifact(
                catalog.id,
                "print-shop-zip",
                child(base, f"{catalog.id}-{sid}.zip"),
                zip_files(sid, made[sid]),
            )
        )
    return result


def zip_files(folder: str, files: dict[str, bytes]) -> bytes:
    """These files (by their path below `folder`) in a zip, under `folder/`, with fixed
    dates: the same files give the same bytes. Made from the bytes the stage wrote, never
    read back from the output folder. PNGs are stored (they are compressed already), the
    rest deflated."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for rel in sorted(
            files, key=lambda r: r.split("/")
        ):  # as paths sort: a folder before a file named like it
            info = zipfile.ZipInfo(f"{folder}/{rel}", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = (
                zipfile.ZIP_STORED if rel.endswith(".png") else zipfile.ZIP_DEFLATED
            )
            info.external_attr = 0o644 << 16
            z.writestr(info, files[rel])
    return buf.getvalue()
