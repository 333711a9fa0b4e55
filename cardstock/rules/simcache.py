"""The setup simulation's figures kept between builds, keyed by exactly what it reads.

A build's rules check deals each setup (and each variant) hundreds of times per player
count. Its figures depend on nothing but:

- the setup as validated: its steps (a variant's with its changes made), the piles per
  player and the piles reported;
- what the steps read of the components (`setup.reads`): each component's count, whether
  it matches each step's filter, the value a step groups by, a die's faces — never a
  field no step looks at, such as a card's text or name;
- the seed, the number of runs and the player counts;
- cardstock's code and the libraries' versions (`pipeline.code_key`, which the build
  passes to `use`).

A hash of these is the entry's key. An edit to a card's text leaves it as it was and the
figures are read back; an edit to a count, or to a field a step matches on, changes it and
the setup is dealt again. Entries are JSON (no code runs to read one) and one that does
not parse, or is kept under another key, is a miss.

Entries live in `output/.cache/setup/<game>.json`. A rules check writes nothing under the
output folder, so the build (`use`) points new entries at its staging folder, and moves
them into the output folder with the faces its checks laid out once every check passed.
With no folder set (`cardstock check`, a library call) every setup is simulated.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

from ..core.output import WriteError, write_atomic

if TYPE_CHECKING:
    from ..catalog.schema import Component
    from .setup import PlayerResult, SetupModel, SetupResult

# Bumped when an entry's shape or meaning changes (older entries are then misses).
FORMAT = 1
FOLDER = "setup"  # under .cache/ of the output folder, and of the build's staging folder


@dataclass
class Stats:
    recalled: int = 0  # setups whose figures were read back instead of simulated


STATS = Stats()

# (where entries are read from, where new ones are written, the code key), set by the
# build for the time a game's rules check runs
_WHERE: list[Optional[tuple[Path, Path, str]]] = [None]


def use(kept_in: Optional[Path], staged_in: Optional[Path] = None, code: str = "") -> None:
    """Read entries from `kept_in/setup/` and write the ones a check makes to
    `staged_in/setup/` from now on, for the code whose key is `code` (None: keep nothing)."""
    _WHERE[0] = (Path(kept_in) / FOLDER, Path(staged_in or kept_in) / FOLDER, code) if kept_in is not None else None


def key(components: list["Component"], setup: "SetupModel", counts: list[int], seed: int, runs: int, code: str) -> str:
    """What a simulation reads, hashed (see the module's text); `code` is the code key."""
    from .setup import reads

    what = {
        "format": FORMAT,
        "code": code,
        "seed": seed,
        "runs": runs,
        "players": counts,
        "player_piles": setup.player_piles,
        "report": setup.report,
        "steps": [step.model_dump(mode="json", by_alias=True) for step in setup.steps],
        "reads": reads(components, setup),
    }
    return hashlib.sha256(json.dumps(what, sort_keys=True, ensure_ascii=False, default=repr).encode()).hexdigest()


def simulate(game: str, components: list["Component"], setup: "SetupModel", counts: list[int], *, seed: int, runs: Optional[int]) -> "SetupResult":
    """`setup.simulate`, or the figures kept under the same key (see the module's text)."""
    from .setup import SetupResult, simulate as deal

    where = _WHERE[0]
    if where is None:
        return deal(components, setup, counts, seed=seed, runs=runs)
    kept_in, staged_in, code = where
    runs = runs or setup.runs
    k = key(components, setup, counts, seed, runs, code)
    name = f"{game}.json"
    staged = _entries(staged_in / name)
    figures = staged.get(k) or _entries(kept_in / name).get(k)
    players = _players(figures) if figures is not None else None
    if players is not None:
        STATS.recalled += 1
        result = SetupResult(seed=seed, runs=runs, steps=setup.steps, lines=setup.lines, by_players=players)
    else:
        result = deal(components, setup, counts, seed=seed, runs=runs)
    # the entries this game's check used (its setup and each variant) replace the kept ones
    staged[k] = [_figures(pr) for pr in result.by_players]
    try:
        write_atomic(staged_in / name, json.dumps({"format": FORMAT, "entries": staged}, sort_keys=True).encode())
    except WriteError:  # a cache that cannot be written costs time, not output
        pass
    return result


def _entries(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):  # none yet, or damaged: nothing kept
        return {}
    entries = data.get("entries") if isinstance(data, dict) and data.get("format") == FORMAT else None
    return entries if isinstance(entries, dict) else {}


def _figures(pr: "PlayerResult") -> dict[str, Any]:
    data = asdict(pr)
    data["redraws"] = [[step, figures] for step, figures in pr.redraws.items()]  # JSON keys are strings
    data["piles"] = [[name, figures] for name, figures in pr.piles.items()]  # in the report's order
    return data


def _players(figures: Any) -> Optional[list["PlayerResult"]]:
    """The kept figures as the simulator returns them; None when they are not of that shape."""
    from .setup import Failure, PlayerResult

    try:
        out = []
        for data in figures:
            out.append(PlayerResult(
                players=data["players"], runs=data["runs"], completed=data["completed"],
                failures=[Failure(**f) for f in data["failures"]],
                redraws={int(step): dict(fig) for step, fig in data["redraws"]},
                piles={str(name): dict(fig) for name, fig in data["piles"]},
                seconds=float(data["seconds"]),
            ))
        return out
    except (TypeError, KeyError, ValueError):
        return None


__all__ = ["FORMAT", "STATS", "key", "simulate", "use"]
