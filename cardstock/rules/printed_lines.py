"""Each line of a rule template as the whole template prints it, for the lines the checker
cannot render alone (`rendered_forms`): a name a `{% for %}` loop, a macro, a `{% set %}…{%
endset %}` block or an enclosing `{% if %}` gives.

The template is rendered once, with the game's template context and `fact` as the caller
gives it (a name it reads that the context lacks, a book's own helper such as `cover()`,
is a function that prints nothing), after a marker (`\\x05N\\x06`, N the line's number)
is written at the start of every line that starts outside a tag (`_open_lines`: a line
inside a `{{ … }}`, `{% … %}`, `{# … #}` or `{% raw %}` that began on an earlier line gets
none). The output is cut at the markers: what follows a line's marker, up to the next
marker, is what that line printed. A line in a loop prints once for each time round it
(each a reading of its own); a line never reached (the branch of an `{% if %}` not taken, a
macro never called) prints nothing, and its caller reads it with gaps instead. A marker a
`{% set %}…{% endset %}` block captures prints where its name is rendered, so a block set
over several lines may cut a later line's reading short: the shipped templates set such
names on one line.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..core import files
from ..core.templating import plain
from .phrases import templates

_MARK = re.compile("\x05(\\d+)\x06")
_BEGIN = {"block_begin", "variable_begin", "comment_begin", "raw_begin", "linestatement_begin"}
_END = {"block_end", "variable_end", "comment_end", "raw_end", "linestatement_end"}


def _open_lines(text: str) -> set[int]:
    """The numbers of the lines of `text` that start outside any tag, where a marker may be
    written without changing what the template means."""
    closed: set[int] = set()
    began: int | None = None
    for lineno, kind, _ in plain().lex(text):
        if kind in _BEGIN and began is None:
            began = lineno
        elif kind in _END and began is not None:
            closed.update(range(began + 1, lineno + 1))
            began = None
    return set(range(1, text.count("\n") + 2)) - closed


def _nothing(*_: Any, **__: Any) -> str:
    return ""


def printed(text: str, context: Mapping[str, Any]) -> dict[int, list[str]] | None:
    """What each line of the template `text` printed when the whole template was rendered
    with `context`, by line number (one text for each time the line was reached); None when
    the template cannot be rendered so."""
    try:
        opened = _open_lines(text)
        lines = text.splitlines(keepends=True)
        marked = "".join(
            (f"\x05{n}\x06" if n in opened else "") + line for n, line in enumerate(lines, 1)
        )
        env = plain()
        # a name the rules' context lacks (a book's own helper, `cover()`, `page_break()`)
        # prints nothing
        blank = {k: _nothing for k in env.compiled("n", marked) if k not in context}
        out = str(env.compiled("t", marked).render({**blank, **context}))
    except Exception:  # noqa: BLE001 - not renderable as a whole: the caller reads gaps
        return None
    found: dict[int, list[str]] = {}
    cuts = list(_MARK.finditer(out))
    for m, after in zip(cuts, [*cuts[1:], None]):
        end = len(out) if after is None else after.start()
        found.setdefault(int(m.group(1)), []).append(out[m.end() : end])
    return found


def printed_lines(catalog: Any, shown_as: str, context: Mapping[str, Any]) -> dict[int, list[str]]:
    """`printed` of the game's rule template shown as `shown_as` ({} when it cannot be read or
    rendered), made once per template and load of its catalog (`Catalog.template_printed`)."""
    kept: dict[str, dict[int, list[str]]] | None = getattr(catalog, "template_printed", None)
    if kept is None:
        kept = {}
        catalog.template_printed = kept
    if shown_as not in kept:
        kept[shown_as] = {}
        for path, shown in templates(catalog):
            if shown != shown_as:
                continue
            try:
                text = files.read_text(path, catalog.root)  # held inside the project, bounded
            except files.Unreadable:
                break
            kept[shown_as] = printed(text, context) or {}
    return kept[shown_as]
