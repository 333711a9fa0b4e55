"""The words of a sentence that carry its rule, and whether a reworded sentence keeps them.

A rule fact's whole-sentence form (`^….`) was written from the sentence a template line
says around the fact's value. Most of its words are the designer's: "apart for easier
sorting later" and "apart, which makes sorting easier later" state one rule. What turns a
rule round is a number, a word of the vocabulary the mutation test turns round
(`rule_words.toml`'s `opposites` and `template_opposites`), a name the game gives (a
card's, a deck's, a group's), or a word that narrows or negates a rule (`NARROWING`). So
a line that no longer says a fact's sentence word for word still states its rule when,
in the sentences around the value, every such word the template *types* is one the form
holds as often (`keeps_rule`). What the line *renders* is no word of the sentence here: a
number printed from the data (`{{ hand }}`) is checked where the data states it, by the
fact whose value it is, so a house rule changing that number leaves this sentence alone.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from ...catalog.wording import NUMBER_WORDS
from ..rule_words import vocabulary
from .phrases import words

# words that narrow, widen or negate a rule however the rest of its sentence is put: a
# condition or an alternative typed into a sentence ("…, unless it is a Fear card", "… or
# passes") changes the rule it states
NARROWING = ("not", "no", "never", "only", "unless", "except", "without", "instead", "or")

_DIGITS = re.compile(r"\d+")


@lru_cache(maxsize=1)
def _vocabulary() -> frozenset[tuple[str, ...]]:
    """The vocabulary's words and phrases, each as its words."""
    v = vocabulary()
    pairs = [*v["opposites"], *v.get("template_opposites", [])]
    out = {tuple(words(p).split()) for pair in pairs for p in pair}
    out |= {(w,) for w in NARROWING}
    return frozenset(p for p in out if p)


def phrases_of(names: Iterable[str]) -> frozenset[tuple[str, ...]]:
    """The vocabulary and the game's `names`, each as its words: what `carriers` counts."""
    return _vocabulary() | {tuple(words(n).split()) for n in names if words(n).strip()}


def carriers(text_words: str, phrases: frozenset[tuple[str, ...]]) -> Counter[str]:
    """The rule-carrying words of a text read by `words`: each number (digits, or a number
    word), and each phrase of `phrases`, the longest first where two start at one word."""
    tokens = text_words.split()
    longest = max((len(p) for p in phrases), default=1)
    out: Counter[str] = Counter()
    i = 0
    while i < len(tokens):
        for size in range(min(longest, len(tokens) - i), 0, -1):
            run = tuple(tokens[i : i + size])
            if run in phrases:
                out[" ".join(run)] += 1
                i += size
                break
        else:
            w = tokens[i]
            if _DIGITS.fullmatch(w) or w in NUMBER_WORDS:
                out[w] += 1
            i += 1
    return out


_ENDS = re.compile(r"(?<=[.!?])\s+")  # where a sentence ends


def keeps_rule(typed: str, form: str, value_mark: str, phrases: frozenset[tuple[str, ...]]) -> bool:
    """Does a line (`typed`: only what its template types, the fact's value marked
    `value_mark`, everything else it renders blanked) state the rule of `form` (its words,
    the value marked alike)? It does when some run of as many sentences as the form has,
    one of them holding the value, types no rule-carrying word (`carriers`) more often
    than the form holds it."""
    held = carriers(words(form), phrases)
    sentences = [s for s in _ENDS.split(typed) if s.strip()]
    span = max(len([s for s in _ENDS.split(form.strip()) if s.strip()]), 1)
    for i in range(max(len(sentences) - span + 1, 1)):
        run = " ".join(sentences[i : i + span])
        if value_mark not in run:
            continue
        found = carriers(words(run), phrases)
        if all(n <= held[w] for w, n in found.items()):
            return True
    return False


__all__ = ["NARROWING", "carriers", "keeps_rule", "phrases_of"]
