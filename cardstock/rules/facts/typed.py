"""The `typed` fact: no number or name typed into the rule templates where the catalog holds it.

    [[facts]]
    kind = "typed"
    name = "the rulebook and quick references type no number"
    allow = [{ says = "two copies of the same Event", why = "a rule of the Event type, …" }]

A `typed` fact reads the game's rulebook and quick-reference templates as a reader sees
what is typed (every `{{ … }}`, `{% … %}`, `{# … #}` blanked): a component's name, or a
number written in digits or as a word from two to twelve, is a finding with the template's
file and line and the fact or table cell holding the same number — what the catalog holds
is rendered from it, never retyped. ("one" is not counted: it is as often a pronoun as a
number.) An entry of `allow` keeps one typed name or number, with the words around it and
the reason: the entry keeps only what its words stand around, where they stand on the line.
With `words = true` the rule words of the mutation vocabulary are found too (`typed_rule_words`).
A line may accept what is found on it in one written comment, `{# own: first, two #}`: the
words it lists are the designer's there (advice, flavour); every finding prints the comment
that lists all of its line's words.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from ...catalog.schema import Component, Game
from ...core.files import Unreadable, read_text
from ...core.patterns import whole_name
from ..filters import Strict
from ..reading.phrases import templates
from ..reading.places import NUMBER_WORDS
from ..reading.prose_counts import singular
from ..reading.typed_rule_words import Lines, Phrases, own_listed, words_typed
from ..verdicts import Outcome, Problem
from .base import Fact, show
from .rule import template_lines

if TYPE_CHECKING:
    from ...catalog.load import Catalog
    from ..sources import SourceText

# the numbers a text may spell, from two (one is as often a pronoun), and their values
SPELT = [w for w, n in NUMBER_WORDS.items() if n >= 2]
_NUMBER = re.compile(
    r"(?<![\w:.-])(\d+(?:\.\d+)?|" + "|".join(SPELT) + r")(?![\w:])", re.IGNORECASE
)
_LIST_MARK = re.compile(r"^\s*\d+\.\s")  # a Markdown numbered list's own numbering


class Allowed(Strict):
    """One typed number kept on purpose: the words around it on its line, and why."""

    says: str = Field(min_length=1)
    why: str = Field(min_length=1)


def as_number(word: str) -> float:
    w = word.lower()
    return float(NUMBER_WORDS[w]) if w in NUMBER_WORDS else float(w)


class TypedFact(Fact):
    """The rule templates type no number the catalog could give (see the module)."""

    kind: Literal["typed"] = "typed"
    allow: list[Allowed] = []
    words: bool = Field(
        default=False,
        description="Also find the rule words of the mutation vocabulary (first/last, may/must, "
        "face up/face down …) typed in a sentence that renders no fact (`typed_rule_words`).",
    )

    def check(
        self, components: list[Component], game: Game
    ) -> Outcome:  # pragma: no cover - needs the catalog
        raise NotImplementedError("a typed fact is checked with the catalog (check_catalog)")

    def check_catalog(
        self, catalog: Catalog, file: str, line: int | None, source: SourceText | None = None
    ) -> Outcome:
        found = templates(catalog)
        if not found:  # nothing typed yet: an `allow` waits for the templates it is about
            return Outcome(True, "no rule templates to read")
        problems: list[Problem] = []
        used = [False] * len(self.allow)
        lines = 0
        names = _names_of(catalog)  # the same for every line
        labels = _icon_labels(catalog)
        vocab = Lines.of(catalog) if self.words else None
        allowed = Phrases([a.says for a in self.allow])  # each entry's pattern made once
        for path, shown_as in found:
            owns = _own_words(path, catalog.root)
            for n, text in template_lines(path, catalog.root):
                lines += 1
                plain = _LIST_MARK.sub(" ", text)
                kept = allowed.spans(plain)
                own = owns.get(n, frozenset())
                problems += [
                    Problem(f"{self.name}: {shown_as}:{n} {said}", at=(shown_as, n))
                    for said in icon_words_typed(plain, labels)
                ]
                typed = self._names(names, plain, shown_as, n, kept, used, own)
                if vocab is not None:
                    typed += words_typed(vocab, self.name, shown_as, n, plain, kept, used, own)
                for m in _NUMBER.finditer(plain):
                    if _kept(kept, *m.span(), used) or m.group(0).lower() in own:
                        continue
                    typed.append(
                        (
                            m.group(0),
                            Problem(
                                f"{self.name}: {shown_as}:{n} types {m.group(0)!r}"
                                f"{_shadowed(catalog, as_number(m.group(0)))}; render it from "
                                "the data that holds it",
                                at=(shown_as, n),
                            ),
                        )
                    )
                problems += _with_own_line([p for _, p in typed], [w for w, _ in typed], own)
        for k, a in enumerate(self.allow):
            if not used[k]:
                problems.append(
                    Problem(
                        f"{self.name}: allow[{k}] ({a.says!r}) matches no typed number"
                        f"{', name or rule word' if self.words else ''}: remove it",
                        at=(file, line),
                    )
                )
        if problems:
            return Outcome(False, problems[0].message, [], problems)
        reasons = f", {len(self.allow)} kept with a reason" if self.allow else ""
        what = "number or rule word" if self.words else "number"
        return Outcome(True, f"no typed {what} in {lines} template lines{reasons}")

    def _names(
        self,
        names: dict[str, str],
        plain: str,
        shown_as: str,
        n: int,
        kept: list[tuple[int, int, int]],
        used: list[bool],
        own: frozenset[str],
    ) -> list[tuple[str, Problem]]:
        """Component names typed on one template line (a renamed card would leave them
        behind): each a finding (with the name) unless `allow` or the line's own comment
        keeps it."""
        out: list[tuple[str, Problem]] = []
        for name, cid in names.items():
            if name not in plain or name.lower() in own:  # the pattern finds it only there
                continue
            typed = [m.span() for m in whole_name(name).finditer(plain)]
            if all(_kept(kept, a, b, used) for a, b in typed):
                continue
            out.append(
                (
                    name,
                    Problem(
                        f"{self.name}: {shown_as}:{n} types the name {name!r} (component "
                        f"{cid}); render it from the catalog: component('{cid}').name",
                        at=(shown_as, n),
                    ),
                )
            )
        return out


def _own_words(path: Path, root: Path) -> dict[int, frozenset[str]]:
    """The words each line's `{# own: … #}` comment lists (lower case), by line number."""
    try:
        text = read_text(path, root)  # held inside the project, bounded
    except Unreadable:
        return {}
    listed = {n: own_listed(raw) for n, raw in enumerate(text.splitlines(), 1) if "own:" in raw}
    return {n: w for n, w in listed.items() if w}


def _with_own_line(problems: list[Problem], typed: list[str], own: frozenset[str]) -> list[Problem]:
    """The findings of one line, each ending with the one line that accepts them all where
    they stand: the line's `{# own: … #}` comment listing every word found on it (and those
    it already lists), so one run shows every word and one written line accepts them."""
    if not problems:
        return []
    listed = ", ".join(dict.fromkeys([*sorted(own), *typed]))
    shown_as, n = problems[0].at or ("", None)
    hint = (
        f"; or, where the words are the designer's own, write {{# own: {listed} #}} at the "
        f"start of {shown_as}:{n}"
    )
    return [Problem(p.message + hint, p.component, p.field, p.at) for p in problems]


def _kept(kept: list[tuple[int, int, int]], a: int, b: int, used: list[bool]) -> bool:
    """Is the typed thing at `a`–`b` inside an `allow` entry's words where they stand on the
    line ((entry, start, end) in `kept`)? Each entry that holds it is marked used: an entry
    keeps only what it stands around, so the same line edited elsewhere is still read."""
    hits = [k for k, x, y in kept if x <= a and b <= y]
    for k in hits:
        used[k] = True
    return bool(hits)


_ICON_WORD = re.compile(r":([\w-]+):\s+([^\W\d_][\w'’]*)")


def _icon_labels(catalog: Catalog) -> dict[str, tuple[str, set[str]]]:
    """Each icon's label and its words (singular, lower case)."""
    icons = getattr(catalog.game, "icons", None) or {}
    return {
        k: (str(i.label), {singular(w) for w in re.findall(r"[a-z']+", str(i.label).lower())})
        for k, i in icons.items()
        if i.label
    }


def icon_words_typed(text: str, labels: dict[str, tuple[str, set[str]]]) -> list[str]:
    """An inline icon typed beside a word of another icon's label and not of its own
    (":cloud: Fallen Angel" where `fire`'s label says Fallen and `cloud`'s does not): the
    icon and the word say two things. Each is told with both labels."""
    out: list[str] = []
    for m in _ICON_WORD.finditer(text):
        icon, word = m.group(1), singular(m.group(2).lower())
        own = labels.get(icon)
        if own is None or word in own[1]:
            continue
        other = next((k for k, (_l, ws) in labels.items() if k != icon and word in ws), None)
        if other is not None:
            out.append(
                f"types {m.group()!r}: {m.group(2)!r} is a word of icon {other}'s label "
                f"({labels[other][0]!r}), not of {icon}'s ({own[0]!r}); the icon and its word "
                "say two things"
            )
    return out


def _names_of(catalog: Catalog) -> dict[str, str]:
    """The components' names a template could type, four letters or more: name -> id, made
    once for every line of every template. A name's whole-word pattern is made only for a
    line that holds the name (`_names`): a game of many cards has a name each, and few of
    them are on a template's lines."""
    out: dict[str, str] = {}
    for c in catalog.components:
        if c.name and len(c.name) >= 4 and c.name not in out:
            out[c.name] = c.id
    return out


def _shadowed(catalog: Catalog, number: float) -> str:
    """What in the catalog holds `number`: a value fact, else a table cell (for the message)."""
    rules = catalog.rules
    for loc in getattr(rules, "facts", []):
        v = getattr(loc.rule, "value", None)
        if isinstance(v, (int, float)) and not isinstance(v, bool) and float(v) == number:
            return f" (the number fact '{loc.rule.title()}' states, {rules.file}:{loc.line})"
    for name, t in catalog.game.tables.items():
        for row in t.rows:
            for i, cell in enumerate(row[1:], 1):
                if isinstance(cell, (int, float)) and not isinstance(cell, bool):
                    if float(cell) == number:
                        where = f"row {show(row[0])!r}, {t.columns[i]}"
                        return f" (the number table {name} holds, {where})"
    return " (no fact states it: state it as a fact)"
