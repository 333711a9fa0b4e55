"""A quick reference's numbered steps in the order of their source: a warning when one
step restates earlier lines of the source than the step before it.

A quick-reference template's numbered list (`1.`, `2.`, … one step a line) whose lines each name
their source lines (`{# source 25, 27 #}2. …`) restates a procedure the source gives in
order: a round, a turn, a setup. When a step's first and last source lines both come
before the previous step's, the two steps may have been swapped. A source may tell a step
out of order, so this is a warning (`[[acknowledge]]` with `check = "texts"` or the rule's
words keeps a list told so on purpose), naming both steps, both lines and the template's
line; a list whose order is data (a table a template renders, a `listed` fact with
`ordered = true`) is held by its fact instead.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...core.files import Unreadable, read_text
from ...core.issues import Issue
from ..reading.phrases import templates
from .stated import template_cites

if TYPE_CHECKING:
    from ...catalog.load import Catalog

_STEP = re.compile(r"^\{#\s*source\s+[\d,\s]+?\s*#\}\s*(\d+)\.\s")


def _steps(lines: list[str]) -> list[list[tuple[int, int, tuple[int, ...]]]]:
    """Each run of numbered steps on consecutive lines (a blank line between them
    allowed): (the line's number, the step's number, its source lines)."""
    runs: list[list[tuple[int, int, tuple[int, ...]]]] = []
    run: list[tuple[int, int, tuple[int, ...]]] = []
    for n, line in enumerate(lines, 1):
        m = _STEP.match(line)
        if m is not None:
            run.append((n, int(m.group(1)), template_cites(line)))
        elif line.strip() and run:
            runs.append(run)
            run = []
    if run:
        runs.append(run)
    return [r for r in runs if len(r) > 1]


def steps_out_of_order(catalog: Catalog) -> list[Issue]:
    """Each numbered step of the game's quick references that restates earlier source
    lines than the step before it."""
    rules = catalog.rules
    source = (rules.seed or rules.text or "the source") if rules is not None else "the source"
    out: list[Issue] = []
    for path, shown in templates(catalog):
        if path.parent.name != "quickref":
            continue  # a rulebook's numbered lists are as often worked examples, told as played
        try:
            lines = read_text(path, catalog.root).splitlines()
        except Unreadable:
            continue
        for run in _steps(lines):
            for (_, a, was), (n, b, now) in zip(run, run[1:]):
                if min(now) < min(was) and max(now) < max(was):
                    out.append(
                        Issue(
                            shown,
                            n,
                            "source",
                            f"step {b} restates {source} line {min(now)}, before step {a}'s "
                            f"line {min(was)}: are the two steps in the source's order?",
                            level="warning",
                        )
                    )
    return out


__all__ = ["steps_out_of_order"]
