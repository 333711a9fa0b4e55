"""A designer's choice as a place a fact reads: `{ topic = "first player" }`.

A designer's choice (`[[designer_choices]]` in game.toml) records what the source says and
why the game differs; its prose restates rule words, numbers and names the facts of
rules.toml hold. A `rule` fact (`cardstock.rules.facts.rule.WordPlace`) or a `value` fact
(`cardstock.rules.places.Place`) names the choice by its `topic` among its places, and the
choice's words are then held like a table cell's: its rule word said where `says` puts it,
none of the word's opposites there, its number the fact's value. The text read is the
topic, a colon and the choice ("first player: the player who …"), so a topic edited so
that it names another thing no longer finds its choice and fails too.
"""

from __future__ import annotations

from typing import Any


def choice_text(catalog: Any, topic: str) -> tuple[str | None, str, tuple[str, int | None]]:
    """(the choice's topic and words, or None when no choice has that topic; how a reader
    names it; (game.toml, the choice's line))."""
    shown = catalog.display(catalog.folder / "game.toml")
    choices = list(catalog.game.designer_choices)
    hits = [i for i, d in enumerate(choices) if d.topic == topic]
    if not hits:
        return None, f"no designer's choice has the topic {topic!r}", (shown, None)
    i = hits[0]
    line = catalog.line("designer_choices", i, "choice") or catalog.line("designer_choices", i)
    d = choices[i]
    return f"{d.topic}: {d.choice}", f"designer_choices[{i}] ({topic})", (shown, line)


__all__ = ["choice_text"]
