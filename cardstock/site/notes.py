"""Playtesters' notes as the downloads page and the changelog show them: each noted card with
its notes, those made on an older version of the card marked (docs/playtest.md).

    card_versions(data)                    a game's fingerprints → each card's version now
    noted_cards(notes, catalog, versions)  the cards with notes, as plain data for a page
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..catalog.feedback import Note, stale

if TYPE_CHECKING:
    from ..catalog.load import Catalog


def card_versions(data: Mapping[str, Any]) -> dict[str, str]:
    """Each card's version, as a game's `<game>-printed.json` holds it (its front's)."""
    out: dict[str, str] = {}
    for cid, card in (data.get("cards") or {}).items():
        front = card.get("front") if isinstance(card, dict) else None
        version = front.get("version") if isinstance(front, dict) else None
        if isinstance(version, str) and version:
            out[str(cid)] = version
    return out


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
