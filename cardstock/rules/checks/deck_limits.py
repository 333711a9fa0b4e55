"""Deck-building limits: a player's custom deck (a CSV or XLSX list) checked against the
game's published cards.

rules.toml declares which decks players may build and the limits:

    [decks.good]
    name = "Good deck"
    match = { group = "Good*" }     # the cards such a deck may hold
    limit = "published"             # no card beyond its published copies; or a number,
                                    # or { field = "limit" }: each card's own limit field
    min_size = 7                    # optional: at least this many cards
    max_size = 60                   # optional
    cite = { line = 50, says = "no card beyond its published copies" }

A deck file has a column `card` (a card's id or name; `id` or `name` also work) and an
optional `count` (default 1). Rows starting with `#` are comments.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...catalog.cells import Row, Table, unread_problem
from ...catalog.schema import Component
from ...catalog.tables import read_table
from ...core.issues import Issue, Issues
from ..filters import Filter, compile_filter
from ..sources import SeedRef
from ..verdicts import issue_json


class LimitField(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    field: str


class DeckRule(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    name: str
    match: Filter
    limit: Literal["published"] | int | LimitField = "published"
    min_size: int | None = Field(default=None, ge=0)
    max_size: int | None = Field(default=None, ge=1)
    cite: SeedRef | None = None  # the seed line the limit comes from, paraphrased

    @model_validator(mode="after")
    def _sizes(self) -> DeckRule:
        if (
            self.min_size is not None
            and self.max_size is not None
            and self.min_size > self.max_size
        ):
            raise ValueError(
                f"min_size ({self.min_size}) is larger than max_size ({self.max_size})"
            )
        if isinstance(self.limit, int) and self.limit < 1:
            raise ValueError(
                f"limit must be 'published' or a number of 1 or more, got {self.limit}"
            )
        return self


CARD_COLUMNS = ("card", "id", "name")


@dataclass
class DeckReport:
    deck: str  # the deck kind's key in rules.toml
    name: str
    file: str
    cards: dict[str, int] = field(default_factory=dict)  # component id -> copies in the deck
    findings: list[Issue] = field(default_factory=list)  # rule problems: exit 1
    input_errors: list[Issue] = field(default_factory=list)  # unreadable deck: exit 2

    @property
    def total(self) -> int:
        return sum(self.cards.values())

    @property
    def ok(self) -> bool:
        return not self.findings and not self.input_errors

    def public(self) -> dict[str, Any]:
        return {
            "deck": self.deck,
            "name": self.name,
            "file": self.file,
            "ok": self.ok,
            "total": self.total,
            "cards": self.cards,
            "findings": [issue_json(i, text=False) for i in self.findings],
            "errors": [issue_json(i, text=False) for i in self.input_errors],
        }


def check_deck(
    components: list[Component], rule: DeckRule, key: str, path: Path, shown: str, published_in: str
) -> DeckReport:
    """Check the deck at `path` against `rule`; `published_in` names the game in messages."""
    report = DeckReport(deck=key, name=rule.name, file=shown)
    read = Issues()
    table = read_table(path, shown, None, read, path.parent)
    if table is None:
        report.input_errors.extend(read)
        return report
    report.input_errors.extend(read)
    column = _card_column(table, report)
    if column is None:
        return report
    rows_of = _read_rows(table, column, components, rule, published_in, report)
    if report.input_errors:
        return report
    _check_limits(rows_of, {c.id: c for c in components}, rule, table.file, report)
    _check_size(rule, table.file, report)
    report.findings.sort(key=lambda i: (i.line is None, i.line or 0))
    return report


def _card_column(table: Table, report: DeckReport) -> str | None:
    """The column naming the card (None when there is none); any other column but `count`
    is an input error."""
    column = next((c for c in CARD_COLUMNS if c in table.columns), None)
    if column is None:
        report.input_errors.append(
            Issue(
                table.file,
                table.header_line,
                "",
                f"the header needs a column naming the card: {' or '.join(CARD_COLUMNS)}",
            )
        )
        return None
    for col in table.columns:
        if col not in CARD_COLUMNS and col != "count":
            report.input_errors.append(
                Issue(
                    table.file,
                    table.header_line,
                    col,
                    f"unknown column; a deck list has '{column}' and 'count'",
                )
            )
    return column


def _read_rows(
    table: Table,
    column: str,
    components: list[Component],
    rule: DeckRule,
    published_in: str,
    report: DeckReport,
) -> dict[str, list[tuple[int, int]]]:
    """The deck's rows as the cards they add (`report.cards`), and each card's rows as
    [(line, count)]; a row that names no card the deck may hold is reported."""
    allowed = compile_filter(rule.match)
    by_id = {c.id: c for c in components}
    by_name: dict[str, list[Component]] = {}
    for c in components:
        by_name.setdefault(c.name.casefold(), []).append(c)
    rows_of: dict[str, list[tuple[int, int]]] = {}  # id -> [(line, count)]
    for row in table.rows:
        read = _row(row, column, report)
        if read is None:
            continue
        ref, n = read
        found = [by_id[ref]] if ref in by_id else by_name.get(ref.casefold(), [])
        if not found:
            names = [c.name for c in components if allowed(c)] + [
                c.id for c in components if allowed(c)
            ]
            near = difflib.get_close_matches(ref, names, n=1, cutoff=0.75)
            hint = f"; did you mean {near[0]!r}?" if near else ""
            report.findings.append(
                Issue(row.file, row.line, column, f"no card {ref!r} in {published_in}{hint}")
            )
            continue
        fitting = [c for c in found if allowed(c)]
        if not fitting:
            c = found[0]
            report.findings.append(
                Issue(
                    row.file,
                    row.line,
                    column,
                    f"{c.name!r} belongs to {c.group} (set {c.set}); a {rule.name} may hold "
                    f"only cards matching {rule.match.describe()}",
                )
            )
            continue
        comp = fitting[0]
        rows_of.setdefault(comp.id, []).append((row.line, n))
        report.cards[comp.id] = report.cards.get(comp.id, 0) + n
    return rows_of


def _row(row: Row, column: str, report: DeckReport) -> tuple[str, int] | None:
    """The card a row names and its count (1 when the row gives none); None, with an input
    error, when either cannot be read."""
    for read in (column, "count"):
        unfit = unread_problem(row, read)
        if unfit is not None:
            report.input_errors.append(Issue(row.file, row.line, read, unfit))
            return None
    said: dict[str, str] = {}
    for read in (column, "count"):
        value = row.cells.get(read, "")
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)  # a JSON or YAML deck's number
        if not isinstance(value, str):
            shown = "a list" if isinstance(value, list) else f"a {type(value).__name__}"
            kind = "a card's id or name" if read == column else "a whole number of copies"
            report.input_errors.append(
                Issue(row.file, row.line, read, f"expected {kind}, got {shown}")
            )
            return None
        said[read] = value.strip()
    ref = said[column]
    raw_count = said["count"] or "1"
    if not ref:
        report.input_errors.append(Issue(row.file, row.line, column, "the row names no card"))
        return None
    try:
        n = int(raw_count)
    except ValueError:
        report.input_errors.append(
            Issue(
                row.file,
                row.line,
                "count",
                f"expected a whole number of copies, got {raw_count!r}",
            )
        )
        return None
    if n < 1:
        report.input_errors.append(
            Issue(
                row.file,
                row.line,
                "count",
                f"expected a count of 1 or more, got {n}; leave a card out by deleting its row",
            )
        )
        return None
    return ref, n


def _check_limits(
    rows_of: dict[str, list[tuple[int, int]]],
    by_id: dict[str, Component],
    rule: DeckRule,
    file: str,
    report: DeckReport,
) -> None:
    """No card in the deck more often than its limit (its rows added up)."""
    for cid, rows in rows_of.items():
        comp = by_id[cid]
        if isinstance(rule.limit, LimitField):
            own = comp.fields.get(rule.limit.field)
            limit = own if isinstance(own, int) and not isinstance(own, bool) else comp.count
            why = f"its published limit is {limit}"
        elif rule.limit == "published":
            limit = comp.count
            why = f"only {limit} {'was' if limit == 1 else 'were'} published"
        else:
            limit = rule.limit
            why = f"the limit is {limit} per card"
        total = sum(n for _, n in rows)
        if total > limit:
            line = rows[-1][0]
            spread = (
                f" (rows {', '.join(str(ln) for ln, _ in rows)} add up)" if len(rows) > 1 else ""
            )
            report.findings.append(
                Issue(file, line, "count", f"{total} × {comp.name}{spread}, but {why}")
            )


def _check_size(rule: DeckRule, file: str, report: DeckReport) -> None:
    """The deck holds between the rule's least and most cards."""
    total = report.total
    if rule.min_size is not None and total < rule.min_size:
        report.findings.append(
            Issue(
                file,
                None,
                "",
                f"the deck holds {total} cards; a {rule.name} needs at least {rule.min_size}",
            )
        )
    if rule.max_size is not None and total > rule.max_size:
        report.findings.append(
            Issue(
                file,
                None,
                "",
                f"the deck holds {total} cards; a {rule.name} may hold at most {rule.max_size}",
            )
        )
