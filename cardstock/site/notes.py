"""Playtesters' notes as the downloads page and the changelog show them: each noted card with
its notes, those made on an older version of the card marked (docs/playtest.md).

    card_versions(text)                    a game's fingerprints → each card's version now
    noted_cards(notes, catalog, versions)  the cards with notes, as plain data for a page
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..catalog.feedback import Note, stale

if TYPE_CHECKING:
    from ..catalog.load import Catalog


def card_versions(text: bytes | str) -> dict[str, str]:
    """Each card's version (its front's), read from a game's `<game>-printed.json`. Each
    card's entry is cut down to that version as it is parsed (`_front_version`): the whole
    tree of a large game's fingerprints, about three and a half times the file's size, is
    never held at once. A ValueError says the text is not JSON."""
    data = json.loads(text, object_hook=_front_version)
    cards = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(cards, dict):
        return {}
    return {str(cid): v for cid, v in cards.items() if isinstance(v, str) and v}


def _front_version(obj: dict[str, Any]) -> Any:
    """An object of the fingerprints as parsed: a card's (one with a `front` object) as its
    front's version alone, any other as it is."""
    front = obj.get("front")
    if isinstance(front, dict):
        version = front.get("version")
        return version if isinstance(version, str) else ""
    return obj


def noted_cards(
    notes: Sequence[Note], catalog: Catalog, versions: Mapping[str, str]
) -> list[dict[str, Any]]:
    """The game's cards with notes, in the catalog's order: id, name, version now, and the
    notes (oldest first as kept), each with `older` when made on an older version."""
    now = {(catalog.id, cid): v for cid, v in versions.items()}
    by_card: dict[str, list[Note]] = {}
    for n in notes:
        if n.game == catalog.id:
            by_card.setdefault(n.card, []).append(n)
    return [
        {
            "id": comp.id,
            "name": comp.name,
            "version": versions.get(comp.id, ""),
            "open": sum(n.open for n in by_card[comp.id]),
            "notes": [
                {
                    "who": n.who,
                    "when": n.when,
                    "text": n.text,
                    "tags": list(n.tags),
                    "status": n.status,
                    "version": n.version,
                    "older": stale(n, now),
                }
                for n in by_card[comp.id]
            ],
        }
        for comp in catalog.components
        if comp.id in by_card
    ]
