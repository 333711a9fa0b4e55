"""A rule read in another language says what the rule says: the checks of a game's facts
read its translations (`catalog/<game>/translations/<lang>.po`) as well as its English.

- A rule fact's value is translated once, as data (`msgctxt "fact.<id>"`). The translation
  must not be the words the same file gives for one of the fact's opposites (another fact's
  value): "face cachée" turned to "face visible", the file's "face up", fails.
- A text that holds a value fact's number (a table's cell or note, a card's field, a
  designer's choice) is translated with the same numbers: a number two or more, in digits or
  in words of the language (cardstock's own, `spelt(n)`), the translation states and its
  English does not (or the other way round) fails. "One" and "un"/"une" are left alone, as
  the typed-number lint leaves "one": as often an article as a number.

Each finding is the fact's own, at the `.po` entry's line, naming the language, what the
English says and what the translation says instead.

The checks of every translated text (`numbers_translated`, and the terms' check,
`provenance.terms_translated`) read each form of a plural entry (`msgstr[0]`, `msgstr[1]`,
…, `translated_forms`), each held to the source's singular or plural, and find what is
wrong with one form at its own `msgstr[n]` line.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Any

from ...catalog.translations import FOLDER, Entry, Translation, read_translation
from ...core.files import present
from ...core.toolwords import tool_words
from ..verdicts import Problem
from .phrases import words
from .places import NUMBER_WORDS
from .reads import Read, reads_of

if TYPE_CHECKING:
    from ...catalog.load import Catalog


def translations(catalog: Catalog) -> list[Read]:
    """The game's translations, read once per load of its catalog (none when it has none;
    a file that cannot be read is the translation check's finding, not this one's)."""
    reads = reads_of(catalog)
    kept = reads.translations
    if kept is None:
        folder = catalog.folder / FOLDER
        langs = sorted(p.stem for p in folder.glob("*.po")) if present(folder) else []
        kept = [_read(read_translation(catalog, lang, [])) for lang in langs]
        reads.translations = kept
    return kept


def _read(t: Translation) -> Read:
    out = Read(t, spelt=_number_words(t.lang))
    for key, e in t.entries.items():
        if not e.text or e.fuzzy:
            continue
        out.by_source[_flat(e.was)] = e
        if key.startswith("fact."):
            out.facts.setdefault(words(e.was), []).append((key, words(e.text)))
    return out


def opposite_said(fact: Any, catalog: Catalog) -> list[Problem]:
    """A rule fact's translated value that is the translation of one of its opposites."""
    out: list[Problem] = []
    for r in translations(catalog):
        own = r.t.entries.get(f"fact.{fact.id}")
        if own is None or not own.text or own.fuzzy:
            continue
        meant = {w for v in (fact.value, *fact.synonyms) for w in _given(r, v, own.key)}
        said = words(own.text)
        wrong = next(
            (o for o in fact.opposites if said in _given(r, o, own.key) and said not in meant),
            None,
        )
        if wrong is not None:
            out.append(
                Problem(
                    f"{fact.name}: the rulebook states {fact.value!r}, its {r.t.lang} "
                    f"translation says {own.text!r}, which {r.t.file} gives for its "
                    f"opposite {wrong!r}",
                    at=(r.t.file, own.line),
                )
            )
    return out


def _given(r: Read, word: str, own_key: str) -> set[str]:
    """What the file's other fact entries translate the English rule `word` as."""
    return {w for key, w in r.facts.get(words(word), []) if key != own_key}


def numbers_kept(fact: Any, texts: list[tuple[str, str]], catalog: Catalog) -> list[Problem]:
    """Each of `texts` (English text, how a reader names its place) that holds the value
    fact's number, translated with other numbers than its English."""
    out: list[Problem] = []
    for r in translations(catalog):
        for text, label in texts:
            e = r.by_source.get(_flat(text))
            if e is None:
                continue
            english, there = _numbers(text, _ENGLISH), _numbers(e.text, r.spelt)
            if english != there:
                out.append(
                    Problem(
                        f"{fact.name}: the rulebook states {fact.value}, {label} says "
                        f"{_listed(english)} in English but {_listed(there)} in its {r.t.lang} "
                        f"translation: {e.text!r}",
                        at=(r.t.file, e.line),
                    )
                )
    return out


def numbers_translated(catalog: Catalog) -> list[Problem]:
    """Every translated text of the game (not only a value fact's place; each form of a
    plural one, `translated_forms`) that states other numbers in digits than its English:
    "rang 11" turned to "rang 10" where the English says 11. (Number words are left to
    `numbers_kept`: "les deux" is "both" as often as "two".)"""
    out: list[Problem] = []
    for r in translations(catalog):
        for key, e in [*r.t.entries.items(), *r.t.messages.items()]:
            if not e.text or e.fuzzy:
                continue  # untranslated (a plural entry: a form left empty), or doubtful
            for form, text, sources in translated_forms(e):
                there = _numbers(text, {})
                if any(_numbers(source, {}) == there for source in sources):
                    continue  # a plural form: as its singular or its plural says
                english = _numbers(sources[0], {})
                out.append(
                    Problem(
                        f"{key}: the English{english_named(e, form)} says {_listed(english)}, "
                        f"its {r.t.lang} translation{form_named(e, form)} {_listed(there)}: "
                        f"{text!r}",
                        at=(r.t.file, e.form_line(form)),
                    )
                )
    return out


def translated_forms(e: Entry) -> list[tuple[int, str, tuple[str, ...]]]:
    """Each form of an entry's translation as (its number, its text, the source texts it
    may say): a singular entry's one, held to its msgid; each form of a plural entry
    (`msgstr[n]`), held to the source's singular or its plural (`msgid_plural`), as a
    translation's numbers and icons are (`catalog.variants`): a language's forms are not
    English's two (French says 0 in its first form, English in its plural; Polish has three),
    so a form may say what either says. The first source is the one a finding quotes: the
    singular for form 0, the plural for the others. Its line: `e.form_line(number)`."""
    if not e.forms:
        return [(0, e.text, (e.was,))]
    sources = (e.was, e.was_plural) if e.was_plural else (e.was,)
    return [(n, text, sources[::-1] if n else sources) for n, text in enumerate(e.forms)]


def form_named(e: Entry, form: int) -> str:
    """How a finding names the form of a plural entry it is about ("'s form 1
    (msgstr[1])"); "" for a singular entry."""
    return f"'s form {form} (msgstr[{form}])" if e.forms else ""


def english_named(e: Entry, form: int) -> str:
    """Which source text a finding about a plural entry's form quotes (" plural" for
    form 1 and on, " singular" for form 0); "" for a singular entry."""
    if not e.forms or not e.was_plural:
        return ""
    return " plural" if form else " singular"


_ENGLISH = {w: n for w, n in NUMBER_WORDS.items() if n >= 2}


def _number_words(lang: str) -> dict[str, int]:
    said = tool_words(lang)
    return {words(said(w)).strip(): n for w, n in _ENGLISH.items()}


def _numbers(text: str, spelt: dict[str, int]) -> Counter[float]:
    """The numbers a text states: digits (not a placeholder's, not an icon's) and the
    language's number words, two and more."""
    plain = re.sub(r"%\(\w+\)s|\{\w+\}|:[\w-]+:", " ", text)
    found: Counter[float] = Counter()
    for m in re.finditer(r"(?<![\w.])\d+(?:[.,]\d+)?(?![\w])", plain):
        found[float(m.group(0).replace(",", "."))] += 1
    w = words(plain)
    for word, n in spelt.items():
        found[float(n)] += w.count(f" {word} ")
    return +found


def _listed(found: Counter[float]) -> str:
    shown = [str(int(n)) if n.is_integer() else str(n) for n in sorted(found.elements())]
    return ", ".join(shown) if shown else "no number"


def _flat(text: str) -> str:
    return " ".join(str(text).split())
