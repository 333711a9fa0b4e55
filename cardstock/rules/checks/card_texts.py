"""What a card's own words restate about the card: its text and its name agree with its fields.

A card's prose (every text field of more than four words) and its name are read for three
restatements, with no game data needed:

- **a signed number** (`+2`, `-1`, `−1`) next to a word that names one of the card's number
  fields ("Fire -1" and `fire_mod`, "+2 Attack" and `attack`: the word is a part of the
  field's name, singular or plural) is that field's value, sign and all;
- **a card of its own deck named in its text**: a card that names a card of its own deck
  names itself ("While Velvet is in play" on Velvet; "the Vivisector" names The Vivisector);
  a text that names another card of the deck and not its own card is an error (a card
  naming a sibling *and* itself is left alone);
- **words of its name that are another field's values**: when a card's name holds values
  of a short field of its deck (a field whose values are one to three words, `|` lists
  item by item: "Vortex: Blue, Green, Red, Yellow" and `order`, the card "Might" and `hero`),
  they are the card's own values, in the card's order;
- **an inline icon and the word beside it**: an icon followed by a word that is another
  icon's label, not its own (":kid: Senior", where `kid`'s label is Kid), says two things.

A signed number whose sentence names another card as what it changes (`OTHER_CARD`: "give
another Devotee +1 Attack") is that card's, and not read; a field's values in the names of
a deck that states them otherwise more than `SLIPS` times (one in ten past twenty names) are
jest, and not read either. Each disagreement left is one finding at the card's line,
naming the card, the field and both values. It is a warning, never an error, and a guess:
words can mean otherwise on real data, so `--strict` does not fail it either; a game may
still accept one with `[[acknowledge]]` (docs/rules-format.md, "Severities and
acknowledgments"; the corpus the guesses are measured on is
tests/fixtures/card-texts-corpus.csv).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ...catalog.schema import Component
from ...core.issues import Issue
from ...core.patterns import whole_name
from ...core.stage import Job
from ..reading.prose_counts import singular
from ..rule_words import vocabulary

if TYPE_CHECKING:
    from ...catalog.load import Catalog

PROSE_WORDS = 5  # a text field of at least this many words is prose a player reads
SHORT_WORDS = 3  # a field whose every value (item) is at most this many words is a label
SIGNED = re.compile(r"(?<![\w.+\-−])([+\-−])(\d+(?:\.\d+)?)(?![\w]|\.\d)")
WORD = re.compile(r"[^\W\d_][\w'’]*")
ICON = re.compile(r":[\w-]+:")  # an inline icon (":fire:") is not a word of the text
ARTICLES = ("The", "A", "An")  # a name's first word a sentence writes in lower case


def _number(v: Any) -> float | None:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    return float(v)


def prose_fields(c: Component, hidden: set[str]) -> list[str]:
    """The fields of a card a player reads as prose (`PROSE_WORDS` words or more)."""
    return [
        k
        for k, v in c.fields.items()
        if k.lower() not in hidden
        and isinstance(v, str)
        and len(WORD.findall(ICON.sub(" ", v))) >= PROSE_WORDS
    ]


def _field_named(c: Component, word: str) -> str | None:
    """The one number field of the card whose name has `word` as a part ("fire" in
    `fire_mod`), or None when none or several have."""
    w = singular(word)
    hits = [
        k
        for k, v in c.fields.items()
        if _number(v) is not None and w in {singular(p) for p in re.split(r"[_\W]+", k) if p}
    ]
    return hits[0] if len(hits) == 1 else None


def _shown(v: float) -> str:
    return f"{v:+g}" if v else "0"


# words that send a signed number to another card ("give another Devotee +1 Attack", "each
# adjacent tile gets -1"): the number is that card's, not this one's field
OTHER_CARD = frozenset(
    "another other others adjacent neighbour neighbours neighbouring neighbor neighbors "
    "neighboring target targeted opponent opponent's opponents".split()
)
_CLAUSE = re.compile(r"[.!?]")  # a sentence's end: a signed number's own sentence starts after


def _elsewhere(before: str) -> bool:
    """Does the sentence before a signed number name another card as what it changes?"""
    clause = _CLAUSE.split(before)[-1]
    return any(w.lower().replace("’", "'") in OTHER_CARD for w in WORD.findall(clause))


def signed_numbers(c: Component, prose: list[str]) -> Iterable[tuple[str, str, str, float, float]]:
    """(text field, the words stating it, number field, stated value, field's value) for each
    signed number of the card's prose (`prose`: its `_prose_fields`) that disagrees with the
    field it names."""
    for key in prose:
        text = ICON.sub(lambda m: " " * len(m.group()), str(c.fields[key]))
        for m in SIGNED.finditer(text):
            before = WORD.findall(text[max(0, m.start() - 40) : m.start()])
            after = WORD.findall(text[m.end() : m.end() + 40])
            word, fld = next(
                ((w, f) for w in (before[-1:] + after[:1]) if (f := _field_named(c, w))),
                ("", None),
            )
            if fld is None or _elsewhere(text[: m.start()]):
                continue
            stated = float(m.group(2)) * (1 if m.group(1) == "+" else -1)
            value = _number(c.fields[fld])
            if value is not None and value != stated:
                yield key, f"{word} {m.group()}", fld, stated, value


def _written(name: str) -> list[str]:
    """The ways a text writes a card's name: as it is, and a leading article in lower case
    inside a sentence ("The Vivisector" as "against the Vivisector")."""
    first, _, rest = name.partition(" ")
    if rest and first in ARTICLES:
        return [name, f"{first.lower()} {rest}"]
    return [name]


def _names_in(text: str, names: Iterable[str]) -> list[str]:
    """The names a text holds as words of their own (a plain substring test first: a deck
    of a thousand names is searched by pattern only for the few the text contains)."""
    return [
        n for n in names if n and any(w in text and whole_name(w).search(text) for w in _written(n))
    ]


RUN = re.compile(r"[\w-]+")  # a run of the characters a name's edges may not touch


class DeckNames:
    """The distinct names of a deck's cards, longest first (then in order), indexed by the
    run of word characters each way of writing it starts with (`RUN`, `_written`): a name
    found as a word of its own starts where a run of the text starts, and its first run is
    that whole run, so a text is tried only for the names of its own runs, not for every
    name of the deck."""

    def __init__(self, deck: list[Component]) -> None:
        self.names = sorted({d.name for d in deck}, key=lambda n: (-len(n), n))
        self._at = {n: i for i, n in enumerate(self.names)}
        self._by_run: dict[str, list[str]] = {}
        self._other: list[str] = []  # names that start with no such run: always tried
        for n in self.names:
            firsts = [m.group() for w in _written(n) if (m := RUN.match(w))]
            for run in dict.fromkeys(firsts):
                self._by_run.setdefault(run, []).append(n)
            if not firsts and n:
                self._other.append(n)

    def candidates(self, text: str) -> list[str]:
        """The names `text` may hold (each way `_written` writes one), in the deck's order:
        a superset of `_names_in`'s."""
        found = {n for run in set(RUN.findall(text)) for n in self._by_run.get(run, ())}
        found.update(self._other)
        return sorted(found, key=self._at.__getitem__)


def deck_names(deck: list[Component]) -> DeckNames:
    """The distinct names of a deck's cards (`DeckNames`), read once a deck."""
    return DeckNames(deck)


def siblings_named(
    c: Component, names: DeckNames, prose: list[str]
) -> Iterable[tuple[str, list[str]]]:
    """(text field, the other cards of its deck it names) for each prose field of the card
    (`prose`) that names cards of its deck (`names`: `deck_names` of its deck) but not its
    own."""
    for key in prose:
        text = str(c.fields[key])
        if _names_in(text, [c.name]):
            continue
        named = _names_in(text, [n for n in names.candidates(text) if n != c.name])
        if named:
            yield key, named


def _items(v: Any) -> list[str]:
    """A text field's value as items: a list's items, or a `|` list's."""
    if isinstance(v, (list, tuple)):
        return [str(p).strip() for p in v if isinstance(p, str) and p.strip()]
    if not isinstance(v, str) or not v.strip():
        return []
    return [p.strip() for p in v.split("|") if p.strip()]


def _stated(name: str, values: set[str]) -> list[str]:
    """The values of `values` a card's name states, in the name's order (longest first
    where two overlap)."""
    found: list[tuple[int, str]] = []
    for v in sorted(values, key=lambda x: (-len(x), x)):
        for m in whole_name(v).finditer(name):
            if not any(a <= m.start() < a + len(w) for a, w in found):
                found.append((m.start(), v))
    return [v for _, v in sorted(found)]


def _key(word: str) -> str:
    return " ".join(singular(w) for w in WORD.findall(word))


def _agrees(c: Component, fld: str, stated: list[str]) -> bool:
    """Are the values the name states the card's own (in its order, when two or more)?"""
    own = [_key(o) for o in _items(c.fields.get(fld))]
    keys = [_key(s) for s in stated]
    return all(k in own for k in keys) and (len(keys) < 2 or keys == [k for k in own if k in keys])


# how many names of a deck may state a field's values otherwise before its names are read as
# jest, not as labels: a slip or two (a swap of two cards) is a finding, more is the deck's
# humour ("The Grain Engine" whose trash is Clay); past twenty names, one in ten
SLIPS = 2


def label_fields(deck: list[Component], hidden: set[str]) -> dict[str, set[str]]:
    """The deck's short text fields its cards' names restate, and every value (item) they
    hold: a field whose values are one to three words, which most of the cards whose names
    hold its values hold as their own, all but `SLIPS` (or one in ten). A name may hold such
    a word for another reason (the Air tile bordered by Earth, a joke title), and a deck of
    many such names is read as naming in jest, where a guess would be wrong more often
    than one time in ten."""
    out: dict[str, set[str]] = {}
    keys = {k for d in deck for k, v in d.fields.items() if isinstance(v, (str, list, tuple))}
    for k in sorted(keys - hidden):
        values = {i for d in deck for i in _items(d.fields.get(k))}
        if not values or any(len(WORD.findall(i)) > SHORT_WORDS for i in values):
            continue
        stating = [(d, st) for d in deck if (st := _stated(d.name, values))]
        agreeing = sum(1 for d, st in stating if _agrees(d, k, st))
        slips = len(stating) - agreeing
        if 2 * agreeing > len(stating) and slips <= max(SLIPS, len(stating) // 10):
            out[k] = values
    return out


def name_values(c: Component, labels: dict[str, set[str]]) -> Iterable[tuple[str, str, str]]:
    """(field, what the name states, the card's own values) for each field its deck's
    names restate that the card's name states otherwise than the card holds it."""
    for fld, values in labels.items():
        stated = _stated(c.name, values)
        if stated and not _agrees(c, fld, stated):
            own = " | ".join(_items(c.fields.get(fld))) or "nothing"
            yield fld, ", ".join(stated), own


def icon_words(c: Component, labels: dict[str, str], prose: list[str]) -> Iterable[tuple[str, str]]:
    """(text field, the icon and word) for each inline icon of the card's prose (`prose`)
    followed by a word that labels another icon of the game and not its own (`labels`: each
    icon's label, singular and in lower case)."""
    others = {v: k for k, v in labels.items()}
    for key in prose:
        text = str(c.fields[key])
        for m in re.finditer(r":([\w-]+):\s+([^\W\d_][\w'’]*)", text):
            icon, word = m.group(1), singular(m.group(2).lower())
            own = labels.get(icon)
            if own is not None and word != own and others.get(word, icon) != icon:
                yield key, m.group()


def hidden_fields(catalog: Catalog) -> set[str]:
    """The fields no player reads (`rule_words.toml`'s hidden columns, and the game's own
    `hidden_columns`), in lower case."""
    hidden = {str(h).lower() for h in vocabulary()["hidden_columns"]}
    if catalog.rules is not None:
        hidden |= {h.lower() for h in catalog.rules.hidden}
    return hidden


def card_texts(job: Job) -> list[Issue]:
    """A warning for each card whose text or name restates its own fields otherwise."""
    catalog: Catalog = job.catalog
    out: list[Issue] = []
    decks: dict[str, list[Component]] = {}
    for c in catalog.components:
        decks.setdefault(c.set, []).append(c)
    hidden = hidden_fields(catalog)
    labels = {s: label_fields(deck, hidden) for s, deck in decks.items()}
    names = {s: deck_names(deck) for s, deck in decks.items()}
    icons = getattr(catalog.game, "icons", None) or {}
    icon_labels = {k: singular(str(i.label).lower()) for k, i in icons.items() if i.label}
    for c in catalog.components:
        prose = prose_fields(c, hidden)  # found once a card, read by three of the checks
        for key, said, fld, stated, value in signed_numbers(c, prose):
            out.append(
                Issue(
                    c.file,
                    c.line,
                    key,
                    f"{c.name}'s {key} states {said!r} ({_shown(stated)}), but its {fld} is "
                    f"{_shown(value)}",
                    "warning",
                )
            )
        for key, named in siblings_named(c, names[c.set], prose):
            out.append(
                Issue(
                    c.file,
                    c.line,
                    key,
                    f"{c.name}'s {key} names {', '.join(map(repr, named))} of its own deck but "
                    f"not {c.name!r}: a card's text names its own card",
                    "warning",
                )
            )
        for key, said in icon_words(c, icon_labels, prose):
            out.append(
                Issue(
                    c.file,
                    c.line,
                    key,
                    f"{c.name}'s {key} says {said!r}: the word beside an icon is another "
                    "icon's label, not its own",
                    "warning",
                )
            )
        for fld, values, own in name_values(c, labels[c.set]):
            out.append(
                Issue(
                    c.file,
                    c.line,
                    "name",
                    f"{c.name!r} states {fld} {values}, but the card's {fld} is {own}",
                    "warning",
                )
            )
    return out
