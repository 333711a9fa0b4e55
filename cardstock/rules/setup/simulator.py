"""A seeded simulator of the setup steps, which proves a game's setup completes.

The simulator runs the steps many times for each supported player count, each run with its
own `random.Random` seeded from (seed, players, run), so a result is reproducible. A step
that cannot be carried out raises `Infeasible` with the numbers that show why; a redraw loop
is refused up front when too few acceptable copies are left (it could never end) and is cut
off by `max_attempts` when it merely runs too long. The runs of one player count share a
budget of work (`state.WORK`), and all the player counts of a setup a larger one
(`state.SETUP_WORK`): no more runs are made once it is spent, and a run that would spend
more is stopped (`OverBudget`), so no setup keeps a check busy for long, however large its
piles or its `max_attempts`.

Pile model: a shuffled pile stays shuffled (cards put into it are shuffled in, so "shuffle
them back in" is just a move); drawing takes a uniformly random card from a shuffled pile
and the top (last put) card from an unshuffled one.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...catalog.schema import Component
from ..proportions import MOST_RUNS, enough_runs
from . import state
from .copies import Copies
from .fixed import Branch, branches, fails_alike, is_fixed, redraw_chances
from .piles import Effort
from .results import Failure, PlayerResult, SetupResult, Tally, counted_redraws
from .state import Infeasible, OverBudget, State, Work
from .steps import (
    BOX,
    Assign,
    Choose,
    CountValue,
    DrawUntil,
    Move,
    RedrawUntil,
    Refill,
    Roll,
    SetupModel,
    Shuffle,
    Step,
)

if TYPE_CHECKING:
    from ...catalog.load import Catalog


def _pile_name(name: str, player: int, per_player: set[str]) -> str:
    return f"{name}#{player + 1}" if name in per_player else name


def _shown_pile(name: str) -> str:
    base, _, p = name.partition("#")
    return f"player {p}'s {base}" if p else f"'{base}'"


def _count(value: CountValue, st: State) -> int:
    if isinstance(value, int):
        return value
    return int(st.vars[value])


Runner = Callable[[State], None]


class Simulator:
    """Compiles the steps once per player count into closures over precomputed masks."""

    def __init__(self, components: list[Component], setup: SetupModel):
        self.components = components
        self.copies = Copies(components)
        self.setup = setup
        self.per_player = set(setup.player_piles)
        # what working out which shortcut each player count takes (`fixed`) may look at,
        # for all of them together: past it, a count is simulated run by run
        self.effort = Effort()

    def _players_of(self, step: Step, n: int) -> list[int]:
        names = [getattr(step, a) for a in (*step.piles_read, *step.piles_written)]
        if not any(x in self.per_player for x in names):
            return [-1]  # a shared step, run once
        return [0] if step.who == "first" else list(range(n))

    def compile(self, n: int) -> list[Runner]:
        return [self._compile(i, step, n) for i, step in enumerate(self.setup.steps)]

    def pile_names(self, n: int) -> tuple[str, ...]:
        """Every pile the steps name, with player piles once per player."""
        names = {BOX}
        for step in self.setup.steps:
            for attr in (*step.piles_read, *step.piles_written):
                base = getattr(step, attr)
                names.update([_pile_name(base, p, self.per_player) for p in range(n)])
        return tuple(sorted(names))

    def _compile(self, index: int, step: Step, n: int) -> Runner:
        players = self._players_of(step, n)
        pp = self.per_player

        def names(attr: str) -> list[str]:
            return [_pile_name(getattr(step, attr), max(p, 0), pp) for p in players]

        if isinstance(step, Shuffle):
            piles = names("pile")

            def run(st: State) -> None:
                for name in piles:
                    st.list(name)
                    st.shuffled.add(name)

            return run

        if isinstance(step, Roll):
            values = self.copies.faces(step.die, step.field)
            var = step.as_

            def run(st: State) -> None:
                st.vars[var] = values[int(st.rng.random() * len(values))]

            return run

        srcs, dsts = names("from_"), names("to")
        if isinstance(step, Move):
            return self._move(step, srcs, dsts)
        if isinstance(step, Choose):
            return self._choose(step, srcs, dsts)
        if isinstance(step, Assign):
            return self._assign(step, srcs, dsts)
        if isinstance(step, Refill):
            return self._refill(step, srcs, dsts)
        if isinstance(step, DrawUntil):
            return self._draw_until(index, step, srcs, dsts)
        if isinstance(step, RedrawUntil):
            return self._redraw_until(index, step, srcs, dsts)
        raise AssertionError(f"no simulator for step kind {step.do!r}")  # pragma: no cover

    def _move(self, step: Move, srcs: list[str], dsts: list[str]) -> Runner:
        mask, members = self.copies.mask(step.match), self.copies.members(step.match)
        desc = f" matching {step.match.describe()}" if step.match else ""
        cnt = step.count
        shared_source = len(srcs) > 1 and len(set(srcs)) == 1

        def have(st: State, s: str) -> int:
            if mask is None:
                return st.size(s)
            return len(st.candidates(s, mask, members))

        def run(st: State) -> None:
            need = None if cnt is None else _count(cnt, st)
            if need is not None and shared_source:
                total, got = need * len(srcs), have(st, srcs[0])
                if got < total:
                    raise Infeasible(
                        f"{len(srcs)} players × {need} = {total} cards{desc} needed from "
                        f"{_shown_pile(srcs[0])}, which holds {got}"
                    )
            for s, d in zip(srcs, dsts):
                if need is not None and not shared_source:
                    # the matching copies, found once for the count and the move
                    if mask is not None:
                        cands = st.candidates(s, mask, members)
                        if len(cands) < need:
                            raise Infeasible(
                                f"{_who(s) or _who(d)}needs {need} cards{desc} from "
                                f"{_shown_pile(s)}, which holds {len(cands)}"
                            )
                        st.list(d).extend(st.take_among(s, cands, need, False))
                        continue
                    got = have(st, s)
                    if got < need:
                        raise Infeasible(
                            f"{_who(s) or _who(d)}needs {need} cards{desc} from "
                            f"{_shown_pile(s)}, which holds {got}"
                        )
                st.list(d).extend(st.take(s, mask, members, need, False))

        return run

    def _choose(self, step: Choose, srcs: list[str], dsts: list[str]) -> Runner:
        mask, members = self.copies.mask(step.match), self.copies.members(step.match)
        desc = f" matching {step.match.describe()}" if step.match else ""
        cnt = step.count
        keys = self.copies.key(step.per) if step.per else None

        def run(st: State) -> None:
            need = _count(cnt, st)
            for s, d in zip(srcs, dsts):
                cands = st.candidates(s, mask, members)
                if keys is None:
                    if len(cands) < need:
                        raise Infeasible(
                            f"{_who(d)}needs to choose {need}{desc} from {_shown_pile(s)}, "
                            f"which holds {len(cands)}"
                        )
                    chosen = st.rng.sample(cands, need)
                else:
                    groups: dict[str, list[int]] = {}
                    for c in cands:
                        groups.setdefault(keys[c], []).append(c)
                    if not groups:
                        raise Infeasible(
                            f"{_who(d)}needs {need} of each {step.per}{desc} from "
                            f"{_shown_pile(s)}, which holds none"
                        )
                    chosen = []
                    for value in sorted(groups):
                        if len(groups[value]) < need:
                            raise Infeasible(
                                f"{_who(d)}needs {need} of {step.per} {value}{desc} from "
                                f"{_shown_pile(s)}, which holds {len(groups[value])}"
                            )
                        chosen.extend(st.rng.sample(groups[value], need))
                st.remove(s, chosen)
                st.list(d).extend(chosen)

        return run

    def _assign(self, step: Assign, srcs: list[str], dsts: list[str]) -> Runner:
        mask, members = self.copies.mask(step.match), self.copies.members(step.match)
        keys = self.copies.key(step.by)
        per = step.count
        desc = f" matching {step.match.describe()}" if step.match else ""
        src_name = srcs[0]

        def run(st: State) -> None:
            groups: dict[str, list[int]] = {}
            for c in st.candidates(src_name, mask, members):
                groups.setdefault(keys[c], []).append(c)
            values = sorted(groups)
            need = per * len(dsts)
            if len(values) < need:
                raise Infeasible(
                    f"{len(dsts)} players × {per} = {need} different {step.by} values{desc} "
                    f"needed from {_shown_pile(src_name)}, which has {len(values)}: "
                    f"{', '.join(values) or 'none'}"
                )
            picked = st.rng.sample(values, need)
            gone: list[int] = []
            for p, d in enumerate(dsts):
                dst = st.list(d)
                for value in picked[p * per : (p + 1) * per]:
                    dst.extend(groups[value])
                    gone.extend(groups[value])
            st.remove(src_name, gone)

        return run

    def _refill(self, step: Refill, srcs: list[str], dsts: list[str]) -> Runner:
        upto = step.upto

        def run(st: State) -> None:
            target = _count(upto, st)
            for s, d in zip(srcs, dsts):
                dst = st.list(d)
                need = target - len(dst)
                if need <= 0:
                    continue
                if st.size(s) < need:
                    raise Infeasible(
                        f"refilling {_shown_pile(d)} to {target} needs {need} from "
                        f"{_shown_pile(s)}, which holds {st.size(s)}"
                    )
                dst.extend(st.take(s, None, self.copies.all, need, False))

        return run

    def _draw_until(self, index: int, step: DrawUntil, srcs: list[str], dsts: list[str]) -> Runner:
        mask = self.copies.mask(step.accept)
        assert mask is not None
        cnt, cap, reshuffle = step.count, step.max_attempts, step.reject == "reshuffle"
        desc = step.accept.describe()

        def run(st: State) -> None:
            need = _count(cnt, st)
            for s, d in zip(srcs, dsts):
                src, dst = st.list(s), st.list(d)
                good = _matching(st, src, mask, need)
                if good < need:
                    raise Infeasible(
                        f"{_who(d)}needs {need} cards matching {desc} from {_shown_pile(s)}, "
                        f"which holds only {good} such of {len(src)}: the draw could never end",
                        "impossible",
                    )
                got = attempts = 0
                aside: list[int] = []
                while got < need:
                    attempts += 1
                    if attempts > cap or not src:
                        raise Infeasible(
                            f"{_who(d)}gave up after {attempts - 1} draws "
                            f"(max_attempts = {cap}) with {got} of {need} accepted",
                            "cap",
                        )
                    c = st.draw(s, src)
                    if mask[c]:
                        dst.append(c)
                        got += 1
                    else:
                        st.redraws[index] += 1
                        if reshuffle:
                            src.append(c)
                            st.shuffled.add(s)
                        else:
                            aside.append(c)
                if aside:
                    st.spend(len(aside))
                    src.extend(aside)
                    st.shuffled.add(s)

        return run

    def _redraw_until(
        self, index: int, step: RedrawUntil, srcs: list[str], dsts: list[str]
    ) -> Runner:
        mask = self.copies.mask(step.require)
        assert mask is not None
        cnt, cap, least = step.count, step.max_attempts, step.at_least
        desc = step.require.describe()

        def run(st: State) -> None:
            need = _count(cnt, st)
            for s, d in zip(srcs, dsts):
                src, dst = st.list(s), st.list(d)
                good = _matching(st, src, mask, least)
                if good < least or need < least:
                    raise Infeasible(
                        f"{_who(d)}needs a hand of {need} with at least {least} matching "
                        f"{desc}, but {_shown_pile(s)} holds only {good} such of {len(src)}: "
                        "the redraw could never end",
                        "impossible",
                    )
                if len(src) < need:
                    raise Infeasible(
                        f"{_who(d)}needs {need} cards from {_shown_pile(s)}, which holds {len(src)}"
                    )
                attempts = 0
                while True:
                    attempts += 1
                    if attempts > cap:
                        raise Infeasible(
                            f"{_who(d)}gave up after {cap} redraws (max_attempts = {cap}): "
                            f"no hand of {need} had {least} matching {desc}",
                            "cap",
                        )
                    hand = st.take(s, None, self.copies.all, need, False)
                    st.spend(need)  # the hand looked through
                    if sum(1 for c in hand if mask[c]) >= least:
                        dst.extend(hand)
                        break
                    st.redraws[index] += 1
                    src.extend(hand)
                    st.shuffled.add(s)

        return run


def _matching(st: State, src: list[int], mask: list[bool], enough: int) -> int:
    """How many copies in `src` match, counting no further than needed (or all, when
    fewer: the number goes into the failure message); the copies looked at are spent."""
    n = 0
    for i, c in enumerate(src):
        if mask[c]:
            n += 1
            if n >= enough:
                st.spend(i + 1)
                return n
    st.spend(len(src))
    return n


def _who(pile: str) -> str:
    p = pile.partition("#")[2]
    return f"player {p} " if p else ""


class _RandomUsed(Exception):
    """A step asked for a random number while the fixed start of the runs was worked out."""


class _NoRandom(random.Random):
    """Stands in for a run's generator while `_fixed_start` works out the steps every run
    does alike: the first step that asks it for anything ends the fixed start."""

    def random(self) -> float:
        raise _RandomUsed

    def getrandbits(self, k: int) -> int:  # what every other method of Random draws with
        raise _RandomUsed


def _fixed_start(runners: list[Runner], start: State) -> tuple[State, int]:
    """The state after the first steps that draw no random number, and how many they are.

    Those steps do the same thing in every run (a step's result depends only on the piles
    and on the numbers it draws), so they are run once and each run starts from a copy of
    their result, its generator untouched: every run draws the same numbers in the same
    order as when it ran every step itself. A step that draws (or that cannot be carried
    out, whose failure each run must report) ends the fixed start; it and every later step
    run in each run, from the state before it. They spend `start`'s budget (`State.spend`),
    and end where it runs out; the state returned holds what is left (none, then)."""
    done = 0
    now = start
    for step_run in runners:
        trial = now.copy(start.rng)
        try:
            step_run(trial)
        except (_RandomUsed, Infeasible):
            break
        except OverBudget:  # the work `start` had is spent: the runs make the rest
            now = now.copy(start.rng)
            now.budget = 0
            break
        now = trial
        done += 1
    return now, done


def seed_for(seed: int, players: int, run: int) -> int:
    """The seed of one run: reproducible from the report's seed, player count and run number."""
    return (seed << 40) ^ (players << 32) ^ run


def reads(components: list[Component], setup: SetupModel) -> list[Any]:
    """What a simulation of `setup` reads of `components` (`Copies.read`), as JSON-able
    data: with the setup itself, the seed, the runs and the player counts, it decides every
    figure `simulate` reports."""
    sim = Simulator(components, setup)
    with contextlib.suppress(OverBudget):  # what it read until then: the same in every run
        sim.compile(1)  # compiling reads all of it; any player count reads the same
    return sim.copies.read


@dataclass
class Stats:
    simulated: int = 0  # calls of `simulate` (each runs every player count), for tests to count
    runs: int = 0  # runs carried out (a setup every run of which does alike is run once)


STATS = Stats()


def player_counts(catalog: Catalog) -> list[int]:
    """The player counts a game's setup is simulated for: the setup's own `players`, else
    every count of game.toml's range."""
    setup = catalog.rules.setup
    if setup.players:
        return sorted(set(setup.players))
    return list(range(catalog.game.players.min, catalog.game.players.max + 1))


def simulate(
    components: list[Component],
    setup: SetupModel,
    player_counts: list[int],
    *,
    seed: int = 1,
    runs: int | None = None,
) -> SetupResult:
    """Run the setup for each player count: `runs` times (else the setup's own `runs`),
    or, when neither says, as many times as its figures need (`proportions.enough_runs`,
    at most `MOST_RUNS`)."""
    STATS.simulated += 1
    asked = runs or setup.runs
    sim = Simulator(components, setup)
    report = setup.report if setup.report is not None else _piles_named(setup)
    most = asked or MOST_RUNS
    work = Work(state.SETUP_WORK)  # every player count's runs together
    results = [
        _simulate_players(sim, n, most, seed, report, until_sure=asked is None, work=work)
        for n in player_counts
    ]
    return SetupResult(
        seed=seed,
        runs=most,
        steps=setup.steps,
        lines=setup.lines,
        by_players=results,
        until_sure=asked is None,
    )


def _piles_named(setup: SetupModel) -> list[str]:
    """Every pile the steps name but the box, in the order they first come: the piles
    reported when `report` does not say which."""
    named: list[str] = []
    for step in setup.steps:
        for attr in (*step.piles_read, *step.piles_written):
            name = getattr(step, attr)
            if name != BOX and name not in named:
                named.append(name)
    return named


def _simulate_players(
    sim: Simulator,
    n: int,
    runs: int,
    seed: int,
    report: list[str],
    until_sure: bool = False,
    work: Work | None = None,
) -> PlayerResult:
    """The figures of `runs` runs of the setup for `n` players, each from its own seed;
    with `until_sure`, of the first runs that make them as sure as the report states
    (`proportions.enough_runs`), `runs` at most.

    When every run does alike (`fixed.is_fixed`: the same numbers of copies move, only which
    copies differs), the first run is the only one carried out: it completes or fails as
    every other would, and its pile sizes are every run's. When runs do alike once the dice
    a step counts by have fallen (`fixed.branches`), one run a face is carried out, weighed
    by its chance (`_weigh_ways`). When runs differ only by how often their redraws redraw
    (`fixed.redraw_chances`), the first run is the only one carried out too, and the
    redraws are counted from the chances of each draw (`results.counted_redraws`). When
    no step can fail by chance otherwise (`fixed.fails_alike`), the runs stop as soon as the
    shares they report are sure."""
    start = time.perf_counter()
    res = PlayerResult(players=n, runs=runs)
    try:
        runners = sim.compile(n)
    except OverBudget:  # its filters over the components would take too long to work out
        res.runs, res.stopped = 0, True
        return res
    names = sim.pile_names(n)
    tally = Tally(sim.setup, n, report, sim.per_player)
    work = work or Work()
    blank = State(len(sim.copies.of), _NoRandom(), len(runners), names)
    blank.budget = budget = min(state.WORK, work.left)
    fixed, first = _fixed_start(runners, blank)
    work.left -= budget - fixed.budget  # the steps every run does alike, done once
    rest = list(enumerate(runners))[first:]
    effort = sim.effort
    exact = is_fixed(sim.components, sim.setup, n, effort)
    ways = None if exact else branches(sim.components, sim.setup, n, sim.copies.faces, effort)
    if ways is not None:
        if _weigh_ways(sim, res, tally, ways, (fixed, rest), seed, work):
            res.seconds = time.perf_counter() - start
            return res
        # one run a way would go past the work: the runs are sampled, with what it left
        res, tally = PlayerResult(players=n, runs=runs), Tally(sim.setup, n, report, sim.per_player)
    res.alike = exact or fails_alike(sim.components, sim.setup, n, effort)
    chances = None
    if res.alike and not exact:
        chances = redraw_chances(sim.components, sim.setup, n, report, effort)
    counted = exact or chances is not None
    failures = _carry_out(res, tally, (fixed, rest), seed, 1 if counted else runs, until_sure, work)
    counted = counted and res.runs > 0  # not when its one run would spend more than `WORK`
    chances = chances if counted else None
    done = max(res.completed, 1)
    res.counted = counted
    if counted:  # each figure stands for every run
        res.runs = runs
        res.completed *= runs
        for failure in failures.values():
            failure.runs = runs
    res.failures = sorted(failures.values(), key=lambda f: (-f.runs, f.step))
    res.redraws = tally.redraws(done)
    if chances is not None and res.completed:  # the redraws counted from their chances
        res.redraws = counted_redraws(chances, runs)
    res.piles = tally.piles(done)
    res.seconds = time.perf_counter() - start
    return res


def _carry_out(
    res: PlayerResult,
    tally: Tally,
    start: tuple[State, list[tuple[int, Runner]]],
    seed: int,
    runs: int,
    until_sure: bool,
    work: Work,
) -> dict[tuple[int, str], Failure]:
    """Up to `runs` runs of the steps from the state they start from, each from its own
    seed, within `state.WORK` of what `work` has left (and taken from it): each completed
    run added to `tally` and counted in `res` (its `runs` those made; `stopped` when the
    work ran out first), and the failures of the others, by step and kind. With
    `until_sure`, the runs stop once the figures are as sure as the report says
    (`proportions.enough_runs`)."""
    first, steps = start
    failures: dict[tuple[int, str], Failure] = {}
    made = 0
    left = start_left = min(state.WORK, work.left)  # a player count's share, of what is left
    for r in range(runs):
        st = first.copy(random.Random(seed_for(seed, res.players, r)))
        try:
            failed = _within(st, left, steps)
        except OverBudget:
            res.stopped = True
            break
        left = st.budget
        made += 1
        if failed is not None:
            i, exc = failed
            key = (i, exc.kind)
            if key not in failures:
                failures[key] = Failure(i, exc.kind, exc.message, 0, r)
            failures[key].runs += 1
        else:
            res.completed += 1
            tally.add(st)
        if until_sure and enough_runs(
            made, made - res.completed, res.completed, tally.redraw_any.values(), res.alike
        ):
            break
    STATS.runs += made
    work.left -= start_left - left
    res.runs = made
    return failures


def _weigh_ways(
    sim: Simulator,
    res: PlayerResult,
    tally: Tally,
    ways: list[Branch],
    start: tuple[State, list[tuple[int, Runner]]],
    seed: int,
    work: Work,
) -> bool:
    """The figures of a setup fixed once its counted rolls have fallen (`fixed.branches`):
    one run for each way they can fall, its faces set before it and its roll steps left
    out, weighed by its chance. Of the `res.runs` runs the report counts, each failure
    takes its share, rounded (a way that fails takes at least one run). False, with
    nothing set, when the runs would go past `state.WORK` of what `work` has left (all of
    that share is taken from it)."""
    begun, steps = start
    rolled = set(ways[0].faces)
    skip = {i for i, s in enumerate(sim.setup.steps) if isinstance(s, Roll) and s.as_ in rolled}
    rest = [(i, r) for i, r in steps if i not in skip]
    failed: dict[tuple[int, str], tuple[Failure, Fraction]] = {}
    done = Fraction(0)
    left = start_left = min(state.WORK, work.left)
    for k, way in enumerate(ways):
        st = begun.copy(random.Random(seed_for(seed, res.players, k)))
        st.vars.update(way.faces)
        try:
            stopped = _within(st, left, rest)
        except OverBudget:
            work.left -= start_left  # the ways made and the one stopped spent it all
            return False
        left = st.budget
        if stopped is None:
            tally.add(st, way.chance)
            done += way.chance
            continue
        i, exc = stopped
        fell = ", ".join(f"{name} rolled {face}" for name, face in way.faces.items())
        first, share = failed.get(
            (i, exc.kind), (Failure(i, exc.kind, f"{exc.message} ({fell})", 0, -1), Fraction(0))
        )
        failed[(i, exc.kind)] = (first, share + way.chance)
    STATS.runs += len(ways)
    work.left -= start_left - left
    for failure, share in failed.values():
        failure.runs = max(1, round(share * res.runs))
    res.completed = max(0, res.runs - sum(f.runs for f, _ in failed.values()))
    res.failures = sorted((f for f, _ in failed.values()), key=lambda f: (-f.runs, f.step))
    res.piles = tally.piles(done or 1)
    res.redraws = tally.redraws(1)  # a way that is fixed redraws nothing
    res.counted = True
    return True


def _within(st: State, left: int, steps: list[tuple[int, Runner]]) -> tuple[int, Infeasible] | None:
    """`_run_steps` on `st` with `left` of the work to do it in, less the game's copies
    (a run copies every pile); `OverBudget` when it would do more. `st.budget` is what is
    left after it."""
    st.budget = left - len(st.taken)
    if st.budget < 0:
        raise OverBudget
    return _run_steps(st, steps)


def _run_steps(st: State, steps: list[tuple[int, Runner]]) -> tuple[int, Infeasible] | None:
    """Run the numbered steps on `st`; the first that cannot be carried out, and why."""
    for i, step_run in steps:
        try:
            step_run(st)
        except Infeasible as exc:
            return i, exc
    return None


def deals(
    components: list[Component],
    setup: SetupModel,
    n: int,
    piles: tuple[str, ...],
    *,
    seed: int,
    runs: int,
    work: Work,
) -> Iterator[tuple[dict[str, list[int]], list[int]] | None]:
    """Each of `runs` runs of the setup's steps for `n` players, from the seeds `simulate`
    gives them: the copies (as component indices) of the piles asked for and each step's
    redraws; None for a run a step could not complete. The deck numbers
    (`cardstock.rules.stats.odds`) count what the steps dealt. The runs spend `work` and
    end when it runs out: no run is yielded that would spend past it."""
    sim = Simulator(components, setup)
    try:
        runners = list(enumerate(sim.compile(n)))
    except OverBudget:  # its filters over the components would take too long to work out
        return
    names = sim.pile_names(n)
    of = sim.copies.of
    for r in range(runs):
        st = State(len(of), random.Random(seed_for(seed, n, r)), len(runners), names)
        try:
            failed = _within(st, work.left, runners)
        except OverBudget:
            return  # the runs made so far: no more within the work
        work.left = st.budget
        if failed is not None:
            yield None
            continue
        yield {name: [of[c] for c in st.list(name)] for name in piles}, st.redraws
