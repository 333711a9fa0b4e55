"""Rule words as facts: a statement a player reads (who wins, an order, a timing, who is
affected, which deck a card belongs to) held as one value of a small vocabulary.

    [[facts]]
    kind = "rule"
    id = "win"
    name = "the heroes win when the last Arch Villain falls"
    value = "last"                       # the word the rulebook states
    opposites = ["first"]                # the words it could wrongly be: the vocabulary
    synonyms = ["final"]                 # words the source may use for the value instead
    says = "{value} Arch Villain"        # the words around it, wherever it is written
    at = [{ table = "endings", row = "Heroes", column = "When" }]
    cite = { line = 40, says = "the heroes win once every villain is beaten" }

Every place in `at` (a table cell or note, a card's field, a setup step's words, a designer's
choice by its topic, any other text by its file and key: `text_at`) must say the value, and
none of the opposites, where `says` puts it.
The templates render it as `fact('win').value`; a template that types one of the
vocabulary's words where `says` stands, instead of rendering it, is a finding with the
template's file and line (the fact it shadows named). With `phase = "Frenzy"`, each line
that renders the value stands under a heading naming that phase (`reading.headings`).
With a sources folder at hand, the cited lines must hold the value or a synonym (one
stating numbers only for a value stating the same; a finding quotes the cited sentence
most like the fact); a designer's choice (`choice`)
names the source's own word in `source`, which the cited lines must hold instead, and the report
shows both.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from ...catalog.schema import Component, Game
from ...core.files import Unreadable, read_text
from ...core.template_words import read_lines
from ..choices import departs
from ..filters import Filter, Strict, select, value_of
from ..reading.headings import opens_with, placed_lines, says_phase
from ..reading.phrases import _said_in, has, templates, words, words_of
from ..reading.places import NUMBER_WORDS, choice_text, clip_departure, norm
from ..reading.reads import TypedWords, reads_of
from ..reading.rendered_forms import unsaid
from ..reading.text_at import read_text_at
from ..reading.translated import opposite_said
from ..reading.typed_rule_words import own_words
from ..sources import SourceText
from ..verdicts import Outcome, Problem
from .base import Fact, show

if TYPE_CHECKING:
    from ...catalog.load import Catalog

_SENTENCES = re.compile(r"(?<=[.!?])\s+")  # where a form's sentence ends


class WordPlace(Strict):
    """Where the catalog writes a rule word: a table's cell (or, without `row`, its note), a
    card's field, a setup step's words (by number, or by kind and pile), or any other text
    by its file and key (`text_at`: the game's description, a back's title, a face's box)."""

    table: str | None = None
    row: Any | None = None
    column: str | None = None  # default: the last column
    card: str | None = None
    cards: Filter | None = None  # every card of the filter whose field says a vocabulary word
    field: str | None = None
    setup: int | str | None = None
    to: str | None = None
    topic: str | None = None  # a designer's choice (`cardstock.rules.reading.places.choice_text`)
    file: Literal["game.toml", "rules.toml", "faces.toml"] | None = None  # with `key` (text_at)
    key: str | None = None
    says: str | list[str] | None = None  # the forms this place holds (default: the fact's)

    @model_validator(mode="after")
    def _one(self) -> WordPlace:
        given = [
            k
            for k in ("table", "card", "cards", "setup", "topic", "file")
            if getattr(self, k) is not None
        ]
        if len(given) != 1 or (self.file is None) != (self.key is None):
            raise ValueError(
                "a place is one of: table (with row), card or cards (with field), setup, "
                "topic, file (with key)"
            )
        if (self.card is not None or self.cards is not None) and self.field is None:
            raise ValueError("a card place names its field")
        if any("{value}" not in f for f in self.forms() or []):
            raise ValueError("a place's 'says' marks where the value stands with {value}")
        if self.says is not None and (self.cards is not None or self.row == "*"):
            raise ValueError(
                "a place's own 'says' is for one place (a cell, a note, a card's field, a "
                "setup step, a topic); every card or row of a filter is held to the fact's"
            )
        return self

    def forms(self) -> list[str] | None:
        """The forms this place is held to, or None for the fact's own."""
        return [self.says] if isinstance(self.says, str) else self.says

    def field_keys(self) -> list[str]:
        return [self.field] if self.field else []


def read_words(
    place: WordPlace, catalog: Catalog
) -> tuple[str | None, str, tuple[str, int | None]]:
    """(the text the place holds or None, how a reader names it, (file, line))."""
    game_file = catalog.display(catalog.folder / "game.toml")
    rules = catalog.rules
    if place.topic is not None:
        return choice_text(catalog, place.topic)
    if place.file is not None and place.key is not None:
        return read_text_at(catalog, place.file, place.key)
    if place.card is not None:
        c = next((x for x in catalog.components if x.id == place.card), None)
        if c is None:
            return None, f"card {place.card!r} (not in the catalog)", (game_file, None)
        return show(value_of(c, place.field or "")), f"{c.name}'s {place.field}", (c.file, c.line)
    if place.setup is not None:
        steps = list(rules.setup.steps) if rules is not None and rules.setup else []
        hits = [
            i
            for i, s in enumerate(steps)
            if (i + 1 == place.setup)
            or (s.do == place.setup and (place.to is None or getattr(s, "to", None) == place.to))
        ]
        if not hits:
            return None, f"setup step {place.setup!r} (not in the setup)", (rules.file, None)
        i = hits[0]
        line = rules.setup.lines[i] if i < len(rules.setup.lines) else None
        return steps[i].words(), f"setup step {i + 1}", (rules.file, line)
    t = catalog.game.tables.get(place.table or "")
    if t is None:
        return None, f"table {place.table!r} (the game has no such table)", (game_file, None)
    if place.row is None:
        where = catalog.line("tables", place.table, "note") or catalog.line("tables", place.table)
        return show(t.note), f"table {place.table}'s note", (game_file, where)
    cols = [norm(c) for c in t.columns]
    col = len(cols) - 1 if place.column is None else _index(cols, norm(place.column))
    rows = [i for i, r in enumerate(t.rows) if norm(show(r[0])) == norm(show(place.row))]
    if col < 0 or not rows:
        missing = (
            f"table {place.table}, row {show(place.row)!r}, column {place.column!r} "
            "(not in the table)"
        )
        return None, missing, (game_file, catalog.line("tables", place.table))
    i = rows[0]
    line = catalog.line("tables", place.table, "rows", i) or catalog.line("tables", place.table)
    label = f"table {place.table}, row {show(place.row)!r}, {t.columns[col]}"
    return show(t.rows[i][col]), label, (game_file, line)


def _index(cols: list[str], name: str) -> int:
    return cols.index(name) if name in cols else -1


class RuleFact(Fact):
    """One rule word of a small vocabulary, stated wherever a player reads it (see the
    module's docstring)."""

    kind: Literal["rule"] = "rule"
    value: str = Field(min_length=1)
    opposites: list[str] = Field(min_length=1)
    synonyms: list[str] = []
    says: str | list[str] = "{value}"  # the words around the value (or several ways to say it)
    typed: list[str] | None = None  # the words the template lint looks for (default: says)
    at: list[WordPlace] = []
    source: str | None = None  # with `choice`: the source's own word for it
    phase: str | None = Field(default=None, min_length=1)  # the heading its lines stand under

    @model_validator(mode="after")
    def _shape(self) -> RuleFact:
        if any("{value}" not in f for f in [*self.forms(), *(self.typed or [])]):
            raise ValueError("'says' marks where the value stands with {value}")
        meant = {words(w) for w in [self.value, *self.synonyms]}  # each read once
        if any(words(o) in meant for o in self.opposites):
            raise ValueError("the value (or a synonym) is also one of its opposites")
        if self.choice is not None and self.source is None:
            raise ValueError(
                "a designer's choice names the source's own word in 'source', so the check "
                "can show both"
            )
        return self

    def field_keys(self) -> list[str]:
        return [k for p in self.at for k in p.field_keys()]

    def vocabulary(self) -> list[str]:
        return [self.value, *self.synonyms, *self.opposites]

    def forms(self) -> list[str]:
        return [self.says] if isinstance(self.says, str) else list(self.says)

    def said(self, text: str, forms: list[str] | None = None) -> list[str]:
        """The vocabulary words `text` says where `says` puts the value; a word inside a
        longer one found ("clockwise" in "counter-clockwise") is not counted on its own."""
        return _said_in(words(text), self.phrases(forms))

    def phrases(self, forms: list[str] | None = None) -> list[tuple[str, list[str]]]:
        """Each vocabulary word with the words of each of `forms` (default: `says`) saying
        it, as `has` finds them: what `said` looks for in a text."""
        return [
            (w, [words(f.replace("{value}", w)).strip() for f in (forms or self.forms())])
            for w in self.vocabulary()
        ]

    def check(
        self, components: list[Component], game: Game
    ) -> Outcome:  # pragma: no cover - needs the catalog
        raise NotImplementedError("a rule fact is checked with the catalog (check_catalog)")

    def check_catalog(
        self, catalog: Catalog, file: str, line: int | None, source: SourceText | None = None
    ) -> Outcome:
        phrases = self.phrases()  # what every place is read for, worked out once a check
        problems = [p for place in self.at for p in self._place(place, catalog, phrases)]
        problems += self._typed(catalog)
        problems += unsaid(self, catalog)
        problems += opposite_said(self, catalog)
        placed = placed_lines(catalog, self.id) if self.id else []
        problems += self._phase(placed)
        source_note, source_problem = self._source(catalog, source)
        problems += source_problem
        if problems:
            return Outcome(False, problems[0].message, [], problems)
        n = len(self.at) + len(placed)
        where = f"{n} place{'s' if n != 1 else ''}"
        if placed:
            where += f" ({len(placed)} a template line{'s' if len(placed) != 1 else ''})"
        return Outcome(True, f"{self.value!r} in {where}{source_note}")

    def _phase(self, placed: list[tuple[str, int, str, int | None, str]]) -> list[Problem]:
        """With `phase`: each template line that renders the value stands under a heading
        that names the phase, or opens with its name (`reading.headings`)."""
        if self.phase is None:
            return []
        out: list[Problem] = []
        for shown_as, n, lead, head_line, heading in placed:
            if says_phase(heading, self.phase) or opens_with(lead, self.phase):
                continue
            under = (
                f"under the heading {heading!r} ({shown_as}:{head_line})"
                if head_line is not None
                else "under no heading"
            )
            out.append(
                Problem(
                    f"{self.name}: the rulebook states it in the {self.phase!r} phase, but "
                    f"{shown_as}:{n} renders fact('{self.id}') ({self.value!r}) {under}",
                    at=(shown_as, n),
                )
            )
        if not placed and self.id is not None:
            out.append(
                Problem(
                    f"{self.name}: the rulebook states it in the {self.phase!r} phase, but "
                    f"no template line renders fact('{self.id}')"
                )
            )
        return out

    def _cards(
        self, place: WordPlace, catalog: Catalog, phrases: list[tuple[str, list[str]]]
    ) -> list[Problem]:
        """Every card of the filter whose field says a word of the vocabulary says the value
        (or a synonym) and none of the opposites; a card that says none is not about it.
        `phrases`: the fact's own (`phrases()`), the same for every card."""
        out: list[Problem] = []
        for c in select(catalog.components, place.cards or Filter()):
            text = show(value_of(c, place.field or ""))
            wrong = [
                w for w in _said_in(place_words(catalog, text), phrases) if w in self.opposites
            ]
            if wrong:
                out.append(
                    Problem(
                        f"{self.name}: the rulebook states {self.value!r}, {c.name}'s "
                        f"{place.field} says {wrong[0]!r}: {_near(text, wrong[0], self.forms())!r}",
                        at=(c.file, c.line),
                    )
                )
        return out

    def _rows(
        self, place: WordPlace, catalog: Catalog, phrases: list[tuple[str, list[str]]]
    ) -> list[Problem]:
        """`row = "*"`: every row of the table whose cell (in `column`) says a word of the
        vocabulary says the value (or a synonym) and no opposite, and at least one says it.
        `phrases`: the fact's own (`phrases()`), the same for every row."""
        t = catalog.game.tables.get(place.table or "")
        cols = [norm(c) for c in t.columns] if t is not None else []
        col = len(cols) - 1 if place.column is None else _index(cols, norm(place.column))
        if t is None or col < 0:
            where = (place.table, place.column)
            return [Problem(f"{self.name}: table {where[0]!r} has no column {where[1]!r}")]
        out: list[Problem] = []
        right = False
        for i, r in enumerate(t.rows):
            text = show(r[col]) if col < len(r) else ""
            said = _said_in(place_words(catalog, text), phrases)
            right = right or any(w in (self.value, *self.synonyms) for w in said)
            wrong = [w for w in said if w in self.opposites]
            if wrong:
                line = catalog.line("tables", place.table, "rows", i)
                label = f"table {place.table}, row {show(r[0])!r}, {t.columns[col]}"
                out.append(
                    Problem(
                        f"{self.name}: the rulebook states {self.value!r}, {label} says "
                        f"{wrong[0]!r}: {_near(text, wrong[0], self.forms())!r}",
                        at=(catalog.display(catalog.folder / "game.toml"), line),
                    )
                )
        if not right and not out:
            phrase = self.forms()[0].removeprefix("^").replace("{value}", self.value)
            msg = f"{self.name}: the rulebook states {self.value!r}, no row of table "
            out.append(Problem(msg + f"{place.table} says {phrase!r}"))
        return out

    def _place(
        self, place: WordPlace, catalog: Catalog, phrases: list[tuple[str, list[str]]]
    ) -> list[Problem]:
        """What one place says against the fact; `phrases`: the fact's own (`phrases()`)."""
        if place.cards is not None:
            return self._cards(place, catalog, phrases)
        if place.table is not None and place.row == "*":
            return self._rows(place, catalog, phrases)
        text, label, at = read_words(place, catalog)
        if text is None:
            return [Problem(f"{self.name}: the rulebook states {self.value!r}, but {label}", at=at)]
        forms = place.forms() or self.forms()  # the value must stand in one of these
        placed = self.phrases(forms) if place.forms() else phrases
        said = place_words(catalog, text)  # read once for both questions, and other facts
        right = [w for w in _said_in(said, placed) if w in (self.value, *self.synonyms)]
        # an opposite is wrong in the place's forms or the fact's own
        either = [(w, [*ps, *own]) for (w, ps), (_, own) in zip(placed, phrases)]
        wrong = [w for w in _said_in(said, either) if w in self.opposites]
        if right and not wrong:
            return []
        phrase = forms[0].removeprefix("^").replace("{value}", self.value)
        near = clip_departure(text, forms)
        have = f"says {wrong[0]!r}" if wrong else f"does not say {phrase!r}: {near!r}"
        return [Problem(f"{self.name}: the rulebook states {self.value!r}, {label} {have}", at=at)]

    def _value_sentences(self) -> list[str]:
        """Each form of `says` cut to the sentence that holds the value: what the typed-word
        lint looks for when `typed` is not given (a form of several sentences spans names
        a template renders, which it does not type)."""
        return [next((s for s in _SENTENCES.split(f) if "{value}" in s), f) for f in self.forms()]

    def _typed(self, catalog: Catalog) -> list[Problem]:
        """A vocabulary word typed into a template where `says` puts the value."""
        out: list[Problem] = []
        typed = typed_words(catalog)
        phrases = self.phrases(self.typed or self._value_sentences())
        if not any(f" {p} " in typed.joined for _w, ps in phrases for p in ps if p):
            return out  # no line says a word of the vocabulary where `says` puts it
        owned: dict[tuple[str, int], frozenset[str]] | None = None  # read at the first hit
        for shown_as, n, line_words in typed.lines:
            for w in _said_in(line_words, phrases):
                if owned is None:
                    owned = own_words(catalog)
                if w.lower() in owned.get((shown_as, n), frozenset()):
                    continue  # the designer's own word there (`{# own: … #}`)
                out.append(
                    Problem(
                        f"{self.name}: {shown_as}:{n} types {w!r} where the rulebook renders "
                        f"fact('{self.id}').value ({self.value!r}); render it from the fact",
                        at=(shown_as, n),
                    )
                )
        return out

    def _source(self, catalog: Catalog, src: SourceText | None) -> tuple[str, list[Problem]]:
        """The cited lines hold the value (or, for a designer's choice, the source's own word):
        (a note for the summary, problems). Nothing is held without the source text (the
        check's sources folder, `--sources` or $CARDSTOCK_SOURCES, else one of
        `sources.FOLDERS` that holds it, or the game's own text)."""
        if src is None or self.cite is None:
            return "", []
        text = " ".join(src.line(n) or "" for n in self.cite.lines)
        where = self.cite.label(catalog.rules.seed or catalog.rules.text)
        wanted = [self.source] if self.choice is not None and self.source else [self.value]
        if self.choice is None or departs(self.choice) is not None:
            wanted += [s for s in self.synonyms if said_as(self.value, s)]
        if any(has(text, w) for w in wanted):
            if self.choice is not None:
                return (
                    f"; the source {where} says {self.source!r}, the designer chose "
                    f"{self.value!r}: {self.choice}",
                    [],
                )
            return f"; the source {where} says so", []
        other = [w for w in [self.value, *self.synonyms, *self.opposites] if has(text, w)]
        say = f"says {other[0]!r}" if other else f"does not say {wanted[0]!r}"
        chosen = f" (the designer's choice is {self.value!r})" if self.choice is not None else ""
        return "", [
            Problem(
                f"{self.name}: the rulebook states {wanted[0]!r}{chosen}; the source {where} "
                f"{say}: {_clip(self._nearest(text))!r}"
            )
        ]

    def _nearest(self, text: str) -> str:
        """The sentence of the cited text that shares the most words with the fact's name
        and forms: where the source states what the fact holds (the first on a tie)."""
        own = {w for f in [self.name, *self.forms()] for w in words_of(f.replace("{value}", ""))}
        said = [s for s in _SENTENCES.split(text) if s.strip()] or [text]
        return max(said, key=lambda s: len(own & set(words_of(s))))

    def data(self, components: list[Component], game: Game) -> dict[str, Any]:
        return {**super().data(components, game), "source": self.source, "choice": self.choice}


def place_words(catalog: Catalog, text: str) -> str:
    """The words of a text a rule fact reads at a place, read once per load of its catalog
    for every fact that reads it (`reads.Reads.place_words`): the facts of a game read the
    same cards, cells and steps many times over."""
    kept = reads_of(catalog).place_words
    said = kept.get(text)
    if said is None:
        said = kept[text] = words(text)
    return said


def typed_words(catalog: Catalog) -> TypedWords:
    """The game's rule templates read once per load of its catalog, for every rule fact
    (kept with the load's reads: `reads.Reads.typed_words`)."""
    reads = reads_of(catalog)
    kept = reads.typed_words
    if kept is None:
        lines = [
            (shown_as, n, words(text))
            for path, shown_as in templates(catalog)
            for n, text in template_lines(path, catalog.root)
        ]
        kept = TypedWords(lines, "".join(w for _s, _n, w in lines))
        reads.typed_words = kept
    return kept


def template_lines(path: Path, root: Path) -> list[tuple[int, str]]:
    """A template's lines as a reader sees what is typed: (line number, the typed words,
    with every `{{ … }}`, `{% … %}` and `{# … #}` blanked but the words a `_("…")` in it
    prints, `core.template_words`)."""
    try:
        text = read_text(path, root)
    except Unreadable:
        return []
    return read_lines(text)


def said_as(value: str, synonym: str) -> bool:
    """Whether `synonym` says `value` another way at the source: a synonym that states
    numbers states the value's ("1 pawn" for "one pawn"), so a value edited to another
    number is not held by a synonym that still states the old one; one without numbers
    ("a player or players" for "One or more") is read as written."""
    mine, its = _numbers(value), _numbers(synonym)
    return not mine or not its or its == mine


def _numbers(text: str) -> list[int]:
    """The whole numbers `text` states, in digits or words, in order."""
    return sorted(
        int(w) if w.isdigit() else NUMBER_WORDS[w]
        for w in words(text).split()
        if w.isdigit() or w in NUMBER_WORDS
    )


def _near(text: str, word: str, forms: list[str]) -> str:
    """`text` quoted where it says `word` as one of `forms` says the value."""
    return clip_departure(text, [f.replace("{value}", word) for f in forms])


def _clip(text: str | None, n: int = 90) -> str:
    t = " ".join(str(text or "").split())
    return t if len(t) <= n else t[: n - 1] + "…"
