"""A game in each of its languages, loaded (`catalog.languages` names them): the source
game once, then a catalog per language whose texts are the language's
(`translations.translated`), whose id carries the language's code, and whose layouts, rules
and numbers are the source game's. Each finding of a translation is a warning (a text
printed in the source language instead); a translation that changes a number is an error.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from ..core.issues import Issue, Issues
from ..core.project import discover
from .languages import LANGUAGE_CODE
from .load import Catalog, RulesReader, load_games
from .pseudo import CODE as PSEUDO
from .pseudo import pseudo
from .text import Text
from .translations import (
    Chosen,
    Entry,
    LayoutWords,
    Translation,
    all_texts,
    chosen,
    read_translation,
    report,
    translated,
)

LANGUAGE = re.compile(LANGUAGE_CODE)
# what a translation must keep of its source: numbers, inline icons and placeholders
_KEPT = re.compile(r"\d+|:[a-z][a-z0-9-]*:|\{[^{}]*\}")
# a layout's words are a template: its `{{ }}` may be reworded, its numbers and icons not
_KEPT_IN_LAYOUT = re.compile(r"\d+|:[a-z][a-z0-9-]*:")


def kept(t: Text, text: str) -> list[str]:
    """What `text` (the source of `t`, or a translation of it) states that must be kept."""
    pattern = _KEPT_IN_LAYOUT if t.key.startswith("layout.") and not t.template else _KEPT
    return sorted(pattern.findall(text))


def load_with_languages(
    root: Path,
    game_ids: list[str] | None,
    rules_reader: RulesReader | None,
    variants: dict[str, tuple[str, str]],
    layout_words: LayoutWords,
) -> tuple[list[Catalog], Issues]:
    """Load the named games (all by default), a translated one from its source game and
    its `.po` file; every problem of every game collected. `layout_words` reads a game's
    layouts' words (`cardstock.layout.spec.layout_texts`)."""
    known = discover(root)
    asked = list(game_ids or known)
    unbegun = {g: _unbegun(g, known) for g in asked if g not in variants and g not in known}
    sources = list(
        dict.fromkeys(variants[g][0] if g in variants else g for g in asked if not unbegun.get(g))
    )
    catalogs, issues = load_games(root, sources, rules_reader)
    for game, lang in (x for x in unbegun.values() if x):
        issues.add(
            f"catalog/{game}/translations/{lang}.po",
            None,
            "--lang",
            f"{game} has no translation into {lang!r}: `cardstock translate update {game} "
            f"--lang {lang}` begins one (docs/languages.md)",
        )
    by_id = {c.id: c for c in catalogs}
    out: list[Catalog] = []
    for g in asked:
        if g not in variants:
            if g in by_id:
                out.append(by_id[g])
            continue
        source, lang = variants[g]
        if source in by_id:
            out.append(in_language(by_id[source], lang, issues, layout_words))
    return out, issues


def _unbegun(game_id: str, known: list[str]) -> tuple[str, str] | None:
    """(game, language) when `game_id` is a known game in a language it has not begun."""
    for game in known:
        lang = game_id.removeprefix(f"{game}-")
        if game_id.startswith(f"{game}-") and LANGUAGE.fullmatch(lang):
            return game, lang
    return None


def translation_of(
    catalog: Catalog, lang: str, issues: list[Issue], layout_words: LayoutWords
) -> Translation:
    """The language's translation: its `.po` file, or made (the pseudo-language)."""
    if lang != PSEUDO:
        return read_translation(catalog, lang, issues)
    made = Translation(lang, f"({PSEUDO}: made from the source texts)")
    for t in all_texts(catalog, issues, layout_words):
        entry = Entry(t.key, t.source, pseudo(t.source, t.separator), False, 0)
        (made.messages if t.template else made.entries)[t.key] = entry
    return made


def kept_differently(all_texts: list[Text], given: Chosen) -> list[tuple[Text, str]]:
    """Each text whose translation states other numbers, icons or placeholders than its
    source: a translation cannot change a count."""
    out = []
    for t in all_texts:
        there = (given.words if t.template else given.values).get(t.key, t.source)
        if Counter(kept(t, t.source)) != Counter(kept(t, there)):
            out.append((t, there))
    return out


def changed_numbers(translation: Translation, all_texts: list[Text], given: Chosen) -> list[Issue]:
    """An error for each text whose translation states other numbers or icons."""
    out: list[Issue] = []
    for t, there in kept_differently(all_texts, given):
        entry = translation.entry(t)
        out.append(
            Issue(
                translation.file,
                entry.line if entry is not None else None,
                t.key,
                f"[{translation.lang}] the translation states {kept(t, there)} "
                f"where the source states {kept(t, t.source)}",
            )
        )
    return out


def in_language(catalog: Catalog, lang: str, issues: Issues, layout_words: LayoutWords) -> Catalog:
    """`catalog` in `lang`: each finding of its translation a warning, a changed number an
    error (in `issues`)."""
    read: list[Issue] = []
    translation = translation_of(catalog, lang, read, layout_words)
    every = all_texts(catalog, read, layout_words)
    given = chosen(every, translation)
    issues.extend(read)
    issues.extend(f.issue(translation) for f in report(every, translation).findings)
    issues.extend(changed_numbers(translation, every, given))
    return translated(catalog, given, lang)
