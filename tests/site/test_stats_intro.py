"""The stats page's odds open with what its chances are: exact (hypergeometric, from the
pile's counts) when every one is, and otherwise which are worked out in floating point
(those from a pile of more than `proportions.EXACT_MOST` copies), never "each chance is
exact" above a chance that is not. The same holds in every language cardstock speaks."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from cardstock.core import localized
from cardstock.core.toolwords import tool_words
from cardstock.rules.proportions import EXACT_MOST
from cardstock.rules.stats.odds import EVENTS, KEPT
from cardstock.site.stats import ODDS_INTRO, ODDS_INTRO_FLOAT, Say, stats_page


def _row(pile: int, exact: str | None) -> dict[str, Any]:
    """One chance of a kept hand, drawn from `pile` copies: `exact` its fraction, None when
    it is worked out in floating point."""
    return {
        "setup": "standard",
        "players": 2,
        "step": 1,
        "words": "deal",
        "event": KEPT,
        "kind": "Fire",
        "pile": pile,
        "of_kind": 10,
        "drawn": 5,
        "at_least": 1,
        "probability": 0.25,
        "exact": exact,
        "simulated": None,
    }


def _data(*rows: dict[str, Any]) -> dict[str, Any]:
    return {
        "title": "T",
        "decks": [],
        "odds": {"runs": 2000, "seed": 1, "events": EVENTS, "rows": list(rows)},
    }


def _intro(page: str) -> str:
    """The paragraph that opens the odds, as a reader reads it."""
    found = re.search(r'<section id="odds"><h2>[^<]*</h2>\s*<p>([^<]*)</p>', page)
    assert found, page
    return html.unescape(found.group(1))


EXACT = _row(40, "1/4")
FLOAT = _row(EXACT_MOST + 1, None)


def test_every_chance_exact_is_said_to_be_exact() -> None:
    intro = _intro(stats_page(_data(EXACT, EXACT)))
    assert intro.startswith("Each chance is exact (hypergeometric")
    assert "floating point" not in intro


@pytest.mark.parametrize("rows", [(FLOAT,), (EXACT, FLOAT)], ids=["all", "some"])
def test_a_chance_worked_out_in_floating_point_is_never_said_to_be_exact(
    rows: tuple[dict[str, Any], ...],
) -> None:
    intro = _intro(stats_page(_data(*rows)))
    assert "is exact" not in intro
    assert f"more than {EXACT_MOST:,} copies" in intro and "floating point" in intro
    # the rest of the introduction is said as before: the simulation and its interval
    assert "2,000 simulated deals" in intro and "99 % interval" in intro
    assert f"{len(rows)} of {len(rows)} chances lie within it" in intro


def test_a_french_page_says_which_chances_are_exact_in_french() -> None:
    fr = tool_words("fr")
    assert fr(ODDS_INTRO_FLOAT) != ODDS_INTRO_FLOAT and fr(ODDS_INTRO) != ODDS_INTRO
    say = Say(fr, "fr")
    exact = _intro(stats_page(_data(EXACT), say))
    floating = _intro(stats_page(_data(EXACT, FLOAT), say))
    assert "exacte" in exact and "virgule flottante" not in exact
    assert "virgule flottante" in floating and "est exacte" not in floating
    assert localized.number(EXACT_MOST, "fr") in floating
