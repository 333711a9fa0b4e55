"""The rulebook as an EPUB 3 e-book (`output/<game>/<game>-rulebook.epub`), from the same
markup as the web page (`books.xhtml`), valid under epubcheck.

    mimetype                      first, stored (not compressed), as the format requires
    EPUB/fonts/*.ttf              the fonts the text is set in (the same bytes every build:
                                  this head of the zip is kept in the cache, `_font_head`)
    META-INF/container.xml        where the package document is
    EPUB/package.opf              metadata (title, language, identifier, creator), the
                                  manifest and the reading order
    EPUB/nav.xhtml                the navigation document: every heading, nested
    EPUB/rules.xhtml              the rulebook: cover, contents, text (one chapter)
    EPUB/style.css                the web page's style sheet, the book font embedded
    EPUB/faces/<id>.svg           each face the book shows, trimmed (no bleed)
    EPUB/fonts/OFL.txt …          the fonts' licences

The bytes depend on the content alone: every entry has the same timestamp and
permissions, in a fixed order; the identifier is a UUID made from the game's id and
version; `dcterms:modified` (required) is a fixed date, as nothing in a game dates it.
"""

from __future__ import annotations

import io
import uuid
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from itertools import chain
from typing import Any, BinaryIO

from ..catalog.load import Catalog
from ..catalog.schema import Component
from ..catalog.wording import CONTENTS, book_word
from ..core.cache import Cache, code_key, digest, key_of
from ..core.files import read_bytes
from ..core.issues import Issue
from ..fonts import FACES, FONT_DIR
from ..layout.faces import Faces
from ..layout.text.continued import later_parts
from ..render.svg import BOOK_FONT_URL, BOOK_KIND, book_key, svg_bytes
from . import fonts
from .content import LANGUAGE, Chunk, Thumbs, book_meta
from .direction import Marks, language_dir
from .xhtml import CONTENTS_ID, Body, Entry, Said, Writer, esc, nested, page, style_sheet

# zlib's own default: level 9 took about 17 ms more CPU for each e-book (the fonts,
# deflated again each build) for under 1 KB less in an e-book of about 1 MB
COMPRESS_LEVEL = 6
# The font files (media type font/...): the same bytes in every build, about 1.6 MB for the
# four of a book, so deflating them was most of the zip's time. At level 1 they take
# about 0.024 s rather than 0.053 s, and 874,536 bytes rather than 819,497.
FONT_COMPRESS_LEVEL = 1
MODIFIED = "2000-01-01T00:00:00Z"  # the EPUB's required modification date: fixed (see above)
_STAMP = (1980, 1, 1, 0, 0, 0)  # every zip entry's time: the earliest a zip can say
_NAMESPACE = uuid.UUID("6f0f1c2e-3b1d-5d7a-9e43-2a8c4d1b7e50")  # cardstock's rulebooks


@dataclass(frozen=True, slots=True)
class Item:
    """A file of the package: its path under EPUB/, media type, bytes (or what makes them
    when the file is written into the package: a face's SVG is made then, deflated and
    dropped, so the book never holds every face's SVG at once), properties."""

    href: str
    media: str
    data: bytes | Callable[[], bytes]
    properties: str = ""

    def content(self) -> bytes:
        return _bytes(self.data)


def _bytes(data: bytes | Callable[[], bytes]) -> bytes:
    return data if isinstance(data, bytes) else data()


def _entry(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, _STAMP)
    info.create_system = 3  # unix, whatever the machine
    info.external_attr = 0o100644 << 16
    return info


def _zip_to(
    out: BinaryIO, items: list[Item], container: bytes, package: bytes, cache: Cache | None = None
) -> None:
    """Write the EPUB to the empty, seekable file `out`: the zip of the mimetype (first and
    stored) and the font files (`_font_head`, from the cache when a build made it before),
    then every other file appended to it deflated, each made as it is written
    (`Item.content`)."""
    fonts_in = [i for i in items if _is_font(i)]
    out.write(_font_head(fonts_in, cache))
    with zipfile.ZipFile(out, "a") as z:
        heads = [
            ("META-INF/container.xml", container, COMPRESS_LEVEL),
            ("EPUB/package.opf", package, COMPRESS_LEVEL),
        ]
        # each item named under EPUB/ as it is written, not copied first: one a face
        rest = ((f"EPUB/{i.href}", i.data, COMPRESS_LEVEL) for i in items if not _is_font(i))
        for href, data, level in chain(heads, rest):
            info = _entry(href)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, _bytes(data), compresslevel=level)


def _is_font(item: Item) -> bool:
    return item.media.startswith("font/")


def _font_head(fonts_in: list[Item], cache: Cache | None) -> bytes:
    """A zip of the mimetype (stored) and the font files (deflated at FONT_COMPRESS_LEVEL),
    which the rest of the e-book is appended to. The fonts are the same bytes in every
    build, so this zip is kept in the cache (kind "epub-fonts") under the fonts' names and
    bytes and cardstock's code: a build after an edit does not deflate them again."""
    key = key_of(code_key(), *(f"{i.href}\t{i.media}\t{digest(i.content())}" for i in fonts_in))
    kept = cache.get("epub-fonts", key) if cache is not None else None
    if kept is not None:
        return kept
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        first = _entry("mimetype")
        first.compress_type = zipfile.ZIP_STORED
        z.writestr(first, b"application/epub+zip")
        for item in fonts_in:
            info = _entry(f"EPUB/{item.href}")
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, item.content(), compresslevel=FONT_COMPRESS_LEVEL)
    head = buf.getvalue()
    if cache is not None:
        cache.put("epub-fonts", key, head)
    return head


CONTAINER = (
    b'<?xml version="1.0" encoding="UTF-8"?>\n'
    b'<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">\n'
    b"  <rootfiles>\n"
    b'    <rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>\n'
    b"  </rootfiles>\n</container>\n"
)


# cardstock's own words of the e-book's accessibility summary (`cardstock/locale/cardstock.pot`)
SUMMARY = (
    "The rules of {title} in one chapter, in reading order, with a table of contents and "
    "a heading over each section."
)
SUMMARY_TABLES = "Each table names its columns and rows in header cells."
SUMMARY_FACES = (
    "Each picture of a component is described in words: the words its face prints, or its name."
)
SUMMARY_ICONS = "Each icon in the text is named by its label."
SUMMARY_HAZARDS = "Nothing in it flashes, moves or makes a sound."


@dataclass(frozen=True)
class Access:
    """What an e-book holds that its accessibility metadata (EPUB Accessibility 1.1, the
    schema.org properties) declares: pictures of faces, icons, tables, headings."""

    faces: bool
    icons: bool
    tables: bool
    headings: bool

    @staticmethod
    def of(body: Body) -> Access:
        text = body.cover + body.main
        return Access(
            bool(body.faces), 'class="icon"' in text, "<table" in text, bool(body.entries)
        )

    def metadata(self, catalog: Catalog) -> str:
        """The `<meta>` elements of the package's metadata: how the book can be perceived
        (`accessMode`: text, and pictures when it has any; every picture has words, so text
        alone suffices), what it offers (`accessibilityFeature`), its hazards (none: no
        sound, motion or flashing) and a summary of all that in the book's language. No
        conformance to a standard is claimed: no one has evaluated the book against it."""
        visual = self.faces or self.icons
        modes = ["textual"] + (["visual"] if visual else [])
        sufficient = ["textual"] + (["textual,visual"] if visual else [])
        features = ["tableOfContents", "readingOrder", "displayTransformability"]
        features += ["structuralNavigation"] if self.headings else []
        features += ["alternativeText"] if visual else []
        words = [book_word(catalog, SUMMARY, title=catalog.game.title)]
        words += [book_word(catalog, SUMMARY_TABLES)] if self.tables else []
        words += [book_word(catalog, SUMMARY_FACES)] if self.faces else []
        words += [book_word(catalog, SUMMARY_ICONS)] if self.icons else []
        words.append(book_word(catalog, SUMMARY_HAZARDS))
        rows = [("schema:accessMode", m) for m in modes]
        rows += [("schema:accessModeSufficient", m) for m in sufficient]
        rows += [("schema:accessibilityFeature", f) for f in features]
        rows += [("schema:accessibilityHazard", "none")]
        rows += [("schema:accessibilitySummary", " ".join(words))]
        return "".join(f'    <meta property="{p}">{esc(v)}</meta>\n' for p, v in rows)


def _package(catalog: Catalog, items: list[Item], access: Access) -> bytes:
    """The package document: metadata, manifest, spine."""
    meta = book_meta(catalog)
    g = catalog.game
    ident = uuid.uuid5(_NAMESPACE, f"{g.id}\0{g.version}")
    creators = "".join(f"    <dc:creator>{esc(c)}</dc:creator>\n" for c in g.credits)
    manifest = "".join(
        f'    <item id="i{n}" href="{esc(i.href)}" media-type="{i.media}"'
        + (f' properties="{i.properties}"' if i.properties else "")
        + "/>\n"
        for n, i in enumerate(items)
    )
    spine = "".join(
        f'    <itemref idref="i{n}"/>\n'
        for n, i in enumerate(items)
        if i.media == "application/xhtml+xml" and i.href != "nav.xhtml"
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<package xmlns="http://www.idpf.org/2007/opf" version="3.0" '
        f'unique-identifier="book-id" xml:lang="{meta["lang"]}">\n'
        '  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">\n'
        f'    <dc:identifier id="book-id">urn:uuid:{ident}</dc:identifier>\n'
        f"    <dc:title>{esc(meta['title'])}</dc:title>\n"
        f"    <dc:language>{meta['lang']}</dc:language>\n"
        f"{creators}"
        f"    <dc:description>{esc(meta['subject'])}</dc:description>\n"
        f'    <meta property="dcterms:modified">{MODIFIED}</meta>\n'
        f"{access.metadata(catalog)}"
        "  </metadata>\n"
        f"  <manifest>\n{manifest}  </manifest>\n"
        f"  <spine{_progression(meta['lang'])}>\n{spine}  </spine>\n"
        "</package>\n"
    ).encode()


def _progression(lang: str) -> str:
    """The spine's page order: right to left for a book in such a language."""
    return ' page-progression-direction="rtl"' if language_dir(lang) == "rtl" else ""


def _said(catalog: Catalog) -> tuple[str, str, str]:
    """The rulebook's language, its word for "Contents" and its title."""
    meta = book_meta(catalog)
    return meta["lang"], book_word(catalog, CONTENTS), meta["title"]


def _nav(
    entries: list[Entry],
    lang: str = LANGUAGE,
    heading: str = "Contents",
    title: str = "",
    contents: bool = False,
) -> bytes:
    """The navigation document: every heading of the rulebook, nested by level, and the
    landmarks a reading system offers to go to (hidden: it lists them itself): the
    chapter's contents page (`contents`: the chapter has one) and the start of its text,
    named by its first heading (by the book's `title` when it has none)."""
    toc = nested([(e.level, f'<a href="rules.xhtml#{e.id}">{esc(e.title)}</a>') for e in entries])
    marks = []
    if contents:
        marks.append(f'<a epub:type="toc" href="rules.xhtml#{CONTENTS_ID}">{esc(heading)}</a>')
    first = entries[0] if entries else None
    start = f"rules.xhtml#{first.id}" if first is not None else "rules.xhtml"
    said = first.title if first is not None else title
    marks.append(f'<a epub:type="bodymatter" href="{start}">{esc(said)}</a>')
    landmarks = "".join(f"<li>{m}</li>" for m in marks)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n'
        '<html xmlns="http://www.w3.org/1999/xhtml" '
        f'xmlns:epub="http://www.idpf.org/2007/ops"{Marks(lang).document()}>\n'
        f'<head><meta charset="utf-8" /><title>{esc(heading)}</title></head>\n<body>\n'
        f'<nav epub:type="toc" id="toc" role="doc-toc"><h1>{esc(heading)}</h1>{toc}</nav>\n'
        f'<nav epub:type="landmarks" id="landmarks" hidden="hidden"><ol>{landmarks}</ol></nav>\n'
        "</body>\n</html>\n"
    ).encode()


class Drawn:
    """The faces an EPUB shows, each trimmed as the PDF shows it, laid out when the text
    first names it (`src`); a face that cannot be drawn has no file. Each face's SVG is
    made when the book's zip takes it in; a game too big to keep its drawings in memory
    reads each drawing back then (`Thumbs`), so the book holds no face's drawing."""

    def __init__(self, faces: Faces) -> None:
        self.faces = faces
        self.findings: list[Issue] = []
        self.made: dict[str, Any] = {}
        self.fonts: set[str] = set()  # the fonts the faces' texts are set in
        self.thumbs = Thumbs(faces, self.fonts)

    def src(self, c: Component) -> str | None:
        if c.id not in self.made:
            self.made[c.id] = self.thumbs.of(c, self.findings)
        return None if self.made[c.id] is None else f"faces/{c.id}.svg"

    def items(self) -> list[Item]:
        """Each face's SVG, and the font files they name (with their licence)."""
        items: list[Item] = []
        nums: dict[float, str] = {}  # the faces' printed numbers, shared (they repeat)
        for cid, face in self.made.items():
            if face is None:
                continue
            data = partial(_svg_of, self.thumbs, face, nums)
            items.append(Item(f"faces/{cid}.svg", "image/svg+xml", data))
        for name in sorted(self.fonts, key=lambda n: (FACES[n].file, n)):
            f = FACES[name]
            if not any(i.href == f"fonts/{f.file}" for i in items):
                items.append(Item(f"fonts/{f.file}", _font_media(f.file), f.read()))
        return items


def _svg_of(thumbs: Thumbs, face: Any, nums: dict[float, str]) -> bytes:
    """A face's SVG for the book, its drawing read when it is written (`Thumbs.drawing`).
    Kept in the cache (kind "epub-svg") under the face's content key and cardstock's code
    key, so a new process after an edit makes again only the SVGs of the faces it changed;
    a `--watch` process also keeps it in memory from one build to the next
    (`KeptFaces.made`)."""
    kept = thumbs.faces.kept

    def make() -> bytes:
        cache = thumbs.faces.cache
        key = book_key(face)
        data = cache.get(BOOK_KIND, key)
        if data is None:
            data = svg_bytes(thumbs.drawing(face), font_url=BOOK_FONT_URL, nums=nums)
            cache.put(BOOK_KIND, key, data)
        return data

    return make() if kept is None else kept.made(f"epub-svg\0{face.key}", make)


def _font_media(file: str) -> str:
    return "font/otf" if file.lower().endswith(".otf") else "font/ttf"


def text_fonts(family: str) -> tuple[str, list[Item]]:
    """The @font-face rules and files of the text's family (the reading font, or
    Liberation Sans)."""
    if family == fonts.LIBERATION:
        files = [
            ("normal", "normal", FACES["sans"].file),
            ("bold", "normal", FACES["sans-bold"].file),
        ]
        files.append(("normal", "italic", FACES["sans-italic"].file))
        css = "Liberation Sans"
    else:
        css, *names = fonts.reading_files(family)
        files = list(zip(("normal", "bold", "normal"), ("normal", "normal", "italic"), names))
    rules = "".join(
        f'@font-face {{ font-family: "{css}"; font-weight: {w}; font-style: {s}; '
        f'src: url("fonts/{file}"); }}\n'
        for w, s, file in files
    )
    items = [
        Item(f"fonts/{file}", "font/ttf", read_bytes(FONT_DIR / file, None)) for _, _, file in files
    ]
    return rules, items


def rulebook_epub(
    catalog: Catalog,
    chunks: list[Chunk],
    faces: Faces,
    accent: str,
    family: str | None = None,
    said: Said | None = None,
) -> tuple[Callable[[BinaryIO], None], list[Issue]]:
    """What writes the EPUB of a rulebook's chunks to an empty, seekable file (the book is
    streamed into it, never held whole: `core.output.streamed`), and what could not be
    drawn (its faces are left out, their words in a box in their place). `said`: the
    faces' words as the web page's writer found them (`xhtml.Writer`), read, not worked
    out again."""
    family = family or fonts.LIBERATION
    drawn = Drawn(faces)
    parts = later_parts(faces)  # a continued card's parts, shown after it
    writer = Writer(catalog, faces.library, drawn.src, drawn.thumbs.drawn, parts, said)
    body: Body = writer.body(chunks)
    css_font = fonts.register(family).css
    rules, font_items = text_fonts(family)
    chapter = '<?xml version="1.0" encoding="UTF-8"?>\n' + page(
        catalog, body, accent, css_font, "style.css"
    )
    items = [
        Item(
            "nav.xhtml",
            "application/xhtml+xml",
            _nav(body.entries, *_said(catalog), CONTENTS_ID in body.main),
            "nav",
        ),
        Item(
            "rules.xhtml",
            "application/xhtml+xml",
            chapter.encode("utf-8"),
            "svg" if "<svg" in chapter else "",
        ),
        Item("style.css", "text/css", (rules + style_sheet(accent, css_font)).encode("utf-8")),
        *drawn.items(),
    ]
    seen = {i.href for i in items}
    items += [i for i in font_items if i.href not in seen]
    licences = ["OFL.txt"] + ([fonts.licence(family)] if family != fonts.LIBERATION else [])
    items += [
        Item(f"fonts/{name}", "text/plain", read_bytes(FONT_DIR / name, None)) for name in licences
    ]
    package = _package(catalog, items, Access.of(body))
    return partial(
        _zip_to, items=items, container=CONTAINER, package=package, cache=faces.cache
    ), drawn.findings
