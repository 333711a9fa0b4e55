"""The stats page in a language edition: its own words are cardstock's
(`cardstock.site.stats.WORDS`, messages of cardstock's catalog, `cardstock/locale/`, never
of the game's `.po` file), and its numbers and percentages are written as the language
writes them (Babel). The page read is Atmosfear's French edition's, as the run's shared
build of the shipped games writes it (`default_build` in tests/conftest.py)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from cardstock.core import localized
from cardstock.core.toolwords import ToolWords, messages, tool_words
from cardstock.site.stats import COPIES, ODDS, PLAYERS, WORDS, Say, percent, stats_page


def test_a_language_editions_stats_page_prints_its_words_and_numbers(default_build: Path):
    folder = default_build / "atmosfear-fr" / "stats"
    page = (folder / "index.html").read_text(encoding="utf-8")
    data = json.loads((folder / "stats.json").read_text(encoding="utf-8"))
    assert '<html lang="fr">' in page
    assert ODDS not in page  # "Odds of the setup", in French: cardstock's catalog's words
    assert tool_words("fr")(ODDS) in page
    row = data["odds"]["rows"][0]
    assert localized.percent(row["probability"], "fr", 2) in page  # "13,70 %"
    assert f"{row['probability'] * 100:.2f}" not in page  # not "13.70" as English has it
    runs = localized.number(data["odds"]["runs"], "fr")  # "2 000", its space a no-break one
    assert runs != str(data["odds"]["runs"]) and runs in page
    charts = [html.unescape(p.read_text(encoding="utf-8")) for p in folder.glob("*.svg")]
    assert charts
    big = r'<text style="font-size: 10px[^>]*>([^<]*)</text>'  # a chart's title, above it
    titles = [t for svg in charts for t in re.findall(big, svg)]
    assert len(titles) == len(charts)
    assert not [t for t in titles if " by " in t or ", step " in t or "player" in t]
    steps = [t for t in titles if re.search(r", étape \d+ \(\d+ joueurs?\)$", t)]
    assert steps and [t for t in titles if " par " in t]


def test_a_percentage_follows_the_language():
    assert percent(0.137, "en") == "13.70%"
    assert percent(0.137, "fr") == localized.percent(0.137, "fr", 2)
    assert percent(0.137, "fr").startswith("13,70")
    assert percent(0.137, "de").startswith("13,70")


def test_every_word_the_page_prints_of_its_own_is_a_message_of_cardstocks_catalog():
    assert set(WORDS) <= {form for m in messages() for form in m}
    data = {
        "title": "T",
        "decks": [
            {
                "id": "d",
                "name": "D",
                "kind": "card",
                "copies": 2,
                "cards": [{"name": "c", "copies": 2}],
                "fields": [{"field": "f", "type": "enum", "multi": False, "counts": []}],
                "numbers": [{"field": "n", "counts": [], "blank": 2, "mean": None, "median": None}],
            }
        ],
        "odds": {"runs": 0, "seed": 1, "events": {}, "rows": []},
    }
    table = {w: f"<<{i}>>" for i, w in enumerate(WORDS)}
    forms = {f[0]: (f"<<{f[0]}>>", f"<<{f[1]}>>") for f in (COPIES, PLAYERS)}
    marked = Say(ToolWords("fr", table, forms), "fr")
    page = _visible(stats_page(data, marked))
    english = _visible(stats_page(data))
    for word in WORDS:
        first = word.split("{")[0].strip()
        if len(first) > 3 and first in english:
            assert first not in page, word  # printed through the translation, not as is


def _visible(page: str) -> str:
    """A page's text as a reader sees it (no markup, no style sheet)."""
    return html.unescape(
        re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", "", page, flags=re.S))
    )
