"""Checks of a game's rule texts: `templates(catalog)` before anything is drawn (each
template's syntax and the names it reads), and `lint(job)` for the rules checker:

- the rulebook template and every quick-reference template the catalog names render
  (an unknown name, component id, icon or table is an error, at the template's line);
- the rulebook lays out: a table row too tall for a page, or a character the font lacks,
  is a warning; something that can never fit a page is an error;
- each quick-reference side fits its card (a warning when it does not);
- a count typed into a template's text ("73 tiles", "10 cards") is a warning: counts come
  from the catalog, through the template context;
- an HTML tag typed into a template's text (`<b>`, `<br>`) is a warning: a rulebook reads
  Markdown, and prints the tag as typed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..catalog.context import template_context
from ..catalog.kinds import KIND_WORDS
from ..catalog.load import Catalog
from ..catalog.ruletext import TEMPLATE_SUFFIX, layouts_dir, no_rulebook, rulebook_template
from ..core.files import Unreadable, present, read_text
from ..core.issues import Issue
from ..core.stage import Job
from ..core.templating import check_template
from ..layout.text.words import HTML_TAG

_COUNT_WORDS = sorted(
    {w for pair in KIND_WORDS.values() for w in pair} | {"players", "player"}, key=len, reverse=True
)
# a pattern's text: `re.compile` makes it when first asked and keeps it (a build that
# never asks does not compile it)
_TYPED_COUNT = (
    "(?i)" r"(?<![\w.:$+-])(\d+)\s+(" + "|".join(re.escape(w) for w in _COUNT_WORDS) + r")\b"
)


def _typed_lines(catalog: Catalog) -> Iterator[tuple[str, int, str]]:
    """Each line of the game's rulebook and quick-reference templates as typed text (the
    file as shown, the line's number, its words): Jinja code blanked but the words a
    `_("…")` prints, line breaks kept."""
    folder = layouts_dir(catalog)
    paths = sorted(folder.rglob("*.md.j2")) if folder.is_dir() else []
    if not paths:
        return
    from ..core.template_words import read_lines  # the templates' words, for a game with some

    for path in paths:
        try:
            text = read_text(path, catalog.root)
        except Unreadable:
            continue  # told once, by the template check
        shown = catalog.display(path)
        for number, line in read_lines(text):
            yield shown, number, line


def typed_counts(catalog: Catalog) -> list[Issue]:
    """Warnings for numbers of components or players typed into template text."""
    issues: list[Issue] = []
    for shown, number, line in _typed_lines(catalog):
        for m in re.compile(_TYPED_COUNT).finditer(line):
            issues.append(
                Issue(
                    shown,
                    number,
                    "text",
                    f"{m.group(0)!r} is typed into the template; take the number from the "
                    "catalog ({{ count(...) }}, a table or a setup step) so it cannot go stale",
                    "warning",
                )
            )
    return issues


def typed_html(catalog: Catalog) -> list[Issue]:
    """Warnings for HTML tags typed into template text: a rulebook reads Markdown only, so
    `<b>` or `<br>` would print as typed (as card text, which leaves them out, says)."""
    issues: list[Issue] = []
    for shown, number, line in _typed_lines(catalog):
        for tag in dict.fromkeys(HTML_TAG.findall(line)):
            issues.append(
                Issue(
                    shown,
                    number,
                    "text",
                    f"{tag} is HTML, which a rulebook does not read (it prints as typed); use "
                    "**bold**, *italic*, a blank line for a new paragraph or a line ending in "
                    "a backslash for a line break",
                    "warning",
                )
            )
    return issues


def lint(job: Job) -> list[Issue]:
    """The rules check of a game's rule texts (see the module's docstring). The rulebook
    is laid out here when what it finds may have changed (`rulebook_findings`); the
    rulebook stage reuses that layout."""
    catalog = job.catalog
    issues: list[Issue] = []
    # Typesetting (ReportLab's Platypus) is imported only for a game that has a rulebook
    # or reference cards to lay out.
    if present(rulebook_template(catalog)):
        from .rulebook import rulebook_findings

        issues += rulebook_findings(job, tuple(catalog.game.print.papers))
    else:
        issues.append(no_rulebook(catalog))
    if any(c.kind == "reference" for c in catalog.components):
        from .quickref import check as check_quickref

        issues = list(dict.fromkeys([*issues, *check_quickref(catalog, job)]))
    issues += typed_counts(catalog) + typed_html(catalog)
    return issues


def templates(catalog: Catalog) -> list[Issue]:
    """The game's rulebook and quick-reference templates: syntax and the names they use."""
    folder = layouts_dir(catalog)
    paths = sorted(folder.rglob(f"*{TEMPLATE_SUFFIX}")) if folder.is_dir() else []
    if not paths:
        return []

    made: dict[str, set[str]] = {}  # each context's names, made once for all its files

    def quickref_names() -> set[str]:
        if "quickref" not in made:
            made["quickref"] = set(template_context(catalog))
        return made["quickref"]

    def rulebook_names() -> set[str]:
        from .content import rulebook_context  # the rulebook's helpers: for a rulebook only

        if "rulebook" not in made:
            made["rulebook"] = set(rulebook_context(catalog))
        return made["rulebook"]

    out = []
    for path in paths:
        if path.parent.name == "quickref":
            field, names = f"quickref.{path.name.removesuffix(TEMPLATE_SUFFIX)}", quickref_names
        else:
            field, names = "rulebook", rulebook_names
        out += check_template(path, catalog.display(path), names, field, catalog.root)
    return out
