"""The fonts cardstock ships (Liberation 2, SIL Open Font License; see OFL.txt).

Every face measures and draws text with these files, so SVG and PDF wrap lines at the
same places. Liberation Sans and Serif are metric-compatible with Arial and Times New
Roman, so an SVG viewed without the font files still keeps its line breaks.

A layout names a font by its short name (`sans`, `sans-bold`, `sans-italic`, `serif`,
`serif-bold`, `mono`); inline **bold** and *italic* switch to the variant named by `bold` /
`italic`. A project's own `fonts/` folder adds its TrueType files by file stem
(`fonts/Gloria-Regular.ttf` is the font `Gloria-Regular`): see `use_project_fonts`.
"""

from __future__ import annotations

from dataclasses import dataclass

import hashlib
import io
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Optional

from ..core.files import Unreadable, read_bytes
from ..core.issues import Issue

FONT_DIR = Path(__file__).resolve().parent
PROJECT_FONT_DIR = "fonts"  # a project's own fonts, beside catalog/
FONT_SUFFIXES = (".ttf", ".otf")


@dataclass(frozen=True)
class FontFace:
    name: str  # the name layouts use
    file: str  # file name in this folder
    family: str  # CSS family name
    weight: str  # CSS font-weight: normal | bold
    style: str  # CSS font-style: normal | italic
    bold: str  # the face used for **bold** inside this face
    italic: str  # the face used for *italic* inside this face
    fallback: str  # CSS fallbacks (metric-compatible first)
    folder: Path = FONT_DIR  # a project's fonts/ folder for its own fonts
    own: bool = False  # a project's font (not shipped with cardstock)

    @property
    def path(self) -> Path:
        return self.folder / self.file

    @property
    def pdf_name(self) -> str:
        if self.own:  # two projects' fonts of one name never share a registration
            tag = hashlib.sha256(str(self.path).encode("utf-8")).hexdigest()[:8]
            return "Project-" + re.sub(r"[^A-Za-z0-9-]", "", self.name) + "-" + tag
        return "Cardstock-" + "".join(part.capitalize() for part in self.name.split("-"))

    @property
    def project(self) -> Optional[Path]:
        """The project a font of its own belongs to (its fonts/ folder's parent), else None."""
        return self.folder.parent if self.own else None

    def read(self) -> bytes:
        """The font file's bytes, through the one door for input files (core/files)."""
        return read_bytes(self.path, self.project, limit=MAX_FONT_BYTES)

    @property
    def css_format(self) -> str:
        return "opentype" if self.file.lower().endswith(".otf") else "truetype"


MAX_FONT_BYTES = 32 * 1024 * 1024  # one font file (a large CJK font is about 20 MB)

_SANS = "Arial, Helvetica, sans-serif"
_SERIF = '"Times New Roman", Times, serif'
_MONO = '"Courier New", Courier, monospace'

FACES: dict[str, FontFace] = {
    "sans": FontFace("sans", "LiberationSans-Regular.ttf", "Liberation Sans", "normal", "normal", "sans-bold", "sans-italic", _SANS),
    "sans-bold": FontFace("sans-bold", "LiberationSans-Bold.ttf", "Liberation Sans", "bold", "normal", "sans-bold", "sans-bold", _SANS),
    "sans-italic": FontFace("sans-italic", "LiberationSans-Italic.ttf", "Liberation Sans", "normal", "italic", "sans-bold", "sans-italic", _SANS),
    "serif": FontFace("serif", "LiberationSerif-Regular.ttf", "Liberation Serif", "normal", "normal", "serif-bold", "serif", _SERIF),
    "serif-bold": FontFace("serif-bold", "LiberationSerif-Bold.ttf", "Liberation Serif", "bold", "normal", "serif-bold", "serif-bold", _SERIF),
    "mono": FontFace("mono", "LiberationMono-Regular.ttf", "Liberation Mono", "normal", "normal", "mono", "mono", _MONO),
}
BUILT_IN = tuple(FACES)

_PROJECTS: dict[str, list[Issue]] = {}
_CURRENT: list[str] = [""]  # the key of the project whose fonts FACES holds now


def project_font_files(root: Path) -> list[Path]:
    folder = root / PROJECT_FONT_DIR
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix.lower() in FONT_SUFFIXES)


def _stamp(path: Path) -> str:
    """When a font file last changed and its size (a file that cannot be read: its reason)."""
    try:
        st = path.stat()
    except OSError as exc:
        return exc.strerror or "unreadable"
    return f"{st.st_mtime_ns}:{st.st_size}"


def _font_problem(path: Path, root: Path) -> str | None:
    """Why ReportLab cannot embed this file (inside the project `root`), or None."""
    try:
        data = read_bytes(path, root, limit=MAX_FONT_BYTES)
    except Unreadable as exc:
        return f"the font cannot be read: {exc}"
    head = data[:4]
    if head == b"OTTO":
        return ("the font has PostScript (CFF) outlines, which cannot be embedded as a TrueType subset; "
                "use the font's TTF version, or convert it (fontTools: `fonttools otf2ttf`)")
    if head not in (b"\x00\x01\x00\x00", b"true"):
        return "not a TrueType font (expected a .ttf, or an .otf with TrueType outlines)"
    from reportlab.pdfbase.ttfonts import TTFont, TTFError

    try:
        TTFont("Probe", _named(data, path))
    except (TTFError, Exception) as exc:  # noqa: BLE001 - ReportLab raises several kinds for a bad file
        return f"the font cannot be used: {exc}"
    return None


def use_project_fonts(root: Path, shown: str = PROJECT_FONT_DIR) -> list[Issue]:
    """Add the project's `fonts/*.ttf` (and TrueType-outline `.otf`) to FACES by file stem,
    once per project and process; the problems found (a file that cannot be used is left
    out). `Name-Bold` and `Name-Italic` beside `Name` or `Name-Regular` become its
    **bold** and *italic*."""
    files = project_font_files(root)
    key = str(root.resolve()) + "".join(f"\0{p.name}:{_stamp(p)}" for p in files)
    if key in _PROJECTS and _CURRENT[0] == key:  # the same files as last time (a --watch rebuild sees new ones)
        return _PROJECTS[key]
    if files and _CURRENT[0]:  # new, changed or another project's font files: measure afresh
        _forget()
    _CURRENT[0] = key
    issues: list[Issue] = []
    usable: dict[str, Path] = {}
    for path in files:
        where = f"{shown}/{path.name}"
        if path.stem in BUILT_IN:
            issues.append(Issue(where, None, "", f"the name {path.stem!r} is a built-in font's; rename the file"))
            continue
        problem = _font_problem(path, root)
        if problem:
            issues.append(Issue(where, None, "", problem))
            continue
        usable[path.stem] = path
    gone = [n for n in FACES if n not in BUILT_IN and n not in usable]  # another project's, or deleted
    for name in gone:
        del FACES[name]
    if gone:
        _forget()
    for stem, path in usable.items():
        base = re.sub(r"-(Regular|Bold|Italic|BoldItalic)$", "", stem)
        bold = next((n for n in (f"{base}-Bold",) if n in usable), stem)
        italic = next((n for n in (f"{base}-Italic",) if n in usable), stem)
        weight = "bold" if stem.endswith("Bold") or stem.endswith("BoldItalic") else "normal"
        style = "italic" if stem.endswith("Italic") else "normal"
        face = FontFace(stem, path.name, re.sub(r"[^A-Za-z0-9 -]", "", base) or "Project", weight, style, bold, italic, "sans-serif", path.parent, True)
        if stem in FACES and FACES[stem] != face:
            _forget()  # another project's font of the same name was in use in this process
        FACES[stem] = face
    _PROJECTS[key] = issues
    return issues


# ---------------------------------------------------------------- loaded fonts

def _named(data: bytes, path: Path) -> io.BytesIO:
    """A font's bytes as the file ReportLab reads (it names the font by the file's `name`)."""
    f = io.BytesIO(data)
    f.name = str(path)
    return f


class Loaded:
    """One face as ReportLab parsed it (once per process: the same parse measures and
    embeds it), with its metrics and the widths of the strings it has measured (text
    fitting measures the same words again for every size it tries and every face that
    shows them)."""

    def __init__(self, face: FontFace) -> None:
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFont

        if face.pdf_name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(face.pdf_name, _named(face.read(), face.path)))
        self.pdf_name = face.pdf_name
        self.ttf: Any = pdfmetrics.getFont(face.pdf_name)
        parsed = self.ttf.face
        self.widths: dict[int, float] = dict(parsed.charWidths)
        self.default = float(parsed.defaultWidth)
        self.ascent = float(parsed.ascent) / 1000.0  # fractions of the font size
        self.descent = float(parsed.descent) / 1000.0
        self.coverage: frozenset[str] = frozenset(chr(c) for c in parsed.charToGlyph if 0 <= c <= 0x10FFFF)
        self.measured: dict[tuple[str, float], float] = {}


@lru_cache(maxsize=None)
def loaded(name: str) -> Loaded:
    """The face `name`, parsed and registered with ReportLab once per process."""
    return Loaded(FACES[name])


def register(name: str) -> str:
    """Register the face with ReportLab (once) and return its PDF font name. ReportLab
    embeds TrueType fonts as subsets holding only the glyphs used."""
    return loaded(name).pdf_name


def _forget() -> None:
    """Forget the fonts loaded so far (another project's fonts of the same names)."""
    loaded.cache_clear()


def register_all() -> None:
    for name in FACES:
        register(name)


def pdf_font(name: str) -> Any:
    """The registered ReportLab TrueType font of a face (for drawing its glyphs)."""
    return loaded(name).ttf


MEASURED_MAX = 100_000  # strings a font remembers the width of


def string_width(text: str, name: str, size: float) -> float:
    """The advance width of `text` in points, from the real font's metrics (summed as
    ReportLab's `stringWidth` sums)."""
    font = loaded(name)
    key = (text, size)
    w = font.measured.get(key)
    if w is None:
        g, dw = font.widths.get, font.default
        w = 0.001 * size * sum(g(ord(u), dw) for u in text)
        if len(font.measured) >= MEASURED_MAX:
            font.measured.clear()
        font.measured[key] = w
    return w


def ascent(name: str) -> float:
    """Ascent as a fraction of the font size."""
    return loaded(name).ascent


def descent(name: str) -> float:
    """Descent as a (negative) fraction of the font size."""
    return loaded(name).descent


def coverage(name: str) -> frozenset[str]:
    """Every character the font has a glyph for."""
    return loaded(name).coverage


def missing_glyphs(text: str, name: str) -> list[str]:
    """Characters of `text` the font cannot draw (whitespace and controls ignored), in
    the order they first appear."""
    cover = coverage(name)
    if cover.issuperset(text):  # the usual case, checked without a Python loop
        return []
    seen: list[str] = []
    for ch in text:
        if ch.isspace() or ord(ch) < 32:
            continue
        if ch not in cover and ch not in seen:
            seen.append(ch)
    return seen
