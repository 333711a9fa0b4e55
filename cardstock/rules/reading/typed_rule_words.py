"""Rule words typed into the templates: a `typed` fact with `words = true`.

The vocabulary is the mutation test's (`rule_words.toml`'s `opposites` and its
`template_opposites`, read through `rule_words.vocabulary`): face up / face down, first /
last, may / must, before / after, best / worst, discard / keep …
A template line (as a reader sees it, every tag blanked) that types one of these words is a
finding with the template's file and line, the word, and the rule facts whose vocabulary or
`says` holds it (the fact it shadows), unless the word is one of:

- a word of a rule fact's `says` (or `typed`) form, typed around that fact's value on a line
  that renders it (`fact('id').value`): the fact's check holds the line to the form
  (`rendered_forms`), so the word cannot turn round unseen;
- inside the words of an `allow` entry (`says`) found on the line around it: a sentence that
  is no rule (flavour, advice, a pointer to a later section) or a rule another fact holds,
  kept with the reason (`why`);
- one of the words the line's own comment lists, `{# own: first, two #}`: the designer's
  words where they stand (advice, flavour), each word once, so another word typed there
  later is still found.

The allow entry matches where it stands: its words must be found on the line, covering this
word. A word turned round in an allowed sentence ("see below" edited to "see above") is then
covered by no entry (a finding), and the entry matches nothing (a finding as well).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from ...core.patterns import compiled
from ..rule_words import vocabulary
from ..verdicts import Problem
from .phrases import words
from .rendered_forms import renders
from .rendered_forms import template_lines as raw_lines

if TYPE_CHECKING:
    from ...catalog.load import Catalog

_APART = r"[^a-z0-9$']+"  # what stands between two words


def _phrase_pattern(phrase: str) -> re.Pattern[str] | None:
    """A phrase's words found whole in a lower-case line, anything but a word between them
    (compiled once a process for each phrase, `core.patterns.compiled`)."""
    ws = words(phrase).split()
    if not ws:
        return None
    body = _APART.join(re.escape(w) for w in ws)
    return compiled(rf"(?<![a-z0-9$']){body}(?![a-z0-9$'])")


def _may_hold(line_words: str, phrase_words: str) -> bool:
    """Whether a lower-case line (`_low`), read by `words` once for all the phrases looked
    for on it, holds a phrase read the same way: its words in a row among the line's words.
    The phrase's pattern finds a place exactly when this holds, so a phrase's pattern is
    compiled only for a line that has it (a game has hundreds of phrases, and a template
    line holds few)."""
    return bool(phrase_words.strip()) and phrase_words in line_words


def _vocabulary() -> tuple[re.Pattern[str], dict[str, list[str]]]:
    """The opposites as one pattern (longer phrases first, as the mutation test matches
    them) and each word's opposites (read once a check, by `Lines.of`)."""
    pairs: dict[str, list[str]] = {}
    words = vocabulary()
    for a, b in [*words["opposites"], *words.get("template_opposites", [])]:
        for one, other in ((a, b), (b, a)):
            pairs.setdefault(one.lower(), []).append(other)
    every = sorted(pairs, key=lambda w: (-len(w), w))
    alts = "|".join(map(re.escape, every))  # as the mutation test finds them: as written
    return re.compile(rf"\b(?:{alts})\b"), pairs


# keys, not words: a gettext placeholder (`%(wins)s` of `_("Who %(wins)s a trick", …)`) and
# an inline icon's code (`:minus-two:`)
_PLACEHOLDER = re.compile(r"%\(\w+\)[a-z]|:[\w-]+:")


def _low(text: str) -> str:
    """The line in lower case, same length (a curly apostrophe read as a straight one, a
    gettext placeholder and an icon's code blanked: keys, not words)."""
    low = text.lower().replace("’", "'")
    return _PLACEHOLDER.sub(lambda m: " " * len(m.group()), low)


class Line(NamedTuple):
    """A line read once for every phrase looked for on it: in lower case (`_low`), and
    that read into its words (`words`)."""

    low: str
    words: str

    @classmethod
    def of(cls, text: str) -> Line:
        low = _low(text)
        return cls(low, words(low))


def spans(text: str | Line, phrase: str) -> list[tuple[int, int]]:
    """Where the words of `phrase` stand on the line (character offsets); a caller that
    looks for several phrases on one line passes it read once (`Line.of`)."""
    line = text if isinstance(text, Line) else Line.of(text)
    low = line.low
    if not _may_hold(line.words, words(phrase)):
        return []
    p = _phrase_pattern(phrase)
    return [m.span() for m in p.finditer(low)] if p is not None else []


class Phrases:
    """Several phrases (a fact's `allow` entries), each read into its words once, to be
    found on every line a check reads."""

    def __init__(self, phrases: Sequence[str]) -> None:
        self._phrases = list(phrases)
        self._words = [words(p) for p in phrases]

    def spans(self, text: str) -> list[tuple[int, int, int]]:
        """Where each phrase's words stand on the line: (its index, start, end), the
        phrases in order, as `spans` finds each (a phrase's pattern compiled for the first
        line that holds it, `_may_hold`)."""
        if not self._phrases:
            return []
        line = Line.of(text)  # read once for every phrase
        out: list[tuple[int, int, int]] = []
        for k, (phrase, ws) in enumerate(zip(self._phrases, self._words)):
            p = _phrase_pattern(phrase) if _may_hold(line.words, ws) else None
            if p is not None:
                out += [(k, *m.span()) for m in p.finditer(line.low)]
        return out


@dataclass
class Lines:
    """What the word lint reads of a game once: each template line as written (by shown
    path and number), its rule facts, and the vocabulary (a pattern, each word's opposites)."""

    raw: dict[tuple[str, int], str]
    facts: list[Any]
    pattern: re.Pattern[str]
    pairs: dict[str, list[str]]
    source: str | None = None  # the rules' source (a seed or the designer's text), for cites

    @classmethod
    def of(cls, catalog: Catalog) -> Lines:
        rules = getattr(catalog, "rules", None)
        facts = [
            loc.rule
            for loc in getattr(rules, "facts", [])
            if getattr(loc.rule, "kind", None) == "rule"
        ]
        raw = {(s, n): raw for s, n, raw in raw_lines(catalog)}
        source = getattr(rules, "seed", None) or getattr(rules, "text", None)
        return cls(raw, facts, *_vocabulary(), source)

    def rendered(
        self, shown_as: str, n: int, plain: str
    ) -> tuple[list[str], list[tuple[int, int]], list[tuple[int, int]]]:
        """The rule facts a line renders (their ids), the stretches of it typed around
        their values (each of a fact's forms' typed parts, the words before or after
        `{value}`, where it stands), and each rule word of a form's that the line says
        elsewhere (the fact holds the line to no more of it than its form holds)."""
        raw = self.raw.get((shown_as, n))
        if raw is None or "fact(" not in raw:
            return [], [], []
        ids: list[str] = []
        out: list[tuple[int, int]] = []
        loose: list[tuple[int, int]] = []
        line = Line.of(plain)  # read once for every form part looked for on it
        for fact in self.facts:
            if fact.id is None or not renders(raw, fact.id):
                continue
            ids.append(fact.id)
            for form in [*fact.forms(), *(fact.typed or [])]:
                for part in form.removeprefix("^").split("{value}"):  # `^`: starts a sentence
                    out += spans(line, part)
                # a rule word a sentence form holds, wherever the line puts it: the fact's
                # check holds the line to no more of it than the form (`rule_carriers`)
                held = words(form)
                for phrase in self.pairs:
                    if f" {phrase} " in held:
                        loose += spans(line, phrase)
        return ids, out, loose

    def shadowed(self, word: str) -> str:
        """The rule facts whose vocabulary or `says` holds `word` (for the message)."""
        w = " ".join(words(word).split())
        hits = []
        for fact in self.facts:
            vocab = {" ".join(words(v).split()) for v in fact.vocabulary()}
            forms = " ".join(words(f.replace("{value}", " ")) for f in fact.forms())
            if w in vocab or f" {w} " in f" {forms} ":
                cite = getattr(fact, "cite", None)
                where = f", source {cite.label(self.source)}" if cite is not None else ""
                hits.append(f"'{fact.id or fact.name}' ({fact.value!r}{where})")
        if not hits:
            return " (no rule fact holds the word)"
        more = f" and {len(hits) - 3} more" if len(hits) > 3 else ""
        return f" (it shadows rule fact {', '.join(hits[:3])}{more})"


# a template line's own comment: the words typed on it that are the designer's, not rules
OWN = re.compile(r"\{#-?\s*own:\s*(.*?)\s*-?#\}")


def own_listed(raw: str) -> frozenset[str]:
    """The words a line's `{# own: … #}` comment lists, in lower case."""
    return frozenset(
        w
        for m in OWN.finditer(raw)
        for w in (x.strip().lower() for x in m.group(1).split(","))
        if w
    )


def own_words(catalog: Catalog) -> dict[tuple[str, int], frozenset[str]]:
    """The words each rule template line's `{# own: … #}` comment lists, by (shown path,
    line number): the lines that have one."""
    return {
        (s, n): w for s, n, raw in raw_lines(catalog) if "own:" in raw and (w := own_listed(raw))
    }


def words_typed(
    lines: Lines,
    name: str,
    shown_as: str,
    n: int,
    plain: str,
    kept: Sequence[tuple[int, int, int]],
    used: list[bool],
    own: frozenset[str] = frozenset(),
) -> list[tuple[str, Problem]]:
    """The vocabulary words typed on one template line that no rendered fact's form, no
    `allow` entry (`kept`: each entry's index and where its words stand on the line) and no
    word of the line's `{# own: … #}` comment (`own`, lower case) covers, each with its
    finding; each entry that covers one is marked in `used`."""
    pattern, pairs = lines.pattern, lines.pairs
    found = list(pattern.finditer(_low(plain)))
    if not found:
        return []
    ids, said, loose = lines.rendered(shown_as, n, plain)
    where = (
        f"outside the words of the facts the line renders ({', '.join(ids)})"
        if ids
        else "in a sentence that renders no fact"
    )
    out: list[tuple[str, Problem]] = []
    for m in found:
        a, b = m.span()
        if any(x <= a and b <= y for x, y in said) or plain[a:b].lower() in own:
            continue
        hits = [k for k, x, y in kept if x <= a and b <= y]
        for k in hits:
            used[k] = True
        if hits or any(x <= a and b <= y for x, y in loose):
            continue
        word = plain[a:b]
        out.append(
            (
                word,
                Problem(
                    f"{name}: {shown_as}:{n} types the rule word {word!r} (its opposite: "
                    f"{' / '.join(pairs.get(word.lower(), []))!r}) {where}"
                    f"{lines.shadowed(word)}; render it from a fact, or keep the sentence with "
                    "`allow` (its words and why)",
                    at=(shown_as, n),
                ),
            )
        )
    return out


__all__ = ["OWN", "Lines", "own_listed", "own_words", "spans", "words_typed"]
