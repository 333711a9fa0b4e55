"""The `cards` stage: every distinct face as its own file, for print-on-demand uploads.

Writes under `<out>/<game>/cards/`:

- `png/<id>-front.png` for every component, `png/<id>-back.png` for a back of its own (the
  second side of a reference card), and `png/back-<back id>.png` once for a back a deck
  shares; `--dpi` pixels per inch (300 by default), bleed included;
- `cards.csv`: one row per file with the component, its side, the number of copies a full
  set needs and the back file that goes with it;
- `<game>-cards.pdf`: the same faces, one per page in the same order, each page's MediaBox
  = BleedBox (the face with its bleed) and TrimBox = the cut size;
- `<game>-cards-pairs.pdf`: every front followed by its back (a blank page for a card
  without one), so odd pages are fronts and even pages their backs, as a shop that takes
  one PDF of both sides wants it.

Files this stage wrote before and no longer makes are removed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..catalog.load import Catalog
from ..core.csv_cells import csv_bytes
from ..core.output import artifact, remove_stale
from ..core.stage import Job, StageResult
from ..layout.faces import Faces
from ..layout.faces import own_back as has_own_back
from ..layout.ops import Face
from ..render.png import faces_pdf, pixel_size, pngs, transparent


@dataclass(frozen=True)
class CardFile:
    """One distinct face to export: its file stem, the face, and what uses it."""

    stem: str  # "ember-front", "back-deck", "guide-back"
    face: Face
    component: str  # the component id, or "" for a shared back
    name: str  # the component's name, or the back's title
    side: str  # front | back
    count: int  # copies in one full set of the game
    back: str  # the stem of the back that goes with a front ("" when none)
    kind: str  # the component kind


def card_files(
    faces: Faces, *, bleed: bool = True, kinds: set[str] | None = None
) -> list[CardFile]:
    """Every distinct face of the game (of `kinds` when given), fronts in catalog order,
    each component's own back after its front, then the shared backs."""
    catalog = faces.catalog
    fronts: list[CardFile] = []
    shared: dict[str, CardFile] = {}  # face key -> shared back
    stems: dict[str, int] = {}
    for comp in catalog.components:
        if kinds is not None and comp.kind not in kinds:
            continue
        record = faces.records.of(comp)
        front = faces.face(record, "front", bleed=bleed)
        back = faces.face(record, "back", bleed=bleed)
        back_stem = ""
        own_back: CardFile | None = None
        if back is not None and has_own_back(catalog, comp):  # reference cards, double-sided sets
            back_stem = f"{comp.id}-back"
            own_back = CardFile(
                back_stem, back, comp.id, comp.name, "back", comp.count, "", comp.kind
            )
        elif back is not None and comp.back is not None:
            hit = shared.get(back.key)
            if hit is None:
                stem = f"back-{comp.back}"
                n = stems.get(stem, 0)
                stems[stem] = n + 1
                if n:  # the same back drawn in another shape or size
                    stem = f"{stem}-{comp.kind}-{n + 1}"
                title = catalog.game.backs[comp.back].title
                hit = CardFile(stem, back, "", title, "back", 0, "", comp.kind)
            shared[back.key] = CardFile(
                hit.stem, hit.face, "", hit.name, "back", hit.count + comp.count, "", hit.kind
            )
            back_stem = hit.stem
        if front is not None:
            fronts.append(
                CardFile(
                    f"{comp.id}-front",
                    front,
                    comp.id,
                    comp.name,
                    "front",
                    comp.count,
                    back_stem,
                    comp.kind,
                )
            )
        if own_back is not None:
            fronts.append(own_back)
    return fronts + list(shared.values())


def pair_faces(files: list[CardFile]) -> list[Face]:
    """Each front, then its back: the component's own, the deck's shared one, or a blank
    face of the front's size and shape for a one-sided card."""
    by_stem = {f.stem: f.face for f in files}
    out: list[Face] = []
    for f in files:
        if f.side != "front":
            continue
        back = by_stem.get(f.back) if f.back else None
        out += [
            f.face,
            back
            if back is not None
            else Face.build(
                f.face.width, f.face.height, f.face.bleed, f.face.shape, (), f.face.cut, ()
            ),
        ]
    return out


def cards_csv(files: list[CardFile]) -> bytes:
    """The list of files: file, component, name, side, count, back file, kind, size."""
    head = ["file", "component", "name", "side", "count", "back", "kind"]
    return csv_bytes(
        [
            head,
            *(
                [
                    f"png/{f.stem}.png",
                    f.component,
                    f.name,
                    f.side,
                    f.count,
                    f"png/{f.back}.png" if f.back else "",
                    f.kind,
                ]
                for f in files
            ),
        ]
    )


def write_pngs(
    catalog: Catalog,
    files: list[CardFile],
    folder: Path,
    dpi: int,
    result: StageResult,
    *,
    kind: str = "card-png",
    pdf: bytes | None = None,
) -> set[str]:
    """Render every file's face and write it as `folder/<stem>.png`, one at a time; the
    names written."""
    faces = [f.face for f in files]
    if pdf is None:
        pdf = faces_pdf(faces, title=catalog.game.title)
    sizes = [pixel_size(f, dpi) for f in faces]
    written = set()
    for f, png in zip(files, pngs(pdf, dpi, sizes, [transparent(x) for x in faces])):
        path = folder / f"{f.stem}.png"
        result.artifacts.append(artifact(catalog.id, kind, path, png))
        written.add(path.name)
    return written


def build_cards(job: Job) -> StageResult:
    job = job.printing()  # a continued card's parts too (`layout.text.continued`)
    catalog, options = job.catalog, job.build
    result = StageResult()
    folder = options.out / catalog.id / "cards"
    files = card_files(job.faces, bleed=options.bleed)
    faces = [f.face for f in files]
    rgb = faces_pdf(faces, title=f"{catalog.game.title}: cards")
    pdf = faces_pdf(faces, title=f"{catalog.game.title}: cards", cmyk=True) if options.cmyk else rgb
    result.artifacts.append(
        artifact(catalog.id, "cards-pdf", folder / f"{catalog.id}-cards.pdf", pdf, pages=len(faces))
    )
    pairs = pair_faces(files)
    pairs_pdf = faces_pdf(
        pairs, title=f"{catalog.game.title}: cards, both sides", cmyk=options.cmyk
    )
    result.artifacts.append(
        artifact(
            catalog.id,
            "cards-pairs",
            folder / f"{catalog.id}-cards-pairs.pdf",
            pairs_pdf,
            pages=len(pairs),
        )
    )
    result.artifacts.append(
        artifact(catalog.id, "cards-csv", folder / "cards.csv", cards_csv(files))
    )
    written = write_pngs(catalog, files, folder / "png", options.dpi, result, pdf=rgb)
    remove_stale(folder / "png", written, ("*.png",))
    return result
