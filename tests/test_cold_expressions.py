"""A layout's `when` expressions are compiled once and their code kept in the user cache
like a string template's (`templating.BoundedSandbox.compile_expression`): a later process
reads the code back instead of parsing and compiling, and the expression it makes answers
exactly as the freshly compiled one, undefined names and bad syntax included. Counted
through `templating.CODE_STATS`, never timed."""

from __future__ import annotations

import pytest
from jinja2 import TemplateSyntaxError

from cardstock.core import templating

EXPRESSIONS = ("stat is not none", "accent_icon", "back.title ~ '!' if back else 'none'", "n > 2 and tint(c, 0.5)", "missing")
VALUES = ({"stat": None, "accent_icon": "", "back": {"title": "Pack"}, "n": 3, "c": "#336699"},
          {"stat": {"value": 2}, "accent_icon": "fire", "back": None, "n": 1, "c": "#000000"})


def answers(env: templating.BoundedSandbox) -> list[object]:
    out = []
    for text in EXPRESSIONS:
        run = env.compile_expression(text)
        out += [run(**v) for v in VALUES]
    return out


def test_an_expression_is_compiled_once_then_read_back_and_answers_the_same(tmp_path, monkeypatch):
    from cardstock.layout.context import HELPERS

    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(templating, "_CODE", {})
    env = templating.environment(**HELPERS)
    compiled, read = templating.CODE_STATS.compiled, templating.CODE_STATS.read
    fresh = answers(env)
    assert (templating.CODE_STATS.compiled - compiled, templating.CODE_STATS.read - read) == (len(EXPRESSIONS), 0)
    assert fresh[-2:] == [None, None]  # an undefined name reads as None, as Jinja's own does

    monkeypatch.setattr(templating, "_CODE", {})  # a new process: only the cache folder remains
    again = answers(templating.environment(**HELPERS))
    assert again == fresh
    assert (templating.CODE_STATS.compiled - compiled, templating.CODE_STATS.read - read) == (len(EXPRESSIONS), len(EXPRESSIONS))

    for _ in range(2):  # bad syntax is never kept: it fails the same way every time
        with pytest.raises(TemplateSyntaxError, match="chunk after expression|unexpected"):
            env.compile_expression("stat is not none )")
