"""A rule word a player reads in a template is rendered from the fact that states it, so the
mutation test has no typed word to turn round and no check to miss:

- Alter Ego's worked turn says what Sam's Hero cards leave unmatched through the rule that
  spent Hero cards must match the Henchman's icons (fact `compelled`, source line 45) and
  the example's own claims (`spent`, `icons`, `missing`), never a typed "more icon";
- Atmosfear's quick reference heads its deck column with the fact `deck-after-deal`
  ("after", held to source lines 31 and 27), and the same words typed into the template
  again fail that fact.
"""

from __future__ import annotations

import pytest
from conftest import ROOT, SEEDS, load_games

from cardstock.core.files import placed
from cardstock.rules.facts.rule import RuleFact
from cardstock.rules.mutation.edits import Opposites, word_edits
from cardstock.rules.player_texts import template_regions, vocabulary
from cardstock.rules.sources import load_source

RULEBOOK = "layouts/alter-ego/rulebook.md.j2"
DICE = "layouts/atmosfear/quickref/dice.md.j2"


def lines_of(shown: str) -> list[str]:
    return (ROOT / shown).read_text(encoding="utf-8").splitlines()


def between(shown: str, first: str, last: str) -> tuple[int, int]:
    """The line numbers (from 1) of the lines holding `first` and then `last`."""
    lines = lines_of(shown)
    start = next(n for n, line in enumerate(lines, 1) if first in line)
    end = next(n for n, line in enumerate(lines, 1) if n > start and last in line)
    return start, end


def typed_rule_words(shown: str, first: int, last: int) -> list[str]:
    """The mutation test's word edits of the template's lines `first` to `last`: each is a
    vocabulary word typed there."""
    opposites = Opposites.of(vocabulary()["opposites"])
    return [
        f"{e.at}: {e.describe()}"
        for region in template_regions(ROOT / shown, shown, ROOT)
        if first <= region.line <= last
        for e in word_edits(region, opposites)
    ]


def test_alter_egos_worked_turn_types_no_rule_word_and_renders_its_shortfall() -> None:
    first, last = between(RULEBOOK, '_("An example turn")', '_("Designer\'s notes")')
    assert typed_rule_words(RULEBOOK, first, last) == []
    turn = "\n".join(lines_of(RULEBOOK)[first - 1 : last])
    fighting = next(line for line in turn.splitlines() if "**Crime-fighting.**" in line)
    for rendered in (
        "fact('example-spent-must-match').value",
        "ex.spent",
        "ex.icons",
        "ex.missing",
    ):
        assert rendered in fighting


def test_atmosfears_deck_column_renders_after_from_its_fact() -> None:
    (line,) = [n for n, text in enumerate(lines_of(DICE), 1) if "Deck" in text]
    assert typed_rule_words(DICE, line, line) == []
    assert "fact('deck-after-deal').value" in lines_of(DICE)[line - 1]


@pytest.mark.needs_seeds
def test_the_deck_column_typed_again_fails_its_fact_which_its_source_holds() -> None:
    (catalog,), issues = load_games(ROOT, ["atmosfear"])
    assert not issues.errors and catalog.rules is not None
    (fact,) = [f.rule for f in catalog.rules.facts if f.rule.id == "deck-after-deal"]
    assert isinstance(fact, RuleFact)
    source, why = load_source(catalog.rules.seed or "", own=None, root=ROOT, folder=SEEDS)
    assert source is not None, why
    held = fact.check_catalog(catalog, "rules.toml", 1, source)
    assert held.ok and "says so" in held.summary, held.summary
    (line,) = [n for n, text in enumerate(lines_of(DICE), 1) if "Deck" in text]
    text = (ROOT / DICE).read_text(encoding="utf-8")
    typed = text.replace(DECK_LABEL, '_("Deck before the deal")')
    assert typed != text
    with placed({ROOT / DICE: typed.encode("utf-8")}):
        (again,), _ = load_games(ROOT, ["atmosfear"])  # read anew: the templates too
        broken = fact.check_catalog(again, "rules.toml", 1, source)
    assert not broken.ok
    assert f"{DICE}:{line} types 'before'" in broken.summary, broken.summary


DECK_LABEL = """_("Deck %(after)s the deal", after=fact('deck-after-deal').value)"""
