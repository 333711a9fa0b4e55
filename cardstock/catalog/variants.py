"""A game in each of its languages, loaded (`catalog.languages` names them): the source
game once, then a catalog per language whose texts are the language's
(`translations.translated`), whose id carries the language's code, and whose layouts, rules
and numbers are the source game's. Each finding of a translation is a warning (a text
printed in the source language instead); a translation that changes a number is an error.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace as dc_replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.issues import Issue, Issues
from ..core.language import is_code
from ..core.patterns import check_pattern
from ..core.project import discover
from ..core.toolwords import CONTEXT as TOOL_CONTEXT
from ..core.toolwords import ENGLISH, ToolWords, tool_words
from ..core.toolwords import messages as tool_messages
from ..core.toolwords import shown as shown_catalog
from .languages import EDITIONS, source_of
from .load import Catalog, RulesReader, load_games
from .pseudo import CODE as PSEUDO
from .pseudo import pseudo
from .text import Text

if TYPE_CHECKING:
    from .translations import Chosen, Entry, LayoutWords, Translation

# what a translation must keep of its source: numbers, inline icons and placeholders
_KEPT = re.compile(r"\d+|:[a-z][a-z0-9-]*:|\{[^{}]*\}")
# a layout's words are a template: its `{{ }}` may be reworded, its numbers and icons not
_KEPT_IN_LAYOUT = re.compile(r"\d+|:[a-z][a-z0-9-]*:")


# a template message's values: `{% trans most=fact('most-tricks').value %}` → `%(most)s`
_NAMED = re.compile(r"%\((\w+)\)[sd]")


def named(text: str) -> set[str]:
    """The `%(name)s` placeholders of a template message (or of a translation of one)."""
    return set(_NAMED.findall(text))


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
    its `.po` file, an edition from the game it is drawn from (the same catalog, its
    `edition` set); every problem of every game collected. `layout_words` reads a game's
    layouts' words (`cardstock.layout.labels.layout_words`)."""
    known = discover(root)
    asked = list(game_ids or known)
    unbegun = {g: _unbegun(g, known) for g in asked if g not in variants and g not in known}
    sources = list(dict.fromkeys(source_of(variants, g) for g in asked if not unbegun.get(g)))
    catalogs, issues = load_games(root, sources, rules_reader)
    catalogs = [in_own_language(c, issues) for c in catalogs]
    for game, lang in (x for x in unbegun.values() if x):
        issues.add(
            f"catalog/{game}/translations/{lang}.po",
            None,
            "--lang",
            f"{game} has no translation into {lang!r}: `cardstock translate update {game} "
            f"--lang {lang}` begins one (docs/languages.md)",
        )
    made: dict[str, Catalog] = {c.id: c for c in catalogs}

    def variant(g: str) -> Catalog | None:
        """The game `g`, a variant made once from the game it is made from."""
        if g in made or g not in variants:
            return made.get(g)
        base, name = variants[g]
        source = variant(base)
        if source is None:
            return None
        if name in EDITIONS:  # the same catalog, its faces drawn in the edition
            made[g] = dc_replace(source, edition=name)
        else:
            made[g] = in_language(source, name, issues, layout_words)
        return made[g]

    out = [c for c in (variant(g) for g in asked) if c is not None]
    return out, issues


def _unbegun(game_id: str, known: list[str]) -> tuple[str, str] | None:
    """(game, language) when `game_id` is a known game in a language it has not begun."""
    for game in known:
        lang = game_id.removeprefix(f"{game}-")
        if game_id.startswith(f"{game}-") and is_code(lang):
            return game, lang
    return None


def translation_of(
    catalog: Catalog, lang: str, issues: list[Issue], layout_words: LayoutWords
) -> Translation:
    """The language's translation: its `.po` file, or made (the pseudo-language). The
    translations' code is imported here, by a build that makes a language."""
    from .translations import Entry, Translation, all_texts, read_translation

    if lang != PSEUDO:
        return read_translation(catalog, lang, issues)
    made = Translation(lang, f"({PSEUDO}: made from the source texts)")
    for t in all_texts(catalog, issues, layout_words):
        entry = Entry(t.key, t.source, pseudo(t.source, t.separator), False, 0)
        (made.messages if t.template else made.entries)[t.key] = entry
    return made


def kept_differently(all_texts: list[Text], given: Chosen) -> list[tuple[Text, str, int]]:
    """Each form of a text's translation (a plural one's every form, by its index; else its
    one, 0) that states other numbers, icons or placeholders than its source (a plural
    form: than the source's singular or plural): a translation cannot change a count."""
    out = []
    for t in all_texts:
        there = (given.words if t.template else given.values).get(t.key, t.source)
        forms = given.plurals.get(t.key) if t.plural else None
        out += [
            (t, form, i)
            for i, form in enumerate(forms or (there,))
            if not any(Counter(kept(t, x)) == Counter(kept(t, form)) for x in _sources(t))
        ]
    return out


def _sources(t: Text) -> tuple[str, ...]:
    """The source texts a form of the translation of `t` may say: its singular, and its
    plural when it is said of a count (a language's forms are not English's two)."""
    return (t.source, t.plural) if t.plural else (t.source,)


def _same_marks(t: Text, there: str) -> bool:
    """Whether the translation keeps the source's icons and placeholders (its numbers
    aside): a translator may say a number another way, never drop an icon."""
    said = Counter(k for k in kept(t, there) if not k.isdigit())
    return any(Counter(k for k in kept(t, x) if not k.isdigit()) == said for x in _sources(t))


def changed_numbers(translation: Translation, all_texts: list[Text], given: Chosen) -> list[Issue]:
    """An error for each text whose translation states other numbers or icons (unless its
    entry's translator comment accepts it, with a reason: `# numbers changed: <why>`), and
    for each template message whose translation drops or adds a `%(name)s` placeholder;
    each at the line of the form that says it (a plural entry's own `msgstr[n]`)."""
    out: list[Issue] = dropped_placeholders(translation, all_texts)
    for t, there, form in kept_differently(all_texts, given):
        entry = translation.entry(t)
        why = entry.numbers_changed if entry is not None else None
        if why and _same_marks(t, there):
            continue  # the translator said why the language states other numbers
        if why is None:
            hint = (
                "; where the language says it with other numbers (a measure in its own "
                "units), accept it with a comment above the entry: # numbers changed: <why>"
            )
        elif why:
            hint = "; `# numbers changed:` accepts other numbers, not other icons or placeholders"
        else:
            hint = "; the `# numbers changed:` comment gives no reason"
        source = t.plural if form and t.plural else t.source
        out.append(
            Issue(
                translation.file,
                entry.form_line(form) if entry is not None else None,
                t.key,
                f"[{translation.lang}] the translation{_form_said(entry, form)} states "
                f"{kept(t, there)} where the source states {kept(t, source)}{hint}",
            )
        )
    return out


def _form_said(entry: Entry | None, form: int) -> str:
    """How a finding names the form of a plural entry it is about; "" for a singular one."""
    return f"'s form {form} (msgstr[{form}])" if entry is not None and entry.forms else ""


def dropped_placeholders(translation: Translation, all_texts: list[Text]) -> list[Issue]:
    """An error for each form of a template message's translation (when not fuzzy) that
    drops a `%(name)s` placeholder of its msgid, names one the msgid has not, or cannot be
    filled as the msgid is (a lone `%`), at that form's line: a placeholder is a number, a
    name or a rule word the catalog holds, and a translation that retypes it goes on saying
    it when the catalog changes (docs/languages.md)."""
    out: list[Issue] = []
    for t in all_texts:
        entry = translation.entry(t) if t.template else None
        if entry is None or entry.fuzzy or (entry.was, entry.was_plural) != (t.source, t.plural):
            continue
        want = named(t.source) | named(t.plural)
        for i, form in enumerate(entry.forms or (entry.text,)):
            if not form:
                continue
            lost, extra = sorted(want - named(form)), sorted(named(form) - want)
            said = []
            if lost:
                said.append("drops " + ", ".join(f"%({n})s" for n in lost))
            if extra:
                said.append("names " + ", ".join(f"%({n})s" for n in extra) + ", not in the msgid")
            if not said and (bad := _unfilled(form, t)) is not None:
                said.append(f"cannot be filled as its msgid is ({bad}; a `%` of its own is `%%`)")
            if said:
                out.append(
                    Issue(
                        translation.file,
                        entry.form_line(i),
                        "msgstr",
                        f"[{translation.lang}] the translation{_form_said(entry, i)} "
                        f"{' and '.join(said)}: keep every placeholder, the catalog fills it "
                        "(a number, name or rule word)",
                    )
                )
    return out


class _Filled(dict[str, int]):
    """Any placeholder's value (0: `%(n)s` and `%(n)d` both take it), as the rendering fills
    a template message (its values, `%` always applied: the msgid writes a `%` as `%%`)."""

    def __missing__(self, key: str) -> int:
        return 0


def _unfilled(form: str, t: Text) -> str | None:
    """Why a form of a template message's translation cannot be filled with the values its
    msgid can (a `%` that starts no placeholder: write `%%`), None when it can or when the
    msgid itself is not filled (a message with no values)."""
    try:
        for x in _sources(t):
            _ = x % _Filled()
    except (ValueError, TypeError, KeyError):
        return None
    try:
        _ = form % _Filled()
    except (ValueError, TypeError, KeyError) as exc:
        return str(exc)
    return None


def refused_patterns(translation: Translation) -> list[Issue]:
    """An error for each translated set pattern (`set.<set>.group`) the one bounded
    formatter refuses (`core.patterns`: a field is a name alone, no spec, no conversion),
    at its line of the `.po` file, instead of the group printing the source's words."""
    out: list[Issue] = []
    for key, entry in translation.entries.items():
        if not (key.startswith("set.") and key.endswith(".group")) or not entry.text:
            continue
        for i, form in enumerate(entry.forms or (entry.text,)):
            try:
                check_pattern(form)
            except ValueError as exc:
                where = entry.form_line(i)
                out.append(Issue(translation.file, where, key, f"[{translation.lang}] {exc}"))
    return out


def in_language(catalog: Catalog, lang: str, issues: Issues, layout_words: LayoutWords) -> Catalog:
    """`catalog` in `lang`: each finding of its translation a warning, a changed number an
    error (in `issues`)."""
    from .translations import all_texts, chosen, report, translated

    read: list[Issue] = []
    translation = translation_of(catalog, lang, read, layout_words)
    every = all_texts(catalog, read, layout_words)
    given = chosen(every, translation)
    issues.extend(read)
    issues.extend(f.issue(translation) for f in report(every, translation).findings)
    issues.extend(changed_numbers(translation, every, given))
    issues.extend(refused_patterns(translation))
    words = edition_words(translation, lang, issues)
    return dc_replace(translated(catalog, given, lang), tool_words=words)


def edition_words(translation: Translation, lang: str, issues: Issues) -> ToolWords:
    """cardstock's own words (footers, print instructions) in the language: its own, the
    game's (`msgctxt "cardstock"`), made for the pseudo-language; their problems in
    `issues`."""
    made = pseudo if lang == PSEUDO else None
    own = _own_tool_words(translation, issues)
    words = tool_words(lang, own, made, _own_tool_forms(translation, issues))
    issues.extend(_no_tool_words(words, translation.file))
    return words


def in_own_language(catalog: Catalog, issues: Issues) -> Catalog:
    """`catalog` with cardstock's words in the language its tables are written in (a game
    written in German prints German footers)."""
    lang = catalog.game.language
    if tool_words(lang) is ENGLISH:
        return catalog
    words = tool_words(lang)
    issues.extend(_no_tool_words(words, catalog.display(catalog.folder / "game.toml")))
    return dc_replace(catalog, tool_words=words)


_PLACEHOLDER = re.compile(r"\{(\w*)\}")


def _refused(words: str) -> str | None:
    """Why the formatter refuses a game's words for a message of cardstock's (a format
    spec, a field that is no name: `core.patterns`), None when it does not."""
    try:
        check_pattern(words)
    except ValueError as exc:
        return str(exc)
    return None


def _own_tool_words(translation: Translation, issues: Issues) -> dict[str, str]:
    """The game's own words for cardstock's messages (`msgctxt "cardstock"`) that it may
    use: an entry naming no message of cardstock's is a warning, one whose placeholders
    differ from the message's an error (cardstock fills exactly the message's)."""
    known = {m[0] for m in tool_messages()}
    out: dict[str, str] = {}
    for msgid, said in translation.tool.items():
        at, line = translation.tool_line(msgid), translation.tool_line(msgid, 0)
        if msgid not in known:
            issues.add(
                translation.file,
                at,
                TOOL_CONTEXT,
                f"[{translation.lang}] {msgid!r} is no message of cardstock's own "
                "(cardstock/locale/cardstock.pot lists them)",
                "warning",
            )
        elif (bad := _refused(said)) is not None:
            issues.add(translation.file, line, TOOL_CONTEXT, f"[{translation.lang}] {bad}")
        elif sorted(_PLACEHOLDER.findall(said)) != sorted(_PLACEHOLDER.findall(msgid)):
            issues.add(
                translation.file,
                line,
                TOOL_CONTEXT,
                f"[{translation.lang}] the words for {msgid!r} name the placeholders "
                f"{sorted(set(_PLACEHOLDER.findall(said)))}, the message "
                f"{sorted(set(_PLACEHOLDER.findall(msgid)))}",
            )
        else:
            out[msgid] = said
    return out


def _own_tool_forms(translation: Translation, issues: Issues) -> dict[str, tuple[str, ...]]:
    """The game's own forms of cardstock's plural messages (`{n} die`, `{n} dice`), as
    `_own_tool_words` checks a message: each form names the plural's placeholders. What is
    wrong with a form is an error at its own `msgstr[n]`, one for each form."""
    plural = {m[0]: m[-1] for m in tool_messages() if len(m) > 1}
    out: dict[str, tuple[str, ...]] = {}
    for msgid, forms in translation.tool_forms.items():
        if msgid not in plural:
            said = f"[{translation.lang}] {msgid!r} is no plural message of cardstock's own "
            at = translation.tool_line(msgid)
            issues.add(translation.file, at, TOOL_CONTEXT, said + "(cardstock.pot)", "warning")
            continue
        want = sorted(set(_PLACEHOLDER.findall(plural[msgid])))
        wrong = False
        for i, form in enumerate(forms):
            bad = _refused(form)
            if bad is None and (names := sorted(set(_PLACEHOLDER.findall(form)))) != want:
                bad = (
                    f"the form {form!r} of {msgid!r} names the placeholders {names}, the "
                    f"message {want}"
                )
            if bad is not None:
                where = translation.tool_line(msgid, i)
                issues.add(translation.file, where, TOOL_CONTEXT, f"[{translation.lang}] {bad}")
                wrong = True
        if not wrong:
            out[msgid] = forms
    return out


def _no_tool_words(words: ToolWords, where: str) -> list[Issue]:
    """One warning when cardstock has no words of its own in the language: its footers,
    print instructions, a rulebook's cover and contents and the stats page's words are
    then printed in English; else one when its catalog (with the game's own words) leaves
    some of its messages untranslated, naming the first of them."""
    if not words.missing:
        english = [m[0] for m in tool_messages() if words.english(m[0])]
        if not english:
            return []
        named = ", ".join(repr(m) for m in english[:3]) + (", …" if len(english) > 3 else "")
        said = (
            f"[{words.lang}] cardstock's catalog of its own words in {words.lang!r} "
            f"({shown_catalog(words.lang)}) does not translate {len(english)} of its "
            f"messages, printed in English in this language's files and pages: {named}"
        )
        return [Issue(where, None, "language", said, "warning")]
    message = (
        f"[{words.lang}] cardstock has no catalog of its own words in {words.lang!r} "
        f"({shown_catalog(words.lang)}): the sheets' footers and print instructions, the "
        "rulebook's cover and contents and the stats page are printed in English "
        '(docs/languages.md, "cardstock\'s own words")'
    )
    return [Issue(where, None, "language", message, "warning")]
