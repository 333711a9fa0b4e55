"""The edits of the places the word edits do not reach (`edits` adds them to its list):

- **back** — a deck name on a card back's title or subtitle (game.toml `[backs.NAME]`)
  replaced by the name of a deck printed on another back, as the tuck box's spine and the
  print shop's backs would then print it too;
- **legend** — an icon's `label` (its name in the legend, and what a screen reader speaks
  on every card that shows it) replaced by the next icon's label;
- **heading** — a rulebook line that renders a rule fact with a `phase` moved to just after
  the next heading of its level, so it stands under another heading with every word kept;
- **arithmetic** — a number a rule template computes, from one term fewer (`arithmetic`);
- **cite** — a rule's cited source line moved to the next line with words (`cites`).

Each edit changes the file's text only, as the others do; the list is in file order.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from ..checks.backs import deck_names, game_name, named
from ..facts.rule import RuleFact
from ..player_texts import Region, Sources, toml_regions
from ..reading.headings import placed_lines
from .arithmetic import arithmetic_edits
from .changes import Change, Edit
from .cites import cite_edits

if TYPE_CHECKING:
    from ...catalog.load import Catalog

_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s")
PLACED_KINDS = ("back", "legend", "heading", "arithmetic", "cite")


def back_edits(catalog: Catalog, sources: Sources) -> Iterable[Edit]:
    """A deck name of each back's words, replaced by a deck's name on another back."""
    path = catalog.folder / "game.toml"
    if path not in sources.texts:
        return
    game = catalog.game
    names: dict[str, set[str]] = {}
    for s in game.sets:
        for n in deck_names(s):
            names.setdefault(n, set()).add(s.id)
    on: dict[str, set[str]] = {}
    for c in catalog.components:
        if c.back:
            on.setdefault(c.back, set()).add(c.set)
    shown = catalog.display(path)
    for region in toml_regions(
        path, shown, catalog.root, ["backs.*.title", "backs.*.subtitle"], sources.texts[path]
    ):
        back = region.where.split(".")[1]
        if game_name(region.text, game.title):
            continue  # the game's name: no deck's
        other = next(
            (s for s in game.sets if s.id not in on.get(back, set()) and s.id in _backed(on)),
            None,
        )
        if other is None:
            continue
        for n in named(region.text, names):
            if names[n] & on.get(back, set()):
                m = re.search(r"(?<![\w])" + re.escape(n) + r"(?![\w])", region.text)
                if m is None:
                    continue
                new = region.text[: m.start()] + other.name + region.text[m.end() :]
                yield _whole(region.path, shown, region, "back", new)
                break


def _backed(on: dict[str, set[str]]) -> set[str]:
    return {s for sets in on.values() for s in sets}


def legend_edits(catalog: Catalog, sources: Sources) -> Iterable[Edit]:
    """Each icon's label, replaced by the next icon's."""
    path = catalog.folder / "game.toml"
    if path not in sources.texts:
        return
    shown = catalog.display(path)
    regions = toml_regions(path, shown, catalog.root, ["icons.*.label"], sources.texts[path])
    for i, region in enumerate(regions):
        if len(regions) > 1:
            nxt = regions[(i + 1) % len(regions)]
            yield _whole(region.path, shown, region, "legend", nxt.text)


def _whole(path: Path, shown: str, region: Region, kind: str, new: str) -> Edit:
    """A TOML string's whole value replaced (its quotes kept)."""
    return Edit(
        kind,
        shown,
        region.line,
        region.where,
        region.text,
        new,
        (Change(path, region.start, region.end, new),),
    )


def heading_edits(catalog: Catalog, sources: Sources) -> Iterable[Edit]:
    """Each template line that renders a fact with a `phase`, moved after the next heading
    of its level (or the next of any level, without one)."""
    rules = catalog.rules
    if rules is None:
        return
    by_shown = {catalog.display(p): p for p in sources.texts}
    done: set[tuple[str, int]] = set()
    for loc in rules.facts:
        fact = loc.rule
        if not isinstance(fact, RuleFact) or fact.phase is None or fact.id is None:
            continue
        for shown_as, n, _lead, head_line, _heading in placed_lines(catalog, fact.id):
            path = by_shown.get(shown_as)
            if path is None or head_line is None or (shown_as, n) in done:
                continue
            done.add((shown_as, n))
            edit = _moved(path, shown_as, sources.texts[path], n, head_line)
            if edit is not None:
                yield edit


def _moved(path: Path, shown: str, text: str, n: int, head_line: int) -> Edit | None:
    """Line `n` moved to just after the next heading (below line `n`) of the level of the
    heading at `head_line`."""
    lines = text.splitlines(keepends=True)
    if n > len(lines) or head_line > len(lines):
        return None
    level = _HEADING.match(lines[head_line - 1])
    depth = len(level.group(1)) if level else 6
    target = next(
        (
            k
            for k in range(n, len(lines))
            if (m := _HEADING.match(lines[k])) is not None and len(m.group(1)) <= depth
        ),
        None,
    )
    if target is None:
        return None
    offsets = [0]
    for raw in lines:
        offsets.append(offsets[-1] + len(raw))
    moved = lines[n - 1] if lines[n - 1].endswith("\n") else lines[n - 1] + "\n"
    heading = lines[target].strip()
    return Edit(
        "heading",
        shown,
        n,
        "template text",
        lines[n - 1].strip()[:60],
        f"under {heading[:60]}",
        (
            Change(path, offsets[n - 1], offsets[n], ""),
            Change(path, offsets[target + 1], offsets[target + 1], moved),
        ),
    )


def placed_edits(catalog: Catalog, sources: Sources, seeds: Path | None = None) -> list[Edit]:
    """The back, legend, heading, arithmetic and cite edits of the game, in that order; the
    cites moved within the source the sources folder `seeds` (`check --sources`) holds."""
    return [
        *back_edits(catalog, sources),
        *legend_edits(catalog, sources),
        *heading_edits(catalog, sources),
        *arithmetic_edits(catalog, sources),
        *cite_edits(catalog, sources, seeds),
    ]


__all__ = ["PLACED_KINDS", "placed_edits"]
