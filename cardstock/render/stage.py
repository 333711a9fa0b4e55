"""The `svg` build stage: every distinct face of a game as a standalone SVG.

Writes `<out>/<game>/svg/<component id>.svg` for each front, `<id>-reverse.svg` for the
second side of each reference card, `back-<back id>.svg` for each deck back, the font
files the SVGs name in `<out>/<game>/svg/fonts/` (so a browser shows the same face), and
each picture the faces draw once, in `<out>/<game>/svg/pictures/`, named by its content
(`render.svg.picture_name`): the SVGs link it, so a picture on every card is written once,
not into each card's file. SVGs, fonts and pictures this stage wrote before and no longer
makes are removed. A file whose bytes
would not change is left as it is (`cardstock.core.output.write_atomic`), and a face whose
input key and title are those of the file already in the folder (its size and sha256 kept
in the cache, the file checked against them) is not serialised again: a one-card edit
writes one SVG.
"""

from __future__ import annotations

from pathlib import Path

from ..catalog.ruletext import rulebook_template
from ..core.cache import key_of
from ..core.files import present, read_again, read_bytes
from ..core.issues import Issue
from ..core.output import Artifact, artifact, holds, remove_stale
from ..core.stage import Job, StageResult
from ..fonts import FACES, FONT_DIR
from ..layout.faces import ordered
from ..layout.ops import Face, Image, Text
from .svg import (
    BOOK_FONT_URL,
    BOOK_KIND,
    FaceSvg,
    Written,
    book_key,
    face_titles,
    pictures_of,
)

PICTURES = "pictures/"  # the folder beside the SVGs their pictures are linked from


def build_svgs(job: Job) -> StageResult:
    job = job.printing()  # a continued card's parts too (`layout.text.continued`)
    catalog, options = job.catalog, job.build
    result = StageResult()
    folder = options.out / catalog.id / "svg"
    findings: list[Issue] = []  # the layout files themselves were checked by cardstock.validate
    used_fonts: set[str] = set()
    written = set()
    face_title = face_titles(catalog)
    nums: dict[float, str] = {}  # the faces' printed numbers, shared (they repeat)
    elements = Written()  # the elements of the ops the faces share, each written once
    book = _book_copies(job)
    pictures: dict[str, Image] = {}  # each picture the faces draw, by its file's name
    for stem, face in job.faces.distinct(bleed=options.bleed):
        findings += face.findings
        path = folder / f"{stem}.svg"
        title = face_title(stem)
        key = key_of(face.key, stem, title)
        kept = job.cache.get_json("svg", key)
        drawn: FaceSvg | None = None
        if isinstance(kept, dict) and holds(
            options.out, (catalog.id, "svg", path.name), kept.get("bytes"), kept.get("sha256")
        ):
            result.artifacts.append(
                Artifact(catalog.id, "svg", path, bytes=kept["bytes"], sha256=kept["sha256"])
            )
            used_fonts |= {op.font for op in face.walk() if isinstance(op, Text)}
            drawn_pictures = pictures_of(face)
        else:
            drawn = FaceSvg(face, nums, elements, PICTURES)
            used_fonts |= drawn.fonts  # found as it was drawn
            drawn_pictures = drawn.pictures
            made = artifact(catalog.id, "svg", path, drawn.svg(title=title))
            job.cache.put_json("svg", key, {"bytes": made.bytes, "sha256": made.sha256})
            result.artifacts.append(made)
            if book and stem in book and _shown(face):
                # the e-book's copy of a front, from the same drawing (`render.svg.FaceSvg`),
                # or, when it draws pictures, a drawing of its own that embeds them
                thumb = face.trimmed()
                copy = FaceSvg(face, nums) if drawn_pictures else drawn
                job.cache.put(
                    BOOK_KIND, book_key(thumb), copy.svg(font_url=BOOK_FONT_URL, bleed=0.0)
                )
        pictures.update(drawn_pictures)
        written.add(path.name)
        if options.guides:  # a copy with the trim and safe lines, for checking a layout
            if drawn_pictures:  # its pictures linked from the guides' folder
                drawn = FaceSvg(face, nums, None, "../" + PICTURES)
            drawn = drawn or FaceSvg(face, nums, elements, PICTURES)
            marked = drawn.svg(font_url="../fonts/", guides=True, title=f"{title} (guides)")
            result.artifacts.append(
                artifact(catalog.id, "svg-guides", folder / "guides" / f"{stem}.svg", marked)
            )
    font_dir = folder / "fonts"
    result.artifacts += _fonts(catalog.id, font_dir, used_fonts, written)
    result.artifacts += _pictures(catalog.id, folder / PICTURES, pictures)
    remove_stale(folder, written, ("*.svg",))
    remove_stale(font_dir, written, ("*.ttf", "*.otf"))
    remove_stale(folder / "guides", written if options.guides else set(), ("*.svg",))
    result.findings = ordered(findings)
    return result


def _fonts(game: str, folder: Path, used: set[str], written: set[str]) -> list[Artifact]:
    """The font files of the faces `used` (each file once: the faces of one variable font
    share it), and the fonts' license when cardstock ships one of them; their names added
    to `written`."""
    made = []
    for name in sorted(used, key=lambda n: (FACES[n].file, n)):
        f = FACES[name]
        if f.file not in written:
            made.append(artifact(game, "font", folder / f.file, f.read()))
            written.add(f.file)
    license_file = FONT_DIR / "OFL.txt"
    if any(not FACES[n].own for n in used) and license_file.is_file():
        made.append(artifact(game, "font", folder / "OFL.txt", read_bytes(license_file, None)))
        written.add("OFL.txt")
    return made


def _pictures(game: str, folder: Path, pictures: dict[str, Image]) -> list[Artifact]:
    """Each picture the faces draw, once, in `folder` under the name the SVGs link it by
    (`render.svg.picture_name`); the pictures written there before and no longer drawn
    removed."""
    made = [
        artifact(game, "svg-picture", folder / name, read_again(Path(op.path)))
        for name, op in sorted(pictures.items())
    ]
    remove_stale(folder, set(pictures), ("*.png", "*.jpg"))
    return made


def _book_copies(job: Job) -> set[str]:
    """The components whose fronts the e-book shows, when this build writes the game's
    e-book (the rulebook stage is asked and the game has a rulebook) and its faces have
    a bleed to trim (the e-book's thumbnail is the face with its bleed cut away, under the
    face's key: `Face.trimmed`); else none. Every front is in the component list."""
    only = job.build.only
    if only is not None and "rulebook" not in only:
        return set()
    if not job.build.bleed or not present(rulebook_template(job.catalog)):
        return set()
    return {c.id for c in job.catalog.components}


def _shown(face: Face) -> bool:
    """Is `face` drawn in a book (`books.content.laid_out`): it draws something and has no
    errors (an outline stands in for one that has)."""
    return bool(face.ops) and face.bleed > 0 and not any(i.level == "error" for i in face.findings)
