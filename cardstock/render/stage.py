"""The `svg` build stage: every distinct face of a game as a standalone SVG.

Writes `<out>/<game>/svg/<component id>.svg` for each front, `<id>-reverse.svg` for the
second side of each reference card, `back-<back id>.svg` for each deck back, and the font
files the SVGs name in `<out>/<game>/svg/fonts/` (so a browser shows the same face).
SVGs and fonts this stage wrote before and no longer makes are removed. A file whose bytes
would not change is left as it is (`cardstock.core.output.write_atomic`), and a face whose
input key and title are those of the file already in the folder (its size and sha256 kept
in the cache, the file checked against them) is not serialised again: a one-card edit
writes one SVG.
"""

from __future__ import annotations

from ..catalog.ruletext import rulebook_template
from ..core.cache import key_of
from ..core.files import present, read_bytes
from ..core.issues import Issue
from ..core.output import Artifact, artifact, holds, remove_stale
from ..core.stage import Job, StageResult
from ..fonts import FACES, FONT_DIR
from ..layout.faces import ordered
from ..layout.ops import Face, Text
from .svg import BOOK_FONT_URL, BOOK_KIND, FaceSvg, Written, book_key, face_titles


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
        else:
            drawn = FaceSvg(face, nums, elements)
            used_fonts |= drawn.fonts  # found as it was drawn
            made = artifact(catalog.id, "svg", path, drawn.svg(title=title))
            job.cache.put_json("svg", key, {"bytes": made.bytes, "sha256": made.sha256})
            result.artifacts.append(made)
            if book and stem in book and _shown(face):
                # the e-book's copy of a front, from the same drawing (`render.svg.FaceSvg`)
                thumb = face.trimmed()
                job.cache.put(
                    BOOK_KIND, book_key(thumb), drawn.svg(font_url=BOOK_FONT_URL, bleed=0.0)
                )
        written.add(path.name)
        if options.guides:  # a copy with the trim and safe lines, for checking a layout
            drawn = drawn or FaceSvg(face, nums, elements)
            marked = drawn.svg(font_url="../fonts/", guides=True, title=f"{title} (guides)")
            result.artifacts.append(
                artifact(catalog.id, "svg-guides", folder / "guides" / f"{stem}.svg", marked)
            )
    font_dir = folder / "fonts"
    for name in sorted(used_fonts, key=lambda n: (FACES[n].file, n)):
        f = FACES[name]
        if f.file in written:
            continue  # the faces of one variable font share its file
        result.artifacts.append(artifact(catalog.id, "font", font_dir / f.file, f.read()))
        written.add(f.file)
    license_file = FONT_DIR / "OFL.txt"
    if any(not FACES[n].own for n in used_fonts) and license_file.is_file():
        result.artifacts.append(
            artifact(catalog.id, "font", font_dir / "OFL.txt", read_bytes(license_file, None))
        )
        written.add("OFL.txt")
    remove_stale(folder, written, ("*.svg",))
    remove_stale(font_dir, written, ("*.ttf", "*.otf"))
    remove_stale(folder / "guides", written if options.guides else set(), ("*.svg",))
    result.findings = ordered(findings)
    return result


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
