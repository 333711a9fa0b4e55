"""The downloads page offers a game built in several languages as one game with a choice
of language: each language's files under the language's own name, each link marked with
the language of what it leads to (docs/publishing.md, "Languages on the page")."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po, write_po

from cardstock.cli import main
from cardstock.init import init_project
from cardstock.site.page import language_name

GAME = "demo"


class Page(HTMLParser):
    """Every element's tag and attributes, and the text inside each element id'd."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {k: v or "" for k, v in attrs}))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("site") / "proj"
    init_project(root, "Demo")
    game = root / "catalog" / GAME / "game.toml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace('version = "0.1.0"', 'version = "0.1.0"\nlanguages = ["fr"]'))
    assert main(["--root", str(root), "translate", "update", GAME]) == 0
    po = root / "catalog" / GAME / "translations" / "fr.po"
    with po.open("rb") as f:
        catalog = read_po(f)
    for m in catalog:
        if m.id and isinstance(m.id, str):
            m.string = {"game.title": "Démo"}.get(m.context or "", "FR " + m.id)
    with po.open("wb") as f:
        write_po(f, catalog)
    assert main(["--root", str(root), "build", "--only", "pnp,rulebook,svg,page"]) == 0
    return root / "output" / "index.html"


def parsed(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def test_languages_are_named_in_their_own_language() -> None:
    assert language_name("fr") == "Français"
    assert language_name("de") == "Deutsch"
    assert language_name("ja") == "日本語"
    assert language_name("qps") == "[Pséüdö-låñgüågé àéîõü]"  # names itself as it says all
    assert language_name("qaa") == "qaa"  # a code CLDR does not know is shown as it is


def test_a_game_in_two_languages_is_one_game_on_the_page(built: Path) -> None:
    html = built.read_text(encoding="utf-8")
    sections = [a for tag, a in parsed(built).tags if tag == "section" and a.get("class") == "game"]
    assert [s["id"] for s in sections] == ["demo"]
    assert re.search(r"<h2>Demo</h2>", html)
    assert re.search(r'<h3 lang="fr">Français — Démo</h3>', html)
    assert re.search(r'<h3 lang="en">English</h3>', html)


def test_the_language_choice_links_each_languages_files(built: Path) -> None:
    tags = parsed(built).tags
    choice = [a for tag, a in tags if tag == "a" and a.get("href", "").startswith("#files-")]
    assert [(a["href"], a["hreflang"], a["lang"]) for a in choice] == [
        ("#files-demo", "en", "en"),
        ("#files-demo-fr", "fr", "fr"),
    ]
    ids = {a.get("id") for _, a in tags}
    assert {"files-demo", "files-demo-fr"} <= ids


def test_each_download_link_is_marked_with_its_language(built: Path) -> None:
    links = [
        a for tag, a in parsed(built).tags if tag == "a" and a.get("href", "").endswith(".pdf")
    ]
    french = [a for a in links if a["href"].startswith("demo-fr/")]
    english = [a for a in links if a["href"].startswith("demo/")]
    assert french and english
    assert all(a.get("hreflang") == "fr" for a in french)
    assert all(a.get("hreflang") == "en" for a in english)
    for a in links:
        assert (built.parent / a["href"]).is_file()


def test_the_page_itself_is_in_the_language_of_its_words(built: Path) -> None:
    html = built.read_text(encoding="utf-8")
    assert html.count("<html") == 1 and '<html lang="en">' in html


class Sections(HTMLParser):
    """The text inside each element carrying a `lang`, by that language (nested runs are
    their own language's), and the `lang` of the page itself."""

    def __init__(self) -> None:
        super().__init__()
        self.page = ""
        self.stack: list[tuple[str, str]] = []  # (tag, language in force)
        self.text: dict[str, list[str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs).get("lang") or ""
        if tag == "html":
            self.page = given
        here = given or (self.stack[-1][1] if self.stack else self.page)
        if tag not in ("meta", "img", "link", "br"):
            self.stack.append((tag, here))
        for name in ("data-label",):
            if dict(attrs).get(name):
                self.text.setdefault(here, []).append(str(dict(attrs)[name]))

    def handle_endtag(self, tag: str) -> None:
        while self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if data.strip() and self.stack and self.stack[-1][0] not in ("style", "title"):
            self.text.setdefault(self.stack[-1][1], []).append(data.strip())


def test_each_languages_files_are_labelled_in_that_language(built: Path) -> None:
    from cardstock.core.toolwords import tool_words
    from cardstock.site.pagewords import HEADS, KIND_LABELS

    page = Sections()
    page.feed(built.read_text(encoding="utf-8"))
    french, english = " | ".join(page.text["fr"]), " | ".join(page.text["en"])
    fr = tool_words("fr")
    for kind in ("pnp", "rulebook"):
        assert fr(KIND_LABELS[kind]) != KIND_LABELS[kind]
        assert fr(KIND_LABELS[kind]) in french and KIND_LABELS[kind] not in french
        assert KIND_LABELS[kind] in english
    for head in ("paper", "size"):
        assert fr(HEADS[head]) in french and HEADS[head] not in french.split(" | ")
    assert page.page == "en"


def test_a_page_of_games_all_written_in_one_language_is_in_that_language(tmp_path) -> None:
    from cardstock.core.toolwords import tool_words
    from cardstock.site.page import _unknown_game, page_context, render_page
    from cardstock.site.pagewords import CALIBRATION, KIND_LABELS, TITLE, said_of

    info = {**_unknown_game("jeu"), "lang": "fr", "words": said_of(tool_words("fr"))}
    entries: list[dict[str, Any]] = [
        {"game": "jeu", "kind": "pnp", "path": "jeu/jeu-pnp-a4.pdf", "paper": "a4",
         "pages": 3, "bytes": 900},
        {"game": None, "kind": "calibration", "path": "calibration-a4.pdf", "paper": "a4",
         "pages": 2, "bytes": 900},
    ]  # fmt: skip
    html = render_page(tmp_path, page_context([], entries, {}, {"jeu": info}))
    page = Sections()
    page.feed(html)
    assert page.page == "fr" and set(page.text) == {"fr"}
    words, fr = " | ".join(page.text["fr"]), tool_words("fr")
    for message in (TITLE, CALIBRATION, KIND_LABELS["pnp"]):
        assert fr(message) != message
        assert fr(message) in words and message not in words
