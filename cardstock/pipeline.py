"""Runs the build stages for the games asked and returns what was made; no printing.

Stages after loading are registered by name in `STAGES` as "module:function" strings.
Each stage function has the same small contract:

    def build(catalog: Catalog, options: BuildOptions) -> StageResult

and writes its files only through `cardstock.output.artifact` (temporary file, then rename).
Stages that belong to no single game (the calibration sheet) are in `GLOBAL_STAGES` with
the contract `build(options, root) -> StageResult`.

Every (game, stage) unit is keyed by a hash of what it depends on — the game's catalog
folder, the layouts that apply to it, the package's code and fonts, and the options — so a
rebuild with nothing changed runs no stage and writes nothing. Units run in parallel
processes (`jobs`).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterable, Optional

from .issues import Issue
from .load import Catalog, load_games
from .output import Artifact

PACKAGE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class BuildOptions:
    out: Path
    papers: tuple[str, ...] = ("letter", "a4")
    duplex: str = "long"  # long | short | none
    gutterfold: bool = False
    bleed: bool = True
    back_offset: tuple[float, float] = (0.0, 0.0)  # points, applied to backs pages
    only: Optional[frozenset[str]] = None  # stage names; None means all
    force: bool = False  # build even when the rules check fails
    printer: Optional[str] = None  # a printer profile in layouts/sheets/printers.toml

    def fingerprint(self) -> str:
        """The options that change what a stage writes (not `only` or `force`)."""
        data = {k: v for k, v in asdict(self).items() if k not in ("only", "force", "out")}
        return json.dumps(data, sort_keys=True, default=str)


@dataclass
class StageResult:
    artifacts: list[Artifact] = field(default_factory=list)
    findings: list[Issue] = field(default_factory=list)  # problems that do not stop the build


@dataclass(frozen=True)
class UnitReport:
    """What one (game, stage) unit did: its artifacts, findings, time, and whether it ran."""

    game: Optional[str]
    stage: str
    artifacts: tuple[Artifact, ...]
    findings: tuple[Issue, ...]
    seconds: float
    cached: bool


Stage = Callable[[Catalog, BuildOptions], StageResult]

# name -> "module:function"; the order is the build order.
STAGES: dict[str, str] = {
    "svg": "cardstock.layout.stage:build_svgs",
    "rulebook": "cardstock.books.rulebook:build_rulebook",
    "pnp": "cardstock.impose.pnp:build_pnp",
    "quickref": "cardstock.impose.pnp:build_quickref",
}

# name -> "module:function" for stages that run once per build, not per game;
# their contract is `build(options, root) -> StageResult`.
GLOBAL_STAGES: dict[str, str] = {
    "calibration": "cardstock.impose.calibration:build_calibration",
}


def _resolve(spec: str) -> Callable:
    module, func = spec.split(":")
    return getattr(importlib.import_module(module), func)


def stage(name: str) -> Stage:
    return _resolve(STAGES[name])


def selected(names: Iterable[str], options: BuildOptions) -> list[str]:
    return [n for n in names if options.only is None or n in options.only]


# ---------------------------------------------------------------- dependency keys

def _hash_files(files: Iterable[Path], base: Path) -> str:
    h = hashlib.sha256()
    for f in sorted(files):
        h.update(f.relative_to(base).as_posix().encode())
        h.update(b"\0")
        h.update(hashlib.sha256(f.read_bytes()).digest())
    return h.hexdigest()


def _files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return [p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts and not p.name.startswith(".")]


_CODE_KEY: Optional[str] = None


def code_key() -> str:
    """A hash of the package's code and fonts: a new version of cardstock rebuilds all."""
    global _CODE_KEY
    if _CODE_KEY is None:
        _CODE_KEY = _hash_files(_files(PACKAGE), PACKAGE)
    return _CODE_KEY


def unit_key(root: Path, game: Optional[str], games: list[str], stage_name: str, options: BuildOptions) -> str:
    """What a (game, stage) unit depends on: its catalog folder, the layouts that are not
    another game's, the code, the options."""
    layouts = root / "layouts"
    others = {g for g in games if g != game}
    layout_files = [p for p in _files(layouts) if not (p.relative_to(layouts).parts[0] in others)]
    parts = [
        stage_name,
        code_key(),
        _hash_files(_files(root / "catalog" / game), root) if game else "",
        _hash_files(layout_files, root),
        options.fingerprint(),
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


# ---------------------------------------------------------------- the cache

def _cache_path(out: Path, game: Optional[str], stage_name: str) -> Path:
    return out / ".cache" / f"{game or '_'}--{stage_name}.json"


def _cached(out: Path, game: Optional[str], stage_name: str, key: str) -> Optional[UnitReport]:
    path = _cache_path(out, game, stage_name)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return None
    if data.get("key") != key:
        return None
    artifacts = []
    for a in data["artifacts"]:
        p = out / a["path"]
        if not p.is_file() or p.stat().st_size != a["bytes"]:
            return None
        artifacts.append(Artifact(a["game"], a["kind"], p, a["paper"], a["pages"], a["bytes"], a["sha256"]))
    findings = tuple(Issue(**f) for f in data.get("findings", []))
    return UnitReport(game, stage_name, tuple(artifacts), findings, 0.0, True)


def _remember(out: Path, report: UnitReport, key: str) -> None:
    from .output import write_atomic

    data = {
        "key": key,
        "artifacts": [
            {**asdict(a), "path": a.path.resolve().relative_to(out.resolve()).as_posix()} for a in report.artifacts
        ],
        "findings": [asdict(f) for f in report.findings],
    }
    write_atomic(_cache_path(out, report.game, report.stage), json.dumps(data, sort_keys=True).encode())


# ---------------------------------------------------------------- running

@dataclass(frozen=True)
class _Unit:
    root: Path
    game: Optional[str]
    stage: str
    spec: str
    key: str


_WORKER_CATALOGS: dict[tuple[str, str], Catalog] = {}


def _run_unit(unit: _Unit, options: BuildOptions, catalog: Optional[Catalog] = None) -> UnitReport:
    start = time.perf_counter()
    func = _resolve(unit.spec)
    if unit.game is None:
        result = func(options, unit.root)
    else:
        if catalog is None:
            cache_key = (str(unit.root), unit.game)
            catalog = _WORKER_CATALOGS.get(cache_key)
            if catalog is None:
                (catalog,), _ = load_games(unit.root, [unit.game])
                _WORKER_CATALOGS[cache_key] = catalog
        result = func(catalog, options)
    return UnitReport(unit.game, unit.stage, tuple(result.artifacts), tuple(result.findings), time.perf_counter() - start, False)


def run(
    catalogs: list[Catalog],
    options: BuildOptions,
    *,
    jobs: int = 1,
    use_cache: bool = True,
    progress: Optional[Callable[[UnitReport, int, int], None]] = None,
) -> list[UnitReport]:
    """Run every selected stage for every catalog (and the global stages once)."""
    if not catalogs:
        return []
    root = catalogs[0].root
    games = [c.id for c in catalogs]
    by_id = {c.id: c for c in catalogs}
    units: list[_Unit] = []
    for name in selected(GLOBAL_STAGES, options):
        units.append(_Unit(root, None, name, GLOBAL_STAGES[name], unit_key(root, None, games, name, options)))
    for cat in catalogs:
        for name in selected(STAGES, options):
            units.append(_Unit(root, cat.id, name, STAGES[name], unit_key(root, cat.id, games, name, options)))

    reports: list[Optional[UnitReport]] = [None] * len(units)
    todo: list[int] = []
    done = 0
    for i, unit in enumerate(units):
        hit = _cached(options.out, unit.game, unit.stage, unit.key) if use_cache else None
        if hit is not None:
            reports[i] = hit
            done += 1
            if progress:
                progress(hit, done, len(units))
        else:
            todo.append(i)

    def finish(i: int, report: UnitReport) -> None:
        nonlocal done
        reports[i] = report
        _remember(options.out, report, units[i].key)
        done += 1
        if progress:
            progress(report, done, len(units))

    if jobs > 1 and len(todo) > 1:
        with ProcessPoolExecutor(max_workers=min(jobs, len(todo))) as pool:
            futures = {i: pool.submit(_run_unit, units[i], options) for i in todo}
            for i in todo:
                finish(i, futures[i].result())
    else:
        for i in todo:
            finish(i, _run_unit(units[i], options, by_id.get(units[i].game or "")))
    return [r for r in reports if r is not None]


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


__all__ = ["BuildOptions", "StageResult", "UnitReport", "STAGES", "GLOBAL_STAGES", "run", "stage", "default_jobs", "replace"]
