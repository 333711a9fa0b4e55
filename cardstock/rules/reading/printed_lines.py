"""Each line of a rule template as the template prints it, for the lines the checker
cannot render alone (`rendered_forms`): a name a `{% for %}` loop gives, an `{% if %}` or
another block that spans lines.

The part of the template around the line that starts and ends outside any block
(`_top_lines`: the `{% if %}…{% endif %}` or `{% for %}…{% endfor %}` it is in) is rendered
once, with the names a line alone is rendered with and `fact` as the caller gives it (a
name it reads that they lack, a book's own helper such as `cover()`, is a function that
prints nothing), after a marker (`\\x05N\\x06`, N the line's number) is written at the
start of every line that starts outside a tag (`_open_lines`: a line inside a `{{ … }}`,
`{% … %}`, `{# … #}` or `{% raw %}` that began on an earlier line gets none); when that
part cannot be rendered on its own (a macro's argument), the whole template is. The output
is cut at the markers: what follows a line's marker, up to the next marker, is what that
line printed. A line in a loop prints once for each time round it (each a reading of its
own); a line never reached (the branch of an `{% if %}` not taken, a macro never called)
prints nothing, and its caller reads it with gaps instead. A marker a `{% set %}…{% endset
%}` block captures prints where its name is rendered, so a block set over several lines may
cut a later line's reading short: the shipped templates set such names on one line.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core.templating import plain
from .reads import reads_of

if TYPE_CHECKING:
    from ...catalog.load import Catalog

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


# the tags that open a block an `{% end… %}` closes (`set` only without `=`: a block set)
_OPENS = {"for", "if", "macro", "call", "filter", "trans", "with", "block", "autoescape"}


def _top_lines(text: str) -> set[int]:
    """The numbers of the lines of `text` that start outside any block and any tag: where a
    part of the template that can be rendered on its own may start."""
    depth, line = 0, 1
    top = {1}
    tokens = list(plain().lex(text))
    for i, (lineno, kind, value) in enumerate(tokens):
        if kind == "block_begin":
            rest = [t for t in tokens[i + 1 :] if t[1] != "whitespace"]
            name = rest[0][2] if rest and rest[0][1] == "name" else ""
            tag = []
            for t in rest:
                if t[1] == "block_end":
                    break
                tag.append(t)
            if name.startswith("end"):
                depth -= 1
            elif name in _OPENS or (name == "set" and not any(t[2] == "=" for t in tag)):
                depth += 1
        for _ in range(value.count("\n")):
            line = max(line, lineno) + 1
            if depth == 0:
                top.add(line)
    return top & _open_lines(text)


def _nothing(*_: Any, **__: Any) -> str:
    return ""


def printed(text: str, context: Mapping[str, Any], first: int = 1) -> dict[int, list[str]] | None:
    """What each line of the template `text` printed when it was rendered with `context`, by
    line number (counted from `first`; one text for each time the line was reached); None
    when the template cannot be rendered so."""
    try:
        opened = _open_lines(text)
        lines = text.splitlines(keepends=True)
        marked = "".join(
            (f"\x05{n + first - 1}\x06" if n in opened else "") + line
            for n, line in enumerate(lines, 1)
        )
        env = plain()
        # a name the rules' context lacks (a book's own helper, `cover()`, `page_break()`)
        # prints nothing
        blank = {k: _nothing for k in env.compiled("l", marked) if k not in context}
        out = str(env.compiled("t", marked).render({**blank, **context}))
    except Exception:  # noqa: BLE001 - not renderable so: the caller reads gaps
        return None
    found: dict[int, list[str]] = {}
    cuts = list(_MARK.finditer(out))
    for m, after in zip(cuts, [*cuts[1:], None]):
        end = len(out) if after is None else after.start()
        found.setdefault(int(m.group(1)), []).append(out[m.end() : end])
    return found


def printed_line(
    catalog: Catalog, shown_as: str, n: int, lines: list[str], context: Mapping[str, Any]
) -> list[str]:
    """What line `n` of the rule template shown as `shown_as` (its `lines`) prints, each time
    it is reached: read from the smallest part of the template around it that starts and
    ends outside any block (the `{% if %}…{% endif %}` or `{% for %}…{% endfor %}` it is in,
    rendered with `context` as a line alone is), or from the whole template when that part
    cannot be rendered on its own; [] when neither prints it. Each part is rendered once per
    load of its catalog (`reads.Reads.template_printed`)."""
    reads = reads_of(catalog)
    kept = reads.template_printed
    if kept is None:
        kept = reads.template_printed = {}
    text = "\n".join(lines)
    if (shown_as, -1) not in kept:  # the lines a part may start at, as a part's key
        kept[(shown_as, -1)] = {t: [] for t in _top_lines(text)}
    top = sorted(kept[(shown_as, -1)] or {})
    a = max((t for t in top if t <= n), default=1)
    b = min((t for t in top if t > n), default=len(lines) + 1)
    if (shown_as, a) not in kept:
        kept[(shown_as, a)] = printed("\n".join(lines[a - 1 : b - 1]), context, first=a)
    found = kept[(shown_as, a)]
    if found is None:  # not on its own (a macro's argument): the whole template
        if (shown_as, 0) not in kept:
            kept[(shown_as, 0)] = printed(text, context)
        found = kept[(shown_as, 0)]
    return (found or {}).get(n, [])
