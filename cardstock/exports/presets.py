"""The `print-shop` stage: a game's cards laid out the way a print-on-demand service asks.

The services are data, in `layouts/print-shops.toml` (a project's own copy replaces the
shipped one): for each, the card sizes it prints with the image size in pixels, the
resolution, the safe margin, the file format, and how faces, backs and counts are
delivered (`files`). Writes `<out>/<game>/print-shop/<service>/…` for each service asked
for with `--for` (every service when the stage is asked for by `--only print-shop` alone).

A card whose size a service does not print stops the build (exit 2) with a message
naming the sizes it does. Only cards (kinds `card` and `reference`) go to a print shop.
"""

from __future__ import annotations

import zipfile
import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..core.files import Unreadable, read_bytes
from ..core.issues import InputError, Issue, Issues
from ..layout.ops import Face
from ..catalog.load import Catalog
from ..core.output import artifact
from ..core.stage import BuildOptions, Job, StageResult
from ..layout.faces import Faces
from ..core.project import shared_layout
from ..core.units import UnitError, fmt_mm, parse_length, parse_size
from ..render.pdf import PdfX
from ..render.png import INCH, faces_pdf, png_bytes, rasterise, transparent
from ..core.tomlpos import line_for, read_toml
from ..core.validation import dotted, issues_from
from ..layout.ops import Group, r

PRESETS_FILE = "print-shops.toml"
CARD_KINDS = ("card", "reference")
TOLERANCE = parse_length("0.5mm")


class Size(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    trim: str
    pixels: tuple[int, int]
    dpi: int = Field(gt=0)
    safe: str


class PdfXSpec(BaseModel):
    """A service's PDF/X: the version its files claim and their output intent."""

    model_config = ConfigDict(extra="forbid")

    version: str = Field(pattern="^PDF/X-1a:2003$")
    profile: str  # an ICC output profile (CMYK), relative to layouts/ (the project's, else cardstock's)
    condition: str  # the OutputConditionIdentifier, as the registry names it
    registry: str = "http://www.color.org"
    info: str  # the printing condition in words


class Service(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    url: str
    files: str = Field(pattern="^(images|pdf-pairs)$")
    format: str = Field(pattern="^(png|pdf)$")
    cmyk: bool = False
    pdfx: Optional[PdfXSpec] = None
    sizes: list[Size] = Field(min_length=1)


class PresetsFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    services: dict[str, Service]


def load_presets(root: Path) -> tuple[dict[str, Service], list[Issue]]:
    """The services in the project's (or cardstock's) print-shops.toml, and any problems."""
    path, shown = shared_layout(root, PRESETS_FILE)
    read, problem = read_toml(path, shown, root)
    if read is None:
        return {}, [problem] if problem else []
    data, lines = read
    try:
        parsed = PresetsFile.model_validate(data)
    except ValidationError as exc:
        found = Issues()
        found.extend(issues_from(exc, shown, lambda loc: line_for(lines, loc), dotted, PresetsFile))
        return {}, list(found)
    bad = []
    for sid, service in parsed.services.items():
        if service.pdfx is not None:
            _, problem = output_intent(root, service.pdfx)
            if problem:
                bad.append(Issue(shown, line_for(lines, ("services", sid, "pdfx", "profile")), f"services.{sid}.pdfx.profile", problem))
        for i, size in enumerate(service.sizes):
            for field in ("trim", "safe"):
                try:
                    parse_size(size.trim) if field == "trim" else parse_length(size.safe)
                except UnitError as exc:
                    bad.append(Issue(shown, line_for(lines, ("services", sid, "sizes")), f"services.{sid}.sizes[{i}].{field}", str(exc)))
    return parsed.services, bad


def output_intent(root: Path, spec: PdfXSpec) -> tuple[Optional[PdfX], str]:
    """A service's PDF/X output intent with its profile read (from the project's
    `layouts/<profile>`, else cardstock's), or why the profile cannot serve: unreadable,
    or not an ICC output profile of CMYK."""
    path, shown = shared_layout(root, spec.profile)
    try:
        data = read_bytes(path, root)
    except Unreadable as exc:
        return None, f"{shown}: cannot read the profile: {exc}"
    if len(data) < 132 or data[36:40] != b"acsp":
        return None, f"{shown}: not an ICC profile"
    if data[12:16] != b"prtr" or data[16:20] != b"CMYK":
        kind = data[12:16].decode("latin-1").strip()
        space = data[16:20].decode("latin-1").strip()
        return None, f"{shown}: PDF/X-1a needs an output profile of CMYK (class prtr, colour space CMYK), got class {kind!r} of {space!r}"
    return PdfX(spec.version, spec.condition, spec.registry, spec.info, data), ""


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


def size_for(service: Service, card: tuple[float, float]) -> Optional[Size]:
    """The service's size whose trim is the card's (either way up), within 0.5 mm."""
    for size in service.sizes:
        w, h = parse_size(size.trim)
        if abs(w - card[0]) <= TOLERANCE and abs(h - card[1]) <= TOLERANCE:
            return size
    return None


def not_offered(catalog: Catalog, service: Service, comp: Any) -> Issue:
    w, h = parse_size(comp.size)
    offered = ", ".join(f"{s.name} ({_dims(parse_size(s.trim))})" for s in service.sizes)
    return Issue(comp.file, comp.line, "size",
                 f"{service.name} does not print {_dims((w, h))} cards (component {comp.id!r}); it prints: {offered}")


def _dims(wh: tuple[float, float]) -> str:
    return f"{fmt_mm(wh[0])[:-2]} x {fmt_mm(wh[1])}"


@dataclass(frozen=True)
class Card:
    component: Any
    front: Face
    back: Optional[Face]


def deck_name(comp: Any) -> str:
    """The deck a print shop takes a card in: its shared back, or its set when it has a back
    of its own (reference cards)."""
    return str(comp.back if comp.kind != "reference" and comp.back else comp.set)


def size_problems(catalog: Catalog, services: Iterable[str], presets: dict[str, Service]) -> list[Issue]:
    """A located problem for each service asked for and each deck of the game whose card
    size that service does not print (the first card that does not fit), found from the
    catalog alone, before anything is laid out or written."""
    found: list[Issue] = []
    for sid in services:
        service = presets.get(sid)
        if service is None:
            continue  # an unknown service is an option error, reported by the command line
        seen: set[str] = set()
        for comp in catalog.components:
            deck = deck_name(comp)
            if comp.kind not in CARD_KINDS or deck in seen:
                continue
            if size_for(service, parse_size(comp.size)) is None:
                seen.add(deck)
                found.append(not_offered(catalog, service, comp))
    return found


def check_inputs(catalogs: list[Catalog], options: BuildOptions) -> list[Issue]:
    """The presets file, and a size every service asked for (`--for`) offers for every
    deck, checked before anything is written."""
    if not catalogs:
        return []
    presets, problems = load_presets(catalogs[0].root)
    found = list(problems)
    if options.services and presets:
        for catalog in catalogs:
            found += size_problems(catalog, options.services, presets)
    return found


def decks(faces: Faces, *, bleed: bool) -> dict[str, list[Card]]:
    """The game's cards grouped as a print shop takes them: one deck per shared back (named
    by the back), and one per set for cards with a back of their own (reference cards)."""
    catalog = faces.catalog
    out: dict[str, list[Card]] = {}
    for comp in catalog.components:
        if comp.kind not in CARD_KINDS:
            continue
        front = faces.face(comp, "front", bleed=bleed)
        back = faces.face(comp, "back", bleed=bleed)
        name = deck_name(comp)
        if front is not None:
            out.setdefault(name, []).append(Card(comp, front, back))
    return out


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
    dpi = size.dpi
    sizes = [(round((f.width + 2 * f.bleed) / INCH * dpi), round((f.height + 2 * f.bleed) / INCH * dpi)) for f in faces]
    pdf = faces_pdf(faces, title="print-shop")
    return [png_bytes(fit_bleed(img, (size.pixels[0], size.pixels[1])), dpi) for img in rasterise(pdf, dpi, sizes, [transparent(f) for f in faces])]


def _images(catalog: Catalog, service: Service, folder: Path, cards: list[Card], size: Size, result: StageResult) -> None:
    fronts = [c.front for c in cards]
    own_backs = len({c.back.key for c in cards if c.back is not None}) > 1 or any(c.component.kind == "reference" for c in cards)
    ext = service.format
    names = [f"{i:03d}-{c.component.id}" for i, c in enumerate(cards, start=1)]
    for name, data in zip(names, _pngs(fronts, size)):
        result.artifacts.append(artifact(catalog.id, "print-shop", folder / "front" / f"{name}.{ext}", data))
    rows = []
    if own_backs:
        backs = [c.back or c.front for c in cards]
        for name, data in zip(names, _pngs(backs, size)):
            result.artifacts.append(artifact(catalog.id, "print-shop", folder / "back" / f"{name}.{ext}", data))
        rows = [(f"front/{n}.{ext}", f"back/{n}.{ext}", c.component.count) for n, c in zip(names, cards)]
    else:
        back = next((c.back for c in cards if c.back is not None), None)
        if back is not None:
            (data,) = _pngs([back], size)
            result.artifacts.append(artifact(catalog.id, "print-shop", folder / f"back.{ext}", data))
        rows = [(f"front/{n}.{ext}", f"back.{ext}" if back is not None else "", c.component.count) for n, c in zip(names, cards)]
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["front", "back", "quantity", "component", "name"])
    for (front, back_file, qty), c in zip(rows, cards):
        w.writerow([front, back_file, qty, c.component.id, c.component.name])
    result.artifacts.append(artifact(catalog.id, "print-shop", folder / "quantities.csv", out.getvalue().encode("utf-8")))


def _pdf_pairs(catalog: Catalog, service: Service, path: Path, cards: list[Card], size: Size, result: StageResult) -> None:
    """Every copy as two pages, back then front, each page the service's trim plus bleed
    (the face's own bleed box scaled to it when the two bleeds differ)."""
    geo = geometry(size)
    pages: list[Face] = []
    for c in cards:
        for _ in range(c.component.count):
            pages += [c.back or c.front, c.front]
    scaled = [_with_bleed(f, geo) for f in pages]
    pdfx = output_intent(catalog.root, service.pdfx)[0] if service.pdfx is not None else None  # the profile was checked by validation
    data = faces_pdf(scaled, title=f"{catalog.game.title}: {path.stem}", cmyk=service.cmyk, pdfx=pdfx, dpi=size.dpi)
    result.artifacts.append(artifact(catalog.id, "print-shop", path, data, pages=len(pages)))


def _with_bleed(face: Face, geo: Geometry) -> Face:
    """The face as drawn on a page of the service's size: the same face when its bleed is
    the service's; otherwise a face whose ops are the original's scaled about the centre so
    its bleed box fills the service's (the change in scale is the difference of the two
    bleeds over the card, well under a cutter's tolerance)."""
    b = geo.bleed[0]
    if abs(face.bleed - b) < 0.01:
        return face
    sx = (face.width + 2 * b) / (face.width + 2 * face.bleed)
    sy = (face.height + 2 * b) / (face.height + 2 * face.bleed)
    cx, cy = face.width / 2, face.height / 2
    m = (r(sx), 0.0, 0.0, r(sy), r(cx - sx * cx), r(cy - sy * cy))
    return Face.build(face.width, face.height, b, face.shape, (Group(face.ops, None, m),), face.cut, face.folds)


def build_print_shop(job: Job) -> StageResult:
    catalog, options = job.catalog, job.build
    presets, problems = load_presets(catalog.root)
    if problems:
        raise InputError(problems)
    asked = options.services or tuple(presets)
    result = StageResult()
    by_deck = decks(job.faces, bleed=True)
    errors: list[Issue] = []
    plans: list[tuple[str, Service, str, list[Card], Size]] = []
    for sid in asked:
        service = presets[sid]
        for deck, cards in by_deck.items():
            size = size_for(service, parse_size(cards[0].component.size))
            bad = [c for c in cards if size_for(service, parse_size(c.component.size)) is None]
            if bad or size is None:
                errors += [not_offered(catalog, service, c.component) for c in bad[:1]]
                continue
            plans.append((sid, service, deck, cards, size))
    if errors:
        raise InputError(errors)
    base = options.out / catalog.id / "print-shop"
    for sid, service, deck, cards, size in plans:
        if service.files == "images":
            _images(catalog, service, base / sid / deck, cards, size, result)
        else:
            _pdf_pairs(catalog, service, base / sid / f"{deck}.pdf", cards, size, result)
    written = {a.path.resolve() for a in result.artifacts}
    for sid in asked:
        for stale in (base / sid).rglob("*"):
            if stale.is_file() and stale.resolve() not in written:
                stale.unlink()
    for sid in asked:
        result.artifacts.append(artifact(catalog.id, "print-shop-zip", base / f"{catalog.id}-{sid}.zip", zip_folder(base / sid)))
    return result


def zip_folder(folder: Path) -> bytes:
    """Every file under `folder` in a zip, by path, with fixed dates: the same files give
    the same bytes. PNGs are stored (they are compressed already), the rest deflated."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            info = zipfile.ZipInfo(f"{folder.name}/{path.relative_to(folder).as_posix()}", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_STORED if path.suffix == ".png" else zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, path.read_bytes())
    return buf.getvalue()
