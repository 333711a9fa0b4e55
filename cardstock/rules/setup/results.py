"""What a setup simulation found for each player count: its figures added run by run
(`Tally`), their cached form, and the report's JSON and text table of them."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import exp, log
from typing import Any

from ...core.issues import Issue
from ..proportions import FAILS_UNDER, MOST_RUNS, WITHIN, Z95, wilson
from ..verdicts import FAIL, PASS, WARN, Check
from . import copies, state
from .fixed import Redraws
from .steps import SetupModel, Step


@dataclass
class Failure:
    step: int  # index into steps
    kind: str
    message: str
    runs: int = 0
    first_run: int = 0


@dataclass
class PlayerResult:
    players: int
    runs: int
    completed: int = 0
    failures: list[Failure] = field(default_factory=list)
    redraws: dict[int, dict[str, float]] = field(default_factory=dict)  # step -> figures
    piles: dict[str, dict[str, float]] = field(default_factory=dict)  # pile -> mean/min/max
    seconds: float = 0.0
    alike: bool = False  # no run can fail unless every run does (`fixed.fails_alike`)
    counted: bool = False  # the figures worked out for every run, not sampled (no seed)
    stopped: bool = False  # the runs stopped at the simulation's work (`state.WORK`)

    @property
    def ok(self) -> bool:
        return self.completed == self.runs


@dataclass
class SetupResult:
    seed: int
    runs: int
    steps: list[Step]
    lines: list[int | None]
    by_players: list[PlayerResult]
    until_sure: bool = False  # each count ran as many runs as its figures need, `runs` at most

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.by_players)


class Tally:
    """The figures of the completed runs for one player count, added run by run: how often
    each redraw step redrew, and the size of each reported pile (per player for a player
    pile). `add` reads a run's state (`state.State`): each step's redraws and the size
    of each pile."""

    def __init__(self, setup: SetupModel, n: int, report: list[str], per_player: set[str]):
        self.n = n
        self.report = report
        self.per_player = per_player
        self.redraw_steps = [i for i, s in enumerate(setup.steps) if s.redraws]
        # sum, min, max
        self.totals: dict[str, list[Any]] = {name: [0, None, None] for name in report}
        self.redraw_sum = {i: 0 for i in self.redraw_steps}
        self.redraw_any = {i: 0 for i in self.redraw_steps}
        self.redraw_max = {i: 0 for i in self.redraw_steps}
        self.shown = [
            (
                name,
                [f"{name}#{p + 1}" for p in range(n)] if name in per_player else [],
                self.totals[name],
            )
            for name in report
        ]

    def add(self, st: Any, weight: int | Fraction = 1) -> None:
        """Count a completed run; a run that stands for a share of all of them
        (`simulator._weigh_ways`, which redraws nothing) adds its piles' sizes by `weight`."""
        for j in self.redraw_steps:
            k = st.redraws[j]
            self.redraw_sum[j] += k
            if k:
                self.redraw_any[j] += 1
                self.redraw_max[j] = max(self.redraw_max[j], k)
        for name, each, t in self.shown:
            if each:
                total = sum([st.size(pile) for pile in each])
                size = total / self.n if weight == 1 else Fraction(total, self.n)
            else:
                size = st.size(name)
            t[0] += size * weight
            t[1] = size if t[1] is None else min(t[1], size)
            t[2] = size if t[2] is None else max(t[2], size)

    def redraws(self, done: int) -> dict[int, dict[str, float]]:
        """Each redraw step's figures over `done` completed runs."""
        return {
            j: {
                "runs_with_redraw": self.redraw_any[j],
                "share": self.redraw_any[j] / done,
                "mean": self.redraw_sum[j] / done,
                "max": self.redraw_max[j],
            }
            for j in self.redraw_steps
        }

    def piles(self, done: int | Fraction) -> dict[str, dict[str, float]]:
        """Each reported pile's mean, least and greatest size over `done` completed runs."""
        out: dict[str, dict[str, float]] = {}
        for name in self.report:
            s, lo, hi = self.totals[name]
            out[name] = {
                "mean": float(s / done),
                "min": _plain(lo or 0),
                "max": _plain(hi or 0),
                "per_player": name in self.per_player,
            }
        return out


def counted_redraws(chances: dict[int, list[Redraws]], runs: int) -> dict[int, dict[str, float]]:
    """Each redraw step's figures (as `Tally.redraws` gives them) of `runs` runs, counted from
    how the step redraws for each player it deals to (`fixed.redraw_chances`), the players
    independently: the share of runs in which some player redraws (and so how many of
    `runs`), the redraws a run makes on average, and the most: the largest number of
    redraws in one run (all players' together) that one run of `runs` or more makes, on
    average."""
    return {j: _counted(ways, runs) for j, ways in chances.items()}


def _counted(ways: list[Redraws], runs: int) -> dict[str, float]:
    """One redraw step's counted figures (`counted_redraws`)."""
    total, mean = [1.0], 0.0  # the chance that a run redraws k times in all, k = 0, 1, …
    for how in ways:
        own, own_mean = _redraws_of(how)
        total, mean = _added(total, own), mean + own_mean
    share = 1 - total[0]
    most, below = 0, total[0]
    for k in range(1, len(total)):
        if runs * (1 - below) >= 1 - 1e-9:  # k redraws or more, in a run of `runs` at least
            most = k
        below += total[k]
    return {"runs_with_redraw": round(share * runs), "share": share, "mean": mean, "max": most}


# a chance this small of a number of redraws is left out of a player's count: far below one
# run in the most runs a simulation makes; no step's count looks past `_MOST` redraws in a
# run (a step counted redraws at most `fixed.MOST_COUNTED_MEAN` times a run on average)
_NONE = 1e-12
_MOST = 1024


def _redraws_of(how: Redraws) -> tuple[list[float], float]:
    """One player's chance of each number of redraws, 0, 1, …, and its mean."""
    if how.aside is not None:
        return _aside(*how.aside), how.mean
    total = [1.0]
    for hit in how.hits:  # each copy accepted after k rejects with (1 - hit)^k hit
        p = float(hit)
        own = [p]
        while p < 1 and own[-1] >= _NONE and len(own) < _MOST:
            own.append(own[-1] * (1 - p))
        total = _added(total, own)
    return total, how.mean


def _aside(size: int, good: int, count: int) -> list[float]:
    """The chance of r rejects, r = 0, 1, …, of a draw that sets them aside until `count` of
    the `good` copies of a pile of `size` are drawn (a negative hypergeometric count): no
    reject with C(good, count) / C(size, count), and from r rejects to r + 1 the chance
    grows by (count + r)(bad - r) / ((r + 1)(size - count - r)), worked out in logarithms
    so that a large pile's first chances do not vanish."""
    bad = size - good
    if count == 0:
        return [1.0]
    at = sum(log(good - i) - log(size - i) for i in range(count))
    out: list[float] = []
    for r in range(min(bad, _MOST) + 1):
        out.append(exp(at))
        if r == bad:
            break
        at += log((count + r) * (bad - r)) - log((r + 1) * (size - count - r))
        if out[-1] < _NONE and r > count * bad / (good + 1):  # past the most likely count
            break
    return _trimmed(out)


def _added(a: list[float], b: list[float]) -> list[float]:
    """The chances of a sum of two independent counts, from each count's."""
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a[:_MOST]):
        for j, y in enumerate(b[: _MOST - i]):
            out[i + j] += x * y
    return _trimmed(out[:_MOST])


def _trimmed(chances: list[float]) -> list[float]:
    """The chances without the negligible ones at the end."""
    end = len(chances)
    while end > 1 and chances[end - 1] < _NONE:
        end -= 1
    return chances[:end]


def _plain(size: float | Fraction) -> float:
    """A pile's size as a number JSON writes (a weighed run's share of players' piles is a
    Fraction)."""
    return float(size) if isinstance(size, Fraction) else size


def figures(result: SetupResult) -> list[Any]:
    """A simulation's figures for each player count, as JSON-able data (`from_figures`)."""

    def pairs(
        d: dict[Any, Any],
    ) -> list[list[Any]]:  # in order: the report shows them so (JSON objects get sorted)
        return [[k, pairs(v) if isinstance(v, dict) else v] for k, v in d.items()]

    return [
        [
            pr.players,
            pr.runs,
            pr.completed,
            [[f.step, f.kind, f.message, f.runs, f.first_run] for f in pr.failures],
            pairs(pr.redraws),
            pairs(pr.piles),
            pr.seconds,
            pr.alike,
            pr.counted,
            pr.stopped,
        ]
        for pr in result.by_players
    ]


def from_figures(data: Any, setup: SetupModel, seed: int, runs: int | None) -> SetupResult:
    """The result `figures` gave, for `setup` simulated `runs` times (None: as many as its
    figures needed); raises KeyError, TypeError or ValueError for anything else."""
    by_players = [
        PlayerResult(
            int(players),
            int(n),
            int(completed),
            [Failure(int(a), str(b), str(c), int(d), int(e)) for a, b, c, d, e in failures],
            {int(step): {str(k): v for k, v in fig} for step, fig in redraws},
            {str(name): {str(k): v for k, v in fig} for name, fig in piles},
            float(seconds),
            bool(alike),
            bool(counted),
            bool(stopped),
        )
        for (
            players,
            n,
            completed,
            failures,
            redraws,
            piles,
            seconds,
            alike,
            counted,
            stopped,
        ) in data
    ]
    return SetupResult(
        seed=seed,
        runs=runs or MOST_RUNS,
        steps=setup.steps,
        lines=setup.lines,
        by_players=by_players,
        until_sure=runs is None,
    )


def setup_json(result: SetupResult) -> dict[str, Any]:
    return {
        "seed": result.seed,
        "runs": result.runs,
        "until_sure": result.until_sure,
        "players": [_players_json(result, pr) for pr in result.by_players],
    }


def _players_json(result: SetupResult, pr: PlayerResult) -> dict[str, Any]:
    return {
        "players": pr.players,
        "runs": pr.runs,
        "completed": pr.completed,
        "ok": pr.ok,
        "counted": pr.counted,
        "stopped": pr.stopped,
        "failures": [
            {
                "step": f.step,
                "do": result.steps[f.step].do,
                "say": result.steps[f.step].say,
                "kind": f.kind,
                "message": f.message,
                "runs": f.runs,
                "first_run": f.first_run,
            }
            for f in pr.failures
        ],
        "redraws": [
            {
                "step": i,
                "do": result.steps[i].do,
                "say": result.steps[i].say,
                **{k: (round(v, 4) if isinstance(v, float) else v) for k, v in fig.items()},
            }
            for i, fig in pr.redraws.items()
        ],
        "piles": {
            name: {k: (round(v, 3) if isinstance(v, float) else v) for k, v in fig.items()}
            for name, fig in pr.piles.items()
        },
        "seconds": round(pr.seconds, 3),
    }


def setup_lines(result: SetupResult) -> list[str]:
    """A table: one row per player count; piles' mean size after setup; redraw figures."""
    prs = result.by_players
    piles = list(prs[0].piles) if prs else []
    redraw_steps = list(prs[0].redraws) if prs else []
    header = ["players", "complete"]
    header += [f"{name} (each)" if prs[0].piles[name]["per_player"] else name for name in piles]
    header += [f"step {i + 1} redraws" for i in redraw_steps]
    rows = []
    for pr in prs:
        row = [str(pr.players), f"{pr.completed}/{pr.runs}"]
        row += [_n(pr.piles[name]["mean"]) if pr.completed else "–" for name in piles]
        for i in redraw_steps:
            fig = pr.redraws[i]
            row.append(
                f"{_share(fig, pr)} of runs, {fig['mean']:.2f}/run, max {fig['max']}"
                if pr.completed
                else "–"
            )
        rows.append(row)
    widths = [max(len(r[k]) for r in [header, *rows]) for k in range(len(header))]
    if result.until_sure and any(pr.runs < result.runs for pr in prs):
        lines = [
            f"    runs per player count: as many as the figures need, at most {result.runs}; "
            f"seed {result.seed}; piles: mean size after setup",
            f"    (no step can fail in one run and not in another, so no run fails; each share "
            f"is within {WITHIN * 100:.0f} points, 95 % sure)"
            if result.ok and all(pr.alike for pr in prs)
            else f"    (95 % sure: a setup failing once in {FAILS_UNDER} games or more fails in "
            f"some run; each share is within {WITHIN * 100:.0f} points)"
            if result.ok
            else f"    (95 % sure: each share, the failures' too, is within {WITHIN * 100:.0f} "
            "points)",
        ]
    elif prs and all(pr.counted for pr in prs):
        lines = [
            f"    counted, not sampled: the figures of every run, as {result.runs} runs per "
            "player count; piles: mean size after setup"
        ]
    else:
        lines = [
            f"    {result.runs} runs per player count, seed {result.seed}; "
            "piles: mean size after setup"
        ]
    counted = [str(pr.players) for pr in prs if pr.counted]
    if counted and len(counted) < len(prs):
        lines.append(f"    (counted, not sampled, for {', '.join(counted)} players)")
    lines += [f"    ({stopped_words(pr)})" for pr in prs if pr.stopped]
    for r in [header, *rows]:
        lines.append(
            "    "
            + "  ".join(
                cell.ljust(w) if k >= 2 + len(piles) or k == 1 else cell.rjust(w)
                for k, (cell, w) in enumerate(zip(r, widths))
            ).rstrip()
        )
    for i in redraw_steps:
        lines.append(f"    step {i + 1}: {result.steps[i].label()}")
    return lines


def stopped_words(pr: PlayerResult) -> str:
    """What a player count whose runs stopped at the simulation's work says of them."""
    work = (
        f"the work a simulation may do ({state.WORK:,} copies looked at a player "
        f"count, {state.SETUP_WORK:,} for all)"
    )
    if not pr.runs:
        return (
            f"{pr.players} players: one run (or matching its steps' filters against the "
            f"components, {copies.MATCH_WORK:,} at most) would go past {work}; not simulated"
        )
    return (
        f"{pr.players} players: stopped after {pr.runs} runs, at {work}; the figures of those runs"
    )


def _share(fig: dict[str, float], pr: PlayerResult) -> str:
    """A redraw step's share of runs, to the decimals its runs make sure: a tenth of a
    point when its 95 % interval is narrower than two points (or it was counted, not
    sampled: exact), else whole points."""
    if pr.counted:
        return f"{fig['share'] * 100:.1f}%"
    completed = pr.completed if pr.completed <= pr.runs else pr.runs
    sure = wilson(int(fig["runs_with_redraw"]), max(completed, 1), Z95)
    places = 1 if sure[1] - sure[0] < 0.02 else 0
    return f"{fig['share'] * 100:.{places}f}%"


def _n(x: float) -> str:
    return f"{x:.0f}" if abs(x - round(x)) < 0.05 else f"{x:.1f}"


def setup_check(result: SetupResult, counts: list[int], file: str, line: int | None) -> Check:
    """The check that the setup completes for each of `counts` (a player count's failures
    as errors; a count whose runs stopped at the simulation's work, as a warning)."""
    span = (
        f"{counts[0]}–{counts[-1]}"
        if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1))
        else ", ".join(map(str, counts))
    )
    findings: list[Issue] = []
    for pr in result.by_players:
        for f in pr.failures:
            step = result.steps[f.step]
            findings.append(
                Issue(
                    file,
                    result.lines[f.step],
                    f"setup.steps[{f.step}]",
                    f"{pr.players} players: {f.runs} of {pr.runs} runs failed at {step.do} "
                    f"({step.label()}): {f.message} "
                    + (
                        "(counted over the faces the rolls can show)"
                        if f.first_run < 0
                        else "(in every run: counted, not sampled)"
                        if pr.counted
                        else f"(first in run {f.first_run}, seed {result.seed})"
                    ),
                )
            )
    stopped = [pr for pr in result.by_players if pr.stopped]
    if stopped:  # figures of fewer runs than asked for, or none: what it can say, a warning
        findings += [
            Issue(file, line, "setup", stopped_words(pr), level="warning") for pr in stopped
        ]
    if any(f.level == "error" for f in findings):
        bad = [str(pr.players) for pr in result.by_players if not pr.ok]
        summary = f"fails for {', '.join(bad)} players"
    elif stopped:
        summary = (
            "the simulation stopped at the work it may do for "
            f"{', '.join(str(pr.players) for pr in stopped)} players"
        )
    elif result.by_players and all(pr.counted for pr in result.by_players):
        summary = "every run completes for each count (counted, not sampled)"
    elif len({pr.runs for pr in result.by_players}) == 1:
        n = result.by_players[0].runs if result.by_players else result.runs
        summary = f"{n} of {n} runs complete for each count"
    else:
        each = ", ".join(f"{pr.players}: {pr.runs}" for pr in result.by_players)
        summary = f"every run completes for each count ({each} runs)"
    errors = any(f.level == "error" for f in findings)
    return Check(
        "setup",
        f"setup completes for {span} players",
        FAIL if errors else WARN if findings else PASS,
        summary,
        file,
        line,
        findings=findings,
    )
