"""What a player reads that follows the language of a build, beyond its words: the order
of names (collation) and the way a number is written (decimal and thousands separators,
the percent sign), and which plural form a count takes.

Numbers are written by Babel (`babel.numbers`, CLDR data); a number in the source language
(English, which a build that names no language writes) is written the way Babel writes it
in English, without loading Babel's locale data. Names are ordered by the Unicode
Collation Algorithm through `pyuca`, a pure-Python wheel: accents and case only break ties
(Eau < Éclair < Zèbre), where a code point order puts every accented capital after Z. A
language whose readers order some letters otherwise (Swedish å ä ö after z, Spanish ñ
after n) gets the default table with CLDR's tailoring for it applied
(`core.collation`, `cardstock/locale/collation.toml`); any other language, the default
table (DUCET).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal
from typing import Any, TypeVar

from .language import babel_name

T = TypeVar("T")
SOURCE = "en"  # the language written when a build names none


def collation_key(text: str, collator: Any) -> tuple[int, ...]:
    """The key that orders `text` among others as a reader of its language looks it up
    (`collator`: a `pyuca.Collator`)."""
    key: tuple[int, ...] = tuple(collator.sort_key(text))
    return key


def collated(
    items: Iterable[T], name: Callable[[T], str], lang: str | None = None, collator: Any = None
) -> list[T]:
    """`items` ordered by their `name` as a reader of `lang` looks them up; names that
    collate alike keep a stable order by code point, then their order given. The
    language's collator (its table read once per process, a few tenths of a second) is
    made only when names are ordered; a caller may pass its own. The collation rules'
    module (`core.collation`, which reads `locale/collation.toml`) loads with it: a build
    that orders no names loads neither."""
    if collator is None:
        from .collation import collator as of_language

        collator = of_language(lang)
    table = collator
    return sorted(items, key=lambda x: (collation_key(name(x), table), name(x)))


def _locale(lang: str | None) -> str:
    """Babel's name of the language; English for a code CLDR does not know (the
    pseudo-language `qps`, a private-use code), which writes numbers as the source does."""
    from babel import Locale, UnknownLocaleError

    try:
        return str(Locale.parse(babel_name(lang or SOURCE)))
    except (UnknownLocaleError, ValueError):
        return SOURCE


def number(value: float, lang: str | None, digits: int = 0) -> str:
    """`value` with exactly `digits` digits after the decimal mark, in the language's
    separators: 1234.5 with 1 digit is "1,234.5" in English, "1 234,5" in French."""
    if lang is None or lang == SOURCE:
        return source_number(value, digits)
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "")
    return str(format_decimal(value, format=pattern, locale=_locale(lang)))


def source_number(value: float, digits: int = 0) -> str:
    """`value` as `number` writes it in the source language (English: a comma between
    thousands, a point before the decimals), without Babel's locale data: rounded half to
    even from its shortest decimal form, as Babel rounds."""
    rounded = Decimal(str(value)).quantize(Decimal(1).scaleb(-digits))
    return f"{rounded:,f}"


def percent(share: float, lang: str | None, digits: int = 0) -> str:
    """`share` (0.125) as a percentage with `digits` decimals in the language's own way:
    "12.5%" in English, "12,5 %" in French (with the no-break space CLDR gives)."""
    from babel import Locale
    from babel.numbers import format_percent

    pattern_digits = "." + "0" * digits if digits > 0 else ""
    locale = Locale.parse(_locale(lang))
    pattern = locale.percent_formats[None].pattern
    # the language's pattern (its sign, its space) with the digits asked for
    shown = pattern.replace("#,##0", "#,##0" + pattern_digits, 1)
    return str(format_percent(share, format=shown, locale=locale))


def source_words(lang: str | None) -> Callable[[str, str, int], str]:
    """`ngettext` in the language a template is written in: its singular for a count the
    language says in the singular (CLDR's `one`: 1 in English; 0 and 1 in French), else
    its plural."""
    from babel import Locale

    rule = Locale.parse(_locale(lang)).plural_form

    def ngettext(singular: str, plural: str, n: int) -> str:
        return singular if rule(n) == "one" else plural

    return ngettext


def plural_words(
    lang: str | None,
    forms: Mapping[str, tuple[str, ...]],
    plural_forms: str,
    source: str | None = None,
) -> Callable[[str, str, int], str]:
    """`ngettext(singular, plural, n)` for a translation: each entry's form for `n`, chosen
    by the translation's Plural-Forms header (`nplurals=2; plural=(n > 1);`), through
    Babel's `Translations` built from the compiled entries (the language's usual forms
    when the file names none); the source's own words (`source_words` of the `source`
    language) where the translation gives none."""
    from babel.messages.catalog import Catalog as PoCatalog
    from babel.messages.mofile import write_mo
    from babel.support import Translations

    # a locale (any known one) makes Babel write the Plural-Forms header into the file
    po = PoCatalog(locale=_locale(lang), fuzzy=False)
    if plural_forms:
        po.mime_headers = [("Plural-Forms", plural_forms)]
    for singular, given in forms.items():
        po.add((singular, singular), given)
    buffer = io.BytesIO()
    write_mo(buffer, po)
    buffer.seek(0)
    translations = Translations(fp=buffer)

    untranslated = source_words(source)

    def ngettext(singular: str, plural: str, n: int) -> str:
        if singular not in forms:
            return untranslated(singular, plural, n)
        return str(translations.ngettext(singular, plural, n))

    return ngettext
