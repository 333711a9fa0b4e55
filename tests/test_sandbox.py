"""Every template cardstock renders — catalog text, layouts, rulebooks, quick references and
the downloads page — runs in one bounded sandbox: no code, no Python reprs on a face, and a
breach of a bound is a located error (exit 2). Every bound counts work (steps, bytes made,
the rendering thread's processor time), never wall time, and no test here asserts a time:
each asserts the refusal, its message, and where it counts, the work done before it."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
from conftest import ROOT, spread
from helpers_bounds import MEMORY_MB, bounded_build, first_error
from jinja2 import TemplateError

from cardstock.core import template_budget
from cardstock.core.template_budget import CALL_STEPS, MAX_CPU_SECONDS, MAX_STEPS
from cardstock.core.templating import environment, template_message


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
        if p.name != "templating.py"
        and (
            "Environment(" in p.read_text(encoding="utf-8")
            or "SandboxedEnvironment(" in p.read_text(encoding="utf-8")
        )
    ]
    assert offenders == []


# ---------------------------------------------------------------- the downloads page


def _project_with_page(tmp_path: Path, line: str) -> Path:
    shutil.copytree(ROOT / "tests" / "fixtures" / "catalog" / "mini", tmp_path / "catalog" / "mini")
    site = tmp_path / "layouts" / "site"
    site.mkdir(parents=True)
    template = (ROOT / "layouts" / "site" / "index.html.j2").read_text(encoding="utf-8")
    marker = "<h1>{{ said.title }}</h1>"
    assert marker in template
    (site / "index.html.j2").write_text(
        template.replace(marker, f"<h1>{line}</h1>"), encoding="utf-8"
    )
    return tmp_path


def _line_of(root: Path, needle: str) -> int:
    lines = (root / "layouts" / "site" / "index.html.j2").read_text(encoding="utf-8").splitlines()
    return next(n for n, text in enumerate(lines, 1) if needle in text)


def test_a_projects_page_template_cannot_run_a_command(tmp_path, cli):
    proof = tmp_path / "ran"
    root = _project_with_page(
        tmp_path, "{{ cycler.__init__.__globals__.os.popen('touch " + str(proof) + "').read() }}"
    )
    result = cli("--root", str(root), "--jobs", "1")
    assert result.code == 2
    assert not proof.exists()
    line = _line_of(root, "cycler")
    assert (
        f"layouts/site/index.html.j2:{line}: template: the template tried something templates may "
        "not do" in result.err
    )
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
        (
            "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
            "more than 1,000,000 steps (loop iterations",
        ),
        (
            "{% set l = range(100000)|list %}{% for a in l %}{% for b in l %}{% endfor %}{% "
            "endfor %}",
            "more than 1,000,000 steps (loop iterations",
        ),
        ("{{ name.format_map }}", "'format_map' is a function, method or object"),
        ("{{ '%999999999d' % 1 }}", "format width 999999999 is larger than the limit of 1000"),
    ],
)
def test_a_card_text_over_a_bound_is_refused_with_its_location(mini, cli, template, message):
    _text(mini, template)
    result = cli("--root", str(mini.root), "--jobs", "1")
    assert result.code == 2, result.err
    assert "catalog/mini/cards.csv:5: text: the text " in result.err and message in result.err
    assert "Traceback" not in result.err
    assert [
        p.name for p in (mini.root / "output").rglob("*") if p.is_file() and ".cache" not in p.parts
    ] == []


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
    assert (
        "catalog/mini/game.toml:" in result.err
        and "group" in result.err
        and "format spec" in result.err
    )


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
        (
            "{% set ns = namespace(s='x'*1000) %}{% for i in range(40) %}{% set ns.s = ns.s ~ "
            "ns.s %}{% endfor %}",
            "longer than 4,000,000",
        ),
        (
            "{% set ns = namespace(s=[1]*1000) %}{% for i in range(40) %}{% set ns.s = ns.s + "
            "ns.s %}{% endfor %}",
            "longer than 4,000,000",
        ),
        (
            "{% for i in range(100000) %}{{ 'x' * 100 }}{% endfor %}",
            "output is longer than 4,000,000",
        ),
        (
            "{% macro f(n) %}{% if n %}{{ f(n-1) }}{{ f(n-1) }}{% endif %}{% endmacro %}{{ f(40) "
            "}}",
            "calls at 10 each",
        ),
        ("{{ lipsum(100000) }}", "at most 50 paragraphs"),
        (
            "{{ 'x'.replace('', 'y' * 1000) * 1 ~ ('ab' * 3000).replace('', 'z' * 1000) }}",
            "longer than 4,000,000",
        ),
        ("{{ range }}", "is a function, method or object"),
        ("{{ [name.upper] }}", "'upper' is a function"),
    ],
)
def test_each_bound_is_enforced(template, message):
    assert message in refusal(template, name="Bob")


def test_ordinary_templates_are_unaffected():
    assert (
        rendered(
            "{% for i in range(3) %}{{ i }}{% endfor %}|{{ '%5.1f' % 2.25 }}|{{ [1, 'a'] }}|{{ "
            "{'k': 2} }}|{{ 'ab' * 3 }}|{{ 'x'|center(5) }}|"
        )
        == "012|  2.2|[1, 'a']|{'k': 2}|ababab|  x  |"
    )


def test_a_layout_template_over_a_bound_is_refused_at_its_line(mini, cli):
    faces = mini.root / "layouts" / "mini" / "faces.toml"
    faces.parent.mkdir(parents=True)
    faces.write_text(
        "[layouts.card.boxes.body]\nsize = \"{{ 'x' * 3000000000 }}\"\n", encoding="utf-8"
    )
    result = cli("--root", str(mini.root), "--jobs", "1", "--only", "svg")
    assert result.code == 2
    assert (
        "layouts/mini/faces.toml:2: layouts.card.boxes.body.size: the template goes over a limit"
        in result.err
    )


def test_a_page_template_that_needs_built_files_is_not_refused_before_the_build(tmp_path, cli):
    # before the first build there is no cover; the page itself is rendered after the build
    root = _project_with_page(tmp_path, "{{ games[0].cover.src }}")
    result = cli("--root", str(root), "--jobs", "1", "--paper", "letter")
    assert result.code == 0, result.err
    assert "<h1>mini/svg/ember.svg</h1>" in (root / "output" / "index.html").read_text(
        encoding="utf-8"
    )


def test_a_page_template_that_fails_on_the_built_data_is_a_located_error(tmp_path, cli):
    root = _project_with_page(tmp_path, "{{ games[0].downloads[5].href }}")
    result = cli("--root", str(root), "--jobs", "1", "--paper", "letter")
    assert result.code == 2
    line = _line_of(root, "downloads[5]")
    assert (
        f"layouts/site/index.html.j2:{line}: template: the template names something that does not "
        "exist" in result.err
    )
    # found after the build wrote its files: the message says what was left unwritten
    assert "1 error; the other files were written, the downloads page was not." in result.err
    assert "nothing was written" not in result.err
    assert list((root / "output").rglob("*.pdf")) and not (root / "output" / "index.html").exists()


def test_the_rules_check_reports_a_breach_as_bad_input(mini, cli):
    _text(mini, "{{ 'x' * 3000000000 }}")
    result = cli("--root", str(mini.root), "check", "mini")
    assert result.code == 2
    assert "catalog/mini/cards.csv:5: text: the text goes over a limit" in result.err


# ---------------------------------------------------------------- budgets while a template runs

# each makes far more than memory holds if nothing stops it while it runs
BOMBS = {
    "a loop that keeps 4 MB texts": (
        "{% set l = [] %}{% for i in range(1000) %}{% set _ = l.append('x' * 3999999) %}{% endfor "
        "%}",
        "makes more than 256 MB",
    ),
    "a join of 700 texts of 4 MB": (
        "{{ (['x' * 3999999] * 700)|join }}",
        "joins a text longer than 4,000,000",
    ),
    "a sum of lists": ("{{ ([[1] * 100000] * 100000)|sum(start=[]) }}", "makes more than 256 MB"),
}

TEMPLATE_KINDS = ("card text cell", "layout template", "page template", "rulebook")


def _plant(root: Path, kind: str, template: str) -> str:
    """Put `template` into one kind of template of a copy of the fixture game; the
    location a message about it starts with."""
    if kind == "card text cell":
        cards = root / "catalog" / "mini" / "cards.csv"
        cards.write_text(
            cards.read_text(encoding="utf-8").replace(
                "Heal 2.", '"' + template.replace('"', '""') + '"'
            ),
            encoding="utf-8",
        )
        return "catalog/mini/cards.csv:5: text:"
    if kind == "layout template":
        (root / "layouts" / "mini").mkdir(parents=True, exist_ok=True)
        (root / "layouts" / "mini" / "faces.toml").write_text(
            f'[layouts.card.boxes.body]\ntext = """{template}"""\n', encoding="utf-8"
        )
        return "layouts/mini/faces.toml:2: layouts.card.boxes.body.text:"
    if kind == "page template":
        _project_with_page(root, template)
        return f"layouts/site/index.html.j2:{_line_of(root, template[:20])}: template:"
    (root / "layouts" / "mini").mkdir(parents=True, exist_ok=True)
    (root / "layouts" / "mini" / "rulebook.md.j2").write_text(
        f"# Mini\n\nThe rules.\n\n{template}\n", encoding="utf-8"
    )
    return "layouts/mini/rulebook.md.j2:5: rulebook:"


# each its own process: by default every bomb once and every kind of template at least
# once (`spread`); CARDSTOCK_FULL=1 plants every bomb in every kind
@pytest.mark.parametrize("bomb, kind", spread(list(BOMBS), TEMPLATE_KINDS))
def test_a_template_that_makes_too_much_stops_while_it_runs_within_500_mb(tmp_path, kind, bomb):
    root = tmp_path / "project"
    if kind != "page template":
        shutil.copytree(ROOT / "tests" / "fixtures" / "catalog" / "mini", root / "catalog" / "mini")
    template, message = BOMBS[bomb]
    where = _plant(root, kind, template)
    result = bounded_build(root)
    assert result.code == 2, result.err
    assert result.peak_mb < MEMORY_MB
    assert first_error(result.err).startswith(where), result.err
    assert message in first_error(result.err)
    assert (
        not (root / "output").exists()
        or [p for p in (root / "output").rglob("*") if p.is_file() and ".cache" not in p.parts]
        == []
    )


@pytest.mark.parametrize(
    "template, shown",
    [
        ("{{ self }}", "TemplateReference"),
        ("{{ '%r'|format(joiner) }}", "Joiner"),
        ("{{ '' ~ cycler }}", "Cycler"),
        ("{% for i in [1] %}{{ loop }}{% endfor %}", "LoopContext"),
        ("{{ '{!r}'.format(namespace()) }}", "Namespace"),
        ("{{ self|string }}", "TemplateReference"),
        ("{{ [joiner]|join }}", "Joiner"),
    ],
)
@pytest.mark.parametrize("kind", TEMPLATE_KINDS)
def test_no_template_prints_object_text(tmp_path, cli, kind, template, shown):
    root = tmp_path / "project"
    if kind != "page template":
        shutil.copytree(ROOT / "tests" / "fixtures" / "catalog" / "mini", root / "catalog" / "mini")
    where = _plant(root, kind, template)
    result = cli("--root", str(root), "build", "--jobs", "1")
    assert result.code == 2, result.err
    assert result.err.startswith(where), result.err
    assert (
        f"'{shown}' is a function, method or object, not a value that can be printed" in result.err
    )
    assert (
        "<" not in result.err.splitlines()[0].split(where)[1]
    )  # no object text, not even in the message


@pytest.mark.parametrize(
    "template, message",
    [
        ("{{ [[1] * 3999999] * 3999999 }}", "makes a text longer than 4,000,000"),
        ("{{ ([[1] * 3999999] * 3999999)|tojson }}", "makes a text longer than 4,000,000"),
        ("{{ ([[1] * 3999999] * 3999999)|string|length }}", "makes a text longer than 4,000,000"),
        ("{{ '%s' % ([[1] * 3999999] * 3999999,) }}", "makes a text longer than"),
        ("{{ ([1] * 3999999) ~ ([1] * 3999999) }}", "makes a text longer than 4,000,000"),
        ("{{ ('x\\n' * 1999999)|indent(1000) }}", "indents a text to longer than 4,000,000"),
        (
            "{% set l = [1] %}{% for i in range(40) %}{% set _ = l.extend(l) %}{% endfor %}",
            "builds a list longer than 4,000,000",
        ),
        ("{{ ''.join(['x' * 3999999] * 700) }}", "joins a text longer than 4,000,000"),
        (
            "{{ (['x' * 100000] * 100000)|sum(start='') }}",
            "sums to a text or list longer than 4,000,000",
        ),
        (
            "{% set ns = namespace(s='') %}{% for i in range(100000) %}{% set ns.s = ns.s ~ 'x' * "
            "1000 %}{% endfor %}",
            "makes more than 256 MB",
        ),
        (
            "{% set s = 'x' * 3999999 %}{% set l = [] %}{% for i in range(100000) %}{% set _ = "
            "l.append(s) %}{% endfor %}",
            "makes more than 256 MB",
        ),
        (
            "{% macro m() %}{% for i in range(100000) %}{{ caller() }}{% endfor %}{% endmacro %}"
            "{% call m() %}{{ 'x' * 3999999 }}{% endcall %}",
            "makes more than 256 MB",
        ),
        ("{{ ('x ' * 1999999)|urlize }}", "more than 1,000,000 steps"),
        ("{{ ('x' * 3999999)|list|sort }}", "more than 1,000,000 steps"),
        ("{{ " + "(" * 2000 + ")" * 2000 + " }}", "nests too deeply"),
        ("{{ a }}" * 10000, "more than 20,000 tokens"),
        ("{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}", "too deeply"),
    ],
)
def test_each_budget_stops_a_template_while_it_runs(template, message):
    assert message in refusal(template, a=1)


def test_a_loop_of_calls_stops_after_the_steps_its_budget_holds():
    calls: list[int] = []
    message = refusal(
        "{% for i in range(100000) %}{% for j in range(100000) %}{{ count() }}"
        "{% endfor %}{% endfor %}",
        count=lambda: calls.append(1) or "",
    )
    assert "more than 1,000,000 steps" in message
    # each call costs its loop step and CALL_STEPS: the work done is bounded by the steps
    assert 0 < len(calls) <= MAX_STEPS // (1 + CALL_STEPS)


class _Clock:
    """A stand-in for the `time` module whose thread clock advances one second at each
    reading, and whose wall clocks jump an hour: the readings are counted."""

    def __init__(self) -> None:
        self.readings = 0

    def thread_time(self) -> float:
        self.readings += 1
        return float(self.readings)

    def monotonic(self) -> float:
        self.readings += 3600
        return float(self.readings)

    time = perf_counter = monotonic


def test_the_processor_time_budget_stops_work_no_step_counts(monkeypatch):
    clock = _Clock()
    monkeypatch.setattr(template_budget, "time", clock)
    message = refusal("{% for i in range(100000) %}{% endfor %}")
    assert f"used more than {MAX_CPU_SECONDS:g} s of processor time in one render" in message
    # the clock is read when the render starts, then once every CLOCK_EVERY steps
    assert clock.readings == MAX_CPU_SECONDS + 2


def test_wall_time_never_counts(monkeypatch):
    """A render on a busy machine waits for the processor: waiting is not its work."""
    for name in ("monotonic", "perf_counter", "time"):
        monkeypatch.setattr(time, name, _Clock().monotonic)
    text = rendered("{% for i in range(5000) %}{{ i % 10 }}{% endfor %}")
    assert len(text) == 5000


def test_an_expression_runs_under_a_budget_too():
    env = environment()
    with pytest.raises(TemplateError) as info:
        env.compile_expression("([[1] * 100000] * 100000)|sum(start=[])")()
    assert "makes more than 256 MB" in template_message(info.value)


def _parsed(monkeypatch) -> list[str]:
    """The texts Jinja2 parses from now on."""
    from jinja2.environment import Environment

    parsed: list[str] = []
    real = Environment._parse

    def parse(self, *a):
        parsed.append(a[0])
        return real(self, *a)

    monkeypatch.setattr(Environment, "_parse", parse)
    return parsed


def test_a_text_checked_for_its_syntax_is_read_once_per_process(monkeypatch):
    from cardstock.core.templating import syntax_problem

    parsed = _parsed(monkeypatch)
    text = "{{ card.name }} read once " + str(time.time_ns())
    assert syntax_problem("t", text) is None
    assert syntax_problem("t", text) is None
    assert parsed.count(text) == 1


def test_a_syntax_error_is_reported_every_time_it_is_checked():
    from cardstock.core.templating import syntax_problem

    for _ in range(2):
        assert "syntax" in (syntax_problem("t", "{{ card.name ") or "")
        assert "after the expression" in (syntax_problem("e", "card.cost 3") or "")


def test_an_expression_over_the_size_bound_is_refused_when_its_syntax_is_checked():
    from cardstock.core.template_budget import MAX_TOKENS
    from cardstock.core.templating import syntax_problem

    problem = syntax_problem("e", "1 + " * MAX_TOKENS + "1")
    assert problem is not None and f"more than {MAX_TOKENS:,} tokens" in problem


def test_a_template_read_for_its_syntax_is_compiled_from_that_reading(monkeypatch):
    from cardstock.core.templating import plain, render, syntax_problem

    parsed = _parsed(monkeypatch)
    text = "{% for n in names %}{{ n|upper }} {% endfor %}" + str(time.time_ns())
    assert syntax_problem("t", text) is None
    made, problem = render(
        text, {"names": ["ash", "oak"]}, file="t.j2", line=None, field="", env=plain()
    )
    assert problem is None and made.startswith("ASH OAK ")
    assert parsed.count(text) == 1


def test_bad_input_sent_back_from_a_worker_keeps_its_issues_and_what_was_written():
    import pickle  # what a process pool does with a worker's exception

    from cardstock.core.issues import InputError, Issue

    issue = Issue(
        "layouts/site/index.html.j2",
        3,
        "template",
        "the template names something that does not exist",
    )
    for written in (False, True):
        back = pickle.loads(pickle.dumps(InputError([issue], written=written)))
        assert back.issues == [issue] and back.written is written


def test_each_part_a_template_joins_is_checked_at_render_constants_included():
    """A template is compiled as written, its constant parts not folded beforehand: each
    part a `~` joins reaches the sandbox's check of a printable part when it renders, one
    made of two constants as well as one read from a name."""
    from cardstock.core.templating import environment

    env = environment()
    seen: list[object] = []
    check = env.text_part

    def text_part(value: object) -> object:
        seen.append(value)
        return check(value)

    env.text_part = text_part
    out = env.from_string('{{ name ~ ("ab" ~ "cd") }}').render(name="x")
    assert out == "xabcd"
    assert seen == ["x", "ab", "cd", "abcd"]
