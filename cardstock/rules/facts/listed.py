"""A list a player reads, as a fact: a rule template lists every member of a part of the
catalog, each once, and nothing else.

    [[facts]]
    kind = "listed"
    id = "quickref-dice"
    name = "the quick reference names each of the three dice"
    members = { set = "dice" }                # the members the list holds
    by = "name"                               # … named by this field (the default)
    template = "quickref/dice.md.j2"          # under layouts/<game>/ (default: rulebook.md.j2)
    item = "- **{value}:**"                   # how the template prints one member
    under = "The dice"                        # … under this heading (default: anywhere)
    cite = { line = 25, also = [29, 97], says = "the game has three dice" }

A list of a table's column instead of components gives `rows = { table = "round", column =
"Phase" }` (default: the first column); with `ordered = true` the entries must also come
in the column's order: a quick reference's steps in the order of the turn the game's table
states, two steps swapped failing with both orders.

The template is rendered as the rulebook renders it (its context, each fact's value) and
every printed `item`, `{value}` standing for any words, is one entry of the list (with
`under`, only those below the heading of those words, up to the next heading of its level
or higher, in the language the template is written in): the entries
must be the `by` values of `members` or the column's cells (a value several share counted
once), each exactly once. A loop whose filter drops a member
(`select(set='dice')[:2]`), adds one that does not belong, or prints one twice, fails naming
the template, the entries missing or not wanted, and what the catalog holds. A template the
checker cannot render is a finding: what it lists is not proved.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, field_validator, model_validator

from ...catalog.context import template_context
from ...catalog.ruletext import layouts_dir
from ...catalog.schema import Component, Game
from ...core import files
from ...core.templating import plain
from ..filters import Filter, Strict, select, value_of
from ..reading.places import norm
from ..reading.reads import reads_of
from ..sources import SourceText
from ..verdicts import Outcome, Problem
from .base import Fact, show

if TYPE_CHECKING:
    from ...catalog.load import Catalog


_HEADING = re.compile(r"^(#+)\s+(.*?)\s*#*\s*$", re.M)


def _nothing(*_: Any, **__: Any) -> str:
    return ""


def _flat(text: str) -> str:
    return " ".join(text.split()).casefold()


def rendered(catalog: Catalog, template: str) -> str | None:
    """What the game's rule template `template` prints, rendered once per load of its
    catalog with the templates' context; None when it cannot be read or rendered."""
    reads = reads_of(catalog)
    kept = reads.template_printed
    if kept is None:
        kept = reads.template_printed = {}
    key = (f"listed:{template}", 0)
    if key not in kept:
        kept[key] = _render(catalog, template)
    found = kept[key]
    return None if found is None else "".join(found.get(0, []))


def _render(catalog: Catalog, template: str) -> dict[int, list[str]] | None:
    path = layouts_dir(catalog) / template
    try:
        text = files.read_text(path, catalog.root)
        context: dict[str, Any] = dict(template_context(catalog))
        env = plain()
        # a name the context lacks (a book's own helper, `cover()`) prints nothing
        blank = {k: _nothing for k in env.compiled("l", text) if k not in context}
        return {0: [str(env.compiled("t", text).render({**blank, **context}))]}
    except files.Unreadable:
        return None
    except Exception:  # noqa: BLE001 - not rendered: the caller says so
        return None


class Column(Strict):
    """A game table's column (default: its first), whose cells a list holds, in order."""

    table: str
    column: str | None = None


class ListedFact(Fact):
    """A rule template lists each member of a part of the catalog once (see the module)."""

    kind: Literal["listed"] = "listed"
    members: Filter | None = None
    rows: Column | None = None
    ordered: bool = False
    by: str = "name"
    template: str = "rulebook.md.j2"
    item: str = Field(min_length=1)
    under: str | None = None

    @model_validator(mode="after")
    def _one(self) -> ListedFact:
        if (self.members is None) == (self.rows is None):
            raise ValueError("a list is of 'members' (a filter) or of 'rows' (a table's column)")
        return self

    @field_validator("item")
    @classmethod
    def _marked(cls, v: str) -> str:
        if v.count("{value}") != 1:
            raise ValueError("'item' marks where a member stands with {value}, once")
        return v

    def field_keys(self) -> list[str]:
        return [self.by] if self.members is not None else []

    def wanted(self, catalog: Catalog) -> tuple[list[str], str, list[Component]] | str:
        """(the values the list holds, in order; how a reader names them; the members), or
        why there are none to hold (a table or column the game does not have)."""
        if self.members is not None:
            chosen = select(catalog.components, self.members)
            values = list(dict.fromkeys(show(value_of(c, self.by)) for c in chosen))
            return values, self.members.describe(), chosen
        assert self.rows is not None
        t = catalog.game.tables.get(self.rows.table)
        if t is None:
            return f"the game has no table {self.rows.table!r}"
        cols = [norm(c) for c in t.columns]
        name = self.rows.column
        col = 0 if name is None else (cols.index(norm(name)) if norm(name) in cols else -1)
        if col < 0:
            return f"table {self.rows.table} has no column {name!r}"
        values = list(dict.fromkeys(show(r[col]) for r in t.rows if col < len(r)))
        return values, f"table {self.rows.table}'s {t.columns[col]}", []

    def check(
        self, components: list[Component], game: Game
    ) -> Outcome:  # pragma: no cover - needs the catalog
        raise NotImplementedError("a listed fact is checked with the catalog")

    def section(self, text: str) -> str | None:
        """The part of `text` below the heading `under` (all of it without one), up to the
        next heading of its level or higher; None when no heading says `under`."""
        if self.under is None:
            return text
        heads = list(_HEADING.finditer(text))
        at = next((h for h in heads if _flat(h.group(2)) == _flat(self.under)), None)
        if at is None:
            return None
        level = len(at.group(1))
        end = next(
            (h.start() for h in heads if h.start() > at.start() and len(h.group(1)) <= level),
            len(text),
        )
        return text[at.end() : end]

    def entries(self, text: str) -> list[str]:
        """Each member `text` prints as `item`, in order."""
        head, _, tail = self.item.partition("{value}")
        pattern = re.escape(head) + r"(.+?)" + (re.escape(tail) if tail else r"$")
        return [m.group(1).strip() for m in re.finditer(pattern, text, re.M)]

    def check_catalog(
        self, catalog: Catalog, file: str, line: int | None, source: SourceText | None = None
    ) -> Outcome:
        shown = catalog.display(layouts_dir(catalog) / self.template)
        whole = rendered(catalog, self.template)
        if whole is None:
            msg = f"{self.name}: {shown} cannot be rendered, so what it lists is not proved"
            return Outcome(False, msg, [], [Problem(msg, at=(shown, None))])
        text = self.section(whole)
        if text is None:
            msg = f"{self.name}: {shown} has no heading {self.under!r}"
            return Outcome(False, msg, [], [Problem(msg, at=(shown, None))])
        found = self.wanted(catalog)
        if isinstance(found, str):
            msg = f"{self.name}: {found}"
            return Outcome(False, msg, [], [Problem(msg)])
        wanted, what, chosen = found
        entries = self.entries(text)
        got = Counter(_flat(e) for e in entries)
        want = Counter(_flat(w) for w in wanted)
        missing = [w for w in wanted if got[_flat(w)] == 0]
        extra = sorted({e for e in entries if _flat(e) not in want})
        twice = sorted({w for w in wanted if got[_flat(w)] > max(1, want[_flat(w)])})
        listed = f"{what}: {', '.join(wanted) or 'none'}"
        problems: list[Problem] = []
        if missing:
            problems.append(self._problem(shown, f"leaves out {', '.join(missing)}", listed))
        if extra:
            problems.append(self._problem(shown, f"lists {', '.join(extra)}, none of", listed))
        if twice:
            problems.append(self._problem(shown, f"lists {', '.join(twice)} twice", listed))
        if (
            not problems
            and self.ordered
            and [_flat(e) for e in entries] != [_flat(w) for w in wanted]
        ):
            order = f"lists them in the order {', '.join(entries)}, not in the order of"
            problems.append(self._problem(shown, order, listed))
        if problems:
            return Outcome(False, problems[0].message, chosen, problems)
        return Outcome(True, f"{shown} lists {len(wanted)}: {', '.join(wanted)}", chosen)

    def _problem(self, shown: str, what: str, listed: str) -> Problem:
        return Problem(
            f"{self.name}: {shown} {what} ({listed}; each printed as {self.item!r})",
            at=(shown, None),
        )
