"""Rulebooks and quick-reference content: Jinja2 templates in layouts/<game>/ → block
markup → ReportLab Platypus → reading-order and saddle-stitched PDFs. See docs/rulebooks.md.

    context.template_context(catalog)   what every rule template sees (also the cards')
    rulebook.build_rulebook(cat, opts)  the `rulebook` pipeline stage
    quickref.check(catalog)             reference cards that fit (the rulebook lint calls it)

Booklet imposition is in `cardstock.books.booklet`, the template source shared with the
card faces in `cardstock.catalog.ruletext`, the rulebook lint in `cardstock.books.check`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

# Where books are kept between builds (`cardstock.books.bookcache`): set by the build for
# the time a game's check or stages run; None keeps nothing. Held here, in a module that
# imports nothing of cardstock's, so the build can set it without importing the books.
_KEPT_IN: list[Optional[Path]] = [None]


def keep_books_in(out: Optional[Path]) -> None:
    """Keep books under `out/.cache/books/` from now on (None: keep none)."""
    _KEPT_IN[0] = Path(out) / ".cache" / "books" if out is not None else None


def books_kept_in() -> Optional[Path]:
    return _KEPT_IN[0]


# Where a rules check writes the entries it makes (a check writes nothing under the output
# folder: the build moves them there once every check has passed, with the staged faces).
_STAGED_IN: list[Optional[Path]] = [None]


def stage_books_in(folder: Optional[Path]) -> None:
    """Write the entries made from now on into `folder` (None: make none)."""
    _STAGED_IN[0] = Path(folder) if folder is not None else None


def books_staged_in() -> Optional[Path]:
    return _STAGED_IN[0]
