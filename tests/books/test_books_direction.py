"""The web page and EPUB of a rulebook say each part's language and direction, so a
browser orders right-to-left text and picks CJK fonts as the language asks: the document
its edition's `lang` and `dir`, a block going the other way its own `dir`, kana in a page
of another language `lang="ja"`, and cardstock's words left in English `lang="en"`.

The books are made of the two script test games of tests/fixtures/scripts, each as its
edition in the language it is written in (Arabic, Japanese), and a few lines of text."""

from __future__ import annotations

from dataclasses import replace as dc_replace
from html.parser import HTMLParser
from pathlib import Path

from cardstock.books.content import Directive
from cardstock.books.direction import Marks, language_dir
from cardstock.books.epub import Access, _nav, _package
from cardstock.books.xhtml import Writer, page
from cardstock.catalog.load import Catalog, load_game
from cardstock.core.issues import Issues
from cardstock.core.toolwords import tool_words
from cardstock.layout.art.symbols import Library

FIXTURE = Path(__file__).parents[1] / "fixtures" / "scripts"


class Elements(HTMLParser):
    """Every element's tag, attributes and its own text, in order; its attributes hold the
    language and direction in force (`in-lang`, `in-dir`: its own, else its parent's)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str], list[str]]] = []
        self.open: list[int] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        own = {k: v or "" for k, v in attrs}
        parent = self.found[self.open[-1]][1] if self.open else {}
        for name in ("lang", "dir"):
            own[f"in-{name}"] = own.get(name) or parent.get(f"in-{name}", "")
        self.found.append((tag, own, []))
        if tag not in ("meta", "img", "link", "br"):
            self.open.append(len(self.found) - 1)

    def handle_endtag(self, tag: str) -> None:
        if self.open:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        if self.open and data.strip():
            self.found[self.open[-1]][2].append(data.strip())


def elements(markup: str) -> list[tuple[str, dict[str, str], str]]:
    parser = Elements()
    parser.feed(markup)
    return [(tag, attrs, " ".join(text)) for tag, attrs, text in parser.found]


ARABIC = """# طريقة اللعب

يبدأ كل لاعب بخمس بطاقات في يده.

- اسحب بطاقة واحدة.
- إذا كان في يدك أكثر من 7 بطاقات، تخلّص من الزائد.

| اللاعبون | البطاقات |
|---|---|
| 2 | 5 |
"""
JAPANESE = """# 遊び方

各プレイヤーはカードを五枚引いてから始める。
"""


def edition(game: str, lang: str) -> Catalog:
    """A script test game as its edition in `lang` is built: its game file naming the
    language, cardstock's words in it (none in Arabic or Japanese: English)."""
    root = FIXTURE
    catalog = load_game(root, game, Issues())
    assert catalog is not None
    game_file = catalog.game.model_copy(update={"language": lang})
    return dc_replace(catalog, game=game_file, tool_words=tool_words(lang))


def web_page(catalog: Catalog, text: str) -> str:
    """The rulebook's web page of `text` (a rulebook's rendered Markdown, its component
    list after it), as the rulebook stage writes it."""
    library = Library({}, {}, "symbols.toml", [])
    body = Writer(catalog, library, lambda c: f"../svg/{c.id}.svg").body(
        [text, Directive("components", ())]
    )
    return page(catalog, body, "#334455", "Liberation Sans", None)


def test_a_language_written_right_to_left_is_known_by_its_code() -> None:
    assert [language_dir(x) for x in ("ar", "he", "fa", "ar-EG", "ur")] == ["rtl"] * 5
    assert [language_dir(x) for x in ("en", "fr", "ja", "zh-Hant", "qps")] == ["ltr"] * 5


def test_a_block_going_the_other_way_than_its_document_says_its_direction() -> None:
    english, arabic = Marks("en"), Marks("ar")
    assert english.block("يبدأ كل لاعب <strong>بخمس</strong> بطاقات.") == ' dir="rtl"'
    assert english.block("Draw <em>two</em> cards.") == ""
    assert arabic.block("Draw two cards.") == ' dir="ltr"'
    assert arabic.block("يربح اللاعب 3 نقاط إذا لعب Flood أولاً.") == ""
    assert arabic.block("7") == ""  # a number alone has no direction of its own


def test_kana_or_hangul_in_a_page_of_another_language_says_its_language() -> None:
    assert Marks("en").block("カードを一枚引く。") == ' lang="ja" xml:lang="ja"'
    assert Marks("ja").block("カードを一枚引く。") == ""
    assert Marks("fr").block("카드 한 장") == ' lang="ko" xml:lang="ko"'
    assert Marks("en").block("火水") == ""  # Chinese characters alone name no language


def test_an_arabic_rulebooks_page_is_right_to_left_and_its_english_words_are_marked() -> None:
    found = elements(web_page(edition("arabic", "ar"), ARABIC))
    root = found[0][1]
    assert (root["lang"], root["dir"]) == ("ar", "rtl")
    arabic = [e for e in found if e[0] in ("p", "li", "h2", "h3", "td") and "بطاق" in e[2]]
    assert len(arabic) >= 3 and all("dir" not in attrs for _, attrs, _ in arabic)
    english = [e for e in found if e[2].startswith(("For 2 to 4", "Rules ·", "In the box"))]
    assert len(english) == 3
    assert all((a["in-lang"], a["in-dir"]) == ("en", "ltr") for _, a, _ in english)


def test_an_arabic_epub_is_right_to_left_in_its_navigation_and_page_order() -> None:
    catalog = edition("arabic", "ar")
    nav = _nav([], "ar", "Contents").decode("utf-8")
    html = next(e for e in elements(nav) if e[0] == "html")[1]
    assert (html["lang"], html["xml:lang"], html["dir"]) == ("ar", "ar", "rtl")
    assert '<spine page-progression-direction="rtl">' in _package(
        catalog, [], Access(False, False, False, False)
    ).decode("utf-8")
    assert "page-progression" not in _package(
        edition("japanese", "ja"), [], Access(False, False, False, False)
    ).decode("utf-8")


def test_a_japanese_rulebooks_page_is_japanese_and_its_english_counts_are_marked() -> None:
    found = elements(web_page(edition("japanese", "ja"), JAPANESE))
    assert (found[0][1]["lang"], found[0][1]["dir"]) == ("ja", "ltr")
    marked = [e for e in found[1:] if e[1].get("lang") == "ja"]
    assert marked == []  # the document says it once
    counts = [e for e in found if e[0] == "span" and e[2].endswith("cards")]
    assert counts and all(a.get("lang") == "en" for _, a, _ in counts)


def test_a_faces_alt_text_holds_no_english_count_in_a_language_cardstock_has_no_words_for() -> None:
    found = elements(web_page(edition("japanese", "ja"), JAPANESE))
    faces = [a for tag, a, _ in found if tag == "img" and "svg" in a.get("src", "")]
    assert faces and found[0][1]["lang"] == "ja"
    assert not [a["alt"] for a in faces if "card" in a["alt"]]  # the name alone, in Japanese
    counts = [
        (a, text) for tag, a, text in found if tag == "span" and "unseen" in a.get("class", "")
    ]
    assert len(counts) == len(faces)  # each face's count follows it, English and marked so
    assert all(a["lang"] == "en" and text.endswith(("card", "cards")) for a, text in counts)


def test_a_faces_alt_text_keeps_its_count_where_cardstock_has_the_languages_words() -> None:
    catalog = edition("japanese", "ja")
    french = dc_replace(catalog, tool_words=tool_words("fr"))  # cardstock's French words
    found = elements(web_page(french, JAPANESE))
    alts = [a["alt"] for tag, a, _ in found if tag == "img" and "svg" in a.get("src", "")]
    assert alts and all(alt.endswith(("carte", "cartes")) for alt in alts)
    assert not [a for tag, a, _ in found if "unseen" in a.get("class", "")]
