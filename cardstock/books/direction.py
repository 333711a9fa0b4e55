"""Which language and direction each part of a rulebook's web page and EPUB is in.

A browser or an e-reader shapes, orders and chooses fonts by what the markup says: Arabic
in a block marked left to right puts its full stop on the wrong side and its list bullets
on the left, and Japanese in a page marked English may be drawn with a Chinese font's
forms of the same characters. So the editions say it, as the HTML standard asks:

- the document carries the edition's `lang` and its `dir` (`rtl` for a language written
  right to left, by CLDR's character order through Babel: Arabic, Hebrew, Persian, Urdu…);
- a block (paragraph, heading, list item, table cell, caption) whose first strong letter
  goes the other way than the document's gets its own `dir` (a paragraph of Arabic quoted
  in an English rulebook, an English word alone in a table of an Arabic one);
- a block holding kana or hangul in a document of another language gets `lang="ja"` or
  `lang="ko"` (Chinese characters alone say no language: the document's stands);
- cardstock's own words that the edition's language has no translation of (printed in
  English, `core.toolwords`) carry `lang="en"`, and `dir="ltr"` in a right-to-left book.

The PDF edition lays these scripts out itself (`books.scripts`).
"""

from __future__ import annotations

import re
import unicodedata

from ..core.bidi import has_rtl, rtl_paragraph
from ..core.language import babel_name
from ..core.toolwords import SOURCE, ToolWords

# Written right to left when CLDR cannot be asked (a code Babel does not know)
RTL_LANGUAGES = frozenset(
    ("ar", "arc", "ckb", "dv", "fa", "he", "ks", "ps", "sd", "ug", "ur", "yi")
)
_TAG = re.compile(r"<[^>]*>")
_KANA = re.compile(r"[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]")
_HANGUL = re.compile(r"[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]")


def language_dir(lang: str) -> str:
    """ "rtl" for a language written right to left, else "ltr"."""
    if lang.split("-")[0].lower() == SOURCE:
        return "ltr"  # English: Babel is not loaded for it
    from babel import Locale, UnknownLocaleError

    try:
        order = Locale.parse(babel_name(lang)).character_order
    except (UnknownLocaleError, ValueError, TypeError):
        order = "right-to-left" if lang.split("-")[0].lower() in RTL_LANGUAGES else ""
    return "rtl" if order == "right-to-left" else "ltr"


def _text(markup: str) -> str:
    """A block's words without its tags (entities left: none is a letter)."""
    return _TAG.sub("", markup)


def _strong(text: str) -> str:
    """The direction of a text's first strong letter: "rtl", "ltr", or "" (none)."""
    if rtl_paragraph(text):
        return "rtl"
    if any(unicodedata.bidirectional(ch) == "L" for ch in text):
        return "ltr"
    return ""


class Marks:
    """The attributes a document in `lang` gives each of its blocks."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.dir = language_dir(lang)
        self.primary = lang.split("-")[0].lower()

    def document(self) -> str:
        """The root element's attributes: ` lang="ar" xml:lang="ar" dir="rtl"`."""
        return f' lang="{self.lang}" xml:lang="{self.lang}" dir="{self.dir}"'

    def block(self, markup: str) -> str:
        """A block's own attributes, from its words (`markup`: its inner HTML): a `dir`
        where it goes the other way than the document, a `lang` for kana or hangul in a
        document of another language; "" for a block the document's marks fit."""
        text = _text(markup)
        if text.isascii():
            return "" if self.dir == "ltr" or not _strong(text) else ' dir="ltr"'
        attrs = ""
        if self.primary != "ja" and _KANA.search(text):
            attrs += ' lang="ja" xml:lang="ja"'
        elif self.primary != "ko" and _HANGUL.search(text):
            attrs += ' lang="ko" xml:lang="ko"'
        way = _strong(text)
        if way and way != self.dir and (way == "ltr" or has_rtl(text)):
            attrs += f' dir="{way}"'
        return attrs

    def english(self, words: ToolWords, msgid: str) -> str:
        """The attributes of cardstock's own words of the message `msgid`: `lang="en"`
        when `words` print its English in a book of another language."""
        if self.primary == SOURCE or not words.english(msgid):
            return ""
        return f' lang="{SOURCE}" xml:lang="{SOURCE}"' + (' dir="ltr"' if self.dir == "rtl" else "")
