"""The names a rule template's `{% set %}` lines give (`cardstock.rules.reading.rendered_forms.
template_names`) are worked out under the template budget, as one render of the template:
a line past a bound is bad input at its line, with the message the template's render gives,
reported once and not run again; a line the checker merely cannot evaluate stays unknown."""

from __future__ import annotations

from typing import Any

import pytest
from read_catalog import read_catalog

from cardstock.core.issues import InputError
from cardstock.rules.reading import rendered_forms
from cardstock.rules.reading.rendered_forms import template_names

BOOK = "layouts/moon-race/rulebook.md.j2"
STEPS = "the text goes over a limit: the template runs more than 1,000,000 steps"
# 10^10 loop steps on one line: never finishes outside the budget
LOOPS = (
    "{% set x = 1 %}{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}"
    "{% endfor %}"
)
# 600,060 steps (six loops, a call of range at 10 each): within the budget once, past it twice
HALF = "{% set {name} %}" + "{% for i in range(100000) %}{% endfor %}" * 6 + "{% endset %}"


def _catalog(*lines: tuple[str, int, str], **given: Any) -> Any:
    return read_catalog(template_raw_lines=list(lines), template_names={"": dict(given)})


def _breach(catalog: Any, shown: str = BOOK) -> tuple[str, int | None, str, str]:
    with pytest.raises(InputError) as raised:
        template_names(catalog, shown)
    (issue,) = raised.value.issues
    return issue.file, issue.line, issue.field, str(issue.message)


def test_a_set_line_that_loops_past_the_step_budget_is_bad_input_at_its_line() -> None:
    catalog = _catalog((BOOK, 1, "{% set n = 2 %}"), (BOOK, 25, LOOPS))
    file, line, field, message = _breach(catalog)
    assert (file, line, field) == (BOOK, 25, "rulebook")
    assert message.startswith(STEPS), message


def test_the_set_lines_of_one_template_share_one_budget_as_one_render_does() -> None:
    first, second = HALF.replace("{name}", "a"), HALF.replace("{name}", "b")
    assert template_names(_catalog((BOOK, 3, first)), BOOK) is not None
    file, line, _, message = _breach(_catalog((BOOK, 3, first), (BOOK, 9, second)))
    assert (file, line) == (BOOK, 9)
    assert message.startswith(STEPS), message


def test_a_set_line_that_runs_out_of_memory_is_reported_not_passed_over() -> None:
    def exhausts() -> None:
        raise MemoryError

    catalog = _catalog((BOOK, 4, "{% set big = exhausts() %}"), exhausts=exhausts)
    _, line, _, message = _breach(catalog)
    assert line == 4
    assert message == (
        "the text goes over a limit: the template needs more memory than this machine gives it"
    )


def test_a_quick_references_breach_is_reported_under_its_own_field() -> None:
    front = "layouts/moon-race/quickref/front.md.j2"
    file, line, field, _ = _breach(_catalog((front, 2, LOOPS)), front)
    assert (file, line, field) == (front, 2, "quickref.front")


def test_a_breach_is_raised_again_to_a_later_reader_without_running_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    catalog = _catalog((BOOK, 25, LOOPS))
    first = _breach(catalog)
    runs: list[object] = []
    monkeypatch.setattr(rendered_forms, "budgeted", lambda run: runs.append(run))
    assert _breach(catalog) == first
    assert runs == []


def test_a_set_line_naming_what_the_checker_lacks_stays_unknown() -> None:
    catalog = _catalog((BOOK, 1, "{% set a = 2 %}"), (BOOK, 2, "{% set b = nosuch.count %}"))
    names = template_names(catalog, BOOK)
    assert names is not None
    assert names["a"] == 2 and "b" not in names
