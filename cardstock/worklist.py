"""The bookkeeping of one build's units: what runs, what is kept, what was made.

A build's work is a list of units, one per (game, stage) and one per stage of the whole
build, each keyed by everything it reads (`plan.Keys`). The cache remembers, per output
folder, the key each unit last ran under and the files it wrote; a unit whose key is
unchanged and whose files still hold the same bytes is kept, not run. Each game's rules
check is remembered the same way, under its own key, with the report it printed.

`Worklist.plan` reads all of that before a game is read; the build then asks it which
games are stale, which need a check, which units to run, and hands it each result as it
comes, so the build itself (`cardstock.build`) reads as its five steps.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .core.cache import Cache, key_of
from .core.issues import Issue
from .core.output import checking
from .core.stage import Job
from .plan import CheckResult, Keys, Outcome, Progress, Request, UnitReport
from .site import manifest
from .site.page import GameStatus, game_info
from .site.publish import Checked
from .stages import Stage, selected


class Unit:
    """One stage of one game, or (game None) one stage of the whole build, under the key
    of what it reads (never compared: a plain class)."""

    __slots__ = ("game", "stage", "key")

    def __init__(self, game: str | None, stage: Stage, key: str) -> None:
        self.game = game
        self.stage = stage
        self.key = key


def _slot(out: Path, unit: Unit) -> str:
    """Where the cache keeps what a unit last wrote into this output folder: one slot per
    (folder, game, stage), holding the key it ran under. A unit is kept only when that key
    is its key now, so a file an earlier run with other options wrote (a guide, a paper no
    longer asked for) is never taken for this run's."""
    return key_of("slot", str(out), unit.game or "", unit.stage.name)


def recall_unit(cache: Cache, out: Path, unit: Unit) -> UnitReport | None:
    """What `unit` made in an earlier build into `out`, when its key and its files are
    unchanged; None otherwise."""
    data = cache.get_json("unit", _slot(out, unit))
    if not isinstance(data, dict) or data.get("key") != unit.key:
        return None
    artifacts = manifest.recall(out, data)
    if artifacts is None:
        return None
    findings = tuple(Issue.from_data(f) for f in data.get("findings", []))
    return UnitReport(unit.game, unit.stage.name, tuple(artifacts), findings, 0.0, True)


def remember_unit(cache: Cache, out: Path, unit: Unit, report: UnitReport) -> None:
    """Keep what `unit` made for `recall_unit`."""
    cache.put_json(
        "unit",
        _slot(out, unit),
        {
            "key": unit.key,
            "artifacts": [manifest.entry(out, a) for a in report.artifacts],
            "findings": [f.data() for f in report.findings],
        },
    )


def recall_check(cache: Cache, key: str, game: str) -> CheckResult | None:
    """A game's rules check made earlier under `key`, or None."""
    data = cache.get_json("unit", key)
    if (
        isinstance(data, dict)
        and isinstance(data.get("ok"), bool)
        and isinstance(data.get("text"), str)
    ):
        return CheckResult(game, data["ok"], data["text"], True)
    return None


class Worklist:
    """The units of one build and what is known of each: kept from an earlier build,
    made by this one, or still to run. Units are numbered in the build's order: the
    build's own stages first, then each game's stages in the stages' order. One a build,
    never compared: a plain class."""

    __slots__ = (
        "request",
        "keys",
        "cache",
        "games",
        "known",
        "stages",
        "units",
        "with_page",
        "check_keys",
        "checks",
        "reports",
        "described",
        "blocked",
        "_done",
        "_total",
        "_progress",
    )

    def __init__(
        self,
        request: Request,
        keys: Keys,
        cache: Cache,
        games: list[str],
        known: list[str],
        stages: list[Stage],
        units: list[Unit],
        with_page: bool,
    ) -> None:
        self.request = request
        self.keys = keys
        self.cache = cache
        self.games = games  # the games asked
        self.known = known  # the games the project has
        self.stages = stages  # the stages this build runs
        self.units = units
        self.with_page = with_page
        self.check_keys: dict[str, str] = {}
        self.checks: dict[str, CheckResult | None] = {}
        self.reports: dict[int, UnitReport] = {}
        self.described: dict[str, dict[str, Any]] = {}  # the page's games
        self.blocked: set[str] = set()  # games whose failed check stops them
        self._done = 0
        self._total = 0
        self._progress: Progress | None = None

    @classmethod
    def plan(
        cls,
        request: Request,
        games: list[str],
        known: list[str],
        cache: Cache,
        keys: Keys,
        with_page: bool,
    ) -> Worklist:
        """Every unit of the build asked, with what the cache still holds of each: the
        units and checks kept from earlier builds, and what the page said of each game."""
        stages = selected(request.options)
        plain = [g for g in games if g in known]
        units = [
            Unit(None, s, keys.unit(None, s.name, s.options)) for s in stages if not s.per_game
        ]
        units += [
            Unit(g, s, keys.unit(g, s.name, s.options)) for g in plain for s in stages if s.per_game
        ]
        work = cls(request, keys, cache, games, known, stages, units, with_page)
        for g in plain:
            work.check_keys[g] = keys.check(g, request.check_runs, request.strict)
            work.checks[g] = recall_check(cache, work.check_keys[g], g)
        with checking():  # each folder of the output opened once for every unit's files
            for i, unit in enumerate(units):
                if unit.game is None or work.checks.get(unit.game) is not None:
                    found = recall_unit(cache, work.out, unit)
                    if found is not None:
                        work.reports[i] = found
        if with_page:
            work._recall_descriptions(plain)
        return work

    @property
    def out(self) -> Path:
        return self.request.options.out

    def _recall_descriptions(self, plain: list[str]) -> None:
        listed = {
            str(e["game"])
            for e in manifest.read(self.out)
            if isinstance(e, dict) and e.get("game") in self.known
        }
        for g in sorted(set(plain) | listed):
            info = self.cache.get_json("unit", self.keys.info(g))
            if isinstance(info, dict):
                self.described[g] = info

    # ---------------------------------------------------------------- what is stale

    def _open(self, game: str) -> bool:
        return any(u.game == game and i not in self.reports for i, u in enumerate(self.units))

    @property
    def stale(self) -> list[str]:
        """The games that must be read: unknown, unchecked, with a unit to run, or missing
        from what the page says."""
        return [
            g
            for g in self.games
            if g not in self.known
            or self.checks.get(g) is None
            or self._open(g)
            or (self.with_page and g not in self.described)
        ]

    @property
    def must_read(self) -> bool:
        """Does the build read any game? (A build of no game still reads, to say so, when
        a stage of the whole build must run.)"""
        stale_build = any(
            u.game is None and i not in self.reports for i, u in enumerate(self.units)
        )
        return bool(self.stale) or (stale_build and not self.games)

    @property
    def pending_stages(self) -> list[Stage]:
        """The stages of the units not kept from an earlier build, each once, in order."""
        pending = {id(u.stage): u.stage for i, u in enumerate(self.units) if i not in self.reports}
        return list(pending.values())

    @property
    def to_check(self) -> list[str]:
        """The stale games whose rules check is not kept."""
        return [g for g in self.stale if self.checks.get(g) is None]

    # ---------------------------------------------------------------- what was made

    def checked(self, results: dict[str, CheckResult], jobs: dict[str, Job]) -> None:
        """Record this build's checks, and what the page says of each game read."""
        for g, result in results.items():
            self.checks[g] = result
            self.cache.put_json("unit", self.check_keys[g], {"ok": result.ok, "text": result.text})
        for g, job in jobs.items():
            self.described[g] = game_info(job.catalog, GameStatus())
            self.cache.put_json("unit", self.keys.info(g), self.described[g])

    @property
    def made_checks(self) -> dict[str, CheckResult]:
        return {g: r for g, r in self.checks.items() if r is not None}

    def start(self, failed: Iterable[str], progress: Progress | None) -> list[int]:
        """The units to run, once the checks are known: those of the games not `failed`,
        less what another build, holding the folder before this one, made meanwhile. The
        kept units are reported to `progress` at once, and the manifest forgets the files
        of the units about to run."""
        if not self.request.options.force:
            self.blocked = set(failed)
        for i, unit in enumerate(self.units):
            if i not in self.reports and unit.game not in self.blocked:
                kept = recall_unit(self.cache, self.out, unit)
                if kept is not None:
                    self.reports[i] = kept
        todo = [
            i
            for i, u in enumerate(self.units)
            if i not in self.reports and u.game not in self.blocked
        ]
        recalled = sorted(i for i in self.reports if self.units[i].game not in self.blocked)
        self._progress, self._total = progress, len(recalled) + len(todo)
        for i in recalled:
            self._tell(self.reports[i])
        manifest.forget(self.out, [(self.units[i].game, self.units[i].stage.kinds) for i in todo])
        return todo

    def _tell(self, report: UnitReport) -> None:
        self._done += 1
        if self._progress:
            self._progress(report, self._done, self._total)

    def finished(self, indexes: list[int], made: list[UnitReport], last: bool) -> None:
        """Record what a task made (the units `indexes`); until the last task, the manifest
        lists its files at once, so a build killed now leaves a manifest of what it wrote."""
        for i, report in zip(indexes, made):
            self.reports[i] = report
            remember_unit(self.cache, self.out, self.units[i], report)
            self._tell(report)
        if not last:
            manifest.add(self.out, [a for r in made for a in r.artifacts])

    @property
    def made(self) -> list[UnitReport]:
        """Every unit's report, kept or made, of the games not blocked, in the build's order."""
        return [
            self.reports[i] for i in sorted(self.reports) if self.units[i].game not in self.blocked
        ]

    def page_checks(self, outcome: Outcome) -> dict[str, Checked]:
        """What the page says of each game's check: this build's, and for a game of the
        page this build did not ask for, its last."""
        checked = {g: Checked(r.ok, r.text) for g, r in outcome.checks.items()}
        for g in self.described:
            if g not in checked and g in self.known:
                key = self.keys.check(g, self.request.check_runs, self.request.strict)
                last = recall_check(self.cache, key, g)
                if last is not None:
                    checked[g] = Checked(last.ok, last.text)
        return checked


__all__ = ["Unit", "Worklist", "recall_check", "recall_unit", "remember_unit"]
