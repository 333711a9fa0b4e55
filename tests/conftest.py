"""Shared helpers: the project root, a copy of a catalog to break, the CLI run in-process,
a game's faces and stages for tests that look at one part, the line a text is on, the
headless Chromium the downloads-page tests open, and the files beside the checkout
(`../shared`) that some tests read: a test marked `needs_seeds` or `needs_yardstick` is
skipped, with the reason, on a clone that does not have them, and the run's summary names
each such test; and the sample of the
class-wide checks the default run takes (`FULL`, `spread`, `repeat`)."""

from __future__ import annotations

import fcntl
import gc
import hashlib
import itertools
import json
import os
import shutil
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardstock.cli import main
from cardstock.core.cache import Cache, cache_dir, open_cache
from cardstock.core.stage import BuildOptions, Job, StageResult
from cardstock.layout.faces import Faces

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
GAMES = ("alpha-omega-cards", "alpha-omega-tiles", "alter-ego", "atmosfear", "vortex")

# ---------------------------------------------------------------- the default run, the full run

# The class-wide checks (every game x paper x flip, repeated trials, fuzz cases, seed edits,
# generated documents) run a fixed sample by default and in full with CARDSTOCK_FULL=1
# (CARDSTOCK_ALL_EDITS=1, the seed edits' older switch, means the same). The sample is the
# same on every run and covers every game, and every value of the other axes, at least once.
FULL = any(
    os.environ.get(name, "") not in ("", "0") for name in ("CARDSTOCK_FULL", "CARDSTOCK_ALL_EDITS")
)


def spread(first: Sequence[Any], *others: Sequence[Any]) -> list[Any]:
    """The combinations of `first` (the games, say) with `others` (papers, flips) a test
    runs: all of them in the full run; by default as many as the longer of `first` and the
    product of `others`, the i-th pairing first[i % len] with the i-th combination of the
    others in turn, so every item of `first` and every combination of the others is tested
    at least once. One axis gives its items, more give tuples (for `parametrize`)."""
    if not others:
        return list(first)
    rest = list(itertools.product(*others))
    if FULL:
        return [(a, *b) for a in first for b in rest]
    n = max(len(first), len(rest))
    return [(first[i % len(first)], *rest[i % len(rest)]) for i in range(n)]


def repeat(full: int, sampled: int) -> int:
    """How many times a repeated trial runs: `full` in the full run, else `sampled`."""
    return full if FULL else min(full, sampled)


# ---------------------------------------------------------------- the collector's work

# A worker of a parallel run imports every test module and then runs test file after test
# file in one process: its heap grows to millions of objects the tests keep (the modules,
# the catalogs and faces the helpers below keep, each file's module-wide builds), and each
# full collection of the garbage collector would walk all of them again, a fifth of the
# processor time of a run of several files (measured). What is alive when the tests are
# collected and when each test ends is frozen (`gc.freeze`, as CPython advises for objects
# that live as long as the process): a collection then walks only what the running test
# made. An in-process build unfreezes everything as it ends (`cardstock.build`); the test's
# end freezes it again. What the frozen objects leave in cycles is collected at the end of
# a test file once the heap has doubled since it was last walked whole (and only then: a
# collection at every file's end cost more than it found), so the memory it holds stays
# within the heap's own size and its walks cost about two walks of the heap in all. The
# heap's size is the allocator's count of its blocks (`sys.getallocatedblocks`, a counter
# read): counting the frozen objects (`gc.get_freeze_count`) walks every one of them, about
# a third of a second at each file's end on a worker's heap (measured).

_WALKED = [0]  # the allocated blocks after the last collection of everything


def _freeze() -> None:
    gc.collect()
    gc.freeze()


def pytest_collection_finish(session: pytest.Session) -> None:
    _freeze()
    _WALKED[0] = sys.getallocatedblocks()


@pytest.fixture(autouse=True)
def _what_a_test_leaves_is_frozen() -> Iterator[None]:
    yield
    gc.freeze()


@pytest.fixture(autouse=True, scope="module")
def _a_test_files_cycles_are_collected() -> Iterator[None]:
    yield
    if sys.getallocatedblocks() > 2 * _WALKED[0]:
        gc.unfreeze()
        _freeze()
        _WALKED[0] = sys.getallocatedblocks()


# ---------------------------------------------------------------- the order of the test files

# A parallel run (tests/run) hands each worker a whole test file at a time, in the order
# the files are collected (`--dist loadfile --no-loadscope-reorder`). A long file handed
# out last keeps one worker busy after the others have run out of files, so the files that
# take the most processor time come first, in the order of `LONGEST`, then the others by
# their number of tests, most first (the order pytest-xdist itself would take), each
# file's tests in their own order. `LONGEST` holds the files measured to take the most
# processor time, most first, by their paths below tests/ (tests/README.md, "How long it
# takes", says how it is measured); a file missing from it only starts later than it could.
LONGEST = (
    "site/test_html_pages_axe.py",  # its own builds and axe on every page at two widths
    "rules/test_rules_ordinary_edits.py",
    "test_reader_bounds.py",
    "books/test_rulebook_readers.py",
    "test_entry_points.py",
    "books/test_rulebook_columns.py",
    "books/test_rulebook_card_words.py",
    "layout/test_layout_drawn_shipped.py",
    "render/test_ink_editions.py",
    "books/test_rulebook_layout_only.py",
    "books/test_tagged_books.py",
    "test_faults.py",
    "test_startup_imports.py",
    "rules/test_check_mutate_games.py",
    "rules/test_mutate_added_cards.py",
    "cli/test_pull.py",
    "books/test_rulebook_reuse.py",
    "cli/test_ci_writer_run.py",
    "impose/test_sheets_kept.py",
    "exports/test_exports_pdfx.py",
    "layout/test_faces_words_from_data.py",
    "rules/test_rules_template_arithmetic.py",
    "books/test_scripts_books.py",
    "core/test_output_links_every_kind.py",
    "rules/test_rules_seed_edits.py",
    "test_text_originality.py",
    "catalog/test_languages_room.py",
    "layout/test_print_type.py",
    "rules/test_rules_mutations.py",
    "catalog/test_component_limit.py",
    "rules/test_rules_player_lists.py",
    "layout/test_scripts_emoji.py",
    "rules/test_check_mutate.py",
    "impose/test_sheets_duplex.py",
    "cli/test_preview.py",
    "test_build_spread.py",
    "test_project_init.py",
    "books/test_rulebook_single_pass.py",
    "test_fuzz.py",
    "test_imports.py",
    "cli/test_pull_hostile_files.py",
    "books/test_books.py",
    "test_build.py",
    "impose/test_sheets_prepress.py",
    "layout/test_scripts.py",
    "test_build_cache_svgs.py",
    "core/test_output_links.py",
    "rules/test_rules_edits_cards.py",
    "impose/test_sheets_bleed_read_back.py",
    "render/test_shipped_texts.py",
)


def longest_first(items: list[pytest.Item]) -> None:
    """Sort `items` (in place) file by file in the order described above."""
    rank = {name: n for n, name in enumerate(LONGEST)}
    tests: dict[str, int] = {}
    for item in items:
        file = item.nodeid.split("::", 1)[0]
        tests[file] = tests.get(file, 0) + 1
    order = sorted(tests, key=lambda f: (rank.get(f.removeprefix("tests/"), len(rank)), -tests[f]))
    place = {file: n for n, file in enumerate(order)}
    items.sort(key=lambda item: place[item.nodeid.split("::", 1)[0]])


# ---------------------------------------------------------------- files beside the checkout

# The project's sibling folder holds the source rulebooks (seeds/*.txt, which the rules
# files cite and the texts must not copy) and the bench's yardstick (bench/plain.py). A
# clone of the repository alone has neither: the tests that read them are skipped there.
SHARED = ROOT.parent / "shared"
SEEDS = SHARED / "seeds"
YARDSTICK = (
    Path(os.environ["CARDSTOCK_YARDSTICK"]).resolve()
    if os.environ.get("CARDSTOCK_YARDSTICK")
    else SHARED / "bench" / "plain.py"
)
NO_SEEDS = "the source rulebooks (../shared/seeds) are not beside this checkout"
NO_YARDSTICK = (
    "the bench yardstick (../shared/bench/plain.py, or $CARDSTOCK_YARDSTICK) is not "
    "beside this checkout"
)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"needs_seeds: reads the source rulebooks in {SEEDS}; skipped when they are absent",
    )
    config.addinivalue_line(
        "markers",
        f"needs_yardstick: runs the bench yardstick {YARDSTICK}; skipped when it is absent",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    missing = {
        "needs_seeds": None if SEEDS.is_dir() else NO_SEEDS,
        "needs_yardstick": None if YARDSTICK.is_file() else NO_YARDSTICK,
    }
    for item in items:
        for marker, reason in missing.items():
            if reason is not None and item.get_closest_marker(marker) is not None:
                item.add_marker(pytest.mark.skip(reason=reason))
    longest_first(items)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Name, after the run, each test skipped for want of the files beside the checkout
    (`needs_seeds`, `needs_yardstick`), under its reason: a count alone hides which."""
    wanting: dict[str, list[str]] = {}
    for report in terminalreporter.stats.get("skipped", []):
        longrepr = getattr(report, "longrepr", None)
        reason = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else ""
        reason = str(reason).removeprefix("Skipped: ")
        if reason in (NO_SEEDS, NO_YARDSTICK):
            wanting.setdefault(reason, []).append(report.nodeid)
    if not wanting:
        return
    terminalreporter.section(f"skipped for want of {SHARED}")
    for reason, tests in wanting.items():
        terminalreporter.write_line(f"{len(tests)} skipped: {reason}")
        for nodeid in sorted(tests):
            terminalreporter.write_line(f"  {nodeid}")


def seed_files() -> list[Path]:
    """The source rulebooks, in name order; none on a clone without ../shared (so reading
    them while a module is imported never fails collection)."""
    return sorted(SEEDS.glob("*.txt")) if SEEDS.is_dir() else []


def copy_project(root: Path, games: tuple[str, ...] = GAMES) -> Path:
    """A project at `root` holding the shipped `games` (their catalogs and layouts) and the
    shared layouts, so a test may edit it; returns `root`."""
    for game in games:
        shutil.copytree(ROOT / "catalog" / game, root / "catalog" / game)
        shutil.copytree(ROOT / "layouts" / game, root / "layouts" / game)
    for name in ("default.toml", "symbols.toml", "print-shops.toml"):
        shutil.copy(ROOT / "layouts" / name, root / "layouts" / name)
    for name in ("sheets", "site"):
        shutil.copytree(ROOT / "layouts" / name, root / "layouts" / name)
    return root


def line_of(path: Path, text: str) -> int:
    """The 1-based line of the first line containing `text`."""
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if text in line:
            return n
    raise AssertionError(f"{text!r} not in {path}")


# The downloads page is opened in a real headless Chromium (installed by tests/run).
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--enable-logging=stderr",
    "--v=0",
]


@dataclass
class Result:
    code: int
    out: str
    err: str


@pytest.fixture
def cli(capsys):
    """Run the cardstock CLI in-process: cli("--root", str(dir), "list") -> Result."""

    def run(*args: str) -> Result:
        code = main(list(args))
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return run


class GameCopy:
    """A copy of a catalog under tmp_path/catalog/<id>, with small editing helpers."""

    def __init__(self, root: Path, game_id: str):
        self.root = root
        self.id = game_id
        self.folder = root / "catalog" / game_id

    def path(self, name: str) -> Path:
        return self.folder / name

    def replace(self, name: str, old: str, new: str, count: int = 1) -> None:
        p = self.path(name)
        text = p.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {name}"
        p.write_text(text.replace(old, new, count), encoding="utf-8")

    def append(self, name: str, text: str) -> None:
        p = self.path(name)
        p.write_text(p.read_text(encoding="utf-8") + text, encoding="utf-8")


def processes() -> Iterator[tuple[int, list[str]]]:
    """Each live process as (pid, the fields of /proc/<pid>/stat after its name: state,
    parent, process group, session, ...); Linux only."""
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                yield int(d.name), (d / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue


def mini_with_a_piece(tmp_path: Path, size: str, kind: str = "board") -> Path:
    """The mini game copied to tmp_path with one more piece of `kind` and `size` (a board
    larger than a page, say): the project's root."""
    shutil.copytree(FIXTURES / "catalog" / "mini", tmp_path / "catalog" / "mini")
    game = tmp_path / "catalog" / "mini" / "game.toml"
    game.write_text(
        game.read_text(encoding="utf-8")
        + f"""
[[sets]]
id = "boards"
name = "Boards"
kind = "{kind}"
group = "Board"
size = "{size}"
rows = [
  {{ id = "map", name = "The Map", count = 1 }},
]
""",
        encoding="utf-8",
    )
    return tmp_path


@pytest.fixture
def mini(tmp_path) -> GameCopy:
    """The tiny fixture game, copied so a test may break it."""
    shutil.copytree(FIXTURES / "catalog" / "mini", tmp_path / "catalog" / "mini")
    return GameCopy(tmp_path, "mini")


@pytest.fixture
def shipped(tmp_path):
    """Copy one shipped game: shipped("atmosfear") -> GameCopy."""

    def copy(game_id: str) -> GameCopy:
        shutil.copytree(ROOT / "catalog" / game_id, tmp_path / "catalog" / game_id)
        return GameCopy(tmp_path, game_id)

    return copy


_SHARED_CACHE: list[Cache] = []  # the suite's own cache, opened once in this process


@pytest.fixture(autouse=True, scope="session")
def _a_cache_of_the_suites_own(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The suite never reads or writes the user's own cache: one cache for the session,
    shared by the workers of a parallel run (entries are keyed by content, so tests share
    them safely; a test that needs an empty cache points CARDSTOCK_CACHE elsewhere itself)."""
    before = os.environ.get("CARDSTOCK_CACHE")
    if os.environ.get(
        "PYTEST_XDIST_WORKER"
    ):  # the workers of one run share it, as builds in parallel do
        shared = tmp_path_factory.getbasetemp().parent / "cardstock-cache"
        shared.mkdir(exist_ok=True)
        os.environ["CARDSTOCK_CACHE"] = str(shared)
    else:
        os.environ["CARDSTOCK_CACHE"] = str(tmp_path_factory.mktemp("cardstock-cache"))
    _SHARED_CACHE.append(open_cache())
    yield
    _SHARED_CACHE.pop().close()
    if before is None:
        os.environ.pop("CARDSTOCK_CACHE", None)
    else:
        os.environ["CARDSTOCK_CACHE"] = before


# ---------------------------------------------------------------- builds shared by the test files

# Several test files read the same build (each shipped game's print-and-play and reference
# files with default options, say). A shared build is made once per test run, by whichever
# process asks first, in a folder beside the workers' own temporary folders; the others wait
# on its lock and read what it wrote. Its folder is named after the content of everything a
# build reads (the package, the shipped games and layouts, the fixtures), so a run never
# reads a build of other sources. The folder is read-only by agreement: a test that changes
# an output copies it first (`shutil.copytree` into its own tmp_path).


def _sources_digest() -> str:
    """A digest of the files a build reads from the checkout."""
    digest = hashlib.sha256()
    for top in ("cardstock", "catalog", "layouts", "tests/fixtures"):
        for path in sorted((ROOT / top).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


@pytest.fixture(scope="session")
def shared_build(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Path]:
    """shared_build(name, make) -> the folder `make(folder)` filled, once per test run across
    all the workers of a parallel run."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):  # the workers' folders share a parent
        base = base.parent
    root = base / f"shared-builds-{_sources_digest()}"
    root.mkdir(exist_ok=True)

    def made(name: str, make: Callable[[Path], None]) -> Path:
        folder = root / name
        done = root / f"{name}.done"
        with open(root / f"{name}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
            if not done.exists():
                shutil.rmtree(folder, ignore_errors=True)  # a build that failed part-way
                folder.mkdir()
                make(folder)
                done.touch()
        return folder

    return made


# The games whose stats pages the shared build makes: the stats stage's tests and the pages'
# axe check read Atmosfear's (in English and French). Each edition's page comes from one
# template and its charts from one drawing code, and the stats stage's simulation and charts
# are most of what the build costs (about 19 s of the 31 s of processor time of a build of
# every edition, measured), so the other games' pages are left out of the shared build.
STATS_SHOWN = ("atmosfear",)


@pytest.fixture(scope="session")
def default_build(shared_build: Callable[..., Path]) -> Path:
    """The output folder of `cardstock build` of the shipped games with the parts a build makes
    by default and the downloads page (the build's own, not a stage's), then of the stats
    pages of `STATS_SHOWN` into the same folder (a build lists what the earlier builds into
    its folder wrote beside its own), in-process, once per test run: each edition's rulebook
    (the French Atmosfear's too), sheets, boards, those stats pages and `manifest.json`.
    Several files read it (`default_sheets`, `default_rulebooks`, the pages' axe check, the
    stats stage's test)."""
    import contextlib
    import io

    from cardstock.stages import STAGES

    def make(folder: Path) -> None:
        err = io.StringIO()
        parts = [s.name for s in STAGES if s.when == "default"] + ["page"]
        out = ["--out", str(folder / "out")]
        with contextlib.redirect_stderr(err):
            code = main(["--root", str(ROOT), "build", "--only", ",".join(parts), *out])
            assert code == 0, err.getvalue()
            code = main(["--root", str(ROOT), "build", *STATS_SHOWN, "--only", "stats,page", *out])
        assert code == 0, err.getvalue()

    return shared_build("default-build", make) / "out"


@pytest.fixture(scope="session")
def edition_build(shared_build: Callable[..., Path]) -> Path:
    """The folder of a build of the shipped games' print-and-play sheets on letter paper and
    the downloads page, in each game's own language, in the colour edition and in both
    others (docs/editions.md), once per test run: `out/` holds the files, `said.txt` what
    the build printed (the ink of each sheet)."""
    import contextlib
    import io

    def make(folder: Path) -> None:
        err, said = io.StringIO(), io.StringIO()
        args = ["--root", str(ROOT), "build", "--only", "pnp,page", "--paper", "letter"]
        args += ["--lang", "en", "--edition", "ink-saver,high-contrast"]
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(said):
            code = main([*args, "--out", str(folder / "out")])
        assert code == 0, err.getvalue()
        (folder / "said.txt").write_text(said.getvalue(), encoding="utf-8")

    return shared_build("edition-build", make)


@pytest.fixture(scope="session")
def language_build(shared_build: Callable[..., Path]) -> Path:
    """The output folder of a build of Atmosfear in French and in the pseudo-language
    (`qps`, docs/languages.md) alone, with its faces, rulebooks (and large print), quick
    references, stats pages and downloads page, on Letter paper, once per test run: the
    translated pages' test and the pages' axe check read it."""
    import contextlib
    import io

    def make(folder: Path) -> None:
        err = io.StringIO()
        args = ["--root", str(ROOT), "build", "atmosfear", "--out", str(folder / "out")]
        args += ["--lang", "fr,qps", "--only", "svg,rulebook,quickref,stats,page"]
        with contextlib.redirect_stderr(err):
            code = main([*args, "--large-print", "--paper", "letter", "--jobs", "1"])
        assert code == 0, err.getvalue()

    return shared_build("language-build", make) / "out"


def _made(out: Path, kinds: Sequence[str]) -> list[dict[str, Any]]:
    """The files of the shipped games (not their other editions) of `kinds` a build into
    `out` lists in its manifest, in the manifest's order."""
    made = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["artifacts"]
    return [a for a in made if a["game"] in GAMES and a["kind"] in kinds]


@pytest.fixture(scope="session")
def default_sheets(default_build: Path) -> dict[tuple[str, str, str], bytes]:
    """(game, kind, paper) -> the bytes of each shipped game's print-and-play ("pnp") and
    quick-reference ("quickref") file on each paper, as a build with default options writes
    them (`default_build`)."""
    return {
        (a["game"], a["kind"], a["paper"]): (default_build / a["path"]).read_bytes()
        for a in _made(default_build, ("pnp", "quickref"))
    }


@pytest.fixture(scope="session")
def drivethru_files(shared_build: Callable[..., Path]) -> dict[str, list[Path]]:
    """game -> its DriveThruCards files (the print-shop stage with `services=("drivethru",)`),
    in name order, for every shipped game, built once per test run."""
    from cardstock.exports.presets import build_print_shop

    def make(folder: Path) -> None:
        catalogs, issues = load_games(ROOT, list(GAMES))
        assert not issues.errors, [i.render() for i in issues]
        for cat in catalogs:
            build_print_shop(job_of(cat, BuildOptions(out=folder, services=("drivethru",))))

    folder = shared_build("drivethru", make)
    return {
        game: sorted((folder / game / "print-shop" / "drivethru").glob("*.pdf")) for game in GAMES
    }


@pytest.fixture(scope="session")
def default_tuckboxes(shared_build: Callable[..., Path]) -> tuple[Path, str]:
    """Each shipped game's tuck boxes with the default settings (`cardstock --only tuckbox`,
    in-process), built once per test run: the output folder and what the build printed to
    stderr."""
    import contextlib
    import io

    def make(folder: Path) -> None:
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            code = main(["--root", str(ROOT), "--only", "tuckbox", "--out", str(folder / "out")])
        assert code == 0, err.getvalue()
        (folder / "stderr.txt").write_text(err.getvalue(), encoding="utf-8")

    folder = shared_build("tuckboxes", make)
    return folder / "out", (folder / "stderr.txt").read_text(encoding="utf-8")


@dataclass
class Rulebooks:
    """Each shipped game's faces (the svg stage) and rulebook stage with default options, as
    a default build writes them into `out` (`out/<game>/...`); `artifacts` is each game's
    files of the rulebook stage's kinds that the build's manifest lists, as (kind, paper,
    path)."""

    out: Path
    artifacts: dict[str, list[tuple[str, str, Path]]]

    def kinds(self, game: str) -> set[str]:
        return {kind for kind, _, _ in self.artifacts[game]}


@pytest.fixture(scope="session")
def default_rulebooks(default_build: Path) -> Rulebooks:
    """The shipped games' faces and rulebooks with default options, as a build writes them
    (`default_build`; several files read the rulebook's PDF, web page, EPUB and booklets)."""
    from cardstock.stages import BY_NAME

    artifacts: dict[str, list[tuple[str, str, Path]]] = {game: [] for game in GAMES}
    for a in _made(default_build, BY_NAME["rulebook"].kinds):
        artifacts[a["game"]].append((a["kind"], a["paper"] or "", default_build / a["path"]))
    return Rulebooks(default_build, artifacts)


@pytest.fixture(scope="module")
def axe(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One headless Chromium with axe-core for a test file's pages (`Axe` in
    tests/helpers_axe.py): the browser starts once a file, not once a page."""
    from helpers_axe import Axe

    running = Axe(tmp_path_factory.mktemp("axe-profile"))
    yield running
    running.close()


_FACES: dict[tuple[int, str], tuple[Any, Faces]] = {}


def suite_cache() -> Cache:
    """The cache the helpers below lay faces and rulebooks out through. In the suite's own
    cache folder (`_a_cache_of_the_suites_own`) one `Cache` for the whole process, so what
    one test file laid out another reads back, as a second build would, and written to the
    folder after each test (`_the_helpers_cache_is_written_after_each_test`), so the other
    workers read it too; entries are keyed by content, the code included, so a changed face
    or a changed cardstock is laid out anew. A test that points `CARDSTOCK_CACHE` elsewhere
    gets a cache of that folder to itself."""
    if _SHARED_CACHE and _SHARED_CACHE[0].folder == cache_dir():
        return _SHARED_CACHE[0]
    return open_cache()


def _cardstocks(target: object) -> bool:
    """Whether `target` (a module, a class, an object, or a dotted name) is cardstock's."""
    if isinstance(target, str):
        return target.split(".", 1)[0] == "cardstock"
    module = target.__name__ if isinstance(target, ModuleType) else type(target).__module__
    if isinstance(target, type):
        module = target.__module__
    return module.split(".", 1)[0] == "cardstock"


class _PatchesOwnCache(pytest.MonkeyPatch):  # type: ignore[misc]  # pytest marks it final
    """`monkeypatch`, except that a test which replaces some of cardstock's code while the
    suite's shared cache is in use gets an empty cache folder of its own first. The cache's
    keys hold the digest of cardstock's files, not of the code running, so the shared cache
    would serve such a test faces, books and build units the unpatched code made (the patch
    never runs), and would keep for every later test what the patched code made."""

    def __init__(self, fresh: Callable[[], Path]) -> None:
        super().__init__()
        self._fresh = fresh

    def setattr(self, target: Any, *args: Any, **kw: Any) -> None:
        if _cardstocks(target) and _SHARED_CACHE and _SHARED_CACHE[0].folder == cache_dir():
            self.setenv("CARDSTOCK_CACHE", str(self._fresh()))
        super().setattr(target, *args, **kw)


@pytest.fixture
def monkeypatch(tmp_path_factory: pytest.TempPathFactory) -> Iterator[pytest.MonkeyPatch]:
    patch = _PatchesOwnCache(lambda: tmp_path_factory.mktemp("patched-cache"))
    yield patch
    patch.undo()


@pytest.fixture(autouse=True)
def _the_helpers_cache_is_written_after_each_test() -> Iterator[None]:
    yield
    for shared in _SHARED_CACHE:
        shared.flush()


def faces_of(catalog: Any) -> Faces:
    """The faces of a loaded catalog (one `Faces` per catalog object, as a build has)."""
    at = (id(catalog), str(cache_dir()))  # a test with a cache of its own lays out anew
    known = _FACES.get(at)
    if known is None or known[0] is not catalog:
        known = _FACES[at] = (catalog, Faces(catalog, suite_cache()))
    return known[1]


def lay_out(catalog: Any, component: Any, side: str, *, bleed: bool = True) -> Any:
    faces = faces_of(catalog)
    return faces.face(faces.records.of(component), side, bleed=bleed)


def distinct_faces(catalog: Any, *, bleed: bool = True) -> list[Any]:
    return list(faces_of(catalog).distinct(bleed=bleed))


def each_face(catalog: Any, *, bleed: bool = True) -> Iterator[Any]:
    return faces_of(catalog).each(bleed=bleed)


def stage(name: str) -> Callable[..., StageResult]:
    """A stage of the table (`cardstock.stages`) run on one catalog:
    stage("pnp")(catalog, options)."""
    from cardstock.stages import BY_NAME

    record = BY_NAME[name]

    def run(catalog: Any, options: BuildOptions, root: Path | None = None) -> StageResult:
        if record.run_build is not None:
            from cardstock.core.stage import BuildJob

            return record.run_build(BuildJob(root or catalog.root, options))
        assert record.run_game is not None
        return record.run_game(Job(catalog, faces_of(catalog), options))

    return run


def job_of(catalog: Any, options: BuildOptions | None = None) -> Job:
    """One game's work as the build hands it to a stage or a check."""
    return Job(catalog, faces_of(catalog), options)


def run_checks(catalogs: list[Any], **kw: Any) -> Any:
    """`cardstock.rules.run_checks` over loaded catalogs, with the checks every build runs
    (`cardstock.stages.CHECKS`) unless `providers` says otherwise."""
    from cardstock.rules import run_checks as run
    from cardstock.stages import CHECKS

    providers = kw.pop("providers", CHECKS)
    return run([job_of(c) for c in catalogs], providers, **kw)


@dataclass
class Book:
    """A rulebook as the tests read it: the reading PDF, its booklets, findings, size."""

    reading: Any
    booklets: dict[str, Any]
    issues: list[Any]
    size: Any


def render_book(
    catalog: Any,
    papers: tuple[str, ...] = ("letter", "a4"),
    booklets: bool = True,
    fresh: bool = False,
) -> Book:
    """The game's rulebook laid out (`books.rulebook.render_rulebook`) and, with `booklets`,
    imposed for every paper as the rulebook stage imposes it. `fresh` lays it out whatever
    the cache holds."""
    from cardstock.books.content import BOOK_FOR_PAPER, book_meta, wanted
    from cardstock.books.document import booklets_of
    from cardstock.books.rulebook import render_rulebook
    from cardstock.core.cache import memory_cache

    job = Job(catalog, Faces(catalog, memory_cache())) if fresh else job_of(catalog)
    r = render_rulebook(job, papers)
    made: dict[str, Any] = {}
    if booklets and r.reading is not None:
        made = dict(
            booklets_of(
                r.reading, {p: BOOK_FOR_PAPER[p] for p in wanted(papers)}, book_meta(catalog)
            )
        )
    return Book(r.reading, made, r.issues, r.size)


def load_games(root: Path, games: list[str] | None = None) -> Any:
    """Games read as validation reads them: game files, tables and rules files."""
    from cardstock.catalog.load import load_games as load
    from cardstock.rules.model import load_rules

    return load(root, games, load_rules)


def validate(
    root: Path, games: list[str] | None, options: BuildOptions | None = None
) -> tuple[list[Any], Any]:
    """Validation as a build (with `options`) or a rules check (without) runs it: the
    catalogs and every problem found."""
    from cardstock.stages import selected
    from cardstock.validate import validate as run

    found = run(
        root, games, suite_cache(), options, selected(options) if options is not None else ()
    )
    return found.catalogs, found.issues
