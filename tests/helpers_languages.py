"""A project to test languages with: the starter of `cardstock init`, shipping French."""

from __future__ import annotations

from pathlib import Path

from cardstock.init import init_project

GAME = "demo"


def french_demo(root: Path) -> Path:
    """Write the starter game "Demo" at `root`, its game file listing `languages = ["fr"]`
    (no translation yet: `cardstock translate update` makes one). Returns `root`."""
    init_project(root, "Demo")
    game = root / "catalog" / GAME / "game.toml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace('version = "0.1.0"', 'version = "0.1.0"\nlanguages = ["fr"]'))
    return root
