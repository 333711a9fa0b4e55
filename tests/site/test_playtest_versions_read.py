"""The downloads page reads each card's version now from the fingerprints the build wrote
(`<game>-printed.json`): only the versions are kept, never the tree of every card, and a
file it cannot parse (too deep, cut, not UTF-8) is read as absent, as the page reads one
it cannot open."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest

from cardstock.catalog.load import load_game
from cardstock.cli import main
from cardstock.core.files import TooDeep
from cardstock.core.issues import Issues
from cardstock.site import publish
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


DEEP = '{"cards": {"dawn": ' + '{"a": ' * 5_000 + "1" + "}" * 5_000 + "}}"


@pytest.mark.parametrize(
    "text", [DEEP, '{"cards": {"dawn": ', b'{"cards": "\xff"}'], ids=["deep", "cut", "not-utf8"]
)
def test_fingerprints_too_deep_or_not_json_are_a_value_error(text: str | bytes) -> None:
    """Read as every JSON of a project or its output is (`core.files.parse_json`): nesting
    deeper than the parser goes is a ValueError (`TooDeep`), as a cut or undecodable file
    is, never a RecursionError that would stop the build with an internal error."""
    with pytest.raises(ValueError) as caught:
        card_versions(text)
    assert isinstance(caught.value, TooDeep) == (text is DEEP)


def test_the_page_reads_no_versions_from_fingerprints_it_cannot_parse(tmp_path: Path) -> None:
    """The downloads page's notes read the build's `<game>-printed.json` as absent when it
    cannot be parsed, too deep included: each noted card is shown with no version now, and
    the page is still made."""
    root = tmp_path / "p"
    assert main(["init", str(root)]) == 0
    issues = Issues()
    catalog = load_game(root, "p", issues)
    assert catalog is not None and not issues.errors, list(issues)
    out = root / "output"
    out.mkdir()
    (out / "p-printed.json").write_text(DEEP, encoding="utf-8")
    entries = {"p-printed.json": {"kind": "printed", "game": "p"}}
    shown = publish._notes(root, out, [catalog], entries)
    cards = shown["p"]
    assert cards and all(card["version"] == "" for card in cards), cards
