"""The spaces a language sets around its punctuation, put into a text a template made.

French typography sets a no-break space before `:`, `;`, `!`, `?` and the guillemet that
closes a quote, and after the one that opens it (Canada's French keeps only the colon's and
the guillemets'). The space is U+00A0, as translators type it: the books' line breaker
(ReportLab's) breaks at the narrow one, U+202F, as at any space. A translator types them in a
card's text; a rulebook's template line (`**{{ topic }}:**`) and a translated sentence
typed with an ordinary space do not, and a line may then begin with the mark. `spaced`
sets them: an ordinary space before the mark becomes the no-break one, and a mark set
right after a word gets one. Only a mark that ends a word is touched (followed by a space,
the end, or the `*`/`_` that close emphasis), so addresses (`https://`), times (`10:30`),
Markdown's own marks (`![image]`, `|:--|`) and inline icons (`:key:`) are left as they are.

    spaced(text, "fr")       "Joueurs: 2 ; « Ami »" → "Joueurs\u00a0: 2\u00a0; «\u00a0Ami\u00a0»"
    spaced(text, "en")       the text as it is
"""

from __future__ import annotations

import re

NBSP = "\u00a0"  # no-break space

# by language (its first subtag), then by region where a region differs: each mark that
# takes a no-break space before it, and the space it takes
BEFORE: dict[str, dict[str, str]] = {
    "fr": {":": NBSP, ";": NBSP, "!": NBSP, "?": NBSP},
    "fr-CA": {":": NBSP},
}
# the languages whose guillemets hold a no-break space inside them
GUILLEMETS = frozenset({"fr"})

_CLOSES = r"(?=[*_]*(?:\s|$))"  # the mark ends its word: emphasis may close, then a space
_ICON = re.compile(r"(:[a-z][a-z0-9-]*:)")  # an inline icon (`core.markup`), never spaced


def _rules(lang: str | None) -> tuple[dict[str, str], bool]:
    if not lang:
        return {}, False
    parts = lang.replace("_", "-").split("-")
    base = parts[0].lower()
    region = f"{base}-{parts[1].upper()}" if len(parts) > 1 else ""
    return BEFORE.get(region, BEFORE.get(base, {})), base in GUILLEMETS


def spaced(text: str, lang: str | None) -> str:
    """`text` with the no-break spaces `lang` sets around its punctuation (see above)."""
    before, guillemets = _rules(lang)
    if not before and not guillemets:
        return text
    # the parts between inline icons (odd parts are the icons)
    parts = _ICON.split(text)
    for n in range(0, len(parts), 2):
        parts[n] = _spaced(parts[n], before, guillemets)
    return "".join(parts)


def _spaced(text: str, before: dict[str, str], guillemets: bool) -> str:
    if before:
        marks = re.escape("".join(before))
        text = re.sub(
            rf"(\S)[ ]?([{marks}]){_CLOSES}",
            lambda m: f"{m.group(1)}{before[m.group(2)]}{m.group(2)}",
            text,
        )
    if guillemets:
        text = re.sub(r"«[ ]?(?=\S)", f"«{NBSP}", text)
        text = re.sub(r"(?<=\S)[ ]?»", f"{NBSP}»", text)
    return text
