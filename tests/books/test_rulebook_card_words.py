"""The cards' words for readers who cannot see the pictures (issue 76): every face shown in
a rulebook's web page and e-book carries the words it prints (`books.cardwords`) in its
alt text, and the name its caption gives is not said twice."""

from __future__ import annotations

import html
import re
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import ROOT, Rulebooks, copy_project, lay_out, load_games, stage
from pypdf import PdfReader

from cardstock.books.cardwords import card_words
from cardstock.core import markup
from cardstock.core.stage import BuildOptions

GAMES = sorted(p.name for p in (ROOT / "catalog").iterdir() if (p / "game.toml").is_file())


@pytest.fixture(scope="module")
def built(default_rulebooks: Rulebooks) -> tuple[Path, dict[str, object]]:
    """Every shipped game's faces and rulebook, as a default build writes them (the run's
    shared build, read only)."""
    catalogs, _ = load_games(ROOT, GAMES)
    return default_rulebooks.out, {c.id: c for c in catalogs}


class _Figures(HTMLParser):
    """Each face's figure: the id of the face its picture shows, its alt text, caption."""

    def __init__(self) -> None:
        super().__init__()
        self.faces: list[dict[str, str]] = []
        self._caption: dict[str, str] | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "img" and a.get("src", "").endswith(".svg"):
            face = Path(a["src"]).stem
            self.faces.append({"id": face, "alt": a.get("alt") or "", "caption": ""})
        elif tag == "figcaption" and self.faces and not self.faces[-1]["caption"]:
            self._caption = self.faces[-1]

    def handle_endtag(self, tag):
        if tag == "figcaption":
            self._caption = None

    def handle_data(self, data):
        if self._caption is not None:
            self._caption["caption"] += data


def _figures(markup_text: str) -> list[dict[str, str]]:
    parser = _Figures()
    parser.feed(markup_text)
    return parser.faces


def _said(text: str, catalog) -> str:
    """A text field as a reader hears it: its marks gone, each icon by its label."""
    out = []
    for span in markup.spans(text.replace("\\\n", "\n")):
        if span.icon is not None:
            icon = catalog.game.icons.get(span.icon)
            label = (icon.label if icon else None) or span.icon.replace("-", " ").capitalize()
            out.append(f" {label} ")
        else:
            out.append(span.text)
    return " ".join("".join(out).split())


def _texts(catalog) -> dict[str, list[str]]:
    """Each component's text fields (the fields of type "text"), as said."""
    out: dict[str, list[str]] = {}
    for c in catalog.components:
        specs = catalog.field_specs(c.set)
        out[c.id] = [
            _said(v, catalog)
            for k, v in c.fields.items()
            if isinstance(v, str) and v.strip() and specs.get(k) and specs[k].type == "text"
        ]
    return out


def _printed(out: Path, game: str, cid: str, texts: list[str]) -> list[str]:
    """The texts of `texts` a face's SVG prints: one of its lines of two words or more is
    a piece of the text (a field the layout does not show is not the face's word)."""
    svg = (out / game / "svg" / f"{cid}.svg").read_text("utf-8")
    lines = [" ".join(html.unescape(t).split()) for t in re.findall(r"<text[^>]*>([^<]*)<", svg)]
    lines = [t for t in lines if len(t.split()) >= 2]
    return [text for text in texts if any(line in text for line in lines)]


def _pages(out: Path, game: str) -> dict[str, str]:
    with zipfile.ZipFile(out / game / f"{game}-rulebook.epub") as z:
        chapter = z.read("EPUB/rules.xhtml").decode("utf-8")
    return {"web page": (out / game / "rules" / "index.html").read_text("utf-8"), "epub": chapter}


@pytest.mark.parametrize("game", GAMES)
def test_every_face_shown_carries_the_text_it_prints(built, game):
    out, catalogs = built
    catalog = catalogs[game]
    texts = {cid: _printed(out, game, cid, t) for cid, t in _texts(catalog).items() if t}
    for edition, page in _pages(out, game).items():
        figures = _figures(page)
        shown = {f["id"] for f in figures}
        assert shown, (game, edition)
        for f in figures:
            alt = " ".join(f["alt"].split())
            for text in texts.get(f["id"], []):
                assert text in alt, (game, edition, f["id"], text, alt)
        # every component with words is shown somewhere, so none of its words is missing
        assert {cid for cid, t in texts.items() if t} <= shown, (game, edition)


def test_most_faces_of_the_games_print_a_text_field(built):
    """What the test above reads is there: a face's text field found in its SVG."""
    out, catalogs = built
    printed = [
        cid
        for game in GAMES
        for cid, texts in _texts(catalogs[game]).items()
        if _printed(out, game, cid, texts)
    ]
    assert len(printed) > 100


@pytest.mark.parametrize("game", GAMES)
def test_a_captioned_face_does_not_say_its_caption_again(built, game):
    out, catalogs = built
    for edition, page in _pages(out, game).items():
        captioned = [f for f in _figures(page) if f["caption"]]
        assert captioned, (game, edition)
        for f in captioned:
            name = re.sub(r"^\d+\u00d7\s*", "", " ".join(f["caption"].split()))
            assert not f["alt"].startswith(name + "."), (game, edition, f)


def test_the_words_are_those_the_face_prints_in_reading_order():
    """Read from the laid-out face: each box once, top to bottom, left to right; the
    version mark and an index printed twice left out."""
    catalogs, _ = load_games(ROOT, ["atmosfear"])
    cat = catalogs[0]
    card = next(c for c in cat.components if c.fields.get("rank") == 6)
    face = lay_out(cat, card, "front")
    said = card_words(cat, face)
    rank, name = said.split(". ")[:2]
    assert (rank, name) == ("6", card.name)
    assert said.count(". 6") == 0 and not said.endswith("6")  # the index's second 6
    assert _said(card.fields["text"], cat) in said
    assert f"v{cat.game.version}" not in said
    assert not card_words(cat, face, (card.name,)).count(card.name + ".")
    assert card_words(cat, None) == ""


def test_an_icon_in_a_card_text_is_said_by_its_label():
    catalogs, _ = load_games(ROOT, ["alter-ego"])
    cat = catalogs[0]
    card = next(c for c in cat.components if ":" in str(c.fields.get("text", "")))
    icon = re.search(r":([a-z0-9-]+):", card.fields["text"]).group(1)
    label = cat.game.icons[icon].label or icon.capitalize()
    said = card_words(cat, lay_out(cat, card, "front"))
    assert label in said and f":{icon}:" not in said


def _pdf_words(path: Path) -> str:
    """A PDF's text outside its pictures (a face's own lettering, drawn scaled down to a
    thumbnail, is the picture's), its lines run together."""
    runs: list[str] = []
    for page in PdfReader(path).pages:

        def visit(text, cm, tm, font, size):
            if (cm[0] ** 2 + cm[1] ** 2) ** 0.5 >= 0.75:
                runs.append(text)

        page.extract_text(visitor_text=visit)
    return " ".join(" ".join(runs).split())


def test_the_large_print_gallery_prints_each_face_s_words_beside_it(tmp_path):
    """`--card-words`: the large-print edition's component list sets beside each face the
    words it prints, at the book's body size; without it, the faces stand alone."""
    game = "atmosfear"
    catalogs, _ = load_games(ROOT, [game])
    cat = catalogs[0]
    for asked in (False, True):
        out = tmp_path / str(asked)
        stage("svg")(cat, BuildOptions(out=out))
        stage("rulebook")(cat, BuildOptions(out=out, large_print=True, card_words=asked))
        text = _pdf_words(out / game / f"{game}-rulebook-large-print.pdf")
        printed = [t for cid, texts in _texts(cat).items() for t in _printed(out, game, cid, texts)]
        assert len(printed) > 50
        found = [t for t in printed if t in text]
        assert found == (printed if asked else []), (asked, len(found), len(printed))


def _face_said(face: str, catalog) -> str:
    """A die's face as a reader hears it: its words, or its icons' labels when it has none
    (an icon beside a word is the word's picture)."""
    spans = markup.spans(face)
    words = " ".join("".join(s.text for s in spans if s.icon is None).split())
    return words or _said(face, catalog)


@pytest.mark.parametrize("game", GAMES)
def test_every_die_shown_says_each_of_its_faces_apart(built, game):
    """A die's picture says its faces, one by one, whether they print words (a colour die)
    or pips only (a number die): never its name, group and count alone."""
    out, catalogs = built
    catalog = catalogs[game]
    dice = {
        c.id: [_face_said(str(f), catalog) for f in c.fields["faces"]]
        for c in catalog.components
        if isinstance(c.fields.get("faces"), list)
    }
    for edition, page in _pages(out, game).items():
        for f in _figures(page):
            if f["id"] in dice:
                alt = " ".join(f["alt"].split())
                said = [w for w in dice[f["id"]] if w]
                assert ", ".join(said) in alt, (game, edition, f["id"], said, alt)


def test_the_web_page_and_the_e_book_work_out_each_faces_words_once(tmp_path, monkeypatch):
    """The rulebook's two readers show the same faces with the same words: the words of
    each face (by its component, caption and label) are worked out once for both."""
    from collections import Counter

    from cardstock.books import content, xhtml

    worked: Counter[tuple[str, str, str | None]] = Counter()
    for module in (content, xhtml):
        original = module.face_words

        def counted(catalog, c, face, caption="", label=None, original=original):
            worked[(c.id, caption, label)] += 1
            return original(catalog, c, face, caption, label)

        monkeypatch.setattr(module, "face_words", counted)
    game = "atmosfear"
    (cat,), _ = load_games(ROOT, [game])
    out = tmp_path / "out"
    stage("svg")(cat, BuildOptions(out=out))
    stage("rulebook")(cat, BuildOptions(out=out))
    shown = {f["id"] for f in _figures((out / game / "rules" / "index.html").read_text())}
    with zipfile.ZipFile(out / game / f"{game}-rulebook.epub") as book:
        assert "faces/" in " ".join(book.namelist())
    assert len(shown) > 20
    assert {cid for cid, _, _ in worked} == shown
    assert set(worked.values()) == {1}


def test_a_build_works_out_each_faces_words_once_for_every_edition(tmp_path, monkeypatch):
    """The rules check's typeset book (its figures' words), the web page and the e-book of
    one build show the same faces with the same words: each face's words (by its
    component, caption and label) are worked out once for all of them."""
    from collections import Counter

    from cardstock.books import art, cardwords, content, xhtml
    from cardstock.cli import main

    worked: Counter[tuple[str, str, str, str | None]] = Counter()
    for module in (art, content, xhtml):  # each module that asks for a face's words
        original = getattr(module, "face_words", cardwords.face_words)

        def counted(catalog, c, face, caption="", label=None, original=original):
            worked[(catalog.id, c.id, caption, label)] += 1
            return original(catalog, c, face, caption, label)

        monkeypatch.setattr(module, "face_words", counted, raising=False)
    game = "atmosfear"
    root = copy_project(tmp_path / "proj", (game,))
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    out = tmp_path / "out"
    args = ["--root", str(root), "build", "--out", str(out), "--jobs", "1", "--paper", "letter"]
    assert main([*args, "--only", "svg,rulebook"]) == 0
    pdf = PdfReader(out / game / f"{game}-rulebook.pdf")
    assert "Key cards" in "".join(page.extract_text() for page in pdf.pages)
    shown = {f["id"] for f in _figures((out / game / "rules" / "index.html").read_text())}
    assert len(shown) > 20
    assert {cid for g, cid, _, _ in worked if g == game} >= shown
    assert set(worked.values()) == {1}, [k for k, n in worked.items() if n > 1][:5]
