"""A template finds a designer's choice by its topic as the game's own language writes it
(`designer_choice(topic)`), so the same choice is printed in every language: a
translation's topics are in its language, and a lookup by them would find nothing."""

from __future__ import annotations

from pathlib import Path

from cardstock.catalog.context import template_context
from cardstock.catalog.variants import load_with_languages
from cardstock.core.templating import render
from cardstock.layout.spec import layout_texts
from cardstock.rules.model import load_rules

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def rendered(game: str, text: str) -> tuple[str, object]:
    variants = {"mini-qps": ("mini", "qps")}
    (catalog,), _issues = load_with_languages(FIXTURES, [game], load_rules, variants, layout_texts)
    return render(text, template_context(catalog), file="t", line=1, field="text")


def test_a_designers_choice_is_found_by_its_source_topic_in_the_source_language() -> None:
    out, issue = rendered("mini", "{{ designer_choice('deck size').choice }}")
    assert issue is None and out == "6 cards"


def test_a_designers_choice_is_found_by_its_source_topic_in_another_language() -> None:
    text = "{{ designer_choice('Deck size').choice }}|{{ designer_choices[0].choice }}"
    out, issue = rendered("mini-qps", text)
    assert issue is None, issue
    found, listed = out.split("|")
    assert found == listed and found != "6 cards" and "6" in found  # the qps words


def test_a_topic_the_game_has_no_choice_on_is_an_error_naming_those_it_has() -> None:
    out, issue = rendered("mini-qps", "{{ designer_choice('hand size').choice }}")
    assert issue is not None
    assert "no designer's choice on 'hand size'; the catalog has: deck size" in issue.message
