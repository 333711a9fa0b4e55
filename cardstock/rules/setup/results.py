"""What a setup simulation found for each player count: its cached form, and its figures as
the report's JSON and text table."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..proportions import FAILS_UNDER, MOST_RUNS, WITHIN, Z95, wilson
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
        )
        for players, n, completed, failures, redraws, piles, seconds in data
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
            f"    (95 % sure: a setup failing once in {FAILS_UNDER} games or more fails in some "
            f"run; each share is within {WITHIN * 100:.0f} points)",
        ]
    else:
        lines = [
            f"    {result.runs} runs per player count, seed {result.seed}; "
            "piles: mean size after setup"
        ]
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


def _share(fig: dict[str, float], pr: PlayerResult) -> str:
    """A redraw step's share of runs, to the decimals its runs make sure: a tenth of a
    point when its 95 % interval is narrower than two points, else whole points."""
    completed = pr.completed if pr.completed <= pr.runs else pr.runs
    sure = wilson(int(fig["runs_with_redraw"]), max(completed, 1), Z95)
    places = 1 if sure[1] - sure[0] < 0.02 else 0
    return f"{fig['share'] * 100:.{places}f}%"


def _n(x: float) -> str:
    return f"{x:.0f}" if abs(x - round(x)) < 0.05 else f"{x:.1f}"
