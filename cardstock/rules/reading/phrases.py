"""Reading rule words in texts: a text as a run of whole lower-case words, whether it holds
a phrase, how a stated value is shown, which rule templates a game has, and a name's words
folded as names are compared. The fact kinds (`rule`, `terms`), the check that a rendered
fact is still said as stated (`rendered_forms`) and the source's coverage all read texts
this way."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...catalog.ruletext import TEMPLATE_SUFFIX, layouts_dir
from ...core.files import present

if TYPE_CHECKING:
    from ...catalog.load import Catalog


def show(v: Any) -> str:
    """A value as a reader writes it: no Python repr (True, None, [..], 0.5 as '0.5')."""
    if v is None:
        return "nothing"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    if isinstance(v, list):
        return ", ".join(show(x) for x in v) or "nothing"
    return str(v)


def words(text: Any) -> str:
    """A text as a run of lower-case words, so phrases are found whole: "the last" is in
    "The  last," but not in "the lasting"."""
    return " " + " ".join(re.findall(r"[a-z0-9$']+", show(text).lower().replace("’", "'"))) + " "


def has(text: Any, phrase: str) -> bool:
    """Does `text` hold the words of `phrase`, whole?"""
    return _holds(words(text), words(phrase))


def has_read(text_words: str, phrase: str) -> bool:
    """`has` on a text already read by `words`, for a caller that asks it of many phrases."""
    return _holds(text_words, words(phrase))


def _said_in(text_words: str, phrases: list[tuple[str, list[str]]]) -> list[str]:
    """`RuleFact.said` on a text already read by `words`, for its `phrases`: a word found
    inside a longer one found is not counted; two spellings that read alike ("face up",
    "face-up") are both."""
    found = [w for w, ps in phrases if any(p and f" {p} " in text_words for p in ps)]
    if len(found) < 2:
        return found  # no other word to be inside
    read = {w: words(w) for w in found}  # each word found read once
    return [
        w for w in found if not any(read[o] != read[w] and _holds(read[o], read[w]) for o in found)
    ]


def _holds(text_words: str, phrase_words: str) -> bool:
    """`has` on a text and a phrase both already read by `words`."""
    w = phrase_words.strip()
    return bool(w) and f" {w} " in text_words


def templates(catalog: Catalog) -> list[tuple[Path, str]]:
    """The game's rule templates: the rulebook and every quick reference."""
    folder = layouts_dir(catalog)
    found = [folder / f"rulebook{TEMPLATE_SUFFIX}"]
    quick = folder / "quickref"
    if present(quick):
        found += sorted(quick.glob(f"*{TEMPLATE_SUFFIX}"))
    return [(p, catalog.display(p)) for p in found if present(p)]


def bare(word: str) -> str:
    """A word less its possessive or plural apostrophe: "Agares's" is "Agares"."""
    return re.sub(r"(?:'s|’s|s'|s’)$", "", word)


def fold(word: str) -> str:
    """A word as names are compared: lower case, singular, "-ing" dropped."""
    w = bare(word).lower().replace("’", "'").strip("'")
    for end, back in (
        ("ies", "y"),
        ("sses", "ss"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("xes", "x"),
        ("s", ""),
    ):
        if w.endswith(end) and len(w) > len(end) + 2 and not w.endswith("ss"):
            w = w[: -len(end)] + back
            break
    if w.endswith("ing") and len(w) > 5:  # "Callings" and "Calling" and "Call" fold alike
        w = w[:-3]
    return w


_WORD = re.compile(r"[A-Za-z0-9][\w'’-]*")


def words_of(name: str) -> list[str]:
    """The words of `name`, each folded (`fold`); a list of the caller's own."""
    return list(_folded(name))


@lru_cache(maxsize=1 << 15)
def _folded(name: str) -> tuple[str, ...]:
    """`words_of`, kept for each text once (a fact of terms folds every name of the
    catalog, and each such fact the same names; a `--watch` process, at every rebuild)."""
    return tuple(fold(w) for w in _WORD.findall(name))
