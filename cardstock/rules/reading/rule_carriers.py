"""The words of a sentence that carry its rule, and whether a sentence put another way keeps them.

A rule fact's whole-sentence form (`^….`) was written from the sentence a template line
says around the fact's value. What turns its rule round is a number, a word of the
vocabulary the mutation test turns round (`rule_words.toml`'s `opposites` and
`template_opposites`), a name the game gives (a card's, a deck's, a group's), a word that
narrows, widens or negates a rule (`NARROWING`): the rule-carrying words (`carriers`); and
any word of its own the sentence gains or loses ("beside a rival's Devotee", "the game is
over" made "reshuffle and go on"). What does not is the order of its words and the words
that only join them (`GLUE`): "apart for easier sorting later" and "apart, which makes
sorting easier later" state one rule (`keeps_rule`). A number or a name the line renders
from the data is no word of the sentence here: it is checked where the data states it, by
the fact whose value it is, so a house rule changing that number leaves this sentence alone.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from ...catalog.wording import NUMBER_WORDS
from ..rule_words import vocabulary
from .phrases import words

# words that narrow, widen or negate a rule however the rest of its sentence is put: a
# condition or an alternative typed into a sentence ("…, unless it is a Fear card", "… or
# passes") changes the rule it states
NARROWING = ("not", "no", "never", "only", "unless", "except", "without", "instead", "or")

_DIGITS = re.compile(r"\d+")


def _phrases(v: dict[str, Any]) -> frozenset[tuple[str, ...]]:
    """The vocabulary's words and phrases, each as its words."""
    pairs = [*v["opposites"], *v.get("template_opposites", [])]
    out = {tuple(words(p).split()) for pair in pairs for p in pair}
    out |= {(w,) for w in NARROWING}
    return frozenset(p for p in out if p)


VOCABULARY = _phrases(vocabulary())  # read once, as the module is first imported


def phrases_of(names: Iterable[str]) -> frozenset[tuple[str, ...]]:
    """The vocabulary and the game's `names`, each as its words: what `carriers` counts."""
    return VOCABULARY | {tuple(words(n).split()) for n in names if words(n).strip()}


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

# the words a sentence may gain or lose when it is put another way: articles, pronouns,
# prepositions, conjunctions and the verbs that only join ("which makes sorting easier");
# never a word that carries a rule (`carriers`) nor a condition ("if", "until", "when")
GLUE = frozenset(
    """a an the this that these those it its it's they them their theirs you your yours
    we our he she his her one ones which who whom whose what of to in on at for by with from
    as into onto about than so then also just too very and but nor both is are be been
    being was were do does did make makes made get gets got have has had will would
    should there here now still simply even just also because since so that thus s""".split()
)


def _content(text_words: str, skip: frozenset[str] = frozenset()) -> set[str]:
    """The words of a text read by `words` that are no glue, no number and none of `skip`,
    each without a possessive's `'s` ("defeats" and "defeat" stay two words: who defeats
    whom may hang on it)."""
    out = set()
    for w in text_words.split():
        w = w.removesuffix("'s").rstrip("'")
        if w in GLUE or w in skip or _DIGITS.fullmatch(w) or w in NUMBER_WORDS:
            continue
        if w.startswith("zz") and w.endswith("zz"):  # a mark: the value, or a rendered gap
            continue
        out.add(w)
    return out


def _runs(text: str, span: int, mark: str) -> list[str]:
    """Each run of `span` sentences of `text` that holds `mark`."""
    sentences = [s for s in _ENDS.split(text) if s.strip()]
    runs = [" ".join(sentences[i : i + span]) for i in range(max(len(sentences) - span + 1, 1))]
    return [r for r in runs if mark in r]


def keeps_rule(
    typed: str, read: str, form: str, value_mark: str, phrases: frozenset[tuple[str, ...]]
) -> bool:
    """Does a line state the rule of `form` (its words, the value marked `value_mark`) though
    it does not say it word for word? `typed` is the line as its template types it (the
    value marked, all else it renders blanked), `read` as a player reads it (everything
    rendered). In some run of as many sentences as the form has, holding the value:

    - the template types no rule-carrying word (`carriers`) more often than the form holds it;
    - it types no word the form does not hold but glue (`GLUE`): a word of its own is a
      rule of its own ("beside a rival's Devotee");
    - a player reads every word of the form but glue, numbers and the game's names, which
      the data renders and the facts of the data hold: a word left out is a rule left out;
      and reads no other word but those and names: a word a macro or a template's literal
      prints is the template's as much as a word typed on the line. (Another fact's value
      reads as the fact's source states it where that fact departs from its source:
      `rendered_forms`.)

    So a sentence may be reordered and its joining words changed ("apart for easier sorting
    later" and "apart, which makes sorting easier later"), and nothing else."""
    form_words = words(form)
    held = carriers(form_words, phrases)
    own = _content(form_words)
    span = max(len([s for s in _ENDS.split(form.strip()) if s.strip()]), 1)
    said = [_content(words(r)) for r in _runs(read, span, value_mark)]
    names = _name_words(phrases)
    wanted = _content(form_words, names)
    allowed = own | names  # what a player may read besides the form's words: the data's names
    for run in _runs(typed, span, value_mark):
        run_words = words(run)
        found = carriers(run_words, phrases)
        if any(n > held[w] for w, n in found.items()):
            continue
        if not _content(run_words) <= own:
            continue
        if any(wanted <= s <= allowed for s in said):
            return True
    return False


def _name_words(phrases: frozenset[tuple[str, ...]]) -> frozenset[str]:
    """The words of the game's names among `phrases` (the vocabulary's own words aside)."""
    vocab = {w for p in VOCABULARY for w in p}
    return frozenset(w for p in phrases - VOCABULARY for w in p if w not in vocab)


__all__ = ["GLUE", "NARROWING", "carriers", "keeps_rule", "phrases_of"]
