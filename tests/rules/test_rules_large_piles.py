"""A hand drawn from tens of thousands of copies is checked, and its odds stated, in about
the time a small one takes: past `proportions.EXACT_MOST` copies in the pile, a hand's
chances are worked out in floating point, each term of the distribution once, where the
exact sums of whole numbers thousands of digits long took minutes; a mulligan's kept-hand
chances that would sum more than `odds.BOTH_MOST` terms are left out of the page. Every
shipped pile stays exact (tests/rules/test_stats.py)."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest
from conftest import ROOT, load_games

from cardstock.rules import proportions
from cardstock.rules.proportions import at_least, at_least_each


def _hands() -> list[tuple[int, int, int, int]]:
    """A sample of hands: (pile, of the kind, hand, k), the same in every run."""
    rng = random.Random(7)
    out = []
    for total in (1, 7, 40, 60, 113, 250, 400):
        out.append((total, rng.randint(0, total), rng.randint(0, total), rng.randint(0, 12)))
    return out


HANDS = _hands()


def test_a_chance_past_the_exact_bound_is_the_exact_one_in_floating_point(monkeypatch):
    exact = [at_least(*hand) for hand in HANDS]
    each = [at_least_each(t, a, h, 12) for t, a, h, _ in HANDS]
    monkeypatch.setattr(proportions, "EXACT_MOST", 0)
    floats = [at_least(*hand) for hand in HANDS]
    assert all(isinstance(f, float) for f in floats)
    assert floats == pytest.approx([float(e) for e in exact], abs=1e-9)
    for (t, a, h, _), chances in zip(HANDS, each):
        assert at_least_each(t, a, h, 12) == pytest.approx([float(c) for c in chances], abs=1e-9)


def _mulligan_of_thousands():
    """Alpha & Omega's tiles with 10,000 Earth and 10,000 Water tiles, for two players: the
    tiles shuffled into a deck, a hand of 8,000 drawn from it until it holds a tile that may
    start in a hand."""
    from cardstock.rules.setup.steps import Move, RedrawUntil, Shuffle

    (cat,), issues = load_games(ROOT, ["alpha-omega-tiles"])
    assert not issues
    many = {"earth-tile": 10_000, "water-tile": 10_000}
    components = [replace(c, count=many.get(c.id, c.count)) for c in cat.components]
    steps = [
        Move.model_validate({"do": "move", "from": "box", "to": "deck", "match": {"kind": "tile"}}),
        Shuffle.model_validate({"do": "shuffle", "pile": "deck"}),
        RedrawUntil.model_validate(
            {
                "do": "redraw_until",
                "from": "deck",
                "to": "hand",
                "count": 8_000,
                "require": {"field": "starting_hand", "equals": True},
            }
        ),
    ]
    setup = replace(
        cat.rules.setup,
        steps=steps,
        lines=[None] * len(steps),
        players=[2],
        player_piles=["hand"],
        report=["hand"],
    )
    rules = replace(cat.rules, setup=setup)
    return replace(cat, components=components, rules=rules)


@pytest.fixture
def few_exact_terms(monkeypatch):
    """`math.comb` allowed 5,000 calls: the exact sums of such a hand make tens of
    thousands, each of numbers thousands of digits long."""
    calls = 0
    comb = math.comb

    def counted(n: int, k: int) -> int:
        nonlocal calls
        calls += 1
        assert calls <= 5_000, "the chances of a hand of 8,000 summed exactly"
        return comb(n, k)

    monkeypatch.setattr(math, "comb", counted)


def test_a_mulligan_of_thousands_of_copies_is_checked_from_its_chances(few_exact_terms):
    from cardstock.rules.setup.simulator import simulate

    cat = _mulligan_of_thousands()
    (two,) = simulate(cat.components, cat.rules.setup, [2]).by_players
    # every run made completes (a hand of 8,000 of 20,072 tiles holds such a tile); the
    # runs may stop at the simulation's work, each drawing 16,000 tiles
    assert two.runs > 0 and two.completed == two.runs and not two.failures


def test_the_odds_of_a_hand_of_thousands_are_stated_in_floating_point(few_exact_terms):
    from cardstock.rules.stats.odds import FIRST, KEPT, game_odds

    odds = game_odds(_mulligan_of_thousands())
    first = [o for o in odds if o.event == FIRST]
    assert len(first) == 1 and isinstance(first[0].p, float) and first[0].p > 0.999
    kept = [o for o in odds if o.event == KEPT]
    assert kept and all(isinstance(o.p, float) and 0 <= o.p <= 1 for o in kept)
    # a kind with thousands of copies in each cell (Earth tiles that may start in a hand,
    # that may not, other tiles that may) would sum billions of terms: left out
    assert {o.of_kind for o in kept} and max(o.of_kind for o in kept if "Earth" in o.kind) < 100
    assert all(o.event in (FIRST, KEPT) for o in odds)
