"""Rulebooks: `layouts/<game>/rulebook.md.j2` → block markup → Platypus story → PDFs.

The template is Jinja2 (sandboxed, see `cardstock.catalog.context` for its names). Beside the
block markup it may place generated parts with these helpers, each on a line of its own:

    {{ cover('id', 'id', …) }}   faces shown on the cover (the cover is always page 1)
    {{ contents() }}             the table of contents, on its own page
    {{ component_list() }}       every group with its count and a thumbnail of each face
    {{ faces('id', 'id', …) }}   a row of faces in the text (e.g. beside a card type)
    {{ page_break() }}           start a new page

Outputs (the pipeline stage `rulebook`):

    output/<game>/<game>-rulebook.pdf                  reading order, half-letter (A5 when
                                                       only A4 paper is asked for)
    output/<game>/<game>-rulebook-booklet-<paper>.pdf  saddle-stitched: the reading PDF's
                                                       pages two-up on each paper's sheets
                                                       (half-letter pages on A4 at 97.3 %)

The story is laid out once; the booklets impose the reading PDF's own pages. The result
is remembered on the catalog object, so the rules check's rulebook lint and the rulebook
stage of the same build lay it out only once between them. Across builds a rulebook is
kept by what it read (`cardstock.books.bookcache`): the template is rendered again, and
when its text, the rows' outline and every face it drew are unchanged, neither the check
nor the stage lays it out again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterator, Mapping, Optional, Union

from reportlab.platypus import Flowable, NextPageTemplate, PageBreak, Paragraph, Spacer
from reportlab.platypus.doctemplate import LayoutError

from ..core import markup
from ..core.issues import Issue
from ..catalog.load import Catalog
from ..core.output import Artifact, artifact
from ..core.stage import BuildOptions, StageResult
from . import art, bookcache
from .document import BookDoc, Built, booklets_of, build, contents
from .recall import BOOK_FOR_PAPER, BookSize, reading_size, rulebook_context, wanted
from ..catalog.ruletext import no_rulebook, render_file, rulebook_template
from .story import Builder, Styles, accent_color

_DIRECTIVE = re.compile(r"^::([a-z-]+)(?:\s+(.*))?$")
DIRECTIVES = ("cover", "contents", "components", "faces", "page-break")


@dataclass(frozen=True)
class Directive:
    name: str
    args: tuple[str, ...]


Chunk = Union[str, Directive]


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
    p = catalog.game.players
    if p.min == p.max:
        return f"For {p.min} player{'s' if p.min != 1 else ''}"
    return f"For {p.min} to {p.max} players"


class Story:
    """Makes the flowables of one rulebook (fresh each time: Platypus consumes them)."""

    def __init__(self, catalog: Catalog, chunks: list[Chunk], styles: Styles, where: str, faces: Optional[dict[str, Any]] = None):
        self.catalog, self.chunks, self.styles, self.where = catalog, chunks, styles, where
        self.faces = faces  # component id -> laid-out face (None: cached on the catalog)
        self.issues: list[Issue] = []
        self.by_id = {c.id: c for c in catalog.components}

    def _cover_ids(self) -> list[str]:
        for ch in self.chunks:
            if isinstance(ch, Directive) and ch.name == "cover":
                return list(ch.args)
        # default: the first face of up to four card sets
        seen, ids = set(), []
        for c in self.catalog.components:
            if c.set not in seen and c.kind in ("card", "tile"):
                seen.add(c.set)
                ids.append(c.id)
        return ids[:4]

    def cover(self, width: float, height: float) -> list[Flowable]:
        """Page 1: title, the game's one-line description, a row of faces, player count."""
        g, st = self.catalog.game, self.styles
        ids = [i for i in self._cover_ids() if i in self.by_id][:5]
        top: list[Flowable] = [Paragraph(_esc(g.title), st.title)]
        if g.description:
            top.append(Paragraph(_esc(g.description), st.subtitle))
        middle: list[Flowable] = []
        if ids:
            thumb = min(width / (len(ids) + 0.35), 1.45 * 72)
            middle.append(art.face_row(self.catalog, [self.by_id[i] for i in ids], st, width, self.issues, thumb * 0.9, captions=False, cache=self.faces))
        bottom: list[Flowable] = [Paragraph(f"<b>{players_line(self.catalog)}</b>", st.center)]
        bottom.append(Paragraph(f"Rules \u00b7 version {_esc(g.version)}", st.center))
        for credit in g.credits:
            bottom.append(Paragraph(_esc(credit), st.center))
        used = sum(f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in top + middle + bottom)
        free = max(0.0, height - used - 4)
        return [Spacer(1, free * 0.22), *top, Spacer(1, free * 0.2), *middle, Spacer(1, free * 0.22), *bottom]

    def __call__(self, doc: BookDoc) -> list[Flowable]:
        width, height = doc.frame_size
        b = Builder(self.styles, width, height, set(self.catalog.game.icons), self.where)
        story: list[Flowable] = self.cover(width, height)
        story += [NextPageTemplate("body"), PageBreak()]
        for ch in self.chunks:
            if isinstance(ch, str):
                story += b.blocks(markup.parse(ch))
            elif ch.name == "contents":
                story += [Paragraph("Contents", self.styles.h1), contents(self.styles), PageBreak()]
            elif ch.name == "components":
                story += art.component_list(self.catalog, self.styles, width, self.issues, self.faces)
            elif ch.name == "faces":
                comps = [self.by_id[i] for i in ch.args if i in self.by_id]
                if comps:
                    story += [art.face_row(self.catalog, comps, self.styles, width, self.issues, min(width / (len(comps) + 0.5), 0.8 * 72), cache=self.faces), Spacer(1, 6)]
            elif ch.name == "page-break":
                story.append(PageBreak())
        self.issues += b.issues
        return story


def _esc(text: str) -> str:
    from xml.sax.saxutils import escape

    return escape(text)


class Booklets(Mapping[str, Built]):
    """The booklets of a reading PDF by paper, imposed when first asked for: the rules
    check reads a rendering's findings only, and a stage in another process lays the book
    out again, so the check's rendering imposes nothing it would not use."""

    def __init__(self, reading: Built, sizes: dict[str, BookSize], meta: dict[str, str]) -> None:
        self._inputs: Optional[tuple[Built, dict[str, BookSize], dict[str, str]]] = (reading, sizes, meta)
        self._made: dict[str, Built] = {}

    def _all(self) -> dict[str, Built]:
        if self._inputs is not None:
            STATS.imposed += 1
            self._made = booklets_of(*self._inputs)
            self._inputs = None
        return self._made

    def only(self, papers: set[str]) -> "Booklets":
        """These papers' booklets (imposed with the others, when first asked for)."""
        part = Booklets.__new__(Booklets)
        part._inputs, part._made = None, {}
        if self._inputs is not None:
            reading, sizes, meta = self._inputs
            part._inputs = (reading, {p: s for p, s in sizes.items() if p in papers}, meta)
        else:
            part._made = {p: b for p, b in self._made.items() if p in papers}
        return part

    def __getitem__(self, paper: str) -> Built:
        return self._all()[paper]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


@dataclass
class Rendered:
    reading: Optional[Built]
    booklets: Mapping[str, Built]
    issues: list[Issue]
    size: BookSize
    key: Optional[str] = None  # its entry's key (bookcache) when the build keeps one
    drew: tuple[str, ...] = ()  # the components whose faces it drew
    kept: Optional[bookcache.Kept] = None  # an earlier build's rendering, not laid out now


def render_rulebook(catalog: Catalog, papers: tuple[str, ...] = ("letter", "a4"), booklets: bool = True, faces: bool = True) -> Rendered:
    """Render the reading PDF and the booklets in memory; template and layout problems
    come back as Issues (and then no PDF). `faces=False` draws outlines instead of the
    component faces (the same layout, much faster). Remembered per catalog object."""
    memo: dict[tuple[Any, ...], Rendered] = catalog.__dict__.setdefault("_rulebook_renders", {})
    key = (tuple(papers), booklets, faces)
    if key not in memo:
        # a render for more papers (the rules check renders every paper the game prints
        # on) holds this one: the same reading PDF when the reading size is the same
        wanted = set(_wanted(papers))
        for (had, b, f), r in memo.items():
            if (b, f) == (booklets, faces) and wanted <= set(_wanted(had)) and _reading_size(_wanted(had)) == _reading_size(_wanted(papers)):
                part = r.booklets.only(wanted) if isinstance(r.booklets, Booklets) else {p: built for p, built in r.booklets.items() if p in wanted}
                return Rendered(r.reading, part, r.issues, r.size, r.key, r.drew, r.kept)
        memo[key] = _render(catalog, tuple(papers), booklets, faces)
    return memo[key]


def _laid_out(catalog: Catalog, papers: tuple[str, ...]) -> Rendered:
    """The rulebook laid out now, whatever an earlier build kept (for a stage whose kept
    files are gone); it replaces the remembered rendering."""
    r = _render(catalog, papers, True, True, recall=False)
    catalog.__dict__.setdefault("_rulebook_renders", {})[(tuple(papers), True, True)] = r
    return r


def _wanted(papers: tuple[str, ...]) -> list[str]:
    return wanted(papers)


def _reading_size(papers: list[str]) -> BookSize:
    return reading_size(papers)


@dataclass
class RenderStats:
    """Rulebooks laid out by this process (for tests and the bench to count)."""

    renders: int = 0
    imposed: int = 0  # times a rendering's booklets were imposed (all its papers at once)


STATS = RenderStats()


def _render(catalog: Catalog, papers: tuple[str, ...], booklets: bool, faces: bool, recall: bool = True) -> Rendered:
    path = rulebook_template(catalog)
    where = catalog.display(path)
    wanted = _wanted(papers)
    size = _reading_size(wanted)
    if not path.is_file():  # a game may not have its rulebook written yet: say so, build the rest
        return Rendered(None, {}, [no_rulebook(catalog)], size)
    text, issues = render_file(catalog, path, rulebook_context(catalog), "rulebook")
    if text is None:
        return Rendered(None, {}, issues, size)
    # kept across builds only as the stage writes it: with its faces and its booklets
    key = bookcache.book_key(catalog, "rulebook", text, size.name) if faces and booklets and bookcache.folder() else None
    g = catalog.game
    meta = {"title": f"{g.title} \u2014 Rules", "author": ", ".join(g.credits), "subject": g.description or "", "keywords": f"{g.id} rulebook {g.version}"}
    if key is not None and recall:
        kept = bookcache.recall(catalog, "rulebook", key)
        if kept is not None:
            return Rendered(None, {}, list(kept.findings), size, key, (), kept)
        # the rules check laid it out in another process of this build: its reading PDF
        laid = bookcache.taken_over(catalog, key)
        if laid is not None:
            data, pages, found, drew = laid
            handed = Built(data, pages)
            return Rendered(handed, Booklets(handed, {paper: BOOK_FOR_PAPER[paper] for paper in wanted}, meta), found, size, key, drew)
    STATS.renders += 1
    chunks = split(text)
    styles = Styles(accent_color(catalog.game))
    painter = art.IconPainter(catalog, styles)
    findings: list[Issue] = []
    # faces laid out once per catalog object (art.laid_out), each one drawn recorded
    seen = bookcache.Seen(catalog.__dict__.setdefault("_books_faces", {}))
    cache: dict[str, Any] = seen if faces else art.Outlines()

    def run(sz: BookSize) -> Optional[Built]:
        story = Story(catalog, chunks, styles, where, cache)
        try:
            built = build(story, sz, styles, g.title, g.title, painter, meta)
        except LayoutError as exc:
            findings.append(Issue(where, None, "rulebook", f"a part of the rulebook can never fit on a {sz.name} page: {exc}"))
            return None
        for issue in story.issues:
            if issue not in findings:
                findings.append(issue)
        return built

    # Laid out once: the reading PDF, whose pages are imposed for every booklet.
    reading = run(size)
    out: Mapping[str, Built] = {}
    if reading is not None and booklets:  # imposed when first asked for (`Booklets`)
        out = Booklets(reading, {paper: BOOK_FOR_PAPER[paper] for paper in wanted}, meta)
    if key is not None and reading is not None:  # in a check: for its stage, wherever it runs
        bookcache.hand_over(catalog, key, seen.ids, findings, reading.data, reading.pages)
    return Rendered(reading, out, findings, size, key, tuple(seen.ids))


def prepare() -> None:
    """What the stage makes ready only when it writes (`pipeline.prepare`): the booklets'
    imposition and the PDF reader under it are imported, the book's fonts registered
    (parsed) with ReportLab."""
    from . import booklet  # noqa: F401
    from .fonts import register

    register()


def _kept_files(r: Rendered, catalog: Catalog, options: BuildOptions) -> Optional[list[Artifact]]:
    """The files an earlier build wrote for this rulebook, when they are the ones this
    build asks for (the same reading size, a booklet for every paper) and intact."""
    if r.kept is None:
        return None
    files = r.kept.files(options.out)
    wanted = {p for p in _wanted(tuple(options.papers))}
    if files is None or {a.paper for a in files if a.kind == "booklet"} != wanted:
        return None
    return files


def build_rulebook(catalog: Catalog, options: BuildOptions) -> StageResult:
    """The `rulebook` stage: write the reading PDF and one booklet per paper asked for
    (or, when an earlier build's rendering is kept and its files are intact, keep them)."""
    r = render_rulebook(catalog, tuple(options.papers))
    if r.kept is not None:
        files = _kept_files(r, catalog, options)
        if files is not None:
            return StageResult(artifacts=files, findings=list(r.issues))
        r = _laid_out(catalog, tuple(options.papers))
    result = StageResult(findings=list(r.issues))
    if r.reading is None:
        return result
    folder = options.out / catalog.id
    arts: list[Artifact] = [artifact(catalog.id, "rulebook", folder / f"{catalog.id}-rulebook.pdf", r.reading.data, paper=r.size.name, pages=r.reading.pages)]
    for paper, b in r.booklets.items():
        arts.append(artifact(catalog.id, "booklet", folder / f"{catalog.id}-rulebook-booklet-{paper}.pdf", b.data, paper=paper, pages=b.sheets_sides))
    result.artifacts.extend(arts)
    if r.key is not None:
        bookcache.remember(catalog, "rulebook", r.key, r.drew, r.issues, arts, options.out)
    return result
