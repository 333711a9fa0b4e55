"""A rule word a rulebook sentence states is rendered from the `rule` fact that holds it, so
the sentence cannot say the word's opposite while the fact and its source line say the word:

- Alter Ego's rulebook renders that the heroes fight together (source line 5), that a
  Nemesis is dealt secretly (26), that the Henchmen deck lies in the middle of the table
  (20) and that everyone can reach the supply (22);
- Atmosfear's rulebook renders what the Symbol Die can do (97), that a Fear card is the
  weakest of its Realm (113) and the Soul Ranger gives the weakest away (109), that a
  discard cannot take the trick (55), that nothing can beat The Gatekeeper (7), that the
  Keys are turned over together (67), and two of the designer's words: the Keys lie in the
  middle of the table (the source: "on the table", 23) and a cheat's Key can be won again
  (the source returns it "to the table", 121).

Each fact's cited line holds its word; typed back into its sentence as its opposite, the
word fails the fact at the template's line. A designer's choice or a card's text that says
the opposite fails its fact too.
"""

from __future__ import annotations

import re

import pytest
from conftest import ROOT, SEEDS, load_games

from cardstock.core.files import placed
from cardstock.rules.facts.rule import RuleFact
from cardstock.rules.sources import load_source

RENDERED = [
    ("alter-ego", "heroes-together"),
    ("alter-ego", "nemesis-secret"),
    ("alter-ego", "henchmen-middle"),
    ("alter-ego", "supply-reach"),
    ("atmosfear", "symbol-die-lifts"),
    ("atmosfear", "fear-weakest"),
    ("atmosfear", "keys-middle"),
    ("atmosfear", "discard-cannot-win"),
    ("atmosfear", "gatekeeper-unbeaten"),
    ("atmosfear", "soul-ranger-weakest"),
    ("atmosfear", "keys-together"),
    ("atmosfear", "cheat-key-again"),
]
# (game, fact, file, the words it says, the same words turned round, the opposite said)
OPPOSITE_SAID = [
    (
        "alter-ego",
        "hostage-untaken",
        "catalog/alter-ego/game.toml",
        "only a hostage that cannot be taken",
        "only a hostage that can be taken",
        "can",
    ),
    (
        "alter-ego",
        "villain-forbids",
        "catalog/alter-ego/sadists.csv",
        "Teamwork tokens cannot stand in",
        "Teamwork tokens can stand in",
        "can",
    ),
    (
        "atmosfear",
        "cheat-key-again",
        "catalog/atmosfear/game.toml",
        "and can be won again",
        "and cannot be won again",
        "cannot",
    ),
]


def rule_fact(catalog: object, fact_id: str) -> RuleFact:
    rules = getattr(catalog, "rules", None)
    assert rules is not None
    (fact,) = [f.rule for f in rules.facts if f.rule.id == fact_id]
    assert isinstance(fact, RuleFact)
    return fact


def rulebook(game: str) -> str:
    return f"layouts/{game}/rulebook.md.j2"


@pytest.mark.needs_seeds
@pytest.mark.parametrize("game", sorted({g for g, _ in RENDERED}))
def test_each_rendered_rule_word_is_held_to_its_source_line(game: str) -> None:
    (catalog,), issues = load_games(ROOT, [game])
    assert not issues.errors and catalog.rules is not None
    source, why = load_source(catalog.rules.seed or "", own=None, root=ROOT, folder=SEEDS)
    assert source is not None, why
    for _, fact_id in [r for r in RENDERED if r[0] == game]:
        fact = rule_fact(catalog, fact_id)
        held = fact.check_catalog(catalog, "rules.toml", 1, source)
        assert held.ok, held.summary
        assert "says so" in held.summary or "the designer chose" in held.summary, held.summary
        assert f"fact('{fact_id}').value" in (ROOT / rulebook(game)).read_text(encoding="utf-8")


@pytest.mark.parametrize("game", sorted({g for g, _ in RENDERED}))
def test_each_word_typed_back_as_its_opposite_fails_its_fact_at_the_templates_line(
    game: str,
) -> None:
    shown = rulebook(game)
    lines = (ROOT / shown).read_text(encoding="utf-8").splitlines(keepends=True)
    (catalog,), _ = load_games(ROOT, [game])
    facts = [rule_fact(catalog, fact_id) for g, fact_id in RENDERED if g == game]
    typed: dict[str, tuple[int, str]] = {}  # each fact's line and the opposite typed there
    for fact in facts:
        assert fact.check_catalog(catalog, "rules.toml", 1).ok
        n = next(n for n, t in enumerate(lines, 1) if f"fact('{fact.id}').value" in t)
        name = re.search(rf"(\w+)=fact\('{re.escape(fact.id or '')}'\)\.value", lines[n - 1])
        assert name is not None, lines[n - 1]
        turned = lines[n - 1].replace("{{ " + name[1] + " }}", fact.opposites[0], 1)
        assert turned != lines[n - 1]
        lines[n - 1] = turned
        typed[fact.id or ""] = (n, fact.opposites[0])
    with placed({ROOT / shown: "".join(lines).encode("utf-8")}):
        (again,), _ = load_games(ROOT, [game])  # read anew: the templates too
        for fact_id, (n, opposite) in typed.items():
            broken = rule_fact(again, fact_id).check_catalog(again, "rules.toml", 1)
            assert not broken.ok, fact_id
            found = [p.message for p in broken.problems]
            assert any(f"{shown}:{n} types {opposite!r}" in m for m in found), found


@pytest.mark.parametrize(("game", "fact_id", "shown", "says", "turned", "word"), OPPOSITE_SAID)
def test_a_choice_or_a_card_that_says_the_opposite_fails_the_fact(
    game: str, fact_id: str, shown: str, says: str, turned: str, word: str
) -> None:
    text = (ROOT / shown).read_text(encoding="utf-8")
    assert text.count(says) == 1
    with placed({ROOT / shown: text.replace(says, turned).encode("utf-8")}):
        (again,), _ = load_games(ROOT, [game])
        broken = rule_fact(again, fact_id).check_catalog(again, "rules.toml", 1)
    assert not broken.ok
    assert f"says {word!r}" in broken.summary, broken.summary
