"""The fonts cardstock ships (Liberation 2, SIL Open Font License; see OFL.txt).

Every face measures and draws text with these files, so SVG and PDF wrap lines at the
same places. Liberation Sans and Serif are metric-compatible with Arial and Times New
Roman, so an SVG viewed without the font files still keeps its line breaks.

A layout names a font by its short name (`sans`, `sans-bold`, `sans-italic`, `serif`,
`serif-bold`, `serif-italic`, `mono`); inline **bold** and *italic* switch to the variant
named by `bold` / `italic`. A project's own `fonts/` folder adds its OpenType files by file
stem (`fonts/Gloria-Regular.ttf` is the font `Gloria-Regular`), PostScript (CFF) outlines
converted in memory (`truetype`), the files of one family linked as its bold and italic
(`families`): see `use_project_fonts`. `outline` gives the glyph outlines of a text, for
icons drawn from shapes alone.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..core.bidi import has_rtl
from ..core.cache import Cache, code_key, digest, key_of
from ..core.files import Unreadable, read_bytes
from ..core.issues import Issue
from ..core.scripts import ignorable
from . import probe

FONT_DIR = Path(__file__).resolve().parent
PROJECT_FONT_DIR = "fonts"  # a project's own fonts, beside catalog/
PROBED = "font-probe"  # the cache's kind for a font file's verdict (`_font_problem`)
FONT_SUFFIXES = (".ttf", ".otf")


@dataclass(frozen=True)
class FontFace:
    """One font face cardstock ships: its file, its CSS names and the faces of its styles."""

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
    instance: tuple[
        tuple[str, float], ...
    ] = ()  # a variable font's named instance: its axis coordinates
    names: tuple[str, ...] = ()  # the family and full names the font's own name table gives

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
    def project(self) -> Path | None:
        """The project a font of its own belongs to (its fonts/ folder's parent), else None."""
        return self.folder.parent if self.own else None

    def read(self) -> bytes:
        """The font file's bytes, through the one door for input files (core/files)."""
        return read_bytes(self.path, self.project, limit=MAX_FONT_BYTES)

    def static(self) -> bytes:
        """The face as a static font with TrueType outlines, what ReportLab measures and
        embeds: a variable font's named instance cut from it (fontTools' instancer), then
        PostScript outlines converted (`truetype`)."""
        data = self.read()
        if self.instance:
            from fontTools.ttLib import TTFont as OpenType
            from fontTools.varLib import instancer

            font = instancer.instantiateVariableFont(
                OpenType(io.BytesIO(data)), dict(self.instance), updateFontNames=False
            )
            # each instance its own PostScript name: PDF writers and readers tell fonts apart by it
            postscript = re.sub(r"[^A-Za-z0-9-]", "", self.name)[:63] or "Instance"
            for record in list(font["name"].names):
                if record.nameID == 6:
                    font["name"].setName(
                        postscript, 6, record.platformID, record.platEncID, record.langID
                    )
            if not font["name"].getName(6, 3, 1, 0x409):
                font["name"].setName(postscript, 6, 3, 1, 0x409)
            out = io.BytesIO()
            font.save(out)
            data = out.getvalue()
        return truetype(data)

    @property
    def is_bold(self) -> bool:
        return self.weight == "bold" or (self.weight.isdigit() and int(self.weight) >= 600)

    @property
    def css_format(self) -> str:
        return "opentype" if self.file.lower().endswith(".otf") else "truetype"


MAX_FONT_BYTES = 32 * 1024 * 1024  # one font file (a large CJK font is about 20 MB)

_SANS = "Arial, Helvetica, sans-serif"
_SERIF = '"Times New Roman", Times, serif'
_MONO = '"Courier New", Courier, monospace'

FACES: dict[str, FontFace] = {
    "sans": FontFace(
        "sans",
        "LiberationSans-Regular.ttf",
        "Liberation Sans",
        "normal",
        "normal",
        "sans-bold",
        "sans-italic",
        _SANS,
    ),
    "sans-bold": FontFace(
        "sans-bold",
        "LiberationSans-Bold.ttf",
        "Liberation Sans",
        "bold",
        "normal",
        "sans-bold",
        "sans-bold",
        _SANS,
    ),
    "sans-italic": FontFace(
        "sans-italic",
        "LiberationSans-Italic.ttf",
        "Liberation Sans",
        "normal",
        "italic",
        "sans-bold",
        "sans-italic",
        _SANS,
    ),
    "serif": FontFace(
        "serif",
        "LiberationSerif-Regular.ttf",
        "Liberation Serif",
        "normal",
        "normal",
        "serif-bold",
        "serif-italic",
        _SERIF,
    ),
    "serif-bold": FontFace(
        "serif-bold",
        "LiberationSerif-Bold.ttf",
        "Liberation Serif",
        "bold",
        "normal",
        "serif-bold",
        "serif-bold",
        _SERIF,
    ),
    "serif-italic": FontFace(
        "serif-italic",
        "LiberationSerif-Italic.ttf",
        "Liberation Serif",
        "normal",
        "italic",
        "serif-bold",
        "serif-italic",
        _SERIF,
    ),
    "mono": FontFace(
        "mono",
        "LiberationMono-Regular.ttf",
        "Liberation Mono",
        "normal",
        "normal",
        "mono",
        "mono",
        _MONO,
    ),
}
BUILT_IN = tuple(FACES)

_PROJECTS: dict[str, list[Issue]] = {}
_CURRENT: list[str] = [""]  # the key of the project whose fonts FACES holds now
_REFUSED: set[str] = set()  # the stems of that project's font files that cannot be used


def refused_fonts() -> frozenset[str]:
    """The file stems of the project's fonts `use_project_fonts` last refused (each already
    a problem at its file): a layout naming one is not told again that it is unknown."""
    return frozenset(_REFUSED)


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


def _font_problem(path: Path, root: Path, cache: Cache | None = None) -> str | None:
    """Why ReportLab cannot draw and embed this file (inside the project `root`), or None:
    its every glyph tried as a PDF embeds it, and a variable font's first named instance
    cut from it and tried so (`probe`). The verdict is kept in `cache` by the file's bytes
    (and cardstock's code and libraries, `code_key`): a large font is probed once, not at
    every build."""
    try:
        data = read_bytes(path, root, limit=MAX_FONT_BYTES)
    except Unreadable as exc:
        return f"the font cannot be read: {exc}"
    head = data[:4]
    if head == b"OTTO":
        try:
            data = truetype(data)
        except Exception:  # noqa: BLE001 - fontTools raises many kinds for a damaged file
            return (
                "the font has PostScript (CFF) outlines that cannot be read to be embedded "
                "(the file is damaged or incomplete); "
                "use the font's TTF version if the foundry ships one"
            )
    elif head not in (b"\x00\x01\x00\x00", b"true"):
        return "not an OpenType or TrueType font (expected a .ttf or an .otf)"
    key = key_of(PROBED, code_key(), digest(data))
    kept = cache.get_json(PROBED, key) if cache is not None else None
    if isinstance(kept, str):
        return kept or None
    found = probe.problem(data, path)
    if found is None and (instances := variable_instances(data)):  # as a build cuts them
        face = FontFace(path.stem, path.name, "", "normal", "normal", "", "", "", path.parent)
        cut = dataclasses.replace(face, own=True, instance=instances[0][1])
        found = probe.made_problem(cut.static, path)
    if cache is not None:
        cache.put_json(PROBED, key, found or "")
    return found


# fontTools reports what it finds odd in a font (a table too long, a name record it skips)
# through `logging`; left alone, Python prints those lines bare into the build's output.
# They go nowhere unless `use_project_fonts` is listening, which makes them located findings.
_LIBRARY = logging.getLogger("fontTools")
_LIBRARY.addHandler(logging.NullHandler())
_LIBRARY.propagate = False


class _Heard(logging.Handler):
    """The font library's messages of warning level or above, in order, each once."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: dict[str, None] = {}

    def emit(self, record: logging.LogRecord) -> None:
        self.messages[record.getMessage()] = None


@contextmanager
def _library_messages() -> Iterator[dict[str, None]]:
    """What fontTools says while the block runs (its messages, as the keys)."""
    heard = _Heard()
    _LIBRARY.addHandler(heard)
    try:
        yield heard.messages
    finally:
        _LIBRARY.removeHandler(heard)


def _library_issues(where: str, messages: dict[str, None]) -> list[Issue]:
    return [
        Issue(where, None, "", f"the font library (fontTools) says: {m}", "warning")
        for m in messages
    ]


def use_project_fonts(
    root: Path, shown: str = PROJECT_FONT_DIR, cache: Cache | None = None
) -> list[Issue]:
    """Add the project's `fonts/*.ttf` and `*.otf` (PostScript outlines converted) to
    FACES by file stem, once per project and process; the problems found (a file that
    cannot be used is left out; each file's verdict kept in `cache`). `Name-Bold` and
    `Name-Italic` beside `Name` or `Name-Regular` become its **bold** and *italic*."""
    files = project_font_files(root)
    key = str(root.resolve()) + "".join(f"\0{p.name}:{_stamp(p)}" for p in files)
    if (
        key in _PROJECTS and _CURRENT[0] == key
    ):  # the same files as last time (a --watch rebuild sees new ones)
        return _PROJECTS[key]
    if files and _CURRENT[0]:  # new, changed or another project's font files: measure afresh
        _forget()
    _CURRENT[0] = key
    _REFUSED.clear()
    issues: list[Issue] = []
    usable: dict[str, Path] = {}
    for path in files:
        where = f"{shown}/{path.name}"
        if path.stem in BUILT_IN:
            issues.append(
                Issue(
                    where, None, "", f"the name {path.stem!r} is a built-in font's; rename the file"
                )
            )
            continue
        with _library_messages() as heard:
            problem = _font_problem(path, root, cache)
        issues += _library_issues(where, heard)
        if problem:
            issues.append(Issue(where, None, "font", problem))
            _REFUSED.add(path.stem)
            continue
        usable[path.stem] = path
    gone = [
        n for n in FACES if n not in BUILT_IN and n not in usable
    ]  # another project's, or deleted
    for name in gone:
        del FACES[name]
    if gone:
        _forget()
    read = {stem: (path, read_bytes(path, root)) for stem, path in usable.items()}
    with _library_messages() as heard:  # each face knows its file's own family names
        found = [
            dataclasses.replace(face, names=family_names(read[Path(face.file).stem][1]))
            for face in families(read)
        ]
    issues += _library_issues(shown, heard)
    for face in found:
        if face.name in FACES and FACES[face.name] != face:
            _forget()  # another project's font of the same name was in use in this process
        FACES[face.name] = face
    _PROJECTS[key] = issues
    return issues


# ---------------------------------------------------------------- families

WEIGHT_WORDS = {
    "thin": 100,
    "hairline": 100,
    "extralight": 200,
    "ultralight": 200,
    "light": 300,
    "book": 400,
    "regular": 400,
    "normal": 400,
    "roman": 400,
    "medium": 500,
    "semibold": 600,
    "demibold": 600,
    "bold": 700,
    "extrabold": 800,
    "ultrabold": 800,
    "black": 900,
    "heavy": 900,
}
_STYLE_WORDS = "|".join(sorted(WEIGHT_WORDS, key=len, reverse=True))
# a file stem as foundries name them: Family-BoldItalic, Family-SemiBoldIt, Family_Light,
# Family[wght]
# a pattern's text: `re.compile` makes it when first asked and keeps it (a build that
# never asks does not compile it)
STYLED_STEM = (
    "(?i)" rf"^(?P<base>.+?)[-_ ](?P<weight>{_STYLE_WORDS})?(?P<italic>italic|it|oblique)?$"
)


def plain_stem(stem: str) -> str:
    """A stem without a variable font's axes ("Roboto[wdth,wght]",
    "Inter-VariableFont_slnt,wght")."""
    return re.sub(r"(\[[^\]]*\]|[-_]?VariableFont[^-]*)$", "", stem) or stem


def stem_style(stem: str) -> tuple[str, int, bool] | None:
    """(family, weight, italic) the file's name says, or None when it says no style."""
    m = re.compile(STYLED_STEM).match(plain_stem(stem))
    if not m or not (m.group("weight") or m.group("italic")):
        return None
    return (
        m.group("base"),
        WEIGHT_WORDS[(m.group("weight") or "regular").lower()],
        bool(m.group("italic")),
    )


def _named_style(data: bytes) -> tuple[str, int, bool]:
    """(family, weight, italic) the font's own tables say (name IDs 16/1, OS/2 weight and
    the italic bits)."""
    from fontTools.ttLib import TTFont as OpenType

    try:
        font = OpenType(io.BytesIO(data), lazy=True)
        names = font["name"]
        family = str(names.getDebugName(16) or names.getDebugName(1) or "")
        os2 = font["OS/2"] if "OS/2" in font else None
        weight = int(getattr(os2, "usWeightClass", 400) or 400)
        italic = bool(os2 is not None and os2.fsSelection & 1) or bool(font["head"].macStyle & 2)
    except Exception:  # noqa: BLE001 - tables ReportLab did not need may be damaged: the file's name decides
        return "", 400, False
    return family, weight, italic


NAME_IDS = (1, 16, 21, 4)  # family, typographic family, WWS family, full name


def family_names(data: bytes) -> tuple[str, ...]:
    """The names a font's own name table gives its family and itself ("Segoe UI Symbol"
    for seguisym.ttf), as drawing programs write them in an SVG's `font-family`."""
    from fontTools.ttLib import TTFont as OpenType

    try:
        table = OpenType(io.BytesIO(data), lazy=True)["name"]
        found = (table.getDebugName(n) for n in NAME_IDS)
        return tuple(dict.fromkeys(str(n).strip() for n in found if n and str(n).strip()))
    except Exception:  # noqa: BLE001 - a damaged name table: the file's name alone names the font
        return ()


def variable_instances(data: bytes) -> list[tuple[str, tuple[tuple[str, float], ...]]]:
    """A variable font's named instances (their style names and axis coordinates, as the
    foundry named them: "Regular", "SemiBold Italic"); [] for a static font."""
    from fontTools.ttLib import TTFont as OpenType

    try:
        font = OpenType(io.BytesIO(data), lazy=True)
        if "fvar" not in font:
            return []
    except Exception:  # noqa: BLE001 - a table ReportLab did not need may be damaged: drawn as a static font
        return []
    names = font["name"]
    out = []
    for inst in font["fvar"].instances:
        label = str(names.getDebugName(inst.subfamilyNameID) or "")
        out.append((label, tuple(sorted((str(k), float(v)) for k, v in inst.coordinates.items()))))
    return out


def families(files: dict[str, tuple[Path, bytes]]) -> list[FontFace]:
    """A project's font files (stem → path and bytes) as faces, each linked to the
    **bold** and *italic* of its family. A file's family, weight and slant come from its
    name as foundries write them (`Family-Bold`, `Family-SemiBoldItalic`, `Family-It`),
    else from its own tables; a file without a style in its name whose stem is another
    file's family (`Brand.ttf` beside `Brand-Bold.ttf`) is that family's regular face.
    A face's bold is the upright or italic member nearest weight 700 (600 or more); its
    italic the italic member nearest its own weight."""
    told = {stem: stem_style(stem) for stem in files}
    bases = {style[0] for style in told.values() if style is not None}
    members: dict[str, list[tuple[str, int, bool]]] = {}
    sources: dict[
        str, tuple[Path, tuple[tuple[str, float], ...]]
    ] = {}  # face name → its file and instance
    for stem, (path, data) in files.items():
        style = told[stem]
        family, weight, italic = _named_style(data)
        if style is None:
            key = plain_stem(stem) if plain_stem(stem) in bases or not family else family
            style = (key, weight, italic)
        instances = variable_instances(data)
        if not instances:
            members.setdefault(style[0].lower(), []).append((stem, style[1], style[2]))
            sources[stem] = (path, ())
            continue
        for label, where in instances:  # Roboto[wdth,wght].ttf → Roboto-Regular, Roboto-Bold, …
            leaning = (
                style[2]
                or "italic" in label.lower()
                or dict(where).get("ital", 0) >= 1
                or dict(where).get("slnt", 0) < 0
            )
            name = f"{style[0]}-{re.sub(r'[^A-Za-z0-9]', '', label) or 'Regular'}"
            if leaning and not re.search(r"italic|oblique", name, re.IGNORECASE):
                name += "Italic"
            if name in files or name in sources:
                continue  # a static file of that name wins
            members.setdefault(style[0].lower(), []).append(
                (name, int(dict(where).get("wght", weight)), leaning)
            )
            sources[name] = (path, where)
    faces: list[FontFace] = []
    for group in members.values():
        regular = min(group, key=lambda m: (m[2], abs(m[1] - 400), m[0]))
        told_base = told.get(regular[0]) or stem_style(regular[0])
        css = (
            re.sub(r"[^A-Za-z0-9 -]", "", told_base[0] if told_base else plain_stem(regular[0]))
            or "Project"
        )
        for stem, weight, italic in group:
            heavy = [m for m in group if m[2] == italic and m[1] >= 600]
            bold = (
                stem
                if weight >= 600 or not heavy
                else min(heavy, key=lambda m: (abs(m[1] - max(700, weight)), m[0]))[0]
            )
            slanted = [m for m in group if m[2]]
            it = (
                stem
                if italic or not slanted
                else min(slanted, key=lambda m: (abs(m[1] - weight), m[0]))[0]
            )
            path, where = sources[stem]
            faces.append(
                FontFace(
                    stem,
                    path.name,
                    css,
                    {400: "normal", 700: "bold"}.get(weight, str(weight)),
                    "italic" if italic else "normal",
                    bold,
                    it,
                    "sans-serif",
                    path.parent,
                    True,
                    where,
                )
            )
    return sorted(faces, key=lambda f: f.name)


# ---------------------------------------------------------------- PostScript outlines


def truetype(data: bytes) -> bytes:
    """An OpenType font's bytes with TrueType outlines: a font with PostScript (CFF)
    outlines (an `.otf` starting "OTTO", as most foundries ship them) is converted in
    memory with fontTools, each cubic curve drawn as quadratic ones within a thousandth
    of the em; ReportLab embeds only TrueType outlines. Other fonts are returned as they are."""
    if data[:4] != b"OTTO":
        return data
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont as OpenType
    from fontTools.ttLib import newTable

    font = OpenType(io.BytesIO(data))
    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    tolerance = font["head"].unitsPerEm / 1000
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(None)
        # CFF contours run counter-clockwise, TrueType's clockwise: the pen turns them
        glyphs[name].draw(Cu2QuPen(pen, tolerance, reverse_direction=True))
        glyf[name] = pen.glyph()
    for tag in ("CFF ", "CFF2", "VORG"):
        if tag in font:
            del font[tag]
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    font["head"].glyphDataFormat = 0
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000  # TrueType's maxp; the glyph counts are recomputed on save
    for key, value in (
        ("maxZones", 1),
        ("maxTwilightPoints", 0),
        ("maxStorage", 0),
        ("maxFunctionDefs", 0),
        ("maxInstructionDefs", 0),
        ("maxStackElements", 0),
        ("maxSizeOfInstructions", 0),
        ("maxComponentElements", 0),
        ("maxComponentDepth", 0),
    ):
        setattr(maxp, key, value)
    post = font["post"]
    if post.formatType == 3.0:  # no glyph names: TrueType readers want them
        post.formatType = 2.0
        post.extraNames = []
        post.mapping = {}
        post.glyphOrder = order
    font.sfntVersion = "\x00\x01\x00\x00"
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


# ---------------------------------------------------------------- loaded fonts


class Loaded:
    """One face as ReportLab parsed it (once per process: the same parse measures and
    embeds it), with its metrics and the widths of the strings it has measured (text
    fitting measures the same words again for every size it tries and every face that
    shows them)."""

    def __init__(self, face: FontFace) -> None:
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFont

        if face.pdf_name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(face.pdf_name, probe.named(face.static(), face.path)))
        self.pdf_name = face.pdf_name
        self.ttf: Any = pdfmetrics.getFont(face.pdf_name)
        parsed = self.ttf.face
        self.widths: dict[int, float] = dict(parsed.charWidths)
        self.default = float(parsed.defaultWidth)
        self.ascent = float(parsed.ascent) / 1000.0  # fractions of the font size
        self.descent = float(parsed.descent) / 1000.0
        self.coverage: frozenset[str] = frozenset(
            chr(c) for c in parsed.charToGlyph if 0 <= c <= 0x10FFFF
        )
        self.measured: dict[tuple[str, float], float] = {}
        self.face = face
        self.shapes: Any = (
            None  # (glyph set, character map, units per em), read by `outline` when first asked
        )


Outline = tuple[tuple[Any, ...], ...]  # ("M", x, y) ("L", x, y) ("C", x1, y1, x2, y2, x, y) ("Z",)


def outline(text: str, name: str, size: float, x: float = 0.0, y: float = 0.0) -> Outline:
    """The glyph outlines of `text` in the face `name` at `size` points, its baseline
    starting at (x, y), y pointing down (as in a face): what an icon, drawn in one colour
    from shapes alone, makes of text. Glyphs advance by the widths text is measured with
    (`string_width`); a character the font lacks draws its .notdef glyph."""
    from fontTools.pens.basePen import BasePen
    from fontTools.ttLib import TTFont as OpenType

    font = loaded(name)
    if font.shapes is None:
        parsed = OpenType(io.BytesIO(font.face.static()), lazy=True)
        font.shapes = (
            parsed.getGlyphSet(),
            parsed.getBestCmap() or {},
            float(parsed["head"].unitsPerEm),
        )
    glyphs, cmap, em = font.shapes
    out: list[tuple[Any, ...]] = []
    scale = size / em
    origin = [x]

    def at(p: tuple[float, float]) -> tuple[float, float]:
        return origin[0] + p[0] * scale, y - p[1] * scale

    class Pen(BasePen):  # type: ignore[misc]
        def _moveTo(self, p: tuple[float, float]) -> None:
            out.append(("M", *at(p)))

        def _lineTo(self, p: tuple[float, float]) -> None:
            out.append(("L", *at(p)))

        def _curveToOne(
            self, p1: tuple[float, float], p2: tuple[float, float], p3: tuple[float, float]
        ) -> None:
            out.append(("C", *at(p1), *at(p2), *at(p3)))

        def _closePath(self) -> None:
            out.append(("Z",))

    pen = Pen(glyphs)
    for ch in text:
        glyph = cmap.get(ord(ch), ".notdef")
        if glyph in glyphs and not ch.isspace():
            glyphs[glyph].draw(pen)
        origin[0] += 0.001 * size * font.widths.get(ord(ch), font.default)
    return tuple(out)


@cache
def loaded(name: str) -> Loaded:
    """The face `name`, parsed and registered with ReportLab once per process."""
    return Loaded(FACES[name])


def register(name: str) -> str:
    """Register the face with ReportLab (once) and return its PDF font name. ReportLab
    embeds TrueType fonts as subsets holding only the glyphs used."""
    return loaded(name).pdf_name


def project_key() -> str:
    """What decides the project fonts FACES holds now (their files' names and stamps): a
    drawing that sets text keeps under it (`layout.art.svgart`)."""
    return _CURRENT[0]


def _forget() -> None:
    """Forget the fonts loaded so far (another project's fonts of the same names)."""
    loaded.cache_clear()


def pdf_font(name: str) -> Any:
    """The registered ReportLab TrueType font of a face (for drawing its glyphs)."""
    return loaded(name).ttf


# strings a font remembers the width of: a face's fitting measures its words again at each
# size it tries, and faces repeat words; about 270 bytes a string, so a game of 50,000
# distinct cards held some 26 MB a font at 100,000 (issue 43, `mem5`)
MEASURED_MAX = 10_000


def string_width(text: str, name: str, size: float) -> float:
    """The advance width of `text` in points, from the real font's metrics (summed as
    ReportLab's `stringWidth` sums); text with right-to-left letters as HarfBuzz shapes
    it (`shaped_width`), as it is drawn."""
    font = loaded(name)
    key = (text, size)
    w = font.measured.get(key)
    if w is None:
        g, dw = font.widths.get, font.default
        if not text.isascii() and has_rtl(text):
            w = size * shaped_width(text, name)
        else:
            w = 0.001 * size * sum(g(ord(u), dw) for u in text)
        if len(font.measured) >= MEASURED_MAX:
            font.measured.clear()
        font.measured[key] = w
    return w


def shaped_width(text: str, name: str) -> float:
    """The advance of `text` at size 1 as HarfBuzz shapes it in the face `name` (joining
    forms, ligatures, kerning), through ReportLab's own shaping (`shapeStr`), which draws it."""
    from reportlab.pdfbase.ttfonts import ShapedStr, shapeStr

    shaped = shapeStr(text, register(name), 1000.0)
    if isinstance(shaped, ShapedStr):  # advances in thousandths of an em
        return float(sum(d.x_advance for d in shaped.__shapeData__)) / 1000.0
    g, dw = loaded(name).widths.get, loaded(name).default
    return 0.001 * sum(g(ord(u), dw) for u in text)


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
    """Characters of `text` the font cannot draw (whitespace, controls and default-
    ignorable characters, which a font lacking them draws as nothing, left out), in the
    order they first appear."""
    cover = coverage(name)
    if cover.issuperset(text):  # the usual case, checked without a Python loop
        return []
    lacking = set(text) - cover  # often only a line break or a space: looked at once each
    return [
        ch
        for ch in dict.fromkeys(text)  # each character once, in the order it first appears
        if ch in lacking and not (ch.isspace() or ord(ch) < 32 or ignorable(ch))
    ]
