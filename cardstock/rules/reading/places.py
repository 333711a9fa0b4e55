"""Where the catalog holds a value a rulebook states: a setup step's count, the player range,
a number of copies, a card's field, a table's cell (or words in it).

A `value` fact (`cardstock.rules.facts.kinds.ValueFact`) names the places that must all hold the
value its source line states; each place is read here, with the file and line a message
points at, so two texts that state one quantity differently fail with both places.

    { setup = 8 }                          the 8th setup step's count (from 1)
    { setup = "deal", to = "hand" }        the first `deal` step into pile hand
                                           (`nth` = 2: the second)
    { setup = 5, variant = "short hands" } that step in a variant
    { setup = 9, attr = "upto" }           another number of the step (upto, at_least)
    { players = "min" }                    game.toml's players.min (or "max")
    { count = { set = "keys" } }           copies of the components matching a filter
    { distinct = "color", match = {...} }  how many different values a field takes
    { card = "azrael", field = "strength" } one card's field
    { table = "turn", row = "Draw", column = "What to do", says = "draw {value} card" }
                                           a table cell; with `says`, the words around the value
    { table = "foes", says = "{value} Teamwork tokens" }  the table's note, around the value
    { topic = "tile back", says = "shares {value} back" }  a designer's choice, around the value
    { least = "cost", match = {...} }      the smallest value of a field (`most`: the largest;
                                           a list of fields: their sum; a list field counts
                                           its items)
    { template = "rulebook.md.j2", computes = "deck_size" }
                                           the number a rule template (under layouts/<game>/)
                                           computes in `{% set deck_size = … %}`, or prints
                                           as an expression (`computes = "pack - n * deal"`,
                                           with `given = { n = 3 }` binding a loop's names;
                                           `computed`)

A designer's choice (`[[designer_choices]]` in game.toml) is read as the topic, a colon and
the choice ("first player: the player who …"), so a topic edited so that it names another
thing no longer finds its choice and fails too; a `rule` fact reads it the same way
(`cardstock.rules.facts.rule.WordPlace`). A choice that restates a range of the catalog
("buy for $3 to $5") is held to the cards' own least and most.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from ...catalog.wording import NUMBER_WORDS as SPELT
from ..filters import Filter, Strict, select, value_of
from .computed import computed

if TYPE_CHECKING:
    from ...catalog.load import Catalog

# the spelled numbers a rule may state, as the catalog spells them (`catalog.wording`)
NUMBER_WORDS = {word: n for n, word in enumerate(SPELT)}
_WORD_OF = {v: k for k, v in NUMBER_WORDS.items()}


def spelled(value: Any) -> list[str]:
    """The ways a text may write a value: 7 as "7" and "seven"."""
    text = _plain(value)
    out = [text]
    span = re.fullmatch(r"\s*(\d+)\s*[-–]\s*(\d+)\s*", text)
    if span:  # a range: "1-2" is also written "1 or 2", "1–2", "1 to 2", "one or two"
        a, b = (int(x) for x in span.groups())
        out += [f"{a} or {b}", f"{a}–{b}", f"{a} to {b}"]
        if a in _WORD_OF and b in _WORD_OF:
            out += [f"{_WORD_OF[a]} or {_WORD_OF[b]}", f"{_WORD_OF[a]} to {_WORD_OF[b]}"]
    if (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and float(value).is_integer()
        and int(value) in _WORD_OF
    ):
        out.append(_WORD_OF[int(value)])
    return out


def _plain(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def norm(text: Any) -> str:
    return " ".join(str(text).split()).lower()


def read_number(text: str) -> Any:
    """'7' → 7, 'seven' → 7, '0.5' → 0.5; other words as they are."""
    t = text.strip().lower()
    if t in NUMBER_WORDS:
        return NUMBER_WORDS[t]
    try:
        return int(t)
    except ValueError:
        try:
            return float(t)
        except ValueError:
            return text


class Place(Strict):
    """One place in the catalog that holds a stated value (see the module's docstring)."""

    setup: int | str | None = None
    to: str | None = None
    from_: str | None = Field(default=None, alias="from")
    nth: int = Field(default=1, ge=1)
    attr: Literal["count", "upto", "at_least"] = "count"
    variant: str | None = None
    players: Literal["min", "max"] | None = None
    count: Filter | None = None
    distinct: str | None = None
    match: Filter | None = None
    card: str | None = None
    field: str | None = None
    table: str | None = None
    row: Any | None = None
    column: str | None = None
    says: str | None = None  # words around the value, "{value}" where it stands
    topic: str | None = None  # a designer's choice, with `says` (`choice_text`)
    least: str | list[str] | None = None  # the smallest value of a field (or fields' sum)
    most: str | list[str] | None = None  # the largest
    template: str | None = None  # a rule template, with `computes`
    computes: str | None = None  # the name its `{% set %}` line computes, or an expression
    given: dict[str, Any] = {}  # names the expression reads that a loop gives

    @model_validator(mode="after")
    def _one(self) -> Place:
        given = [
            k
            for k in ("setup", "players", "count", "distinct", "card", "table", "topic")
            + ("least", "most", "template")
            if getattr(self, k) is not None
        ]
        if len(given) != 1:
            raise ValueError(
                "a place is one of: setup, players, count, distinct, card (with field), "
                "table (with row), topic (with says), least, most, template (with computes)"
            )
        if (self.template is None) != (self.computes is None):
            raise ValueError("a template place names the number it computes: computes")
        if self.given and self.template is None:
            raise ValueError("'given' binds the names of a template's expression: template")
        if self.topic is not None and self.says is None:
            raise ValueError("a designer's choice place gives the words around the value: says")
        if self.card is not None and self.field is None:
            raise ValueError("a card place names its field")
        if self.table is not None and self.row is None and self.says is None:
            raise ValueError(
                "a table place names its row (or, with `says`, reads the table's note)"
            )
        if self.says is not None and "{value}" not in self.says:
            raise ValueError("'says' marks where the value stands with {value}")
        return self

    def field_keys(self) -> list[str]:
        extremes = [self.least or [], self.most or []]
        fields = [f for x in extremes for f in ([x] if isinstance(x, str) else x)]
        return [k for k in (self.field, self.distinct) if k] + fields


class Found:
    """What a place holds: the value (None when it holds none), how a reader names the
    place, and the file and line to point at."""

    def __init__(
        self,
        value: Any,
        label: str,
        file: str,
        line: int | None,
        missing: str | None = None,
        text: str | None = None,
    ) -> None:
        self.value, self.label, self.file, self.line, self.missing = (
            value,
            label,
            file,
            line,
            missing,
        )
        self.text = text  # the words the place holds, when the value was looked for in them

    @property
    def where(self) -> str:
        return self.file if self.line is None else f"{self.file}:{self.line}"


def _in_words(text: str, says: str, want: Any) -> tuple[bool, Any]:
    """Does `text` say `says` with `want` where {value} stands? (True, want) when it does;
    else (False, the value it says there, or None when the words are not there at all)."""
    plain = norm(text)
    before, _, after = norm(says).partition("{value}")
    for form in spelled(want):
        if f"{before}{form.lower()}{after}" in plain:
            return True, want
    found = re.search(re.escape(before) + r"([\w./+-]+)" + re.escape(after), plain)
    if found is None:  # a value of a few words: "1 or 3"
        found = re.search(re.escape(before) + r"(.{1,24}?)" + re.escape(after), plain)
    return False, (read_number(found.group(1)) if found else None)


def read_place(
    place: Place, want: Any, catalog: Catalog, rules_file: str, rules_line: int | None
) -> Found:
    """The value `place` holds in `catalog` (`want` is the stated value, for `says`)."""
    if place.setup is not None:
        return _setup_place(place, catalog.rules, rules_file, rules_line)
    if place.players is not None:
        return Found(
            getattr(catalog.game.players, place.players),
            f"game.toml players.{place.players}",
            catalog.display(catalog.folder / "game.toml"),
            catalog.line("players"),
        )
    if place.count is not None:
        n = sum(c.count for c in select(catalog.components, place.count))
        return Found(n, f"the catalog's copies of {place.count.describe()}", rules_file, rules_line)
    if place.distinct is not None:
        values = {
            norm(value_of(c, place.distinct))
            for c in select(catalog.components, place.match)
            if value_of(c, place.distinct) not in (None, "")
        }
        return Found(
            len(values),
            f"the different {place.distinct} values of {(place.match or Filter()).describe()}",
            rules_file,
            rules_line,
        )
    if place.card is not None:
        return _card_place(place, want, catalog, rules_file, rules_line)
    if place.topic is not None:
        text, label, (file, line) = choice_text(catalog, place.topic)
        if text is None:
            return Found(None, label, file, line, label)
        _, have = _in_words(text, place.says or "{value}", want)
        label += f" ({(place.says or '').replace('{value}', '…')!r})"
        return Found(have, label, file, line, text=text)
    if place.template is not None:
        return _computed_place(place, catalog, rules_file)
    if place.least is not None or place.most is not None:
        fields = place.most if place.most is not None else place.least
        word = "most" if place.most is not None else "least"
        what = fields if isinstance(fields, str) else " + ".join(fields or [])
        return Found(
            extreme(catalog, fields or [], place.match, place.most is not None),
            f"the {word} {what} of {(place.match or Filter()).describe()}",
            rules_file,
            rules_line,
        )
    return _table_place(place, want, catalog)


def _computed_place(place: Place, catalog: Catalog, rules_file: str) -> Found:
    """The number a rule template computes, named by its expression and its terms."""
    template = place.template or ""
    c = computed(catalog, template, place.computes or "", place.given)
    if isinstance(c, str):
        return Found(None, f"template {template}", rules_file, None, c)
    given = ", ".join(f"{k} = {v}" for k, v in place.given.items())
    label = f"{c.where} `{c.described()}`" + (f" with {given}" if given else "")
    return Found(c.value, label, c.shown_as, c.line)


def _setup_place(place: Place, rules: Any, rules_file: str, rules_line: int | None) -> Found:
    """A number of a setup step (or of a variant's step), named by its number or its kind."""
    model = getattr(rules, "setup", None)
    name = "the setup"
    if place.variant is not None:
        model = next(
            (
                m
                for n, m, _ in getattr(rules, "setup_variants", [])
                if norm(n) == norm(place.variant)
            ),
            None,
        )
        name = f"the setup variant {place.variant!r}"
    if model is None:
        return Found(None, name, rules_file, rules_line, f"{name} is not in {rules_file}")
    steps = list(model.steps)
    if isinstance(place.setup, int):
        index = place.setup - 1 if 1 <= place.setup <= len(steps) else None
    else:
        hits = [
            i
            for i, s in enumerate(steps)
            if s.do == place.setup
            and (place.to is None or getattr(s, "to", None) == place.to)
            and (place.from_ is None or getattr(s, "from_", None) == place.from_)
        ]
        index = hits[place.nth - 1] if len(hits) >= place.nth else None
    if index is None:
        what = (
            f"step {place.setup}"
            if isinstance(place.setup, int)
            else f"a {place.setup!r} step" + (f" to {place.to!r}" if place.to else "")
        )
        return Found(None, name, rules_file, rules_line, f"{name} has no {what}")
    step = steps[index]
    line = model.lines[index] if index < len(model.lines) else None
    return Found(
        getattr(step, place.attr, None),
        f"{name}, step {index + 1} ({step.words()})",
        rules_file,
        line,
    )


def _card_place(
    place: Place, want: Any, catalog: Catalog, rules_file: str, rules_line: int | None
) -> Found:
    """One card's field, or with `says` the value its words give."""
    c = next((x for x in catalog.components if x.id == place.card), None)
    if c is None:
        return Found(
            None,
            f"card {place.card}",
            rules_file,
            rules_line,
            f"the catalog has no component {place.card!r}",
        )
    have = value_of(c, place.field or "")
    label = f"{c.name}'s {place.field}"
    words = None
    if place.says is not None:
        words = str(have or "")
        _, have = _in_words(words, place.says, want)
        label = f"{c.name}'s {place.field} ({place.says.replace('{value}', '…')!r})"
    return Found(have, label, c.file, c.line, text=words)


def _table_place(place: Place, want: Any, catalog: Catalog) -> Found:
    """A table's cell (or its note), or with `says` the value the words there give."""
    game_file = catalog.display(catalog.folder / "game.toml")
    t = catalog.game.tables.get(place.table or "")
    if t is None:
        return Found(
            None, f"table {place.table}", game_file, None, f"the game has no table {place.table!r}"
        )
    cols = [norm(c) for c in t.columns]
    col = (
        len(cols) - 1
        if place.column is None
        else (cols.index(norm(place.column)) if norm(place.column) in cols else -1)
    )
    if col < 0:
        return Found(
            None,
            f"table {place.table}",
            game_file,
            catalog.line("tables", place.table),
            f"table {place.table} has no column {place.column!r}",
        )
    if place.row is None:  # the table's note, with the words around the value
        _, have = _in_words(str(t.note or ""), place.says or "{value}", want)
        return Found(
            have,
            f"table {place.table}'s note ({(place.says or '').replace('{value}', '…')!r})",
            game_file,
            catalog.line("tables", place.table, "note") or catalog.line("tables", place.table),
            text=str(t.note or ""),
        )
    hits = [i for i, r in enumerate(t.rows) if norm(_plain(r[0])) == norm(_plain(place.row))]
    if len(hits) < place.nth:
        rows = ", ".join(repr(_plain(r[0])) for r in t.rows)
        return Found(
            None,
            f"table {place.table}",
            game_file,
            catalog.line("tables", place.table),
            f"table {place.table} has no row {_plain(place.row)!r}; its rows: {rows}",
        )
    i = hits[place.nth - 1]
    line = catalog.line("tables", place.table, "rows", i) or catalog.line("tables", place.table)
    have = t.rows[i][col]
    number = "" if place.nth == 1 else f" (number {place.nth})"
    label = f"table {place.table}, row {_plain(place.row)!r}{number}, {t.columns[col]}"
    words = None
    if place.says is not None:
        words = str(have)
        _, have = _in_words(words, place.says, want)
        label += f" ({place.says.replace('{value}', '…')!r})"
    return Found(have, label, game_file, line, text=words)


def choice_text(catalog: Catalog, topic: str) -> tuple[str | None, str, tuple[str, int | None]]:
    """(the choice's topic and words, or None when no choice has that topic; how a reader
    names it; (game.toml, the choice's line))."""
    shown = catalog.display(catalog.folder / "game.toml")
    choices = list(catalog.game.designer_choices)
    hits = [i for i, d in enumerate(choices) if d.topic == topic]
    if not hits:
        return None, f"no designer's choice has the topic {topic!r}", (shown, None)
    i = hits[0]
    line = catalog.line("designer_choices", i, "choice") or catalog.line("designer_choices", i)
    d = choices[i]
    return f"{d.topic}: {d.choice}", f"designer_choices[{i}] ({topic})", (shown, line)


def amount(c: Any, fields: str | list[str]) -> float | None:
    """A component's value of a field, or the sum of several (a list field: its items)."""
    total: float = 0
    for f in [fields] if isinstance(fields, str) else fields:
        v = value_of(c, f)
        if isinstance(v, list):
            total += len(v)
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            total += v
        elif v not in (None, ""):
            return None
    return total


def extreme(catalog: Catalog, fields: str | list[str], match: Filter | None, most: bool) -> Any:
    """The least (or most) of `fields` over the components `match` picks out."""
    values = [
        v
        for c in select(catalog.components, match or Filter())
        if (v := amount(c, fields)) is not None
    ]
    if not values:
        return None
    v = max(values) if most else min(values)
    return int(v) if float(v).is_integer() else v


__all__ = [
    "NUMBER_WORDS",
    "Found",
    "Place",
    "amount",
    "choice_text",
    "extreme",
    "norm",
    "read_number",
    "read_place",
    "spelled",
]


def clip_departure(text: str, forms: list[str], n: int = 100) -> str:
    """`text` clipped to `n` characters where it departs from a form: around the longest run
    of the form's words it still says (`{value}` standing for a few words), after the run
    when the form starts there, before it when the form ends there, else on both sides. So a
    finding quotes the words that replaced the form's, wherever in a long text they are; the
    start of the text when no word of a form is there."""
    t = " ".join(text.split())
    low = t.lower()
    best: tuple[int, int, int, bool, bool] | None = None  # (tokens, start, end, head, tail)
    for form in forms:
        toks = form.removeprefix("^").lower().split()
        pats = [re.escape(w).replace(re.escape("{value}"), r".{1,24}?") for w in toks]
        for i in range(len(toks)):
            for j in range(len(toks), i, -1):
                if best is not None and j - i <= best[0]:
                    break
                m = re.search(r"\s+".join(pats[i:j]), low)
                if m is not None:
                    best = (j - i, m.start(), m.end(), i == 0, j == len(toks))
                    break
    if best is None or len(t) <= n:
        return t if len(t) <= n else t[: n - 1] + "…"
    _, start, end, head, tail = best
    if head and not tail:
        lo = max(0, end - n // 2)
    elif tail and not head:
        lo = max(0, start - n // 2)
    else:
        lo = max(0, (start + end) // 2 - n // 2)
    lo = min(lo, max(0, len(t) - n))
    cut = t[lo : lo + n]
    return ("…" if lo else "") + cut + ("…" if lo + n < len(t) else "")
