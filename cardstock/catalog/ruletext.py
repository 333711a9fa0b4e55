"""Finding and rendering a game's rule templates (`layouts/<game>/…md.j2`).

Rendering goes through `cardstock.core.templating` (sandboxed, undefined names are errors).
This module adds the template's own line to an error, and turns any other exception a
helper raises (a wrong argument, say) into an Issue as well: a template problem is always
an Issue, never a traceback.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..core.files import Unreadable, present, read_text
from ..core.files import issue as file_issue
from ..core.issues import InputError, Issue
from ..core.punctuation import spaced
from ..core.templating import error_line, render
from .context import template_context
from .load import Catalog

TEMPLATE_SUFFIX = ".md.j2"


def layouts_dir(catalog: Catalog) -> Path:
    return catalog.root / "layouts" / catalog.game.id


def rulebook_template(catalog: Catalog) -> Path:
    return layouts_dir(catalog) / f"rulebook{TEMPLATE_SUFFIX}"


def no_rulebook(catalog: Catalog) -> Issue:
    """The warning for a game whose rulebook template is not written yet."""
    where = catalog.display(rulebook_template(catalog))
    return Issue(where, None, "rulebook", f"no rulebook yet: write {where} to get one", "warning")


def quickref_template(catalog: Catalog, name: str) -> Path:
    return layouts_dir(catalog) / "quickref" / f"{name}{TEMPLATE_SUFFIX}"


# a pattern's text: `re.compile` makes it when first asked and keeps it (a build that
# never asks does not compile it)
_PLAIN_NAME = r"[A-Za-z0-9_][A-Za-z0-9_.-]*"


def quickref_name_problem(name: str) -> str | None:
    """Why `name` cannot name a quick-reference template, or None: it is the plain name of
    a file in the game's `quickref/` folder, never a path (no folder, no `..`), so no name
    reaches, or even asks about, a file anywhere else."""
    if re.compile(_PLAIN_NAME).fullmatch(name) and ".." not in name:
        return None
    return (
        f"{name!r} is not a quick-reference template name: give the plain name of a file in "
        "layouts/<game>/quickref/ (letters, digits, '-', '_' and '.', no folders)"
    )


def render_file(
    catalog: Catalog, path: Path, context: Mapping[str, Any], field: str
) -> tuple[str | None, list[Issue]]:
    """Render one template file; (text, []) or (None, [issues])."""
    shown = catalog.display(path)
    if not present(path):
        return None, [Issue(shown, None, field, f"no template: expected the file {shown}")]
    try:
        text = read_text(path, catalog.root)
    except Unreadable as exc:
        return None, [file_issue(shown, exc, field)]
    try:  # render() locates a template error at the template's own line
        out, issue = render(text, context, file=shown, line=None, field=field)
    except InputError:  # a breach of the sandbox's bounds: bad input, with its line
        raise
    except Exception as exc:  # noqa: BLE001 - a helper called wrongly (TypeError, …)
        issue = Issue(
            shown,
            error_line(exc),
            field,
            f"the template cannot be rendered ({type(exc).__name__}): {exc}",
        )
    if issue is not None:
        return None, [issue]
    # the no-break spaces the catalog's language sets around punctuation, which a template's
    # own marks and a translation typed with ordinary spaces lack
    return spaced(out, catalog.lang or catalog.game.language), []


def render_quickref(
    catalog: Catalog, name: str, context: dict[str, Any] | None = None
) -> tuple[str | None, list[Issue]]:
    """The rendered markup of one quick-reference template (or None and the Issues): the
    text both a reference card's face and the quick-reference booklet use."""
    problem = quickref_name_problem(name)
    if problem is not None:
        return None, [
            Issue(
                catalog.display(layouts_dir(catalog) / "quickref"),
                None,
                "quickref",
                problem,
                bad_input=True,
            )
        ]
    if not context:
        context = template_context(catalog)
    return render_file(catalog, quickref_template(catalog, name), context, f"quickref.{name}")
