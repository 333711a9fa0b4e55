"""The texts check: a provenance that names a line past the source's end fails, and each
translation states the numbers its English states (`translated`) and the terms it names
(`terms_translated`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core.issues import Issue
from ..translated import numbers_translated, translations
from ..verdicts import FAIL, PASS, Check
from .stated import problems
from .terms_translated import swapped_terms

RULE = "every text's provenance names lines of its source"


def checks(catalog: Any, folder: Path | None) -> list[Check]:
    """The game's provenance against its source, and its translations' numbers."""
    wrong = problems(catalog, folder)
    out = []
    if wrong:
        out.append(
            Check("texts", RULE, FAIL, f"{len(wrong)} past the source's end", findings=wrong)
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
