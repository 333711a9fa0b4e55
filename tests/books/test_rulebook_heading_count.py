"""A rulebook has at most `MOST_HEADINGS` headings (`books.bounds`): each is a row of the
contents, one ReportLab table, and the time to lay the book out grows faster than their
number (1,000 headings took 1 s, 8,000 took 19 s). The heading past the bound is an error of
bad input at the template's line that wrote it, found before anything is typeset; the
bound itself is typeset."""

from __future__ import annotations

from pathlib import Path

from helpers_rulebook import findings_with

from cardstock.books.bounds import MOST_HEADINGS, bound_problems
from cardstock.core.issues import Issue

GAME = "alpha-omega-tiles"
WHERE = "layouts/g/rulebook.md.j2"


def _found(tmp_path: Path, added: str) -> tuple[list[Issue], int, int]:
    """What the check finds of the game's rulebook with `added` at its end, the line it
    starts at, and how often the book was typeset (`helpers_rulebook.findings_with`)."""
    return findings_with(tmp_path, GAME, added)


def test_the_most_headings_are_within_the_bound_and_one_more_is_said_at_its_line() -> None:
    text = "".join(f"## Part {n}\n\nWords.\n\n" for n in range(MOST_HEADINGS))
    assert bound_problems(text, WHERE, lambda: text) == []
    text += "# One more\n\n# And another\n"
    found = bound_problems(text, WHERE, lambda: text)
    assert [(i.line, i.field, i.bad_input) for i in found] == [
        (4 * MOST_HEADINGS + 1, "heading", True)
    ]
    assert f"a heading past the {MOST_HEADINGS:,} a rulebook may have" in found[0].message


def test_headings_a_loop_writes_past_the_bound_are_an_error_at_its_line_and_nothing_is_typeset(
    tmp_path: Path,
) -> None:
    loop = f"{{% for i in range({MOST_HEADINGS + 1}) %}}\n## Part {{{{ i }}}}\n\n{{% endfor %}}\n"
    found, line, typeset = _found(tmp_path, "Parts follow.\n\n" + loop)
    assert [(i.file, i.line, i.field, i.bad_input) for i in found] == [
        (f"layouts/{GAME}/rulebook.md.j2", line + 2, "heading", True)
    ]
    assert typeset == 0
