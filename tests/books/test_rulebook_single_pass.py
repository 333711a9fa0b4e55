"""The rulebook is laid out in one pass although its contents come before the headings.

Read back from real PDFs with pypdf: the contents list every '#' and '##' heading of the
template, in order, each with the page on which that heading's text actually is; the
links on the contents pages lead to those pages; and the layout ran once
(`BookDoc.beforeDocument` is called once per layout pass). A contents too long for one
page still takes one pass, twice the text makes about twice the pages in that one pass,
and when the single pass cannot finish, the book is laid out with ReportLab's multiBuild
with the same result.
"""

from __future__ import annotations

import html
import io
import math
import re
import subprocess
from pathlib import Path
from unittest import mock

import pytest
from conftest import load_games, render_book
from helpers_generated import generated_game, generated_rulebook
from pypdf import PdfReader
from reportlab.platypus import PageBreak, Paragraph

from cardstock.books import document
from cardstock.books.content import rulebook_context, split
from cardstock.books.document import BOOK_FOR_PAPER, BookDoc, Contents, build, contents
from cardstock.books.story import Heading, Styles
from cardstock.books.terms import GLOSSARY, INDEX, defined, game_terms
from cardstock.catalog.ruletext import render_file, rulebook_template
from cardstock.core import markup

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(
    p.parent.name
    for p in (ROOT / "layouts").glob("*/rulebook.md.j2")
    if (ROOT / "catalog" / p.parent.name / "game.toml").is_file()
)
ROW = re.compile(r"^(.*?)\s*(?:\s\.)+\s*(\d+)$")  # a title, a dot leader and a page number


def _count_passes():
    """A patch that counts layout passes (calls of BookDoc.beforeDocument) into a list."""
    calls: list[int] = []
    original = BookDoc.beforeDocument

    def counting(self):
        calls.append(1)
        return original(self)

    return calls, mock.patch.object(BookDoc, "beforeDocument", counting)


_BOOKS: dict[str, tuple] = {}


def book(game: str):
    """(catalog, rendered rulebook, layout passes counted) for a shipped game, once."""
    if game not in _BOOKS:
        catalogs, issues = load_games(ROOT, [game])
        assert not issues.errors, [i.render() for i in issues]
        calls, patch = _count_passes()
        with patch:
            r = render_book(catalogs[0], ("letter",), booklets=False, fresh=True)
        assert r.reading is not None, [i.render() for i in r.issues]
        _BOOKS[game] = (catalogs[0], r, len(calls))
    return _BOOKS[game]


def squash(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


def template_headings(catalog) -> list[str]:
    """The '#' and '##' headings of the rendered template, as the contents name them, the
    index's and the glossary's among them."""
    text, issues = render_file(
        catalog, rulebook_template(catalog), rulebook_context(catalog), "rulebook"
    )
    assert text is not None, [i.render() for i in issues]
    titles = []
    for chunk in split(text):
        if isinstance(chunk, str):
            for b in markup.parse(chunk):
                if isinstance(b, markup.Heading) and b.level <= 2:
                    titles.append(
                        squash("".join(s.text for s in markup.spans(b.text) if s.icon is None))
                    )
        elif chunk.name == "index" or (chunk.name == "glossary" and defined(game_terms(catalog))):
            titles.append(catalog.tool_words(INDEX if chunk.name == "index" else GLOSSARY))
    return titles


def contents_rows(reader: PdfReader) -> tuple[list[int], list[tuple[int, float, str, int]]]:
    """The contents pages (0-based) and their rows: (page index, y, title, number), where y
    is the foot of the row's text (its descenders) in points from the foot of the page.
    Read with poppler's word boxes (`pdftotext -bbox`), which place text drawn by forms —
    a row's leader and number are a form the page draws — where it shows on the page; a
    row's title and leader share a line."""
    xhtml = subprocess.run(
        ["pdftotext", "-bbox", "-", "-"],
        input=reader.stream.getvalue(),  # type: ignore[union-attr]  # read from bytes
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")
    pages, rows = [], []
    for index, page in enumerate(re.findall(r"<page (.*?)</page>", xhtml, re.S)):
        size = re.search(r'height="([\d.]+)"', page)
        assert size is not None
        height = float(size.group(1))
        lines: list[tuple[float, list[tuple[float, str]]]] = []
        words = re.findall(
            r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="[\d.]+" yMax="([\d.]+)">(.*?)</word>', page
        )
        for x, foot, word in sorted(words, key=lambda w: (float(w[1]), float(w[0]))):
            if lines and abs(lines[-1][0] - float(foot)) < 0.5:
                lines[-1][1].append((float(x), html.unescape(word)))
            else:
                lines.append((float(foot), [(float(x), html.unescape(word))]))
        found = []
        for foot, line in lines:
            text = " ".join(w for _, w in sorted(line))
            if m := ROW.match(text):
                assert m.group(1), f"page {index + 1}: a contents row without a title"
                found.append((index, round(height - foot, 2), squash(m.group(1)), int(m.group(2))))
        if found:
            pages.append(index)
            rows += found
    return pages, rows


_LINES: dict[bytes, list[set[str]]] = {}


def _heading_lines(reader: PdfReader) -> list[set[str]]:
    """The text of each page drawn in a heading's size; read once for each PDF (two tests
    of each shipped game read the same book)."""
    data = reader.stream.getvalue()  # type: ignore[union-attr]  # read from bytes
    if data not in _LINES:
        styles = Styles("#2f3640")
        sizes = (styles.h1.fontSize, styles.h2.fontSize)
        lines: list[set[str]] = []
        for page in reader.pages:
            found: set[str] = set()

            def visit(text, cm, tm, font, size, found=found):
                drawn = size * math.hypot(tm[0], tm[1]) * math.hypot(cm[0], cm[1])
                if any(abs(drawn - s) < 0.01 for s in sizes):
                    found.add(squash(text))

            page.extract_text(visitor_text=visit)
            lines.append(found)
        _LINES[data] = lines
    return _LINES[data]


def heading_pages(reader: PdfReader, titles: list[str], after: int) -> list[int]:
    """The 1-based page on which each heading's text is drawn as a heading (a line in the
    size of a '#' or '##' heading, not a mention in the text or a table), searching in
    order from the page after `after` (each heading at or after the one before it)."""
    lines = _heading_lines(reader)
    pages, at = [], after + 1
    for title in titles:
        page = next((i for i in range(at, len(lines)) if title in lines[i]), None)
        assert page is not None, f"the heading {title!r} is on no page after the contents"
        pages.append(page + 1)
        at = page
    return pages


def link_targets(reader: PdfReader, page_index: int) -> list[tuple[float, int]]:
    """(bottom of the rectangle, 1-based target page) of each link on a page."""
    out = []
    for annot in reader.pages[page_index].get("/Annots", []):
        a = annot.get_object()
        if a.get("/Subtype") != "/Link":
            continue
        if "/Dest" in a:
            dest = a["/Dest"]
        else:
            action = a["/A"]
            assert action["/S"] == "/GoTo"
            dest = action["/D"]
        if not isinstance(dest, list):  # a named destination
            dest = reader.named_destinations[str(dest)]
            target = reader.get_destination_page_number(dest)
        else:
            target = reader.get_page_number(dest[0].get_object())
        assert target is not None
        out.append((float(a["/Rect"][1]), target + 1))
    return out


def check_contents(reader: PdfReader, titles: list[str]) -> None:
    """The contents list `titles` in order, each with the page the heading is on, and
    every row's links lead to that page."""
    pages, rows = contents_rows(reader)
    assert pages, "no contents page"
    assert [r[2] for r in rows] == titles
    actual = heading_pages(reader, titles, after=pages[-1])
    assert [r[3] for r in rows] == actual
    for index in pages:
        on_page = [(y, number) for i, y, _, number in rows if i == index]
        links = link_targets(reader, index)
        linked_rows = set()
        for bottom, target in links:
            # a link belongs to the row whose baseline is nearest its bottom edge (the
            # title's link starts a little below the baseline, the number's at it)
            y, number = min(on_page, key=lambda row: abs(row[0] - bottom))
            assert abs(y - bottom) < 3, (
                f"a link at y={bottom} on page {index + 1} is on no contents row"
            )
            assert target == number, (
                f"the link of the row at y={y} leads to page {target}, the row says {number}"
            )
            linked_rows.add(y)
        assert linked_rows == {y for y, _ in on_page}, "a contents row without a link"


# ------------------------------------------------------------------ shipped games


@pytest.mark.parametrize("game", GAMES)
def test_contents_list_each_heading_with_its_real_page_and_link(game):
    catalog, r, _ = book(game)
    reader = PdfReader(io.BytesIO(r.reading.data))
    titles = template_headings(catalog)
    assert len(titles) >= 5
    check_contents(reader, titles)


@pytest.mark.parametrize("game", GAMES)
def test_the_rulebook_is_laid_out_in_one_pass(game):
    _, r, passes = book(game)
    assert passes == 1
    assert r.reading.passes == 1


@pytest.mark.parametrize("game", GAMES)
def test_bookmarks_lead_to_the_headings(game):
    catalog, r, _ = book(game)
    reader = PdfReader(io.BytesIO(r.reading.data))
    titles = template_headings(catalog)
    pages, _ = contents_rows(reader)
    where = dict(zip(titles, heading_pages(reader, titles, after=pages[-1])))

    def walk(items):
        for o in items:
            if isinstance(o, list):
                yield from walk(o)
            else:
                yield o.title, reader.get_destination_page_number(o) + 1

    marks = list(walk(reader.outline))
    listed = [(t, p) for t, p in marks if t in where]
    assert [t for t, _ in listed] == titles
    assert all(where[t] == p for t, p in listed)


# ------------------------------------------------------------------ a long contents


def long_story(count: int):
    """A story whose contents need more than one page: `count` headings, each followed
    by enough text that they spread over many pages."""
    styles = Styles("#2f3640")
    filler = " ".join(["Every heading is followed by a paragraph of ordinary text."] * 6)

    def make(doc):
        story = [Paragraph("Contents", styles.h1), contents(styles), PageBreak()]
        for n in range(1, count + 1):
            level = 0 if n % 3 == 1 else 1
            story.append(
                Heading(
                    f"Part {n} title", styles.heading(level + 1), level, f"Part {n} title", f"h{n}"
                )
            )
            story.append(Paragraph(filler, styles.body))
        return story

    titles = [f"Part {n} title" for n in range(1, count + 1)]
    return make, styles, titles


def build_long(count: int):
    make, styles, titles = long_story(count)
    calls, patch = _count_passes()
    with patch:
        built = build(
            make,
            BOOK_FOR_PAPER["letter"],
            styles,
            "Long",
            "Long",
            lambda *a: None,
            {"title": "Long"},
        )
    return built, titles, len(calls)


def test_a_contents_longer_than_a_page_is_still_one_pass():
    built, titles, passes = build_long(90)
    reader = PdfReader(io.BytesIO(built.data))
    pages, _ = contents_rows(reader)
    assert len(pages) >= 2, "the contents should need more than one page"
    check_contents(reader, titles)
    assert passes == 1 and built.passes == 1


def test_when_the_single_pass_cannot_finish_the_book_is_laid_out_with_multibuild():
    def refuse(self, canv, pages):
        raise document.Unsettled("refused for the test")

    with mock.patch.object(Contents, "finish", refuse):
        built, titles, passes = build_long(40)
    assert passes >= 3 and built.passes == passes  # the single pass given up, then multiBuild's
    check_contents(PdfReader(io.BytesIO(built.data)), titles)
    # and the same pages as the single pass
    single, _, _ = build_long(40)
    assert (
        contents_rows(PdfReader(io.BytesIO(single.data)))[1]
        == contents_rows(PdfReader(io.BytesIO(built.data)))[1]
    )


def test_the_single_pass_is_deterministic():
    first, _, _ = build_long(30)
    second, _, _ = build_long(30)
    assert first.data == second.data


def test_twice_the_text_makes_about_twice_the_pages_in_one_pass(tmp_path):
    pages = []
    for chapters in (5, 10):
        root = tmp_path / str(chapters)
        generated_game(root, 2)
        generated_rulebook(root, chapters)
        from conftest import load_games

        (catalog,), _ = load_games(root, ["gen"])
        r = render_book(catalog, ("letter",), booklets=False)
        assert r.reading is not None and r.reading.passes == 1
        pages.append(r.reading.pages)
    assert 1.8 <= pages[1] / pages[0] <= 2.2
