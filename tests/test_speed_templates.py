"""Compiled string templates are kept in cardstock's cache folder: a later process reads
the code instead of compiling it again, the code is the bounded sandbox's own (loops are
still counted, the sandbox still refuses what it refuses), and a template compiled for
one environment's settings is never used by another's."""

from __future__ import annotations

import pytest
from jinja2.exceptions import SecurityError

from cardstock.core import templating
from cardstock.core.templating import environment


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path))
    templating._CODE.clear()
    yield tmp_path / "templates"
    templating._CODE.clear()


def fresh_process() -> None:
    templating._CODE.clear()  # what a new process would not have in memory


def test_a_string_template_is_compiled_once_then_read_back(cache):
    source = "{{ name | upper }} deals {{ n * 2 }}{% for x in xs %}[{{ x }}]{% endfor %}"
    before = templating.CODE_STATS.compiled, templating.CODE_STATS.read
    assert environment().from_string(source).render(name="imp", n=3, xs=[1, 2]) == "IMP deals 6[1][2]"
    assert len(list(cache.glob("*.code"))) == 1
    fresh_process()
    assert environment().from_string(source).render(name="elf", n=4, xs=[]) == "ELF deals 8"
    assert (templating.CODE_STATS.compiled, templating.CODE_STATS.read) == (before[0] + 1, before[1] + 1)


def test_code_read_back_is_still_bounded(cache):
    loop = "{% for x in xs %}.{% endfor %}"
    environment().from_string(loop).render(xs=[1])
    fresh_process()
    read = templating.CODE_STATS.read
    with pytest.raises(templating.TemplateLimit):
        environment().from_string(loop).render(xs=range(templating.MAX_STEPS + 5))
    assert templating.CODE_STATS.read == read + 1
    sneaky = "{{ ''.__class__ }}"
    for _ in range(2):
        fresh_process()
        with pytest.raises(SecurityError):
            environment().from_string(sneaky).render()


def test_other_settings_get_other_code(cache):
    source = "{{ text }}"
    assert environment().from_string(source).render(text="<b>") == "<b>"
    fresh_process()
    assert environment(autoescape=True).from_string(source).render(text="<b>") == "&lt;b&gt;"
    assert len(list(cache.glob("*.code"))) == 2


def test_a_damaged_entry_is_compiled_again(cache):
    environment().from_string("{{ 1 + 1 }}").render()
    (entry,) = cache.glob("*.code")
    entry.write_bytes(b"not code")
    fresh_process()
    compiled = templating.CODE_STATS.compiled
    assert environment().from_string("{{ 1 + 1 }}").render() == "2"
    assert templating.CODE_STATS.compiled == compiled + 1
