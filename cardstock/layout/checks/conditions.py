"""A face layout's `when` that compares a choice field with a value the field cannot take:
`tile_type == 'Minus Three'` where `tile_type`'s choices hold no such value never draws its
box, and `!=` always does — a typo, or a choice renamed in game.toml and not in the layout.
Each such comparison is bad input at the `when`'s line, found before any face is drawn."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from jinja2 import TemplateSyntaxError, nodes

from ...catalog.load import Catalog
from ...core.issues import Issue
from ...core.templating import plain
from ..faces import front_layout_name
from ..language.load import LayoutSet

_OPS = {"eq": "never holds", "ne": "always holds", "in": "", "notin": ""}


def unknown_choices(catalog: Catalog, ls: LayoutSet) -> list[Issue]:
    """Each comparison of a `when` with a value none of the field's choices is, in a
    layout the game's components are drawn with (every set drawn with it must have the
    field as a choice field)."""
    users: dict[str, set[str]] = {}
    for comp in catalog.components:
        users.setdefault(front_layout_name(catalog, comp, ls), set()).add(comp.set)
    out: list[Issue] = []
    for lname, raw in ls.raw.items():
        sets = [catalog.set(s) for s in sorted(users.get(lname, ()))]
        if not sets:
            continue
        choices = _choices(catalog, sets)
        for bname, box in raw["boxes"].items():
            when = box["values"].get("when")
            if not isinstance(when, str) or not choices:
                continue
            for name, value, op in _compared(when):
                allowed = choices.get(name)
                if allowed is None or value in allowed:
                    continue
                shown, line = box["origins"].get("when", box["origins"][""]).origin()
                holds = f": the condition {_OPS[op]}" if _OPS.get(op) else ""
                out.append(
                    Issue(
                        shown,
                        line,
                        f"layouts.{lname}.boxes.{bname}.when",
                        f"compares {name} with {value!r}, which is none of its choices "
                        f"({', '.join(allowed)}){holds}",
                    )
                )
    return out


def _choices(catalog: Catalog, sets: list[Any]) -> dict[str, list[str]]:
    """The choice fields every one of `sets` has, with the values each may take."""
    out: dict[str, list[str]] = {}
    for k, s in enumerate(sets):
        fields = {
            n: list(spec.choices)
            for n, spec in catalog.game.fields_of(s).items()
            if spec.type == "choice" and spec.choices
        }
        out = fields if k == 0 else {n: v + fields[n] for n, v in out.items() if n in fields}
    return {n: list(dict.fromkeys(v)) for n, v in out.items()}


def _compared(when: str) -> Iterator[tuple[str, str, str]]:
    """(field, value, operator) of each comparison of a field with a string in `when`
    (`field == 'x'`, `'x' != field`, `field in ['x', 'y']`)."""
    try:
        tree = plain().parse("{{ " + when + " }}")  # parsed only, never rendered
    except TemplateSyntaxError:
        return  # a broken expression is reported where its syntax is checked
    for cmp in tree.find_all(nodes.Compare):
        left = cmp.expr
        for operand in cmp.ops:
            right = operand.expr
            yield from _pair(left, right, operand.op)
            yield from _pair(right, left, operand.op)
            left = right


def _pair(field: nodes.Node, value: nodes.Node, op: str) -> Iterator[tuple[str, str, str]]:
    if not isinstance(field, nodes.Name) or op not in _OPS:
        return
    if isinstance(value, nodes.Const) and isinstance(value.value, str) and op in ("eq", "ne"):
        yield field.name, value.value, op
    elif isinstance(value, nodes.List | nodes.Tuple) and op in ("in", "notin"):
        for item in value.items:
            if isinstance(item, nodes.Const) and isinstance(item.value, str):
                yield field.name, item.value, op
