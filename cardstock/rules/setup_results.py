"""What a setup simulation found for each player count, and its JSON form for the cache."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .setup import SetupModel, Step


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


def from_figures(data: Any, setup: SetupModel, seed: int, runs: int) -> SetupResult:
    """The result `figures` gave, for `setup`; raises KeyError, TypeError or ValueError
    for anything else."""
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
        seed=seed, runs=runs, steps=setup.steps, lines=setup.lines, by_players=by_players
    )
