"""The texts check: a provenance that names a line past the source's end fails, and each
translation states the numbers its English states (`translated`) and the terms it names
(`terms_translated`); a quick reference's numbered steps that restate the source out of
its order are a warning (`steps_order`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ...core.issues import Issue
from ..reading.translated import numbers_translated, translations
from ..verdicts import FAIL, PASS, WARN, Check
from .stated import problems
from .steps_order import steps_out_of_order
from .terms_translated import swapped_terms
from .unread import unread

if TYPE_CHECKING:
    from ...catalog.load import Catalog

RULE = "every text's provenance names lines of its source"
STEPS = "a quick reference's numbered steps restate their source in its order"
UNREAD = "every printed text is read by a check or declared the designer's own"


def unread_check(catalog: Catalog) -> Check:
    """The report line of the printed texts no check reads (`unread`): it passes, listing
    them; a pattern of `own_texts` that declares nothing is a finding at rules.toml."""
    left, declared, stale = unread(catalog)
    parts = []
    if left:
        parts.append(f"no check reads {len(left)}, and none is declared: {', '.join(left)}")
    if declared:
        parts.append(
            f"{len(declared)} no check reads, declared the designer's own: {', '.join(declared)}"
        )
    said = "; ".join(parts) or "every one is read by a check"
    rules = catalog.rules
    file = rules.file if rules is not None else "rules.toml"
    found = [
        Issue(
            file,
            rules.lines.get(("own_texts", p)) if rules is not None else None,
            f"own_texts.{p}",
            f"{p!r} declares no printed text no check reads",
        )
        for p in stale
    ]
    return Check("texts", UNREAD, WARN if found else PASS, said, findings=found)


def checks(catalog: Catalog, folder: Path | None) -> list[Check]:
    """The game's provenance against its source, and its translations' numbers."""
    wrong = problems(catalog, folder)
    out = []
    if wrong:
        out.append(
            Check("texts", RULE, FAIL, f"{len(wrong)} past the source's end", findings=wrong)
        )
    out.append(unread_check(catalog))
    moved = steps_out_of_order(catalog)
    out.append(
        Check(
            "texts",
            STEPS,
            WARN if moved else PASS,
            f"{len(moved)} step{'s' if len(moved) != 1 else ''} before the one it follows"
            if moved
            else "in the source's order",
            findings=moved,
        )
    )
    if translations(catalog):
        found = [
            Issue(p.at[0], p.at[1], "translation", p.message)
            for p in numbers_translated(catalog)
            if p.at is not None
        ]
        out.append(
            Check(
                "texts",
                "every translation states the numbers its English states",
                FAIL if found else PASS,
                f"{len(found)} translation{'s' if len(found) != 1 else ''} with other numbers"
                if found
                else "as in English",
                findings=found,
            )
        )
        swapped = swapped_terms(catalog)
        out.append(
            Check(
                "texts",
                "every translation names the terms its English names",
                FAIL if swapped else PASS,
                f"{len(swapped)} text{'s' if len(swapped) != 1 else ''} naming another term"
                if swapped
                else "as in English",
                findings=swapped,
            )
        )
    return out
