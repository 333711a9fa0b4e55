"""A translated edition's reader-facing pages say cardstock's own words in its language
(issue 76): a table's name for a screen reader, a file's size, a paper's name, the
e-book's accessibility summary. A build in the pseudo-language (`qps`, docs/languages.md),
whose every translated word is accented and bracketed, shows what is still English: a
plain ASCII word."""

from __future__ import annotations

import re
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import ROOT

from cardstock.cli import main

GAME = "atmosfear"
# words that are the same in every language: the formats' own names
NAMES = {"PDF", "EPUB"}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("langs")
    args = ["--root", str(ROOT), "build", GAME, "--out", str(out), "--lang", "fr,qps"]
    code = main([*args, "--only", "svg,rulebook,page", "--jobs", "1"])
    assert code == 0
    return out


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


def _english(markup: str, lang: str) -> list[tuple[str, str]]:
    """Each plain ASCII word (three letters or more) the page says in `lang`: in the
    pseudo-language, a word cardstock or the game left untranslated."""
    parser = _Said()
    parser.feed(markup)
    found = []
    for said_lang, where, words in parser.said:
        if said_lang != lang:
            continue
        for word in re.findall(r"(?<![\w.-])[A-Za-z]{3,}(?![\w.-])", words):
            if word not in NAMES:
                found.append((word, f"{where}: {words[:80]}"))
    return found


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
    assert "Demi-lettre US" in table and "Half Letter" not in table
    assert " KB" not in table and " MB" not in table


def test_the_rules_check_list_in_a_translated_section_is_marked_english(built):
    """The checker reports in English: inside a French section its list says so, so a
    screen reader reads it in an English voice."""
    page = (built / "index.html").read_text("utf-8")
    lists = re.findall(r'<ul class="figures"([^>]*)>', page)
    assert lists and all(attrs == ' lang="en"' for attrs in lists), lists


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
