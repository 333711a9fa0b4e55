"""An icon's name and its symbol read the same everywhere (`icon-names`).

An icon's `label` is what the legend prints beside it and what a screen reader speaks on
every card that shows it; its `symbol` is the drawing. Words elsewhere restate both: a
designer's choice ("Blue wave, Green leaf"), a table of the colours with a `Symbol`
column, an alt text ("Might (fist)"). This check holds them together:

- **one name an icon**: no two icons of the game have the same label (case aside), or a
  player listening to a card hears one icon for two; the later is the error, naming the
  earlier;
- **a symbol named beside a label**: where a text of game.toml a player reads (a
  designer's choice, a note, a set's description, a table's cell) gives an icon's label
  followed by a symbol's name, alone or in brackets ("Blue wave", "Might (fist)"), that
  symbol is the icon's own. A symbol's name is one of the symbol library's
  (`layouts/symbols.toml`) or of the game's icons, and in a text about symbols (the word
  `symbol` in it, its choice's topic, its table's title or columns) one of the library's
  aliases too ("player" and "fearful" are aliases, and words elsewhere); an alias names
  the symbol it stands for;
- **a table's symbol column**: in a table with a column headed `Symbol` (or `Symbols`), a
  row whose first cell is an icon's label gives that icon's symbol in that column.

Each finding is an error at the text's line, naming the icon, its symbol and the name the
text gives instead.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...core.files import Unreadable, read_text
from ...core.issues import Issue
from ...core.project import shared_layout
from ...core.stage import Job
from ..reading.prose_counts import prose

if TYPE_CHECKING:
    from ...catalog.load import Catalog


def library_names(catalog: Catalog) -> tuple[set[str], dict[str, str]]:
    """The symbol library's names and its aliases (alias → symbol); empty when it cannot
    be read (the layout's own check reports that). Read once while the file is unchanged:
    the mutation test checks a game hundreds of times."""
    path, _shown = shared_layout(catalog.root, "symbols.toml")
    try:
        st = path.stat()
    except OSError:
        return set(), {}
    names, alias = _library(str(path), st.st_mtime_ns, st.st_size)
    return set(names), dict(alias)


@lru_cache(maxsize=8)
def _library(
    path: str, _mtime: int, _size: int
) -> tuple[frozenset[str], tuple[tuple[str, str], ...]]:
    """`library_names` of the file at `path` as it is now (its time and size the key)."""
    file = Path(path)
    try:
        data = tomllib.loads(read_text(file, file.parent))
    except (Unreadable, tomllib.TOMLDecodeError):
        return frozenset(), ()
    symbols = data.get("symbols", {})
    aliases = data.get("aliases", {})
    names = frozenset(symbols) if isinstance(symbols, dict) else frozenset()
    alias = (
        tuple((str(k), str(v)) for k, v in aliases.items() if isinstance(v, str))
        if isinstance(aliases, dict)
        else ()
    )
    return names, alias


def _texts(catalog: Catalog) -> Iterator[tuple[tuple[Any, ...], str, bool]]:
    """Each text of game.toml this check reads (the prose and every table's cells), and
    whether it is about symbols: the word `symbol` in it, its topic or its table's title
    or columns."""
    for path, text, topic in prose(catalog):
        yield path, text, _about(text, topic or "")
    for name, table in catalog.game.tables.items():
        heads = " ".join([str(table.title or ""), *(str(c) for c in table.columns)])
        for i, row in enumerate(table.rows):
            for j, cell in enumerate(row):
                if isinstance(cell, str):
                    yield ("tables", name, "rows", i, j), cell, _about(cell, heads)


def _about(*texts: str) -> bool:
    return any("symbol" in t.lower() for t in texts)


def _where(path: tuple[Any, ...]) -> str:
    return ".".join(str(p) if isinstance(p, str) else f"[{p}]" for p in path).replace(".[", "[")


def icon_names(job: Job) -> list[Issue]:
    """An error for each icon label given twice and each symbol a text names beside an
    icon's label that is not the icon's own."""
    catalog: Catalog = job.catalog
    icons = catalog.game.icons
    if not icons:
        return []
    shown = catalog.display(catalog.folder / "game.toml")
    out: list[Issue] = []
    labels: dict[str, str] = {}  # label → icon id
    seen: dict[str, str] = {}
    for icon_id, icon in icons.items():
        label = str(icon.label) if icon.label else icon_id.replace("-", " ").capitalize()
        labels[label] = icon_id
        earlier = seen.get(label.lower())
        if earlier is not None:
            out.append(
                Issue(
                    shown,
                    catalog.line("icons", icon_id, "label") or catalog.line("icons", icon_id),
                    f"icons.{icon_id}.label",
                    f"the icon {icon_id!r} is named {label!r}, as the icon {earlier!r} is: "
                    "a legend and a screen reader name both alike",
                )
            )
        seen.setdefault(label.lower(), icon_id)
    names, alias = library_names(catalog)

    def drawn(name: str) -> str:
        return alias.get(name, name)

    own = {i: drawn(str(icon.symbol or i)) for i, icon in icons.items()}
    # a symbol's name: the library's own names and the game's symbols; in a text about
    # symbols, the library's aliases too ("player", "fearful" are words elsewhere)
    plain = {s.lower() for s in names | {str(i.symbol) for i in icons.values() if i.symbol}}
    loose = plain | {a.lower() for a in alias}
    said = re.compile(
        r"(?<![\w-])("
        + "|".join(re.escape(lb) for lb in sorted(labels, key=len, reverse=True))
        + r")\s+\(?([A-Za-z][\w-]*)"
    )
    for path, text, about in _texts(catalog):
        symbols = loose if about else plain
        for m in said.finditer(text):
            icon_id, word = labels[m.group(1)], m.group(2).lower()
            if word in symbols and drawn(word) != own[icon_id]:
                out.append(_wrong(catalog, shown, path, icon_id, word, text))
    for name, table in catalog.game.tables.items():
        cols = [str(c).strip().lower() for c in table.columns]
        col = next((k for k, c in enumerate(cols) if c in ("symbol", "symbols")), None)
        if col is None:
            continue
        for i, row in enumerate(table.rows):
            named = labels.get(str(row[0])) if row else None
            if named is None or col >= len(row):
                continue
            icon_id = named
            word = str(row[col]).strip().lower()
            if drawn(word) != own[icon_id]:
                out.append(
                    _wrong(catalog, shown, ("tables", name, "rows", i), icon_id, word, str(row))
                )
    return out


def _wrong(
    catalog: Catalog, shown: str, path: tuple[Any, ...], icon_id: str, word: str, text: str
) -> Issue:
    icon = catalog.game.icons[icon_id]
    return Issue(
        shown,
        catalog.line(*path) or catalog.line(*path[:3]),
        _where(path),
        f"names {word!r} as the symbol of the icon {icon_id!r} ({icon.label or icon_id}), "
        f"but icons.{icon_id}.symbol draws {icon.symbol or icon_id!r}: {text!r}",
    )
