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


# Templates of the kinds a rule template holds: names set in one branch and read after it,
# read before they are set, looped, a macro's arguments, a namespace written into, words
# marked for translation with a value, and helpers the rules' context does not give.
LOADED_SAMPLES = [
    "{% if rare %}{% set tag = 'R' %}{% endif %}{{ tag() }} {{ cards | length }}",
    "{% for c in cards %}{{ loop.index }}. {{ c.name }}{% endfor %}{{ c() }}",
    "{% macro badge(n, colour=accent) %}{{ n() }}{{ colour }}{% endmacro %}{{ badge(rank) }}",
    "{{ total() }}{% set total = cards[0].name %}{{ total }}",
    "{% set ns = namespace(n=0) %}{% for c in cards %}{% set ns.n = ns.n + 1 %}{% endfor %}"
    "{{ ns.n }}",
    "{% trans count=players %}{{ count }} player{% pluralize %}{{ count }} players{% endtrans %}",
    "{{ cover() }}{{ page_break() }}## {{ game.title }}",
]


def test_the_names_a_template_loads_hold_every_name_it_is_not_given():
    from jinja2 import meta

    env = plain()
    for text in LOADED_SAMPLES:
        tree = env.parse(text)
        assert meta.find_undeclared_variables(tree) <= env.compiled("l", text), text


def test_a_template_given_a_blank_for_each_name_it_loads_renders_as_with_its_undeclared():
    from cardstock.core import templating

    def nothing(*_: object, **__: object) -> str:
        return ""

    env = templating.environment()
    context = {"cards": [{"name": "Ace"}, {"name": "Two"}], "rare": False, "players": 3}
    outcomes: list[str] = []
    for text in LOADED_SAMPLES:
        by_names: list[str] = []
        for kind in ("n", "l"):
            blank = {k: nothing for k in env.compiled(kind, text) if k not in context}
            try:
                by_names.append(env.compiled("t", text).render({**blank, **context}))
            except Exception as exc:  # noqa: BLE001 - a blank printed is refused: the same
                by_names.append(f"{type(exc).__name__}: {exc}")
        assert by_names[0] == by_names[1], text
        outcomes.append(by_names[0])
    assert "Ace" in "".join(outcomes)  # the samples do render


def test_the_names_a_template_loads_are_found_without_generating_its_code(monkeypatch):
    from jinja2 import meta

    from cardstock.core import templating

    looked: list[object] = []
    monkeypatch.setattr(
        templating.meta, "find_undeclared_variables", lambda tree: looked.append(tree) or set()
    )
    monkeypatch.setattr(
        templating.CodeGenerator, "visit_Template", lambda *_: looked.append("code")
    )
    env = templating.environment()
    text = "{% set n = range(2) %}{{ card.name }}{{ n }}"
    assert env.compiled("l", text) == {"card", "n"}  # a global (`range`) is not asked of it
    assert looked == []
    assert meta  # the module the patch stands in for
