"""Counts stated in the game file's prose agree with the data they restate.

The designer's choices (`designer_choices[*].topic` and `.choice`), the sets' descriptions
and the tables' notes are free text, but a number in them followed by the name of
something the catalog counts restates that count: "12 minus-one markers" is the count of a
Score marker, "2 pawns of each" the count of each pawn, "for 2 to 4 players" the player
count. Such a number must be one the data holds for what it names:

- a set (its `name` or `group`, or the last word of either unless it is a kind of
  component such as `tiles`, singular or plural): the set's total, its number of different
  components, or one component's count;
- a component (its `name`): its count;
- players: a count from `players.min` to `players.max`;
- `copies` in a designer's choice: what its topic names.

A number followed by no such name (`scores 2`, `one per player`, `six tiles around it`: the
words between a number and its name are at most three, and never `per`, `of`, `more` …,
`STOPS`) is not a restatement and is
left alone; a number that is a component's name (the `-2` tile) is a name, not a count.
In a list ("24 one-point, 8 five-point and 12 minus-one markers", "2 to 4 players") every
number restates what the last one names. Each disagreement is one error naming both
values, at the line of game.toml that states it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ...core.issues import Issue
from ...core.stage import Job

if TYPE_CHECKING:
    from ...catalog.load import Catalog

WORD_NUMBERS = {
    w: n
    for n, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve".split()
    )
}
# a word (hyphens and apostrophes inside it), or a whole number not part of a decimal
# a pattern's text: `re.compile` makes it when first asked and keeps it (a build that
# never asks does not compile it)
TOKEN = r"[^\W\d_][\w'’-]*|(?<![\w.])-?\d+(?![\w]|\.\d)"
LINKS = {"and", "or", "to", ","}  # what joins the numbers of a list or a range
NOUN_WORDS = 3  # at most this many words between a number and the name it counts
GENERIC = {"copy", "copies"}  # counts of what a designer's choice's topic names
PLAYERS = "player"
# a word that goes on naming after a component's name: "2 Teamwork tokens" may count the
# tokens a player spends, not the Teamwork tokens the game has ("2 Deck cards" is the set's)
GOES_ON = {
    f"{k}{s}" for k in ("card", "tile", "token", "pawn", "die", "dice", "marker") for s in ("", "s")
}
# words a count's phrase never runs through: "one per player" counts no players, "13 with
# Michael" no Michaels, "seven more Callings" not the Callings
STOPS = set(
    "per each every for of in on at than a an the to with by from and or is are as its "
    "their his her your more fewer less other another extra further".split()
)


def singular(word: str) -> str:
    w = word.lower().strip("'’")
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith("s") and not w.endswith("ss") and len(w) > 3:
        return w[:-1]
    return w


def phrase_key(words: list[str]) -> str:
    return " ".join(singular(w) for w in words)


class Counted:
    """What a name counts: the counts the data holds for it, and how they read (a holder
    merged in place, never compared: a plain class)."""

    __slots__ = ("label", "counts", "shown", "part")

    def __init__(
        self,
        label: str,
        counts: set[int] | None = None,
        shown: list[str] | None = None,
        part: bool = False,
    ) -> None:
        self.label = label
        self.counts: set[int] = set() if counts is None else counts
        self.shown: list[str] = [] if shown is None else shown
        # one component: "Teamwork token" names a token, not the Teamwork count
        self.part = part

    def add(self, other: Counted) -> None:
        self.counts |= other.counts
        have = set(self.shown)  # a set: a deck's thousands of rows meet here
        self.shown += [s for s in other.shown if s not in have]
        self.part = self.part and other.part


def vocabulary(catalog: Catalog) -> dict[str, Counted]:
    """Each name a count may follow (as `phrase_key` reads it) and what it counts."""
    game = catalog.game
    out: dict[str, Counted] = {}

    def put(name: str, what: Counted) -> None:
        key = phrase_key(name.replace("-", " ").split()) if name else ""
        if key and "{" not in key:
            out.setdefault(key, Counted(what.label, part=what.part)).add(what)

    kinds = {singular(s.kind) for s in game.sets}
    for s in game.sets:
        members = [c for c in catalog.components if c.set == s.id]
        total = sum(c.count for c in members)
        what = Counted(
            s.name,
            {total, len(members), *(c.count for c in members)},
            [f"{total} in all", f"{len(members)} different"]
            + [f"{c.count} {c.name}" for c in members],
        )
        for name in (s.name, s.group):
            put(name, what)
            head = name.split()[-1] if name.split() else ""
            if singular(head) not in kinds:  # "tiles" may count what is in play, not a set
                put(head, what)
        for c in members:
            put(c.name, Counted(c.name, {c.count}, [f"{c.count} {c.name}"], part=True))
    players = game.players
    span = range(players.min, players.max + 1)
    out[PLAYERS] = Counted("players", set(span), [f"players {players.min}–{players.max}"])
    return out


def prose(catalog: Catalog) -> Iterator[tuple[tuple[Any, ...], str, str | None]]:
    """Each prose text of the game file: its key path, its text, and (for a designer's
    choice) its topic."""
    game = catalog.game
    for i, d in enumerate(game.designer_choices):
        yield ("designer_choices", i, "topic"), d.topic, None
        yield ("designer_choices", i, "choice"), d.choice, d.topic
    for i, s in enumerate(game.sets):
        if s.description:
            yield ("sets", i, "description"), s.description, None
    for name, table in game.tables.items():
        if table.note:
            yield ("tables", name, "note"), table.note, None


class Stated:
    """A count a rule text states, its words, and the thing it counts when one is named (a
    private holder: a plain class)."""

    __slots__ = ("value", "text", "named")

    def __init__(self, value: int, text: str, named: Counted | None) -> None:
        self.value = value
        self.text = text
        self.named = named


def statements(
    text: str, words: dict[str, Counted], names: set[str], topic: Counted | None
) -> list[Stated]:
    """The numbers of `text` that restate a count, with what each names."""
    tokens = [m.group() for m in re.compile(TOKEN).finditer(text)]
    spans = [m.span() for m in re.compile(TOKEN).finditer(text)]
    found: list[tuple[Stated, bool]] = []  # each number, and whether a list joins it to the next
    for i, tok in enumerate(tokens):
        value = number(tok)
        if value is None or tok.lower() in names:
            continue
        run: list[str] = []  # the words after the number, up to a stop or punctuation
        for j in range(i + 1, min(len(tokens), i + 1 + NOUN_WORDS)):
            if (
                number(tokens[j]) is not None
                or tokens[j].lower() in STOPS
                or text[spans[j - 1][1] : spans[j][0]].strip()
            ):
                break
            run.append(tokens[j])
        named = named_by(run, words, topic)
        if named is not None and value == 1 and singular(run[-1]) == run[-1].lower():
            named = None  # "one Hero card": an article, not a count
        later = next((j for j in range(i + 1, len(tokens)) if number(tokens[j]) is not None), None)
        joined = later is not None and _joins(text[spans[i][1] : spans[later][0]])
        found.append((Stated(value, tok, named), joined))
    for k in range(len(found) - 2, -1, -1):  # a list's numbers count what its last names
        st, joined = found[k]
        if st.named is None and joined:
            st.named = found[k + 1][0].named
    return [st for st, _ in found if st.named is not None]


def _joins(between: str) -> bool:
    """Do the words between two numbers only join a list or a range ("one-point, ",
    " to ", " five-point and ")? At most one word that is no link."""
    toks = re.compile(TOKEN).findall(between)
    rest = [t for t in toks if t.lower() not in LINKS]
    ends = between.rstrip().endswith((",", "–", "-")) or bool(toks and toks[-1].lower() in LINKS)
    return len(rest) <= 1 and ends


def number(tok: str) -> int | None:
    if tok.lower() in WORD_NUMBERS:
        return WORD_NUMBERS[tok.lower()]
    try:
        return int(tok)
    except ValueError:
        return None


def named_by(run: list[str], words: dict[str, Counted], topic: Counted | None) -> Counted | None:
    """What the words after a number name: the longest name the run starts with, when the
    word after it does not go on naming ("Teamwork token" is no count of Teamwork)."""
    for end in range(len(run), 0, -1):
        for start in range(end):
            key = phrase_key(" ".join(run[start:end]).replace("-", " ").split())
            if key not in words:
                continue
            if words[key].part and end < len(run) and run[end].lower() in GOES_ON:
                continue
            return words[key]
    if topic is not None and run and singular(run[-1]) in {singular(g) for g in GENERIC}:
        return topic
    return None


def topic_named(topic: str, words: dict[str, Counted]) -> Counted | None:
    """What a designer's choice's topic names (its longest name), if anything."""
    toks = [t for t in re.compile(TOKEN).findall(topic) if number(t) is None]
    for size in range(len(toks), 0, -1):
        for k in range(len(toks) - size + 1):
            key = phrase_key(" ".join(toks[k : k + size]).replace("-", " ").split())
            if key in words:
                return words[key]
    return None


def prose_counts(job: Job) -> list[Issue]:
    """An error for each count stated in the game file's prose that the data does not hold."""
    catalog = job.catalog
    words = vocabulary(catalog)
    names = {c.name.lower() for c in catalog.components}
    shown = catalog.display(catalog.folder / "game.toml")
    out: list[Issue] = []
    for path, text, topic in prose(catalog):
        about = topic_named(topic, words) if topic is not None else None
        for st in statements(text, words, names, about):
            assert st.named is not None
            if st.value in st.named.counts:
                continue
            where = ".".join(str(p) if isinstance(p, str) else f"[{p}]" for p in path)
            out.append(
                Issue(
                    shown,
                    catalog.line(*path),
                    where.replace(".[", "["),
                    f"states {st.text} for {st.named.label}, but the catalog has "
                    f"{', '.join(st.named.shown)}",
                )
            )
    return out
