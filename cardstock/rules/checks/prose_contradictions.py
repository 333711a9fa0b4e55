"""Rule words and names in the game file's prose agree with the data.

The designer's choices (`topic`, `choice`), the sets' descriptions and the tables' notes
(the prose `prose_counts` reads for counts) are read for two more things:

- **a rule fact's word**: every `rule` fact of rules.toml (`value`, `opposites`, `says`)
  whose `says` puts `{value}` among words of its own ("{value} Arch Villain"; a bare
  `{value}`, or "{value} than", could be any use of the word) is looked for in each prose
  text where `says` puts the value. A text that says one of the fact's `opposites` there
  contradicts the fact: one error naming the fact, its value, the word the text says and
  the fact's line. The fact's `source` word (the source's own, for a designer's choice)
  may be said, so a designer's choice can name what it overrides;
- **a name twice in one list**: a list of card, deck or group names ("Bacchanalia, Burial
  Rites and Rally", "Devotees, Frenzies and Rogations") that names one of them twice
  restates the data wrongly — one error naming the name. A list is names joined by commas,
  `and`, `or` and `nor`; each may carry a remark in brackets and a count ("Might (fist),
  Speed (lightning)", "24 Family, 24 Job and 24 Community cards").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from ...core.issues import Issue
from ...core.stage import Job
from ..reading.prose_counts import prose
from .card_texts import hidden_fields, prose_fields

if TYPE_CHECKING:  # the rules' models load only when a game has a rules.toml
    from ...catalog.load import Catalog
    from ..facts.rule import RuleFact

# what stands between two names of one list: a remark in brackets after the first ("Might
# (fist), Speed"), a comma or `and`/`or`/`nor`, and a count before the second ("24 Family,
# 24 Job")
# a pattern's text: `re.compile` makes it when first asked and keeps it (a build that
# never asks does not compile it)
JOINS = (
    r"^\s*(?:\([^()]*\)\s*)?(?:,\s*(?:(?:and|or|nor)\s+)?|(?:and|or|nor)\s+)"
    r"(?:(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+)?$"
)


def _where(path: tuple[Any, ...]) -> str:
    return ".".join(str(p) if isinstance(p, str) else f"[{p}]" for p in path).replace(".[", "[")


# words too common to place a rule word: "{value} than" is any comparison, "to {value}" any
# verb
COMMON = {"a", "an", "the", "to", "of", "and", "or", "than", "you", "it", "can", "one", "1"}


def _placed(form: str, words: Callable[[str], str]) -> bool:
    """Does a `says` form put its value among words of its own (not only common ones)?
    `words` is the rule facts' own way of reading words (`phrases.words`)."""
    return any(w not in COMMON for w in words(form.replace("{value}", " ")).split())


def rule_words(
    catalog: Catalog, text: str, facts: list[Spoken] | None = None
) -> list[tuple[RuleFact, str, int | None]]:
    """(fact, the opposite the text says, the fact's line) for each rule fact the text
    contradicts where the fact's `says` puts its value. `facts`: the catalog's rule facts
    as `spoken` gives them, when the caller reads many texts of one catalog."""
    facts = spoken(catalog) if facts is None else facts
    if not facts:
        return []  # no rule fact places its value among words: none is contradicted
    from ..reading.phrases import _said_in, words  # the facts' reading of words, for some facts

    out: list[tuple[RuleFact, str, int | None]] = []
    said = words(text)  # read once for every fact
    present = set(said.split())  # a phrase is said only where its first word is
    for fact, phrases, allowed, line, first in facts:
        if first.isdisjoint(present):
            continue  # the text says none of the fact's phrases
        wrong = [w for w in _said_in(said, phrases) if w in fact.opposites and w not in allowed]
        out += [(fact, w, line) for w in wrong[:1]]
    return out


# a rule fact as `rule_words` reads texts for it: the fact, the words of its vocabulary as
# each of its placing `says` forms says them, the words it allows, its line, and the first
# word of each of those phrases (a text without any of them says none)
Spoken = tuple["RuleFact", list[tuple[str, list[str]]], set[str], "int | None", frozenset[str]]


def spoken(catalog: Catalog) -> list[Spoken]:
    """The catalog's rule facts whose `says` places their value among words of its own,
    each with what `rule_words` looks for (`RuleFact.phrases`), worked out once."""
    rules = catalog.rules
    if rules is None:
        return []
    from ..facts.rule import RuleFact
    from ..reading.phrases import words

    out: list[Spoken] = []
    for loc in getattr(rules, "facts", []):
        fact = loc.rule
        if not isinstance(fact, RuleFact):
            continue
        forms = [f for f in fact.forms() if _placed(f, words)]
        if not forms:
            continue
        allowed = {fact.value, *fact.synonyms, *([fact.source] if fact.source else [])}
        phrases = fact.phrases(forms)
        first = frozenset(p.split()[0] for _w, ps in phrases for p in ps if p)
        out.append((fact, phrases, allowed, loc.line, first))
    return out


def _names(catalog: Catalog) -> list[str]:
    found = {c.name for c in catalog.components} | {s.name for s in catalog.game.sets}
    found |= {s.group for s in catalog.game.sets if "{" not in s.group}
    return sorted((n for n in found if n.strip()), key=lambda n: (-len(n), n))


def repeated(text: str, names: list[str]) -> list[str]:
    """The names a list in `text` gives twice (see the module)."""
    spans: list[tuple[int, int, str]] = []
    for n in names:
        if n not in text:  # the pattern finds the name only where it is
            continue
        for m in re.finditer(r"(?<![\w-])" + re.escape(n) + r"(?![\w-])", text):
            if not any(a < m.end() and m.start() < b for a, b, _ in spans):
                spans.append((m.start(), m.end(), n))
    spans.sort()
    out: list[str] = []
    run: list[str] = []
    for k, (a, _end, n) in enumerate(spans):
        joined = k > 0 and re.compile(JOINS).match(text[spans[k - 1][1] : a]) is not None
        run = [*run, n] if joined else [n]
        if joined and run.count(n) > 1 and n not in out:
            out.append(n)
    return out


def printed(catalog: Catalog) -> Iterator[tuple[str, int | None, str, str]]:
    """Every other text a player reads that a rule fact's words may stand in, as (file,
    line, key, text): each card's prose (every field a player reads of `PROSE_WORDS` words
    or more, the whole text however many parts it prints on), each table's cells, the
    backs' titles and subtitles, the game's description and each setup step's words."""
    hidden = hidden_fields(catalog)
    for c in catalog.components:
        for k in prose_fields(c, hidden):
            yield c.file, c.line, k, str(c.fields[k])
    shown = catalog.display(catalog.folder / "game.toml")
    game = catalog.game
    for name, table in game.tables.items():
        for i, row in enumerate(table.rows):
            for j, cell in enumerate(row):
                if isinstance(cell, str):
                    row_path: tuple[Any, ...] = ("tables", name, "rows", i)
                    yield shown, catalog.line(*row_path), _where((*row_path, j)), cell
    for back_id, back in game.backs.items():
        for key in ("title", "subtitle"):
            if getattr(back, key):
                back_path: tuple[Any, ...] = ("backs", back_id, key)
                yield shown, catalog.line(*back_path), _where(back_path), str(getattr(back, key))
    if game.description:
        yield shown, catalog.line("description"), "description", str(game.description)
    rules = catalog.rules
    if rules is not None and rules.setup is not None:
        for i, step in enumerate(rules.setup.steps):
            said = getattr(step, "say", None)
            if said:
                line = rules.setup.lines[i] if i < len(rules.setup.lines) else None
                yield rules.file, line, f"setup.steps[{i}].say", str(said)


def _source(catalog: Catalog, fact: RuleFact) -> str:
    """The source line the fact cites, as a finding names it (empty without a cite)."""
    rules = catalog.rules
    if fact.cite is None or rules is None:
        return ""
    return f" (source {fact.cite.label(rules.seed or rules.text)})"


def prose_words(job: Job) -> list[Issue]:
    """An error for each rule word the game file's prose contradicts, or any other text a
    player reads (`printed`) contradicts for a fact that names no place of its own, and
    each name a list of the game file's prose gives twice."""
    catalog: Catalog = job.catalog
    shown = catalog.display(catalog.folder / "game.toml")
    rules_file = catalog.rules.file if catalog.rules is not None else "rules.toml"
    names = _names(catalog)
    out: list[Issue] = []
    facts = spoken(catalog)

    def contradicted(
        file: str, line: int | None, key: str, text: str, facts: list[Spoken] = facts
    ) -> None:
        for fact, word, at in rule_words(catalog, text, facts):
            out.append(
                Issue(
                    file,
                    line,
                    key,
                    f"says {word!r} where fact {fact.id or fact.name!r} ({rules_file}:{at}) "
                    f"states {fact.value!r}: {fact.name}{_source(catalog, fact)}",
                )
            )

    for path, text, _topic in prose(catalog):
        line = catalog.line(*path)
        contradicted(shown, line, _where(path), text)
        for n in repeated(text, names):
            out.append(Issue(shown, line, _where(path), f"names {n!r} twice in one list: {text!r}"))
    # a fact that names its places (`at`) writes its forms for them ("{value} at random" of
    # one setup step); one that names none is stated in the templates, and may be anywhere
    unplaced = [f for f in facts if not f[0].at]
    if unplaced:
        for file, line, key, text in printed(catalog):
            contradicted(file, line, key, text, unplaced)
    return out
