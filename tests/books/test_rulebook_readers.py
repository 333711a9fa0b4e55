"""Rulebooks people can read anywhere (issue 46): the web page and the EPUB made from the
same text as the PDF, the PDF's own metadata, the large-print edition and the reading font.

The web page is checked by axe-core (tests/helpers_axe.py: from the npm registry,
installed once into a cache folder outside the repository) in headless Chromium at a
desktop's and a phone's width; the EPUB by epubcheck (Debian's package, installed by
tests/run). Each is skipped, saying why, where its tool is missing."""

from __future__ import annotations

import functools
import html
import re
import shutil
import subprocess
import zipfile
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import FULL, ROOT, Rulebooks, load_games, spread, stage
from helpers_axe import WIDTHS, needs_chromium
from pypdf import PdfReader

from cardstock.books.content import LARGE_PRINT_LEAST, Edition, large_print_size
from cardstock.books.document import margins
from cardstock.books.rulebook import edition_styles
from cardstock.core.stage import BuildOptions

GAMES = sorted(p.name for p in (ROOT / "catalog").iterdir() if (p / "game.toml").is_file())
EPUBCHECK = Path("/usr/share/java/epubcheck.jar")


@pytest.fixture(scope="module")
def books(default_rulebooks: Rulebooks) -> Path:
    """Every shipped game's faces and rulebook stage, as a default build writes them (the
    run's shared build, read only)."""
    assert sorted(default_rulebooks.artifacts) == GAMES
    for game in GAMES:
        assert {"rulebook", "rulebook-html", "rulebook-epub"} <= default_rulebooks.kinds(game)
    return default_rulebooks.out


@pytest.fixture(scope="module")
def pages(books: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shared build copied for the pages axe-core checks: the probe writes its pages
    beside each page it checks, and the shared build is read by other files meanwhile."""
    out = tmp_path_factory.mktemp("pages") / "out"
    shutil.copytree(books, out)
    return out


# the games whose large-print edition is laid out: every game in the full run; by default
# the first (which the reflow test compares) and the one with the most kinds of content
LARGE = GAMES if FULL else sorted({GAMES[0], "atmosfear"})


@pytest.fixture(scope="module")
def large(tmp_path_factory) -> Path:
    """The large-print editions, in the reading font (of the games in LARGE)."""
    out = tmp_path_factory.mktemp("large")
    catalogs, _ = load_games(ROOT, LARGE)
    options = BuildOptions(out=out, large_print=True, reading_font="atkinson-hyperlegible")
    for cat in catalogs:
        kinds = {a.kind for a in stage("rulebook")(cat, options).artifacts}
        assert "rulebook-large-print" in kinds
    return out


# --------------------------------------------------------------------------- text


class _Text(HTMLParser):
    """A page's words as a reader meets them: a space between blocks and cells, none
    around inline marks; the contents of <style> and <script> left out."""

    INLINE = {"strong", "em", "a", "span", "b", "i"}

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        self.skip += tag in ("style", "script")
        if tag not in self.INLINE:
            self.parts.append(" ")

    def handle_endtag(self, tag):
        self.skip -= tag in ("style", "script")
        if tag not in self.INLINE:
            self.parts.append(" ")

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def words(text: str) -> str:
    return " ".join(text.replace("\u00ad", "").split())


def page_text(path: Path) -> str:
    parser = _Text()
    parser.feed(path.read_text(encoding="utf-8"))
    return words("".join(parser.parts))


_LEADER = re.compile(r"(\s*\.){3,}\s*\d*\s*$")  # a contents row's dot leader and page number
# a page reference's page ("Winning, p. 6", `books.refs`), which the web page links instead,
# and the comma before it
_PAGE_REF = re.compile(r"p\. \d+")
_REF_COMMA = re.compile(r",\s*(?=[).;:]|$)")


@dataclass(frozen=True)
class _Run:
    """A run of text as pypdf's text extraction reports it: its text, the page's matrix
    and the text matrix it is drawn with, and its font size."""

    text: str
    cm: tuple[float, ...]
    tm: tuple[float, ...]
    size: float

    @property
    def scale(self) -> float:
        return float((self.cm[0] ** 2 + self.cm[1] ** 2) ** 0.5)


@functools.cache
def pdf_runs(path: Path) -> tuple[tuple[_Run, ...], ...]:
    """Each page's runs of text, in drawing order: a book read once for every test that
    reads its text (a rulebook's text takes pypdf about a second)."""
    pages: list[tuple[_Run, ...]] = []
    for page in PdfReader(path).pages:
        runs: list[_Run] = []

        def visit(text, cm, tm, font, size, runs=runs):
            runs.append(_Run(text, tuple(cm), tuple(tm), size))

        page.extract_text(visitor_text=visit)
        pages.append(tuple(runs))
    return tuple(pages)


def pdf_lines(path: Path) -> list[list[str]]:
    """The PDF's text outside its pictures and its running footers, line by line: each
    line as the runs of words it is drawn in (a run: one style, up to an icon). The faces'
    own text, drawn scaled down to a thumbnail, is a picture's, not the rules'."""
    lines: list[list[str]] = []
    for page in pdf_runs(path):
        last = None  # the baseline of the run before
        for r in page:
            if r.scale < 0.75:
                continue  # a face thumbnail's text
            y = round(r.cm[3] * r.tm[5] + r.cm[5], 1)
            run = words(_LEADER.sub("", r.text.replace("\u2022", " ")))
            if y < margins()[3] - 1 and not _PAGE_REF.fullmatch(run):
                continue  # the running footer, below the text block (a page reference's
                # page, drawn in a form of its own, has the form's own coordinates)
            if y != last:
                lines.append([])
                last = y
            if run:
                lines[-1].append(run)
    # a page reference's page is the layout's too (drawn apart, in a form of its own): the
    # web page links to the heading
    if any(_PAGE_REF.fullmatch(run) for line in lines for run in line):
        lines = [
            [_REF_COMMA.sub("", run) for run in line if not _PAGE_REF.fullmatch(run)]
            for line in lines
        ]
    # a page number (the running footer's, a contents row's) is the layout's, not the text's,
    # and a numbered step's number is its list's (an <ol> counts in the page)
    lines = [line[1:] if re.fullmatch(r"\d+\.", line[0]) else line for line in lines if line]
    # so are an index entry's pages (the web page links each term to its sections instead)
    if ["Index"] in lines:
        start = len(lines) - lines[::-1].index(["Index"])
        lines[start:] = [[*line[:-1], _PAGES.sub("", line[-1])] for line in lines[start:]]
    return [line for line in lines if line and not " ".join(line).isdigit()]


_PAGES = re.compile(r"\s\d+(?:, \d+)*$")  # an index entry's pages, after its term


def held(run: str, text: str) -> bool:
    return run in text or (run.endswith("-") and run[:-1] in text)  # a caption's break


def test_the_web_page_holds_every_rule_sentence_of_the_pdf(books):
    """Each line of the PDF is in the page's text, whole; a line of a table whose cells
    wrap side by side is held run by run (each cell's line on its own)."""
    for game in GAMES:
        text = page_text(books / game / "rules" / "index.html")
        lines = pdf_lines(books / game / f"{game}-rulebook.pdf")
        assert len(lines) > 200, game
        missing = [
            line
            for line in lines
            if not held(" ".join(line), text) and not all(held(run, text) for run in line)
        ]
        assert missing == [], (game, len(lines), missing[:10])
        whole = sum(held(" ".join(line), text) for line in lines)
        assert whole > 0.9 * len(lines), (game, whole, len(lines))


def test_the_epub_chapter_is_the_web_page_text(books):
    for game in GAMES:
        with zipfile.ZipFile(books / game / f"{game}-rulebook.epub") as z:
            chapter = z.read("EPUB/rules.xhtml").decode("utf-8")
        web = page_text(books / game / "rules" / "index.html")
        parser = _Text()
        parser.feed(chapter)
        book = words("".join(parser.parts))
        assert book in web  # the page only adds its footer (links to the other editions)


# --------------------------------------------------------------------------- web page


class _Outline(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.headings: list[int] = []
        self.imgs: list[dict[str, str | None]] = []
        self.th: list[str | None] = []
        self.html: dict[str, str | None] = {}
        self.meta: list[dict[str, str | None]] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if re.fullmatch(r"h[1-6]", tag):
            self.headings.append(int(tag[1]))
        elif tag == "img":
            self.imgs.append(a)
        elif tag == "th":
            self.th.append(a.get("scope"))
        elif tag == "html":
            self.html = a
        elif tag == "meta":
            self.meta.append(a)


def test_the_web_page_is_semantic_and_its_pictures_resolve(books):
    for game in GAMES:
        page = books / game / "rules" / "index.html"
        o = _Outline()
        o.feed(page.read_text(encoding="utf-8"))
        assert o.html.get("lang") == "en"
        assert any(m.get("name") == "viewport" for m in o.meta)
        assert o.headings[0] == 1 and o.headings.count(1) == 1
        assert all(b - a <= 1 for a, b in zip(o.headings, o.headings[1:])), o.headings
        assert o.th and set(o.th) <= {"col", "row"}
        assert o.imgs
        for img in o.imgs:
            assert img["alt"], img  # the face's words (test_rulebook_card_words.py)
            assert (page.parent / str(img["src"])).is_file(), img["src"]


def test_the_web_page_escapes_the_game_text():
    from cardstock.books.xhtml import Icons, inline

    class _Cat:
        class game:
            icons: dict[str, object] = {}

    out = inline('a <script>alert("x")</script> & **b**', Icons(_Cat, None))
    assert "<script>" not in out and "&lt;script&gt;" in out and "&amp;" in out
    assert "<strong>b</strong>" in out


@needs_chromium
def test_axe_finds_what_it_should_on_a_broken_copy(pages, axe, tmp_path):
    """The probe itself: a copy without its language and alt texts is caught."""
    page = pages / GAMES[0] / "rules" / "index.html"
    broken = page.with_name("broken.html")
    text = re.sub(r' alt="[^"]*"', "", page.read_text(encoding="utf-8"))
    broken.write_text(re.sub(r"<html [^>]*>", "<html>", text), encoding="utf-8")
    ids = {v["id"] for v in axe.violations(broken, WIDTHS["desktop"])}
    broken.unlink()
    assert {"html-has-lang", "image-alt"} <= ids


@needs_chromium
@pytest.mark.parametrize("game, width", spread(GAMES, sorted(WIDTHS)))
def test_the_web_page_has_no_serious_or_critical_axe_violation(pages, axe, game, width):
    found = axe.violations(pages / game / "rules" / "index.html", WIDTHS[width])
    assert [v for v in found if v["impact"] in ("serious", "critical")] == []


# --------------------------------------------------------------------------- EPUB


def test_the_epub_is_packed_as_the_format_asks_and_its_bytes_are_stable(books, tmp_path):
    game = GAMES[0]
    path = books / game / f"{game}-rulebook.epub"
    with zipfile.ZipFile(path) as z:
        first = z.infolist()[0]
        assert first.filename == "mimetype" and first.compress_type == zipfile.ZIP_STORED
        assert z.read("mimetype") == b"application/epub+zip"
        assert {i.date_time for i in z.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        opf = z.read("EPUB/package.opf").decode()
    assert "<dc:language>en</dc:language>" in opf and "dcterms:modified" in opf
    catalogs, _ = load_games(ROOT, [game])
    stage("rulebook")(catalogs[0], BuildOptions(out=tmp_path))
    assert (tmp_path / game / f"{game}-rulebook.epub").read_bytes() == path.read_bytes()


@pytest.mark.skipif(
    shutil.which("java") is None or not EPUBCHECK.is_file(),
    reason="epubcheck (Debian's epubcheck, with java) is installed by tests/run",
)
def test_epubcheck_finds_no_error_in_any_epub(books):
    # Java starts once per file: the default run checks the game with the most kinds of
    # content (tables, dice, icons); CARDSTOCK_FULL=1 checks every game. Java's quick
    # compiler alone (TieredStopAtLevel=1) halves the processor time of a run this short;
    # what epubcheck finds does not depend on how its code is compiled.
    games = GAMES if FULL else ["atmosfear"]
    paths = [str(books / g / f"{g}-rulebook.epub") for g in games]
    for path in paths:
        proc = subprocess.run(
            ["java", "-XX:TieredStopAtLevel=1", "-jar", str(EPUBCHECK), path],
            capture_output=True,
            text=True,
            timeout=300,
        )
        report = proc.stdout + proc.stderr
        assert proc.returncode == 0, report[-2000:]
        assert re.search(r"0 fatals / 0 errors", report), report[-2000:]


# --------------------------------------------------------------------------- PDF


def _outline(reader: PdfReader) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []

    def walk(items):
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                out.append((item.title, reader.get_destination_page_number(item)))

    walk(reader.outline)
    return out


def test_each_pdf_rulebook_has_title_language_and_a_bookmark_per_section(books):
    for game in GAMES:
        reader = PdfReader(books / game / f"{game}-rulebook.pdf")
        assert reader.metadata.title and reader.metadata.title.endswith("Rules")
        assert reader.trailer["/Root"]["/Lang"] == "en"
        o = _Outline()
        o.feed((books / game / "rules" / "index.html").read_text(encoding="utf-8"))
        text = (books / game / "rules" / "index.html").read_text(encoding="utf-8")
        main = text[text.index("<main>") :]
        sections = [
            words(re.sub(r"<[^>]+>", "", html.unescape(m)))
            for m in re.findall(r"<h[2-4] id=\"(?!contents-title)[^\"]*\">(.*?)</h[2-4]>", main)
        ]
        marks = _outline(reader)
        assert [t for t, _ in marks] == sections
        # the contents' links go, in order, to the pages of the # and ## headings
        # (a row's title and its page number are each a link, to the same page)
        number = {p.indirect_reference.idnum: i for i, p in enumerate(reader.pages)}
        links: list[int] = []
        for page in reader.pages[:4]:
            found = sorted(
                (-(float(a["/Rect"][1]) + float(a["/Rect"][3])) / 2, number[a["/Dest"][0].idnum])
                for a in (x.get_object() for x in page.get("/Annots") or [])
                if "/Dest" in a
            )
            for n, (y, target) in enumerate(found):
                if n == 0 or y - found[n - 1][0] > 4:  # a new row, not the same row's other link
                    links.append(target)
                else:
                    assert target == links[-1]
        assert len(links) == len(re.findall(r'<li><a href="#', main[: main.index("</nav>")]))
        assert links == sorted(links) and set(links) <= {p for _, p in marks}


# --------------------------------------------------------------------------- large print


def _sizes(path: Path) -> list[float]:
    """The size of every run of text at its real size on the page, leaving out the text
    of pictures (the faces, drawn scaled to a thumbnail's size)."""
    return [
        r.size * r.scale * (r.tm[0] ** 2 + r.tm[1] ** 2) ** 0.5
        for page in pdf_runs(path)
        for r in page
        if r.text.strip() and r.scale >= 0.75
    ]


def test_the_large_print_edition_sets_no_text_below_14_points(large):
    for game in LARGE:
        path = large / game / f"{game}-rulebook-large-print.pdf"
        sizes = _sizes(path)
        assert len(sizes) > 100
        assert min(sizes) >= LARGE_PRINT_LEAST - 0.01, (game, min(sizes))
        reader = PdfReader(path)
        assert reader.trailer["/Root"]["/Lang"] == "en"
        assert len(reader.outline) > 3  # bookmarks, as in the standard edition
        assert any("AtkinsonHyperlegible" in f for f in _fonts(path))


def test_the_large_print_edition_is_reflowed_not_scaled(books, large):
    game = GAMES[0]
    standard = PdfReader(books / game / f"{game}-rulebook.pdf")
    big = PdfReader(large / game / f"{game}-rulebook-large-print.pdf")
    assert float(big.pages[0].mediabox.width) == 612  # a whole Letter sheet
    assert len(big.pages) > len(standard.pages)
    assert min(_sizes(books / game / f"{game}-rulebook.pdf")) < 10  # the standard's notes


def test_large_print_styles_and_options():
    catalogs, _ = load_games(ROOT, [GAMES[0]])
    styles = edition_styles(catalogs[0], Edition(large_print_size(["letter"]), True))
    assert min(s.fontSize for s in styles.every()) >= 14
    assert styles.body.fontSize >= 14
    plain = BuildOptions(out=Path("x"))
    asked = BuildOptions(out=Path("x"), large_print=True, reading_font="atkinson-hyperlegible")
    assert "large_print" not in plain.fingerprint() and "reading_font" not in plain.fingerprint()
    assert plain.fingerprint() != asked.fingerprint()


def test_the_reading_font_is_shipped_with_its_licence():
    fonts = ROOT / "cardstock" / "fonts"
    licence = (fonts / "OFL-AtkinsonHyperlegible.txt").read_text(encoding="utf-8")
    assert "SIL Open Font License" in licence and "Braille Institute" in licence
    for style in ("Regular", "Bold", "Italic"):
        assert (fonts / f"AtkinsonHyperlegible-{style}.ttf").read_bytes()[:4] == b"\0\1\0\0"


def _fonts(path: Path) -> set[str]:
    return {
        str(f["/BaseFont"])
        for page in PdfReader(path).pages
        for f in (page["/Resources"].get("/Font") or {}).values()  # type: ignore[attr-defined]
    }


def test_the_reading_font_sets_the_rulebook_and_the_quick_references(tmp_path):
    game = "alter-ego"  # a game with reference cards
    catalogs, _ = load_games(ROOT, [game])
    options = BuildOptions(out=tmp_path, reading_font="atkinson-hyperlegible")
    kinds = {a.kind: a.path for a in stage("rulebook")(catalogs[0], options).artifacts}
    assert "rulebook-large-print" not in kinds
    for kind in ("rulebook", "quickref-reading"):
        assert any("AtkinsonHyperlegible-Regular" in f for f in _fonts(kinds[kind])), kind
    sides = PdfReader(kinds["quickref-reading"])
    assert len(sides.pages) >= 2 and sides.trailer["/Root"]["/Lang"] == "en"
    page = (tmp_path / game / "rules" / "index.html").read_text(encoding="utf-8")
    assert 'font-family: "Atkinson Hyperlegible"' in page
    assert (tmp_path / game / "rules" / "fonts" / "AtkinsonHyperlegible-Regular.ttf").is_file()
    assert (tmp_path / game / "rules" / "fonts" / "OFL.txt").is_file()
    # a later build that does not ask for the reading font takes its editions away
    stage("rulebook")(catalogs[0], BuildOptions(out=tmp_path))
    assert not kinds["quickref-reading"].exists()
    assert not list((tmp_path / game / "rules" / "fonts").glob("*"))
    assert "Atkinson" not in (tmp_path / game / "rules" / "index.html").read_text(encoding="utf-8")
