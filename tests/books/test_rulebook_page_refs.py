"""Page references: `{{ see('Winning') }}` in a rulebook template prints the heading's words
and the page the heading is on ("Winning, p. 6") in the PDFs, and links to the heading in
the web page; a reference to a heading the book does not have is an error at the template.
Read back from the shipped Vortex rulebook (`default_build`) and from a copy of a small
game whose template is edited."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path
from typing import Any

from conftest import copy_project, job_of, load_games
from helpers_text import page_texts
from pypdf import PdfReader

from cardstock.books.rulebook import build_rulebook
from cardstock.core.stage import BuildOptions


def _outline_pages(pdf: Path) -> dict[str, int]:
    reader = PdfReader(pdf)
    pages: dict[str, int] = {}

    def walk(items: list[Any]) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                number = reader.get_destination_page_number(item)
                assert number is not None
                pages.setdefault(item.title, number + 1)

    walk(reader.outline)
    return pages


def _refs(pdf: Path) -> list[tuple[int, str, int]]:
    """Each page reference the PDF prints: (the page it is on, the heading, the page named)."""
    found = []
    for at, text in enumerate(page_texts(pdf), start=1):
        flat = " ".join(text.split())
        for m in re.finditer(r"see ([^(),]+), p\. ?(\d+)", flat):
            found.append((at, m.group(1).strip(), int(m.group(2))))
    return found


def test_a_reference_prints_the_page_its_heading_is_on(default_build: Path) -> None:
    made = json.loads((default_build / "manifest.json").read_text(encoding="utf-8"))["artifacts"]
    books = [default_build / a["path"] for a in made if a["kind"] == "rulebook"]
    seen = 0
    for pdf in books:
        pages = _outline_pages(pdf)
        for _, heading, page in _refs(pdf):
            assert pages[heading] == page, (pdf.name, heading)
            seen += 1
    assert seen >= 1  # Vortex refers to its Winning chapter


def test_the_web_page_links_a_reference_to_its_heading(default_build: Path) -> None:
    web = (default_build / "vortex" / "rules" / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'\(see <a href="#([a-z0-9-]+)">([^<]+)</a>\)', web)
    assert links
    for anchor, words in links:
        assert re.search(rf'<h[2-4] id="{anchor}"[^>]*>{re.escape(words)}</h', web), anchor


def test_the_e_book_links_a_reference_to_its_heading(default_build: Path) -> None:
    with zipfile.ZipFile(default_build / "vortex" / "vortex-rulebook.epub") as book:
        chapter = book.read("EPUB/rules.xhtml").decode("utf-8")
    links = re.findall(r'\(see <a href="#([a-z0-9-]+)">', chapter)
    assert links
    assert all(f'id="{anchor}"' in chapter for anchor in links)


def _edited(tmp_path: Path, line: str) -> Path:
    game = "alpha-omega-tiles"
    root = copy_project(tmp_path / "proj", (game,))
    template = root / "layouts" / game / "rulebook.md.j2"
    template.write_text(template.read_text(encoding="utf-8") + f"\n\n{line}\n", encoding="utf-8")
    return root


def test_a_reference_to_a_later_heading_is_filled_in_one_layout(tmp_path: Path) -> None:
    root = _edited(tmp_path, "Every face is shown (see {{ see('Appendix: the components') }}).")
    catalogs, issues = load_games(root, ["alpha-omega-tiles"])
    assert not issues.errors
    result = build_rulebook(job_of(catalogs[0], BuildOptions(out=tmp_path / "out")))
    assert not [i for i in result.findings if i.level == "error"]
    pdf = next(a.path for a in result.artifacts if a.kind == "rulebook")
    (at, heading, page), *_ = _refs(pdf)
    assert heading == "Appendix: the components"
    assert _outline_pages(pdf)[heading] == page


def test_a_reference_to_a_heading_the_book_lacks_is_an_error(tmp_path: Path) -> None:
    root = _edited(tmp_path, "As {{ see('No Such Chapter') }} says.")
    catalogs, _ = load_games(root, ["alpha-omega-tiles"])
    result = build_rulebook(job_of(catalogs[0], BuildOptions(out=tmp_path / "out")))
    errors = [i.render() for i in result.findings if i.level == "error"]
    assert any("see('No Such Chapter') names no heading" in e for e in errors), errors
    assert all("rulebook.md.j2" in e for e in errors)
