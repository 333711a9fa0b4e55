"""The rules check reads a text into its words (`phrases.words`) where the text is produced
and hands the read form on: a card's text once for every rule fact that reads the cards, a
template line once for every phrase looked for on it, and a prose text is held to a rule fact
only when it says the first word of one of the fact's phrases. The counts are of a real
game's check (alpha-omega-cards, whose rule facts read the same cards many times over)."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from conftest import copy_project, load_games

from cardstock.core.stage import Job
from cardstock.layout.faces import Faces
from cardstock.rules.checks import prose_contradictions
from cardstock.rules.facts.base import show
from cardstock.rules.reading import phrases
from cardstock.rules.reading.typed_rule_words import Phrases, _low
from cardstock.rules.report import check_game

GAME = "alpha-omega-cards"
FACTS = {"facts"}


@contextmanager
def counted(monkeypatch) -> Iterator[Counter[str]]:
    """Every text read by `words` in the rules room, counted (each module that names it)."""
    calls: Counter[str] = Counter()
    real = phrases.words

    def counting(text):
        calls[show(text)] += 1
        return real(text)

    for name, module in list(sys.modules.items()):
        if name.startswith("cardstock.rules") and getattr(module, "words", None) is real:
            monkeypatch.setattr(module, "words", counting)
    yield calls


def game(tmp_path):
    copy_project(tmp_path, (GAME,))
    (catalog,), issues = load_games(tmp_path, [GAME])
    assert not issues.errors
    return catalog


def test_each_text_a_rule_fact_reads_at_its_places_is_read_once_for_every_fact(
    tmp_path, monkeypatch
):
    catalog = game(tmp_path)
    from cardstock.rules.facts import rule

    read_by_rule: Counter[str] = Counter()
    real = rule.words

    def counting(text):
        read_by_rule[show(text)] += 1
        return real(text)

    monkeypatch.setattr(rule, "words", counting)
    check_game(Job(catalog, Faces(catalog)), (), only=FACTS)
    # the fields the rule facts read on every card of a filter (`[[facts.at]]` with `cards`)
    read = {
        p.field
        for loc in catalog.rules.facts
        for p in getattr(loc.rule, "at", [])
        if getattr(p, "cards", None) is not None and loc.rule.kind == "rule"
    }
    texts = {show(c.fields.get(k)) for c in catalog.components for k in read if k in c.fields}
    # a word of a fact's vocabulary is also read as a phrase the fact looks for
    vocabulary = {
        w for loc in catalog.rules.facts if loc.rule.kind == "rule" for w in loc.rule.vocabulary()
    }
    cards = {t: n for t, n in read_by_rule.items() if t in texts - vocabulary and t.strip()}
    assert cards  # the game's rule facts do read its cards ...
    assert max(cards.values()) == 1, sorted(cards.items(), key=lambda kv: -kv[1])[:3]


def test_a_check_of_the_facts_reads_its_texts_under_two_and_a_half_times_each(
    tmp_path, monkeypatch
):
    catalog = game(tmp_path)
    with counted(monkeypatch) as calls:
        check_game(Job(catalog, Faces(catalog)), (), only=FACTS)
    # a rule fact's forms are read for its places, its typed words and the prose check:
    # a few reads of one phrase, never one a card, a line or a phrase looked for
    assert sum(calls.values()) < 2.5 * len(calls), (sum(calls.values()), len(calls))


def test_a_template_line_is_read_once_for_all_the_phrases_looked_for_on_it(monkeypatch):
    line = "Deal each player five cards face down, then turn the first one face up."
    entries = [f"entry {k}" for k in range(12)] + ["face down", "face up", "the first one"]
    with counted(monkeypatch) as calls:
        found = Phrases(entries).spans(line)
    assert [k for k, _a, _b in found] == [12, 13, 14]
    assert calls[_low(line)] == 1


def test_a_prose_text_is_held_only_to_the_facts_whose_phrases_it_could_say(tmp_path, monkeypatch):
    catalog = game(tmp_path)
    facts = prose_contradictions.spoken(catalog)
    asked: list[object] = []
    real = phrases._said_in  # read by `rule_words` when it runs

    def noted(said, found):
        asked.append(found)
        return real(said, found)

    monkeypatch.setattr(phrases, "_said_in", noted)
    text = "Each player keeps the cards they draw."
    said = set(phrases.words(text).split())
    prose_contradictions.rule_words(catalog, text, facts)
    could = [ps for _f, ps, _a, _l, first in facts if first & said]
    assert len(asked) == len(could) < len(facts)
