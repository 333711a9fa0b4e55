"""The single edits `cardstock check --mutate` makes to a game, each a change of the text of
one or two of its files, as a careless designer (or a reviewer looking for a gap) would:

- **number** — a number a player reads, one more (a digit, a decimal, a word one to twelve;
  a range's either end); a template's list numbering ("3. Shuffle …") is left alone;
- **name** — a card's, a deck's or a group's name, where a player reads it, replaced by the
  next name of the same kind (another card of the same deck, another deck);
- **word** — a word of the fact vocabulary (`rule_words.toml`'s opposites: face up/face
  down, first/last, all at once/in turn order, win/lose, lowest/highest …; in a template
  also its `template_opposites`: best/worst, discard/keep …) turned round;
- **swap** — two neighbouring rows of a component table exchange one column's values (two
  cards' ranks, two cards' decks by a column the group names, two cards' counts);
- **move** — a row moved into another table of the same columns (another deck), and a row
  of that table with the same count moved back, so that every total holds.

`placed` adds the edits of the places these do not reach: a card back's deck name, an
icon's legend label, a phase's rule moved under another heading, a number a template
computes from one term fewer, a rule's cited source line moved (`back`, `legend`,
`heading`, `arithmetic`, `cite`), and `continued` makes a number, name or word edit of a
card's text that a later part of the card prints that part's (`continued`); `new_cards`
adds a card after a row of more than one copy, its prose turning a rule round (`added`).

Where a player reads is `player_texts`'s regions. The list is deterministic: files in a
fixed order (game.toml, rules.toml, the tables in the order of their sets, the face layout
`faces.toml`, the templates by path), then text order, then kind.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ...catalog.wording import NUMBER_WORDS
from ..checks.prose_contradictions import rule_words, spoken
from ..player_texts import Region, Sources, game_files, records, vocabulary
from .changes import Change, Edit, apply
from .continued import Part, continued
from .new_cards import new_card_edits
from .placed import placed_edits

if TYPE_CHECKING:
    from ...catalog.load import Catalog

KINDS = (
    "number",
    "name",
    "word",
    "swap",
    "move",
    "back",
    "legend",
    "heading",
    "arithmetic",
    "cite",
    "continued",
    "added",
)  # back to cite: `placed`; continued: `continued`; added: `new_cards`


# ---------------------------------------------------------------- in a region's words

_NUM = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(?![\w]|\.\d)")
_WORD_NUM = re.compile(r"\b(" + "|".join(NUMBER_WORDS[1:]) + r")\b", re.I)
_LIST_ITEM = re.compile(r"^\s*\d+\.\s")
_MARKUP = re.compile(r"\{[^{}]*\}")  # a markup span's attributes ({color=… size=120%})


def _plus_one(value: str) -> str:
    if "." in value:
        whole, frac = value.split(".")
        return f"{int(whole) + 1}.{frac}"
    return str(int(value) + 1)


def _cased(word: str, like: str) -> str:
    if like[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def _edit(region: Region, kind: str, a: int, b: int, new: str) -> Edit:
    """An edit of the region's text from `a` to `b` (offsets in the region)."""
    text = region.text
    line = region.line + text.count("\n", 0, a)
    change = Change(region.path, region.start + a, region.start + b, new)
    context = ""
    if len(text.strip()) > b - a:  # a change inside a longer text: the words around it
        lo, hi = max(0, a - 24), min(len(text), b + 24)
        context = (
            ("…" if lo else "") + " ".join(text[lo:hi].split()) + ("…" if hi < len(text) else "")
        )
    return Edit(kind, region.shown, line, region.where, text[a:b], new, (change,), context)


def _idioms() -> re.Pattern[str] | None:
    """`rule_words.toml`'s idioms, as one pattern (made once; None when it lists none)."""
    if not _IDIOMS:
        words = sorted(vocabulary().get("idioms", []), key=lambda w: (-len(w), w))
        joined = "|".join(map(re.escape, words))
        _IDIOMS.append(re.compile(rf"\b({joined})\b", re.I) if words else None)
    return _IDIOMS[0]


_IDIOMS: list[re.Pattern[str] | None] = []


def in_idiom(text: str, a: int, b: int) -> bool:
    """Whether `text[a:b]` is part of an idiom of `text`, shorter than it ("once" of "at
    once"): no count and no rule word to edit."""
    idioms = _idioms()
    return idioms is not None and any(
        m.start() <= a and b <= m.end() and b - a < m.end() - m.start()
        for m in idioms.finditer(text)
    )


def number_edits(region: Region) -> Iterable[Edit]:
    """Each number the region writes, one more (not a word of an idiom: "no one")."""
    text = region.text
    if region.number:
        value = text.strip()
        sign = value[:1] if value[:1] in "+-" else ""
        a = text.index(value) + len(sign)
        yield _edit(region, "number", a, a + len(value) - len(sign), _plus_one(value[len(sign) :]))
        return
    skip = _LIST_ITEM.match(text) if region.where == "template text" else None
    attrs = [m.span() for m in _MARKUP.finditer(text)]
    for m in _NUM.finditer(text):
        if skip is not None and m.start() < skip.end():
            continue
        if any(a <= m.start() < b for a, b in attrs):
            continue
        yield _edit(region, "number", m.start(), m.end(), _plus_one(m.group(1)))
    for m in _WORD_NUM.finditer(text):
        if in_idiom(text, m.start(), m.end()):
            continue
        k = NUMBER_WORDS.index(m.group(1).lower())
        new = NUMBER_WORDS[k + 1] if k + 1 < len(NUMBER_WORDS) else NUMBER_WORDS[k - 1]
        yield _edit(region, "number", m.start(), m.end(), _cased(new, m.group(1)))


@dataclass
class Names:
    """The names a game gives, by kind, and how to find them in a text."""

    lists: dict[str, list[str]]  # kind -> names, sorted
    pattern: re.Pattern[str] | None

    @classmethod
    def of(cls, catalog: Catalog) -> Names:
        lists: dict[str, list[str]] = {}
        for c in catalog.components:
            lists.setdefault(f"card of {c.set}", []).append(c.name)
        lists["deck"] = [s.name for s in catalog.game.sets]
        lists["group"] = [c.group for c in catalog.components]
        lists = {k: sorted(set(v)) for k, v in lists.items() if len(set(v)) > 1}
        every = sorted({n for v in lists.values() for n in v}, key=lambda n: (-len(n), n))
        pattern = (
            re.compile(r"(?<![\w])(" + "|".join(map(re.escape, every)) + r")(?![\w])")
            if every
            else None
        )
        return cls(lists, pattern)

    def other(self, name: str) -> str | None:
        """The next name of the same kind (the first kind that has it), another name."""
        for names in self.lists.values():
            if name in names:
                k = names.index(name)
                for step in range(1, len(names)):
                    other = names[(k + step) % len(names)]
                    if other.lower() != name.lower():
                        return other
        return None


def name_edits(region: Region, names: Names) -> Iterable[Edit]:
    if names.pattern is None:
        return
    for m in names.pattern.finditer(region.text):
        other = names.other(m.group(1))
        if other is not None:
            yield _edit(region, "name", m.start(), m.end(), other)


@dataclass
class Opposites:
    pairs: dict[str, list[str]]  # a word or phrase (lower case) -> its opposites, in file order
    pattern: re.Pattern[str] | None
    answers: dict[str, str]  # a whole value (lower case) -> its opposite ("yes" -> "no")

    @classmethod
    def of(cls, words: Sequence[Sequence[str]], answers: Sequence[Sequence[str]] = ()) -> Opposites:
        pairs: dict[str, list[str]] = {}
        for a, b in words:
            for one, other in ((a, b), (b, a)):
                turned = pairs.setdefault(one.lower(), [])
                if other.lower() not in (t.lower() for t in turned):
                    turned.append(other)
        every = sorted(pairs, key=lambda w: (-len(w), w))
        pattern = (
            re.compile(r"\b(" + "|".join(map(re.escape, every)) + r")\b", re.I) if every else None
        )
        whole: dict[str, str] = {}
        for a, b in answers:
            whole.setdefault(a.lower(), b)
            whole.setdefault(b.lower(), a)
        return cls(pairs, pattern, whole)


def word_edits(region: Region, opposites: Opposites) -> Iterable[Edit]:
    """Each vocabulary word or phrase of the region turned round (a word in two pairs, each
    way); a region that is one answer alone ("yes", "true") turned to the other."""
    if region.number:
        return
    value = region.text.strip()
    answer = opposites.answers.get(value.lower())
    if answer is not None:
        a = region.text.index(value)
        yield _edit(region, "word", a, a + len(value), _cased(answer, value))
        return
    if opposites.pattern is None:
        return
    for m in opposites.pattern.finditer(region.text):
        if in_idiom(region.text, m.start(), m.end()):
            continue
        for new in opposites.pairs[m.group(1).lower()]:
            yield _edit(region, "word", m.start(), m.end(), _cased(new, m.group(1)))


# ---------------------------------------------------------------- rows


def as_cell(source: Region, target: Region) -> str:
    """`source`'s cell written in `target`'s place, meaning what it said there: unquoted
    from its quotes, quoted where the cell it lands in is quoted or where it holds what an
    unquoted cell cannot (the table's separator, a quote, a line break)."""
    text = source.text.replace('""', '"') if source.quoted else source.text
    if target.quoted:
        return text.replace('"', '""')
    sep = "\t" if target.path.suffix.lower() in (".tsv", ".tab") else ","
    if any(c in text for c in (sep, '"', "\n", "\r")):
        return '"' + text.replace('"', '""') + '"'
    return text


def swap_edits(regions: list[Region]) -> Iterable[Edit]:
    """Two neighbouring rows of a table exchange one column's values (not the name), each
    written as a cell of its new row (`as_cell`): the rows still read as two rows."""
    cells: dict[tuple[str | None, int | None], Region] = {(r.column, r.row): r for r in regions}
    columns = list(dict.fromkeys(r.column for r in regions if r.column not in (None, "name")))
    rows = sorted({r.row for r in regions if r.row is not None})
    for row in rows:
        for column in columns:
            a, b = cells.get((column, row)), cells.get((column, row + 1))
            if a is None or b is None or a.text.strip() == b.text.strip():
                continue
            yield Edit(
                "swap",
                a.shown,
                a.line,
                f"column {column}, rows {a.line} and {b.line}",
                a.text,
                b.text,
                (
                    Change(a.path, a.start, a.end, as_cell(b, a)),
                    Change(b.path, b.start, b.end, as_cell(a, b)),
                ),
            )


def _rows(text: str) -> list[tuple[int, int, int, str, str]]:
    """A table's data rows: (line, start, end, text with its line break, count)."""
    found = records(text, ",")
    if not found:
        return []
    header = [text[a:b].strip() for a, b in found[0]]
    k = header.index("count") if "count" in header else -1
    out = []
    for spans in found[1:]:
        if not spans or all(a == b for a, b in spans):
            continue
        start = text.rfind("\n", 0, spans[0][0]) + 1
        end = text.find("\n", spans[-1][1])
        end = len(text) if end < 0 else end + 1
        if text[start:end].lstrip().startswith("#"):
            continue
        count = text[slice(*spans[k])].strip() if 0 <= k < len(spans) else "1"
        out.append((text.count("\n", 0, start) + 1, start, end, text[start:end], count or "1"))
    return out


def move_edits(tables: list[tuple[Path, str, str]]) -> Iterable[Edit]:
    """A row moved into another table of the same header, and back a row of that table with
    the same count (if it has one), so that every total holds."""
    for i, (pa, shown_a, ta) in enumerate(tables):
        for pb, shown_b, tb in tables[i + 1 :]:
            head = ta.split("\n", 1)[0].strip()
            if not head or head != tb.split("\n", 1)[0].strip():
                continue
            rows_b = _rows(tb)
            end_a = ta if ta.endswith("\n") else ta + "\n"
            for line, start, end, row, count in _rows(ta):
                row = row if row.endswith("\n") else row + "\n"
                lead = "" if tb.endswith("\n") else "\n"
                changes = [Change(pa, start, end, ""), Change(pb, len(tb), len(tb), lead + row)]
                back = next((r for r in rows_b if r[4] == count), None)
                if back is not None:
                    lead_a = "" if end_a == ta else "\n"
                    changes += [
                        Change(pb, back[1], back[2], ""),
                        Change(pa, len(ta), len(ta), lead_a + back[3]),
                    ]
                yield Edit(
                    "move",
                    shown_a,
                    line,
                    f"row to {shown_b}" + (f", its line {back[0]} back" if back else ""),
                    row.split(",")[0],
                    shown_b,
                    tuple(changes),
                )


# ---------------------------------------------------------------- a game's edits


def edits(
    catalog: Catalog,
    sources: Sources | None = None,
    parts: Sequence[Part] = (),
    seeds: Path | None = None,
) -> list[Edit]:
    """Every single edit of the game, in a fixed order (see the module's docstring);
    `parts`: the later parts of the game's continued cards, with the words each prints;
    `seeds`: the sources folder `check --sources` names (the cite edits read the source)."""
    sources = sources or game_files(catalog)
    names = Names.of(catalog)
    words = vocabulary()
    opposites = Opposites.of(words["opposites"], words.get("answers", []))
    # a template is read with the template vocabulary too, as the word lint reads it
    in_templates = Opposites.of(
        [*words["opposites"], *words.get("template_opposites", [])], words.get("answers", [])
    )
    out: list[Edit] = []
    by_file: dict[Path, list[Region]] = {}
    for r in sources.regions:
        by_file.setdefault(r.path, []).append(r)
    for regions in by_file.values():
        for r in regions:
            mine = [*number_edits(r), *name_edits(r, names)]
            mine += word_edits(r, in_templates if r.where == "template text" else opposites)
            out += continued(r, mine, parts)
        out += swap_edits([r for r in regions if r.row is not None])
    out += move_edits(sources.tables)
    facts = [f for f in spoken(catalog) if not f[0].at]  # a rule stated wherever it stands
    out += new_card_edits(
        sources.tables,
        sources.regions,
        lambda r: word_edits(r, opposites),
        lambda text: bool(rule_words(catalog, text, facts)),
    )
    out += placed_edits(catalog, sources, seeds)
    seen: set[tuple[Change, ...]] = set()
    unique = []
    for e in out:
        if e.changes not in seen and e.before != e.after:
            seen.add(e.changes)
            unique.append(e)
    return unique


__all__ = ["KINDS", "Change", "Edit", "Part", "Sources", "apply", "edits", "game_files"]
