"""The `terms` fact: the names the rulebook uses for its parts (phases, piles, card types,
tokens) are names the catalog uses."""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from ...catalog.schema import Component, Game
from ..reading.phrases import words_of
from ..reading.places import norm
from ..verdicts import Outcome, Problem
from .base import Fact, show

if TYPE_CHECKING:
    pass


class TermsFact(Fact):
    """Names the rulebook uses for its parts (phases, piles, card types, tokens) are names
    the catalog uses: each is found among the components' names, sets, groups, icons' labels,
    fields' choices and the tables' titles, columns and cells (or, with `table`, in that
    table's `column`, and with `ordered`, in that order)."""

    kind: Literal["terms"] = "terms"
    terms: list[str] = Field(min_length=1)
    table: str | None = None
    column: str | None = None
    ordered: bool = False

    def check(self, components: list[Component], game: Game) -> Outcome:
        if self.table is not None:
            t = game.tables.get(self.table)
            if t is None:
                msg = f"{self.name}: the game has no table {self.table!r}"
                return Outcome(False, msg, [], [Problem(msg)])
            cols = [norm(c) for c in t.columns]
            col = (
                0
                if self.column is None
                else (cols.index(norm(self.column)) if norm(self.column) in cols else -1)
            )
            if col < 0:
                msg = f"{self.name}: table {self.table} has no column {self.column!r}"
                return Outcome(False, msg, [], [Problem(msg)])
            pool = [show(r[col]) for r in t.rows]
        else:
            pool = catalog_names(components, game)
        problems: list[Problem] = []
        placed: list[int] = []
        pool_words = [words_of(text) for text in pool]  # each text folded once, not once per term
        for k, term in enumerate(self.terms):
            term_words = words_of(term)
            # the first name that holds the term (the order is checked on those)
            first = next((i for i, x in enumerate(pool_words) if _within(term_words, x)), None)
            if first is None:
                where = f"table {self.table}" if self.table else "the catalog"
                near = difflib.get_close_matches(term, pool, n=1, cutoff=0.6)
                if not near and self.table is not None:
                    near = _most_shared(term_words, pool, pool_words)
                hint = f"; the nearest it has is {near[0]!r}" if near else ""
                if not near and self.table is not None and self.ordered and k < len(pool):
                    # in a table of the rulebook's order, the row where the term stands
                    hint = f"; in its place (row {k + 1}) it has {pool[k]!r}"
                problems.append(
                    Problem(f"{self.name}: the rulebook names {term!r}, {where} does not{hint}")
                )
            else:
                placed.append(first)
        if not problems and self.ordered and placed != sorted(placed):
            problems.append(
                Problem(
                    f"{self.name}: the rulebook's order is {', '.join(self.terms)}; "
                    f"table {self.table} has {', '.join(pool)}"
                )
            )
        if problems:
            return Outcome(False, problems[0].message, [], problems)
        return Outcome(True, f"{len(self.terms)} name{'s' if len(self.terms) != 1 else ''} found")


def _most_shared(term: list[str], pool: list[str], pool_words: list[list[str]]) -> list[str]:
    """The cell of a table's column sharing the most words with a term it lacks (a cell
    edited to another word, "most negative tiles" for "least negative tiles"), if any."""
    shared = [len(set(term) & set(x)) for x in pool_words]
    best = max(shared, default=0)
    return [pool[shared.index(best)]] if best else []


def _within(t: list[str], x: list[str]) -> bool:
    return bool(t) and any(x[i : i + len(t)] == t for i in range(len(x) - len(t) + 1))


def catalog_names(components: list[Component], game: Game) -> list[str]:
    """Every name the catalog gives something: components, sets, groups, icons, choices of
    fields, tables' titles, columns and cells."""
    out: list[str] = []
    for c in components:
        out += [c.name, c.group, c.kind]
        out += [str(v) for v in c.fields.values() if isinstance(v, str) and len(v) <= 60]
    for st in game.sets:
        out += [st.name, st.id]
        for spec in game.fields_of(st).values():
            out += [str(x) for x in (getattr(spec, "choices", None) or [])]
    for icon in game.icons.values():
        out.append(icon.label or "")
    for name, t in game.tables.items():
        out += [name, t.title or "", t.note or "", *map(str, t.columns)]
        out += [show(cell) for row in t.rows for cell in row]
    return out
