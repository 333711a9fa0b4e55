"""Examples of play as data: the cards in play and the outcome the rulebook claims.

    [[examples]]
    id = "round-1"
    name = "Round 1: Azrael defeats Abigor"
    cite = { line = 175, says = "…" }
    cards = { azrael = "azrael", abigor = "abigor", blade = "black-blade" }
    claims = [
      { id = "hit", value = "azrael.strength + azrael.bonus_damage", equals = 8 },
      { id = "defeats", value = "hit > abigor.strength", equals = true },
      { id = "opponents", value = "blade.strength if blade.offensive else 0", equals = 3 },
    ]

`cards` binds names to component ids (or to lists of ids). Each claim's `value` is a small
expression (Jinja2 expression syntax, sandboxed) over those cards — a card reads as its
fields plus `id`, `name` and `count` — over earlier claims by their `id`, over
`cell(table, row, column)`, and with the filter `lookup` (`x | lookup({a: 1}, 0)`). A claim
with `equals` is checked; one without is a step of the arithmetic that later claims and the
rulebook use. The checker recomputes every claim from
the catalog; a claim that no longer holds fails with the example's name, its place in
rules.toml, the expression and both numbers. Templates read the same values
(`example('round-1').hit`), so the printed arithmetic is the checked arithmetic.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Literal

from jinja2 import StrictUndefined
from jinja2.exceptions import TemplateError
from pydantic import Field, field_validator

from ...catalog.schema import Component, Game
from ...core.templating import environment
from ..facts.base import same, show
from ..filters import Strict
from ..sources import SeedRef
from ..verdicts import Outcome, Problem

_ENV = environment()  # cardstock's one bounded sandbox
# `key | lookup(mapping, default)`: a value looked up in a table of values, for per-card scores
_ENV.filters["lookup"] = lambda key, mapping, default=None: mapping.get(key, default)


def _compile_problem(text: str) -> str | None:
    """Why `text` does not compile as an expression in the rules' sandbox (None: it does)."""
    try:
        _ENV.compiled("u", text)
    except TemplateError as exc:
        return str(getattr(exc, "message", None) or exc)
    return None


def _expression(text: str) -> Any:
    return _ENV.compiled("u", text)


class Claim(Strict):
    id: str | None = None
    value: str  # the expression
    equals: Any | None = None
    say: str | None = None  # what the rulebook says it shows
    line: int | None = Field(
        default=None, ge=1
    )  # the source line that states `equals` (held to it)

    @field_validator("value")
    @classmethod
    def _compiles(cls, v: str) -> str:
        problem = _compile_problem(v)
        if problem is not None:
            raise ValueError(f"not a valid expression: {problem}")
        return v


class Example(Strict):
    id: str
    name: str
    cite: SeedRef | None = None
    choice: str | None = None
    level: Literal["error", "warning"] = "error"  # a warning reports and blocks only under --strict
    cards: dict[str, str | list[str]] = {}
    claims: list[Claim] = Field(min_length=1)

    def title(self) -> str:
        return f"example of play: {self.name}"

    def evaluate(
        self, components: list[Component], game: Game
    ) -> tuple[dict[str, Any], list[Problem], list[Component]]:
        """The claims' values, the problems (a missing card, a failed expression or claim)
        and the components involved."""
        by_id = {c.id: c for c in components}
        problems: list[Problem] = []
        used: list[Component] = []
        scope: dict[str, Any] = {"cell": _cell(game)}
        for name, ids in self.cards.items():
            wanted = [ids] if isinstance(ids, str) else ids
            missing = [i for i in wanted if i not in by_id]
            if missing:
                problems.append(
                    Problem(
                        f"the example plays {', '.join(missing)} as {name!r}, "
                        "but the catalog has no such component"
                    )
                )
                continue
            views = [_card(by_id[i]) for i in wanted]
            used.extend(by_id[i] for i in wanted if by_id[i] not in used)
            scope[name] = views[0] if isinstance(ids, str) else views
        values: dict[str, Any] = {}
        if problems:
            return values, problems, used
        for k, claim in enumerate(self.claims):
            label = claim.id or f"claims[{k}]"
            try:
                got = _expression(claim.value)(**scope)
                if isinstance(got, StrictUndefined):
                    raise TemplateError("the expression names something that does not exist")
            except TemplateError as exc:
                problems.append(
                    Problem(
                        f"{label} = {claim.value}: cannot be worked out from the catalog: "
                        f"{getattr(exc, 'message', None) or exc}"
                    )
                )
                break
            except (TypeError, ValueError, ZeroDivisionError) as exc:
                why = (
                    "a field it uses is empty in the catalog"
                    if "NoneType" in str(exc)
                    else str(exc)
                )
                problems.append(
                    Problem(
                        f"{label} = {claim.value}: cannot be worked out from the catalog ({why})"
                    )
                )
                break
            if claim.id:
                scope[claim.id] = got
                values[claim.id] = got
            if claim.equals is not None and not same(got, claim.equals):
                said = f" ({claim.say})" if claim.say else ""
                inputs = _inputs(claim.value, scope, values)
                problems.append(
                    Problem(
                        f"{label}{said}: the rulebook claims {claim.value} = "
                        f"{show(claim.equals)}, the catalog gives {show(got)}{inputs}"
                    )
                )
        return values, problems, used

    def check(self, components: list[Component], game: Game) -> Outcome:
        values, problems, used = self.evaluate(components, game)
        if problems:
            return Outcome(False, problems[0].message, used, problems)
        shown = ", ".join(
            f"{k} {show(v)}" for k, v in values.items() if not isinstance(v, (list, dict))
        )
        return Outcome(
            True,
            f"recomputed from the catalog: {shown}" if shown else "recomputed from the catalog",
            used,
        )


class _CardView(dict[str, Any]):
    """A card in an expression: its fields and id, name, count, as keys and attributes."""

    def __getattr__(self, key: str) -> Any:
        try:
            return self[key]
        except KeyError:
            raise AttributeError(key) from None


def _inputs(expression: str, scope: dict[str, Any], values: dict[str, Any]) -> str:
    """What the expression read, so a failed claim shows the catalog's values behind it:
    " (uriel.strength 7, damage 5)"."""
    shown: list[str] = []
    for m in re.finditer(r"\b([a-z_]\w*)(?:\.([a-z_]\w*))?\b", expression):
        name, field = m.group(1), m.group(2)
        if field and isinstance(scope.get(name), _CardView) and field in scope[name]:
            shown.append(f"{name}.{field} {show(scope[name][field])}")
        elif not field and name in values and not isinstance(values[name], (list, dict)):
            shown.append(f"{name} {show(values[name])}")
    unique = list(dict.fromkeys(shown))
    return f" ({', '.join(unique)})" if unique else ""


def _card(c: Component) -> _CardView:
    return _CardView({**c.fields, "id": c.id, "name": c.name, "count": c.count})


def _cell(game: Game) -> Callable[..., Any]:
    def cell(table: str, row: Any, column: str | None = None) -> Any:
        t = game.tables.get(table)
        if t is None:
            raise ValueError(f"no table {table!r}")
        cols = [str(c).lower() for c in t.columns]
        col = (
            len(cols) - 1
            if column is None
            else cols.index(str(column).lower())
            if str(column).lower() in cols
            else -1
        )
        if col < 0:
            raise ValueError(f"table {table} has no column {column!r}")
        for r in t.rows:
            if same(r[0], row):
                return r[col]
        raise ValueError(f"table {table} has no row {show(row)!r}")

    return cell
