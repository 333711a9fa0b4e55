"""Rows chosen by data: a set's `skip_rows` leave out the rows a rule matches (a missing
key or an empty cell, one of some values, a yes in a marker column) and its `keep_rows`
keep only the rows every rule matches (`faction` one of some values). The rules read the
table's own columns before any field does, the same for CSV, TSV, XLSX, YAML and JSON, so
a column a rule alone reads is no unknown column.

Each rule is checked against the table once: a column the table does not have is an
error at the rule, a value a keep rule asks for that no row holds a warning there, and
rules that leave no row at all an error. What each rule left out is said once a load
(`Catalog.notes`), located at the rule in the game file.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.issues import Issues
from ..core.tomlpos import Path as KeyPath
from ..core.tomlpos import line_for
from .cells import Row, Table, unread_problem
from .schema import ComponentSet, RowRule

# a marker cell's yes and no, as the reserved `skip` column reads them
YES = frozenset({"true", "yes", "y", "x", "1"})
NO = frozenset({"", "false", "no", "n", "0"})
SHOWN_VALUES = 8  # the values of a column a message lists at most


def header_key(text: str) -> str:
    """Headers match ignoring case and surrounding spaces: " Name " is `name`."""
    return " ".join(text.split()).casefold()


def _text(value: Any) -> str:
    """A cell or a rule's value as the text it is compared by (`3.0` is `3`, YAML's true is
    `true`), case folded."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip().casefold()


def _items(cell: Any) -> list[Any]:
    """A cell's values: a YAML or JSON list's items, else the cell itself (None: none)."""
    if cell is None:
        return []
    return list(cell) if isinstance(cell, list) else [cell]


def _empty(cell: Any) -> bool:
    return all(_text(v) == "" for v in _items(cell))


def _matches(rule: RowRule, cell: Any) -> bool | None:
    """Whether a row's cell (None: the row lacks the key) matches the rule; None for a
    marker cell that is neither a yes nor a no."""
    if rule.missing:
        return _empty(cell)
    if rule.marked:
        said = {_text(v) for v in _items(cell)} or {""}
        if said <= NO:
            return False
        return True if said & YES and not said - YES else None
    wanted = {_text(v) for v in rule.values()}
    return any(_text(v) in wanted for v in _items(cell))


def describe(rule: RowRule, keep: bool) -> str:
    """What a rule matches, in a few words: `faction is 'Elves' or 'Dwarves'`."""
    if rule.missing:
        return f"{rule.column} missing or empty"
    if rule.marked:
        return f"{rule.column} marked yes"
    values = " or ".join(repr(v) for v in rule.values())
    return f"{rule.column} {'not ' if keep else ''}{values}"


class Choice:
    """The rules of one set, each with the column it reads and where the game file writes
    it (a plain class)."""

    __slots__ = ("rules", "shown", "lines", "index")

    def __init__(self, s: ComponentSet, index: int, shown: str, lines: Mapping[KeyPath, int]):
        self.rules: list[tuple[str, int, RowRule]] = [
            *(("skip_rows", i, r) for i, r in enumerate(s.skip_rows)),
            *(("keep_rows", i, r) for i, r in enumerate(s.keep_rows)),
        ]
        self.shown = shown
        self.lines = lines
        self.index = index

    def __bool__(self) -> bool:
        return bool(self.rules)

    def where(self, key: str, i: int) -> tuple[int | None, str]:
        return (
            line_for(self.lines, ("sets", self.index, key, i)),
            f"sets[{self.index}].{key}[{i}]",
        )

    def columns(self, table: Table) -> set[str]:
        """The table's columns the rules read."""
        wanted = {header_key(r.column) for _, _, r in self.rules}
        return {c for c in table.columns if header_key(c) in wanted}

    def choose(self, table: Table, issues: Issues) -> tuple[list[Row], list[str]]:
        """The rows the rules keep, and a note for each rule that left rows out. Problems
        of the rules (a column the table lacks, rules that keep nothing) go to `issues`."""
        by_key = {header_key(c): c for c in table.columns}
        ok = True
        for key, i, rule in self.rules:
            if header_key(rule.column) not in by_key:
                issues.add(
                    self.shown,
                    *self.where(key, i),
                    f"the table {table.file} has no column {rule.column!r}; its columns are: "
                    f"{', '.join(table.columns)}",
                )
                ok = False
        if not ok:
            return table.rows, []
        dropped = [0] * len(self.rules)
        kept: list[Row] = []
        for row in table.rows:
            cells = {header_key(c): v for c, v in row.cells.items()}
            out = self._first_out(row, cells, by_key, issues)
            if out is None:
                kept.append(row)
            else:
                dropped[out] += 1
        self._unheld_values(table, by_key, issues)
        notes = []
        total = f"{len(table.rows):,} {'row' if len(table.rows) == 1 else 'rows'}"
        for n, (key, i, rule) in enumerate(self.rules):
            if dropped[n]:
                line, name = self.where(key, i)
                at = self.shown if line is None else f"{self.shown}:{line}"
                notes.append(
                    f"{at}: {name}: left out {dropped[n]:,} of the {total} of {table.file} "
                    f"({describe(rule, key == 'keep_rows')})"
                )
        if table.rows and not kept:
            key, i, _ = self.rules[-1]
            issues.add(
                self.shown,
                *self.where(key, i),
                f"the set's skip_rows and keep_rows leave none of the {len(table.rows):,} rows "
                f"of {table.file}",
            )
        return kept, notes

    def _first_out(
        self, row: Row, cells: dict[str, Any], by_key: dict[str, str], issues: Issues
    ) -> int | None:
        """The index of the first rule that leaves the row out, or None: skip rules leave
        out the rows they match, keep rules those they do not."""
        for n, (key, _, rule) in enumerate(self.rules):
            unfit = unread_problem(row, by_key[header_key(rule.column)])
            if unfit is not None:  # a value no rule can compare: the row is left out
                issues.add(row.file, row.line, by_key[header_key(rule.column)], unfit)
                return n
            cell = cells.get(header_key(rule.column))
            hit = _matches(rule, cell)
            if hit is None:
                issues.add(
                    row.file,
                    row.line,
                    by_key[header_key(rule.column)],
                    f"expected a yes or a no for the rule {describe(rule, False)!r} (true, "
                    f"yes, x, 1 / false, no, 0 or empty), got {cell!r}",
                )
                hit = False
            if hit == (key == "skip_rows"):
                return n
        return None

    def _unheld_values(self, table: Table, by_key: dict[str, str], issues: Issues) -> None:
        """A warning at each keep rule for the values it asks for that no row holds (a
        misspelt faction keeps nothing of it without a word otherwise)."""
        for key, i, rule in self.rules:
            if key != "keep_rows" or rule.is_ is None:
                continue
            column = header_key(rule.column)
            held: dict[str, None] = {}
            for row in table.rows:
                for c, v in row.cells.items():
                    if header_key(c) == column:
                        for item in _items(v):
                            if _text(item):
                                held.setdefault(str(item).strip(), None)
            present = {_text(v) for v in held}
            missing = [v for v in rule.values() if _text(v) not in present]
            if missing:
                some = list(held)[:SHOWN_VALUES]
                more = ", …" if len(held) > SHOWN_VALUES else ""
                issues.add(
                    self.shown,
                    *self.where(key, i),
                    f"no row of {table.file} has {rule.column} "
                    f"{' or '.join(repr(v) for v in missing)}; its values are: "
                    f"{', '.join(repr(v) for v in some)}{more}",
                    level="warning",
                )
