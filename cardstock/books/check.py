"""Checks of a game's rule texts, for the rules checker's registry: `lint(catalog)`.

- the rulebook template and every quick-reference template the catalog names render
  (an unknown name, component id, icon or table is an error, at the template's line);
- the rulebook lays out: a table row too tall for a page, or a character the font lacks,
  is a warning; something that can never fit a page is an error;
- each quick-reference side fits its card (a warning when it does not);
- a count typed into a template's text ("73 tiles", "10 cards") is a warning: counts come
  from the catalog, through the template context.
"""

from __future__ import annotations

import re

from ..core.issues import Issue
from ..catalog.load import Catalog
from ..catalog.kinds import KIND_WORDS
from ..catalog.ruletext import layouts_dir, no_rulebook, rulebook_template

_JINJA = re.compile(r"{{.*?}}|{%.*?%}|{#.*?#}", re.S)
_COUNT_WORDS = sorted({w for pair in KIND_WORDS.values() for w in pair} | {"players", "player"}, key=len, reverse=True)
_TYPED_COUNT = re.compile(r"(?<![\w.:$+-])(\d+)\s+(" + "|".join(re.escape(w) for w in _COUNT_WORDS) + r")\b", re.I)


def typed_counts(catalog: Catalog) -> list[Issue]:
    """Warnings for numbers of components or players typed into template text."""
    issues: list[Issue] = []
    folder = layouts_dir(catalog)
    for path in sorted(folder.rglob("*.md.j2")) if folder.is_dir() else []:
        text = path.read_text(encoding="utf-8")
        # blank out Jinja code but keep line breaks, so line numbers stay true
        plain = _JINJA.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
        for number, line in enumerate(plain.splitlines(), start=1):
            for m in _TYPED_COUNT.finditer(line):
                issues.append(Issue(
                    catalog.display(path), number, "text",
                    f"{m.group(0)!r} is typed into the template; take the number from the catalog ({{{{ count(...) }}}}, a table or a setup step) so it cannot go stale",
                    "warning",
                ))
    return issues


def lint(catalog: Catalog) -> list[Issue]:
    issues: list[Issue] = []
    # The typesetting modules load only for a game that has a rulebook or reference cards.
    if rulebook_template(catalog).is_file():
        from .bookcache import rulebook_findings

        # what an earlier build kept (no typesetting imported), else the rendering the
        # rulebook stage writes, so a build lays the rulebook out once
        kept = rulebook_findings(catalog, tuple(catalog.game.print.papers))
        if kept is None:
            from .rulebook import render_rulebook

            kept = render_rulebook(catalog, papers=tuple(catalog.game.print.papers)).issues
        issues += kept
    else:
        issues.append(no_rulebook(catalog))
    if any(c.kind == "reference" for c in catalog.components):
        from .bookcache import quickref_findings

        issues += [i for i in quickref_findings(catalog) if i not in issues]
    issues += typed_counts(catalog)
    return issues
