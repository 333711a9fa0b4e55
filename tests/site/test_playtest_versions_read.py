"""The downloads page reads each card's version now from the fingerprints the build wrote
(`<game>-printed.json`): only the versions are kept, never the tree of every card."""

from __future__ import annotations

import json
import tracemalloc

from cardstock.site.notes import card_versions


def _fingerprints(cards: int) -> str:
    """A game's printed fingerprints as `<game>-printed.json` lays them out."""
    face = {
        "art": [],
        "fonts": {"sans": "built-in", "serif-bold": "built-in"},
        "hash": "7ac4bb231cf94659",
        "icons": {"spark": "b6dd2d672dbbc13e"},
    }
    return json.dumps(
        {
            "cards": {
                f"card-{n}": {
                    "back": {**face, "version": ""},
                    "count": 1,
                    "front": {**face, "version": f"{n:06x}" if n else ""},
                    "name": f"Card {n}",
                    "row": {"name": "bbe32d215ec26c48", "power": "d4735e3a265e16ee"},
                }
                for n in range(cards)
            },
            "format": 1,
            "game": "starter",
        },
        indent=1,
        sort_keys=True,
    )


def test_each_cards_version_is_its_fronts() -> None:
    text = _fingerprints(3)
    assert card_versions(text) == {"card-1": "000001", "card-2": "000002"}  # card-0's is ""
    assert card_versions(text.encode()) == card_versions(text)


def test_a_large_games_fingerprints_are_never_held_whole() -> None:
    """Each card's entry is cut down to its version as it is parsed: reading 20,000 cards
    holds far less than the text itself at any moment (the whole tree parsed is several
    times the text)."""
    text = _fingerprints(20_000)
    tracemalloc.start()
    try:
        versions = card_versions(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(versions) == 19_999
    assert peak < len(text) / 2, (peak, len(text))
