"""The reading PDFs of the shipped games (each language edition) set as published rulebooks
are, read back from the PDFs a default build writes (`default_build`): running text in two
columns, a chapter's text balanced at its end, pages filled (the large-print editions' too),
no paragraph cut leaving one line alone, a long table's header repeated where it goes on.
Positions come from PDFium's page objects and the parts of each paragraph from the
structure tree (tests/helpers_pages.py)."""

from __future__ import annotations

import contextlib
import functools
import io
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import ROOT
from helpers_pages import (
    Line,
    Page,
    baselines,
    booklet_pages,
    elements,
    lowest_drawn,
    pages,
    parts_by_place,
)
from reportlab.lib.units import inch

from cardstock.books.document import margins
from cardstock.books.rulebook import COLUMN_GAP
from cardstock.cli import main

RUNNING = {"P", "LBody", "H3", "H4"}  # running text, set in a column
BALANCED = 4 * 12.4  # points between the feet of a chapter's last two columns: four lines
LEAST_FILL = 0.6  # of the text block, on any page but the last and one before a chapter
# before a chapter, a page ends short only where the chapter's first block did not fit
# below its text, never nearly empty as a break placed by hand for another page size left it
BEFORE_A_CHAPTER = 0.45
# a gallery of the component list is headed "Henchmen — 36 cards"; it begins on a page only
# with room for its heading and its first rows (`books.grid.KeepGallery`), so a page above
# one that opens with a gallery's heading may end as short as one before a chapter
GALLERY = re.compile(r" \u2014 \d")


# a book's pages are read once for every test that reads them (the books are shared builds,
# read only)
_read = functools.cache(pages)


def _editions(out: Path) -> list[Path]:
    made = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["artifacts"]
    return [out / a["path"] for a in made if a["kind"] == "rulebook"]


@pytest.fixture(scope="module")
def books(default_build: Path) -> dict[str, tuple[Path, list[Page]]]:
    """Each edition's reading PDF (English and the translations) and its pages' text."""
    found = {p.stem: (p, _read(p)) for p in _editions(default_build)}
    assert len(found) >= 6 and any(name.endswith("-fr-rulebook") for name in found)
    return found


def _block(page_number: int, width: float) -> tuple[float, float]:
    """The text block's left and right edges on a page (mirrored margins)."""
    inner, outer, _, _ = margins()
    left = inner if page_number % 2 else outer
    return left, left + width - inner - outer


def _column(page_number: int, page: Page, x: float, right: float) -> int | None:
    """Which column a line lies in (0 or 1), or None when it crosses the gutter."""
    left, end = _block(page_number, page.width)
    middle = (left + end) / 2
    if right <= middle - COLUMN_GAP / 2 + 1:
        return 0
    if x >= middle + COLUMN_GAP / 2 - 1:
        return 1
    return None


def _beside(page: Page, captions: set[int], line: Line) -> bool:
    """Whether `line` stands to the right of a card's picture on the page, level with it:
    an example's step beside its cards (`books.examples`), the two set across the page.
    A picture is found by its caption, set below it."""
    return any(
        c.mcid in captions and c.right < line.x and c.y <= line.y <= c.y + 2 * inch
        for c in page.lines
    )


def _running_marks(path: Path) -> set[tuple[int, int]]:
    """The marked contents of running text; a note (a `BlockQuote`) is left out (between
    two things that span the page, a note spans it too), and so are a table's words."""
    wide = {"BlockQuote", "Table"}
    notes = {m for _, marks in elements(path, wide, whole=True) for m in marks}
    return {m for _, marks in elements(path, RUNNING) for m in marks} - notes


def test_running_text_is_set_in_two_columns(books: dict[str, tuple[Path, list[Page]]]) -> None:
    for name, (path, book) in books.items():
        running = _running_marks(path)
        captions: dict[int, set[int]] = {}
        for _, marks in elements(path, {"Caption"}):
            for page_index, mcid in marks:
                captions.setdefault(page_index, set()).add(mcid)
        both = 0
        for index, page in enumerate(book[1:], start=1):  # the cover is one centred column
            columns = set()
            for line in page.lines:
                if (index, line.mcid) in running and line.text.strip():
                    column = _column(index + 1, page, line.x, line.right)
                    if column is None and _beside(page, captions.get(index, set()), line):
                        continue  # an example's step, beside its cards across the page
                    assert column is not None, (name, index + 1, line.text)
                    columns.add(column)
            both += columns == {0, 1}
        assert both >= 3, (name, both)  # text pages begin lines at two x origins


def test_a_chapter_ends_with_its_two_columns_balanced(
    books: dict[str, tuple[Path, list[Page]]],
) -> None:
    """Above each chapter's heading that is not at a page's top, the chapter before it
    ends in two columns whose last lines are a few lines apart at most (a column ends
    where a block may be cut: never inside a paragraph's first or last two lines)."""
    for name, (path, book) in books.items():
        running = _running_marks(path)
        checked = 0
        for _, marks in elements(path, {"H2"}):
            index, mcid = marks[0]
            page = book[index]
            top = max(line.y for line in page.lines if line.mcid == mcid)
            lowest: dict[int, float] = {}
            for line in page.lines:
                if (index, line.mcid) in running and top < line.y < top + 120:
                    column = _column(index + 1, page, line.x, line.right)
                    if column is not None:
                        lowest[column] = min(lowest.get(column, line.y), line.y)
            if len(lowest) == 2:
                checked += 1
                assert abs(lowest[0] - lowest[1]) <= BALANCED, (name, index + 1, lowest)
        assert checked >= 1, name


@pytest.fixture(scope="module")
def a4_books(shared_build: Callable[..., Path]) -> Path:
    """The rulebooks of a build for A4 paper alone: A4 reading pages, A5 booklet pages."""

    def make(folder: Path) -> None:
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            code = main(["--root", str(ROOT), "build", "--only", "rulebook", "--paper", "a4",
                         "--out", str(folder / "out")])  # fmt: skip
        assert code == 0, err.getvalue()

    return shared_build("a4-rulebooks", make) / "out"


def _chapter_titles(path: Path, book: list[Page]) -> set[str]:
    """The words of each chapter's heading (`H2`) of a tagged reading PDF."""
    out = set()
    for _, marks in elements(path, {"H2"}):
        words = [ln.text.strip() for i, m in marks for ln in book[i].lines if ln.mcid == m]
        out.add(" ".join(w for w in words if w))
    return out


def _short_pages(
    book: list[Page], chapters: set[str], drawn: list[float | None] | None = None
) -> list[tuple[int, float]]:
    """Each page but the cover, the contents (page 2, on a page of its own) and the last
    that is less full than it may be (from the top of its text block to its lowest line of
    text above the footer, or with `drawn` to the lowest thing drawn there: a picture whose
    words stand beside its top reaches lower than they do): `LEAST_FILL`, or
    `BEFORE_A_CHAPTER` when the next page opens with a chapter's or a gallery's heading. As
    (page number, share filled)."""
    _, _, top, bottom = margins()
    short = []
    for index, page in enumerate(book[2:-1], start=2):
        text = [ln for ln in page.lines if ln.y > bottom and ln.text.strip()]
        below = [ln for ln in book[index + 1].lines if ln.y > bottom and ln.text.strip()]
        least = LEAST_FILL
        if below:
            first = max(below, key=lambda ln: ln.y).text.strip()
            if any(title.startswith(first) for title in chapters) or GALLERY.search(first):
                least = BEFORE_A_CHAPTER  # the next page opens a chapter or a gallery
        lowest = min((ln.y for ln in text), default=page.height - top)
        if drawn is not None:
            lowest = min(lowest, drawn[index] or lowest)
        full = (page.height - top - lowest) / (page.height - top - bottom)
        if full < least:
            short.append((index + 1, round(full, 2)))
    return short


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_no_page_is_under_sixty_percent_full_but_before_a_chapter_or_at_the_end(
    paper: str, default_build: Path, a4_books: Path
) -> None:
    """In every edition (each language), on every paper: the reading PDF (Letter, or A4
    when only A4 is asked for) and the booklet's own pages (half-letter, or A5), each
    read back from the booklet's sheets."""
    out = default_build if paper == "letter" else a4_books
    checked = 0
    for path in _editions(out):
        book = _read(path)
        chapters = _chapter_titles(path, book)
        assert len(chapters) >= 3, path.name
        booklet = path.with_name(path.stem + "-booklet-a4.pdf")
        for name, laid in ((path.name, book), (booklet.name, booklet_pages(booklet))):
            assert _short_pages(laid, chapters) == [], name
            checked += 1
    assert checked >= 12


@pytest.fixture(scope="module", params=["large-print", "card-words"])
def large_print_books(request: pytest.FixtureRequest, shared_build: Callable[..., Path]) -> Path:
    """The output folder of a build of the shipped games' rulebooks with `--large-print`
    (on Letter), with each face's words in the component list too (`--card-words`) or
    not: each language edition's large-print PDF."""
    words = ["--card-words"] if request.param == "card-words" else []

    def make(folder: Path) -> None:
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            code = main(["--root", str(ROOT), "build", "--only", "rulebook", "--large-print",
                         *words, "--out", str(folder / "out")])  # fmt: skip
        assert code == 0, err.getvalue()

    return shared_build(f"{request.param}-rulebooks", make) / "out"


def test_no_large_print_page_is_under_sixty_percent_full_but_before_a_chapter_or_at_the_end(
    large_print_books: Path,
) -> None:
    """The large-print edition of every game and language, laid out anew in one column at
    14 pt and more: a heading that keeps a long table or paragraph with it takes its first
    rows or lines, a setup picture fits the room left with more piles to a row, a gallery
    goes on below its heading, rather than moving whole to the next page."""
    made = json.loads((large_print_books / "manifest.json").read_text(encoding="utf-8"))
    editions = [large_print_books / a["path"] for a in made["artifacts"]]
    editions = [p for p in editions if p.name.endswith("-rulebook-large-print.pdf")]
    assert len(editions) >= 6 and any("-fr-" in p.name for p in editions)
    _, _, _, bottom = margins()
    for path in editions:
        book = pages(path)
        chapters = _chapter_titles(path, book)
        assert len(chapters) >= 3, path.name
        short = _short_pages(book, chapters, lowest_drawn(path, bottom))
        assert short == [], (path.name, "(page, share filled):", short)


def test_no_paragraph_is_cut_leaving_a_line_alone(
    books: dict[str, tuple[Path, list[Page]]],
) -> None:
    """A paragraph or list item a page or column break cuts has two lines or more on each
    side: no widow at a column's top, no orphan at its foot."""
    cut = 0
    for name, (path, book) in books.items():
        for role, marks in elements(path, {"P", "LBody"}):
            placed = parts_by_place(book, marks)
            if len(placed) < 2:
                continue
            cut += 1
            for (index, right), mcids in placed.items():
                lines = baselines(book[index], mcids)
                assert len(lines) >= 2, (name, role, index + 1, "right" if right else "left")
    assert cut >= 1  # the books do cut paragraphs, so the check reads something


def test_a_table_that_goes_on_to_the_next_page_repeats_its_header(
    books: dict[str, tuple[Path, list[Page]]],
) -> None:
    continued = 0
    for name, (path, book) in books.items():
        heads = elements(path, {"TH"})
        tables = elements(path, {"Table"}, whole=True)
        for _, marks in tables:
            on = sorted({index for index, _ in marks})
            if len(on) < 2:
                continue
            continued += 1
            mine = set(marks)
            header = [
                line.text.strip()
                for _, th in heads
                if set(th) <= mine
                for index, mcid in th
                for line in book[index].lines
                if line.mcid == mcid and line.text.strip()
            ]
            assert header, name
            for index in on[1:]:
                page = book[index]
                cells = [ln.y for ln in page.lines if (index, ln.mcid) in mine]
                repeated = {
                    ln.text.strip()
                    for ln in page.lines
                    if ln.mcid < 0 and ln.y > max(cells) and ln.text.strip() in header
                }
                assert repeated == set(header), (name, index + 1, header, repeated)
    assert continued >= 1


def _head(page: Page) -> str:
    """A page's running head: the footer's words (below the text block), less its number."""
    _, _, _, bottom = margins()
    words = [ln.text.strip() for ln in page.lines if ln.y < bottom and ln.mcid < 0]
    return " ".join(w for w in words if w and not w.isdigit())


def test_a_right_hand_page_names_the_chapter_its_first_line_belongs_to(
    books: dict[str, tuple[Path, list[Page]]],
) -> None:
    """A right-hand page's running head names the chapter its first line is in: the one
    whose heading opens the page, else the last begun before it; so the back matter (the
    component list, the glossary, the index) names itself, not the chapter before it."""
    opened = 0
    for name, (path, book) in books.items():
        chapters: list[tuple[int, float, str]] = []  # page index, top, words
        for _, marks in elements(path, {"H2"}):
            index, mcid = marks[0]
            lines = [ln for ln in book[index].lines if ln.mcid == mcid and ln.text.strip()]
            words = " ".join(ln.text.strip() for ln in lines)
            chapters.append((index, max(ln.y for ln in lines), words))
        for index, page in enumerate(book[2:], start=2):
            if index % 2:
                continue  # a left-hand page (even number) names the book
            text = [ln for ln in page.lines if ln.mcid >= 0 and ln.text.strip()]
            if not text:
                continue
            top = max(ln.y for ln in text)
            before = [c for c in chapters if c[0] < index or (c[0] == index and c[1] >= top)]
            if not before:
                continue  # the contents: the book's title
            expected = before[-1][2]
            opened += before[-1][0] == index
            shown = _head(page)
            cut = shown.removesuffix("\u2026").strip()
            assert shown == expected or (shown.endswith("\u2026") and expected.startswith(cut)), (
                name,
                index + 1,
                shown,
                expected,
            )
    assert opened >= 3  # pages that open with a chapter's heading were read
