"""Every fact a source rulebook states, covered: the source's numbers and names held against
what the rules file declares, both ways.

- **Agreement** (rules → source): every number a rule states with a `cite` (a count, a
  constraint's bounds, a fact's values, a setup step's count, an example's claim with a
  `line`) is a number its cited lines state, and every name a card fact or a `terms` fact
  gives is a name those lines write. A fact edited to 6 where its line says 7 fails with the
  fact, the line and both values. A rule that also gives a `choice` states the designer's
  value, not the source's, and is not held to the line.
- **Coverage** (source → rules): every number on every line of the source is stated by a
  rule that cites that line; every name the source gives (a run of capitalised words, less
  the words any sentence may start with) is made of names some rule states; every line that
  the source numbers as a step ("3. Each player draws…") is cited. What the catalog leaves
  out on purpose, or what is no rule at all (the date of a post, the players of an example),
  is set aside in rules.toml with the reason:

      [[aside]]
      lines = [1]                  # optional: only on these lines (default: anywhere)
      numbers = [30, 2014]         # these numbers …
      names = ["Steve", "Mindy"]   # … and names; or all = true: everything on the lines
      reason = "the date of the post and the players of the example"

`cardstock check --coverage` lists, per source, which numbers and names are covered (and by
which rule) and which are not.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pydantic import Field, model_validator

from ..choices import departs
from ..filters import Filter, Strict
from ..reading.phrases import bare, fold, words_of
from ..reading.places import NUMBER_WORDS
from ..sources import SeedRef, SourceText

if TYPE_CHECKING:
    from ...catalog.load import Catalog


class Aside(Strict):
    """What a source states that the rules file sets aside on purpose, and why."""

    lines: list[int] = []
    numbers: list[Any] = []
    names: list[str] = []
    all: bool = False
    reason: str = Field(min_length=1)

    @model_validator(mode="after")
    def _something(self) -> Aside:
        if not (self.numbers or self.names or self.all):
            raise ValueError(
                "an aside names numbers, names, or all = true (everything on its lines)"
            )
        if self.all and not self.lines:
            raise ValueError("all = true sets aside whole lines: give 'lines'")
        return self


# ---------------------------------------------------------------- reading a source line

_WORDS = "|".join(NUMBER_WORDS)
_ENUM = re.compile(r"^\s*(?:step\s+)?\d+(?:\.\d+)*(?:\.\)|\.|\))(?=\s|$)", re.I)
_RANGE = re.compile(r"(?<![\w.])(\d+)\s*[-–]\s*(\d+)(?![\w/])")
_NUM = re.compile(
    r"(?<![\w/.])([-+−]?)\$?(\d+(?:\.\d+)?)(?:/(\d+))?(?:st|nd|rd|th)?(?![\w/])|\b("
    + _WORDS
    + r")\b",
    re.I,
)


def number(v: Any) -> Fraction | None:
    """A stated value as a number, when it is one: 7, 7.0, '7', 'seven', '1/2', '-2'."""
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, (int, float)):
        return Fraction(v).limit_denominator(1000)
    found = numbers_in(str(v))
    return found[0] if len(found) == 1 else None


def numbers_in(text: str) -> list[Fraction]:
    """Every number a text writes: digits, fractions, ranges (2-4 is 2 and 4), words one to
    twelve."""
    out: list[Fraction] = []
    spans: list[tuple[int, int]] = []
    for m in _RANGE.finditer(text):
        out += [Fraction(int(m.group(1))), Fraction(int(m.group(2)))]
        spans.append(m.span())
    for m in _NUM.finditer(text):
        if any(a <= m.start() < b for a, b in spans):
            continue
        if m.group(4):
            out.append(Fraction(NUMBER_WORDS[m.group(4).lower()]))
            continue
        value = Fraction(m.group(2))
        if m.group(3):
            value /= int(m.group(3))
        if m.group(1) in ("-", "−"):
            value = -value
        out.append(value)
    return out


def show_number(n: Fraction) -> str:
    if n.denominator == 1:
        return str(n.numerator)
    return f"{n.numerator}/{n.denominator}"


def enumerated(text: str) -> bool:
    """Does the line start with the source's own numbering of a step ("3.", "2.)", "3.1.")?"""
    return bool(_ENUM.match(text))


def line_numbers(text: str) -> list[Fraction]:
    """The numbers a source line states, less its own step numbering."""
    return numbers_in(_ENUM.sub(" ", text, count=1))


# Words any sentence may start with or put between names: they never make a name alone.
STOP = set(
    """
a an the and or but nor of to in on at by for from with without into onto upon over under than then
as if when while whilst unless until after before because since so though although once where each
every all any both either neither no not none some most many more less few other others another this
that these those it its it's he she they them their his her him you your yours we our us i me my
there here what which who whom whose how why yes is are was were be been being do does did done have
has had can could may might must shall should will would see note read also only just even still
instead otherwise however thus therefore finally first next last remember important notice example
examples step steps rules rule
""".split()
)

_TOKEN = re.compile(r"[A-Za-z][\w'’/&-]*|[^\sA-Za-z]")
_SENTENCE = set('.:!?;•·*"“”()[]-–—=#>')


def name_runs(text: str) -> list[str]:
    """The names a line gives: runs of capitalised words (joined by "of", "the", "and" …),
    less words written all in capitals (a heading, or emphasis) and less a lone capitalised
    word that starts a sentence."""
    runs: list[list[tuple[str, bool]]] = []
    current: list[tuple[str, bool]] = []
    start = True
    for tok in _TOKEN.findall(text):
        word = tok.strip("'’")
        if word[:1].isupper() and not (word.isupper() and len(word) > 1):
            current.append((word, start))
            start = False
            continue
        if word.lower() in ("of", "the", "at", "to", "and", "a", "in") and current:
            current.append((word, False))
            continue
        if current:
            runs.append(current)
            current = []
        start = tok in _SENTENCE or (tok[:1].isupper() and start)
        if tok[:1].isalpha() and not tok.isupper():
            start = False
    if current:
        runs.append(current)
    out: list[str] = []
    for run in runs:
        while run and run[-1][0].lower() in ("of", "the", "at", "to", "and", "a", "in"):
            run.pop()
        words = [w for w, _ in run]
        # a sentence's first word is a name only when a name follows it ("Because Agares …" is
        # Agares)
        while words and words[0].lower() in STOP:
            words.pop(0)
        if not words:
            continue
        if len(run) == 1 and run[0][1] and len(words) == 1:
            continue
        out.append(" ".join(bare(w) for w in words))
    return [n for n in out if n]


# ---------------------------------------------------------------- what a rule states


@dataclass
class Statement:
    """What one rule states, and where: its cited lines, its numbers, its names."""

    rule: str  # how the report names it: "facts[3] 'starting hand'"
    file: str
    line: int | None
    source: str | None  # the source file its cite points into
    lines: list[int]
    numbers: list[Fraction] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    checked_names: list[str] = field(
        default_factory=list
    )  # names the rule gives as the source's (held to the line)
    choice: bool = False  # the rule states a designer's value: not held to the line


def _values(v: Any) -> Iterable[Any]:
    if isinstance(v, dict):
        for k, x in v.items():
            yield k
            yield from _values(x)
    elif isinstance(v, (list, tuple)):
        for x in v:
            yield from _values(x)
    elif v is not None:
        yield v


def _nums(values: Iterable[Any]) -> list[Fraction]:
    out: list[Fraction] = []
    for v in values:
        if isinstance(v, bool) or v is None:
            continue
        if isinstance(v, (int, float)):
            out.append(Fraction(v).limit_denominator(1000))
        elif isinstance(v, str):
            out += numbers_in(v)
    return out


def _strings(values: Iterable[Any]) -> list[str]:
    return [v for v in values if isinstance(v, str) and v.strip() and not v.strip().isdigit()]


def _filter_names(f: Filter | None, sets: dict[str, str] | None = None) -> list[str]:
    """The names a filter gives: groups, names, field values, and the names of the sets it
    names."""
    if f is None:
        return []
    out: list[str] = []
    for key in ("group", "name"):
        v = getattr(f, key)
        if v is not None:
            out += [v] if isinstance(v, str) else list(v)
    if f.set is not None and sets:
        out += [sets[s] for s in ([f.set] if isinstance(f.set, str) else f.set) if s in sets]
    out += _strings(_values([f.in_, f.not_in, f.equals]))
    for sub in (f.any or []) + (f.all or []) + ([f.not_] if f.not_ is not None else []):
        out += _filter_names(sub, sets)
    return out


def _rule_statement(loc: Any, file: str, default: str | None, catalog: Catalog) -> Statement | None:
    """What a cited count, constraint, fact or example states: the numbers and names its
    source lines must hold (None for a rule that cites nothing)."""
    rule = loc.rule
    cite: SeedRef | None = getattr(rule, "cite", None)
    if cite is None:
        return None
    label = f"{loc.where} {rule.title()!r}"
    chosen = getattr(rule, "choice", None)
    st = Statement(
        label,
        file,
        loc.line,
        cite.seed or default,
        cite.lines,
        choice=chosen is not None and departs(chosen) is None,
    )
    if departs(chosen) is not None:  # a departure: the source's value is held to its line
        rule = rule.model_copy(update={"value": rule.source_value})
    kind = getattr(rule, "kind", None)
    sets = {st.id: st.name for st in catalog.game.sets}
    names = _filter_names(getattr(rule, "match", None), sets)
    section = loc.section
    if section in ("counts", "constraints"):
        _constraint_states(rule, kind, st, names)
    elif section == "facts":
        _fact_states(rule, kind, st, names, catalog)
    elif section == "examples":
        by_id = {c.id: c for c in catalog.components}
        for ids in rule.cards.values():
            for i in [ids] if isinstance(ids, str) else ids:
                if i in by_id:
                    names.append(by_id[i].name)
    st.names = names
    return st


def _constraint_states(rule: Any, kind: Any, st: Statement, names: list[str]) -> None:
    """A count's or constraint's numbers (into `st`) and names (onto `names`)."""
    if kind == "count":
        # count = 0: "none may", not a number of the source
        st.numbers += _nums([rule.count] if rule.count else [])
        names += _strings(rule.values or [])
    elif kind == "range":
        st.numbers += _nums([rule.min, rule.max])
    elif kind == "sum":
        st.numbers += _nums([rule.total])
    elif kind == "count_per_group":
        vals = rule.expected()
        st.numbers += _nums(
            [vals[0], vals[-1]] if vals and all(isinstance(v, int) for v in vals) else vals
        )
        names += _strings(rule.groups or [])
    elif kind == "compare":
        st.numbers += _nums([rule.right] if isinstance(rule.right, (int, float)) else [])
    elif kind == "exactly_one":
        st.numbers.append(Fraction(1))


def _fact_states(rule: Any, kind: Any, st: Statement, names: list[str], catalog: Catalog) -> None:
    """A fact's numbers (into `st`, with the names it checks) and names (onto `names`)."""
    sets = {s.id: s.name for s in catalog.game.sets}
    if kind == "card":
        st.numbers += _nums(v for v in rule.fields.values() if not isinstance(v, str))
        names += _strings(rule.fields.values())
        if rule.called:
            names.append(rule.called)
            st.checked_names.append(rule.called)
        st.numbers += _nums(
            w
            for ws in rule.contains.values()
            for w in ([ws] if isinstance(ws, str) else ws)
            if "{" not in w
        )
    elif kind == "table":
        st.numbers += _nums(_values(rule.equals)) + _nums([rule.contains] if rule.contains else [])
        if isinstance(rule.row, (int, float)) and not isinstance(rule.row, bool):
            st.numbers += _nums([rule.row])
        names += _strings(_values(rule.equals)) + _strings([rule.row])
    elif kind == "strongest":
        names += _strings([rule.group, rule.strongest, rule.weakest, *rule.stats])
    elif kind == "value":
        st.numbers += _nums([rule.value])
        names += _strings([rule.value])
    elif kind == "players":
        st.numbers += _nums([rule.min, rule.max])
    elif kind == "per_player":
        st.numbers += _nums([rule.each])
    elif kind == "terms":
        names += list(rule.terms)
        st.checked_names += list(rule.terms)
    elif kind == "deck":  # the cards it places in its deck, the deck, what the book calls it
        by_id = {c.id: c.name for c in catalog.components}
        names += [by_id.get(c, c) for c in rule.cards] + _filter_names(rule.deck, sets)
        names += [rule.called] if rule.called else []
    elif kind == "restates":
        t = catalog.game.tables.get(rule.table)
        if t is not None:
            cols = [str(c).lower() for c in t.columns]
            index = [
                cols.index(c.lower())
                for c in [rule.key["column"], *rule.columns]
                if c.lower() in cols
            ]
            cells = [row[i] for row in t.rows for i in index]
            st.numbers += _nums(c for c in cells if not isinstance(c, str))
            names += _strings(cells)


def statements(catalog: Catalog) -> list[Statement]:
    """What every cited rule of the game states."""
    rules = catalog.rules
    if rules is None:
        return []
    out: list[Statement] = []
    for located in (rules.counts, rules.constraints, rules.facts, rules.examples):
        for loc in located:
            st = _rule_statement(loc, rules.file, rules.seed or rules.text, catalog)
            if st is not None:
                out.append(st)
    for loc in rules.examples:  # a claim with a line: the value the source states there
        for k, claim in enumerate(loc.rule.claims):
            if claim.line is not None and claim.equals is not None:
                seed = loc.rule.cite.seed if loc.rule.cite is not None else None
                out.append(
                    Statement(
                        f"{loc.where}.claims[{k}] {claim.id or claim.value!r}",
                        rules.file,
                        loc.line,
                        seed or rules.seed or rules.text,
                        [claim.line],
                        _nums(_values([claim.equals])),
                    )
                )
    setup = rules.setup
    for i, step in enumerate(setup.steps if setup is not None else []):
        if step.cite is None:
            continue
        # a step departing from the source (`choice = { value, why }`): the source's number
        values = [step.source_number(a) for a in ("count", "upto", "at_least")]
        out.append(
            Statement(
                f"setup.steps[{i}] {step.words()!r}",
                rules.file,
                setup.lines[i] if i < len(setup.lines) else None,
                step.cite.seed or rules.seed or rules.text,
                step.cite.lines,
                _nums(v for v in values if isinstance(v, int)),
                _filter_names(
                    getattr(step, "match", None), {s.id: s.name for s in catalog.game.sets}
                ),
                choice=step.choice is not None and departs(step.choice) is None,
            )
        )
    for key, deck in rules.decks.items():
        if deck.cite is not None:
            limit = deck.limit if isinstance(deck.limit, int) else None
            out.append(
                Statement(
                    f"decks.{key}",
                    rules.file,
                    None,
                    deck.cite.seed or rules.seed or rules.text,
                    deck.cite.lines,
                    _nums([deck.min_size, deck.max_size, limit]),
                )
            )
    return out


# ---------------------------------------------------------------- agreement and coverage


@dataclass
class Item:
    """One number or name of a source, and what covers it."""

    what: str  # "number" | "name" | "step"
    text: str
    line: int
    covered_by: list[str] = field(default_factory=list)
    aside: str | None = None  # the reason it is set aside

    @property
    def covered(self) -> bool:
        return bool(self.covered_by) or self.aside is not None


@dataclass
class Coverage:
    source: SourceText
    items: list[Item]
    cited: frozenset[int] = frozenset()  # the lines some rule cites

    def tally(self, what: str) -> tuple[int, int]:
        mine = [i for i in self.items if i.what == what]
        return sum(1 for i in mine if i.covered), len(mine)

    @property
    def full(self) -> bool:
        return all(i.covered for i in self.items)


@dataclass
class Disagreement:
    statement: Statement
    message: str


def agreement(source: SourceText, stated: list[Statement]) -> list[Disagreement]:
    """Every number and checked name a cited rule states is on its cited lines."""
    out: list[Disagreement] = []
    for st in stated:
        if st.source != source.name:
            continue
        missing = [n for n in st.lines if source.line(n) is None]
        if missing:
            out.append(
                Disagreement(
                    st,
                    f"{st.rule} cites line {missing[0]} of {source.name}, "
                    f"which has {len(source.lines)} lines",
                )
            )
            continue
        if st.choice:
            continue
        text = " ".join(source.line(n) or "" for n in st.lines)
        have = line_numbers(text)
        where = f"{source.name}:{','.join(map(str, st.lines))}"
        for n in dict.fromkeys(st.numbers):
            if n not in have:
                said = ", ".join(dict.fromkeys(show_number(x) for x in have)) or "no number"
                out.append(
                    Disagreement(
                        st, f"{st.rule} states {show_number(n)}; the source {where} states {said}"
                    )
                )
        plain = words_of(text)
        for name in st.checked_names:
            w = words_of(name)
            if w and not any(plain[i : i + len(w)] == w for i in range(len(plain) - len(w) + 1)):
                out.append(
                    Disagreement(st, f"{st.rule} names {name!r}; the source {where} does not")
                )
    return out


def _aside_for(
    asides: list[Aside], line: int, number: Fraction | None = None, name: str | None = None
) -> str | None:
    for a in asides:
        if a.lines and line not in a.lines:
            continue
        if a.all:
            return a.reason
        if number is not None and any(number == _one(x) for x in a.numbers):
            return a.reason
        if name is not None and any(words_of(name) == words_of(x) for x in a.names):
            return a.reason
    return None


def _one(x: Any) -> Fraction | None:
    found = _nums([x])
    return found[0] if len(found) == 1 else None


def _tiled(name: str, known: list[list[str]]) -> bool:
    """Is the name made of names some rule states (and words any sentence uses)?"""
    words = words_of(name)
    i = 0
    while i < len(words):
        best = max((len(k) for k in known if k and words[i : i + len(k)] == k), default=0)
        if best:
            i += best
        elif words[i] in STOP or fold(words[i]) in STOP:
            i += 1
        else:
            return False
    return True


def _inside(part: list[str], whole: list[str]) -> bool:
    return bool(part) and any(
        whole[i : i + len(part)] == part for i in range(len(whole) - len(part) + 1)
    )


def coverage(source: SourceText, stated: list[Statement], asides: list[Aside]) -> Coverage:
    """Every number, name and numbered step of the source, and what covers it."""
    mine = [st for st in stated if st.source == source.name]
    by_line: dict[int, list[Statement]] = {}
    for st in mine:
        for n in st.lines:
            by_line.setdefault(n, []).append(st)
    stated_words = [(st, [words_of(n) for n in st.names]) for st in mine]  # each name folded once
    known = [w for _, named in stated_words for w in named]
    known += [words_of(n) for a in asides for n in a.names]
    items: list[Item] = []
    seen_names: set[str] = set()
    for number_, text in enumerate(source.lines, start=1):
        here = by_line.get(number_, [])
        if enumerated(text):
            item = Item("step", text.strip()[:40], number_, [st.rule for st in here])
            if not item.covered:
                item.aside = _aside_for([a for a in asides if a.all], number_)
            items.append(item)
        for value in line_numbers(text):
            item = Item(
                "number",
                show_number(value),
                number_,
                [st.rule for st in here if value in st.numbers],
            )
            if not item.covered_by:
                item.aside = _aside_for(asides, number_, number=value)
            items.append(item)
        for name in name_runs(text):
            key = " ".join(words_of(name))
            if not key or key in seen_names:
                continue
            seen_names.add(key)
            covering: list[str] = []
            if _tiled(name, known):
                words = words_of(name)
                covering = [
                    st.rule for st, named in stated_words if any(_inside(x, words) for x in named)
                ][:3] or ["words any sentence uses"]
            item = Item("name", name, number_, covering)
            if not item.covered_by:
                item.aside = _aside_for(asides, number_, name=name)
            items.append(item)
    return Coverage(source, items, frozenset(by_line))


# ---------------------------------------------------------- checked: the mutation test decides

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


@dataclass
class Checked:
    """A source's stated facts, each checked or not (`check --coverage --mutate`): a number
    or a name is checked when a rule that states it failed on some edit of the mutation
    test, or an edit of that very value where a player reads it was caught; a sentence with
    no number and no name, when a rule cites its line and an edit of one of its rule words
    (first, face up, wins …) was caught, or a caught edit changed a text that restates it
    (`provenance`). What is set aside counts as checked."""

    source: SourceText
    facts: list[tuple[str, int, str, bool]]  # (number | name | sentence, line, text, checked)

    def tally(self, what: str | None = None) -> tuple[int, int]:
        """(stated, checked), of one kind or of all."""
        mine = [f for f in self.facts if what is None or f[0] == what]
        return len(mine), sum(1 for f in mine if f[3])


def plain_sentences(source: SourceText) -> list[tuple[int, str]]:
    """The sentences of a source with no number and no name (of three words or more)."""
    out: list[tuple[int, str]] = []
    for n, text in enumerate(source.lines, start=1):
        for sentence in _SENTENCE_END.split(text.strip()):
            plain = re.sub(r"^[#>*\-\s\d.)]+", "", sentence).strip()
            if len(plain.split()) >= 3 and not line_numbers(plain) and not name_runs(plain):
                out.append((n, plain))
    return out


def _title(label: str) -> str:
    """A statement's rule title, from how coverage names it: "facts[3] 'starting hand'"."""
    m = re.search(r" (['\"])(.*)\1$", label)
    return m.group(2) if m else label


def checked(
    cov: Coverage,
    edits: Iterable[tuple[str, str, bool]],
    failed: Iterable[str] = (),
    restated: frozenset[int] = frozenset(),
    said: Mapping[int, Sequence[str]] | None = None,
) -> Checked:
    """`cov`'s numbers, names and plain sentences, each checked or not, by the mutation
    test's edits — (kind, the value before the edit, caught) — and what the caught ones
    failed on (`failed`: "rule: finding"); a sentence is checked too when its line is one a
    text restates that a caught edit changed (`restated`: those lines), and a name when
    such a text states it (`said`: the texts, by the line they restate) and an edit of it
    was caught."""
    failing = {f.split(": ", 1)[0] for f in failed}
    caught_numbers: set[Fraction] = set()
    caught_names: set[tuple[str, ...]] = set()
    caught_words: set[str] = set()
    for kind, before, caught in edits:
        if not caught:
            continue
        if kind == "number":
            value = number(before)
            if value is not None:
                caught_numbers.add(value)
        elif kind == "name":
            caught_names.add(tuple(words_of(before)))
        elif kind == "word":
            caught_words.add(before.lower())
    facts: list[tuple[str, int, str, bool]] = []
    for i in cov.items:
        ruled = i.aside is not None or any(_title(r) in failing for r in i.covered_by)
        if i.what == "number":
            value = number(i.text)
            facts.append(("number", i.line, i.text, ruled or value in caught_numbers))
        elif i.what == "name":
            w = words_of(i.text)
            hit = (
                ruled
                or any(_inside(list(n), w) for n in caught_names)
                or any(_inside(w, words_of(text)) for text in (said or {}).get(i.line, ()))
            )
            facts.append(("name", i.line, i.text, hit))
    for line, sentence in plain_sentences(cov.source):
        low = f" {' '.join(re.findall(r'[a-z-]+', sentence.lower()))} "
        hit = line in restated or (line in cov.cited and any(f" {w} " in low for w in caught_words))
        facts.append(("sentence", line, sentence, hit))
    return Checked(cov.source, facts)


__all__ = [
    "Aside",
    "Checked",
    "Coverage",
    "Disagreement",
    "Item",
    "Statement",
    "agreement",
    "checked",
    "coverage",
    "enumerated",
    "line_numbers",
    "name_runs",
    "numbers_in",
    "plain_sentences",
    "statements",
]
