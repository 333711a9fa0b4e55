"""Rulebooks: `layouts/<game>/rulebook.md.j2` → block markup → Platypus story → PDFs.

The template is Jinja2 (sandboxed, see `cardstock.catalog.context` for its names). Beside the
block markup it may place generated parts with these helpers, each on a line of its own:

    {{ cover('id', 'id', …) }}   faces shown on the cover (the cover is always page 1)
    {{ contents() }}             the table of contents, on its own page
    {{ component_list() }}       every group with its count and a thumbnail of each face
    {{ faces('id', 'id', …) }}   a row of faces in the text (e.g. beside a card type)
    {{ page_break() }}           start a new page, when the page is filled enough
    {{ glossary() }}             the game's defined terms, each with its meaning
    {{ index() }}                the game's terms with the pages that explain them
    {{ setup_picture() }}        the piles the declared setup leaves, with their counts
    {{ beside('id', …) }}        the next block (an example's step) set beside these cards

Outputs (the pipeline stage `rulebook`):

    output/<game>/<game>-rulebook.pdf                  reading order, half-letter (A5 when
                                                       only A4 paper is asked for)
    output/<game>/<game>-rulebook-booklet-<paper>.pdf  saddle-stitched: the reading PDF's
                                                       pages two-up on each paper's sheets
                                                       (half-letter pages on A4 at 97.3 %)

The story is laid out once; the booklets impose the reading PDF's own pages. A typeset
rulebook is kept in the cache (`cardstock.core.cache`, kind "book") under a key of what it
read: its rendered text, the reading page size, the game's other inputs but its tables
(the game file with its colours and icons, fonts, layouts), what it reads of the rules file
(the terms its glossary and index list, the setup its picture shows), what the component
list says of each component, the drawing of every face of the game and the code. So the rules
check, which lays the book out to find what does not fit, and the rulebook stage of the
same build (often in another process) lay it out once between them, and a later build
whose edit the book does not show lays it out not at all.

What the check finds is kept apart (kind "book-findings"), under a key of what can change
it: the text, the page size, the game's files other than its tables, each component's
words and its face's outline, not the face's drawing. After an edit that
changes only what a face draws, the check reads its findings back and the book is laid out
once, by the rulebook stage, which can run beside the build's other stages.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, NextPageTemplate, PageBreak, Spacer
from reportlab.platypus.doctemplate import LayoutError

from ..catalog.load import Catalog
from ..catalog.ruletext import no_rulebook, render_file, rulebook_template
from ..catalog.schema import Component
from ..catalog.wording import CONTENTS, VERSION, book_word
from ..core import markup
from ..core.cache import code_key, key_of_each
from ..core.files import Unreadable, present, read_bytes, read_text
from ..core.issues import Issue
from ..core.output import Artifact, artifact, remove_stale, streamed
from ..core.stage import Job, StageResult
from ..fonts import FONT_DIR
from ..layout.text.continued import later_parts
from ..rules.setup.simulator import reads
from . import art, fonts, index, refs, setup_piles
from .bounds import bound_problems
from .breaks import FilledBreak
from .columns import columned, every
from .content import (
    BOOK_FOR_PAPER,
    LARGE_PRINT_LEAST,
    LARGE_PRINT_SCALE,
    BookSize,
    Chunk,
    Edition,
    Thumbs,
    book_meta,
    cover_ids,
    large_print_size,
    players_line,
    reading_edition,
    reading_size,
    rulebook_context,
    split,
    wanted,
)
from .document import BookDoc, Built, booklets_of, build, contents
from .examples import beside
from .keep import held
from .marks import tagged
from .quickref import reference_sheets
from .scripts import icon_resolver, paragraph
from .setup_picture import setup_figure
from .story import HEADINGS, Builder, Styles, accent_color, escape
from .terms import game_terms

COLUMN_GAP = 0.25 * 72  # between the two columns of a page set in two (points)


class Story:
    """Makes the flowables of one rulebook (fresh each time: Platypus consumes them)."""

    def __init__(
        self,
        catalog: Catalog,
        chunks: list[Chunk],
        styles: Styles,
        where: str,
        faces: Thumbs,
        words: bool = False,
    ):
        self.catalog, self.chunks, self.styles, self.where = catalog, chunks, styles, where
        self.faces = faces  # the thumbnails of the game's faces
        self.words = words  # each face of the component list beside the words it prints
        self.issues: list[Issue] = []
        self.by_id = {c.id: c for c in catalog.components}

    def cover(self, width: float, height: float) -> list[Flowable]:
        """Page 1: title, the game's one-line description, a row of faces, player count."""
        g, st = self.catalog.game, self.styles
        ids = cover_ids(self.catalog, self.chunks)
        top: list[Flowable] = [tagged(self._line(g.title, st.title), "H1")]
        if g.description:
            top.append(tagged(self._line(g.description, st.subtitle), "P"))
        middle: list[Flowable] = []
        if ids:
            thumb = min(width / (len(ids) + 0.35), 1.45 * 72)
            middle.append(
                art.face_row(
                    self.catalog,
                    [self.by_id[i] for i in ids],
                    st,
                    width,
                    self.issues,
                    thumb * 0.9,
                    captions=False,
                    thumbs=self.faces,
                )
            )
        players = players_line(self.catalog)
        family = self.styles.f.family
        bottom = [
            tagged(paragraph(f"**{players}**", st.center, family, f"<b>{_esc(players)}</b>"), "P")
        ]
        version = book_word(self.catalog, VERSION, version=g.version)
        bottom.append(tagged(self._line(version, st.center), "P"))
        for credit in g.credits:
            bottom.append(tagged(self._line(credit, st.center), "P"))
        used = sum(
            f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter()
            for f in top + middle + bottom
        )
        free = max(0.0, height - used - 4)
        return [
            Spacer(1, free * 0.22),
            *top,
            Spacer(1, free * 0.2),
            *middle,
            Spacer(1, free * 0.22),
            *bottom,
        ]

    def _line(self, text: str, style: ParagraphStyle) -> Flowable:
        """A text of the game's (its title, a credit) as a paragraph: laid out as a face's
        text is when its script needs it (`books.scripts`)."""
        return paragraph(text, style, self.styles.f.family, _esc(text))

    def _check_refs(self, story: list[Flowable]) -> None:
        """A finding for each `see()` of the template that names no heading of `story`."""
        headings = [f.toc_title for f in every(story) if isinstance(f, HEADINGS)]
        for title in refs.unknown("".join(c for c in self.chunks if isinstance(c, str)), headings):
            self.issues.append(
                Issue(
                    self.where,
                    None,
                    "see",
                    f"see({title!r}) names no heading of the rulebook; its headings are: "
                    + ", ".join(repr(h) for h in dict.fromkeys(headings)),
                )
            )

    def __call__(self, doc: BookDoc) -> list[Flowable]:
        width, height = doc.frame_size
        b = Builder(self.styles, width, height, set(self.catalog.game.icons), self.where)
        b.icon_refs = icon_resolver(self.catalog.game, self.faces.faces.library)
        b.heading_shift = 1  # the cover's title is the book's one `H1`
        b.words = self.catalog.tool_words
        places = index.places_of(self.catalog)
        story: list[Flowable] = self.cover(width, height)
        story += [NextPageTemplate("body"), PageBreak()]
        start = len(story)
        shown: list[Component] = []  # the cards `beside()` named, for the next block
        for ch in self.chunks:
            if isinstance(ch, str):
                blocks = markup.parse(ch)
                if shown and blocks:
                    first = b.blocks(blocks[:1])
                    story += beside(
                        self.catalog, shown, first, self.styles, width, self.issues, self.faces
                    )
                    blocks = blocks[1:]
                shown = []
                story += index.noted(b.blocks(blocks), places)
            elif ch.name == "beside":
                shown = [self.by_id[i] for i in ch.args if i in self.by_id]
            elif ch.name == "contents":
                heading = tagged(
                    self._line(book_word(self.catalog, CONTENTS), self.styles.h1), "H2"
                )
                story += [heading, contents(self.styles), PageBreak()]
            elif ch.name == "components":
                story += art.component_list(
                    self.catalog, self.styles, width, self.issues, self.faces, height, self.words
                )
            elif ch.name == "faces":
                comps = [self.by_id[i] for i in ch.args if i in self.by_id]
                if comps:
                    story += [
                        art.face_row(
                            self.catalog,
                            comps,
                            self.styles,
                            width,
                            self.issues,
                            min(width / (len(comps) + 0.5), 0.8 * 72),
                            thumbs=self.faces,
                        ),
                        Spacer(1, 6),
                    ]
            elif ch.name == "page-break":
                story.append(FilledBreak(height))
            elif ch.name == "index":
                story += index.index(self.catalog, b, places, self.styles)
            elif ch.name == "glossary":
                story += index.glossary(self.catalog, b, places, self.styles)
            elif ch.name == "setup-picture":
                picture = setup_piles.setup_picture(self.catalog)
                story += setup_figure(picture, self.styles, width, self.styles.accent)
        self.issues += b.issues
        self._check_refs(story)
        if doc.columns == 2:
            story[start:] = columned(story[start:], COLUMN_GAP * self.styles.scale)
        else:
            story[start:] = held(story[start:])
        return story


def _esc(text: str) -> str:
    return escape(text)


@dataclass
class Rendered:
    """A rulebook laid out (or read back from the cache): its reading PDF (None when the
    template cannot be rendered or the book cannot be laid out), its findings and page
    size."""

    reading: Built | None
    issues: list[Issue]
    size: BookSize


def rulebook_findings(job: Job, papers: tuple[str, ...] = ("letter", "a4")) -> list[Issue]:
    """What laying the rulebook out finds (the rules check reports it), without laying it
    out when a build found it before from the same inputs of its layout (`_layout_inputs`).
    A finding depends on what fits where, not on what a face draws: an edit that changes
    only a face's drawing keeps the findings, and leaves the layout to the rulebook stage,
    which may run beside the other stages. When the job prints no book (`Job.prints_book`:
    a check alone, a build without the rulebook stage), the book is laid out for its
    findings and not drawn."""
    text, issues, size = _text(job, papers)
    if text is None:
        return issues
    parts = ("rulebook-findings", code_key(), text, size.name)
    key = key_of_each(itertools.chain(parts, _layout_inputs(job)))
    if not job.prints_book:  # a check alone, or a build that prints no rulebook
        return job.cache.findings(
            "book-findings", key, lambda: _typeset(job, text, Edition(size), True).issues
        )
    return job.cache.findings(
        "book-findings", key, lambda: _laid_out(job, text, Edition(size)).issues
    )


def _layout_inputs(job: Job) -> Iterator[str]:
    """What the rulebook's layout reads besides its text: everything of the game but its tables
    (the game file, the sets, icons and fonts, the layouts: `Faces.common_key`), the
    rules' terms and setup (`_rules_read`), and of each component what the cover and the
    component list show in words (its set, kind, group, count and name) and the room its
    thumbnail takes (the face's size, and whether it can be drawn at all: an outline
    stands in for a face that cannot). Not what a face draws. A game too big to keep its
    drawings in memory gives each face's whole content key instead. A part a component,
    each made as the key is hashed (`key_of_each`)."""
    yield job.faces.common_key()[0]
    yield _rules_read(job.catalog)
    for comp, side, face in job.faces.outlines():
        if side != "front":
            continue
        words = f"{comp.id}\t{comp.set}\t{comp.kind}\t{comp.group}\t{comp.count}\t{comp.name}"
        if not job.faces.retain:
            yield f"{words}\t{face.key}"
            continue
        drawable = bool(face.ops) and not any(i.level == "error" for i in face.findings)
        yield f"{words}\t{face.width!r} {face.height!r} {face.bleed!r} {drawable}"


def _rules_read(catalog: Catalog) -> str:
    """What the layout reads of the rules file, which the faces' common key leaves out: the
    game's terms (the glossary and the index, `terms` facts among them) and the setup with
    what its steps read of the catalog (the setup picture)."""
    setup = getattr(catalog.rules, "setup", None)
    read: Any = None
    if setup is not None:
        read = reads(catalog.components, setup)
    terms = [repr(t) for t in game_terms(catalog)]
    return json.dumps([terms, repr(setup), read], sort_keys=True, default=str)


def _text(job: Job, papers: tuple[str, ...]) -> tuple[str | None, list[Issue], BookSize]:
    """The rulebook template rendered, its problems, and the reading size `papers` ask for.
    Rendered once a build (`Job.texts`): the rules check and the rulebook stage read the
    same text. A text over a bound of what typesetting may be asked
    (`bounds.bound_problems`) is None, its problems at the template's lines: nothing of it
    is typeset."""
    if "rulebook" not in job.texts:
        catalog = job.catalog
        path = rulebook_template(catalog)
        if not present(path):  # a game may not have its rulebook written yet: say so
            job.texts["rulebook"] = (None, [no_rulebook(catalog)])
        else:
            text, found = render_file(catalog, path, rulebook_context(catalog), "rulebook")
            if text is not None:  # what typesetting it would ask, bounded before it is typeset
                found = bound_problems(text, catalog.display(path), lambda: _source(job))
            job.texts["rulebook"] = (None, found) if found else (text, found)
    text, issues = job.texts["rulebook"]
    return text, list(issues), reading_size(wanted(papers))


def _source(job: Job) -> str | None:
    """The rulebook template's text, to find a line of it in (None: it cannot be read)."""
    try:
        return read_text(rulebook_template(job.catalog), job.catalog.root)
    except Unreadable:
        return None


def render_rulebook(
    job: Job,
    papers: tuple[str, ...] = ("letter", "a4"),
    large_print: bool = False,
    font: str | None = None,
    card_words: bool = False,
    columns: int = 1,
) -> Rendered:
    """The game's rulebook laid out for the booklet's page `papers` ask for (with
    `large_print`, the large-print edition's page, its component list with each face's
    words when `card_words`; with `columns=2`, the whole page in two columns, as the game's
    `[rulebook] columns` asks of its reading PDF: `reading_edition`), set in the book family
    or the reading font `font`; template and layout problems come back as Issues (and then
    no PDF). Read from the cache when a build laid out the same book before."""
    text, issues, size = _text(job, papers)
    if large_print or columns == 2:
        size = large_print_size(wanted(papers))
    if text is None:
        return Rendered(None, issues, size)
    return _laid_out(job, text, Edition(size, large_print, font, card_words, columns))


def edition_styles(catalog: Catalog, edition: Edition) -> Styles:
    """The styles an edition is set in."""
    faces = fonts.register(edition.font)
    if edition.large_print:
        return Styles(
            accent_color(catalog.game), scale=LARGE_PRINT_SCALE, f=faces, least=LARGE_PRINT_LEAST
        )
    return Styles(accent_color(catalog.game), f=faces)


def _laid_out(job: Job, text: str, edition: Edition) -> Rendered:
    """The rulebook of the rendered template `text` laid out as `edition` says (see
    `render_rulebook`)."""
    # each face's content key, from its outline: above `RETAIN_MAX` no drawing is read back
    faces = (f.key for _, side, f in job.faces.outlines() if side == "front")
    parts = ("rulebook", code_key(), text, *edition.key())
    key = key_of_each(itertools.chain(parts, _layout_inputs(job), faces))
    kept = _kept(job, key, edition.size)
    if kept is not None:
        return kept
    rendered = _typeset(job, text, edition)
    job.cache.put("book", key, _entry(rendered))
    return rendered


def _typeset(job: Job, text: str, edition: Edition, layout_only: bool = False) -> Rendered:
    """The rulebook of `text` typeset as `edition` says; with `layout_only`, laid out for
    its findings alone (no PDF: `document.build`), as a check with no build behind it
    needs."""
    catalog, size = job.catalog, edition.size
    where = catalog.display(rulebook_template(catalog))
    STATS.renders += 1
    chunks = split(text)
    styles = edition_styles(catalog, edition)
    painter = art.IconPainter(catalog, styles, job.faces.library)
    findings: list[Issue] = []
    thumbs = Thumbs(job.faces)
    g = catalog.game
    story = Story(catalog, chunks, styles, where, thumbs, edition.words)
    try:
        reading: Built | None = build(
            story,
            size,
            styles,
            g.title,
            g.title,
            painter,
            book_meta(catalog),
            edition.columns,
            catalog.tool_words,
            layout_only,
        )
    except LayoutError as exc:
        findings.append(
            Issue(
                where,
                None,
                "rulebook",
                f"a part of the rulebook can never fit on a {size.name} page: {exc}",
            )
        )
        reading = None
    findings = list(
        dict.fromkeys([*findings, *story.issues])
    )  # each once, in order: linear in their number
    return Rendered(None if layout_only else reading, findings, size)


def _entry(rendered: Rendered) -> bytes:
    """A laid-out book as the cache keeps it: a line of JSON (its pages, its findings and
    the lengths of its two PDFs), then the reading PDF's bytes and the bytes ReportLab
    drew, as they are. The PDFs grow with a game's cards: kept as bytes, not as text in the
    JSON, the entry is made with one copy of them rather than several (base64, JSON)."""
    reading = rendered.reading
    pdf = reading.data if reading is not None else b""
    drawn = reading.imposed if reading is not None else b""
    head = {
        "pages": reading.pages if reading is not None else None,
        "pdf": len(pdf),
        "drawn": len(drawn),
        "findings": [i.data() for i in rendered.issues],
    }
    return b"".join([json.dumps(head).encode(), b"\n", pdf, drawn])


def _kept(job: Job, key: str, size: BookSize) -> Rendered | None:
    """The book `_entry` kept under `key`, or None (none kept, or not as `_entry` makes it)."""
    data = job.cache.get("book", key)
    if data is None:
        return None
    end = data.find(b"\n")
    try:
        head = json.loads(data[:end]) if end >= 0 else None
        if not isinstance(head, dict):
            return None
        pages, pdf, drawn = head["pages"], int(head["pdf"]), int(head["drawn"])
        if end + 1 + pdf + drawn != len(data):
            return None
        findings = [Issue.from_data(i) for i in head["findings"]]
    except (KeyError, TypeError, ValueError):
        return None
    reading = None
    if pages is not None:
        at = end + 1 + pdf
        reading = Built(data[end + 1 : at], int(pages), drawn=data[at:])
    return Rendered(reading, findings, size)


@dataclass
class RenderStats:
    """Rulebooks laid out by this process (for tests to count)."""

    renders: int = 0


STATS = RenderStats()


def build_rulebook(job: Job) -> StageResult:
    """The `rulebook` stage: write the reading PDF, one booklet per paper asked for, the web
    page and the EPUB, and with `--large-print` the large-print edition. The booklets impose
    the reading PDF's pages when it is set in one column, else a layout of their own in one
    column on the booklet's page (`[rulebook] columns`)."""
    catalog, options = job.catalog, job.build
    papers = tuple(options.papers)
    columns = reading_edition(catalog, wanted(papers)).columns
    r = render_rulebook(job, papers, font=options.reading_font, columns=columns)
    result = StageResult(findings=list(r.issues))
    if r.reading is None:
        return result
    folder = options.out / catalog.id
    pages = r if columns == 1 else render_rulebook(job, papers, font=options.reading_font)
    result.findings = list(dict.fromkeys([*result.findings, *pages.issues]))
    result.artifacts += _pdfs(job, r, pages)
    if options.large_print:
        large = render_rulebook(job, papers, True, options.reading_font, options.card_words)
        result.findings = list(dict.fromkeys([*result.findings, *large.issues]))
        if large.reading is not None:
            result.artifacts.append(
                artifact(
                    catalog.id,
                    "rulebook-large-print",
                    folder / f"{catalog.id}-rulebook-large-print.pdf",
                    large.reading.data,
                    paper=large.size.name,
                    pages=large.reading.pages,
                )
            )
    del r  # its PDF is written: not held while the readers are made
    text, _, _ = _text(job, papers)  # the template rendered once a build (`job.texts`)
    assert text is not None  # it was laid out above
    result.artifacts += _readers(job, text)
    result.artifacts += _reference_edition(job)
    _remove_editions_not_asked(folder, {a.path.name for a in result.artifacts})
    return result


def _remove_editions_not_asked(folder: Path, written: set[str]) -> None:
    """Remove the editions an earlier build was asked for and this one is not (the
    large-print PDFs, the quick references to read, the web page's reading font)."""
    editions = (
        "*-rulebook-large-print.pdf",
        "*-quickref-large-print.pdf",
        "*-quickref-reading.pdf",
    )
    remove_stale(folder, written, editions)
    remove_stale(folder / "rules" / "fonts", written, ("*.ttf", "*.txt"))


def _reference_edition(job: Job) -> list[Artifact]:
    """With `--large-print` or `--reading-font`, the quick references as pages to read
    (`quickref.reference_sheets`): in large print on whole sheets, or in the reading font
    on the rulebook's pages."""
    catalog, options = job.catalog, job.build
    if not (options.large_print or options.reading_font):
        return []
    papers = wanted(tuple(options.papers))
    if options.large_print:
        edition = Edition(large_print_size(papers), True, options.reading_font)
        kind = "quickref-large-print"
    else:
        edition = Edition(reading_size(papers), False, options.reading_font)
        kind = "quickref-reading"
    styles = edition_styles(catalog, edition)
    painter = art.IconPainter(catalog, styles, job.faces.library)
    made = reference_sheets(catalog, styles, edition.size, painter)
    if made is None:
        return []
    path = options.out / catalog.id / f"{catalog.id}-{kind}.pdf"
    return [artifact(catalog.id, kind, path, made.data, paper=edition.size.name, pages=made.pages)]


def _pdfs(job: Job, r: Rendered, pages: Rendered) -> list[Artifact]:
    """The reading PDF `r` and the booklets of the book `pages` (`r` itself when it is set
    in one column on the booklet's page)."""
    catalog, options = job.catalog, job.build
    assert r.reading is not None
    folder = options.out / catalog.id
    arts: list[Artifact] = [
        artifact(
            catalog.id,
            "rulebook",
            folder / f"{catalog.id}-rulebook.pdf",
            r.reading.data,
            paper=r.size.name,
            pages=r.reading.pages,
        )
    ]
    if pages.reading is None:
        return arts
    books = booklets_of(
        pages.reading,
        {paper: BOOK_FOR_PAPER[paper] for paper in wanted(tuple(options.papers))},
        book_meta(catalog),
        options.duplex,
        catalog.tool_words,
    )
    for paper, b in books.items():
        arts.append(
            artifact(
                catalog.id,
                "booklet",
                folder / f"{catalog.id}-rulebook-booklet-{paper}.pdf",
                b.data,
                paper=paper,
                pages=b.sheets_sides,
            )
        )
    return arts


def _readers(job: Job, text: str) -> list[Artifact]:
    """The rulebook for screens and e-readers, from the same text: the web page
    (`rules/index.html`, its faces the svg stage's files) and the EPUB."""
    # Imported here, not at the top: the rules check lays the book out through this module,
    # and a build that asks for no rulebook then loads no reader or SVG writing code.
    from .epub import rulebook_epub, text_fonts
    from .xhtml import Said, Writer, page

    catalog, options = job.catalog, job.build
    folder = options.out / catalog.id
    chunks = split(text)
    accent = accent_color(catalog.game)
    family = fonts.register(options.reading_font)
    thumbs = Thumbs(job.faces)  # the faces whose words their pictures carry
    parts = later_parts(job.faces)  # a continued card's parts, shown after it
    src = lambda c: f"../svg/{c.id}.svg"  # noqa: E731 - where the svg stage writes each face
    said: Said = job.faces.words  # each face's words, once for the books and the e-book
    body = Writer(catalog, job.faces.library, src, thumbs.drawn, parts, said).body(chunks)
    del thumbs
    arts: list[Artifact] = []
    rules = ""
    if options.reading_font:  # the page carries the reading font (rules/fonts/), its licence
        rules, files = text_fonts(options.reading_font)
        for f in files:
            arts.append(
                artifact(catalog.id, "rulebook-font", folder / "rules" / f.href, f.content())
            )
        licence = read_bytes(FONT_DIR / fonts.licence(options.reading_font), None)
        path = folder / "rules" / "fonts" / "OFL.txt"
        arts.append(artifact(catalog.id, "rulebook-font", path, licence))
    web = page(catalog, body, accent, family.css, None, rules)
    del body  # the page is written before the EPUB is made: the two are not held at once
    html = artifact(catalog.id, "rulebook-html", folder / "rules" / "index.html", web.encode())
    del web
    epub, _ = rulebook_epub(catalog, chunks, job.faces, accent, options.reading_font, said)
    return [
        html,
        streamed(catalog.id, "rulebook-epub", folder / f"{catalog.id}-rulebook.epub", epub),
        *arts,
    ]
