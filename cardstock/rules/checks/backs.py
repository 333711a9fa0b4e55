"""A card back names only the decks printed on it (`backs`).

A back's `title` and `subtitle` (game.toml's `[backs.NAME]`) are printed on every card of
the decks that use the back, and again on what is made from it: a tuck box's spine and the
backs a print shop receives. Nothing else holds those words, so a back whose words name
another deck ("Devotee · Frenzy · Vortex card" on the back the Vortex cards do not use) is
read by nobody but the player who turns a card over. This check reads them:

- a **deck name** is a set's name, its name for one component (`one`), its group's fixed
  part ("Arch Villain" of "Arch Villain: {villain_type}"), each part of a name around a
  colon ("Sadists" of "Arch Villains: Sadists"), and each of those without a closing kind
  word (`cards`, `tiles`, `deck` …) and in the singular ("Devotee" of "Devotees");
- a back's title or subtitle that is the game's title, or a part of it around a colon
  ("Atmosfear" of "Atmosfear: The Card Game"), names the game and no deck;
- any other deck name a back's words give (whole words, case kept, the longest first)
  must be a name of a deck printed on that back: one error per name that is not, at the
  back's line in game.toml, naming the decks the name belongs to and those on the back.

A word of a back that names no deck ("turn order", "keep face down") is the designer's.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...core.issues import Issue
from ...core.stage import Job

if TYPE_CHECKING:
    from ...catalog.load import Catalog
    from ...catalog.schema import ComponentSet

KIND_WORDS = ("cards", "card", "tiles", "tile", "tokens", "token", "deck", "decks", "set")


def singular(word: str) -> str:
    """An English plural's singular, for names: Frenzies → Frenzy, Devotees → Devotee."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def _forms(name: str) -> set[str]:
    """A name as a back may write it: whole, without a closing kind word, and singular."""
    name = " ".join(name.replace("-", " ").split())
    out = {name}
    words = name.split()
    if len(words) > 1 and words[-1].lower() in KIND_WORDS:
        out.add(" ".join(words[:-1]))
    for n in list(out):
        w = n.split()
        if w:
            out.add(" ".join([*w[:-1], singular(w[-1])]))
    return {n for n in out if n}


def deck_names(s: ComponentSet) -> set[str]:
    """Every way a back may name the set (see the module)."""
    raw = [s.name, *([s.one] if s.one else [])]
    raw += [p for n in list(raw) for p in n.split(":")]
    fixed = re.sub(r"\{[^}]*\}", "", s.group)
    raw += [p for p in fixed.split(":")]
    return {f for r in raw if r.strip() for f in _forms(r.strip())}


def game_name(text: str, title: str) -> bool:
    """Is `text` the game's title, or a part of it around a colon (no deck's name)?"""
    said = " ".join(text.split())
    return said == title or said in [" ".join(p.split()) for p in title.split(":")]


def named(text: str, names: dict[str, set[str]]) -> list[str]:
    """The deck names `text` gives, longest first, each word read once."""
    said = " ".join(text.replace("-", " ").split())
    taken: list[tuple[int, int]] = []
    out: list[str] = []
    for n in sorted(names, key=lambda n: (-len(n), n)):
        for m in re.finditer(r"(?<![\w])" + re.escape(n) + r"(?![\w])", said):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            taken.append(m.span())
            if n not in out:
                out.append(n)
    return out


def backs(job: Job) -> list[Issue]:
    """An error for each deck name a back's title or subtitle gives that is no name of a
    deck printed on that back."""
    catalog: Catalog = job.catalog
    game = catalog.game
    if not game.backs:
        return []
    names: dict[str, set[str]] = {}  # a name → the sets it names
    for s in game.sets:
        for n in deck_names(s):
            names.setdefault(n, set()).add(s.id)
    on: dict[str, set[str]] = {}  # a back → the sets printed on it
    for c in catalog.components:
        if c.back:
            on.setdefault(c.back, set()).add(c.set)
    shown = catalog.display(catalog.folder / "game.toml")
    label = {s.id: s.name for s in game.sets}
    out: list[Issue] = []
    for back_id, back in game.backs.items():
        mine = on.get(back_id, set())
        for key in ("title", "subtitle"):
            text = getattr(back, key)
            if not text or game_name(str(text), game.title):
                continue
            for n in named(str(text), names):
                if names[n] & mine:
                    continue
                theirs = ", ".join(sorted(label[s] for s in names[n]))
                printed = ", ".join(sorted(label[s] for s in mine)) or "no deck"
                out.append(
                    Issue(
                        shown,
                        catalog.line("backs", back_id, key) or catalog.line("backs", back_id),
                        f"backs.{back_id}.{key}",
                        f"the back {back_id!r} says {n!r} ({text!r}), a name of {theirs}, "
                        f"but it is printed on {printed}{counted(catalog, names[n])}",
                    )
                )
    return out


def counted(catalog: Catalog, sets: set[str]) -> str:
    """Where the rules file counts the named decks, and the source line it cites: the
    first `[[counts]]` entry whose components all come from those sets (empty without)."""
    rules = catalog.rules
    if rules is None:
        return ""
    from ..filters import select  # the rules' models, read only where a game has rules

    for loc in rules.counts:
        chosen = select(catalog.components, loc.rule.match)
        if chosen and all(c.set in sets for c in chosen):
            cite = loc.rule.cite
            source = f"; source {cite.label(rules.seed or rules.text)}" if cite is not None else ""
            return f" (counted by {loc.rule.title()!r}, {rules.file}:{loc.line}{source})"
    return ""
