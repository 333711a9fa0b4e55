"""A setup step's words name the decks the step handles.

A step's `say` is what the rulebook prints for it; the step's data (its piles, its
`match`, `require` or `accept`) is what the setup simulation does. The decks the words name
must be decks the step handles, so the two cannot tell different stories:

- every pile starts empty but the box, which holds every set;
- a step that takes from piles handles the cards those piles hold, narrowed by its `match`
  (and names, besides, the cards its `require` or `accept` test for); what it takes goes
  into the piles it writes;
- a step's words name a set by the set's name or group (a group with `{field}` in it is
  left out), or by the name of one of its cards, written as the catalog writes it
  (capitals and all; a plural name also in the singular: "Devotee" for "Devotees");
- only what the step counts is read: a name right after a number (the step's own
  `{count}`, digits or a number word) or after `every`, `each`, `all`, `any` (one word may
  stand between: "draw 6 more Frenzies"). A name the words mention for another reason
  ("every tile but the Snake", "around the Snake") is not what the step moves.

A name none of whose cards the step handles ("{count} Job cards" for a step that gives
Family cards) is one error at the step's line, naming the deck or cards and what the step
handles.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...core.issues import Issue
from ...core.patterns import compiled
from ...core.stage import Job

if TYPE_CHECKING:  # the setup's models load only when a game has a rules.toml
    from ...catalog.load import Catalog
    from ..filters import Filter
    from .steps import Step

BOX = "box"


def _forms(name: str) -> list[str]:
    """A name as a text may write it: itself, and a plural name in the singular."""
    name = name.strip()
    if not name or "{" in name:
        return []
    out = [name]
    if name.endswith("ies") and len(name) > 4:
        out.append(name[:-3] + "y")
    elif name.endswith("s") and not name.endswith("ss") and len(name) > 3:
        out.append(name[:-1])
    return out


QUANTITY = (
    r"(?:\d+|every|each|all|any|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
)


def counted(name: str) -> re.Pattern[str]:
    """How a counted name is written: a quantity, maybe one word, then the name (compiled
    once a process for each name, `core.patterns.compiled`)."""
    return compiled(
        r"(?<![\w-])(?i:" + QUANTITY + r")\s+(?:\w+\s+)?(" + re.escape(name) + r")(?![\w-])"
    )


def namings(catalog: Catalog) -> list[tuple[str, frozenset[str]]]:
    """(the name as written, the components it names) for every set and card name, longest
    first. Its pattern (`counted`) is compiled only for a text that holds the name, which
    the pattern needs (the name is matched as written): a deck of 1,000 cards has as many
    names, and compiling each for every build cost more than the rest of this check."""
    found: dict[str, set[str]] = {}
    for s in catalog.game.sets:
        ids = {c.id for c in catalog.components if c.set == s.id}
        for n in (s.name, s.group):
            for f in _forms(n):
                found.setdefault(f, set()).update(ids)
    for c in catalog.components:
        for f in _forms(c.name):
            found.setdefault(f, set()).add(c.id)
    return [
        (n, frozenset(ids)) for n, ids in sorted(found.items(), key=lambda kv: (-len(kv[0]), kv[0]))
    ]


def _piles(step: Step, attrs: tuple[str, ...]) -> list[str]:
    out = []
    for a in attrs:
        v = getattr(step, a, None)
        out += [v] if isinstance(v, str) else list(v or [])
    return out


def _filters(step: Step) -> list[Filter]:
    from ..filters import Filter  # loaded with the rules' models (`rules.model`)

    return [f for a in type(step).filters if isinstance(f := getattr(step, a, None), Filter)]


def handled(steps: list[Step], catalog: Catalog) -> list[set[str]]:
    """The components each step handles, by id, in order (see the module)."""
    from ..filters import Filter, select  # loaded with the rules' models (`rules.model`)

    every = {c.id for c in catalog.components}
    held: dict[str, set[str]] = {BOX: set(every)}
    out: list[set[str]] = []
    for step in steps:
        read = _piles(step, type(step).piles_read)
        taken = set().union(*(held.get(p, set()) for p in read)) if read else set(every)
        match = getattr(step, "match", None)
        if isinstance(match, Filter):
            taken &= {c.id for c in select(catalog.components, match)}
        for p in _piles(step, type(step).piles_written):
            held.setdefault(p, set()).update(taken)
        tested = {c.id for f in _filters(step) for c in select(catalog.components, f)}
        out.append(taken | tested)
    return out


def _decks(ids: set[str], catalog: Catalog) -> str:
    """The decks (or, for part of a deck, the cards) `ids` are, for a message."""
    out: list[str] = []
    for s in catalog.game.sets:
        members = [c for c in catalog.components if c.set == s.id]
        mine = [c.name for c in members if c.id in ids]
        if mine and len(mine) == len(members):
            out.append(s.name)
        elif mine:
            out.append(f"{', '.join(mine)} of {s.name}")
    return "; ".join(out) or "no deck"


def setup_says(job: Job) -> list[Issue]:
    """An error for each deck a setup step's words name that the step does not handle."""
    catalog: Catalog = job.catalog
    rules = catalog.rules
    setup = getattr(rules, "setup", None) if rules is not None else None
    if setup is None:
        return []
    steps: list[Step] = list(setup.steps)
    found = namings(catalog)
    out: list[Issue] = []
    for i, (step, ids) in enumerate(zip(steps, handled(steps, catalog))):
        if not step.say:
            continue
        text = step.words()
        for written, named in found:
            if written not in text:
                continue
            pattern = counted(written)
            if not pattern.search(text):
                continue
            text = pattern.sub(" 1 ", text)  # a longer name is not read again in its words
            if named & ids:
                continue
            out.append(
                Issue(
                    rules.file,
                    setup.lines[i] if i < len(setup.lines) else None,
                    f"setup.steps[{i}].say",
                    f"step {i + 1} ({step.do}) says {written!r}, a name of "
                    f"{_decks(set(named), catalog)}, but the step handles "
                    f"{_decks(ids, catalog)}: {step.words()!r}",
                )
            )
    return out


# whom a setup step's words say it reaches: every player, or one of them (the vocabulary's
# who-phrases, `rule_words.toml`)
EVERY_PLAYER = re.compile(r"\b(?:each|every|all)\s+(?:player|players)\b", re.I)
ONE_PLAYER = re.compile(r"\b(?:the active|one|the first|a single)\s+player\b", re.I)


def _reaches(step: Step, player_piles: set[str]) -> str | None:
    """ "each" when the step runs for every player (it handles a player pile, `who` not
    "first"), "first" when for the first player only, None when it handles no player pile."""
    piles = _piles(step, type(step).piles_read) + _piles(step, type(step).piles_written)
    if not player_piles & set(piles):
        return None
    return "first" if step.who == "first" else "each"


def setup_who(job: Job) -> list[Issue]:
    """An error for each setup step whose words say it reaches one player while it runs for
    every player, or every player while it runs for the first player only."""
    catalog: Catalog = job.catalog
    rules = catalog.rules
    setup = getattr(rules, "setup", None) if rules is not None else None
    if setup is None:
        return []
    player_piles = set(setup.player_piles)
    out: list[Issue] = []
    for i, step in enumerate(setup.steps):
        reach = _reaches(step, player_piles) if step.say else None
        if reach is None:
            continue
        text = step.words()
        every, one = EVERY_PLAYER.search(text), ONE_PLAYER.search(text)
        wrong = one if reach == "each" and one and not every else None
        wrong = every if reach == "first" and every and not one else wrong
        if wrong is None:
            continue
        runs = "every player" if reach == "each" else "the first player only"
        out.append(
            Issue(
                rules.file,
                setup.lines[i] if i < len(setup.lines) else None,
                f"setup.steps[{i}].say",
                f"step {i + 1} ({step.do}) says {wrong.group(0)!r}, but the step runs for "
                f"{runs}: {text!r}",
            )
        )
    return out
