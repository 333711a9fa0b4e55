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
from typing import Any
import re
from functools import lru_cache
from pathlib import Path

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
    def css_format(self) -> str:
        return "opentype" if self.file.lower().endswith(".otf") else "truetype"


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
    return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in FONT_SUFFIXES)


def _font_problem(path: Path) -> str | None:
    """Why ReportLab cannot embed this file, or None."""
    try:
        head = path.read_bytes()[:4]
    except OSError as exc:
        return f"the font cannot be read: {exc.strerror or exc}"
    if head == b"OTTO":
        return ("the font has PostScript (CFF) outlines, which cannot be embedded as a TrueType subset; "
                "use the font's TTF version, or convert it (fontTools: `fonttools otf2ttf`)")
    if head not in (b"\x00\x01\x00\x00", b"true"):
        return "not a TrueType font (expected a .ttf, or an .otf with TrueType outlines)"
    from reportlab.pdfbase.ttfonts import TTFont, TTFError

    try:
        TTFont("Probe", str(path))
    except (TTFError, Exception) as exc:  # noqa: BLE001 - ReportLab raises several kinds for a bad file
        return f"the font cannot be used: {exc}"
    return None


def use_project_fonts(root: Path, shown: str = PROJECT_FONT_DIR) -> list[Issue]:
    """Add the project's `fonts/*.ttf` (and TrueType-outline `.otf`) to FACES by file stem,
    once per project and process; the problems found (a file that cannot be used is left
    out). `Name-Bold` and `Name-Italic` beside `Name` or `Name-Regular` become its
    **bold** and *italic*."""
    files = project_font_files(root)
    key = str(root.resolve()) + "".join(f"\0{p.name}:{p.stat().st_mtime_ns}:{p.stat().st_size}" for p in files)
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
        problem = _font_problem(path)
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


@lru_cache(maxsize=None)
def register(name: str) -> str:
    """Register the face with ReportLab (once per process) and return its PDF font name.
    ReportLab embeds TrueType fonts as subsets holding only the glyphs used."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    f = FACES[name]
    if f.pdf_name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(f.pdf_name, str(f.path)))
    return f.pdf_name


def _forget() -> None:
    """Drop every cache keyed by a font's name."""
    for cached in (register, _ttf, ascent, descent, coverage, metrics):
        cached.cache_clear()
    _WIDTHS.clear()


# ---------------------------------------------------------------- metrics

@dataclass(frozen=True)
class Metrics:
    """What measuring text needs of a font: advance widths (1/1000 em, by code point),
    the width of a missing glyph, ascent and descent (1/1000 em), and the code points
    the font has glyphs for."""

    widths: dict[int, float]
    default: float
    ascent: float
    descent: float
    chars: frozenset[int]


@lru_cache(maxsize=None)
def metrics(name: str) -> Metrics:
    """The face's metrics, read from ReportLab's parse of the file (the same parse that
    embeds it: each font file is parsed once per process)."""
    face = _ttf(name).face
    return Metrics(dict(face.charWidths), float(face.defaultWidth), float(face.ascent), float(face.descent),
                   frozenset(face.charToGlyph))


def register_all() -> None:
    for name in FACES:
        register(name)


@lru_cache(maxsize=None)
def _ttf(name: str) -> Any:
    from reportlab.pdfbase import pdfmetrics

    return pdfmetrics.getFont(register(name))


def pdf_font(name: str) -> Any:
    """The registered ReportLab TrueType font of a face (for drawing its glyphs)."""
    return _ttf(name)


_WIDTHS: dict[tuple[str, str, float], float] = {}
_WIDTHS_MAX = 100_000


def string_width(text: str, name: str, size: float) -> float:
    """The advance width of `text` in points, from the real font's metrics.

    Cached per (text, font, size): text fitting measures the same words, spaces and
    characters again for every size it tries and every face that shows them."""
    key = (text, name, size)
    w = _WIDTHS.get(key)
    if w is None:
        m = metrics(name)
        g, dw = m.widths.get, m.default
        w = 0.001 * size * sum(g(ord(u), dw) for u in text)  # as ReportLab's stringWidth sums
        if len(_WIDTHS) >= _WIDTHS_MAX:
            _WIDTHS.clear()
        _WIDTHS[key] = w
    return w


@lru_cache(maxsize=None)
def ascent(name: str) -> float:
    """Ascent as a fraction of the font size."""
    return metrics(name).ascent / 1000.0


@lru_cache(maxsize=None)
def descent(name: str) -> float:
    """Descent as a (negative) fraction of the font size."""
    return metrics(name).descent / 1000.0


@lru_cache(maxsize=None)
def coverage(name: str) -> frozenset[str]:
    """Every character the font has a glyph for, read from its cmap once per process."""
    return frozenset(chr(code) for code in metrics(name).chars if 0 <= code <= 0x10FFFF)


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
