"""The words cardstock itself prints onto what it makes, in the language of a build.

A sheet's footer ("page 3/20 · A4 · print at 100% / actual size"), the note on a backs
page ("backs of page 2: print on its reverse, flip on the long edge"), the calibration
page's steps, a board tile's "tile B2 of 3 x 2", a rulebook's cover, contents heading and
component list ("For 2 to 4 players", "Contents", "In the box: …"), the stats page's
headings: these are the tool's words, not a game's, and no game's translation holds them.
They are translated once for every game, in cardstock's own message catalog shipped in
the package, one gettext `.po` file per language:

    cardstock/locale/<lang>/LC_MESSAGES/cardstock.po

read with Babel's `.po` reader (`babel.messages.pofile.read_po`), as a tool ships the
translations of its user interface. A message's `msgid` is the English words, with
`{placeholders}` the code fills in (`page {n}/{total}`).

What a build prints, for each message, is the first of:

1. the game's own `.po` file, an entry with `msgctxt "cardstock"` and the message's
   `msgid` (a designer who wants other words for their game);
2. cardstock's catalog for the language (`cardstock/locale/<lang>/`);
3. the English `msgid` itself: for a language cardstock has no catalog for (with one
   finding saying so, `ToolWords.missing`), or a message its catalog lacks.

The pseudo-language's words are made from the English ones by the caller (the catalog
room's `pseudo`), so this module needs no knowledge of it.

The stages receive the words as data (`ToolWords`, on the catalog, made before any
stage runs), never by reading this catalog themselves mid-build.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .localized import plural_words
from .names import child
from .patterns import fill

SOURCE = "en"  # the language every msgid is written in
CONTEXT = "cardstock"  # a game's `.po` entry with this msgctxt gives one of these words
DOMAIN = "cardstock"  # the catalog's file name: cardstock.po
LOCALE = Path(__file__).resolve().parent.parent / "locale"


@dataclass(frozen=True, eq=False)
class ToolWords:
    """The words cardstock prints in one language: `words("backs of page {n}: print on its
    reverse, {flip}", n=2, flip=…)` gives "backs of page 2: …" in English, "dos de la page
    2 : …" in French, each message's translation with its `{placeholders}` filled. Plain
    data (a build hands it to worker processes), never changed once made."""

    lang: str = SOURCE
    table: Mapping[str, str] = field(default_factory=dict)
    # a message said of a count: its singular msgid → the language's forms
    plurals: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # the language has no catalog of cardstock's: every word is the English (a finding)
    missing: bool = False

    def __call__(self, msgid: str, **values: object) -> str:
        said = self.table.get(msgid) or msgid
        return fill(said, values) if values else said

    def english(self, msgid: str) -> bool:
        """Whether `msgid` (a plural message: its singular) prints as cardstock's English in
        a language other than English: the language's catalog and the game give none."""
        if self.lang.split("-")[0] == SOURCE:
            return False
        return not self.table.get(msgid) and not self.plurals.get(msgid)

    def count(
        self, singular: str, plural: str, n: int, shown: object = None, **values: object
    ) -> str:
        """The words said of `n` things (`{n}` filled too, with `shown` when given: the
        count as the language writes its digits, "2 000"): the language's form for `n`,
        chosen by the language's usual Plural-Forms (two forms in English and French,
        three in Polish and Russian) through Babel's `Translations`; the English forms,
        singular for 1, where the catalog has none."""
        forms = self.plurals.get(singular)
        if forms:
            said = plural_words(self.lang, {singular: forms}, "")(singular, plural, n)
        else:  # English's rule (CLDR's `one` for a whole number is 1), Babel not loaded
            said = singular if n == 1 else plural
        return fill(said, {**values, "n": n if shown is None else shown})


ENGLISH = ToolWords()


def catalog_path(lang: str) -> Path:
    """Where cardstock's catalog of `lang` is (whether or not there is one)."""
    return child(LOCALE, lang.replace("-", "_")) / "LC_MESSAGES" / f"{DOMAIN}.po"


def shipped() -> tuple[str, ...]:
    """The languages cardstock has a catalog for, besides English, by code."""
    if not LOCALE.is_dir():
        return ()
    found = (p.name.replace("_", "-") for p in LOCALE.iterdir() if p.is_dir())
    return tuple(sorted(code for code in found if catalog_path(code).is_file()))


Table = tuple[dict[str, str], dict[str, tuple[str, ...]]]


def _catalog(lang: str) -> Table | None:
    """cardstock's translations into `lang` (msgid → words; a plural message's singular →
    its forms), or None when it has none. A message left empty or marked fuzzy is not
    used (the English is printed). Read on each call (about a millisecond): a build makes
    one `ToolWords` per edition, before any stage runs, and the stages share it."""
    from babel.messages.pofile import read_po

    path = catalog_path(lang)
    if not path.is_file():
        return None
    po = read_po(io.BytesIO(path.read_bytes()), abort_invalid=True, charset="utf-8")
    words: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    for m in po:
        if not m.id or m.fuzzy:
            continue
        if isinstance(m.id, str) and isinstance(m.string, str) and m.string:
            words[m.id] = m.string
        elif isinstance(m.id, tuple | list) and isinstance(m.string, tuple | list):
            forms = tuple(str(x or "") for x in m.string)
            if forms and all(forms):
                plurals[str(m.id[0])] = forms
    return words, plurals


def messages() -> tuple[tuple[str, ...], ...]:
    """Every message cardstock prints, each its msgid (a plural one: singular and plural),
    from the template other languages translate: `cardstock/locale/cardstock.pot`. Read
    on each call (under a millisecond; only the pseudo-language's words need it)."""
    from babel.messages.pofile import read_po

    path = LOCALE / f"{DOMAIN}.pot"
    po = read_po(io.BytesIO(path.read_bytes()), charset="utf-8")
    return tuple(
        (str(m.id),) if isinstance(m.id, str) else tuple(map(str, m.id)) for m in po if m.id
    )


def tool_words(
    lang: str | None,
    overrides: Mapping[str, str] | None = None,
    made: Callable[[str], str] | None = None,
    plural_overrides: Mapping[str, tuple[str, ...]] | None = None,
) -> ToolWords:
    """The words cardstock prints in `lang` (None: English): the game's `overrides`
    (msgid → words, from its `.po` file's `msgctxt "cardstock"` entries; a plural
    message's singular → its forms in `plural_overrides`) before cardstock's own catalog
    of the language. `made` makes a language's words from the English ones (the
    pseudo-language) instead of a catalog."""
    code = lang or SOURCE
    given = {k: v for k, v in (overrides or {}).items() if v}
    counted = {k: v for k, v in (plural_overrides or {}).items() if v and all(v)}
    if made is not None:
        table = {m[0]: made(m[0]) for m in messages() if len(m) == 1} | given
        forms = {m[0]: tuple(made(x) for x in m) for m in messages() if len(m) > 1}
        return ToolWords(code, dict(table), dict(forms | counted))
    if code.split("-")[0] == SOURCE:
        return ToolWords(code, dict(given), dict(counted)) if given or counted else ENGLISH
    own = _catalog(code)
    if own is None and "-" in code:
        own = _catalog(code.split("-")[0])  # "fr-CA" reads French when it has no catalog
    words, plurals = own or ({}, {})
    said = dict(words | given)
    return ToolWords(code, said, dict(plurals | counted), missing=own is None)


def shown(lang: str) -> str:
    """Where cardstock's catalog of `lang` goes, as messages show it."""
    return f"cardstock/locale/{lang.replace('-', '_')}/LC_MESSAGES/{DOMAIN}.po"
