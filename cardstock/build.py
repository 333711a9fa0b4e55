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
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from .catalog.languages import build_games
from .core import output
from .core.cache import Cache, open_cache
from .core.issues import InputError, Issue
from .core.stage import BuildJob, Job
from .core.toolwords import ENGLISH
from .core.workers import interruptible, kill_workers, worker_start
from .layout.faces import KeptFaces
from .layout.step import lay_out
from .plan import CheckResult, Keys, Outcome, Progress, Request, UnitReport, remember
from .rules.report import CheckReport, check_game, render, warm_checks
from .site.publish import page_wanted, publish
from .stages import CHECKS, Stage
from .validate import check_options, validate
from .worklist import Unit, Worklist

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor


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
    `kept`: the faces a `--watch` process keeps from one build to the next."""
    started = time.perf_counter()
    root, options = request.root, request.options
    games, known, editions = build_games(root, list(dict.fromkeys(request.games)), options.lang)
    cache = open_cache()
    output.recall_reads(cache, options.out)  # the output files a process before read
    # What exists before the build (the modules and what they made) lives as long as the
    # process: frozen, the garbage collector stops scanning it at each full collection, and
    # workers forked from the build do not touch it either (CPython's advice for `gc.freeze`).
    # Unfrozen when the build ends, so a `--watch` process can collect it again.
    gc.freeze()
    try:
        with interruptible():
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
    jobs = {c.id: Job(c, found.faces[c.id], request.options) for c in found.catalogs}
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
        there = partial(_check_task, runs=request.check_runs, strict=request.strict)
        with ExitStack() as own:
            if lanes is None:
                workers, here = _processes(request.jobs, len(order))
                pool = own.enter_context(_pool(workers, jobs))
                shared = _shared(
                    pool,
                    order,
                    lambda g: check_one(jobs[g], request.check_runs, request.strict),
                    there,
                    first_here=here,
                )
            else:
                shared = lanes.share(
                    [lanes.of[g] for g in order],
                    order,
                    lambda g: check_one(jobs[g], request.check_runs, request.strict),
                    there,
                )
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
    job = _WORK[game]
    assert isinstance(job, Job)
    try:
        return check_one(job, runs, strict)
    finally:
        job.cache.flush()


# ---------------------------------------------------------------- 4. running units

# The work of the build a worker process is forked from: each game's Job (its catalog and
# faces) and the build's own. Workers find it here as the parent left it, instead of
# reading and laying out again; it is set only while a pool runs.
_WORK: dict[str | None, Job | BuildJob] = {}


@contextmanager
def _pool(
    workers: int, jobs: dict[str, Job], build_job: BuildJob | None = None
) -> Iterator[ProcessPoolExecutor]:
    """Workers forked from this process, so they start with its modules and its games read
    and checked; each ignores Ctrl-C and dies with the build (`core.workers.worker_start`).
    When the build stops with an error or a Ctrl-C, its workers are killed at once rather
    than waited for. (The process machinery is imported here: a build of one game in one
    process never needs it.)"""
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    _WORK.clear()
    _WORK.update(jobs)
    if build_job is not None:
        _WORK[None] = build_job
    gc.freeze()  # the games read and checked, kept by the workers as they are (see `build`)
    pool = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=get_context("fork"),
        initializer=worker_start,
        initargs=(os.getpid(),),
    )
    try:
        yield pool
    except BaseException:
        kill_workers()
        # Waited for: with its workers killed, the pool's thread closes its wakeup pipe
        # at once. Left running, it could close that pipe while the interpreter's exit
        # hook writes to it (CPython's `_python_exit` does not take the pool's lock),
        # and the Ctrl-C would end with that hook's traceback.
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


class Lanes:
    """The processes of both the checks and the stages, when the build checks more games
    than it has processes: this one (lane 0) and a single-worker pool for each other, each
    game given to one lane once (`assign`), so the process that checked a game runs its
    stages too, with the faces, fonts and compiled templates its check left in memory,
    instead of reading them back from the cache. (One shared pool hands a game's stages to
    whichever worker is free: the five games built cold then cost 1.03-1.20x the CPU of
    `--jobs 1`.)"""

    def __init__(self, pools: list[ProcessPoolExecutor], of: dict[str, int]) -> None:
        self.pools, self.of = pools, of

    def place(self, tasks: list[tuple[str | None, float]]) -> list[int]:
        """The lane of each task (its game and weight): its game's, for the first task of a
        game; the least loaded for the build's own task and a game's further parts."""
        loads = [0.0] * (len(self.pools) + 1)
        placed: set[str | None] = set()
        out = []
        for game, weight in tasks:
            if game is not None and game in self.of and game not in placed:
                lane = self.of[game]
            else:
                lane = loads.index(min(loads))
            placed.add(game)
            loads[lane] += weight
            out.append(lane)
        return out

    def share(
        self, lanes: list[int], tasks: Sequence[T], here: Callable[[T], R], there: Callable[[T], R]
    ) -> list[Callable[[], R]]:
        """Each task on its lane: the workers' are sent first, then this process runs its
        own (`here`). The results come in the tasks' order, as `_shared` gives them."""
        results: dict[int, Callable[[], R]] = {}
        for n, (lane, task) in enumerate(zip(lanes, tasks)):
            if lane > 0:
                results[n] = self.pools[lane - 1].submit(there, task).result
        for n, (lane, task) in enumerate(zip(lanes, tasks)):
            if lane == 0:
                results[n] = _settled(here, task)
        return [results[n] for n in range(len(tasks))]


def assign(
    sizes: list[tuple[str, int]], lanes: int, source: Mapping[str, str] | None = None
) -> dict[str, int]:
    """Each game's lane, biggest first on the least loaded (by components), the first lane
    on a tie: decided once, for both the checks and the stages. A game and its editions in
    other languages (`source`: an edition's game) go to one lane as one: they share their
    layouts, templates, pictures and backs, which a lane then compiles and draws once for
    all of them rather than once in each lane."""
    of_source = source or {}
    groups: dict[str, list[str]] = {}
    weight: dict[str, int] = {}
    for game, size in sizes:
        head = of_source.get(game, game)
        groups.setdefault(head, []).append(game)
        weight[head] = weight.get(head, 0) + size
    loads = [0] * lanes
    of = {}
    for head in sorted(groups, key=lambda g: -weight[g]):
        lane = loads.index(min(loads))
        for game in groups[head]:
            of[game] = lane
        loads[lane] += weight[head]
    return of


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
                stack.enter_context(_pool(1, jobs, BuildJob(request.root, request.options)))
                for _ in range(request.jobs - 1)
            ]
            source = {g: src for g, (src, _) in (editions or {}).items()}
            yield Lanes(pools, assign(sizes, request.jobs, source))
    else:
        yield None


def _run_units(
    units: list[Unit], indexes: list[int], work: dict[str | None, Job | BuildJob]
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
    return _run_units(units, indexes, _WORK)


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
    over the processes a lone game would leave idle (`spread`), and this process runs one
    of them beside its workers when there are no more tasks than processes (`_shared`).
    With `lanes` (`_one_pool`), each task runs on the lane of its game (`Lanes.place`)."""
    if not todo:
        return
    work: dict[str | None, Job | BuildJob] = {None: BuildJob(request.root, request.options)}
    work.update(jobs)
    tasks: list[list[int]] = []
    for game in _biggest_first(jobs, list(jobs)):
        mine = [i for i in todo if units[i].game == game]
        if mine:
            tasks.append(mine)
    global_units = [i for i in todo if units[i].game is None]
    if global_units:
        tasks.append(global_units)
    if worth_spreading(sum(len(j.catalog.components) for j in jobs.values()), request.jobs):
        tasks = spread(tasks, request.jobs, units)
    if lanes is None and (request.jobs <= 1 or len(tasks) == 1):
        for n, task in enumerate(tasks):
            finished(task, _run_units(units, task, work), n == len(tasks) - 1)
        return
    with ExitStack() as own:
        if lanes is None:
            workers, here = _processes(request.jobs, len(tasks))
            pool = own.enter_context(_pool(workers, jobs, BuildJob(request.root, request.options)))
            shared = _shared(
                pool,
                tasks,
                lambda t: _run_units(units, t, work),
                partial(_task, units),
                first_here=here,
            )
        else:
            weighed = [(units[t[0]].game, sum(units[i].stage.weight for i in t)) for t in tasks]
            shared = lanes.share(
                lanes.place(weighed),
                tasks,
                lambda t: _run_units(units, t, work),
                partial(_task, units),
            )
        for n, (task, result) in enumerate(zip(tasks, shared)):
            finished(task, result(), n == len(tasks) - 1)


# The games' components at which their stages are spread over the workers (`spread`): a
# worker costs CPU of its own (forking it, the copies of the memory it writes to, its cache
# connection), about 0.05-0.09 s, which a small game's stages do not make up. After a
# one-cell edit of Alter Ego (67 faces), spread over two processes cost 1.18x the CPU of
# one process; the bench's 1,000-card decks, spread, cost 1.00-1.02x `--jobs 1`.
SPREAD_MIN = 500


def worth_spreading(components: int, jobs: int) -> bool:
    """Are stale games of `components` components in all spread over `jobs` processes?"""
    return jobs > 1 and components >= SPREAD_MIN


T = TypeVar("T")
R = TypeVar("R")


def _shared(
    pool: ProcessPoolExecutor,
    tasks: Sequence[T],
    here: Callable[[T], R],
    there: Callable[[T], R],
    *,
    first_here: bool,
) -> list[Callable[[], R]]:
    """Run `tasks` on the pool's workers (`there`, a function a worker can be sent); with
    `first_here` (`_processes`), the first of them runs in this process (`here`) at the
    same time, so the build's own process works instead of waiting for its workers. The
    results come in the tasks' order, each as a call that returns it or raises what the
    task raised."""
    if not first_here:
        return [pool.submit(there, task).result for task in tasks]
    futures = [pool.submit(there, task) for task in tasks[1:]]
    first = _settled(here, tasks[0])
    return [first, *(f.result for f in futures)]


def _processes(jobs: int, tasks: int) -> tuple[int, bool]:
    """The workers to fork for `tasks` tasks and `jobs` processes, and whether this process
    runs the first task itself (`_shared`): it does when every task then has a process of
    its own; with more tasks than that, the workers share them out as each finishes."""
    if tasks <= jobs:
        return tasks - 1, True
    return jobs, False


def _settled(run: Callable[[T], R], task: T) -> Callable[[], R]:
    """`run(task)` now, given back as a call that returns its result or raises what it
    raised (a task's InputError is told with the others' at the end, as a worker's is)."""
    try:
        value = run(task)
    except InputError as exc:
        error = exc

        def fail() -> R:
            raise error

        return fail
    return lambda: value


def spread(tasks: list[list[int]], jobs: int, units: list[Unit]) -> list[list[int]]:
    """Tasks for `jobs` workers: when there are fewer tasks than workers (an edit made one
    game stale), a game's units are split into more tasks, heaviest first on the least
    loaded, so its longest stages run side by side; the heaviest task comes first. A part
    gets a process of its own only when it weighs at least half the heaviest (a process
    costs more than a short stage)."""
    free = jobs - len(tasks)

    def weight(i: int) -> float:
        return units[i].stage.weight

    if free <= 0:
        return tasks
    out: list[list[int]] = []
    for idx in tasks:
        k = min(len(idx), free + 1) if units[idx[0]].game is not None else 1
        heaviest = sorted((weight(i) for i in idx), reverse=True)
        while k > 1 and heaviest[k - 1] < heaviest[0] / 2:
            k -= 1
        if k < 2:
            out.append(idx)
            continue
        free -= k - 1
        bins: list[list[int]] = [[] for _ in range(k)]
        loads = [0.0] * k
        for i in sorted(idx, key=lambda i: (-weight(i), i)):
            b = loads.index(min(loads))
            bins[b].append(i)
            loads[b] += weight(i)
        out += [sorted(b) for b in bins]
    return sorted(out, key=lambda t: -sum(weight(i) for i in t))


def _biggest_first(jobs: dict[str, Job], games: list[str]) -> list[str]:
    return sorted(games, key=lambda g: -len(jobs[g].catalog.components) if g in jobs else 0)


__all__ = ["Unit", "build", "check_one", "spread", "worth_spreading"]
