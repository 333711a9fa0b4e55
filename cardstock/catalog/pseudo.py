"""The pseudo-language `qps`: every text accented, about 35 % longer and bracketed.

Translations into most languages run longer than English (German and French by a third).
Built in the pseudo-language, a game shows before any translator starts which boxes will
overflow or shrink below the least text size, and which texts are not translatable at all
(a text still plain in the pseudo-language was never read from the catalog's texts). It is
the pseudo-localisation of Microsoft's `qps-ploc` locale, kept to letters every Latin font
cardstock ships can draw (Latin-1), so a missing glyph is never the reason a box looks wrong.

What a text means to cardstock is kept: inline icons (`:fire:`), `{placeholders}`, markup
marks (`*`, `**`, `#`, `|`, `>`, list marks), backslash escapes and line breaks pass
unchanged, and digits stay digits.
"""

from __future__ import annotations

import math
import re

CODE = "qps"  # the pseudo-language's code (`--lang qps`), as BCP 47 reserves qps-* for it
GROWTH = 0.35  # how much longer a pseudo text is than its source, in letters

_ACCENTED = str.maketrans(
    "AaCcEeIiNnOoUuYy",
    "ÅåÇçÉéÎîÑñÖöÜüÝý",
)
# what passes unchanged: icons, placeholders (a template's `%(name)s` too), escapes,
# markup runs, line-end marks
# a pattern's text: `re.compile` makes it when first asked and keeps it (a build that
# never asks does not compile it)
_KEPT = (
    "(?m)"
    r":[a-z][a-z0-9-]*:|\{\{.*?\}\}|\{%.*?%\}|\{[^{}]*\}|%\([A-Za-z_]\w*\)s|\\.|\\$"
    r"|^[ \t]*(?:[-*+>#|]+|\d+\.)[ \t]|[*_|]+"
)
_BLOCK_MARK = re.compile(r"[ \t]*(?:[-*+>#|]+|\d+\.)[ \t]")
_FILLER = "àéîõü"


def pseudo(text: str, separator: str = "") -> str:
    """`text` in the pseudo-language (see the module's docstring). A list's items (`text`
    joined by `separator`: the faces of a die) are each a text of their own, printed apart,
    so each grows and is bracketed by itself, as a translator's words for each would be."""
    if separator and separator in text:
        return separator.join(_pseudo(item) for item in text.split(separator))
    return _pseudo(text)


def _pseudo(text: str) -> str:
    if not text:
        return text
    out: list[str] = []
    at = 0
    letters = 0
    for m in re.compile(_KEPT).finditer(text):
        plain = text[at : m.start()]
        out.append(plain.translate(_ACCENTED))
        letters += sum(ch.isalpha() for ch in plain)
        out.append(m.group())
        at = m.end()
    rest = text[at:]
    out.append(rest.translate(_ACCENTED))
    letters += sum(ch.isalpha() for ch in rest)
    if not letters:
        return text  # a number or a symbol: nothing a translator would change
    extra = math.ceil(letters * GROWTH)
    filler = (_FILLER * (extra // len(_FILLER) + 1))[:extra]
    # in words of five letters at most, as a longer text's own words would wrap
    pad = " ".join(filler[i : i + len(_FILLER)] for i in range(0, extra, len(_FILLER)))
    body = "".join(out)
    lines = body.split("\n")
    lines[-1] = f"{lines[-1]} {pad}]"
    body = "\n".join(lines)
    lead = _BLOCK_MARK.match(body)  # "[" goes after a heading's or an item's mark
    cut = lead.end() if lead else 0
    return f"{body[:cut]}[{body[cut:]}"
