"""The odds a game's setup deals: the chance a hand holds at least k of a kind, worked out
exactly and held against the setup simulation.

For each setup the rules define (`[setup]` and each `[[setup.variants]]`) and each player
count, `cardstock.rules.setup.piles` follows the steps and notes every step that draws copies at
random: a deal or draw from a shuffled pile, a random choice, a mulligan
(`redraw_until`), a draw until enough of a kind came (`draw_until`). Where the pile it
draws from holds the same number of copies, and of a kind, in every deal, the chance is
hypergeometric, computed in whole numbers with `math.comb` (a `Fraction`), or in floating
point from a pile of more than `proportions.EXACT_MOST` copies (no numerical library is
needed for these sums):

- a hand of h from a pile of T holding a of the kind has at least k of it with
  P = Σ_{j≥k} C(a, j)·C(T−a, h−j) / C(T, h);
- a mulligan's first hand is kept with the chance its `require` kind is there `at_least`
  times; the hand kept holds at least k of another kind with the chance of both over the
  chance of the first (four cells: of both kinds, of each alone, of neither), left out
  when that sum has more than `BOTH_MOST` terms;
- a `draw_until` is done within its first N draws when they hold `count` of its `accept`
  kind (copies set aside are not drawn again; with `reject = "reshuffle"` only the chance
  that no copy is rejected, N = count, is stated).

Each figure is for the first player the step runs for. `simulated` runs the simulator's
own deals (same seeds as the rules check's) with that step for the first player only, and
counts how often the event happened: each stated probability should lie within the
simulation's 99 % (Wilson) interval.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from ...catalog.load import Catalog
from ..filters import Filter, compile_filter
from ..proportions import EXACT_MOST, Chance, at_least, at_least_each, log_comb, wilson
from ..setup import state
from ..setup.piles import Draw, Effort, Follower, Pile, TooCostly, pile_count, pile_size
from ..setup.simulator import deals, player_counts
from ..setup.state import Work
from ..setup.steps import Choose, DrawUntil, Move, RedrawUntil, SetupModel
from .decks import kinds

# Odds of k or more are listed from the first k whose chance is below 1 − SMALLEST (and
# k = 1) up to the first k whose chance is below SMALLEST.
SMALLEST = Fraction(1, 1000)
MAX_EXTRA_DRAWS = 12  # `draw_until`: draws beyond `count` listed at most
DEALT = "(dealt)"  # the pile the simulated step deals into, so its copies can be counted

HAND, KEPT, FIRST, WITHIN = "hand", "kept", "first-kept", "within"
EVENTS = {
    HAND: "the copies the step deals hold at least k of the kind",
    KEPT: "the hand kept after any mulligans holds at least k of the kind",
    FIRST: "the first hand is kept, no mulligan: it holds at least k of the kind required",
    WITHIN: "the step is done within its first N draws (N = drawn): they hold at least k "
    "of the kind it accepts",
}


@dataclass
class Odds:
    """One stated chance, and what the simulation found of it (`simulated`)."""

    setup: str  # "setup", or a variant's name
    players: int
    step: int  # counting from 1, as the rules report does
    words: str  # the step's words
    event: str  # one of EVENTS
    kind: str  # "realm = Red", or the step's filter
    pile: int  # copies in the pile drawn from
    of_kind: int  # … of the kind
    drawn: int  # the hand's size, or N draws
    at_least: int  # k
    p: Chance  # exact, or in floating point for a pile past `proportions.EXACT_MOST`
    runs: int = 0  # deals simulated, and …
    hits: int = 0  # … how many of them the event happened in
    interval: tuple[float, float] | None = None

    @property
    def within(self) -> bool | None:
        """Whether the exact chance lies within the simulation's 99 % interval."""
        if self.interval is None:
            return None
        low, high = self.interval
        return low <= float(self.p) <= high


# The terms a mulligan's kept-hand chances may sum (three nested counts over the pile's
# cells); past it those rows are left out of the page. The shipped mulligan (The Vortex's)
# sums at most 64 a kind; a hand of 8,000 from 20,000 copies would sum billions.
BOTH_MOST = 1_000_000


def both_at_least_each(
    cells: tuple[int, int, int, int], drawn: int, m: int, most: int
) -> list[Chance] | None:
    """The chance a random hand of `drawn` holds at least k of kind A and at least `m` of
    kind R, for k = 1 … `most`, from a pile whose copies are (A and R, A only, R only,
    neither) = `cells`: exact, or in floating point past `EXACT_MOST` copies; None when
    the sum has more than `BOTH_MOST` terms."""
    x, y, z, w = cells
    total = x + y + z + w
    if (min(x, drawn) + 1) * (min(y, drawn) + 1) * (min(z, drawn) + 1) > BOTH_MOST:
        return None
    exact = total <= EXACT_MOST
    whole = log_comb(total, drawn)

    def term(i: int, j: int, h: int, rest: int) -> int | float:
        if exact:
            return math.comb(x, i) * math.comb(y, j) * math.comb(z, h) * math.comb(w, rest)
        logs = log_comb(x, i) + log_comb(y, j) + log_comb(z, h) + log_comb(w, rest)
        return math.exp(logs - whole)

    by_a: list[int | float] = [0] * (min(x + y, drawn) + 1)  # hands with exactly a of A
    for i in range(min(x, drawn) + 1):
        for j in range(min(y, drawn - i) + 1):
            for h in range(min(z, drawn - i - j) + 1):
                rest = drawn - i - j - h
                if i + h >= m and rest <= w:
                    by_a[i + j] += term(i, j, h, rest)
    out: list[Chance] = []
    ways = sum(by_a[1:])
    for k in range(1, most + 1):
        if exact:
            out.append(Fraction(int(ways), math.comb(total, drawn)))
        else:
            out.append(min(1.0, float(ways)))
        ways -= by_a[k] if k < len(by_a) else 0
    return out


def setups(catalog: Catalog) -> list[tuple[str, SetupModel]]:
    """The setups the rules define: the setup, then each variant."""
    rules = catalog.rules
    if rules is None or rules.setup is None:
        return []
    return [("setup", rules.setup), *((n, s) for n, s, _ in rules.setup_variants)]


def game_odds(catalog: Catalog) -> list[Odds]:
    """Every stated chance of every setup and player count, in that order: those of the
    setups and counts followed before following them would look at more than one
    `piles.Effort` (`TooCostly`)."""
    out: list[Odds] = []
    effort = Effort()
    for name, setup in setups(catalog):
        for n in player_counts(catalog):
            try:
                follower = Follower(catalog.components, setup, n, effort).run()
            except TooCostly:
                return out
            for draw in follower.draws:
                if draw.shuffled:
                    out.extend(_draw_odds(catalog, name, n, draw))
    return out


@dataclass
class _Pile:
    """A pile drawn from, with the counts of a kind it holds in every deal."""

    source: Pile = field(default_factory=list)
    size: int = 0

    def count(self, of: Callable[[int], bool]) -> int | None:
        return pile_count(self.source, of)


def _draw_odds(catalog: Catalog, setup: str, n: int, draw: Draw) -> list[Odds]:
    size = pile_size(draw.source)
    step = draw.step
    drawn = getattr(step, "count", None)
    if size is None or not isinstance(drawn, int) or drawn > size:
        return []
    pile = _Pile(source=draw.source, size=size)

    def odds(event: str, kind: str, a: int, hand: int, k: int, p: Chance) -> Odds:
        return Odds(setup, n, draw.index + 1, step.words(), event, kind, size, a, hand, k, p)

    if isinstance(step, DrawUntil):
        return list(_draw_until(catalog, step, pile, drawn, odds))
    if isinstance(step, RedrawUntil):
        return list(_redraw(catalog, step, pile, drawn, odds))
    if isinstance(step, (Move, Choose)):
        return list(_hand(catalog, pile, drawn, odds))
    return []


Make = Callable[[str, str, int, int, int, Chance], Odds]


def _kinds(catalog: Catalog, pile: _Pile) -> Iterator[tuple[str, Callable[[int], bool], int]]:
    """The kinds with a certain count in the pile, neither none nor all of it; kinds of the
    same components (a realm and its symbol) are one, their names joined."""
    comps = frozenset(i for b in pile.source for i in b.comps())
    found: dict[frozenset[int], list[Any]] = {}
    for label, of in kinds(catalog, comps):
        a = pile.count(of)
        if a is None or not 0 < a < pile.size:
            continue
        members = frozenset(i for i in comps if of(i))
        if members in found:
            found[members][0] += f" · {label}"
        else:
            found[members] = [label, of, a]
    for label, of, a in found.values():
        yield label, of, a


def _hand(catalog: Catalog, pile: _Pile, drawn: int, odds: Make) -> Iterator[Odds]:
    for label, _, a in _kinds(catalog, pile):
        chances = at_least_each(pile.size, a, drawn, min(a, drawn))
        for k, p in enumerate(chances, start=1):
            if k > 1 and p < SMALLEST:
                break
            if p < 1 and (k == 1 or p < 1 - SMALLEST):
                yield odds(HAND, label, a, drawn, k, p)


def _filter_test(catalog: Catalog, f: Filter) -> Callable[[int], bool]:
    pred = compile_filter(f)
    comps = catalog.components
    return lambda i: bool(pred(comps[i]))


def _redraw(
    catalog: Catalog, step: RedrawUntil, pile: _Pile, drawn: int, odds: Make
) -> Iterator[Odds]:
    need = _filter_test(catalog, step.require)
    r = pile.count(need)
    if r is None:
        return
    label = step.require.describe()
    kept = at_least(pile.size, r, drawn, step.at_least)
    yield odds(FIRST, label, r, drawn, step.at_least, kept)
    if kept == 0:
        return
    for kind, of, a in _kinds(catalog, pile):
        whole = _cells(pile, of, need)
        if whole is None:
            continue
        both = both_at_least_each(whole, drawn, step.at_least, min(a, drawn))
        for k, p in enumerate([b / kept for b in both or []], start=1):
            if k > 1 and p < SMALLEST:
                break
            if p < 1 and (k == 1 or p < 1 - SMALLEST):
                yield odds(KEPT, kind, a, drawn, k, p)


def _cells(
    pile: _Pile, of: Callable[[int], bool], need: Callable[[int], bool]
) -> tuple[int, int, int, int] | None:
    """The pile's copies of both kinds, of the first alone, of the second alone, of
    neither; None when one of them is not the same in every deal."""
    cells = []
    for want_of, want_need in ((True, True), (True, False), (False, True), (False, False)):

        def test(i: int, a: bool = want_of, b: bool = want_need) -> bool:
            return of(i) is a and need(i) is b

        n = pile.count(test)
        if n is None:
            return None
        cells.append(n)
    return (cells[0], cells[1], cells[2], cells[3])


def _draw_until(
    catalog: Catalog, step: DrawUntil, pile: _Pile, drawn: int, odds: Make
) -> Iterator[Odds]:
    a = pile.count(_filter_test(catalog, step.accept))
    if a is None or a < drawn:
        return
    label = step.accept.describe()
    last = drawn if step.reject == "reshuffle" else min(pile.size, drawn + MAX_EXTRA_DRAWS)
    for draws in range(drawn, last + 1):
        p = at_least(pile.size, a, draws, drawn)
        yield odds(WITHIN, label, a, draws, drawn, p)
        if p == 1 or 1 - p < SMALLEST:
            break


# What the page's deals may do between them, every step and player count together, in
# units of the rules check's `WORK` for one player count (the shipped games' pages spend
# under a quarter of one; a deal also does work outside its steps, counting what it dealt:
# one unit is about six seconds of CPU here)
PAGE_WORK = 1


def simulated(
    catalog: Catalog, odds: list[Odds], runs: int, seed: int = 1, work: int | None = None
) -> int:
    """Count, in up to `runs` of the simulator's deals of each step the odds are about, how
    often each stated event happened (`Odds.runs`, `hits`, `interval`); returns how many
    deals each step had. The steps' deals are made a round at a time, one of each step in
    turn, sharing `work` (in `state.WORK`'s units; default: `PAGE_WORK` times the check's
    `WORK`): when it runs out, every step has had as many, the round begun left out."""
    by_step: dict[tuple[str, int, int], list[Odds]] = {}
    for o in odds:
        by_step.setdefault((o.setup, o.players, o.step), []).append(o)
    models = dict(setups(catalog))
    shared = Work(PAGE_WORK * state.WORK if work is None else work)
    steps = [
        _Dealt(catalog, models[name], n, number - 1, group, runs, seed, shared)
        for (name, n, number), group in by_step.items()
    ]
    made = 0
    for _ in range(runs):
        dealt = [next(step.deals, _OUT) for step in steps]
        if any(d is _OUT for d in dealt):
            break
        for step, run in zip(steps, dealt):
            step.add(run)
        made += 1
    for step in steps:
        step.count()
    return made


_OUT = object()  # a step's deals ran out of the work


class _Dealt:
    """One step's deals for the first player (the setup up to the step, the step run for
    the first player only and dealing into a pile of its own: each run's draw is the first
    player's of the rules check's run), and what they dealt: deals that dealt the same
    copies count alike, each tested once (`count`)."""

    def __init__(
        self,
        catalog: Catalog,
        setup: SetupModel,
        n: int,
        index: int,
        group: list[Odds],
        runs: int,
        seed: int,
        work: Work,
    ) -> None:
        step = setup.steps[index]
        alone = step.model_copy(update={"who": "first", "to": DEALT})
        cut = replace(setup, steps=[*setup.steps[:index], alone], lines=setup.lines[: index + 1])
        self.catalog, self.index, self.group = catalog, index, group
        self.deals = deals(catalog.components, cut, n, (DEALT,), seed=seed, runs=runs, work=work)
        self.times: Counter[tuple[tuple[int, ...], int]] = Counter()

    def add(self, run: Any) -> None:
        if run is not None:
            piles, redraws = run
            self.times[(tuple(sorted(piles[DEALT])), redraws[self.index])] += 1

    def count(self) -> None:
        """Each of the step's odds: how often its event happened, and the interval."""
        group, members = self.group, _members(self.catalog, self.group)
        done = sum(self.times.values())
        for o in group:
            o.runs, o.hits = done, 0
        for (hand, again), k in self.times.items():
            held = {label: sum(m[i] for i in hand) for label, m in members.items()}
            for o in group:
                if _happened(o, held, again):
                    o.hits += k
        for o in group:
            o.interval = wilson(o.hits, o.runs)


def _members(catalog: Catalog, group: list[Odds]) -> dict[str, list[bool]]:
    """Each kind the hand odds are about: whether each component is of it."""
    every = dict(kinds(catalog, frozenset(range(len(catalog.components)))))
    out: dict[str, list[bool]] = {}
    for o in group:
        if o.event in (HAND, KEPT) and o.kind not in out:
            of = every[o.kind.split(" · ")[0]]
            out[o.kind] = [of(i) for i in range(len(catalog.components))]
    return out


def _happened(o: Odds, held: dict[str, int], redraws: int) -> bool:
    """Whether a simulated deal (how many of each kind it dealt, the step's redraws) is one
    where the stated event happened."""
    if o.event == FIRST:
        return redraws == 0
    if o.event == WITHIN:
        return o.at_least + redraws <= o.drawn
    return held[o.kind] >= o.at_least
