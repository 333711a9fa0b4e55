"""The game's terms a rulebook indexes and defines (`cardstock.books.terms`), and the rule
that finds where the book explains each: the sections whose heading names it, else the
block that first sets it in bold; a term explained nowhere is left out."""

from __future__ import annotations

from conftest import ROOT, load_games

from cardstock.books.terms import Places, Term, defined, game_terms, literal, names, words


def test_a_term_is_matched_by_its_words_whatever_their_case_or_plural() -> None:
    crusade = Term("Crusade")
    assert names("4. Crusades", crusade)
    assert names("An example <b>crusade</b>", crusade)
    assert not names("Crusader", crusade)
    assert words("Vortex Deck") == words("the vortex decks")[1:]


def test_a_heading_that_names_a_term_is_where_it_is_explained_not_a_bold_mention() -> None:
    crusade, zealot = Term("Crusade"), Term("Zealots")
    places = Places([crusade, zealot])
    places.saw_text("send them on **Crusades** and make **Zealots**", 3)
    places.saw_heading("4. Crusade", 7)
    places.saw_text("another **Zealot**", 8)
    places.saw_heading("An example Crusade", 9)
    assert places.spots(crusade) == [7, 9]
    assert places.spots(zealot) == [3]  # no heading names it: its first bold introduction


def test_a_term_only_mentioned_is_not_indexed() -> None:
    pile, devotee = Term("Pile"), Term("Devotees")
    places = Places([pile, devotee])
    places.saw_text("put the pile face down; a Devotee is not bold here", 4)
    places.saw_text("the **Devotee pile**", 5)  # a bold run that is another phrase
    assert places.entries() == []


def test_the_index_is_in_alphabetical_order_accents_and_case_aside() -> None:
    terms = [Term("zèle"), Term("Étoile"), Term("arme")]
    places = Places(terms)
    for n, t in enumerate(terms):
        places.saw_heading(t.name, n + 1)
    assert [t.name for t, _ in places.entries()] == ["arme", "Étoile", "zèle"]


def test_the_terms_are_the_games_sets_and_the_names_its_rules_check() -> None:
    (vortex,), _ = load_games(ROOT, ["vortex"])
    terms = game_terms(vortex)
    named = {t.name for t in terms}
    assert {s.name for s in vortex.game.sets} <= named
    assert {"Reinforce", "Fearful Pile", "Zealots"} <= named  # from its `terms` facts
    assert len({t.key for t in terms}) == len(terms)  # each once
    meant = {t.name: t.meaning for t in defined(terms)}
    assert meant == {s.name: s.description for s in vortex.game.sets if s.description}


def test_a_glossary_table_gives_terms_their_meanings() -> None:
    (vortex,), _ = load_games(ROOT, ["vortex"])
    game = vortex.game.model_copy(deep=True)
    table = type(next(iter(game.tables.values())))
    game.tables["glossary"] = table.model_validate(
        {
            "title": "Glossary",
            "columns": ["Term", "Meaning"],
            "rows": [["Zealot", "a Devotee with a card beside it"]],
        }
    )
    vortex.game = game
    meant = {t.name: t.meaning for t in defined(game_terms(vortex))}
    assert meant["Zealot"] == "a Devotee with a card beside it"


def test_a_terms_words_are_set_as_typed_in_markup() -> None:
    assert literal("Fire *and* :ice:") == "Fire \\*and\\* \\:ice\\:"
