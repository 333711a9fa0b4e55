"""Every shipped rulebook and card face reads right beside the others: no doubled full stop,
a rule said once and in one voice, the cards' own names and text, the additions to the
source rules marked as such.

Each test pins one thing a designer would stumble on in the built output, read back from
the text a player gets: the rulebook PDF (pypdf) or the faces as SVG.
"""

from __future__ import annotations

import re

import pytest
from rules_texts import GAMES, catalog, rulebook_text, svg_text


def section(text: str, heading: str, until: str) -> str:
    """The text from a heading (its last occurrence: the contents list comes first) to the
    next heading given."""
    start = text.rindex(heading)
    return text[start : text.index(until, start)]


@pytest.mark.parametrize("game", GAMES)
def test_no_sentence_in_a_rulebook_ends_in_two_full_stops(game: str) -> None:
    text = rulebook_text(game)
    # Contents leaders are runs of spaced dots (". . ."); a doubled stop is ".." after a word.
    assert not re.findall(r"\w\.\.(?!\.)", text), re.findall(r".{40}\w\.\.(?!\.).{10}", text)


def test_vortex_crusade_says_once_that_frenzies_are_revealed() -> None:
    crusade = section(rulebook_text("vortex"), "4. Crusade", "5. Reinforce")
    assert crusade.count("turned face up") == 1


def test_vortex_winning_says_once_when_the_game_ends_and_who_wins() -> None:
    winning = section(rulebook_text("vortex"), "Winning", "An example Crusade")
    assert winning.count("none is left") == 1
    assert "The highest total wins; tied players share the win." in winning


def test_alter_ego_cards_print_their_text_without_a_repeated_amount_line() -> None:
    from conftest import distinct_faces

    from cardstock.render.svg import svg_bytes

    faces = {stem: face for stem, face in distinct_faces(catalog("alter-ego"))}
    for stem in ("family", "job", "community"):
        words = " ".join(re.findall(r">([^<>]+)<", svg_bytes(faces[stem]).decode("utf-8")))
        assert "Amount" not in words
        assert "on your" in words  # the card's own text is still there


def test_atmosfear_character_cards_say_something_a_player_can_use() -> None:
    faces = svg_text("atmosfear")
    assert "Character card, rank" not in faces  # the old filler line
    characters = [
        c
        for c in catalog("atmosfear").components
        if c.fields.get("type") == "Character" and not c.fields.get("crown")
    ]
    assert len(characters) == 30
    for c in characters:
        what = c.name.split(" ", 1)[1]
        assert f"A Gate that rolls the {what} takes rank {c.fields['rank']}." in faces


def test_alpha_omega_lured_player_is_told_in_one_voice() -> None:
    text = rulebook_text("alpha-omega-cards")
    lured = text[text.index("Lured Player.", text.index("1. Opponent phase")) :][:600]
    assert "you become a Lured Player" in lured
    assert "For that many of your turns you still play" in lured
    assert "their turns they" not in lured


def test_tiles_scoring_says_once_to_add_both_pawns() -> None:
    text = rulebook_text("alpha-omega-tiles")
    start = text.index("Look at the tile under each of your pawns")
    scoring = text[start : text.index("Example.", start)]
    assert scoring.count("both your pawns") + scoring.count("both pawns") == 1


def test_tiles_quick_reference_ties_read_as_sentences() -> None:
    faces = svg_text("alpha-omega-tiles")
    lead = faces.index("The tied player who")
    assert faces.index("has the single most scoring position") > lead


def test_vortex_special_cards_show_their_own_names() -> None:
    faces = svg_text("vortex")
    assert "Vortex: special" not in faces
    specials = [
        c
        for c in catalog("vortex").components
        if c.set == "vortex-cards" and c.fields.get("special")
    ]
    assert len(specials) == 24
    for c in specials:
        assert c.name in faces
    assert faces.count("special rule · turn order this round") == 24


def test_alpha_omega_items_name_offensive_or_defensive_once() -> None:
    from conftest import distinct_faces

    from cardstock.render.svg import svg_bytes

    items = {
        c.id for c in catalog("alpha-omega-cards").components if c.fields.get("card_type") == "Item"
    }
    assert len(items) >= 10
    for stem, face in distinct_faces(catalog("alpha-omega-cards")):
        if stem not in items:
            continue
        words = " ".join(re.findall(r">([^<>]+)<", svg_bytes(face).decode("utf-8")))
        assert words.count("Offensive") + words.count("Defensive") == 1, (stem, words)


def test_vortex_redraw_without_a_devotee_is_a_choice_as_in_the_source() -> None:
    setup = section(rulebook_text("vortex"), "Setting up", "Your piles")
    assert "no Devotee at all, you may shuffle it back in and draw again" in setup


def test_alpha_omega_example_keeps_the_capital_of_person() -> None:
    text = rulebook_text("alpha-omega-cards")
    assert "that Person card may attack twice" in text
    assert "that person card" not in text


@pytest.mark.parametrize(
    "game, topic, rule",
    [
        # rules the rulebooks add to their source, now marked as the designer's
        ("atmosfear", "A swallowed trick:", "are put aside and count for nobody"),
        ("atmosfear", "A key lost for cheating:", "can be won again"),
        ("alter-ego", "Unspent money:", "not spent that turn is lost"),
        ("alpha-omega-cards", "Playing a campaign:", "scores as the Campaign Mode variation says"),
    ],
)
def test_additions_to_the_source_rules_are_marked_in_the_designers_notes(
    game: str, topic: str, rule: str
) -> None:
    text = rulebook_text(game)
    notes = text[text.rindex("Designer's notes") :]
    assert topic in notes
    assert rule in notes[notes.index(topic) :][:400]
