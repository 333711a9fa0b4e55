"""The rules checker's reader of a game's rules.toml, as the catalog is handed it.

`load_rules` imports the rules' models (`cardstock.rules.model`: constraints, setup,
facts, examples, mutation) when a game has a rules.toml to read, so that validating or
building a game without one never loads them."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..catalog.schema import Component, Game
    from ..core.issues import Issues
    from .model import Rules


def load_rules(
    path: Path, shown: str, root: Path, game: Game, components: list[Component], issues: Issues
) -> Rules | None:
    """Read and check one rules.toml (`cardstock.rules.model.load_rules`)."""
    from .model import load_rules as read

    return read(path, shown, root, game, components, issues)
