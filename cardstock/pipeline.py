"""Runs the build stages for the games asked and returns what was made; no printing.

Stages after loading are registered by name in `STAGES` as "module:function" strings.
Each stage function has the same small contract (`cardstock.core.stage`):

    def build(catalog: Catalog, options: BuildOptions) -> StageResult

and writes its files only through `cardstock.core.output.artifact` (temporary file, then rename).
Stages that belong to no single game (the calibration sheet) are in `GLOBAL_STAGES` with
the contract `build(options, root) -> StageResult`.

Every (game, stage) unit is keyed by a hash of what it depends on — the game's catalog
folder, the layouts that apply to it, the package's code and fonts, and the options — so a
rebuild with nothing changed runs no stage and writes nothing. Units run in parallel
processes (`jobs`).

A build has two phases (`run`): first the rules check of every game, writing nothing under
the output folder; then, only when no check found bad input, the stages.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import time

from dataclasses import dataclass, asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional

from .core.issues import InputError, Issue
from .core.output import Artifact, WriteError, hold, release, write_atomic
from .core.project import discover, files_in, hash_files, shipped_in_use, shipped_layouts, tree_hash
from .core.stage import BuildOptions, Stage

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    from .catalog.load import Catalog

PACKAGE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class UnitReport:
    """What one (game, stage) unit did: its artifacts, findings, time, and whether it ran."""

    game: Optional[str]
    stage: str
    artifacts: tuple[Artifact, ...]
    findings: tuple[Issue, ...]
    seconds: float
    cached: bool


# name -> "module:function"; the order is the build order.
STAGES: dict[str, str] = {
    "svg": "cardstock.render.stage:build_svgs",
    "rulebook": "cardstock.books.rulebook:build_rulebook",
    "pnp": "cardstock.impose.pnp:build_pnp",
    "quickref": "cardstock.impose.pnp:build_quickref",
    "cards": "cardstock.exports.cards:build_cards",
    "tts": "cardstock.exports.tts:build_tts",
    "print-shop": "cardstock.exports.presets:build_print_shop",
}

# Stages that run only when asked for by name (`--only`), or for "print-shop" by `--for`:
# rendering every face to pixels is too slow to do on every build.
ON_REQUEST: frozenset[str] = frozenset({"cards", "tts", "print-shop"})

# name -> "module:function" for stages that run once per build, not per game;
# their contract is `build(options, root) -> StageResult`.
GLOBAL_STAGES: dict[str, str] = {
    "calibration": "cardstock.impose.calibration:build_calibration",
}


def _resolve(spec: str) -> Callable[..., Any]:
    module, func = spec.split(":")
    found: Callable[..., Any] = getattr(importlib.import_module(module), func)
    return found


def stage(name: str) -> Stage:
    return _resolve(STAGES[name])


def prepare(options: BuildOptions) -> None:
    """Import the modules of the stages a build asks for, and what each one's optional
    `prepare()` says it will import when it runs (`--watch` calls this while it waits for
    a change): the workers a rebuild forks then start with them, instead of importing them
    again on every rebuild. Nothing is read or written."""
    for name in selected(STAGES, options):
        module = importlib.import_module(STAGES[name].split(":")[0])
        hook = getattr(module, "prepare", None)
        if callable(hook):
            hook()


def selected(names: Iterable[str], options: BuildOptions) -> list[str]:
    def wanted(n: str) -> bool:
        if options.only is not None:
            return n in options.only or (n == "print-shop" and bool(options.services))
        return n not in ON_REQUEST or (n == "print-shop" and bool(options.services))

    return [n for n in names if wanted(n)]


# ---------------------------------------------------------------- dependency keys

# The distributions whose code decides what a build writes (they read, draw, compress or
# template): every runtime dependency in pyproject.toml and the compiled parts they bring.
DRAWING_LIBRARIES = (
    "reportlab", "pillow", "svgwrite", "jinja2", "pydantic", "pydantic-core", "pypdf",
    "markdown-it-py", "openpyxl", "pypdfium2", "pyyaml", "isal",
)

_CODE_KEY: Optional[str] = None


def _installed_stamp() -> str:
    """What decides the installed libraries' versions, cheaply: Python's version and where
    it lives, and each folder on the import path with the time it last changed (installing,
    upgrading or removing a distribution adds or removes an entry of its folder, which
    changes that folder's time)."""
    import sys

    parts = [sys.version, sys.prefix, ",".join(DRAWING_LIBRARIES)]
    for entry in sys.path:
        try:
            st = os.stat(entry or ".")
        except OSError:
            parts.append(f"{entry}:-")
            continue
        parts.append(f"{entry}:{st.st_mtime_ns}:{st.st_ino}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def library_versions() -> dict[str, str]:
    """The installed version of each drawing library (and of Python), by name. Remembered
    in the user's cache (cardstock.core.usercache) under `_installed_stamp()`, so a build does
    not search the import path's metadata on every start."""
    from .core.usercache import cache_dir

    path = cache_dir() / "libraries" / f"{_installed_stamp()}.json"
    try:
        known = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(known, dict) and set(known) == {"python", *DRAWING_LIBRARIES} and all(isinstance(v, str) for v in known.values()):
            return known
    except (OSError, ValueError):  # not remembered yet, or damaged: look them up
        pass
    found = _look_up_versions()
    try:
        write_atomic(path, json.dumps(found, sort_keys=True).encode())
    except OSError:  # a read-only cache folder only costs time
        pass
    return found


def _look_up_versions() -> dict[str, str]:
    from importlib.metadata import PackageNotFoundError, version
    from platform import python_version

    found = {"python": python_version()}
    for name in DRAWING_LIBRARIES:
        try:
            found[name] = version(name)
        except PackageNotFoundError:
            found[name] = "not installed"
    return found


def code_key(versions: Optional[dict[str, str]] = None) -> str:
    """A hash of the package's code and fonts and of the drawing libraries' versions
    (`library_versions()` unless given): a new version of cardstock or an upgraded
    library rebuilds all."""
    global _CODE_KEY
    if versions is None and _CODE_KEY is not None:
        return _CODE_KEY
    stamp = json.dumps(versions if versions is not None else library_versions(), sort_keys=True)
    key = hashlib.sha256((tree_hash(PACKAGE) + "\n" + stamp).encode()).hexdigest()
    if versions is None:
        _CODE_KEY = key
    return key


def catalog_key(root: Path, game: str) -> str:
    """A hash of one game's catalog folder (its TOML, tables and art)."""
    return hash_files(files_in(root / "catalog" / game), root)


# While a build runs (`key_scope`), the hash of a game's inputs is computed once, not once
# per stage; outside a scope every key reads the files again.
_INPUTS: Optional[dict[tuple[str, Optional[str]], str]] = None


class key_scope:
    """`with key_scope():` — one build's keys: the files are listed and hashed once per
    game. A new scope (the next `--watch` rebuild) forgets them."""

    def __enter__(self) -> "key_scope":
        global _INPUTS
        self._outer = _INPUTS
        _INPUTS = {} if _INPUTS is None else _INPUTS
        return self

    def __exit__(self, *exc: object) -> None:
        global _INPUTS
        _INPUTS = self._outer


def unit_key(root: Path, game: Optional[str], stage_name: str, options: BuildOptions) -> str:
    """What a (game, stage) unit depends on: its catalog folder, the layouts that are not
    another game's, the project's fonts, the code, the options."""
    memo = _INPUTS
    if memo is None:
        inputs = _inputs_key(root, game)
    else:
        inputs = memo.get((str(root), game)) or memo.setdefault((str(root), game), _inputs_key(root, game))
    parts = [stage_name, inputs, options.fingerprint(exports=stage_name in ON_REQUEST)]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def _inputs_key(root: Path, game: Optional[str]) -> str:
    layouts = root / "layouts"
    others = set(discover(root)) - {game}
    layout_files = [p for p in files_in(layouts) if not (p.relative_to(layouts).parts[0] in others)]
    parts = [
        code_key(),
        catalog_key(root, game) if game else "",
        hash_files(layout_files, root),
        hash_files(shipped_in_use(root), shipped_layouts()),
        hash_files(files_in(root / "fonts"), root),  # the project's own fonts
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


# ---------------------------------------------------------------- the cache

def _cache_path(out: Path, game: Optional[str], stage_name: str) -> Path:
    return out / ".cache" / f"{game or '_'}--{stage_name}.json"


def read_cache(out: Path, game: Optional[str], name: str, key: str) -> Optional[dict[str, Any]]:
    """What was remembered for (game, name) under `key`; None when missing or stale."""
    try:
        data = json.loads(_cache_path(out, game, name).read_text(encoding="utf-8"))
    except (OSError, ValueError):  # missing, unreadable or damaged: not remembered
        return None
    return data if isinstance(data, dict) and data.get("key") == key else None


def write_cache(out: Path, game: Optional[str], name: str, key: str, data: dict[str, Any]) -> None:
    """Remember `data` for (game, name) under `key` (written through a rename)."""
    write_atomic(_cache_path(out, game, name), json.dumps({"key": key, **data}, sort_keys=True).encode())


def cached(out: Path, game: Optional[str], stage_name: str, key: str) -> Optional[UnitReport]:
    """The remembered report of a unit whose key is unchanged and whose files are intact."""
    data = read_cache(out, game, stage_name, key)
    if data is None:
        return None
    artifacts = []
    for a in data["artifacts"]:
        p = out / a["path"]
        if not p.is_file() or p.stat().st_size != a["bytes"]:
            return None
        artifacts.append(Artifact(a["game"], a["kind"], p, a["paper"], a["pages"], a["bytes"], a["sha256"]))
    findings = tuple(Issue(**f) for f in data.get("findings", []))
    return UnitReport(game, stage_name, tuple(artifacts), findings, 0.0, True)


def previous_files(out: Path, game: Optional[str], stage_name: str) -> list[str]:
    """The files (relative to `out`) a unit wrote the last time it ran, whatever its key."""
    try:
        data = json.loads(_cache_path(out, game, stage_name).read_text(encoding="utf-8"))
        return [a["path"] for a in data.get("artifacts", [])]
    except (OSError, ValueError, AttributeError, KeyError, TypeError):
        return []


def remember(out: Path, report: UnitReport, key: str) -> None:
    write_cache(out, report.game, report.stage, key, {
        "artifacts": [{**asdict(a), "path": a.relative(out)} for a in report.artifacts],
        "findings": [asdict(f) for f in report.findings],
    })


# ---------------------------------------------------------------- running


@dataclass(frozen=True)
class _Unit:
    root: Path
    game: Optional[str]
    stage: str
    spec: str
    key: str


@dataclass(frozen=True)
class Plan:
    """Every unit a build asks for, with its key, and the ones already built (by index)."""

    units: tuple[_Unit, ...]
    cached: dict[int, UnitReport]

    @property
    def up_to_date(self) -> bool:
        return len(self.cached) == len(self.units)

    def todo(self) -> list[int]:
        return [i for i in range(len(self.units)) if i not in self.cached]


def plan(root: Path, games: list[str], options: BuildOptions) -> Plan:
    """The units for `games` (and the global stages), keyed; reads the cache, loads nothing."""
    units: list[_Unit] = []
    if games:
        for name in selected(GLOBAL_STAGES, options):
            units.append(_Unit(root, None, name, GLOBAL_STAGES[name], unit_key(root, None, name, options)))
    for game in games:
        for name in selected(STAGES, options):
            units.append(_Unit(root, game, name, STAGES[name], unit_key(root, game, name, options)))
    hits: dict[int, UnitReport] = {}
    for i, unit in enumerate(units):
        hit = cached(options.out, unit.game, unit.stage, unit.key)
        if hit is not None:
            hits[i] = hit
    return Plan(tuple(units), hits)


@dataclass(frozen=True)
class TaskResult:
    """What one task did: a game's rules check (when it ran there) and its units' reports."""

    game: Optional[str]
    check: Any  # the gate's result, or None when the check was recalled, not run
    reports: tuple[UnitReport, ...]


# Catalogs loaded by the parent before the pool starts: forked workers inherit them instead
# of loading and validating the game again.
_WORKER_CATALOGS: dict[tuple[str, str], "Catalog"] = {}


def _catalog(root: Path, game: str) -> "Catalog":
    key = (str(root), game)
    catalog = _WORKER_CATALOGS.get(key)
    if catalog is None:
        from .catalog.load import load_games

        (catalog,), _ = load_games(root, [game])
        _WORKER_CATALOGS[key] = catalog
    return catalog


# the (game, stage) units this process ran (for tests to count where a part was made)
RAN_HERE: list[tuple[Optional[str], str]] = []


def _run_unit(unit: _Unit, options: BuildOptions, catalog: Optional["Catalog"] = None) -> UnitReport:
    start = time.perf_counter()
    RAN_HERE.append((unit.game, unit.stage))
    func = _resolve(unit.spec)
    if unit.game is None:
        result = func(options, unit.root)
    else:
        result = func(catalog if catalog is not None else _catalog(unit.root, unit.game), options)
    return UnitReport(unit.game, unit.stage, tuple(result.artifacts), tuple(result.findings), time.perf_counter() - start, False)


def _check_task(root: Path, game: str, options: BuildOptions, check: Callable[..., Any], staging: Path) -> Any:
    """One game's rules check, writing nothing under the output folder: the faces it lays
    out are kept in a staging store outside it (`_StagedFaces`), and only after every
    game's check has passed are they moved into `output/.cache/faces/`."""
    from .rules import simcache

    store = _staged_store(options.out, game, staging)
    books = _books(options.out, staging / "books")
    simcache.use(Path(options.out) / ".cache", staging, code_key())  # the setup's figures, kept by what they read
    try:
        return check(_catalog(root, game), options)
    finally:
        store.flush()
        books.use(None)
        simcache.use(None)


def _run_task(root: Path, game: Optional[str], units: tuple[_Unit, ...], options: BuildOptions) -> TaskResult:
    """One game's stale units, in build order, in one process (the task of the global units
    has no game). Runs only once every game's check has passed."""
    if game is None:
        return TaskResult(game, None, tuple(_run_unit(u, options) for u in units))
    store = _face_store(options.out, game)
    books = _books(options.out)
    try:
        return TaskResult(game, None, tuple(_run_unit(u, options) for u in units))
    finally:
        store.flush()
        books.use(None)


class _books:
    """Books (rulebooks) are kept by what they read in `output/.cache/books/` while a
    game's check or stages run (cardstock.books.bookcache); the check only reads there,
    and what it keeps goes to the staging folder (`_publish_faces` moves it)."""

    def __init__(self, out: Path, staging: Optional[Path] = None) -> None:
        from .books import keep_books_in, stage_books_in

        keep_books_in(out)
        stage_books_in(staging)

    def use(self, out: Optional[Path]) -> None:
        from .books import keep_books_in, stage_books_in

        keep_books_in(out)
        stage_books_in(None)


def _faces_path(out: Path, game: str) -> Path:
    return Path(out) / ".cache" / "faces" / f"{game}.sqlite"


# game -> the store its check used in this process; its stages reuse the same object, so
# the faces the check laid out stay in memory when the stages run in the same process
_STAGED: dict[str, "_StagedFaces"] = {}


class _StagedFaces:
    """The face store of a game while its check runs: it reads the faces an earlier build
    kept in `output/.cache/faces/<game>.sqlite` (opened read-only, never created) and
    writes new ones to a staging file outside the output folder. `settle` then points it
    at the output store itself, once the staged faces were moved there (`_publish_faces`)."""

    def __init__(self, final: Path, staging: Path) -> None:
        from .layout import facestore

        self.final = final
        self.staging = facestore.DiskStore(staging)
        self._settled: Any = None
        self._ro: Optional[Any] = None
        self._ro_pid = 0

    def _read_only(self) -> Optional[Any]:
        import sqlite3

        from .layout import facestore

        if self._ro is None or self._ro_pid != os.getpid():
            self._ro, self._ro_pid = None, os.getpid()
            if not self.final.is_file():
                return None
            try:
                conn = sqlite3.connect(f"{self.final.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
                row = conn.execute("SELECT schema FROM meta").fetchone()
            except sqlite3.DatabaseError:
                return None
            if row is None or row[0] != facestore.SCHEMA:
                conn.close()
                return None
            self._ro = conn
        return self._ro

    def _earlier(self, query: str, value: str) -> Any:
        import sqlite3

        from .layout import facestore

        db = self._read_only()
        if db is None:
            return None
        try:
            row = db.execute(query, (value,)).fetchone()
        except sqlite3.DatabaseError:
            return None
        return facestore.face_from(row[0]) if row is not None else None

    def settle(self, store: Any) -> None:
        self.staging.close()
        if self._ro is not None and self._ro_pid == os.getpid():
            self._ro.close()
        self._ro, self._settled = None, store

    def get(self, key: str) -> Any:
        if self._settled is not None:
            return self._settled.get(key)
        return self.staging.get(key) or self._earlier("SELECT data FROM faces WHERE key = ?", key)

    def by_content(self, content: str) -> Any:
        if self._settled is not None:
            return self._settled.by_content(content)
        return self.staging.by_content(content) or self._earlier("SELECT data FROM faces WHERE content = ? LIMIT 1", content)

    def put(self, key: str, face: Any) -> None:
        (self._settled or self.staging).put(key, face)

    def flush(self) -> None:
        (self._settled or self.staging).flush()


def _staged_store(out: Path, game: str, staging: Path) -> Any:
    from .layout import facestore

    store = _STAGED.get(game)
    if store is None or store._settled is not None:
        store = _StagedFaces(_faces_path(out, game), staging / f"{game}.sqlite")
        _STAGED[game] = store
    return facestore.use(store)


STAGING_PREFIX = "cardstock-faces-"  # + the build's process id + "-" + a random part


def _sweep_staging() -> None:
    """Remove the staging folders (in the temp directory) that builds killed during their
    checks left behind: this user's, whose process is gone."""
    import shutil
    import tempfile

    for folder in Path(tempfile.gettempdir()).glob(f"{STAGING_PREFIX}*-*"):
        pid = folder.name[len(STAGING_PREFIX):].split("-", 1)[0]
        try:
            if not pid.isdigit() or folder.stat().st_uid != os.getuid():
                continue
            os.kill(int(pid), 0)
        except ProcessLookupError:  # the build that made it is gone
            shutil.rmtree(folder, ignore_errors=True)
        except OSError:  # alive (perhaps another user's), or unreadable: leave it
            continue


def _publish_faces(out: Path, staging: Path) -> None:
    """Move the faces the checks laid out into the output folder's face stores, and the
    books' and setup simulations' entries they made into its cache (called once every
    check has passed and the output folder is held)."""
    import sqlite3

    from .layout import facestore

    for staged in sorted(staging.glob("*.sqlite")):
        final = facestore.DiskStore(_faces_path(out, staged.stem))
        try:
            db = final._db()
            db.execute("ATTACH DATABASE ? AS staged", (str(staged),))
            db.execute("INSERT OR REPLACE INTO faces SELECT key, content, data FROM staged.faces")
            db.commit()
            db.execute("DETACH DATABASE staged")
        except sqlite3.DatabaseError:  # a cache that cannot be written costs speed, not output
            pass
        finally:
            final.close()
    for folder in ("books", "setup"):  # what the checks kept of books and of setup simulations
        for entry in sorted((staging / folder).glob("*.json")):
            try:
                write_atomic(Path(out) / ".cache" / folder / entry.name, entry.read_bytes())
            except (OSError, WriteError):  # a cache that cannot be written costs speed, not output
                pass


def _face_store(out: Path, game: str) -> Any:
    """The game's laid-out faces are kept in `output/.cache/faces/<game>.sqlite`, so a later
    build re-lays-out only the faces whose inputs changed (cardstock.layout.faces). When
    this process ran the game's check, the check's store object is kept (pointed at the
    output store), so the faces it holds in memory are reused."""
    from .layout import facestore

    disk = facestore.DiskStore(_faces_path(out, game))
    staged = _STAGED.pop(game, None)
    if staged is not None:
        staged.settle(disk)
        return facestore.use(staged)
    return facestore.use(disk)


PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def _die_with_parent(parent: int) -> None:
    """A worker's first act: ask Linux to kill it when the build that started it dies (even
    by SIGKILL), so no worker goes on writing files for a build that is gone."""
    import ctypes
    import signal
    import sys

    if sys.platform != "linux":
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):  # no prctl: the pool's own shutdown still applies
        return
    if os.getppid() != parent:  # the parent died before the request was made
        os._exit(1)


def _pool(jobs: int) -> "ProcessPoolExecutor":
    """Workers forked where the platform allows it, so they start with the parent's modules
    and loaded catalogs; elsewhere each worker imports and loads what it needs. Workers
    die with the build (see `_die_with_parent`)."""
    import multiprocessing
    import sys
    from concurrent.futures import ProcessPoolExecutor

    ctx = multiprocessing.get_context("fork") if sys.platform == "linux" else None
    return ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, initializer=_die_with_parent, initargs=(os.getpid(),))


# ---------------------------------------------------------------- parts started early

# Stages that may start before their game's rules check has passed: everything they write
# goes through `output` (so it can be held back) and they remove no file. (The SVG stage
# removes the files of faces that are gone.)
EARLY_STAGES = frozenset({"rulebook", "pnp", "quickref"})
CHECK_WEIGHT = 1.0  # the rules check of an edited game next to `STAGE_WEIGHT`


@dataclass
class _Early:
    """The parts of one edited game started in workers before its check ran here."""

    game: str
    plan: "Plan"
    here: list[int]  # the units this process makes once the check passed
    rest: list[tuple[list[int], Any, Path, Path]]  # units, future, held files, staged faces
    pool: "ProcessPoolExecutor"

    def holds(self, now: "Plan") -> bool:
        """Whether the build goes on with the same stale units (the check passed)."""
        return [u.key for u in now.units] == [u.key for u in self.plan.units] and now.todo() == self.plan.todo()

    def drop(self) -> None:
        """Let the early parts finish and forget them (their held files and faces stay in
        the staging folder, which the build removes)."""
        self.pool.shutdown(wait=True, cancel_futures=True)


def spread_early(idx: list[int], jobs: int, stages: list[str]) -> Optional[tuple[list[int], list[list[int]]]]:
    """One edited game's stale units over `jobs` processes when its check has not run yet:
    this process will run the check first, so its share starts with the check's weight.
    (this process's units, the other tasks' units), or None when the parts are too few or
    too short to start a worker for."""

    def weight(i: int) -> float:
        return STAGE_WEIGHT.get(stages[i], 4.0)

    heaviest = sorted((weight(i) for i in idx), reverse=True)
    k = min(len(idx), jobs)
    while k > 1 and heaviest[k - 1] < heaviest[0] / 2:  # a short part is not worth a process
        k -= 1
    if k < 2:
        return None
    bins: list[list[int]] = [[] for _ in range(k)]
    loads = [CHECK_WEIGHT] + [0.0] * (k - 1)
    for i in sorted(idx, key=lambda i: (-weight(i), i)):
        b = loads.index(min(loads))
        bins[b].append(i)
        loads[b] += weight(i)
    return sorted(bins[0]), [sorted(b) for b in bins[1:] if b]


def _start_early(root: Path, games: list[str], game: str, options: BuildOptions, jobs: int, staging: Path) -> Optional[_Early]:
    """Start the parts of the one game about to be checked that a worker can make before
    its check passes (`EARLY_STAGES`), each writing nothing under the output folder: its
    files are held back under the staging folder (`output.hold`) and the faces it lays out
    are staged, until the build moves them in (or drops them, when the check fails or
    finds bad input). None when the parts would not be split anyway."""
    the_plan = plan(root, games, options)
    units, todo = the_plan.units, the_plan.todo()
    if not todo or any(units[i].game != game for i in todo):
        return None
    split = spread_early(todo, jobs, [u.stage for u in units])
    if split is None or any(units[i].stage not in EARLY_STAGES for idx in split[1] for i in idx):
        return None
    here, others = split
    pool = _pool(len(others))
    rest = []
    for n, idx in enumerate(others):
        held, faces = staging / f"held-{n}", staging / f"early-{n}"
        rest.append((idx, pool.submit(_run_held_task, root, game, tuple(units[i] for i in idx), options, held, faces), held, faces))
    STARTED_EARLY.append((game, tuple(sorted(units[i].stage for idx in others for i in idx))))
    return _Early(game, the_plan, here, rest, pool)


# (game, stages) this process started before the game's check (for tests to count)
STARTED_EARLY: list[tuple[str, tuple[str, ...]]] = []


def _run_held_task(root: Path, game: str, units: tuple[_Unit, ...], options: BuildOptions, held: Path, faces: Path) -> TaskResult:
    """`_run_task`, started before the game's check passed: what it writes under the output
    folder goes to `held`, the faces it lays out to a store in `faces` (the output's store
    only read), for the build to move in once it may write."""
    from .layout import facestore

    store = facestore.use(_StagedFaces(_faces_path(options.out, game), faces / f"{game}.sqlite"))
    books = _books(options.out)
    try:
        with hold(options.out, held):
            return TaskResult(game, None, tuple(_run_unit(u, options) for u in units))
    finally:
        store.flush()
        books.use(None)


def run(
    catalogs: list["Catalog"],
    options: BuildOptions,
    *,
    jobs: int = 1,
    progress: Optional[Callable[[UnitReport, int, int], None]] = None,
    checks: Optional[dict[str, Any]] = None,
    check: Optional[Callable[..., Any]] = None,
    before_writing: Optional[Callable[[], None]] = None,
) -> tuple[list[UnitReport], dict[str, Any]]:
    """Run every selected stage for every catalog (and the global stages once).

    Two phases. First every game whose result is missing from `checks` is checked by
    `check(catalog, options)` (in parallel with `jobs`); these checks write nothing under
    the output folder. When any of them finds bad input, all of them still finish and
    one `InputError` carries every game's problems: no stage has run, nothing is written.
    Then `before_writing()` (the CLI takes the output folder's lock there), and the stages
    of the games whose check passed (all of them with `options.force`) and the global
    stages run. Returns the reports (cached ones included) and every game's check result."""
    if not catalogs:
        return [], {}
    _settle_heap()
    root = catalogs[0].root
    games = [c.id for c in catalogs]
    for c in catalogs:
        _WORKER_CATALOGS[(str(root), c.id)] = c
    known = {g: (checks or {}).get(g) for g in games}
    to_check = [g for g in games if known[g] is None] if check is not None else []
    size = {c.id: len(c.components) for c in catalogs}

    def biggest_first(names: list[str]) -> list[str]:
        return sorted(names, key=lambda g: -size[g])

    pool: Optional["ProcessPoolExecutor"] = None
    staging: Optional[Path] = None
    early: Optional[_Early] = None
    try:
        # ---- phase 1: every check, nothing written under the output folder
        if to_check:
            import tempfile

            assert check is not None
            _sweep_staging()
            staging = Path(tempfile.mkdtemp(prefix=f"{STAGING_PREFIX}{os.getpid()}-"))
            order = biggest_first(to_check)
            outcomes: list[tuple[str, Any, Optional[BaseException]]] = []
            if jobs > 1 and len(to_check) > 1:
                pool = _pool(min(jobs, len(games)))
                futures = [(g, pool.submit(_check_task, root, g, options, check, staging)) for g in order]
                for g, future in futures:
                    try:
                        outcomes.append((g, future.result(), None))
                    except InputError as exc:
                        outcomes.append((g, None, exc))
            else:
                if jobs > 1 and len(to_check) == 1:  # one edited game: its parts need not wait
                    early = _start_early(root, games, to_check[0], options, jobs, staging)
                # the biggest game is checked last, so its stages (which run first) find
                # the faces its check laid out still in memory
                for g in reversed(order):
                    try:
                        outcomes.append((g, _check_task(root, g, options, check, staging), None))
                    except InputError as exc:
                        outcomes.append((g, None, exc))
            outcomes.sort(key=lambda o: games.index(o[0]))  # the same report whatever ran first
            problems = list({i.render(): i for _, _, exc in outcomes if isinstance(exc, InputError) for i in exc.issues}.values())
            if problems:
                raise InputError(problems)
            for g, result, _ in outcomes:
                known[g] = result
        results: dict[str, Any] = {g: r for g, r in known.items() if r is not None}

        # ---- phase 2: the stages of the games that may be built
        if before_writing is not None:
            before_writing()
        if staging is not None:
            _publish_faces(options.out, staging)
        blocked = {g for g, r in known.items() if r is not None and not r.ok and not options.force}
        the_plan = plan(root, [g for g in games if g not in blocked], options)
        units = the_plan.units
        reports: list[Optional[UnitReport]] = [the_plan.cached.get(i) for i in range(len(units))]
        done = 0
        for i in sorted(the_plan.cached):
            done += 1
            if progress:
                progress(the_plan.cached[i], done, len(units))
        todo = the_plan.todo()
        if early is not None and not early.holds(the_plan):  # its check failed: nothing is kept
            early.drop()
            early = None
        tasks: list[tuple[Optional[str], list[int]]] = []
        for game in biggest_first(games):  # the biggest games start first
            mine = [i for i in todo if units[i].game == game]
            if mine:
                tasks.append((game, mine))
        global_todo = [i for i in todo if units[i].game is None]
        if global_todo:
            tasks.append((None, global_todo))
        split = False
        if early is not None:
            tasks = [(early.game, early.here), *[(early.game, idx) for idx, _, _, _ in early.rest]]
        elif jobs > 1:
            whole = len(tasks)
            tasks = spread(tasks, jobs, [units[i].stage for i in range(len(units))])
            split = len(tasks) > whole

        # the files the stale units will rewrite leave the manifest first, and each task's
        # new files join it as soon as the task is done: a build killed at any moment
        # leaves a manifest whose every hash matches its file
        from .site import manifest

        manifest.forget(options.out, [p for _, idx in tasks for i in idx for p in previous_files(options.out, units[i].game, units[i].stage)])

        left = [len(tasks)]

        def finish(indexes: list[int], result: TaskResult) -> None:
            nonlocal done
            left[0] -= 1
            # the last task's files join the manifest with the page's, in one write at the
            # end of the build (cardstock.site.publish)
            if result.reports and left[0] > 0:
                manifest.write(options.out, [a for r in result.reports for a in r.artifacts])
            for i, report in zip(indexes, result.reports):
                reports[i] = report
                remember(options.out, report, units[i].key)
                done += 1
                if progress:
                    progress(report, done, len(units))

        if early is not None:
            # the parts started before the check: this process makes its own now, then
            # moves in what the others wrote (held back until the check passed) and the
            # faces they laid out
            finish(early.here, _run_task(root, early.game, tuple(units[i] for i in early.here), options))
            for idx, future, held, faces in early.rest:
                result = future.result()
                _publish_faces(options.out, faces)
                release(held, options.out)
                finish(idx, result)
        elif jobs > 1 and len(tasks) > 1:
            # a game's parts spread over the workers: this process, which has the game's
            # check and faces in memory, makes the first part itself (one fork fewer)
            here = tasks[0] if split and pool is None else None
            rest = tasks[1:] if here is not None else tasks
            if pool is None:
                pool = _pool(min(jobs - (here is not None), len(rest)))
            futures2 = [(idx, pool.submit(_run_task, root, owner, tuple(units[i] for i in idx), options)) for owner, idx in rest]
            if here is not None:
                finish(here[1], _run_task(root, here[0], tuple(units[i] for i in here[1]), options))
            for idx, future in futures2:
                finish(idx, future.result())
        else:
            for owner, idx in tasks:
                finish(idx, _run_task(root, owner, tuple(units[i] for i in idx), options))
        return [r for r in reports if r is not None], results
    finally:
        if pool is not None:  # bad input found, or interrupted: start nothing more
            pool.shutdown(wait=True, cancel_futures=True)
        if early is not None:  # what it held back goes with the staging folder
            early.pool.shutdown(wait=True, cancel_futures=True)
        _STAGED.clear()
        if staging is not None:
            import shutil

            shutil.rmtree(staging, ignore_errors=True)


# How long a stage takes next to the others, roughly (one game's units are spread over the
# workers by it when there are fewer stale games than workers): the sheets and the books
# lay out and compress many pages; the SVGs and the reference cards are small.
# The rulebook weighs a little more than the sheets: it typesets, imposes its booklets, and
# in a new process imports Platypus and the PDF reader first; so on two workers the short
# parts pair up as rulebook + quick reference (which uses Platypus too) and sheets + SVGs.
STAGE_WEIGHT: dict[str, float] = {"svg": 1.0, "rulebook": 5.0, "pnp": 4.0, "quickref": 1.0, "cards": 6.0, "tts": 6.0, "print-shop": 6.0}


def spread(tasks: list[tuple[Optional[str], list[int]]], jobs: int, stages: list[str]) -> list[tuple[Optional[str], list[int]]]:
    """Tasks for `jobs` workers: when there are fewer tasks than workers (an edit made one
    game stale), a game's units are split into more tasks, longest first on the least
    loaded, so its longest parts run side by side; the longest task comes first. A task is
    started for a part only when it weighs at least half the longest (a process costs
    more than a short part). Each task still runs its units in one process; a game's
    stages read nothing another one writes, so they may run apart."""
    free = jobs - len(tasks)
    if free <= 0:
        return tasks

    def weight(i: int) -> float:
        return STAGE_WEIGHT.get(stages[i], 4.0)

    out: list[tuple[Optional[str], list[int]]] = []
    for owner, idx in tasks:
        k = min(len(idx), free + 1) if owner is not None else 1
        heaviest = sorted((weight(i) for i in idx), reverse=True)
        while k > 1 and heaviest[k - 1] < heaviest[0] / 2:  # a short part is not worth a process
            k -= 1
        if k < 2:
            out.append((owner, idx))
            continue
        free -= k - 1
        bins: list[list[int]] = [[] for _ in range(k)]
        loads = [0.0] * k
        for i in sorted(idx, key=lambda i: (-weight(i), i)):
            b = loads.index(min(loads))
            bins[b].append(i)
            loads[b] += weight(i)
        out += [(owner, sorted(b)) for b in bins]
    return sorted(out, key=lambda t: -sum(weight(i) for i in t[1]))


def _settle_heap() -> None:
    """Move what start-up made (modules, the loaded catalogs) out of the garbage
    collector's sight: without it every full collection during layout walks those objects
    again, and a long rulebook or a big deck pays for that over and over (measured in the
    README's speed section). Before a later build of the same process (a `--watch`
    rebuild) what is garbage is collected first, so it does not keep the previous build's
    garbage for ever; the first build of a process does not pay for a full collection
    (about 0.05 s) to find the little start-up left behind."""
    import gc

    if _BUILDS_RUN[0] and not _TIDIED[0]:
        gc.collect()
    _TIDIED[0] = False
    _BUILDS_RUN[0] += 1
    gc.freeze()
    resume_collection()


def tidy() -> None:
    """Collect the last build's garbage now (`--watch` calls this while it waits for a
    change), so the next build's `_settle_heap` need not do it on the edit's clock."""
    import gc

    gc.collect()
    _TIDIED[0] = True


_BUILDS_RUN = [0]  # builds this process has run (`_settle_heap`)
_TIDIED = [False]  # has `tidy` collected since the last build started?
_PAUSED = [False]  # the collector was stopped by `pause_collection`


def pause_collection() -> None:
    """Stop Python's cyclic garbage collector while a build starts up: importing and
    validating make objects that live for the whole build (classes, functions, models),
    and the 150 or so collections they set off would only move them from generation to
    generation (about 0.02 s of a small build). `run` freezes them and turns collection
    back on (`_settle_heap`), as does `resume_collection`; a collector the caller had
    turned off stays off."""
    import gc

    if gc.isenabled():
        gc.disable()
        _PAUSED[0] = True


def resume_collection() -> None:
    """Turn the collector back on after `pause_collection` (once; else nothing)."""
    import gc

    if _PAUSED[0]:
        _PAUSED[0] = False
        gc.enable()


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


__all__ = ["Plan", "UnitReport", "TaskResult", "STAGES", "STAGE_WEIGHT", "spread", "prepare", "tidy", "GLOBAL_STAGES", "ON_REQUEST", "plan", "run", "stage", "default_jobs"]
