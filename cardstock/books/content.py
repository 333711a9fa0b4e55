"""What a book is made of, before any typesetting: the book page sizes, the rulebook
template's context and text, the faces a book shows as thumbnails, the quick reference's
sides. Nothing here imports ReportLab's Platypus."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from jinja2.exceptions import UndefinedError

from ..catalog.context import template_context
from ..catalog.load import Catalog
from ..catalog.ruletext import render_file, rulebook_template
from ..catalog.schema import Component
from ..catalog.wording import RULES_TITLE, book_word, printed_group
from ..catalog.wording import players_line as said_players
from ..core.issues import Issue
from ..core.units import parse_size
from ..layout.ops import Text
from . import refs
from .cardwords import face_words

if TYPE_CHECKING:
    from ..layout.faces import Faces


@dataclass(frozen=True)
class BookSize:
    """A book page size and the sheet two of its pages are imposed on."""

    name: str  # "half-letter" | "a5"
    sheet_paper: str  # "letter" | "a4"

    @property
    def page(self) -> tuple[float, float]:
        return parse_size(self.name)

    @property
    def sheet(self) -> tuple[float, float]:
        w, h = parse_size(self.sheet_paper)
        return h, w  # landscape


BOOK_FOR_PAPER = {"letter": BookSize("half-letter", "letter"), "a4": BookSize("a5", "a4")}


def wanted(papers: tuple[str, ...]) -> list[str]:
    """The papers a rulebook is imposed for (letter when none of them takes a booklet)."""
    return [p for p in papers if p in BOOK_FOR_PAPER] or ["letter"]


def reading_size(papers: list[str]) -> BookSize:
    """The reading PDF's page: half-letter when letter is asked for, else the first's."""
    return BOOK_FOR_PAPER["letter"] if "letter" in papers else BOOK_FOR_PAPER[papers[0]]


# A large-print edition is set on whole sheets of the paper asked for (no booklet), every
# size grown in proportion so the smallest running text, a table's cells, is 14 pt, and no
# text at all below that (`Styles.least`): the text is laid out anew at that size, not
# the half-letter pages enlarged.
LARGE_PRINT_FOR_PAPER = {"letter": BookSize("letter", "letter"), "a4": BookSize("a4", "a4")}
LARGE_PRINT_LEAST = 14.0
LARGE_PRINT_SCALE = LARGE_PRINT_LEAST / 8.0  # the table cells' 8 pt becomes 14 pt


@dataclass(frozen=True)
class Edition:
    """How a rulebook is set: its page, in large print or not, in the book family or a
    reading font (`books.fonts.READING_FONTS`), and with each face of its component list
    beside the words it prints (`words`) or not, its text in one column or two
    (`columns`, `books.columns`)."""

    size: BookSize
    large_print: bool = False
    font: str | None = None
    words: bool = False
    columns: int = 1

    def key(self) -> tuple[str, ...]:
        """What the edition adds to a typeset book's cache key (the page size alone for
        the standard edition)."""
        parts = [self.size.name]
        if self.large_print:
            parts.append("large-print")
        if self.font:
            parts.append(f"font={self.font}")
        if self.words:
            parts.append("card-words")
        if self.columns != 1:
            parts.append(f"columns={self.columns}")
        return tuple(parts)


def large_print_size(papers: list[str]) -> BookSize:
    """The large-print edition's page: Letter when letter is asked for, else the first's."""
    return LARGE_PRINT_FOR_PAPER["letter" if "letter" in papers else papers[0]]


def reading_edition(catalog: Catalog, papers: list[str], font: str | None = None) -> Edition:
    """The reading PDF's edition as the game's `[rulebook] columns` asks: two columns on a
    whole page (Letter when letter is asked for, else the first paper's), or one column
    on the booklet's own page (`reading_size`)."""
    if catalog.game.rulebook.columns == 2:
        return Edition(large_print_size(papers), font=font, columns=2)
    return Edition(reading_size(papers), font=font)


def rulebook_context(catalog: Catalog) -> dict[str, Any]:
    """`template_context` plus the helpers that place generated parts of a rulebook
    (each writes a directive line that `cardstock.books.rulebook.split` reads)."""
    ctx = template_context(catalog)
    component = ctx["component"]

    def _line(name: str, ids: tuple[str, ...] = ()) -> str:
        for i in ids:
            component(i)  # raises UndefinedError for an unknown id
        return "\n::" + name + (" " + " ".join(ids) if ids else "") + "\n"

    def cover(*ids: str) -> str:
        return _line("cover", ids)

    def faces(*ids: str) -> str:
        if not ids:
            raise UndefinedError("faces() needs at least one component id")
        return _line("faces", ids)

    words = ctx["see"]  # the heading's words, checked

    def see(title: str) -> str:
        """A reference to the rulebook's heading `title`: its words and its page
        (`books.refs`)."""
        return refs.token(words(title))

    def beside(*ids: str) -> str:
        if not ids:
            raise UndefinedError("beside() needs at least one component id")
        return _line("beside", ids)

    ctx.update(
        see=see,
        cover=cover,
        faces=faces,
        contents=lambda: _line("contents"),
        component_list=lambda: _line("components"),
        page_break=lambda: _line("page-break"),
        index=lambda: _line("index"),
        glossary=lambda: _line("glossary"),
        setup_picture=lambda: _line("setup-picture"),
        beside=beside,
    )
    return ctx


def face_size(component: Component) -> tuple[float, float]:
    try:
        return parse_size(component.size)
    except Exception:  # noqa: BLE001 - sizes are validated on load; be safe in books
        return (180.0, 252.0)


def laid_out(faces: Faces, component: Component, findings: list[Issue]) -> Any:
    """The component's front as a book shows it: the face the sheets and SVGs use, with
    its bleed cut away; None when it cannot be laid out or has errors (the rules check
    reports those)."""
    face = None
    try:
        face = faces.face(faces.records.of(component), "front")
    except Exception as exc:  # noqa: BLE001 - a face that cannot be laid out still gets a box
        findings.append(
            Issue(
                component.file,
                component.line,
                "thumbnail",
                f"the face of {component.id!r} could not be drawn for the rulebook "
                f"({type(exc).__name__}: {exc}); an outline stands in",
                "warning",
            )
        )
        face = None
    if face is not None and (not face.ops or any(i.level == "error" for i in face.findings)):
        face = None
    if face is not None and face.bleed:
        face = face.trimmed()
    return face


class Thumbs:
    """The faces a book shows, each as a thumbnail face (its trim only), made once per
    book from the game's faces. A game too big to keep its drawings in memory
    (`Faces.retain`) is shown by outlines: a thumbnail's drawing is read back when it is
    drawn (`drawing`) and not kept, so a gallery of every card holds no card's drawing."""

    def __init__(self, faces: Faces, fonts: set[str] | None = None) -> None:
        self.faces = faces
        self.fonts = fonts  # when given, the fonts of every face's texts are added to it
        self._made: dict[str, Any] = {}
        self._whole: dict[str, Any] = {}  # thumbnail key -> the face's outline, with its bleed

    def of(self, component: Component, findings: list[Issue]) -> Any:
        if component.id not in self._made:
            thumb = laid_out(self.faces, component, findings)
            if thumb is not None and self.fonts is not None:
                self.fonts |= {op.font for op in thumb.walk() if isinstance(op, Text)}
            if thumb is not None and not self.faces.retain:
                whole = self.faces.outline(self.faces.records.of(component), "front")
                if whole is not None and not whole.ops:
                    self._whole[thumb.key] = whole
                    thumb = dataclasses.replace(thumb, ops=(), notes=())
            self._made[component.id] = thumb
        return self._made[component.id]

    def drawn(self, component: Component) -> Any:
        """The component's thumbnail with its drawing (None: it cannot be drawn; what
        laying it out found is the book's to report, through `of`)."""
        thumb = self.of(component, [])
        return None if thumb is None else self.drawing(thumb)

    def words(
        self, catalog: Catalog, component: Component, caption: str = "", label: str | None = None
    ) -> str:
        """The words of the component's picture (`cardwords.face_words`, `caption` and
        `label` as it takes them), worked out once for the game's faces (`Faces.words`):
        the typeset book, its web page and its e-book share them."""
        key = (component.id, caption, label)
        said = self.faces.words.get(key)
        if said is None:
            face = self.drawn(component)
            said = self.faces.words[key] = face_words(catalog, component, face, caption, label)
        return said

    def drawing(self, thumb: Any) -> Any:
        """The thumbnail `of` gave, with its drawing."""
        whole = self._whole.get(thumb.key)
        if whole is None:
            return thumb
        full = self.faces.full(whole)
        return dataclasses.replace(full, key=thumb.key, bleed=thumb.bleed)


@dataclass(frozen=True)
class Gallery:
    """One group of the component list: its name and what it holds (`count` copies of
    `kind`), and its faces, each captioned with its own name or with `labels` (a set
    split into one-face groups is shown as one gallery, each face named by its group)."""

    name: str
    kind: str
    count: int
    faces: tuple[Component, ...]
    labels: tuple[str, ...] | None = None


def galleries(
    catalog: Catalog, parts: Mapping[str, tuple[Component, ...]] | None = None
) -> list[Gallery]:
    """The component list's galleries: every group of the catalog in order, with its count;
    a run of two or more one-face groups of one set becomes one gallery named by the set.
    `parts`: each continued card's later parts (`layout.text.continued.later_parts`), shown
    after it and counted with it, as one card."""
    found = _galleries(catalog)
    if not parts:
        return found
    out = []
    for g in found:
        labels = g.labels or (None,) * len(g.faces)
        shown = [(p, label) for c, label in zip(g.faces, labels) for p in (c, *parts.get(c.id, ()))]
        faces = tuple(p for p, _ in shown)
        said = tuple(label or p.name for p, label in shown) if g.labels else None
        out.append(dataclasses.replace(g, faces=faces, labels=said))
    return out


def _galleries(catalog: Catalog) -> list[Gallery]:
    groups: list[tuple[str, list[Component]]] = []
    for c in catalog.components:
        if not groups or groups[-1][0] != c.group or groups[-1][1][0].set != c.set:
            groups.append((c.group, []))
        groups[-1][1].append(c)
    out: list[Gallery] = []
    i = 0
    while i < len(groups):
        group, comps = groups[i]
        same = [g for g in groups[i:] if g[1][0].set == comps[0].set]
        run = []
        for g in same:
            if len(g[1]) != 1:
                break
            run.append(g)
        if len(run) >= 2:
            s = catalog.set(comps[0].set)
            faces = tuple(g[1][0] for g in run)
            count = sum(c.count for c in faces)
            labels = tuple(printed_group(catalog, g[1][0]) for g in run)
            out.append(Gallery(s.name, s.kind, count, faces, labels))
            i += len(run)
            continue
        name = printed_group(catalog, comps[0])
        out.append(Gallery(name, comps[0].kind, sum(c.count for c in comps), tuple(comps)))
        i += 1
    return out


def rulebook_text(catalog: Catalog) -> tuple[str | None, list[Issue]]:
    """The rulebook template rendered (None and the problems when it cannot be)."""
    path = rulebook_template(catalog)
    return render_file(catalog, path, rulebook_context(catalog), "rulebook")


# The language the rulebook templates are written in (the games' data names none; the
# captions' hyphenation assumes English too): the PDF's /Lang, the HTML's `lang`, the
# EPUB's dc:language.
LANGUAGE = "en"

_DIRECTIVE = re.compile(r"^::([a-z-]+)(?:\s+(.*))?$")
DIRECTIVES = (
    "cover",
    "contents",
    "components",
    "faces",
    "page-break",
    "index",
    "glossary",
    "setup-picture",
    "beside",
)


@dataclass(frozen=True)
class Directive:
    """A generated part of a rulebook (`rulebook_context`'s helpers write them)."""

    name: str
    args: tuple[str, ...]


Chunk = str | Directive


def split(text: str) -> list[Chunk]:
    """Rendered template text → markup chunks and directives, in order."""
    chunks: list[Chunk] = []
    buf: list[str] = []
    for line in text.splitlines():
        m = _DIRECTIVE.match(line.strip())
        if m and m.group(1) in DIRECTIVES:
            if buf:
                chunks.append("\n".join(buf))
                buf = []
            chunks.append(Directive(m.group(1), tuple((m.group(2) or "").split())))
        else:
            buf.append(line)
    if buf:
        chunks.append("\n".join(buf))
    return chunks


def players_line(catalog: Catalog) -> str:
    """ "For 2 to 4 players", in the catalog's language."""
    return said_players(catalog)


def cover_ids(catalog: Catalog, chunks: list[Chunk]) -> list[str]:
    """The faces the cover shows: those its `cover()` names, else (no `cover()`, or one that
    names none) the first face of up to four card or tile sets; at most five, unknown ids
    left out."""
    known = {c.id for c in catalog.components}
    ids: list[str] = []
    for ch in chunks:
        if isinstance(ch, Directive) and ch.name == "cover":
            ids = list(ch.args)
            break
    if not ids:
        seen: set[str] = set()
        ids = []
        for c in catalog.components:
            if c.set not in seen and c.kind in ("card", "tile"):
                seen.add(c.set)
                ids.append(c.id)
        ids = ids[:4]
    return [i for i in ids if i in known][:5]


def book_meta(catalog: Catalog) -> dict[str, str]:
    """What every edition of the rulebook says of itself (PDF info, EPUB metadata)."""
    g = catalog.game
    return {
        "title": book_word(catalog, RULES_TITLE, title=g.title),
        "author": ", ".join(g.credits),
        "subject": g.description or "",
        "keywords": f"{g.id} rulebook {g.version}",
        "lang": catalog.lang or g.language,  # LANGUAGE unless the game says otherwise
    }


SIDES = ("front", "reverse")


@dataclass(frozen=True)
class Side:
    component: Component
    side: str  # "front" | "reverse"
    name: str  # the template name


def sides(catalog: Catalog) -> list[Side]:
    """Every (reference component, side, template name) the catalog asks for."""
    out: list[Side] = []
    for c in catalog.components:
        if c.kind != "reference":
            continue
        for side in SIDES:
            name = c.fields.get(side)
            if isinstance(name, str) and name.strip():
                out.append(Side(c, side, name.strip()))
    return out


__all__ = [
    "Gallery",
    "galleries",
    "Edition",
    "LARGE_PRINT_FOR_PAPER",
    "LARGE_PRINT_LEAST",
    "LARGE_PRINT_SCALE",
    "large_print_size",
    "LANGUAGE",
    "Chunk",
    "Directive",
    "split",
    "players_line",
    "cover_ids",
    "book_meta",
    "SIDES",
    "Side",
    "sides",
    "BookSize",
    "BOOK_FOR_PAPER",
    "wanted",
    "reading_size",
    "rulebook_context",
    "face_size",
    "laid_out",
    "rulebook_text",
]
