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

from ..core.cache import key_of
from ..core.files import read_bytes
from ..core.issues import Issue
from ..core.output import Artifact, artifact, holds, remove_stale
from ..core.stage import Job, StageResult
from ..fonts import FACES, FONT_DIR
from ..layout.faces import ordered
from ..layout.ops import Text
from .svg import face_titles, svg_bytes


def build_svgs(job: Job) -> StageResult:
    catalog, options = job.catalog, job.build
    result = StageResult()
    folder = options.out / catalog.id / "svg"
    findings: list[Issue] = []  # the layout files themselves were checked by cardstock.validate
    used_fonts: set[str] = set()
    written = set()
    face_title = face_titles(catalog)
    nums: dict[float, str] = {}  # the faces' printed numbers, shared (they repeat)
    for stem, face in job.faces.distinct(bleed=options.bleed):
        findings += face.findings
        used_fonts |= {op.font for op in face.walk() if isinstance(op, Text)}
        path = folder / f"{stem}.svg"
        title = face_title(stem)
        key = key_of(face.key, stem, title)
        kept = job.cache.get_json("svg", key)
        if isinstance(kept, dict) and holds(
            options.out, (catalog.id, "svg", path.name), kept.get("bytes"), kept.get("sha256")
        ):
            result.artifacts.append(
                Artifact(catalog.id, "svg", path, bytes=kept["bytes"], sha256=kept["sha256"])
            )
        else:
            made = artifact(catalog.id, "svg", path, svg_bytes(face, title=title, nums=nums))
            job.cache.put_json("svg", key, {"bytes": made.bytes, "sha256": made.sha256})
            result.artifacts.append(made)
        written.add(path.name)
        if options.guides:  # a copy with the trim and safe lines, for checking a layout
            marked = svg_bytes(
                face, font_url="../fonts/", guides=True, title=f"{title} (guides)", nums=nums
            )
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
