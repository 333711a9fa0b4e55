"""A designer's choice in a language edition: its topic and choice print in the language,
and its `key`, the topic as the game file writes it, is the same in every language, so a
rulebook template finds a choice by its source words (docs/languages.md)."""

from __future__ import annotations

from conftest import FIXTURES, load_games

from cardstock.catalog.context import template_context
from cardstock.catalog.translations import Chosen, translated
from cardstock.core.templating import render

TEMPLATE = (
    "{% set size = designer_choices | selectattr('key', 'equalto', 'deck size') | first %}"
    "{{ size.topic }}: {{ size.choice }}"
)


def test_a_translated_choice_keeps_its_source_topic_as_key() -> None:
    (catalog,), _issues = load_games(FIXTURES, ["mini"])
    given = Chosen(values={"designer.1.topic": "taille du paquet", "designer.1.choice": "6 cartes"})
    french = translated(catalog, given, "fr")
    (own,) = template_context(catalog)["designer_choices"]
    (choice,) = template_context(french)["designer_choices"]
    assert (own["topic"], own["key"]) == ("deck size", "deck size")
    assert (choice["topic"], choice["choice"], choice["key"]) == (
        "taille du paquet",
        "6 cartes",
        "deck size",
    )
    twice = translated(french, Chosen(values={"designer.1.topic": "x"}), "de")
    assert template_context(twice)["designer_choices"][0]["key"] == "deck size"


def test_a_template_finds_a_translated_choice_by_its_key() -> None:
    (catalog,), _issues = load_games(FIXTURES, ["mini"])
    given = Chosen(values={"designer.1.topic": "taille du paquet", "designer.1.choice": "6 cartes"})
    out, issue = render(
        TEMPLATE,
        template_context(translated(catalog, given, "fr")),
        file="t",
        line=None,
        field="rulebook",
    )
    assert issue is None and out == "taille du paquet: 6 cartes"
