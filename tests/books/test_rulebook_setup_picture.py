"""A rulebook's setup picture (`{{ setup_picture() }}`), read back from the books a default
build writes: the piles the declared setup leaves, each with its count for every player
count as text on the page, a `Figure` whose alternative text says the same, and the web
page's and the e-book's figure named by those words."""

from __future__ import annotations

import html
import re
import zipfile
from pathlib import Path

import pikepdf
import pytest
from conftest import GAMES, ROOT, Rulebooks, load_games
from pypdf import PdfReader

from cardstock.books.setup_piles import SetupPicture, setup_picture
from cardstock.catalog.translations import read_translation, setup_texts
from cardstock.catalog.wording import pile_words
from cardstock.core.toolwords import messages


@pytest.fixture(scope="module")
def pictures() -> dict[str, SetupPicture]:
    catalogs, _ = load_games(ROOT, list(GAMES))
    out = {}
    for c in catalogs:
        picture = setup_picture(c)
        assert picture is not None, c.id  # every shipped game declares its setup
        out[c.id] = picture
    return out


def _page_of(path: Path, title: str) -> str:
    """The text of the page the picture is on (its first title)."""
    for page in PdfReader(path).pages:
        text = page.extract_text()
        if re.search(rf"(?m)^{re.escape(title)}$", text):
            return text
    raise AssertionError(f"{path.name}: no page shows {title!r}")


def _figure_alts(path: Path) -> list[str]:
    with pikepdf.open(path) as pdf:
        found: list[str] = []
        todo = [pdf.Root.StructTreeRoot]
        while todo:
            node = todo.pop()
            if node.get("/S") == "/Figure" and "/Alt" in node:
                found.append(str(node.Alt))
            kids = node.get("/K")
            if isinstance(kids, pikepdf.Array):
                todo += [k for k in kids if isinstance(k, pikepdf.Dictionary)]
            elif isinstance(kids, pikepdf.Dictionary):
                todo.append(kids)
    return found


def test_each_pile_and_each_count_is_text_on_the_pictures_page(
    default_rulebooks: Rulebooks, pictures: dict[str, SetupPicture]
) -> None:
    for game, picture in pictures.items():
        text = _page_of(default_rulebooks.out / game / f"{game}-rulebook.pdf", picture.shared_title)
        lines = {line.strip() for line in text.splitlines()}
        for pile in (*picture.shared, *picture.each):
            assert pile.name in " ".join(text.split()), (game, pile.name)  # wrapped or not
            for line in pile.lines:
                assert line in lines, (game, pile.name, line)


def test_the_counts_are_the_declared_setups(pictures: dict[str, SetupPicture]) -> None:
    (vortex,), _ = load_games(ROOT, ["vortex"])
    steps = vortex.rules.setup.steps
    chosen = next(s for s in steps if s.do == "choose" and s.to == "vortex").count
    hand = next(s for s in steps if s.do == "refill" and s.to == "hand").upto
    shown = {p.name: p.lines for p in (*pictures["vortex"].shared, *pictures["vortex"].each)}
    assert shown["Vortex"] == (str(chosen),)
    assert shown["Hand"] == (str(hand),)
    # a count that depends on the player count says so for each
    frenzies = vortex.set("frenzies").name
    assert [line.split(":")[0] for line in shown[frenzies]] == [
        "2 players",
        "3 players",
        "4 players",
    ]


def test_the_picture_is_a_figure_whose_words_say_every_count(
    default_rulebooks: Rulebooks, pictures: dict[str, SetupPicture]
) -> None:
    for game, picture in pictures.items():
        alts = _figure_alts(default_rulebooks.out / game / f"{game}-rulebook.pdf")
        assert picture.words() in alts, game
        for pile in (*picture.shared, *picture.each):
            assert all(line in picture.words() for line in pile.lines)


def test_the_web_page_and_the_ebook_name_the_figure_by_the_same_words(
    default_rulebooks: Rulebooks, pictures: dict[str, SetupPicture]
) -> None:
    for game, picture in pictures.items():
        folder = default_rulebooks.out / game
        web = (folder / "rules" / "index.html").read_text("utf-8")
        with zipfile.ZipFile(folder / f"{game}-rulebook.epub") as book:
            chapters = [book.read(n).decode() for n in book.namelist() if n.endswith(".xhtml")]
        for page in (web, next(c for c in chapters if 'class="setup"' in c)):
            label = re.search(r'<figure class="setup" aria-label="([^"]*)"', page)
            assert label and html.unescape(label[1]) == picture.words(), game


def test_the_french_picture_is_in_french(default_rulebooks: Rulebooks) -> None:
    path = default_rulebooks.out / "atmosfear-fr" / "atmosfear-fr-rulebook.pdf"
    text = _page_of(path, "Sur la table")
    assert "Devant chaque joueur" in text and re.search(r"(?m)^2 joueurs ?: \d+", text)
    # its words: French sets a no-break space before a colon
    (alt,) = [a for a in _figure_alts(path) if a.startswith("Mise en place.")]
    assert "Sur la table\u00a0: " in alt and "2 joueurs\u00a0: " in alt, alt


def test_every_pile_the_game_names_only_by_its_id_is_a_text_to_translate() -> None:
    """A pile with no set of its id and no row of `[tables.piles]` is named by its id in
    words; each such pile a picture shows is a text of the game (`setup.pile.<id>`), so a
    translation names it in its language as it names the rest, unless those words are one
    of cardstock's own messages ("Hand"), which cardstock's catalog translates."""
    catalogs, _ = load_games(ROOT, list(GAMES))
    own = {m[0] for m in messages()}
    asked = cardstocks = 0
    for c in catalogs:
        keyed = {t.key: t.source for t in setup_texts(c)}
        named = {s.id for s in c.game.sets} | {
            str(row[0]) for row in getattr(c.game.tables.get("piles"), "rows", [])
        }
        for pile in c.rules.setup.report or []:
            if pile in named:
                continue
            if pile_words(pile) in own:
                cardstocks += 1
                assert f"setup.pile.{pile}" not in keyed, (c.id, pile)
            else:
                asked += 1
                assert keyed.get(f"setup.pile.{pile}") == pile_words(pile), (c.id, pile)
    assert asked >= 3 and cardstocks >= 3


def test_the_french_picture_names_its_piles_in_french(default_rulebooks: Rulebooks) -> None:
    """The French Atmosfear's piles: its sets' translated names, and the pack by the word
    its rules use for it, which its `.po` gives for cardstock's "Pack" (msgctxt
    "cardstock"), never the English words of an id."""
    (english,), _ = load_games(ROOT, ["atmosfear"])
    given = read_translation(english, "fr", []).tool
    path = default_rulebooks.out / "atmosfear-fr" / "atmosfear-fr-rulebook.pdf"
    (alt,) = [a for a in _figure_alts(path) if a.startswith("Mise en place.")]
    assert f"{given['Pack']}\u00a0: " in alt and "Main\u00a0: " in alt, alt
    for pile in english.rules.setup.report:
        assert f"{pile_words(pile)}\u00a0: " not in alt, (pile, alt)


def test_a_catalog_is_simulated_once_for_every_book_that_draws_its_picture(monkeypatch) -> None:
    """The typeset books, the web page and the e-book of one build draw the picture of one
    catalog: its setup is simulated once; a catalog loaded again (an edit) is simulated
    anew, so it never shows the piles of the one before."""
    from cardstock.books import setup_piles
    from cardstock.rules.setup.simulator import simulate

    done: list[int] = []

    def counted(components, setup, counts, runs=1):
        done.append(runs)
        return simulate(components, setup, counts, runs=runs)

    monkeypatch.setattr(setup_piles, "simulate", counted)
    first = load_games(ROOT, ["alter-ego"])[0][0]
    pictures = [setup_picture(first) for _ in range(4)]
    assert len(done) == 1
    assert all(p == pictures[0] for p in pictures)
    again = load_games(ROOT, ["alter-ego"])[0][0]
    assert setup_picture(again) == pictures[0]
    assert len(done) == 2
