"""The names a template reads that its context must give: what it loads, less what it sets
itself (a `set`, a loop variable, a macro and its arguments, an imported name)."""

from __future__ import annotations

from cardstock.core.templating import _names_read, plain


def names(text: str) -> set[str]:
    return _names_read(plain().parse(text))


def test_names_set_looped_or_defined_in_the_template_are_its_own():
    text = (
        "{% set total = 3 %}{% for card in cards %}{{ card.name }}{% endfor %}"
        "{% macro badge(n) %}{{ n }}{{ colour }}{% endmacro %}{{ badge(total) }}{{ game.title }}"
    )
    assert names(text) == {"cards", "colour", "game"}


def test_imported_names_are_its_own_and_loop_and_caller_are_given():
    text = (
        "{% from 'x' import one, two as three %}{% import 'y' as lib %}"
        "{{ one }}{{ three }}{{ lib.f() }}{{ loop }}{{ caller }}{{ rows }}"
    )
    assert names(text) == {"rows"}
