"""A translation names the terms its English names: a defined term is not swapped for its
sibling.

The terms are those the game's `terms` facts state (the words the rules define: "Ruling
Realm", "Leading Realm"), each translated by the file's own entry for it (a table's cell
that holds the term alone, as "Royaume dominant"). Two terms are siblings when they have as
many words, two or more, and differ in one ("Ruling Realm", "Leading Realm"; "Duel Die",
"Symbol Die").
A translated text whose English says a term and not its sibling, and whose translation
says the sibling's translation and not the term's, names the other term: the English held
to the source by its facts, the translation is held to the English by the file's own
glossary. The finding is at the `.po` entry, naming both terms and both translations.
Each form of a plural entry is read (`reading.translated.translated_forms`), held to the
source's singular or plural; a form that names the sibling is found at its own `msgstr[n]`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...core.issues import Issue
from ..reading.translated import form_named, translated_forms, translations

if TYPE_CHECKING:
    from ...catalog.load import Catalog

_WORD = re.compile(r"[^\W_]+")


def _words(text: str) -> str:
    return " " + " ".join(_WORD.findall(text.lower().replace("’", "'"))) + " "


def _says(text: str, term: str) -> bool:
    return _words(term) in text


def defined_terms(catalog: Catalog) -> list[str]:
    """The terms the game's `terms` facts state, each once, in the order first stated."""
    rules = catalog.rules
    out: list[str] = []
    for loc in rules.facts if rules is not None else []:
        if getattr(loc.rule, "kind", None) == "terms":
            out += [t for t in loc.rule.terms if t not in out]
    return out


def siblings(terms: list[str]) -> list[tuple[str, str]]:
    """Each ordered pair of terms of as many words, two or more, that differ in one."""
    split = {t: _words(t).split() for t in terms}
    return [
        (a, b)
        for a in terms
        for b in terms
        if a != b
        and len(split[a]) == len(split[b]) > 1
        and sum(x != y for x, y in zip(split[a], split[b])) == 1
    ]


def swapped_terms(catalog: Catalog) -> list[Issue]:
    """Each translated text (each form of a plural one) that names a term's sibling where
    its English names the term."""
    pairs = siblings(defined_terms(catalog))
    out: list[Issue] = []
    for r in translations(catalog) if pairs else []:
        given = {
            term: e.text
            for term in {t for p in pairs for t in p}
            if (e := r.by_source.get(" ".join(term.split()))) is not None and e.text and not e.fuzzy
        }
        usable = [(a, b) for a, b in pairs if a in given and b in given]
        for key, e in [*r.t.entries.items(), *r.t.messages.items()]:
            if not e.text or e.fuzzy:
                continue
            for form, text, sources in translated_forms(e):
                for a, b in _swaps(usable, given, sources, text):
                    out.append(
                        Issue(
                            r.t.file,
                            e.form_line(form),
                            key,
                            f"the English says {a!r}, which {r.t.file} translates "
                            f"{given[a]!r}; its {r.t.lang} translation{form_named(e, form)} "
                            f"says {given[b]!r}, the file's {b!r}: {text!r}",
                        )
                    )
    return out


def _swaps(
    pairs: list[tuple[str, str]], given: dict[str, str], sources: tuple[str, ...], text: str
) -> list[tuple[str, str]]:
    """Each pair (term, sibling) of `pairs` where every one of `sources` (the English a
    translated `text` may say: a plural form's singular or plural) names the term and not
    its sibling, and `text` names the sibling's translation (`given`) and not the term's."""
    there = _words(text)
    return [
        (a, b)
        for a, b in pairs
        if _words(given[a]) != _words(given[b])
        and _says(there, given[b])
        and not _says(there, given[a])
        and all(_says(e, a) and not _says(e, b) for e in map(_words, sources))
    ]


__all__ = ["defined_terms", "siblings", "swapped_terms"]
