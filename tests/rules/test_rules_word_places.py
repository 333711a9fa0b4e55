"""Where a rule fact's place holds its value (issue #42): a place (a table cell or note, a
card's field, a setup step's words) says the value in one of the fact's `says` forms, or in
the forms its own `says` names. A fact keeps short forms for its other places and for the
template lint; a place that says a longer form is held to it with its own `says`, so a word
of the longer form retyped there ("Of two that clash" → "Of three") is a finding, not a
pass on the short form left inside ("played first"). A word of the vocabulary is found
whole, not inside a longer one found ("clockwise" in "counter-clockwise"); two spellings that
read alike ("face up", "face-up") are both found, so neither hides the other.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import GAMES, ROOT
from helpers_edits import Edit, assert_caught, games_copy

from cardstock.catalog.load import load_games
from cardstock.rules.facts.rule import RuleFact, WordPlace, read_words
from cardstock.rules.model import load_rules
from cardstock.rules.reading.phrases import _said_in, words

_AOC, AOT, _AE, _ATM, VX = GAMES
PARTS = {"facts"}


def _said_forms(fact: RuleFact, forms: list[str], text: str) -> list[str]:
    """The forms of `forms` that say the fact's value in `text`, as their words."""
    return [
        words(f.replace("{value}", fact.value)).strip()
        for f in forms
        if fact.value in _said_in(words(text), fact.phrases([f]))
    ]


def test_no_place_of_a_shipped_game_passes_on_a_form_inside_a_longer_one_it_says() -> None:
    catalogs, _ = load_games(ROOT, list(GAMES), load_rules)
    loose = []
    for catalog in catalogs:
        for located in catalog.rules.facts:
            fact = located.rule
            if not isinstance(fact, RuleFact):
                continue
            for place in fact.at:
                if place.cards is not None or place.row == "*":
                    continue
                text, label, _ = read_words(place, catalog)
                said = _said_forms(fact, place.forms() or fact.forms(), text or "")
                if any(a != b and b in a for a in said for b in said):
                    loose.append(f"{catalog.id}: {fact.id} at {label}: {said}")
    assert not loose, "\n".join(loose)


def test_a_place_s_own_says_must_mark_where_the_value_stands() -> None:
    with pytest.raises(ValueError, match="marks where the value stands"):
        WordPlace(table="round", row=2, says="of two that clash")


def test_a_place_of_many_cards_or_rows_takes_no_own_says() -> None:
    with pytest.raises(ValueError, match="is for one place"):
        WordPlace(table="round", row="*", says="played {value}")
    with pytest.raises(ValueError, match="is for one place"):
        WordPlace(cards={"set": "rogations"}, field="text", says="played {value}")  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("word-places"), [AOT, VX])


EDITS = [
    Edit(
        "vx-three-that-clash",
        VX,
        f"catalog/{VX}/game.toml",
        "Of two that clash, the one played first",
        "Of three that clash, the one played first",
        "of two Rogations that contradict each other, the first played takes precedence",
        50,
        "first",
        "of three that clash",
    ),
    Edit(
        "aot-the-lead-passes-clockwise",
        AOT,
        f"catalog/{AOT}/game.toml",
        "Play passes clockwise.",
        "The lead passes clockwise.",
        "play passes clockwise",
        95,
        "clockwise",
        "the lead passes clockwise",
    ),
]


@pytest.mark.needs_seeds
@pytest.mark.parametrize("e", EDITS, ids=[e.id for e in EDITS])
def test_a_word_of_the_longer_form_retyped_at_a_place_fails_naming_the_fact(
    project: Path, e: Edit, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert_caught(project, e, monkeypatch)


def _keys_fact(**words_of: list[str]) -> RuleFact:
    return RuleFact(
        kind="rule",
        id="keys-face-down",
        name="the Keys lie face down",
        value="face down",
        says="lay them {value}",
        **words_of,  # type: ignore[arg-type]  # validated as the file's table would be
    )


def test_an_opposite_written_two_ways_that_read_alike_is_still_found() -> None:
    fact = _keys_fact(opposites=["face up", "face-up"])
    assert "face up" in fact.said("Lay them face up, in a row.")


def test_a_synonym_written_like_the_value_still_says_the_value() -> None:
    fact = _keys_fact(synonyms=["face-down"], opposites=["face up"])
    assert "face down" in fact.said("Lay them face-down, in a row.")


def test_a_word_inside_a_longer_word_found_is_not_counted_on_its_own() -> None:
    fact = RuleFact(
        kind="rule",
        id="turn",
        name="play passes clockwise",
        value="clockwise",
        opposites=["counter-clockwise"],
        says="{value}",
    )
    assert fact.said("Play passes counter-clockwise.") == ["counter-clockwise"]


def test_a_text_is_read_as_its_lower_case_words_apostrophes_folded() -> None:
    text = "The LAST card’s face-up — $3 o'clock, 7 cards!"
    assert words(text) == " the last card's face up $3 o'clock 7 cards "
