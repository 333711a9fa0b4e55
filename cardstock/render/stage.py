"""The `svg` build stage: every distinct face of a game as a standalone SVG.

Writes `<out>/<game>/svg/<component id>.svg` for each front, `<id>-reverse.svg` for the
second side of each reference card, `back-<back id>.svg` for each deck back, and the font
files the SVGs name in `<out>/<game>/svg/fonts/` (so a browser shows the same face).
SVGs and fonts this stage wrote before and no longer makes are removed.

An SVG is a function of its face's drawing (the face's content key), its title and the
code: `output/.cache/svg/<game>.json` remembers, per file, the first two and the bytes
written, under a key of what every face of the game reads but its row (code, layouts,
fonts, the game's other files), so
a rebuild serialises only the faces whose drawing changed (`STATS.serialised` counts
them) and keeps the other files as they are, after checking their bytes.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional

from ..fonts import FACES, FONT_DIR
from ..core.issues import Issue
from ..catalog.load import Catalog
from ..core.output import Artifact, WriteError, artifact, write_atomic
from ..core.stage import BuildOptions, StageResult
from .svg import face_title, svg_bytes
from ..layout.faces import each_distinct_face, ordered
from ..layout.ops import Text


@dataclass
class SvgStats:
    """SVG files serialised by this process (the rest were kept from the index)."""

    serialised: int = 0


STATS = SvgStats()


class _Index:
    """What each SVG file was made from and its bytes, kept between builds."""

    def __init__(self, out: Path, catalog: Catalog) -> None:
        from ..layout.faces import _input_keys

        self.out, self.path = out, out / ".cache" / "svg" / f"{catalog.id}.json"
        # what every face of the game reads but its row (the code and library versions,
        # layouts, fonts, the game's other files): the index holds while none changed
        self.code = _input_keys(catalog)[0]
        self.files: dict[str, list[Any]] = {}
        self.old: dict[str, list[Any]] = {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if isinstance(data, dict) and data.get("code") == self.code and isinstance(data.get("files"), dict):
                self.old = data["files"]
        except (OSError, ValueError):  # no index yet, or a damaged one: serialise all
            pass

    def file(self, game: str, kind: str, path: Path, made_from: str, make: Callable[[], bytes]) -> Artifact:
        """The artifact at `path`: kept when the index says it was made from the same
        `made_from` and the file still has those bytes; else made and written."""
        name = path.relative_to(self.out).as_posix()
        known = self.old.get(name)
        if isinstance(known, list) and len(known) == 3 and known[0] == made_from:
            try:
                data = path.read_bytes()
            except OSError:
                data = b""
            if len(data) == known[2] and hashlib.sha256(data).hexdigest() == known[1]:
                self.files[name] = known
                return Artifact(game, kind, path, None, None, known[2], known[1])
        STATS.serialised += 1
        made = artifact(game, kind, path, make())
        self.files[name] = [made_from, made.sha256, made.bytes]
        return made

    def save(self) -> None:
        try:
            write_atomic(self.path, json.dumps({"code": self.code, "files": self.files}, sort_keys=True).encode())
        except WriteError:  # an index that cannot be written costs time, not output
            pass


def prepare() -> None:
    """What the stage imports only when a face is serialised (`pipeline.prepare`)."""
    import svgwrite  # noqa: F401


def build_svgs(catalog: Catalog, options: BuildOptions) -> StageResult:
    result = StageResult()
    folder = options.out / catalog.id / "svg"
    faces = each_distinct_face(catalog, bleed=options.bleed)  # one at a time: few alive
    findings: list[Issue] = []  # the layout files themselves were checked by cardstock.validate
    used_fonts: set[str] = set()
    written = set()
    index = _Index(options.out, catalog)
    for stem, face in faces:
        findings += face.findings
        used_fonts |= {op.font for op in face.walk() if isinstance(op, Text)}
        path = folder / f"{stem}.svg"
        title = face_title(catalog, stem)
        result.artifacts.append(index.file(catalog.id, "svg", path, f"{face.key}\n{title}", lambda: svg_bytes(face, title=title)))
        written.add(path.name)
        if options.guides:  # a copy with the trim and safe lines, for checking a layout
            marked = lambda: svg_bytes(face, font_url="../fonts/", guides=True, title=f"{title} (guides)")  # noqa: E731
            result.artifacts.append(index.file(catalog.id, "svg-guides", folder / "guides" / f"{stem}.svg", f"{face.key}\n{title}\nguides", marked))
    index.save()
    font_dir = folder / "fonts"
    for name in sorted(used_fonts, key=lambda n: FACES[n].file):
        f = FACES[name]
        result.artifacts.append(artifact(catalog.id, "font", font_dir / f.file, f.path.read_bytes()))
        written.add(f.file)
    license_file = FONT_DIR / "OFL.txt"
    if any(not FACES[n].own for n in used_fonts) and license_file.is_file():
        result.artifacts.append(artifact(catalog.id, "font", font_dir / "OFL.txt", license_file.read_bytes()))
        written.add("OFL.txt")
    for stale in list(folder.glob("*.svg")) + list(font_dir.glob("*.ttf")) + list(font_dir.glob("*.otf")):
        if stale.name not in written:
            stale.unlink()
    for stale in (folder / "guides").glob("*.svg"):
        if not options.guides or stale.name not in written:
            stale.unlink()
    result.findings = ordered(findings)
    return result
