"""A translated edition's reader-facing pages say cardstock's own words in its language
(issue 76): a table's name for a screen reader, a file's size, a paper's name, the
e-book's accessibility summary, the stats page's setup sentences, the rules check's list.
A build in the pseudo-language (`qps`, docs/languages.md), whose every translated word is
accented and bracketed, shows what is still English: a plain ASCII word. Every page a
reader gets is read: the rulebook as a web page, an e-book, a PDF and in large print, the
quick references (the sheets and the large print), the stats page and its charts, and the
downloads page (the page the preview serves, with its check list and gallery)."""

from __future__ import annotations

import html
import re
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import copy_project
from pypdf import PdfReader

from cardstock.cli import main

GAME = "atmosfear"
# words that are the same in every language: the formats' own names
NAMES = {"PDF", "EPUB"}


@pytest.fixture(scope="module")
def built(language_build: Path) -> Path:
    """Atmosfear built in French and in the pseudo-language (the run's shared build,
    `language_build` in tests/conftest.py; read only)."""
    return language_build


class _Said(HTMLParser):
    """What a page says to a reader: its text and the attributes read aloud (alt,
    aria-label, title), each with the language it is marked in (`lang` of the nearest
    element that has one); not its style, script or `<meta>`."""

    SAID = ("alt", "aria-label", "title")
    VOID = {"img", "meta", "link", "br", "hr", "input", "source", "col", "area", "wbr"}

    def __init__(self) -> None:
        super().__init__()
        self.said: list[tuple[str, str, str]] = []  # (lang, where, words)
        self.langs: list[tuple[str, str]] = [("", "")]  # (tag, lang)
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        lang = a.get("lang") or self.langs[-1][1]
        self.skip += tag in ("style", "script", "title")
        for k in self.SAID:
            if a.get(k):
                self.said.append((lang, f"{tag}@{k}", a[k]))
        if tag not in self.VOID:
            self.langs.append((tag, lang))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID:
            self.langs.pop()

    def handle_endtag(self, tag):
        self.skip -= tag in ("style", "script", "title")
        if tag not in self.VOID and len(self.langs) > 1:
            self.langs.pop()

    def handle_data(self, data):
        if not self.skip and data.strip():
            self.said.append((self.langs[-1][1], "text", data))


WORD = re.compile(r"(?<![\w.-])[A-Za-z]{3,}(?![\w.-])")
# a footer's fingerprint of what the file prints ("v0.1.0 · ffdeab"): six hex digits
PRINT = re.compile(r"(?<![\w.-])[0-9a-f]{6}(?![\w.-])")


def _plain(words: str, where: str) -> list[tuple[str, str]]:
    """Each plain ASCII word (three letters or more) of `words`: in the pseudo-language,
    a word cardstock or the game left untranslated."""
    found = WORD.findall(PRINT.sub(" ", words))
    return [(w, f"{where}: {words[:80]}") for w in found if w not in NAMES]


def _english(markup: str, lang: str) -> list[tuple[str, str]]:
    """Each plain ASCII word the page says in `lang` (its text and the attributes read
    aloud, in elements of that language)."""
    parser = _Said()
    parser.feed(markup)
    found = []
    for said_lang, where, words in parser.said:
        if said_lang == lang:
            found += _plain(words, where)
    return found


def test_a_plain_english_word_in_a_pseudo_language_page_is_found():
    """The reading below finds what it looks for: an English word in an element of the
    language, in its text or read aloud; not in an element marked English."""
    page = '<div lang="qps"><p>[Plåy àé] Setup</p><img alt="[Çård] back"></div>'
    assert [w for w, _ in _english(page, "qps")] == ["Setup", "back"]
    assert _english('<div lang="qps"><p lang="en">Setup</p></div>', "qps") == []
    assert _plain("v0.1.0 · ffdeab · [pågé 2/4 àé]", "footer") == []


def test_the_pseudo_language_rulebook_and_e_book_leave_no_english_word(built):
    folder = built / f"{GAME}-qps"
    pages = {"web page": (folder / "rules" / "index.html").read_text("utf-8")}
    with zipfile.ZipFile(next(folder.glob("*-rulebook.epub"))) as z:
        for name in ("rules.xhtml", "nav.xhtml"):
            pages[name] = z.read(f"EPUB/{name}").decode("utf-8")
        opf = z.read("EPUB/package.opf").decode("utf-8")
    for name, markup in pages.items():
        assert 'lang="qps"' in markup, name
        assert _english(markup, "qps") == [], name
    summary = re.search(r'"schema:accessibilitySummary">([^<]*)<', opf)
    assert summary and not re.search(r"(?<![\w.-])[A-Za-z]{3,}(?![\w.-])", summary.group(1))


def test_the_pseudo_language_stats_page_and_charts_leave_no_english_word(built):
    """The stats page's headings, setup sentences (the game's setup steps and variants,
    cardstock's "setup"), tables and charts."""
    folder = built / f"{GAME}-qps" / "stats"
    page = (folder / "index.html").read_text("utf-8")
    assert 'lang="qps"' in page
    assert _english(page, "qps") == []
    assert re.search(r"<h3>\[[^<]*\d+[^<]*</h3>", page)  # a step's heading, said
    for chart in sorted(folder.glob("*.svg")):
        texts = re.findall(r"<text[^>]*>([^<]*)</text>", html.unescape(chart.read_text("utf-8")))
        assert texts, chart.name
        assert [w for t in texts for w in _plain(t, chart.name)] == [], chart.name


def test_the_pseudo_language_pdfs_leave_no_english_word(built):
    """The rulebook, its large print and the quick references (the sheets, the large
    print), as a PDF reader extracts their text."""
    folder = built / f"{GAME}-qps"
    names = ("rulebook", "rulebook-large-print", "quickref-large-print", "quickref-letter")
    for name in names:
        path = folder / f"{GAME}-qps-{name}.pdf"
        text = "\n".join(page.extract_text() or "" for page in PdfReader(path).pages)
        assert len(text) > 500, name
        assert _plain(text, name) == [], name


def test_the_pseudo_language_downloads_section_leaves_no_english_word(built):
    """The whole section of the language on the downloads page (the preview's page): its
    headings, files, gallery's pictures, rules check's list and its language's name."""
    page = (built / "index.html").read_text("utf-8")
    assert '<ul class="figures">' in page  # the check's list, said in the language
    assert _english(page, "qps") == []


def _section(page: str, lang: str) -> str:
    """The downloads table of the page's section in `lang`."""
    start = re.search(rf'<div class="language" id="[^"]*" lang="{lang}"', page)
    assert start, lang
    found = re.search(r"<table[^>]*>.*?</table>", page[start.start() :], re.S)
    assert found, lang
    return found.group(0)


def test_the_pseudo_language_downloads_leave_no_english_word(built):
    page = (built / "index.html").read_text("utf-8")
    table = _section(page, "qps")
    cells = "".join(re.findall(r"<td[^>]*>.*?</td>", table, re.S))
    # a size is said through the language's words too (the pseudo-language brackets them)
    sizes = re.findall(r'<td class="num" data-label="[^"]*">([^<]*\d[^<]*[KM]B[^<]*)</td>', table)
    assert sizes and all(re.fullmatch(r"\[[\d.,]+ [KM]B [^\]]*\]", size) for size in sizes), sizes
    assert _english(f'<div lang="qps">{cells}</div>', "qps") == []


def test_the_french_edition_names_its_tables_sizes_and_papers_in_french(built):
    folder = built / f"{GAME}-fr"
    web = (folder / "rules" / "index.html").read_text("utf-8")
    labels = re.findall(r'<div class="table" role="region" tabindex="0" aria-label="([^"]*)"', web)
    assert labels and all(label.startswith("Tableau : ") for label in labels), labels[:3]
    assert "Table: " not in web
    table = _section((built / "index.html").read_text("utf-8"), "fr")
    sizes = re.findall(r'<td class="num" data-label="[^"]*">([^<]*)</td>', table)
    sizes = [s for s in sizes if not s.isdigit() and s]
    assert sizes and all(re.fullmatch(r"[\d\u202f\u00a0 ]+(,\d)? [KM]o", s) for s in sizes), sizes
    assert "Lettre US" in table and "US Letter" not in table
    assert " KB" not in table and " MB" not in table


def test_the_rules_check_list_of_a_french_edition_is_in_french(built):
    """The check of a language edition is said in its language: sections, checks, their
    summaries and verdicts, and the game's verdict (a finding would be the checker's
    English, marked so)."""
    page = (built / "index.html").read_text("utf-8")
    # the game's section is its first language's, French here (no English was built)
    start = re.search(rf'<section class="game" id="{GAME}-fr"', page)
    assert start
    found = re.search(r'<ul class="figures"([^>]*)>(.*?)</ul>', page[start.start() :], re.S)
    assert found and found.group(1) == "", found
    said = html.unescape(re.sub(r"<[^>]+>", " ", found.group(2)))
    for words in ("Sûreté d’impression", "rien à signaler", "réussit"):
        assert words in said, said[:400]
    for words in ("Print safety", "no findings", "passes", "passed"):
        assert words not in said


def test_a_catalog_of_cardstocks_words_lacking_a_message_is_reported():
    """`check --lang fr` (validation of the French edition) says when cardstock's French
    leaves one of its messages in English, naming it; a whole catalog says nothing."""
    from cardstock.catalog.variants import _no_tool_words
    from cardstock.core.toolwords import ToolWords, tool_words

    fr = tool_words("fr")
    assert _no_tool_words(fr, "catalog/g/translations/fr.po") == []
    lacking = ToolWords("fr", {k: v for k, v in fr.table.items() if k != "Table: {columns}"},
                        fr.plurals)  # fmt: skip
    (issue,) = _no_tool_words(lacking, "catalog/g/translations/fr.po")
    assert issue.level == "warning" and "'Table: {columns}'" in issue.message
    assert "1 of its messages" in issue.message


def test_a_pseudo_language_editions_rules_check_says_no_english_word_but_its_findings():
    """The check of a language edition, as the downloads page lists it: every section,
    check, summary (none, warnings, findings, a warning --strict fails) and the verdict in
    the language; the verdicts' marks through the page's words; a finding is the
    checker's English (the page marks it so)."""
    from cardstock.catalog.pseudo import pseudo
    from cardstock.core.issues import Issue
    from cardstock.core.toolwords import tool_words
    from cardstock.rules.report import CheckReport, GameReport, provider_verdict, render
    from cardstock.rules.verdicts import Check
    from cardstock.site.pagewords import MARKS, section_words
    from cardstock.stages import CHECKS

    words = tool_words("qps", made=pseudo)
    finding = Issue("cards.csv", 2, "text", "the checker says this")
    warned = Issue("cards.csv", 2, "text", "the checker says this", "warning")
    kinds = ([], [warned], [finding], [warned])
    game = GameReport("g-qps", "[Gåmé]", (2, 4))
    for n, provider in enumerate(CHECKS):
        found = kinds[n % len(kinds)]
        status, summary = provider_verdict(found, strict=n % len(kinds) == 3)
        game.checks.append(
            Check(provider.section, provider.title, status, summary, findings=found,
                  provider=provider.name)
        )  # fmt: skip
    lines = render(CheckReport([game], 1, None), words=words).splitlines()[1:-1]
    said = [line.strip() for line in lines if "the checker says this" not in line]
    assert len(said) > len(CHECKS)
    marks = set(MARKS)
    for line in said:
        first, _, rest = line.partition(" ")
        assert _plain(rest if first in marks else line, "check") == [], line
    assert all(_plain(section_words(words)[f"mark-{m}"], m) == [] for m in MARKS)


def test_a_language_cardstock_has_no_words_in_lists_its_check_marked_english(tmp_path):
    """A translation into a language cardstock has no catalog of its own words for (German
    here, the French texts given as German's) prints cardstock's words in English, with a
    warning: its check's list on the downloads page is marked English as a whole."""
    root = copy_project(tmp_path / "proj", (GAME,))
    game = root / "catalog" / GAME / "game.toml"
    game.write_text(
        game.read_text("utf-8").replace('languages = ["fr"]', 'languages = ["fr", "de"]'), "utf-8"
    )
    folder = root / "catalog" / GAME / "translations"
    french = (folder / "fr.po").read_text("utf-8")
    (folder / "de.po").write_text(french.replace('"Language: fr\\n"', '"Language: de\\n"'), "utf-8")
    out = tmp_path / "out"
    args = ["--root", str(root), "build", GAME, "--lang", "de", "--out", str(out)]
    assert main([*args, "--only", "printed,page", "--jobs", "1"]) == 0
    page = (out / "index.html").read_text("utf-8")
    lists = re.findall(r'<ul class="figures"([^>]*)>', page)
    assert lists == [' lang="en"'], lists
