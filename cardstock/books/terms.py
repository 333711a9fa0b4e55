"""The game's own terms, as a rulebook's index and glossary list them, and the rule that
finds where the rulebook explains each one. Nothing here typesets: the PDF
(`books.index`) and the web page and e-book (`books.xhtml`) read the same terms and the
same rule.

The terms are what the game declares, never a list kept by hand: the names of its sets
(as the edition prints them), the names the `terms` facts of its `rules.toml` check
(phases, piles, card types, keywords; in a translation, as its own entry for each gives
it), and the rows of a `[tables.glossary]`. A term is
defined (and so in the glossary) when its set has a `description` or the glossary table
gives it a meaning.

Where a term is explained: in every section whose heading names it; where no heading
does, where the text first sets it in bold (the rulebooks' way of introducing a word).
A term the edition explains nowhere is not indexed: an index points to explanations,
not to every mention."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..catalog.translations import read_translation

if TYPE_CHECKING:
    from ..catalog.load import Catalog

GLOSSARY_TABLE = "glossary"  # `[tables.glossary]`: a term, then its meaning
INDEX = "Index"  # the index's heading (cardstock's own words, translated)
GLOSSARY = "Glossary"  # the glossary's heading
SETUP_PICTURE = "Setup"  # the setup picture's caption (`books.setup_piles`)
SHARED_PILES = "On the table"  # the setup picture's shared piles
YOUR_PILES = "In front of each player"  # the setup picture's piles of each player


@dataclass(frozen=True)
class Term:
    """One of the game's terms: as printed, and its meaning when the game gives one; `key`,
    the words it is matched by, worked out once (every block of a book is matched against
    every term)."""

    name: str
    meaning: str = ""
    key: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", words(self.name))


def words(text: str) -> tuple[str, ...]:
    """`text` as the words a term is matched by: markup and tags dropped, case folded,
    accents kept, a plural's final `s` taken off ("Crusades" matches "Crusade")."""
    plain = re.sub(r"<[^>]*>|:[a-z0-9_-]+:", " ", text)
    plain = unicodedata.normalize("NFC", plain).casefold()
    found = re.findall(r"\w+", plain)
    return tuple(w[:-1] if len(w) > 3 and w.endswith("s") else w for w in found)


def literal(text: str) -> str:
    """`text` as block markup that prints it as typed (each mark markup reads escaped)."""
    return re.sub(r"([\\*_:`\[\]<>&!~|#])", r"\\\1", text)


def names(text: str, term: Term) -> bool:
    """Whether `text` holds the term's words, whole and in order."""
    want, have = term.key, words(text)
    n = len(want)
    return n > 0 and any(have[i : i + n] == want for i in range(len(have) - n + 1))


_BOLD = re.compile(r"<b>(.*?)</b>|\*\*(.+?)\*\*", re.S)


def bolded(text: str) -> list[tuple[str, ...]]:
    """The words set in bold in a block's text (its markup `**…**` or a paragraph's
    `<b>…</b>`), each bold run as `words` gives it."""
    return [words(a or b) for a, b in _BOLD.findall(text)]


def _fact_terms(catalog: Catalog) -> list[str]:
    """The names the `terms` facts check, in the edition's language: in a translation,
    each as the translation's own entry for it gives it (a table's cell that holds the
    term alone), and left as it is where the translation has no such entry."""
    rules = catalog.rules
    out: list[str] = []
    for located in getattr(rules, "facts", None) or []:
        fact: Any = located.rule
        if getattr(fact, "kind", None) == "terms":
            out += [str(t) for t in fact.terms]
    if not catalog.lang or not out:
        return out
    given = {
        " ".join(e.was.split()): e.text
        for e in read_translation(catalog, catalog.lang, []).entries.values()
        if e.text and not e.fuzzy
    }
    return [given.get(" ".join(t.split()), t) for t in out]


def game_terms(catalog: Catalog) -> list[Term]:
    """The game's terms, each once (by its `words`), in the order declared: the sets, the
    glossary table's rows, the `terms` facts' names."""
    found: dict[tuple[str, ...], Term] = {}

    def add(name: str, meaning: str = "") -> None:
        term = Term(" ".join(name.split()), " ".join(meaning.split()))
        if not term.key or not term.name:
            return
        had = found.get(term.key)
        if had is None or (meaning and not had.meaning):
            found[term.key] = Term(had.name if had else term.name, term.meaning)

    for s in catalog.game.sets:
        add(s.name, s.description or "")
    table = catalog.game.tables.get(GLOSSARY_TABLE)
    if table is not None:
        for row in table.rows:
            if len(row) >= 2:
                add(str(row[0]), str(row[1]))
    for name in _fact_terms(catalog):
        add(name)
    return list(found.values())


def defined(terms: list[Term]) -> list[Term]:
    """The terms a glossary lists (those with a meaning), in alphabetical order."""
    return sorted((t for t in terms if t.meaning), key=order)


def order(term: Term) -> tuple[str, str]:
    """An index's order: by the term's letters, case and accents aside."""
    folded = unicodedata.normalize("NFKD", term.name.casefold())
    return ("".join(c for c in folded if not unicodedata.combining(c)), term.name)


@dataclass
class Places:
    """Where one edition explains each term, as its blocks are met in reading order:
    `saw_heading(text, spot)` and `saw_text(text, spot)`, a spot being whatever the
    edition points to (a page number, a section's anchor). `spots(term)` applies the
    rule: the headings' spots, else the first bold one."""

    terms: list[Term]

    def __post_init__(self) -> None:
        self.headed: dict[tuple[str, ...], list[Any]] = {t.key: [] for t in self.terms}
        self.bold: dict[tuple[str, ...], Any] = {}

    def saw_heading(self, text: str, spot: Any) -> None:
        for t in self.terms:
            if names(text, t) and spot not in self.headed[t.key]:
                self.headed[t.key].append(spot)

    def saw_text(self, text: str, spot: Any) -> None:
        if "<b>" not in text and "**" not in text:
            return
        runs = bolded(text)
        for t in self.terms:
            if t.key in runs and t.key not in self.bold:
                self.bold[t.key] = spot

    def spots(self, term: Term) -> list[Any]:
        headed = self.headed.get(term.key) or []
        if headed:
            return list(headed)
        return [self.bold[term.key]] if term.key in self.bold else []

    def entries(self) -> list[tuple[Term, list[Any]]]:
        """The index: each term explained somewhere, in alphabetical order, with its spots."""
        out = [(t, self.spots(t)) for t in sorted(self.terms, key=order)]
        return [(t, s) for t, s in out if s]
