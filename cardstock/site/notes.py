"""Playtesters' notes as the downloads page and the changelog show them: each noted card with
its notes, those made on an older version of the card marked (docs/playtest.md).

    card_versions(text)                    a game's fingerprints → each card's version now
    noted_cards(notes, catalog, versions)  the cards with notes, as plain data for a page
    shown_on_page(games)                   the notes the downloads page has room for
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from ..catalog.feedback import Note, stale
from ..core.files import parse_json

if TYPE_CHECKING:
    from ..catalog.load import Catalog


def card_versions(text: bytes | str) -> dict[str, str]:
    """Each card's version (its front's), read from a game's `<game>-printed.json`. Each
    card's entry is cut down to that version as it is parsed (`_front_version`): the whole
    tree of a large game's fingerprints, about three and a half times the file's size, is
    never held at once. The file is the build's output, read as any JSON of a project or
    its output is (`core.files.parse_json`): a ValueError says it is not JSON or nests
    deeper than the parser goes (`TooDeep`), never an internal error. What is kept of it is
    flat (a version a card), and nothing walks the rest, so the text is not scanned for
    `MAX_JSON_DEPTH` (`bounded=False`): that scan holds several copies of a large game's
    text at once."""
    data = parse_json(text, object_hook=_front_version, bounded=False)
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


# What the downloads page shows of the notes: each card's newest, up to a budget of the
# page's text (as HTML, escaped), so that however many notes the playtest folder keeps
# (docs/playtest.md) the page stays well under what a template may write
# (`core.template_budget.MAX_TEXT`); each card still says how many notes it has, and
# `cardstock feedback` lists them all.
NOTES_A_CARD = 20
NOTES_TEXT = 1_000_000  # characters of note text, escaped, on the whole page


def shown_on_page(games: Mapping[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    """`games`' noted cards (`noted_cards`, by game) with the notes the page has room for:
    each card's newest `NOTES_A_CARD`, in the order kept, while the page's note text stays
    within `NOTES_TEXT`; each card keeps its count of notes (`count`) and of open ones."""
    room = NOTES_TEXT
    out: dict[str, list[dict[str, Any]]] = {}
    for game, cards in games.items():
        shown_cards = []
        for card in cards:
            kept: list[dict[str, Any]] = []
            for note in reversed(card["notes"][-NOTES_A_CARD:]):
                size = sum(len(escape(str(note[k]))) for k in ("who", "when", "text"))
                if size > room:
                    break
                room -= size
                kept.append(note)
            shown_cards.append({**card, "count": len(card["notes"]), "notes": kept[::-1]})
        out[game] = shown_cards
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
