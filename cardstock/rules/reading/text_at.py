"""A text a player reads by its file and key: a place a rule fact holds that is no table,
card, setup step or designer's choice.

    at = [
      { file = "game.toml", key = "description" },                    # the rulebook's cover
      { file = "game.toml", key = "backs.key.subtitle" },             # a back's title
      { file = "faces.toml", key = "layouts.keys.boxes.type_line.text" },  # a face's box
    ]

`file` is `game.toml` or `rules.toml` of the game's catalog folder, or `faces.toml` of its
layouts folder; `key` is the value's key path as `cardstock check --since` lists it (dots
between keys, `[N]` for a list's item). A key the file does not hold is a finding.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ...catalog.languages import colour_id
from ..player_texts import toml_values

if TYPE_CHECKING:
    from ...catalog.load import Catalog

TEXT_FILES = ("game.toml", "rules.toml", "faces.toml")


def text_file(catalog: Catalog, file: str) -> Path:
    """Where the game keeps `file` (one of `TEXT_FILES`)."""
    if file == "faces.toml":
        return catalog.root / "layouts" / colour_id(catalog) / file
    return catalog.folder / file


def _dotted(key: str) -> str:
    """A key path as the visible-path patterns read it: `rows[2]` as `rows.2`."""
    return key.replace("[", ".").replace("]", "")


def read_text_at(
    catalog: Catalog, file: str, key: str
) -> tuple[str | None, str, tuple[str, int | None]]:
    """(the text at `key` of the game's `file`, or None; how a reader names it; (the file as
    the project names it, the value's line))."""
    path = text_file(catalog, file)
    shown = catalog.display(path)
    for found, value, line in toml_values(path, shown, catalog.root, [_dotted(key)]):
        if found == key:
            return value, f"{shown} {key}", (shown, line)
    return None, f"{shown} {key} (no such text)", (shown, None)


__all__ = ["TEXT_FILES", "read_text_at", "text_file"]
