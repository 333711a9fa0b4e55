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


def test_an_environment_finds_the_names_a_text_is_not_given_once(monkeypatch):
    from jinja2 import meta

    from cardstock.core import templating

    looked: list[object] = []
    real = meta.find_undeclared_variables
    monkeypatch.setattr(
        templating.meta, "find_undeclared_variables", lambda tree: looked.append(tree) or real(tree)
    )
    env = templating.environment()  # a fresh one: nothing found before
    text = "{% set n = 2 %}{{ card.name }} × {{ n }}{{ colour }}"
    assert env.compiled("n", text) == {"card", "colour"}
    assert env.compiled("n", text) == {"card", "colour"}
    assert env.compiled("n", "{{ other }}") == {"other"}
    assert len(looked) == 2
