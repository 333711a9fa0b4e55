"""A rulebook's index and glossary, read back from the books a default build writes (every
shipped game, the French Atmosfear too): each index entry is a term the game declares,
found on every page it names, tagged as a paragraph of the `Index` element; the web page
and the e-book list the same terms, each a link to a section of theirs; the glossary
prints each defined term, then its meaning."""

from __future__ import annotations

import functools
import html
import re
import zipfile
from pathlib import Path

import pikepdf
import pytest
from conftest import ROOT, Rulebooks, load_games
from pypdf import PdfReader

from cardstock.books.terms import Term, defined, game_terms, names, words
from cardstock.catalog.translations import read_translation

_ENTRY = re.compile(r"^(\S.*?)\s+(\d+(?:, \d+)*)$")


@pytest.fixture(scope="module")
def rulebooks(default_rulebooks: Rulebooks) -> dict[str, Path]:
    """Each edition's reading PDF by its catalog id (`atmosfear-fr`)."""
    out = {p.parent.name: p for p in default_rulebooks.out.glob("*/*-rulebook.pdf")}
    assert "atmosfear-fr" in out and len(out) == 6, sorted(out)
    return out


@functools.cache
def _pages(path: Path) -> tuple[str, ...]:
    """Each page's text: a book's text is extracted once for every test that reads it (the
    books are the run's shared build, read only; pypdf takes over a second a book)."""
    return tuple(page.extract_text() for page in PdfReader(path).pages)


@functools.cache
def index_entries(path: Path) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The index as the PDF prints it: the lines after its heading, each a term and then
    its pages (the running heads and page numbers match no entry); read once a book."""
    pages = _pages(path)
    # the first page after the contents (which lists it) with a line "Index": its heading's
    start = min(n for n, text in enumerate(pages) if n > 1 and re.search(r"(?m)^Index$", text))
    out: list[tuple[str, tuple[int, ...]]] = []
    for n, text in enumerate(pages[start:]):
        lines = [line.strip() for line in text.splitlines()]
        if n == 0:  # from its heading on (the page's running head names it too)
            lines = lines[lines.index("Index") + 1 :]
        for line in lines:
            m = _ENTRY.match(line)
            if m:
                out.append((m.group(1), tuple(int(p) for p in m.group(2).split(", "))))
    return tuple(out)


def _index_paragraphs(path: Path) -> int:
    """How many paragraphs the structure tree's `Index` element holds."""
    with pikepdf.open(path) as pdf:
        todo = [pdf.Root.StructTreeRoot]
        while todo:
            node = todo.pop()
            kids = node.get("/K")
            if node.get("/S") == "/Index" and isinstance(kids, pikepdf.Array):
                return len([k for k in kids if k.get("/S") == "/P"])
            if isinstance(kids, pikepdf.Array):
                todo += [k for k in kids if isinstance(k, pikepdf.Dictionary)]
            elif isinstance(kids, pikepdf.Dictionary):
                todo.append(kids)
    return 0


def _terms(game: str) -> list[Term]:
    """The terms an English edition's catalog declares."""
    (catalog,), _ = load_games(ROOT, [game])
    return game_terms(catalog)


def test_each_index_entry_is_found_on_every_page_it_names(rulebooks: dict[str, Path]) -> None:
    for edition, path in rulebooks.items():
        pages = _pages(path)
        entries = index_entries(path)
        assert entries, edition
        assert _index_paragraphs(path) == len(entries), edition
        for term, numbers in entries:
            for n in numbers:
                assert names(pages[n - 1], Term(term)), (edition, term, n)


def test_the_index_lists_the_games_own_terms_in_order_each_once(
    rulebooks: dict[str, Path],
) -> None:
    for edition, path in rulebooks.items():
        if edition.endswith("-fr"):
            continue  # its terms are read from its own catalog (below)
        declared = {t.key for t in _terms(edition)}
        listed = [term for term, _ in index_entries(path)]
        assert all(words(t) in declared for t in listed), edition
        assert len(set(listed)) == len(listed)
        assert listed == sorted(listed, key=str.casefold), edition


def test_an_index_names_where_a_term_is_explained_not_every_mention(
    rulebooks: dict[str, Path],
) -> None:
    path = rulebooks["vortex"]
    pages = _pages(path)
    listed = dict(index_entries(path))
    mentioned = [n for n, text in enumerate(pages, 1) if names(text, Term("Devotees"))]
    assert len(listed["Devotees"]) < len(mentioned)


def test_the_french_index_lists_the_terms_its_french_text_explains(
    rulebooks: dict[str, Path],
) -> None:
    listed = {term for term, _ in index_entries(rulebooks["atmosfear-fr"])}
    english = {term for term, _ in index_entries(rulebooks["atmosfear"])}
    assert listed - english  # the sets' French names, and the checked names translated
    (catalog,), _ = load_games(ROOT, ["atmosfear"])
    checked = {t for loc in catalog.rules.facts if loc.rule.kind == "terms" for t in loc.rule.terms}
    french = {
        e.text
        for e in read_translation(catalog, "fr", []).entries.values()
        if " ".join(e.was.split()) in checked and e.text != e.was
    }
    assert listed & french, (listed, french)  # "Royaume dominant" for "Ruling Realm"


def test_the_glossary_gives_each_defined_terms_meaning(rulebooks: dict[str, Path]) -> None:
    for edition, path in rulebooks.items():
        if edition.endswith("-fr"):
            continue
        meant = defined(_terms(edition))
        text = " ".join(" ".join(_pages(path)).split())
        for term in meant:
            assert f"{term.name} {term.meaning}" in text, (edition, term.name)


def test_the_web_page_and_the_ebook_link_each_index_term_to_a_section(
    rulebooks: dict[str, Path],
) -> None:
    for edition, path in rulebooks.items():
        folder = path.parent
        web = (folder / "rules" / "index.html").read_text("utf-8")
        with zipfile.ZipFile(folder / f"{edition}-rulebook.epub") as book:
            chapters = [book.read(n).decode() for n in book.namelist() if n.endswith(".xhtml")]
        for page in (web, *[c for c in chapters if 'class="index"' in c]):
            listed = re.search(r'<ul class="index">(.*?)</ul>', page, re.S)
            assert listed, edition
            items = re.findall(r'<li><span class="term">(.*?)</span>\s?: (.*?)</li>', listed[1])
            pdf_terms = [term for term, _ in index_entries(path)]
            assert [html.unescape(t) for t, _ in items] == pdf_terms, edition
            for _, links in items:
                for target in re.findall(r'href="#([^"]+)"', links):
                    assert f'id="{target}"' in page, (edition, target)


def test_each_page_number_of_the_index_is_a_tagged_link_to_its_page(
    rulebooks: dict[str, Path],
) -> None:
    for edition, path in rulebooks.items():
        numbers = [n for _, pages in index_entries(path) for n in pages]
        reader = PdfReader(path)
        led: list[int] = []
        for page in reader.pages:
            for annot in page.get("/Annots") or []:
                a = annot.get_object()
                dest = a.get("/Dest")
                if dest is not None and str(a.get("/Contents", "")).isdigit():
                    at = reader.get_page_number(dest[0].get_object())
                    assert at is not None
                    led.append(at + 1)
                    assert int(a["/Contents"]) == led[-1], edition
        assert led[-len(numbers) :] == numbers, edition
        with pikepdf.open(path) as pdf:
            root = pdf.Root.StructTreeRoot
            assert isinstance(root, pikepdf.Dictionary)
            index = _find(root, "/Index")
            links = [k for p in index.K for k in p.K if isinstance(k, pikepdf.Dictionary)]
            assert len([k for k in links if k.get("/S") == "/Link"]) == len(numbers), edition


def _find(node: pikepdf.Dictionary, role: str) -> pikepdf.Dictionary:
    """The first structure element of `role` under `node`, depth first."""
    todo = [node]
    while todo:
        at = todo.pop(0)
        if at.get("/S") == role:
            return at
        kids = at.get("/K")
        if isinstance(kids, pikepdf.Array):
            todo += [k for k in kids if isinstance(k, pikepdf.Dictionary)]
        elif isinstance(kids, pikepdf.Dictionary):
            todo.append(kids)
    raise AssertionError(f"no {role} element")
