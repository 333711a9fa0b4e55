"""All the template renders of one process, and of each build, spend one budget of
processor time besides each render's own (`template_budget.MAX_PROCESS_CPU_SECONDS`):
a project of many rows, each rendering a text slow but within one render's bounds, is
refused at a row once the renders together pass it (exit 2, nothing written), and each
build spends a budget of its own, so a `--watch` rebuilding again and again never runs
out. No test here asserts a time: the budget is lowered, and the unit tests read a
clock that advances by a fixed step at each reading."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
import watchfiles
from conftest import ROOT
from helpers_bounds import CPU_SECONDS, bounded_build, files_below
from jinja2 import TemplateError

from cardstock.core import schedule, template_budget
from cardstock.core.template_budget import MAX_CPU_SECONDS, spending
from cardstock.core.templating import environment, template_message

OVER_ALL = "the project's templates used more than {:,g} s of processor time in all"


class _Clock:
    """A stand-in for the `time` module whose thread clock advances `step` seconds at each
    reading; the readings are counted."""

    def __init__(self, step: float = 1.0) -> None:
        self.step = step
        self.readings = 0

    def thread_time(self) -> float:
        self.readings += 1
        return self.readings * self.step


def _render(text: str) -> str:
    return environment().from_string(text).render()


def _renders_until_refused(most: int = 1000) -> tuple[int, str]:
    """How many one-step renders pass before one is refused, and the refusal's message."""
    for n in range(most):
        try:
            _render("{{ 1 }}")
        except TemplateError as exc:
            return n, template_message(exc, "text")
    raise AssertionError(f"{most} renders, none refused")


# ---------------------------------------------------------------- the budget's arithmetic


def test_the_renders_of_a_build_share_its_budget_and_the_one_past_it_is_refused(monkeypatch):
    clock = _Clock()
    monkeypatch.setattr(template_budget, "time", clock)
    monkeypatch.setattr(template_budget, "MAX_PROCESS_CPU_SECONDS", 5.0)
    with spending():
        # each render reads the clock as it starts and as it ends: one second apiece
        passed, message = _renders_until_refused()
    assert passed == 5  # 5 s spent: the sixth is refused before it starts
    assert OVER_ALL.format(5.0) in message
    assert "cardstock's limit on all the renders of one build or command" in message
    assert message.startswith("the text goes over a limit: the project's templates")


def test_a_render_stops_at_what_is_left_of_the_budget_when_that_is_less_than_its_own(
    monkeypatch,
):
    clock = _Clock()
    monkeypatch.setattr(template_budget, "time", clock)
    monkeypatch.setattr(template_budget, "MAX_PROCESS_CPU_SECONDS", 3.0)
    assert MAX_CPU_SECONDS > 3.0
    with spending(), pytest.raises(TemplateError) as info:
        _render("{% for i in range(100000) %}{% endfor %}")
    message = template_message(info.value)
    assert OVER_ALL.format(3.0) in message
    assert "in one render" not in message
    # read as it starts (1 s), then every CLOCK_EVERY steps: past 1 + 3 s at the 5th reading,
    # which is also the one it is charged with (the clock is not read again as it ends)
    assert clock.readings == 5


def test_a_render_with_more_left_of_the_budget_stops_at_its_own_bound(monkeypatch):
    clock = _Clock()
    monkeypatch.setattr(template_budget, "time", clock)
    with spending(), pytest.raises(TemplateError) as info:
        _render("{% for i in range(100000) %}{% endfor %}")
    assert f"more than {MAX_CPU_SECONDS:g} s of processor time in one render" in str(info.value)


def test_a_refused_render_is_charged_what_it_used(monkeypatch):
    """A render stopped by a bound (its own steps here) still spends the build's budget:
    rows each refused would otherwise cost nothing."""
    clock = _Clock(step=0.5)
    monkeypatch.setattr(template_budget, "time", clock)
    monkeypatch.setattr(template_budget, "MAX_PROCESS_CPU_SECONDS", 1_000_000.0)
    with spending():
        with pytest.raises(TemplateError):
            _render("{% for i in range(100000) %}{% for j in range(100) %}{% endfor %}{% endfor %}")
        spent = template_budget._SPENT.seconds
    assert spent == (clock.readings - 1) * 0.5 > 0


def test_each_build_starts_afresh_and_the_process_count_resumes_after(monkeypatch):
    clock = _Clock()
    monkeypatch.setattr(template_budget, "time", clock)
    monkeypatch.setattr(template_budget, "MAX_PROCESS_CPU_SECONDS", 5.0)
    monkeypatch.setattr(template_budget, "_SPENT", template_budget._Spent())  # this process's
    _render("{{ 1 }}")
    _render("{{ 1 }}")
    for _ in range(3):  # a build after another, as `--watch` runs them: 5 renders each
        with spending():
            passed, _ = _renders_until_refused()
        assert passed == 5
    assert template_budget._SPENT.seconds == 2.0  # the process's own, as it was
    passed, _ = _renders_until_refused()
    assert passed == 3


def _renders_in_a_worker() -> int:
    return _renders_until_refused()[0]


def test_a_worker_forked_from_a_build_spends_what_is_left_of_the_builds_budget(monkeypatch):
    clock = _Clock()
    monkeypatch.setattr(template_budget, "time", clock)
    monkeypatch.setattr(template_budget, "MAX_PROCESS_CPU_SECONDS", 5.0)
    with spending():
        _render("{{ 1 }}")
        _render("{{ 1 }}")
        with schedule.forked_pool(1, {}) as pool:
            assert pool.submit(_renders_in_a_worker).result() == 3


# ---------------------------------------------------------------- a project's build

# One render of this text is one step and a few milliseconds: a test over a long text
SLOW_TEXT = "{{ 'ab' in ('a' * 2000000) }}"


def _slow_rows(tmp_path: Path, rows: int) -> Path:
    """The mini game with `rows` more cards, each text a slow test within one render's
    bounds."""
    root = tmp_path / "proj"
    shutil.copytree(ROOT / "tests" / "fixtures" / "catalog" / "mini", root / "catalog" / "mini")
    game = root / "catalog" / "mini" / "game.toml"
    said = game.read_text(encoding="utf-8")
    assert 'choice = "6 cards"' in said  # a count the rules check holds to the cards
    game.write_text(said.replace('choice = "6 cards"', 'choice = "a small deck"'), "utf-8")
    cards = root / "catalog" / "mini" / "cards.csv"
    text = cards.read_text(encoding="utf-8").rstrip("\n") + "\n"
    text += "".join(f'slow{i},Slow {i},1,Fire,1,fire,"{SLOW_TEXT}",,no,\n' for i in range(rows))
    cards.write_text(text, encoding="utf-8")
    return root


def test_many_rows_each_slow_within_a_render_are_refused_at_the_budget_and_nothing_is_written(
    tmp_path, cli, monkeypatch
):
    root = _slow_rows(tmp_path, 200)  # each rendered several times, a few ms each: far past 0.05 s
    monkeypatch.setattr(template_budget, "MAX_PROCESS_CPU_SECONDS", 0.05)
    before = files_below(root)
    result = cli("--root", str(root), "build", "--jobs", "1")
    assert result.code == 2
    located = re.search(
        r"^catalog/mini/cards\.csv:(\d+): text: the text goes over a limit: "
        + re.escape(OVER_ALL.format(0.05)),
        result.err,
        re.MULTILINE,
    )
    assert located, result.err
    row = int(located.group(1))
    lines = (root / "catalog" / "mini" / "cards.csv").read_text(encoding="utf-8").splitlines()
    assert lines[row - 1].startswith("slow")  # the row whose render passed the budget
    # every later row would be refused alike: the spent budget is reported once
    assert result.err.count("processor time in all") == 1, result.err
    assert not (root / "output").exists()
    assert files_below(root) == before


def test_a_project_of_slow_rows_stops_in_its_own_process_within_its_processor_limit(
    tmp_path, monkeypatch
):
    """The build as a hostile project runs it, in a process of its own limited to
    `CPU_SECONDS` of processor time: 2,000 rows would render for far longer than that,
    and the budget (lowered to 1 s in that process) stops them in time."""
    root = _slow_rows(tmp_path / "p", 2000)
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(
        "from cardstock.core import template_budget\n"
        "template_budget.MAX_PROCESS_CPU_SECONDS = 1.0\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(hook), str(ROOT)]))
    before = files_below(root)
    built = bounded_build(root)  # fails the test if it reaches CPU_SECONDS
    assert CPU_SECONDS > 1.0
    assert built.code == 2, built.err
    assert re.search(
        r"^catalog/mini/cards\.csv:\d+: text: the text goes over a limit: "
        + re.escape(OVER_ALL.format(1.0)),
        built.err,
        re.MULTILINE,
    ), built.err[:2000]
    assert built.err.count("processor time in all") == 1, built.err[:2000]
    assert files_below(root) == before


def test_the_same_rows_build_within_the_shipped_budget(tmp_path, cli):
    root = _slow_rows(tmp_path, 20)
    result = cli("--root", str(root), "build", "--jobs", "1", "--only", "svg")
    assert result.code == 0, result.err
    assert (root / "output" / "mini" / "svg").is_dir()


def test_a_check_spends_the_processes_budget(tmp_path, cli, monkeypatch):
    """`check` is no build: its renders spend the process's budget (a command's)."""
    root = _slow_rows(tmp_path, 200)
    monkeypatch.setattr(template_budget, "_SPENT", template_budget._Spent())
    monkeypatch.setattr(template_budget, "MAX_PROCESS_CPU_SECONDS", 0.05)
    result = cli("--root", str(root), "check")
    assert result.code == 2
    assert re.search(
        r"^catalog/mini/cards\.csv:\d+: text: .*" + re.escape(OVER_ALL.format(0.05)),
        result.err,
        re.MULTILINE,
    ), result.err
    assert result.err.count("processor time in all") == 1, result.err


# ---------------------------------------------------------------- a long watch


def test_a_watch_spends_a_fresh_budget_at_each_rebuild(tmp_path, cli, monkeypatch):
    """Each rebuild of `--watch` (an edit to the cards each time, so every text is
    rendered again) spends a budget of its own: one build fits in it, the watch's builds
    together would not."""
    root = _slow_rows(tmp_path, 0)
    cards = root / "catalog" / "mini" / "cards.csv"
    template = cards.read_text(encoding="utf-8")
    clock = _Clock(step=0.001)
    monkeypatch.setattr(template_budget, "time", clock)
    budgets: list[template_budget._Spent] = []

    class Recorded(template_budget._Spent):
        def __init__(self) -> None:
            super().__init__()
            budgets.append(self)

    monkeypatch.setattr(template_budget, "_Spent", Recorded)

    def edit(n: int) -> None:
        rows = "".join(
            f"t{n}-{i},T {i},1,Fire,{n},fire,{{{{ name }}}} {n},,no,\n" for i in range(9)
        )
        cards.write_text(template + rows, encoding="utf-8")

    edit(0)
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "first"))
    assert cli("--root", str(root), "build", "--jobs", "1", "--only", "svg").code == 0
    one_build = budgets[-1].seconds
    assert one_build > 0
    monkeypatch.setattr(template_budget, "MAX_PROCESS_CPU_SECONDS", one_build * 1.5)

    def changes(watched, **_):
        yield set()  # the watcher runs: the first build
        for n in range(1, 4):
            edit(n)
            yield {(watchfiles.Change.modified, str(cards))}

    monkeypatch.setattr(watchfiles, "watch", changes)
    budgets.clear()
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "watch"))
    result = cli("--root", str(root), "build", "--watch", "--jobs", "1", "--only", "svg")
    assert result.code == 0
    assert "build failed" not in result.err and "goes over a limit" not in result.err
    assert result.err.count("(rebuilt ") == 3
    spent = [b.seconds for b in budgets if b.seconds]
    assert len(spent) == 4  # the first build and three rebuilds, each its own
    assert sum(spent) > template_budget.MAX_PROCESS_CPU_SECONDS  # together, past it
