"""A designer's choice as a place that states a value or a rule word.

A `value` fact's or a `rule` fact's `at` may name a designer's choice by its topic:

    at = [{ choice = "Devotee stat scale", says = "add up to {value}" }]

The text read is the choice's topic, a colon and its choice (so a topic edited to say
otherwise is read too), at the choice's line in game.toml. A designer's choice that restates
a number or a rule word is then held to the one fact that states it, like a table's cell.
"""

from __future__ import annotations

from typing import Any


def read_choice(topic: str, catalog: Any) -> tuple[str | None, str, tuple[str, int | None]]:
    """(the designer's choice's text or None when no choice has the topic, how a reader
    names it, (file, line))."""
    shown = catalog.display(catalog.folder / "game.toml")
    hits = [i for i, d in enumerate(catalog.game.designer_choices) if d.topic == topic]
    if not hits:
        return None, f"designer's choice {topic!r} (no choice has that topic)", (shown, None)
    i = hits[0]
    d = catalog.game.designer_choices[i]
    line = catalog.line("designer_choices", i, "choice") or catalog.line("designer_choices", i)
    return f"{d.topic}: {d.choice}", f"designer_choices[{i}] ({topic})", (shown, line)


__all__ = ["read_choice"]
