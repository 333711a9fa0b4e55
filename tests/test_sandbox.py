"""Every template cardstock renders — catalog text, layouts, rulebooks, quick references and
the downloads page — runs in one bounded sandbox: no code, no Python reprs on a face, and a
breach of a bound is a located error (exit 2) that arrives quickly."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
from jinja2 import TemplateError

from cardstock.core import patterns
from cardstock.core.templating import environment, template_message

from conftest import ROOT


def rendered(text: str, **context) -> str:
    return environment().from_string(text).render(**context)


def refusal(text: str, **context) -> str:
    """The message a template's refusal gives (it must be refused)."""
    with pytest.raises(TemplateError) as info:
        rendered(text, **context)
    return template_message(info.value)


# ---------------------------------------------------------------- one factory for every caller


def test_no_module_builds_its_own_jinja_environment():
    package = ROOT / "cardstock"
    offenders = [
        p.relative_to(ROOT).as_posix()
        for p in package.rglob("*.py")
        if p.name != "templating.py" and ("Environment(" in p.read_text(encoding="utf-8") or "SandboxedEnvironment(" in p.read_text(encoding="utf-8"))
    ]
    assert offenders == []


# ---------------------------------------------------------------- the downloads page


def _project_with_page(tmp_path: Path, line: str) -> Path:
    shutil.copytree(ROOT / "tests" / "fixtures" / "catalog" / "mini", tmp_path / "catalog" / "mini")
    site = tmp_path / "layouts" / "site"
    site.mkdir(parents=True)
    template = (ROOT / "layouts" / "site" / "index.html.j2").read_text(encoding="utf-8")
    marker = "<h1>Print-and-play downloads</h1>"
    assert marker in template
    (site / "index.html.j2").write_text(template.replace(marker, f"<h1>{line}</h1>"), encoding="utf-8")
    return tmp_path


def _line_of(root: Path, needle: str) -> int:
    lines = (root / "layouts" / "site" / "index.html.j2").read_text(encoding="utf-8").splitlines()
    return next(n for n, text in enumerate(lines, 1) if needle in text)


def test_a_projects_page_template_cannot_run_a_command(tmp_path, cli):
    proof = tmp_path / "ran"
    root = _project_with_page(tmp_path, "{{ cycler.__init__.__globals__.os.popen('touch " + str(proof) + "').read() }}")
    result = cli("--root", str(root), "--jobs", "1")
    assert result.code == 2
    assert not proof.exists()
    line = _line_of(root, "cycler")
    assert f"layouts/site/index.html.j2:{line}: template: the template tried something templates may not do" in result.err
    assert "__init__" in result.err
    assert not (root / "output").exists()  # refused before anything was built


def test_the_page_prints_no_python_repr(tmp_path, cli):
    root = _project_with_page(tmp_path, "{{ games.append }}")
    result = cli("--root", str(root), "--jobs", "1")
    assert result.code == 2
    assert "'append' is a function, method or object, not a value that can be printed" in result.err


# ---------------------------------------------------------------- catalog text


def _text(mini, template: str) -> None:
    mini.replace("cards.csv", "Heal 2.", '"' + template + '"')


@pytest.mark.parametrize(
    "template, message",
    [
        ("{{ 'x' * 3000000000 }}", "longer than 4,000,000"),
        ("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}", "more than 1,000,000 steps (loop iterations"),
        ("{% set l = range(100000)|list %}{% for a in l %}{% for b in l %}{% endfor %}{% endfor %}", "more than 1,000,000 steps (loop iterations"),
        ("{{ name.format_map }}", "'format_map' is a function, method or object"),
        ("{{ '%999999999d' % 1 }}", "format width 999999999 is larger than the limit of 1000"),
    ],
)
def test_a_card_text_over_a_bound_stops_quickly_with_its_location(mini, cli, template, message):
    _text(mini, template)
    started = time.monotonic()
    result = cli("--root", str(mini.root), "--jobs", "1")
    assert time.monotonic() - started < 20
    assert result.code == 2, result.err
    assert "catalog/mini/cards.csv:5: text: the text " in result.err and message in result.err
    assert "Traceback" not in result.err
    assert [p.name for p in (mini.root / "output").rglob("*") if p.is_file() and ".cache" not in p.parts] == []


def test_plain_card_text_templates_still_render(mini, cli):
    _text(mini, "Heal {{ strength * 2 }} ({{ '%03d' % strength }}, {{ '{:>4}'.format(name) }}).")
    result = cli("--root", str(mini.root), "--jobs", "1", "--only", "svg")
    assert result.code == 0, result.err
    svg = (mini.root / "output" / "mini" / "svg" / "spring.svg").read_text(encoding="utf-8")
    assert "Heal 4 (002," in svg and "Spring)." in svg


def test_a_group_pattern_with_a_huge_width_is_refused_at_its_line(mini, cli):
    mini.replace("game.toml", 'group = "Deck: {suit}"', 'group = "Deck: {suit:>999999999}"')
    result = cli("--root", str(mini.root), "list")
    assert result.code == 2
    assert "catalog/mini/game.toml:" in result.err and "group" in result.err and "larger than the limit of 1000" in result.err


# ---------------------------------------------------------------- the sandbox's bounds, one by one


@pytest.mark.parametrize(
    "template, message",
    [
        ("{{ 'ab'.ljust(10**9) }}", "the width 1000000000 is larger"),
        ("{{ 'x'|center(10**9) }}", "the width 1000000000 is larger"),
        ("{{ '{:{w}}'.format('x', w=10**9) }}", "nested field"),
        ("{{ '%*d' % (10**9, 1) }}", "'*' width"),
        ("{{ '%s'|format('x') ~ '%.5000f'|format(1) }}", "format width 5000"),
        ("{{ 2 ** (10**9) }}", "larger than 1,000,000 bits"),
        ("{% set ns = namespace(s='x'*1000) %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}", "longer than 4,000,000"),
        ("{% set ns = namespace(s=[1]*1000) %}{% for i in range(40) %}{% set ns.s = ns.s + ns.s %}{% endfor %}", "longer than 4,000,000"),
        ("{% for i in range(100000) %}{{ 'x' * 100 }}{% endfor %}", "output is longer than 4,000,000"),
        ("{% macro f(n) %}{% if n %}{{ f(n-1) }}{{ f(n-1) }}{% endif %}{% endmacro %}{{ f(40) }}", "calls at 10 each"),
        ("{{ lipsum(100000) }}", "at most 50 paragraphs"),
        ("{{ 'x'.replace('', 'y' * 1000) * 1 ~ ('ab' * 3000).replace('', 'z' * 1000) }}", "longer than 4,000,000"),
        ("{{ range }}", "is a function, method or object"),
        ("{{ [name.upper] }}", "'upper' is a function"),
    ],
)
def test_each_bound_is_enforced_quickly(template, message):
    started = time.monotonic()
    assert message in refusal(template, name="Bob")
    assert time.monotonic() - started < 5


def test_ordinary_templates_are_unaffected():
    assert rendered("{% for i in range(3) %}{{ i }}{% endfor %}|{{ '%5.1f' % 2.25 }}|{{ [1, 'a'] }}|{{ {'k': 2} }}|{{ 'ab' * 3 }}|{{ 'x'|center(5) }}|") == "012|  2.2|[1, 'a']|{'k': 2}|ababab|  x  |"


def test_a_pattern_is_plain_names_with_bounded_widths():
    assert patterns.safe_format("Realm: {realm:>5}", {"realm": "Sky"}) == "Realm:   Sky"
    for bad in ("{realm.__class__}", "{0}", "{realm:{w}}", "{realm:>5000}", "{"):
        with pytest.raises(ValueError):
            patterns.check_pattern(bad)


def test_a_layout_template_over_a_bound_is_refused_at_its_line(mini, cli):
    faces = mini.root / "layouts" / "mini" / "faces.toml"
    faces.parent.mkdir(parents=True)
    faces.write_text("[layouts.card.boxes.body]\nsize = \"{{ 'x' * 3000000000 }}\"\n", encoding="utf-8")
    result = cli("--root", str(mini.root), "--jobs", "1", "--only", "svg")
    assert result.code == 2
    assert "layouts/mini/faces.toml:2: layouts.card.boxes.body.size: the template goes over a limit" in result.err


def test_a_page_template_that_needs_built_files_is_not_refused_before_the_build(tmp_path, cli):
    # before the first build there is no cover; the page itself is rendered after the build
    root = _project_with_page(tmp_path, "{{ games[0].cover.src }}")
    result = cli("--root", str(root), "--jobs", "1", "--paper", "letter")
    assert result.code == 0, result.err
    assert "<h1>mini/svg/ember.svg</h1>" in (root / "output" / "index.html").read_text(encoding="utf-8")


def test_a_page_template_that_fails_on_the_built_data_is_a_located_error(tmp_path, cli):
    root = _project_with_page(tmp_path, "{{ games[0].downloads[5].href }}")
    result = cli("--root", str(root), "--jobs", "1", "--paper", "letter")
    assert result.code == 2
    line = _line_of(root, "downloads[5]")
    assert f"layouts/site/index.html.j2:{line}: template: the template names something that does not exist" in result.err


def test_the_rules_check_reports_a_breach_as_bad_input(mini, cli):
    _text(mini, "{{ 'x' * 3000000000 }}")
    result = cli("--root", str(mini.root), "check", "mini")
    assert result.code == 2
    assert "catalog/mini/cards.csv:5: text: the text goes over a limit" in result.err
