"""One run of a setup as the simulator carries it out: its piles (`State`), the work the
runs of one player count may spend (`WORK`, `OverBudget`), and why a step could not be
carried out (`Infeasible`)."""

from __future__ import annotations

import builtins  # `State.list` hides the builtin inside the class
import random
from typing import Any

from .steps import BOX

# What one player count's runs may do between them, in copies looked at: each run counts
# the game's copies (it copies every pile), each step the copies it goes through (a pass
# over a pile to filter, count or remove, about 30 ns a copy) and `DRAW` for each copy it
# draws at random (one at a time, about 600 ns). About three seconds of CPU however it is
# spent; the shipped games' setups, simulated run by run, spend under a tenth of it.
WORK = 100_000_000
# What a copy drawn at random costs, in copies looked at
DRAW = 20
# What a setup's runs may do for all its player counts together (a game is for at most
# `catalog.schema.MOST_PLAYERS`): about four player counts' worth
SETUP_WORK = 4 * WORK


class OverBudget(Exception):
    """A run would do more of the simulation's `WORK` than is left."""


class Work:
    """What some runs may still do between them (`left`, in `WORK`'s units), shared by
    every run that spends it (`simulator.deals`)."""

    __slots__ = ("left",)

    def __init__(self, left: int | None = None) -> None:
        self.left = WORK if left is None else left


class Infeasible(Exception):
    """A step could not be carried out; the message gives the numbers."""

    def __init__(self, message: str, kind: str = "short"):
        super().__init__(message)
        self.message = message
        self.kind = kind  # short | impossible | cap


class State:
    """One run: piles as lists of copies, except the box, which is a `taken` flag per copy
    until a step needs it as a list (so taking 4 Family cards does not scan 300 copies)."""

    __slots__ = ("piles", "shuffled", "vars", "rng", "redraws", "taken", "box_open", "budget")

    def __init__(self, ncopies: int, rng: random.Random, nsteps: int, names: tuple[str, ...]):
        self.piles: dict[str, list[int]] = {name: [] for name in names}
        self.shuffled: set[str] = set()
        self.vars: dict[str, Any] = {}
        self.rng = rng
        self.redraws = [0] * nsteps
        self.taken = bytearray(ncopies)
        self.box_open = False
        self.budget = WORK  # what this run may still do (`spend`)

    def copy(self, rng: random.Random) -> State:
        """This state with its own piles (the lists copied), drawing from `rng`."""
        twin = State.__new__(State)
        twin.piles = {name: pile[:] for name, pile in self.piles.items()}
        twin.shuffled = set(self.shuffled)
        twin.vars = dict(self.vars)
        twin.rng = rng
        twin.redraws = self.redraws[:]
        twin.taken = bytearray(self.taken)
        twin.box_open = self.box_open
        twin.budget = self.budget
        return twin

    def spend(self, work: int) -> None:
        """Count `work` copies looked at, moved or drawn; past the run's budget, the run
        stops. Every method that goes through a pile's copies spends them."""
        self.budget -= work
        if self.budget < 0:
            raise OverBudget

    def list(self, name: str) -> list[int]:
        """The pile as a list (the box is turned into one the first time it is needed)."""
        if name == BOX and not self.box_open:
            taken = self.taken
            self.spend(len(taken))
            self.piles[BOX] = [c for c in range(len(taken)) if not taken[c]]
            self.box_open = True
        return self.piles[name]

    def size(self, name: str) -> int:
        if name == BOX and not self.box_open:
            self.spend(len(self.taken))
            return len(self.taken) - sum(self.taken)
        return len(self.piles[name])

    def candidates(
        self, name: str, mask: builtins.list[bool] | None, members: builtins.list[int]
    ) -> builtins.list[int]:
        """Copies in the pile matching the filter, bottom to top."""
        if name == BOX and not self.box_open:
            taken = self.taken
            self.spend(len(members))
            return [c for c in members if not taken[c]]
        src = self.piles[name]
        self.spend(len(src))
        return src[:] if mask is None else [c for c in src if mask[c]]

    def remove(self, name: str, gone: builtins.list[int]) -> None:
        if name == BOX and not self.box_open:
            for c in gone:
                self.taken[c] = 1
            return
        src = self.piles[name]
        if len(gone) == len(src):
            src.clear()
            return
        self.spend(len(src))
        drop: set[int] = set(gone)
        src[:] = [c for c in src if c not in drop]

    def take(
        self,
        name: str,
        mask: builtins.list[bool] | None,
        members: builtins.list[int],
        n: int | None,
        random_pick: bool,
    ) -> builtins.list[int]:
        """Remove and return `n` copies (all when None) matching the filter: from the top of
        the pile, or at random when it is shuffled or `random_pick`."""
        if mask is None and name != BOX and n is not None:
            self.spend(n)
            src = self.piles[name]
            if random_pick or name in self.shuffled:
                return pop_random(self, src, n)
            taken = src[len(src) - n :]
            del src[len(src) - n :]
            taken.reverse()
            return taken
        return self.take_among(name, self.candidates(name, mask, members), n, random_pick)

    def take_among(
        self, name: str, cands: builtins.list[int], n: int | None, random_pick: bool
    ) -> builtins.list[int]:
        """`take`, given the pile's copies that match the filter (`candidates`)."""
        self.spend(len(cands) if n is None else n)
        if n is None:
            chosen = cands
        elif random_pick or name in self.shuffled:
            self.spend(DRAW * n)
            chosen = self.rng.sample(cands, n)
        else:
            chosen = cands[len(cands) - n :][::-1]
        self.remove(name, chosen)
        return chosen

    def draw(self, name: str, pile: builtins.list[int]) -> int:
        """The top copy of the pile, or one at random when it is shuffled (`DRAW` spent)."""
        self.spend(DRAW)
        if name in self.shuffled and len(pile) > 1:
            i = int(self.rng.random() * len(pile))
            pile[i], pile[-1] = pile[-1], pile[i]
        return pile.pop()


def pop_random(st: State, src: list[int], n: int) -> list[int]:
    """`n` copies drawn at random from a shuffled pile (a partial Fisher-Yates)."""
    st.spend(DRAW * n)
    rnd = st.rng.random
    out = []
    m = len(src)
    for _ in range(n):
        i = int(rnd() * m)
        m -= 1
        out.append(src[i])
        src[i] = src[m]
    del src[m:]
    return out
