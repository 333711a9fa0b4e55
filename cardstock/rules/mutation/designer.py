"""The designer's own values: table cells the source states nothing about.

A game made from a sketchy source (a component list of "XX Henchmen Cards", no card listed)
holds many numbers and ids that only its designer chose: how many copies, which icons a card
shows, which gang a Nemesis serves. No text a player reads states them a second time, so an
edit of one breaks nothing and survives the mutation test. `[[mutate.designer_values]]` in
rules.toml declares such cells, with the source line that shows the source is silent and the
reason; the report counts the survivors they explain apart from the unexplained ones, and
not among the edits that contradict a stated fact:

    [[mutate.designer_values]]
    table = "henchmen"                       # a set of the game with a table file (or a list)
    columns = ["rescue", "benefits"]         # its numeric or id columns (or `count`)
    rows = ["chain-lasher"]                  # optional: only these cards (default: every row)
    except_rows = ["hook-hand-harvey"]       # optional: cards left out
    source = { line = 12, says = "the component list gives no Henchman's values" }
    reason = "the designer drew every Henchman; the source lists none"

Only a `number` edit (a cell one more) or a `swap` of two declared cells is explained (`edits`
narrows it to swaps where a total holds a column's sum): never a word, a name or a moved row.
`texts` names a card's own prose (text, str or choice columns) the source never states: a
number, word or name edited inside such a cell, or two cards' whole texts swapped, is
explained too. A declaration is stale — an error of its own — when it explains no edit
(none of its cells' edits survives), or when a check holds one of its cells: the edit of
that one cell's value was caught (for a text, the swap of two of its texts), so the value
is not the designer's alone (leave that row out with `except_rows`); a text declaration is
also refused when the source names one of its cards, since a source that names a card may
state its text (`named`).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from ..filters import Strict
from ..sources import SourceText

if TYPE_CHECKING:
    from .edits import Edit

# the field types whose cells hold a number or an id the designer chose (never a text)
# (a `list` holds ids and is only ever swapped whole)
OWNED_TYPES = frozenset({"int", "number", "bool", "icon", "icons", "list"})
COUNT = "count"  # every table's copies column
OWNED_KINDS = frozenset({"number", "swap"})  # the edits a declaration may explain
# the field types of a card's own prose (`texts`), and the edits explained inside one
TEXT_TYPES = frozenset({"text", "str", "choice"})
TEXT_KINDS = frozenset({"number", "word", "name", "swap"})
_WHERE = re.compile(r"^column (?P<column>.+?)(?:, rows (?P<a>\d+) and (?P<b>\d+))?$")


class Silent(Strict):
    """The source line that shows the source states none of the values, paraphrased."""

    line: int = Field(
        ge=1,
        description="The line of the game's source (rules.toml's `seed` or `text`).",
        examples=[12],
    )
    also: list[int] = Field(
        default=[], description="Further lines that show the same.", examples=[[13, 14]]
    )
    says: str = Field(
        min_length=1,
        description="What the line says of these values, in your own words.",
        examples=["the components list counts the Henchmen as XX and names none"],
    )


class DesignerValues(Strict):
    """Cells of a component table whose values the designer chose because the source states
    none (`[[mutate.designer_values]]`)."""

    table: str | list[str] = Field(
        description="The set (or sets) whose table holds the cells: set ids of the game.",
        examples=["henchmen", ["sadists", "mafia"]],
    )
    columns: list[str] = Field(
        default=[],
        description="The columns, by field name: numbers or ids (int, number, bool, icon, "
        "icons, list fields, or `count`), never a text or a name.",
        examples=[["rescue", "benefits"]],
    )
    texts: list[str] = Field(
        default=[],
        description="The columns of the cards' own prose the source never states (text, str "
        "or choice fields): a number, word or name edited inside one, or two cards' texts "
        "swapped, is the designer's. Refused when the source names one of the cards.",
        examples=[["text"]],
    )
    rows: list[str] = Field(
        default=[],
        description="Only these cards (by id); unset, every row of the table.",
        examples=[["chain-lasher"]],
    )
    except_rows: list[str] = Field(
        default=[],
        description="Cards (by id) left out: those whose value a check holds.",
        examples=[["midnight"]],
    )
    edits: list[Literal["number", "swap"]] = Field(
        default=["number", "swap"],
        min_length=1,
        description="The edits it explains: `number` (a cell one more) and `swap` (two "
        "cards' cells exchanged). Only `swap` when a total or a rule holds the column's sum "
        "(copies that add up to a deck's count) and only which card has which value is the "
        "designer's.",
        examples=[["swap"]],
    )
    source: Silent = Field(
        description="The source line that shows the source states none of these values "
        "(a component count of 'XX', a list of no cards), paraphrased.",
        examples=[{"line": 12, "says": "the Henchmen are counted as XX, none listed"}],
    )
    reason: str = Field(
        min_length=1,
        description="Why the values are the designer's.",
        examples=["the designer drew every Henchman; the source lists none"],
    )

    @model_validator(mode="after")
    def _some_column(self) -> DesignerValues:
        if not self.columns and not self.texts:
            raise ValueError("name the cells: `columns` (numbers, ids) or `texts` (prose)")
        return self

    @property
    def sets(self) -> list[str]:
        return [self.table] if isinstance(self.table, str) else list(self.table)


def problems(entry: DesignerValues, game: Any, components: Sequence[Any]) -> list[tuple[str, str]]:
    """What is wrong with a declaration, as (field, message): a set that is not the game's
    or has no table file, a column that is not its field or holds text (a card it names
    that the sets lack is the mutation test's finding: `unknown_cards`)."""
    out: list[tuple[str, str]] = []
    sets = {s.id: s for s in game.sets}
    for name in entry.sets:
        s = sets.get(name)
        if s is None:
            out.append(("table", f"no set {name!r} in the game; sets: {', '.join(sets)}"))
        elif not s.table:
            out.append(("table", f"set {name!r} has no table file whose cells could be edited"))
    known = [sets[n] for n in entry.sets if n in sets]
    for column in entry.columns:
        for s in known:
            fields = game.fields_of(s)
            spec = fields.get(column)
            if column == COUNT:
                continue
            if spec is None:
                named = ", ".join([COUNT, *(f for f, v in fields.items() if v.type in OWNED_TYPES)])
                out.append(
                    (
                        "columns",
                        f"set {s.id!r} has no column {column!r}; its numbers and ids: {named}",
                    )
                )
            elif spec.type not in OWNED_TYPES:
                out.append(
                    (
                        "columns",
                        f"column {column!r} of {s.id!r} is a {spec.type} field: only numbers and "
                        "ids the designer chose may be declared, never a text or a rule word",
                    )
                )
    out += _text_problems(entry, [sets[n] for n in entry.sets if n in sets], game)
    return out


def _text_problems(entry: DesignerValues, known: Sequence[Any], game: Any) -> list[tuple[str, str]]:
    """A `texts` column that is not the set's field, or holds no prose."""
    out: list[tuple[str, str]] = []
    for column in entry.texts:
        for s in known:
            fields = game.fields_of(s)
            spec = fields.get(column)
            if spec is None or spec.type not in TEXT_TYPES:
                named = ", ".join(f for f, v in fields.items() if v.type in TEXT_TYPES)
                what = "no column" if spec is None else f"a {spec.type} field, no prose:"
                out.append(("texts", f"set {s.id!r} has {what} {column!r}; its texts: {named}"))
    return out


def unknown_cards(
    entries: Sequence[DesignerValues], lines: Sequence[int | None], components: Sequence[Any]
) -> list[Stale]:
    """Each declaration whose `rows` or `except_rows` names a card its sets do not have: a
    finding of the mutation test, not bad input, so that removing a card from the catalog
    leaves the build and the check to say what that breaks."""
    out = []
    for i, entry in enumerate(entries):
        ids = {c.id for c in components if c.set in entry.sets}
        for key, cards in (("rows", entry.rows), ("except_rows", entry.except_rows)):
            gone = [row for row in cards if row not in ids]
            if gone:
                line = lines[i] if i < len(lines) else None
                msg = f"{key}: no card {gone[0]!r} in {', '.join(entry.sets)}"
                out.append(Stale(i, line, msg))
    return out


def edited_column(e: Edit) -> str | None:
    """The table column an edit changes a cell of (as its `where` names it), or None."""
    m = _WHERE.match(e.where)
    return None if m is None else m["column"]


@dataclass(frozen=True)
class Scope:
    """The cells one declaration names: (table file as shown, column header, row line)."""

    cells: frozenset[tuple[str, str, int]]
    starts: dict[str, list[int]]  # each table file's rows, by the line each ends on
    kinds: frozenset[str] = OWNED_KINDS  # the edits it explains (`edits`)
    texts: frozenset[tuple[str, str, int]] = frozenset()  # the prose cells (`texts`)

    def row_of(self, shown: str, line: int) -> int | None:
        """The row a cell's line falls in: a row is known by the line it ends on (as the
        table reader counts it), so a quoted cell that runs over lines is in the row that
        ends first at or after it."""
        rows = self.starts.get(shown, [])
        at = bisect_left(rows, line)  # the rows are sorted by line
        return rows[at] if at < len(rows) else None

    def cells_of(self, e: Edit) -> list[tuple[str, str, int]] | None:
        """The table cells an edit changes, or None when it changes no cell."""
        m = _WHERE.match(e.where)
        if m is None:
            return None
        lines = [e.line] if m["a"] is None else [int(m["a"]), int(m["b"])]
        rows = [self.row_of(e.shown, n) for n in lines]
        if any(r is None for r in rows):
            return None
        return [(e.shown, m["column"].lower(), r) for r in rows if r is not None]

    def holds(self, e: Edit) -> bool:
        """Whether the edit changes only cells of the declaration, by an edit it explains."""
        cells = self.cells_of(e) or []
        if not cells:
            return False
        if e.kind in self.kinds and all(c in self.cells for c in cells):
            return True
        return e.kind in TEXT_KINDS and all(c in self.texts for c in cells)

    def holds_value(self, e: Edit) -> bool:
        """Whether the edit changes one declared value whole: a number cell one more, or two
        declared texts swapped (a caught one shows a check holds the value)."""
        cells = self.cells_of(e) or []
        if not cells:
            return False
        if e.kind == "number" and "number" in self.kinds:
            return all(c in self.cells for c in cells)
        return e.kind == "swap" and all(c in self.texts for c in cells)


def scope(entry: DesignerValues, game: Any, components: Sequence[Any]) -> Scope:
    """The cells a (valid) declaration names."""
    sets = {s.id: s for s in game.sets}
    starts: dict[str, list[int]] = {}
    cells: set[tuple[str, str, int]] = set()
    texts: set[tuple[str, str, int]] = set()
    for c in components:
        if c.line is None or c.set not in sets:
            continue
        starts.setdefault(c.file, []).append(c.line)
        chosen = (not entry.rows or c.id in entry.rows) and c.id not in entry.except_rows
        if c.set in entry.sets and chosen:
            s = sets[c.set]
            for column in entry.columns:
                header = s.columns.get(column, column)
                cells.add((c.file, header.lower(), c.line))
            for column in entry.texts:
                texts.add((c.file, s.columns.get(column, column).lower(), c.line))
    starts_by = {k: sorted(v) for k, v in starts.items()}
    return Scope(frozenset(cells), starts_by, frozenset(entry.edits), frozenset(texts))


@dataclass(frozen=True)
class Stale:
    """A declaration that explains nothing, or claims a cell a check holds."""

    index: int
    line: int | None
    message: str


def stale(
    entries: Sequence[tuple[DesignerValues, Scope]],
    outcomes: Iterable[tuple[Edit, bool, str | None, int | None]],
    lines: Sequence[int | None] = (),
) -> list[Stale]:
    """Each declaration's staleness, from the outcomes (edit, caught by a check, first
    finding, the declaration that explains it): a `number` edit of one of its cells such a
    check catches, a swap of two of its texts it catches, or no edit
    explained."""
    used: set[int] = set()
    out: list[Stale] = []
    held: dict[int, str] = {}
    for e, caught, found, owner in outcomes:
        if owner is not None:
            used.add(owner)
        if not caught:
            continue
        for i, (_, sc) in enumerate(entries):  # (a swap-only one explains no number edit)
            if i not in held and sc.holds_value(e):
                held[i] = (
                    f"a check holds {e.at}: the edit {e.before!r} -> {e.after!r} of "
                    f"{e.where} is caught ({found}); leave that row out (`except_rows`) "
                    "or the column"
                )
    for i, _ in enumerate(entries):
        line = lines[i] if i < len(lines) else None
        if i in held:
            out.append(Stale(i, line, held[i]))
        elif i not in used:
            out.append(
                Stale(i, line, "explains no edit: every edit of its cells is caught by a check")
            )
    return out


def uncited(
    entries: Sequence[DesignerValues], lines: Sequence[int | None], source: SourceText
) -> list[Stale]:
    """Each declaration whose `source` names a line the source text does not have."""
    out = []
    for i, entry in enumerate(entries):
        gone = [n for n in [entry.source.line, *entry.source.also] if source.line(n) is None]
        if gone:
            line = lines[i] if i < len(lines) else None
            out.append(
                Stale(
                    i,
                    line,
                    f"source: {source.name} has no line {gone[0]} ({len(source.lines)} lines)",
                )
            )
    return out


def _set_keys(game_set: Any) -> list[str]:
    """The words a source would call a set by: its group's words before any field (`Arch
    Villain` of `Arch Villain: {villain_type}`) and its name's."""
    given = [str(getattr(game_set, "group", "") or ""), str(game_set.name)]
    keys = [re.split(r"[:{]", k)[0].strip() for k in given]
    return list(dict.fromkeys(k for k in keys if k))


def _stem(key: str) -> re.Pattern[str]:
    """A pattern that finds the key's words in one number or the other (`Nemesis`,
    `Nemeses`; `Calling`, `Callings`)."""
    words = [w[: max(4, len(w) - 2)] for w in key.casefold().split()]
    return re.compile(r"(?<!\w)" + r"\s+".join(re.escape(w) + r"\w*" for w in words))


def named(
    entries: Sequence[DesignerValues],
    lines: Sequence[int | None],
    components: Sequence[Any],
    source: SourceText,
    sets: Sequence[Any] = (),
) -> list[Stale]:
    """Each text declaration one of whose cards the source names (a source that names a
    card may state its text, so the text is not shown to be the designer's alone), or whose
    cited lines name none of its sets (so they do not show the source silent on them)."""
    out = []
    said = [(n, (source.line(n) or "").casefold()) for n in range(1, len(source.lines) + 1)]
    for i, entry in enumerate(entries):
        if not entry.texts:
            continue
        cited = " ".join(source.line(n) or "" for n in [entry.source.line, *entry.source.also])
        for keys in (_set_keys(game_set) for game_set in sets if game_set.id in entry.sets):
            if not any(_stem(key).search(cited.casefold()) for key in keys):
                line = lines[i] if i < len(lines) else None
                msg = (
                    f"source: line {entry.source.line} names no {' or '.join(map(repr, keys))}: "
                    "cite the line that counts or describes these cards without their texts"
                )
                out.append(Stale(i, line, msg))
        for c in components:
            chosen = (not entry.rows or c.id in entry.rows) and c.id not in entry.except_rows
            if c.set not in entry.sets or not chosen or not c.name:
                continue
            word = re.compile(rf"(?<!\w){re.escape(c.name.casefold())}(?!\w)")
            hit = next((n for n, text in said if word.search(text)), None)
            if hit is not None:
                line = lines[i] if i < len(lines) else None
                msg = (
                    f"texts: {source.name}:{hit} names {c.name!r}, so the source may state its "
                    "text; leave that row out (`except_rows`)"
                )
                out.append(Stale(i, line, msg))
                break
    return out


__all__ = [
    "COUNT",
    "OWNED_KINDS",
    "OWNED_TYPES",
    "TEXT_KINDS",
    "TEXT_TYPES",
    "DesignerValues",
    "edited_column",
    "named",
    "Scope",
    "Stale",
    "problems",
    "scope",
    "stale",
    "unknown_cards",
]
