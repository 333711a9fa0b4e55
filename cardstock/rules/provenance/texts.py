"""The texts a player reads in a game, each at its file, key and line.

They are the texts `--mutate` edits (`player_texts.game_files`) and the game's description
and back titles (`READ_TOO`): the strings of game.toml and rules.toml a player reads (rule
facts' values among them), the cells of a table's prose
columns (a column with a cell of `PROSE_WORDS` words or more), what decides a face's boxes
in faces.toml, and every line of a rulebook or quick-reference template with words outside
its tags. A number is data, held by the counts and facts, and is no text here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..player_texts import GameFile, game_texts, toml_values, vocabulary

if TYPE_CHECKING:
    from ...catalog.load import Catalog

_COMMENT = re.compile(r"\{#.*?#\}", re.S)
_WORD = re.compile(r"[^\W\d_]")  # a letter: a text without one has no words of its own
PROSE_WORDS = 4  # a table column is prose when one of its cells has this many words
# texts a player reads that the mutation test leaves alone, listed here all the same: the
# game's description (the rulebook's cover) and its backs' titles
READ_TOO = {"game.toml": ["description", "backs.*.title", "backs.*.subtitle"]}


@dataclass(frozen=True, slots=True)
class Text:
    """One text a player reads, as the game's files hold it now."""

    at: str  # the file, as the project names it
    key: str | None  # where in it (None: a template line, found by its line)
    says: str
    line: int | None


def _template_lines(text: str, shown: str, worded: set[int]) -> list[Text]:
    text = _COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    return [
        Text(shown, None, raw.strip(), n)
        for n, raw in enumerate(text.splitlines(), start=1)
        if raw.strip() and n in worded
    ]


def _table_texts(table: GameFile) -> list[Text]:
    """A table's prose cells, read one at a time: whether a column is prose is known once
    the table is read."""
    held: list[tuple[Text, int]] = []
    columns: dict[str | None, int] = {}
    prose: set[int] = set()
    for r in table.regions():
        col = columns.setdefault(r.column, len(columns))
        if len(r.text.split()) >= PROSE_WORDS:
            prose.add(col)
        if not r.number:
            held.append((Text(r.shown, f"{r.row_id or r.row}: {r.column}", r.text, r.line), col))
    return [t for t, col in held if col in prose]


def texts(catalog: Catalog) -> list[Text]:
    """The game's texts a player reads, in file order: game.toml's and rules.toml's, the
    tables', then the templates'."""
    out: list[Text] = []
    templates: list[Text] = []
    visible: dict[str, list[str]] = vocabulary()["visible"]
    for f in game_texts(catalog):
        if f.kind == "table":
            out += _table_texts(f)
        elif f.kind == "template":
            worded = {r.line for r in f.regions() if _WORD.search(r.text)}
            if worded:
                templates += _template_lines(f.text, f.shown, worded)
        elif any(True for _ in f.regions()):  # a TOML file's strings, as read (multi-line too)
            shown = [*visible.get(f.path.name, []), *READ_TOO.get(f.path.name, [])]
            for key, value, line in toml_values(f.path, f.shown, catalog.root, shown):
                out.append(Text(f.shown, key, value, line))
    return out + templates


__all__ = ["PROSE_WORDS", "Text", "texts"]
