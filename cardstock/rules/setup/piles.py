"""What the setup steps leave in each pile, as far as it is the same in every deal.

The odds of a hand are exact only when the pile it is dealt from holds a known number of
the kind asked about. This module follows a game's `[setup]` steps for one player count
and keeps, for every pile, a list of blocks that say what is certain about it:

- `Known`: these copies exactly (a pile every copy of a set was moved into);
- `Some`: `size` copies (or an unknown number) taken from among these components: a
  dealt hand, the 12 Frenzies a player got at random, what is left of a deck once hands
  are dealt;
- `OneOf`: exactly one of these groups of copies (every Devotee of one colour).

A pile's count of a kind is certain when each block's is: a `Known` block counts its
copies, a `Some` block counts all or none of its copies when all or none of its components
are of the kind, and a `OneOf` block counts the same in every group. Whatever the steps
did to a pile (random or from the top), these counts stay true, so nothing here depends on
how copies are picked; whether a step deals at random is the odds' business
(`cardstock.rules.stats.odds`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...catalog.schema import Component
from ..filters import Filter, compile_filter, value_of
from .steps import (
    BOX,
    Assign,
    Choose,
    DrawUntil,
    Move,
    Refill,
    SetupModel,
    Shuffle,
    Step,
)

Kind = Callable[[Component], bool]

# What following a setup's steps may look at, in entries of the piles' blocks (a component
# of a `Known` or `Some` block, of each group of a `OneOf`), each step counting the blocks of
# the piles it reads and writes: about two seconds of CPU (a step reads each entry a few
# times, through its filter, and a pile's blocks multiply as steps split it: a setup of 200
# steps over 40,000 components once took minutes to follow). The shipped games' setups,
# followed for every player count, look at under 8,000. Past it, what the follower would
# say is not known (`TooCostly`): the setup is simulated run by run, and the stats page
# states no more odds.
FOLLOW_WORK = 1_000_000


class TooCostly(Exception):
    """Following the steps would look at more than its `Effort` has left."""


class Effort:
    """What following steps may still look at (`left`), shared by every `Follower` given it."""

    __slots__ = ("left",)

    def __init__(self, left: int | None = None) -> None:
        self.left = FOLLOW_WORK if left is None else left

    def spend(self, entries: int) -> None:
        self.left -= entries
        if self.left < 0:
            raise TooCostly


@dataclass(frozen=True)
class Known:
    """These copies exactly: component index → copies."""

    counts: tuple[tuple[int, int], ...]

    @property
    def size(self) -> int | None:
        return sum(n for _, n in self.counts)

    def comps(self) -> frozenset[int]:
        return frozenset(i for i, n in self.counts if n)

    def count(self, of: Callable[[int], bool]) -> int | None:
        return sum(n for i, n in self.counts if of(i))


@dataclass(frozen=True)
class Some:
    """`size` copies (None: an unknown number) from among the components `among`."""

    size: int | None
    among: frozenset[int]

    def comps(self) -> frozenset[int]:
        return self.among if self.size != 0 else frozenset()

    def count(self, of: Callable[[int], bool]) -> int | None:
        hits = [of(i) for i in self.among]
        if self.size == 0 or not any(hits):
            return 0
        return self.size if all(hits) else None


@dataclass(frozen=True)
class OneOf:
    """Exactly one of these groups of copies, each as component index → copies."""

    groups: tuple[tuple[tuple[int, int], ...], ...]

    @property
    def size(self) -> int | None:
        sizes = {sum(n for _, n in g) for g in self.groups}
        return sizes.pop() if len(sizes) == 1 else None

    def comps(self) -> frozenset[int]:
        return frozenset(i for g in self.groups for i, n in g if n)

    def count(self, of: Callable[[int], bool]) -> int | None:
        counts = {sum(n for i, n in g if of(i)) for g in self.groups}
        return counts.pop() if len(counts) == 1 else None


Block = Known | Some | OneOf
Pile = list[Block]


def pile_size(pile: Pile) -> int | None:
    """The pile's number of copies, when every deal leaves the same."""
    total = 0
    for b in pile:
        if b.size is None:
            return None
        total += b.size
    return total


def pile_count(pile: Pile, of: Callable[[int], bool]) -> int | None:
    """How many of the pile's copies are of a kind (`of` a component index), when every
    deal leaves the same number."""
    total = 0
    for b in pile:
        n = b.count(of)
        if n is None:
            return None
        total += n
    return total


def entries(pile: Pile) -> int:
    """How many entries the pile's blocks hold (`FOLLOW_WORK`'s unit)."""
    total = 0
    for b in pile:
        if isinstance(b, Known):
            total += len(b.counts)
        elif isinstance(b, Some):
            total += len(b.among)
        else:
            total += sum(len(g) for g in b.groups)
    return total + 1


def pile_comps(pile: Pile) -> frozenset[int]:
    """Every component the pile may hold."""
    out: frozenset[int] = frozenset()
    for b in pile:
        out |= b.comps()
    return out


def _split_counts(
    counts: tuple[tuple[int, int], ...], keep: Callable[[int], bool]
) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    yes: list[tuple[int, int]] = []
    no: list[tuple[int, int]] = []
    for i, n in counts:
        (yes if keep(i) else no).append((i, n))
    return tuple(yes), tuple(no)


def split(pile: Pile, keep: Callable[[int], bool]) -> tuple[Pile, Pile]:
    """The pile's copies a filter takes and those it leaves, block by block."""
    taken: Pile = []
    left: Pile = []
    for b in pile:
        if isinstance(b, Known):
            yes, no = _split_counts(b.counts, keep)
            taken.append(Known(yes))
            left.append(Known(no))
        elif isinstance(b, OneOf):
            parts = [_split_counts(g, keep) for g in b.groups]
            taken.append(OneOf(tuple(p[0] for p in parts)))
            left.append(OneOf(tuple(p[1] for p in parts)))
        else:
            yes_c = frozenset(i for i in b.among if keep(i))
            no_c = b.among - yes_c
            if not no_c:
                taken.append(b)
            elif not yes_c:
                left.append(b)
            else:
                taken.append(Some(None, yes_c))
                left.append(Some(None, no_c))
    return [b for b in taken if b.comps()], [b for b in left if b.comps()]


def thinned(pile: Pile, size: int | None) -> Pile:
    """`size` copies from among the pile's (a hand dealt from it, or what a deal leaves)."""
    if size == 0:
        return []
    if size is not None and size == pile_size(pile):
        return list(pile)
    return [Some(size, pile_comps(pile))]


@dataclass(frozen=True)
class Draw:
    """A step that draws copies from a pile at random, for the first player it runs for:
    the pile as it is when the step runs."""

    index: int  # the step's index in the setup
    step: Step
    source: Pile  # the copies it may draw: those its `match` takes, when it has one
    shuffled: bool  # whether it draws at random (else the pile's top copies are taken)


class Follower:
    """Follows the setup steps for `players` players (piles named as the simulator names
    them: a player pile once per player, `hand#1`), noting each draw (`draws`). Each step
    spends `effort` by the entries of the piles it reads and writes (`charge`)."""

    def __init__(
        self,
        components: list[Component],
        setup: SetupModel,
        players: int,
        effort: Effort | None = None,
    ):
        self.effort = Effort() if effort is None else effort
        self.effort.spend(len(components))
        self.components = components
        self.setup = setup
        self.n = players
        self.per_player = set(setup.player_piles)
        box = Known(tuple((i, c.count) for i, c in enumerate(components)))
        self.piles: dict[str, Pile] = {BOX: [box]}
        self.shuffled: set[str] = set()
        self.draws: list[Draw] = []

    def keeper(self, f: Filter | None) -> Callable[[int], bool]:
        pred = compile_filter(f)
        comps = self.components
        return lambda i: bool(pred(comps[i]))

    def pairs(self, step: Step) -> list[tuple[str, str]]:
        """The (from, to) piles of each player the step runs for, in the simulator's order."""
        names = [getattr(step, a) for a in (*step.piles_read, *step.piles_written)]
        if not any(x in self.per_player for x in names):
            players = [0]
        else:
            players = [0] if step.who == "first" else list(range(self.n))

        def name(base: str, p: int) -> str:
            return f"{base}#{p + 1}" if base in self.per_player else base

        # a step that moves copies reads one pile and writes one
        src, dst = getattr(step, step.piles_read[0]), getattr(step, step.piles_written[0])
        return [(name(src, p), name(dst, p)) for p in players]

    def pile(self, name: str) -> Pile:
        return self.piles.setdefault(name, [])

    def charge(self, *names: str) -> None:
        """Spend the entries of these piles (`TooCostly` past the effort left)."""
        self.effort.spend(sum(entries(self.piles.get(name, [])) for name in names))

    def run(self) -> Follower:
        for index, step in enumerate(self.setup.steps):
            self.follow(index, step)
        return self

    def follow(self, index: int, step: Step) -> None:
        if isinstance(step, Shuffle):
            for p in range(self.n):
                base = step.pile
                self.shuffled.add(f"{base}#{p + 1}" if base in self.per_player else base)
            return
        if not step.piles_read:  # a roll: no pile changes
            return
        if isinstance(step, Assign):
            self._assign(step)
            return
        for k, (src, dst) in enumerate(self.pairs(step)):
            self._one(index, step, src, dst, first=k == 0)
        if step.redraws:
            for src, _ in self.pairs(step):
                self.shuffled.add(src)

    def _take(self, src: str, dst: str, among: Pile, rest: Pile, n: int | None) -> None:
        size = pile_size(among)
        left = None if n is None or size is None else size - n
        self.piles[src] = rest + thinned(among, left)
        self.pile(dst).extend(thinned(among, n))

    def _one(self, index: int, step: Step, src: str, dst: str, *, first: bool) -> None:
        self.charge(src, dst)
        pile = self.pile(src)
        if isinstance(step, (Move, Choose)) and step.match is not None:
            among, rest = split(pile, self.keeper(step.match))
        else:
            among, rest = list(pile), []
        if isinstance(step, Move) and step.count is None:
            self.piles[src] = rest
            self.pile(dst).extend(among)
            return
        if isinstance(step, Choose) and step.per is not None:
            self._choose_per(step, src, dst, among, rest)
            return
        count = getattr(step, "count", None)
        if isinstance(step, Refill):
            have = pile_size(self.pile(dst))
            count = None if have is None or not isinstance(step.upto, int) else step.upto - have
        n = count if isinstance(count, int) else None
        random_pick = isinstance(step, Choose) or src in self.shuffled
        if first and n is not None:
            self.draws.append(Draw(index, step, list(among), random_pick))
        if isinstance(step, DrawUntil):
            among, rest = split(pile, self.keeper(step.accept))
        self._take(src, dst, among, rest, n)

    def _choose_per(self, step: Choose, src: str, dst: str, among: Pile, rest: Pile) -> None:
        """`count` of each value of `per`: each value's copies thinned on their own."""
        assert step.per is not None
        per = step.per
        values = sorted({str(value_of(self.components[i], per)) for i in pile_comps(among)})
        n = step.count if isinstance(step.count, int) else None
        comps = self.components
        for v in values:

            def of_value(i: int, v: str = v) -> bool:
                return str(value_of(comps[i], per)) == v

            self.effort.spend(entries(among))
            group, among = split(among, of_value)
            self._take(src, dst, group, [], n)
            rest = rest + self.piles[src]
        self.piles[src] = rest

    def _assign(self, step: Assign) -> None:
        """Each player gets every copy of one value of `by`, no value twice (the simulator
        picks them at once): when the pile is known, each player's is one of the value
        groups; otherwise some copies of their components."""
        pairs = self.pairs(step)
        src = pairs[0][0]
        self.charge(src, *(dst for _, dst in pairs))
        among, rest = split(self.pile(src), self.keeper(step.match))
        comps = pile_comps(among)
        groups: dict[str, list[tuple[int, int]]] = {}
        known = step.count == 1 and all(isinstance(b, Known) for b in among)
        for b in among if known else []:
            assert isinstance(b, Known)
            for i, n in b.counts:
                groups.setdefault(str(value_of(self.components[i], step.by)), []).append((i, n))
        for _, dst in pairs:
            if known:
                self.pile(dst).append(OneOf(tuple(tuple(groups[v]) for v in sorted(groups))))
            else:
                self.pile(dst).append(Some(None, comps))
        everything = known and len(groups) == len(pairs)
        self.piles[src] = rest if everything else rest + [Some(None, comps)]
