"""One build, read top to bottom: plan → read inputs and validate → check the rules → run the
stale units → publish. (MkDocs' build is the model: each step in turn, every problem of a
step gathered before the build stops at it.)

1. **Plan** (`worklist.Worklist`). The games asked (all by default) and the stages this
   build runs (`stages.selected`). Each (game, stage) unit, and each game's rules check,
   is keyed by a hash of everything it reads (`Keys`: the game's catalog folder, the
   layouts and fonts it sees, cardstock's code and the libraries', the options that change
   what it writes).
   What the cache holds under an unchanged key is kept when every file it lists still holds
   the same bytes: a build with nothing changed loads no catalog and writes nothing.
2. **Read and validate** the games that have something to do (`cardstock.validate`): any
   problem is bad input, and nothing is written.
3. **Lay out and check** each such game: first every face of it, once (`layout.step`),
   then its rules (`cardstock.rules`, with the checks other rooms provide,
   `stages.CHECKS`; those that read faces read what the layout step kept). A game whose
   check fails is not built unless `force`; the stages draw the faces laid out here.
4. **Run** the stale units, with the output folder held (`core.output.lock`), spread over
   the workers; each finished task's files join the manifest at once.
5. **Publish** the manifest and the downloads page (`cardstock.site.publish`).

Errors travel as values: bad input is an `InputError` carrying every problem, a file that
cannot be written a `WriteError`; the command line prints them.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from functools import partial

from .catalog.languages import build_games
from .core import output, schedule
from .core.cache import Cache, open_cache
from .core.issues import InputError, Issue
from .core.schedule import Lanes
from .core.stage import BuildJob, Job
from .core.template_budget import spending
from .core.toolwords import ENGLISH
from .core.workers import interruptible
from .layout.faces import KeptFaces
from .layout.step import lay_out
from .plan import CheckResult, Keys, Outcome, Progress, Request, UnitReport, remember
from .rules.report import CheckReport, check_game, render, warm_checks
from .site.publish import page_wanted, publish
from .stages import CHECKS, Stage
from .validate import check_options, validate
from .worklist import Unit, Worklist

# ---------------------------------------------------------------- the build


def build(
    request: Request,
    *,
    progress: Progress | None = None,
    notice: Callable[[str], None] = lambda _: None,
    keys: Keys | None = None,
    kept: KeptFaces | None = None,
) -> Outcome:
    """Build what `request` asks (see the module's docstring). Raises InputError for bad
    input (nothing written) and `output.WriteError` for a file that cannot be written.
    `keys`: the project's files as hashed just before (by `plan.recall`), else hashed now.
    `kept`: the faces a `--watch` process keeps from one build to the next. The build's
    template renders, its workers' included, spend one budget of processor time of their
    own (`template_budget.spending`), so each rebuild of a `--watch` starts afresh."""
    started = time.perf_counter()
    root, options = request.root, request.options
    games, known, editions = build_games(
        root, list(dict.fromkeys(request.games)), options.lang, options.edition
    )
    cache = open_cache()
    output.recall_reads(cache, options.out)  # the output files a process before read
    # What exists before the build (the modules and what they made) lives as long as the
    # process: frozen, the garbage collector stops scanning it at each full collection, and
    # workers forked from the build do not touch it either (CPython's advice for `gc.freeze`).
    # Unfrozen when the build ends, so a `--watch` process can collect it again.
    gc.freeze()
    try:
        with interruptible(), spending():  # a worker forked inside starts with what is left
            if (
                options.out.is_dir()
            ):  # another build writing there goes first: this one then finds its work done
                output.lock(options.out, notice)
            out = _build(request, games, known, editions, cache, progress, notice, keys, kept)
            if kept is not None:
                kept.finished()
    finally:
        cache.close()
        output.unlock(options.out)
        gc.unfreeze()
    out.seconds = time.perf_counter() - started
    return out


def _build(
    request: Request,
    games: list[str],
    known: list[str],
    editions: dict[str, tuple[str, str]],
    cache: Cache,
    progress: Progress | None,
    notice: Callable[[str], None],
    given: Keys | None,
    kept: KeptFaces | None,
) -> Outcome:
    problems = check_options(request.options)
    if problems:
        raise InputError(problems)
    keys = given or Keys(request.root, request.options)
    with_page = page_wanted(request.options.only, request.options.out)
    work = Worklist.plan(request, games, known, cache, keys, with_page)  # 1. plan
    outcome = Outcome(games)
    jobs = _read(request, work, outcome, kept)  # 2. read and validate
    to_check = work.to_check
    with _one_pool(request, jobs, to_check, work.pending_stages, editions) as lanes:
        work.checked(_check(jobs, to_check, request, lanes), jobs)  # 3. check
        cache.flush()  # the faces the checks laid out, for the stages' workers
        # What the checks kept (the faces) is not scanned again; what they left in cycles
        # is collected first, or freezing would keep it for the rest of the build.
        gc.collect()
        gc.freeze()
        outcome.checks = work.made_checks
        output.lock(request.options.out, notice)
        todo = work.start(_gated(outcome.failed, editions), progress)
        _run(work.units, todo, jobs, request, work.finished, lanes)  # 4. run
    outcome.reports = work.made
    outcome.laid_out = {g: job.faces.laid_out for g, job in jobs.items()}
    _publish(request, work, jobs, outcome)  # 5. publish
    return outcome


def _gated(failed: list[str], editions: dict[str, tuple[str, str]]) -> list[str]:
    """The games a failed check stops: each failed game and its editions in other
    languages, whose rules are the failed game's own (their check leaves them to it)."""
    stopped = set(failed)
    return [*failed, *(g for g, (source, _) in editions.items() if source in stopped)]


def _read(
    request: Request, work: Worklist, outcome: Outcome, kept: KeptFaces | None
) -> dict[str, Job]:
    """Read and validate the games that have something to do; any error is bad input,
    raised before anything is written. The games as read live until the build ends."""
    if not work.must_read:
        return {}
    stale = work.stale
    found = validate(
        request.root,
        stale or None,
        work.cache,
        request.options,
        work.stages,
        page=work.with_page,
        kept=kept,
    )
    if found.issues.errors:
        raise InputError(found.issues)
    outcome.warnings = list(found.issues)
    outcome.notes = list(dict.fromkeys(n for c in found.catalogs for n in c.notes))
    prints = any(s.prints_book for s in work.stages)
    jobs = {c.id: Job(c, found.faces[c.id], request.options, prints) for c in found.catalogs}
    gc.freeze()  # full collections stop scanning the games as read (see `build`)
    if not found.catalogs and not any(g in work.known for g in work.games):
        root = request.root
        raise InputError([Issue("catalog", None, "", f"no games found under {root / 'catalog'}")])
    return jobs


def _publish(request: Request, work: Worklist, jobs: dict[str, Job], outcome: Outcome) -> None:
    """Write the manifest and the downloads page, and remember the whole build."""
    artifacts = [a for r in outcome.reports for a in r.artifacts]
    try:
        published = publish(
            request.root,
            request.options.out,
            artifacts,
            work.page_checks(outcome),
            [g for g in work.games if g not in work.blocked],
            [j.catalog for j in jobs.values()],
            work.described,
            work.cache,
            with_page=work.with_page,
        )
    except InputError as exc:  # the page's template failed on what the build made: the files stay
        raise InputError(exc.issues, written=bool(artifacts)) from None
    outcome.page, outcome.page_kept = published.page, published.kept
    if not any(g not in work.known for g in work.games):
        remember(request, work.keys, outcome, work.cache)
    output.keep_reads(work.cache, request.options.out)
    work.cache.prune()


# ---------------------------------------------------------------- 3. checking


def check_one(job: Job, runs: int, strict: bool) -> CheckResult:
    """One game's faces laid out and its rules checked, as the build's gate runs them."""
    lay_out(job)
    report = check_game(job, CHECKS, runs=runs, strict=strict, gate=True)
    # a language edition's check is said in its language, for the downloads page's list
    words = job.catalog.tool_words if job.catalog.lang else ENGLISH
    text = render(CheckReport([report], 1, runs), words=words)
    # the last line sums up all games; for one game the per-game verdict line says it
    text = "\n".join(text.splitlines()[:-1]).rstrip()
    return CheckResult(job.catalog.id, report.ok, text, False)


def _check(
    jobs: dict[str, Job], games: list[str], request: Request, lanes: Lanes | None
) -> dict[str, CheckResult]:
    """The checks of `games`, in parallel when there are several and more than one worker
    (each on its game's lane, when the build has `Lanes`: `_one_pool`). Bad input any of them
    finds (a template over the sandbox's bounds) is gathered from all of them, then raised
    as one InputError."""
    results: dict[str, CheckResult] = {}
    problems: list[Issue] = []
    if request.jobs > 1 and len(games) > 1:
        order = _biggest_first(jobs, games)
        with schedule.sharing(
            order,
            lambda g: check_one(jobs[g], request.check_runs, request.strict),
            partial(_check_task, runs=request.check_runs, strict=request.strict),
            jobs=request.jobs,
            work=_work(jobs, request),
            lanes=lanes,
            lane_of=lambda: [lanes.of[g] for g in order] if lanes else [],
        ) as shared:
            for g, result in zip(order, shared):
                try:
                    results[g] = result()
                except InputError as exc:
                    problems += exc.issues
    else:
        for g in games:
            try:
                results[g] = _check_alone(g, jobs, request)
            except InputError as exc:
                problems += exc.issues
    if problems:
        raise InputError(list(dict.fromkeys(problems)))
    return {g: results[g] for g in games}


def _check_alone(game: str, jobs: dict[str, Job], request: Request) -> CheckResult:
    """One game's check, the only one this build runs, in this process. (It is not split
    over workers even when the game is too big to keep its faces' drawings: a worker's
    faces would come back to this process through the cache, JSON and SQLite, which cost
    1.29x the CPU of checking alone at 25,000 cards; see docs/performance.md.)"""
    return check_one(jobs[game], request.check_runs, request.strict)


def _check_task(game: str, *, runs: int, strict: bool) -> CheckResult:
    job = schedule.WORK[game]
    assert isinstance(job, Job)
    try:
        return check_one(job, runs, strict)
    finally:
        job.cache.flush()


# ---------------------------------------------------------------- 4. running units


@contextmanager
def _one_pool(
    request: Request,
    jobs: dict[str, Job],
    checks: list[str],
    stages: Sequence[Stage] = (),
    editions: Mapping[str, tuple[str, str]] | None = None,
) -> Iterator[Lanes | None]:
    """`Lanes` for the checks and the stages when the build checks more games than it has
    processes (then each phase keeps every process busy, this one too). None
    otherwise: each phase then forks its own workers as it needs them (`_check`, `_run`).
    Before the lanes' workers are forked, this process loads what the `stages` the build
    will run load in every process that runs them (`Stage.warm`: their modules, the book's
    fonts, the Markdown parser; and the module of each stage's own function), and what
    every lane's checks load (`rules.report.warm`), so that each lane starts with it
    instead of loading it again for itself."""
    if request.jobs > 1 and len(checks) > request.jobs:
        for stage in stages:
            if stage.warm is not None:
                stage.warm()
            _ = stage.run_game if stage.per_game else stage.run_build  # imports its module
        warm_checks([jobs[g] for g in checks if g in jobs])
        sizes = [(g, len(jobs[g].catalog.components) if g in jobs else 0) for g in checks]
        with ExitStack() as stack:
            pools = [
                stack.enter_context(schedule.forked_pool(1, _work(jobs, request)))
                for _ in range(request.jobs - 1)
            ]
            source = {g: src for g, (src, _) in (editions or {}).items()}
            yield Lanes(pools, schedule.assign(sizes, request.jobs, source))
    else:
        yield None


def _work(jobs: dict[str, Job], request: Request) -> dict[str | None, Job | BuildJob]:
    """What a worker finds of the build: each game's job, and the build's own (None)."""
    work: dict[str | None, Job | BuildJob] = {None: BuildJob(request.root, request.options)}
    work.update(jobs)
    return work


def _run_units(
    units: list[Unit], indexes: list[int], work: Mapping[str | None, Job | BuildJob]
) -> list[UnitReport]:
    """Run these units one after the other, in this process."""
    made = []
    for i in indexes:
        unit = units[i]
        start = time.perf_counter()
        job = work[unit.game]
        if unit.game is None:
            assert isinstance(job, BuildJob) and unit.stage.run_build is not None
            result = unit.stage.run_build(job)
        else:
            assert isinstance(job, Job) and unit.stage.run_game is not None
            result = unit.stage.run_game(job)
        made.append(
            UnitReport(
                unit.game,
                unit.stage.name,
                tuple(result.artifacts),
                tuple(result.findings),
                time.perf_counter() - start,
                False,
            )
        )
    for job in work.values():
        if isinstance(job, Job):
            job.cache.flush()
    return made


def _task(units: list[Unit], indexes: list[int]) -> list[UnitReport]:
    return _run_units(units, indexes, schedule.WORK)


def _run(
    units: list[Unit],
    todo: list[int],
    jobs: dict[str, Job],
    request: Request,
    finished: Callable[[list[int], list[UnitReport], bool], None],
    lanes: Lanes | None,
) -> None:
    """Run the units `todo`: one task per game (its stages in order, in one process), the
    build's own stages as one more; with several processes, a game's stages are spread
    over the processes a lone game would leave idle (`schedule.spread`), and this process
    runs one of them beside its workers when there are no more tasks than processes. With
    `lanes` (`_one_pool`), each task runs on the lane of its game (`Lanes.place`)."""
    if not todo:
        return
    work = _work(jobs, request)
    tasks: list[list[int]] = []
    for game in _biggest_first(jobs, list(jobs)):
        mine = [i for i in todo if units[i].game == game]
        if mine:
            tasks.append(mine)
    global_units = [i for i in todo if units[i].game is None]
    if global_units:
        tasks.append(global_units)
    components = sum(len(j.catalog.components) for j in jobs.values())
    if schedule.worth_spreading(components, request.jobs):
        tasks = schedule.spread(
            tasks,
            request.jobs,
            lambda i: units[i].stage.weight,
            lambda task: units[task[0]].game is not None,  # the build's own stay together
        )
    if lanes is None and (request.jobs <= 1 or len(tasks) == 1):
        for n, task in enumerate(tasks):
            finished(task, _run_units(units, task, work), n == len(tasks) - 1)
        return
    with schedule.sharing(
        tasks,
        lambda t: _run_units(units, t, work),
        partial(_task, units),
        jobs=request.jobs,
        work=work,
        lanes=lanes,
        lane_of=lambda: (
            lanes.place([(units[t[0]].game, sum(units[i].stage.weight for i in t)) for t in tasks])
            if lanes
            else []
        ),
    ) as shared:
        for n, (task, result) in enumerate(zip(tasks, shared)):
            finished(task, result(), n == len(tasks) - 1)


def _biggest_first(jobs: dict[str, Job], games: list[str]) -> list[str]:
    return sorted(games, key=lambda g: -len(jobs[g].catalog.components) if g in jobs else 0)


__all__ = ["Unit", "build", "check_one"]
