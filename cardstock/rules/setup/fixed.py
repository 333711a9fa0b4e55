"""How far a setup's runs are alike, so that a few runs of the simulator tell all: alike in
every number, alike once the dice it counts by have fallen, or failing alike.

A setup that is a fixed sequence of moves, deals, draws, shuffles and choices of a fixed
number of copies leaves each pile with the same number of copies in every run; only which
copies differs. Whether a step can be carried out depends only on such numbers (how many
copies its source holds, how many of them match its filter, how many of each value a
`choose … per` or an `assign` finds), and so do the sizes the report shows. When every one
of those numbers is certain for every step (as `piles.Follower` keeps track of what is
certain), every run completes, or every run fails at the same step with the same message:
the figures of one run are exactly the figures of all of them, counted, not sampled.

A count named after a roll makes runs differ by the face the die shows, and nothing else
when the setup is fixed once each such count is that face (`branches`): a die has few faces,
so the setup is run once for each way its counted rolls can fall, each run weighed by its
chance, and the figures are again counted, not sampled. A `draw_until` and a `redraw_until`
make runs differ (how often a hand is redrawn), and so does a step whose numbers depend on
which copies an earlier random step dealt: such a setup is simulated run by run.

Even then a setup may fail alike in every run (`fails_alike`): when every step is certain
as above, or a redraw that ends (a `draw_until` that sets rejects aside, from a pile no
larger than its `max_attempts`; a `redraw_until` whose chance of failing every one of its
`max_attempts` hands is below `NEGLIGIBLE`, from a shuffled pile of known make-up), or a
step that takes from a redrawn hand no more copies of the kind the redraw required than it
guarantees. No step then fails in one run and not in another, so the first runs show
whether any run fails, and the simulation needs runs only for the shares it reports.

A `draw_until` that shuffles each reject straight back ends alike too when its chance of
drawing past its `max_attempts` is as small.

Those shares are counted too when the redraws are the only steps whose numbers differ from
run to run (`redraw_chances`): every redraw from a shuffled pile of known make-up, every
other step certain and every reported pile's size after setup certain. A mulligan's hand
then misses what it requires with the same chance at every attempt (the hand goes back and
the pile is shuffled); a draw that shuffles each reject back accepts a copy with a chance
that only the copies accepted before it change; a draw that sets rejects aside until it
is done rejects as many copies as the pile's make-up gives (a negative hypergeometric
count). Each player's redraws are independent of the others' (each draws from a pile whose
make-up is certain when it draws), so how many runs redraw, and how often, follows from
those chances (`Redraws`, `results.counted_redraws`), with no run but the first carried
out.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import prod
from typing import Any

from ...catalog.schema import Component
from ..filters import Filter, compile_filter, value_of
from ..proportions import Chance, at_least
from .piles import (
    Effort,
    Follower,
    Pile,
    Some,
    TooCostly,
    pile_comps,
    pile_count,
    pile_size,
    split,
)
from .steps import (
    Assign,
    Choose,
    DrawUntil,
    Move,
    RedrawUntil,
    Refill,
    Roll,
    SetupModel,
    Shuffle,
    Step,
)


def is_fixed(
    components: list[Component], setup: SetupModel, players: int, effort: Effort | None = None
) -> bool:
    """Whether every run of `setup` for `players` players is alike in every number the
    simulator checks and reports (see the module's docstring); False too when following
    the steps would spend more than `effort` has left (`piles.TooCostly`)."""
    return _walk(components, setup, players, chance=False, effort=effort)


def _step_certain(
    components: list[Component], follower: Follower, step: Step, src: str, dst: str
) -> bool:
    """Whether the numbers the step is checked by, for one player, are the same in every run."""
    pile = follower.pile(src)
    if isinstance(step, Refill):
        return (
            isinstance(step.upto, int)
            and pile_size(follower.pile(dst)) is not None
            and pile_size(pile) is not None
        )
    assert isinstance(step, (Move, Choose))
    if step.count is not None and not isinstance(step.count, int):
        return False  # a count rolled by an earlier step
    if isinstance(step, Choose) and step.per is not None:
        return _groups_certain(components, pile, step.match, step.per)
    if step.match is None:
        return pile_size(pile) is not None
    return pile_count(pile, _keeper(components, step.match)) is not None


def _groups_certain(components: list[Component], pile: Pile, match: Filter | None, by: str) -> bool:
    """Whether the pile holds the same number of the copies `match` takes of each value of
    `by` in every run (so the same values, too)."""
    among, _ = split(pile, _keeper(components, match))
    values = {_key(components[i], by) for i in pile_comps(among)}
    for v in values:

        def of_value(i: int, v: str = v) -> bool:
            return _key(components[i], by) == v

        if pile_count(among, of_value) is None:
            return False
    return True


def _keeper(components: list[Component], f: Filter | None) -> Callable[[int], bool]:
    pred = compile_filter(f)
    return lambda i: bool(pred(components[i]))


def _key(c: Component, name: str) -> str:
    v = value_of(c, name)
    if isinstance(v, list):
        return "|".join(map(str, v))
    return "" if v is None else str(v)


# A chance of failing this small is none a report can show (it shows one in 1,000 games).
NEGLIGIBLE = 1e-9


def fails_alike(
    components: list[Component], setup: SetupModel, players: int, effort: Effort | None = None
) -> bool:
    """Whether no step of `setup` for `players` players can fail in one run and not in
    another (see the module's docstring); False too past `effort`."""
    return _walk(components, setup, players, chance=True, effort=effort)


@dataclass(frozen=True)
class Redraws:
    """How one player's part of a redraw step redraws, from its pile's certain make-up:
    `hits`, the chance that a draw is accepted while each copy it still needs is drawn,
    each reject going straight back (a mulligan: one chance, that of a good hand); or
    `aside`, (the pile's size, the copies it would accept, the copies drawn) for a draw that
    sets its rejects aside until it is done."""

    hits: tuple[Chance, ...] = ()
    aside: tuple[int, int, int] | None = None

    @property
    def mean(self) -> float:
        """How many times the player redraws on average."""
        if self.aside is not None:  # a negative hypergeometric count of rejects
            size, good, count = self.aside
            return count * (size - good) / (good + 1)
        return sum((1 - float(p)) / float(p) for p in self.hits)


# A redraw step whose players redraw more often than this in a run, on average, is simulated:
# its count would need chances of hundreds of redraws, worked out one by one.
MOST_COUNTED_MEAN = 64


def redraw_chances(
    components: list[Component],
    setup: SetupModel,
    players: int,
    shown: list[str],
    effort: Effort | None = None,
) -> dict[int, list[Redraws]] | None:
    """For a setup whose runs differ only by how often its redraws redraw (see the
    module's docstring), how each redraw step redraws for each player it deals to (in the
    step's order of players); None for any other setup: one with a step whose numbers are
    not certain, a redraw that can fail or draws from a pile of unknown make-up, or a pile of
    `shown` (those the report shows, a player's own included) whose size after setup differs
    from run to run; or a step whose players redraw more than `MOST_COUNTED_MEAN` times a
    run on average; or when following the steps would spend more than `effort` has left."""
    chances: dict[int, list[Redraws]] = {}
    if not _walk(components, setup, players, True, (chances, shown), effort):
        return None
    if any(sum(how.mean for how in ways) > MOST_COUNTED_MEAN for ways in chances.values()):
        return None
    return chances


def _walk(
    components: list[Component],
    setup: SetupModel,
    players: int,
    chance: bool,
    counted: tuple[dict[int, list[Redraws]], list[str]] | None = None,
    effort: Effort | None = None,
) -> bool:
    """`_follow`, False when it would spend more than `effort` has left."""
    try:
        return _follow(components, setup, players, chance, counted, effort)
    except TooCostly:
        return False


def _follow(
    components: list[Component],
    setup: SetupModel,
    players: int,
    chance: bool,
    counted: tuple[dict[int, list[Redraws]], list[str]] | None,
    effort: Effort | None,
) -> bool:
    """Follow the steps for `players` players while each is alike in every run: its numbers
    certain (`is_fixed`), or, with `chance`, whether it fails certain (`fails_alike`). With
    `counted` (the redraws, the piles shown), how each redraw redraws for each player is
    added to the redraws (`Redraws`), and each pile shown must have a certain size at the
    end (`redraw_chances`)."""
    chances = None if counted is None else counted[0]
    follower = Follower(components, setup, players, effort)
    # (pile, a filter's text) -> how many copies of that kind the pile holds at least
    floors: dict[tuple[str, str], int] = {}
    for index, step in enumerate(setup.steps):
        if isinstance(step, (Shuffle, Roll)):  # a roll moves nothing; a count it names is not
            follower.follow(index, step)  # certain (`_step_certain`)
            continue
        if step.redraws and not chance:  # a draw_until or a redraw_until
            return False
        if isinstance(step, Assign):
            src = follower.pairs(step)[0][0]
            if not _groups_certain(components, follower.pile(src), step.match, step.by):
                return False
            follower.follow(index, step)
            continue
        for k, (src, dst) in enumerate(follower.pairs(step)):
            if _ends_alike(components, follower, step, src, dst):
                if not _noted(components, follower, index, step, src, chances):
                    return False
                follower._one(index, step, src, dst, first=k == 0)
            elif _floor_holds(floors, step, src):
                _take_kind(components, follower, step, src, dst)
            else:
                return False
            _lower(floors, src, step)
            if isinstance(step, RedrawUntil):
                key = (dst, repr(step.require))
                floors[key] = max(floors.get(key, 0), step.at_least)
        if step.redraws:
            for src, _ in follower.pairs(step):
                follower.shuffled.add(src)
    return counted is None or _sizes_certain(follower, counted[1])


def _noted(
    components: list[Component],
    follower: Follower,
    index: int,
    step: Step,
    src: str,
    chances: dict[int, list[Redraws]] | None,
) -> bool:
    """With `chances`, how one player's part of a redraw step redraws, added to them (a
    step that redraws nothing adds nothing); False when it cannot be counted."""
    if chances is None or not isinstance(step, (DrawUntil, RedrawUntil)):
        return True
    how = _redraws(components, follower, step, src)
    if how is not None:
        chances.setdefault(index, []).append(how)
    return how is not None


def _sizes_certain(follower: Follower, shown: list[str]) -> bool:
    """Whether each pile of `shown` (a player's own too) has the same size in every run."""
    return all(
        pile_size(pile) is not None
        for name, pile in follower.piles.items()
        if name.partition("#")[0] in shown
    )


def _redraws(
    components: list[Component], follower: Follower, step: DrawUntil | RedrawUntil, src: str
) -> Redraws | None:
    """How one player's part of `step` redraws, drawing from `src` (of certain make-up:
    `_ends_alike`); None when the pile is not shuffled (its order, not its make-up, says
    what comes) or the draw cannot end (every run fails, and is carried out)."""
    pile = follower.pile(src)
    wanted = step.accept if isinstance(step, DrawUntil) else step.require
    size, matching = pile_size(pile), pile_count(pile, _keeper(components, wanted))
    assert size is not None and matching is not None and isinstance(step.count, int)
    if src not in follower.shuffled:
        return None
    if isinstance(step, RedrawUntil):
        return Redraws(hits=(at_least(size, matching, step.count, step.at_least),))
    if matching < step.count:
        return None
    if step.reject == "set_aside":
        return Redraws(aside=(size, matching, step.count))
    return Redraws(hits=tuple(Fraction(matching - i, size - i) for i in range(step.count)))


def _ends_alike(
    components: list[Component], follower: Follower, step: Step, src: str, dst: str
) -> bool:
    """Whether one player's part of `step` fails in every run or in none, from what the
    piles certainly hold."""
    pile = follower.pile(src)
    if isinstance(step, (DrawUntil, RedrawUntil)):
        size = pile_size(pile)
        wanted = step.accept if isinstance(step, DrawUntil) else step.require
        matching = pile_count(pile, _keeper(components, wanted))
        if size is None or matching is None or not isinstance(step.count, int):
            return False
        if isinstance(step, DrawUntil) and step.reject == "set_aside":
            return size <= step.max_attempts  # at most every copy drawn once
        if isinstance(step, DrawUntil):
            return src in follower.shuffled and _past_attempts(step, size, matching) < NEGLIGIBLE
        if step.count > size:
            return False  # every run fails alike, but at a step the simulator reports itself
        no_hand = 1 - at_least(size, matching, step.count, step.at_least)
        return src in follower.shuffled and float(no_hand) ** step.max_attempts < NEGLIGIBLE
    return _step_certain(components, follower, step, src, dst)


def _past_attempts(step: DrawUntil, size: int, matching: int) -> float:
    """At most the chance that a draw shuffling each reject back needs more than its
    `max_attempts` draws: it cannot when each of the `count` copies it accepts comes within
    its share of them, and a copy does not with at most the chance of a reject to that
    share's power (1 when the pile holds too few copies to accept: every run fails)."""
    count = step.count
    assert isinstance(count, int)
    if matching < count or count > size:
        return 1.0
    share = step.max_attempts // max(count, 1)
    worst = max((1 - Fraction(matching - i, size - i) for i in range(count)), default=Fraction(0))
    # in floats: an exact power of a fraction to a billion `max_attempts` would not end
    return count * float(worst) ** share


def _floor_holds(floors: dict[tuple[str, str], int], step: Step, src: str) -> bool:
    """Whether `step` takes from `src` only copies of a kind a redraw left it holding at
    least as many of as the step takes."""
    return (
        isinstance(step, (Move, Choose))
        and isinstance(step.count, int)
        and (not isinstance(step, Choose) or step.per is None)
        and step.count <= floors.get((src, repr(step.match)), 0)
    )


def _take_kind(
    components: list[Component], follower: Follower, step: Step, src: str, dst: str
) -> None:
    """Follow a step `_floor_holds` for: its count of copies of the kind move, so the
    piles' sizes stay known where their make-up does not."""
    assert isinstance(step, (Move, Choose)) and isinstance(step.count, int)
    follower.charge(src, dst)
    pile = follower.pile(src)
    size, comps, kind = pile_size(pile), pile_comps(pile), _keeper(components, step.match)
    follower.piles[src] = [Some(None if size is None else size - step.count, comps)]
    follower.pile(dst).append(Some(step.count, frozenset(i for i in comps if kind(i))))


def _lower(floors: dict[tuple[str, str], int], src: str, step: Step) -> None:
    """What taking the step's copies out of `src` leaves of each kind the pile held at least."""
    count = getattr(step, "count", None)
    for key in [k for k in floors if k[0] == src]:
        floors[key] = max(0, floors[key] - count) if isinstance(count, int) else 0


# More ways for the counted rolls to fall than this (three six-sided dice) are simulated.
MOST_BRANCHES = 216


@dataclass(frozen=True)
class Branch:
    """One way a setup's counted rolls can fall: the face each shows (by the name the roll
    keeps it as), the chance of that, and the setup as it runs then (each count named after
    a roll replaced by the face)."""

    faces: dict[str, int]
    chance: Fraction
    setup: SetupModel


def branches(
    components: list[Component],
    setup: SetupModel,
    players: int,
    faces_of: Callable[[str, str], list[Any]],
    effort: Effort | None = None,
) -> list[Branch] | None:
    """Every way the rolls whose faces later steps count by can fall, in step order and
    each die's face order, when the setup is fixed (`is_fixed`) in every one of them. None
    when no count names a roll, two rolls keep the same name, a die's faces are not whole
    numbers, there are more than `MOST_BRANCHES` ways, or some way is not fixed (or
    following them would spend more than `effort` has left, which they share).
    `faces_of(die, field)` gives a die's faces as a roll reads them."""
    counted = {
        value
        for step in setup.steps
        for attr in step.counts
        if isinstance(value := getattr(step, attr), str)
    }
    rolls = [s for s in setup.steps if isinstance(s, Roll)]
    names = [r.as_ for r in rolls]
    if not counted or len(set(names)) < len(names) or not counted <= set(names):
        return None
    ways: list[list[tuple[str, int, Fraction]]] = []
    for roll in (r for r in rolls if r.as_ in counted):
        sides = faces_of(roll.die, roll.field)
        if not sides or not all(isinstance(f, int) and f >= 0 for f in sides):
            return None
        shown = Counter(sides)  # each face once, in the die's order, with how many sides show it
        ways.append([(roll.as_, face, Fraction(k, len(sides))) for face, k in shown.items()])
    if prod(len(w) for w in ways) > MOST_BRANCHES:
        return None
    made = []
    effort = Effort() if effort is None else effort
    for way in itertools.product(*ways):
        faces = {name: face for name, face, _ in way}
        model = _with_faces(setup, faces)
        if not is_fixed(components, model, players, effort):
            return None
        made.append(Branch(faces, prod((c for *_, c in way), start=Fraction(1)), model))
    return made


def _with_faces(setup: SetupModel, faces: dict[str, int]) -> SetupModel:
    """The setup with each count named after a roll replaced by the face in `faces`."""
    steps = [
        step.model_copy(
            update={
                attr: faces[value]
                for attr in step.counts
                if isinstance(value := getattr(step, attr), str)
            }
        )
        for step in setup.steps
    ]
    return dataclasses.replace(setup, steps=steps)
