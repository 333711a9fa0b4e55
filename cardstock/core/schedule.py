"""The build's processes: a pool of workers forked from the build, lanes that keep each
game in one process from its check to its stages, and how tasks are shared out among them
and weighed (`docs/performance.md`, "Processes").

    forked_pool(workers, work)        workers forked from this process, `work` left for them
    WORK                              what a worker finds of the build (set while a pool runs)
    Lanes, assign(sizes, lanes)       a game's lane, decided once for its check and stages
    sharing(tasks, here, there, ...)  each task's result, from a lane, a worker or here
    spread(tasks, jobs, weight, ...)  a lone game's tasks split over the idle processes

Nothing here knows what a task is: the build (`cardstock.build`) says how one runs here
(`here`) and in a worker (`there`, a function a worker can be sent), and what it weighs.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from .issues import InputError
from .workers import kill_workers, worker_start

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

T = TypeVar("T")
R = TypeVar("R")

# The work of the build a worker process is forked from (each game's Job, its catalog and
# faces, and the build's own, by game; None for the build's). Workers find it here as the
# parent left it, instead of reading and laying out again; it is set only while a pool runs.
WORK: dict[str | None, Any] = {}


@contextmanager
def forked_pool(workers: int, work: Mapping[str | None, object]) -> Iterator[ProcessPoolExecutor]:
    """Workers forked from this process, so they start with its modules and its games read
    and checked (`work`, left in `WORK`); each ignores Ctrl-C and dies with the build
    (`core.workers.worker_start`). When the build stops with an error or a Ctrl-C, its
    workers are killed at once rather than waited for. (The process machinery is imported
    here: a build of one game in one process never needs it.)"""
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    WORK.clear()
    WORK.update(work)
    gc.freeze()  # the games read and checked, kept by the workers as they are
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
        own (`here`). The results come in the tasks' order, as `share_out` gives them."""
        results: dict[int, Callable[[], R]] = {}
        for n, (lane, task) in enumerate(zip(lanes, tasks)):
            if lane > 0:
                results[n] = self.pools[lane - 1].submit(there, task).result
        for n, (lane, task) in enumerate(zip(lanes, tasks)):
            if lane == 0:
                results[n] = settled(here, task)
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
def sharing(
    tasks: Sequence[T],
    here: Callable[[T], R],
    there: Callable[[T], R],
    *,
    jobs: int,
    work: Mapping[str | None, object],
    lanes: Lanes | None,
    lane_of: Callable[[], list[int]],
) -> Iterator[list[Callable[[], R]]]:
    """Each task's result, in the tasks' order, as a call that returns it or raises what
    the task raised: on the build's lanes when it has them (`lane_of` places the tasks),
    else on workers forked for these tasks alone (`processes_for`), the first of them run
    here when every task then has a process of its own. The workers stay until the caller
    has read every result."""
    if lanes is not None:
        yield lanes.share(lane_of(), tasks, here, there)
        return
    workers, first_here = processes_for(jobs, len(tasks))
    with forked_pool(workers, work) as pool:
        yield share_out(pool, tasks, here, there, first_here=first_here)


def share_out(
    pool: ProcessPoolExecutor,
    tasks: Sequence[T],
    here: Callable[[T], R],
    there: Callable[[T], R],
    *,
    first_here: bool,
) -> list[Callable[[], R]]:
    """Run `tasks` on the pool's workers (`there`, a function a worker can be sent); with
    `first_here` (`processes_for`), the first of them runs in this process (`here`) at the
    same time, so the build's own process works instead of waiting for its workers. The
    results come in the tasks' order, each as a call that returns it or raises what the
    task raised."""
    if not first_here:
        return [pool.submit(there, task).result for task in tasks]
    futures = [pool.submit(there, task) for task in tasks[1:]]
    first = settled(here, tasks[0])
    return [first, *(f.result for f in futures)]


def processes_for(jobs: int, tasks: int) -> tuple[int, bool]:
    """The workers to fork for `tasks` tasks and `jobs` processes, and whether this process
    runs the first task itself (`share_out`): it does when every task then has a process of
    its own; with more tasks than that, the workers share them out as each finishes."""
    if tasks <= jobs:
        return tasks - 1, True
    return jobs, False


def settled(run: Callable[[T], R], task: T) -> Callable[[], R]:
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


# The games' components at which their stages are spread over the workers (`spread`): a
# worker costs CPU of its own (forking it, the copies of the memory it writes to, its cache
# connection), about 0.05-0.09 s, which a small game's stages do not make up. After a
# one-cell edit of Alter Ego (67 faces), spread over two processes cost 1.18x the CPU of
# one process; the bench's 1,000-card decks, spread, cost 1.00-1.02x `--jobs 1`.
SPREAD_MIN = 500


def worth_spreading(components: int, jobs: int) -> bool:
    """Are stale games of `components` components in all spread over `jobs` processes?"""
    return jobs > 1 and components >= SPREAD_MIN


def spread(
    tasks: list[list[int]],
    jobs: int,
    weight: Callable[[int], float],
    splits: Callable[[list[int]], bool],
) -> list[list[int]]:
    """Tasks for `jobs` workers: when there are fewer tasks than workers (an edit made one
    game stale), the items of a task that `splits` are shared among more tasks, heaviest
    first (by `weight`) on the least loaded, so its longest items run side by side; the
    heaviest task comes first. A part gets a process of its own only when it weighs at
    least half the heaviest (a process costs more than a short item)."""
    free = jobs - len(tasks)
    if free <= 0:
        return tasks
    out: list[list[int]] = []
    for idx in tasks:
        k = min(len(idx), free + 1) if splits(idx) else 1
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
