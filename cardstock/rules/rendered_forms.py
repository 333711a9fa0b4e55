"""A rule fact rendered on a template line is still said there the way its `says` puts it.

A template renders a rule word from its fact (`{% trans may=fact('gatekeeper-any-time').value
%}You {{ may }} play it at any moment…`), and the typed-word lint finds the fact's own
vocabulary typed in its place. What it cannot find is the sentence around the value retyped
("You {{ may }} play it only when you cannot follow"): the value is still rendered, no
opposite is typed, and the rule the line states is no longer the fact's. So every line that
renders a fact's value (bound in its `{% trans %}` header, or `{{ fact('id').value }}` itself)
must say it as one of the fact's forms (`says`, or `typed`) with the value where the form puts
it; a line that does not is a finding naming the line, the fact's value and what the line
says instead. A `{% set %}` of the value on a line of its own states nothing and is not read.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from ..core import files
from ..core.template_words import read_text
from .constraints import Problem
from .phrases import templates, words


class StatedFact(Protocol):
    """What `unsaid` reads of a rule fact (`wording.RuleFact`)."""

    id: str | None
    name: str
    value: str
    typed: list[str] | None

    def forms(self) -> list[str]: ...


_VALUE = "zzrenderedvaluezz"  # stands where the line renders the value, as `words` reads it
_GAP = "zzrenderedgapzz"  # stands where the line renders anything else
_OTHER = re.compile(r"\{\{.*?\}\}")
_TRANS = re.compile(r"\{%-?\s*trans\b(.*?)-?%\}", re.S)


def _call(fact_id: str) -> str:
    return r"fact\(\s*['\"]" + re.escape(fact_id) + r"['\"]\s*\)\.value"


def _marked(raw: str, fact_id: str) -> str | None:
    """The line with each place it renders the fact's value replaced by `_VALUE`, or None
    when the line renders it nowhere (a `{% set %}`, a condition, a gettext argument)."""
    call = _call(fact_id)
    names = [
        name
        for header in _TRANS.findall(raw)
        for name in re.findall(r"(\w+)\s*=\s*" + call, header)
    ]
    direct = re.compile(r"\{\{-?\s*" + call + r"(?:\s*\|[^}]*)?\s*-?\}\}")
    marked, hits = direct.subn(f" {_VALUE} ", raw)
    for name in names:
        used = re.compile(r"\{\{-?\s*" + re.escape(name) + r"(?:\s*\|[^}]*)?\s*-?\}\}")
        marked, n = used.subn(f" {_VALUE} ", marked)
        hits += n
    if not hits and not names:
        return None
    return _OTHER.sub(f" {_GAP} ", marked)


def renders(raw: str, fact_id: str) -> bool:
    """Does the template line (as written) render the fact's value where a reader sees it?"""
    return re.search(_call(fact_id), raw) is not None and _marked(raw, fact_id) is not None


def _pattern(form_words: str) -> re.Pattern[str]:
    """A form's words as found on a line: each word typed, or stood for by something else
    the line renders (a name, a count, another fact), as a rendered word may be in a form."""
    parts = []
    for w in form_words.split():
        if w == _VALUE:
            parts.append(f"{_VALUE} ")
        else:
            parts.append(f"(?:{re.escape(w)} |(?:{_GAP} )+|(?<={_GAP} ))")
    return re.compile(" " + "".join(parts))


def template_lines(catalog: Any) -> list[tuple[str, int, str]]:
    """(shown path, line number, the line as written) of every rule template of the game,
    read once per load of its catalog (kept as `Catalog.template_raw_lines`)."""
    kept: list[tuple[str, int, str]] | None = getattr(catalog, "template_raw_lines", None)
    if kept is None:
        kept = []
        for path, shown_as in templates(catalog):
            try:
                text = files.read_text(path, catalog.root)  # held inside the project, bounded
            except files.Unreadable:
                continue
            kept += [(shown_as, n, line) for n, line in enumerate(text.splitlines(), 1)]
        catalog.template_raw_lines = kept
    return kept


def _near(read: str, forms: list[str], value: str) -> str:
    """The sentences of the line (as a player reads it) that say the value, or, when it no
    longer renders it, those that share the most words with the fact's forms."""
    sentences = [words(s).split() for s in re.split(r"(?<=[.;:!?])\s+", read)]
    own = [set(words(f.replace("{value}", " ")).split()) for f in forms]

    def score(s: list[str]) -> int:
        return 99 if _VALUE in s else max((len(o & set(s)) for o in own), default=0)

    best = max((score(s) for s in sentences), default=0)
    shown = [" ".join(s) for s in sentences if s and score(s) == best]
    return " … ".join(shown).replace(_GAP, "…").replace(_VALUE, value)


def unsaid(fact: StatedFact, catalog: Any) -> list[Problem]:
    """Each template line that renders `fact`'s value but says none of its forms there."""
    forms = [*fact.forms(), *(fact.typed or [])]
    wanted = [_pattern(words(f.replace("{value}", _VALUE))) for f in forms]
    out: list[Problem] = []
    if fact.id is None:
        return out  # a fact no template can name
    call = re.compile(_call(fact.id))
    for shown_as, n, raw in template_lines(catalog):
        if not call.search(raw):
            continue
        marked = _marked(raw, fact.id)
        if marked is None:
            continue
        read = read_text(marked)
        said = re.sub(r"'(?= )", "", words(read))  # "Persons'" says "Persons"
        if any(w.search(said) for w in wanted):
            continue
        shown = _near(read, forms, "{" + fact.id + "}")
        phrase = forms[0].replace("{value}", fact.value)
        out.append(
            Problem(
                f"{fact.name}: the rulebook states {fact.value!r} as {phrase!r}, but "
                f"{shown_as}:{n} renders fact('{fact.id}') and says {shown!r}",
                at=(shown_as, n),
            )
        )
    return out
