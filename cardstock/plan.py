"""What a build is asked to do, what it depends on, and what it reports — everything a build
knows before it reads a single game, in a module light enough to start with.

`Keys` hashes the contents of what each part of a build reads. A whole build is remembered
in the cache under the key of its request (`request_key`: every game's inputs, cardstock's
code and the options); `recall` gives it back when every file it wrote still holds the same
bytes, so a build with nothing changed imports no catalog, layout or PDF code at all and
writes nothing (the command line calls it before it imports the build,
`cardstock.build`).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .catalog.languages import build_games
from .core.cache import Cache, code_key, key_of
from .core.files import Unreadable, read_bytes
from .core.issues import Issue
from .core.names import child, plain_name
from .core.output import Artifact, checking, keep_reads, recall_reads
from .core.project import (
    FEEDBACK,
    discover,
    files_in,
    hash_files,
    shipped_in_use,
    shipped_layouts,
)
from .core.stage import BuildOptions
from .site import manifest

# The build's rules check is the quick gate before printing: every count and constraint,
# and this many seeded setups per player count. The full simulation is `cardstock check`.
BUILD_CHECK_RUNS = 250


class Request:
    """What a build is asked to do (one a build, never compared: a plain class)."""

    __slots__ = ("root", "games", "options", "jobs", "check_runs", "strict")

    def __init__(
        self,
        root: Path,
        games: tuple[str, ...],  # empty: every game of the project
        options: BuildOptions,
        jobs: int = 1,  # worker processes
        check_runs: int = BUILD_CHECK_RUNS,
        strict: bool = False,  # a warning a game does not acknowledge fails its check
    ) -> None:
        self.root = root
        self.games = games
        self.options = options
        self.jobs = jobs
        self.check_runs = check_runs
        self.strict = strict


class CheckResult:
    """One game's rules check as the build reports it (never compared: a plain class)."""

    __slots__ = ("game", "ok", "text", "cached")

    def __init__(self, game: str, ok: bool, text: str, cached: bool) -> None:
        self.game = game
        self.ok = ok
        self.text = text  # the checker's report for this game, as `cardstock check` prints it
        self.cached = cached


class UnitReport:
    """What one (game, stage) unit did: its files, findings and time, and whether it was
    kept from an earlier build (never compared: a plain class)."""

    __slots__ = ("game", "stage", "artifacts", "findings", "seconds", "cached")

    def __init__(
        self,
        game: str | None,
        stage: str,
        artifacts: tuple[Artifact, ...],
        findings: tuple[Issue, ...],
        seconds: float,
        cached: bool,
    ) -> None:
        self.game = game
        self.stage = stage
        self.artifacts = artifacts
        self.findings = findings
        self.seconds = seconds
        self.cached = cached


class Outcome:
    """What a build did (one a build, never compared: a plain class)."""

    __slots__ = (
        "games",
        "reports",
        "checks",
        "page",
        "page_kept",
        "warnings",
        "notes",
        "seconds",
        "laid_out",
    )

    def __init__(
        self,
        games: list[str],
        reports: list[UnitReport] | None = None,
        checks: dict[str, CheckResult] | None = None,
        page: Artifact | None = None,
        page_kept: bool = False,
        warnings: list[Issue] | None = None,
        notes: list[str] | None = None,
    ) -> None:
        self.games = games
        self.reports: list[UnitReport] = [] if reports is None else reports
        self.checks: dict[str, CheckResult] = {} if checks is None else checks
        self.page = page  # the downloads page, when the build wrote or kept it
        self.page_kept = page_kept
        # what validation found that is no error
        self.warnings: list[Issue] = [] if warnings is None else warnings
        # what reading the games did that is no problem: rows the sets' rules left out
        self.notes: list[str] = [] if notes is None else notes
        self.seconds = 0.0
        # faces laid out afresh by this process, per game (the rest were read back from the
        # cache; a worker's are its own)
        self.laid_out: dict[str, int] = {}

    @property
    def failed(self) -> list[str]:
        """The games whose rules check failed."""
        return [g for g in self.games if g in self.checks and not self.checks[g].ok]


Progress = Callable[[UnitReport, int, int], None]


class Keys:
    """What each part of a build depends on, as hashes of file contents. Each game's files
    are hashed once per build."""

    def __init__(self, root: Path, options: BuildOptions) -> None:
        self.root = root
        self.options = options
        self.games = set(discover(root))
        # each game in each language the build makes: (source game, language)
        self.variants = build_games(root, [], options.lang, options.edition)[2]
        self.code = code_key()
        self.shared = key_of(
            self.code,
            hash_files(shipped_in_use(root), shipped_layouts()),
            hash_files(files_in(root / "fonts"), root),
            # playtesters' notes: the downloads page, the changelog and proofs show them
            hash_files(files_in(root / FEEDBACK), root),
        )
        self._inputs: dict[str | None, str] = {}

    def inputs(self, game: str | None) -> str:
        """Everything a game's build reads: its catalog folder, the layouts that are not
        another game's, cardstock's shipped layouts it uses, the project's fonts and
        playtest notes, the code."""
        if game in self.variants:  # a game in another language or edition reads the game's
            source, lang = self.variants[game]
            return key_of(self.inputs(source), "lang", lang)
        if game not in self._inputs:
            layouts = self.root / "layouts"
            others = self.games - {game}
            mine = [p for p in files_in(layouts) if p.relative_to(layouts).parts[0] not in others]
            # a folder whose name is no plain name holds no game (the validation says so)
            folder = child(self.root / "catalog", game) if game and not plain_name(game) else None
            catalog = hash_files(files_in(folder), self.root) if folder else ""
            self._inputs[game] = key_of(self.shared, catalog, hash_files(mine, self.root))
        return self._inputs[game]

    def unit(self, game: str | None, stage: str, options: tuple[str, ...]) -> str:
        """A (game, stage) unit: what the game reads and the build options the stage
        declares it reads (`stages.Stage.options`)."""
        return key_of("unit", stage, self.inputs(game), self.options.fingerprint(options))

    def check(self, game: str, runs: int, strict: bool) -> str:
        return key_of("check", self.inputs(game), str(runs), "strict" if strict else "")

    def info(self, game: str) -> str:
        """What the downloads page says of a game (its title, counts, names)."""
        return key_of("page-info", self.inputs(game))


def request_key(request: Request, keys: Keys, games: list[str]) -> str:
    """A whole build: every game it asks for, with its inputs, the build's own inputs, the
    options and how the rules are checked."""
    options = request.options
    asked = json.dumps(
        {
            "only": sorted(options.only) if options.only is not None else None,
            "force": options.force,
            "out": str(options.out),
            "runs": request.check_runs,
            "strict": request.strict,
        },
        sort_keys=True,
    )
    return key_of(
        "build",
        asked,
        options.fingerprint(),
        keys.inputs(None),
        *(f"{g}\0{keys.inputs(g)}" for g in games),
    )


def _slot(request: Request) -> str:
    """Where the cache keeps the last build into an output folder (with the key of its
    request): a build is recalled only when it is the last one made there."""
    return key_of("build-slot", str(request.options.out))


def recall(request: Request, cache: Cache, keys: Keys | None = None) -> Outcome | None:
    """The outcome of the same build made before, when the project's files and cardstock are
    as they were and every file it wrote (the manifest and the page included) still holds
    the same bytes; None when anything must be built (or no such build is remembered).
    `keys`: the project's files as hashed for the build that follows, when it is known."""
    games, every, _ = build_games(
        request.root,
        list(dict.fromkeys(request.games)),
        request.options.lang,
        request.options.edition,
    )
    known = set(every)
    if not games or any(g not in known for g in games) or not request.options.out.is_dir():
        return None
    keys = keys or Keys(request.root, request.options)
    data = cache.get_json("unit", _slot(request))
    if not isinstance(data, dict) or data.get("key") != request_key(request, keys, games):
        return None
    out = request.options.out
    recall_reads(cache, out)  # the files a build before read: not read again when unchanged
    with checking():  # each folder of the output opened once for all its files
        return _recalled(request, cache, data, games)


def _recalled(
    request: Request, cache: Cache, data: dict[str, Any], games: list[str]
) -> Outcome | None:
    """`recall`'s outcome of the build `data` keeps, when its files hold their bytes."""
    out = request.options.out
    try:
        reports = []
        for r in data["reports"]:
            artifacts = manifest.recall(out, {"artifacts": r["artifacts"]})
            if artifacts is None:
                return None
            reports.append(
                UnitReport(
                    r["game"],
                    r["stage"],
                    tuple(artifacts),
                    tuple(Issue.from_data(f) for f in r["findings"]),
                    0.0,
                    True,
                )
            )
        page = None
        if data["page"] is not None:
            found = manifest.recall(out, {"artifacts": [data["page"]]})
            if found is None:
                return None
            page = found[0]
        if manifest.recall(out, {"artifacts": [data["manifest"]]}) is None:
            return None
        checks = {g: CheckResult(g, c["ok"], c["text"], True) for g, c in data["checks"].items()}
        warnings = [Issue.from_data(w) for w in data["warnings"]]
        notes = [str(n) for n in data.get("notes", [])]
    except (KeyError, TypeError, ValueError):
        return None
    keep_reads(cache, out)
    return Outcome(games, reports, checks, page, True, warnings, notes)


def remember(request: Request, keys: Keys, outcome: Outcome, cache: Cache) -> None:
    """Keep a build's outcome for `recall` (with the manifest as it was written)."""
    out = request.options.out
    listed = out / manifest.MANIFEST
    try:
        written = read_bytes(listed, out)
    except Unreadable:
        return
    cache.put_json(
        "unit",
        _slot(request),
        {
            "key": request_key(request, keys, outcome.games),
            "reports": [
                {
                    "game": r.game,
                    "stage": r.stage,
                    "artifacts": [manifest.entry(out, a) for a in r.artifacts],
                    "findings": [f.data() for f in r.findings],
                }
                for r in outcome.reports
            ],
            "checks": {g: {"ok": c.ok, "text": c.text} for g, c in outcome.checks.items()},
            "page": manifest.entry(out, outcome.page) if outcome.page is not None else None,
            "manifest": {
                "path": manifest.MANIFEST,
                "game": None,
                "kind": "manifest",
                "paper": None,
                "pages": None,
                "bytes": len(written),
                "sha256": hashlib.sha256(written).hexdigest(),
            },
            "warnings": [w.data() for w in outcome.warnings],
            "notes": outcome.notes,
        },
    )


def default_jobs() -> int:
    """Worker processes by default: the cores this process may use."""
    return max(
        1,
        len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1),
    )


__all__ = [
    "default_jobs",
    "BUILD_CHECK_RUNS",
    "CheckResult",
    "Keys",
    "Outcome",
    "Progress",
    "Request",
    "UnitReport",
    "recall",
    "remember",
    "request_key",
]
