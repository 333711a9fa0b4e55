"""A project to test languages with: the starter of `cardstock init`, shipping French."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from babel.messages.pofile import read_po, write_po

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


def fill_po(root: Path, given: dict[str, str], rest: Callable[[str], str] | None = None) -> None:
    """Fill the demo's fr.po as a translator's tool would: each entry named in `given` (by
    its key, `msgctxt`, or a template message by its `msgid`) gets that text; with `rest`,
    every other entry gets `rest(msgid)`, else it is left as it is."""
    path = root / "catalog" / GAME / "translations" / "fr.po"
    with path.open("rb") as f:
        po = read_po(f)
    for m in po:
        if not (m.id and isinstance(m.id, str)):
            continue
        key = m.context or m.id
        if key in given:
            m.string = given[key]
        elif rest is not None:
            m.string = rest(m.id)
    with path.open("wb") as f:
        write_po(f, po)
