"""One text of a game a player reads, with its key and where the source states it: what
`translations` extracts into a `.po` file and reads back, whatever gathered it (the
catalog's fields, `wording`'s other words, the layouts' words, the templates' words)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Text:
    """One text of the game a player reads, and where the source states it."""

    key: str  # the message context: "<component id>.<field>", "game.title"
    source: str  # the text in the game's own language
    file: str  # the table (or game file) it comes from, as messages show it
    line: int | None
    template: bool = False  # words of a rulebook or quick-reference template (key: msgid)
    plural: str = ""  # a template's words said of a count: the plural (msgid_plural)
    separator: str = ""  # a list field's items are joined by it ("a | b"): each is a text
