"""`cardstock pull [GAME...] [--dry-run]`: take each table that lives online as it is now,
check it as a build would, show what changed, and only then pin it (docs/catalog-format.md,
"A table that lives online").

For each game whose sets name an https:// table, every such table is downloaded
(`catalog.fetch`) into a copy of the project made in a temporary folder, where it is
pinned as `pull` would pin it; that copy is validated and its rules checked exactly as a
build checks them, and its components are compared, cell by cell, with the pinned copy the
project reads today. Only when all of it holds, and the designer accepted what was shown
(`cli.reviewing`: asked at a terminal, `--yes`, or `--accept` with the hash a dry run
printed), is the project's pinned copy replaced. A download that fails, a web page where a
table was expected, a table that no longer validates or a rules check that fails changes
nothing. `--dry-run` shows the comparison and the check, prints the review hash and
changes nothing either way.

The copy holds only what the door of input files reads (`core.files`): each file of the
game's folder, `layouts/` and `fonts/` read through it (at most `MAX_BYTES`), a pipe, a
device or a socket never opened; what is left out is said when the check fails. A
`pinned.toml` that cannot be read is said as a warning and written anew.

A server or a game file may come from someone else, so one pull is bounded as a whole too:
its downloads take at most `TIMEOUTS_PER_PULL` times `--timeout` in all and hold at most
`MAX_PULL_BYTES` in all (every table is held until it is pinned); the copy holds at most
`MAX_STAGED_FILES` files and `MAX_STAGED_BYTES`, told from their sizes before anything is
copied (a sparse or hard-linked file counts in full) and counted again as each is read.
Past any of them the game is refused, exit 2, and nothing is written in the project.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..catalog.fetch import Fetched, FetchError, OverLimit, fetch, web_page
from ..catalog.load import Catalog, load_games
from ..catalog.remote import (
    PINNED,
    PINS,
    Pin,
    is_remote,
    pinned_file,
    pins_toml,
    read_pins,
    sha256,
    table_type,
    url_problem,
)
from ..core.files import MAX_BYTES, TooLarge, Unreadable, read_bytes
from ..core.files import shown as shown_path
from ..core.issues import Issue, escaped
from ..core.names import child, plain_name
from ..core.project import discover
from ..core.tomlpos import line_for, read_toml
from ..init import first_link
from .common import EXIT_INPUT, EXIT_OK, EXIT_RULES, print_issues
from .reviewing import Pulled, accepted, pin, say_dry_run

COPIED = ("layouts", "fonts")  # besides the game's folder, what a check of it reads
CHECK_SECONDS = 900  # the most the check of the pulled tables may take
TIMEOUTS_PER_PULL = 10  # all the downloads of one pull: at most this many `--timeout`s
MAX_PULL_BYTES = 256 * 1024 * 1024  # all the tables one pull downloads, held until pinned
MAX_STAGED_BYTES = 1024 * 1024 * 1024  # the files of the copy the pulled tables are checked in
MAX_STAGED_FILES = 20_000  # files, folders and links of that copy
MB = 1024 * 1024


@dataclass(frozen=True)
class Remote:
    """One set whose table lives online."""

    game: str
    index: int
    set: str
    url: str
    line: int | None


@dataclass
class Allowance:
    """One pull's bounds on its downloads, shared by all its games, and what they spent:
    the seconds spent downloading (at most `TIMEOUTS_PER_PULL` × `--timeout`; the checks
    between them not counted) and the bytes left (of `MAX_PULL_BYTES`)."""

    seconds: float
    spent: float
    left: int

    @classmethod
    def starting(cls, timeout: float) -> Allowance:
        return cls(TIMEOUTS_PER_PULL * timeout, 0.0, MAX_PULL_BYTES)

    def late(self) -> str:
        return (
            f"not downloaded: the pull's downloads took over {self.seconds:g} s in all, "
            f"cardstock's bound on one pull ({TIMEOUTS_PER_PULL} × `--timeout`); no table "
            "after it was downloaded"
        )

    def over(self) -> str:
        return (
            f"the tables of this pull come to more than {MAX_PULL_BYTES // MB:,} MB in all, "
            "cardstock's bound on what one pull downloads; no table after it was downloaded"
        )


class Overfull(Exception):
    """The copy a pull checks in would pass `MAX_STAGED_BYTES` or `MAX_STAGED_FILES`."""


def remotes(root: Path, game: str) -> tuple[list[Remote], list[Issue]]:
    """The sets of `game` whose table is an address, from its game file as written: the
    game and each such set's id are plain names (`core.names`), or they are the problems."""
    bad = plain_name(game)
    if bad is not None:
        return [], [Issue("catalog", None, "", f"no game can be named {game!r}: {bad}")]
    shown = f"catalog/{game}/game.toml"
    found, problem = read_toml(child(root / "catalog", game) / "game.toml", shown, root)
    if found is None:
        return [], [problem]
    data, lines = found
    sets = data.get("sets", [])
    if not isinstance(sets, list) or not all(isinstance(s, dict) for s in sets):
        return [], _invalid(root, game, shown, line_for(lines, ("sets",)))
    out: list[Remote] = []
    issues: list[Issue] = []
    for i, s in enumerate(sets):
        table = s.get("table")
        if not isinstance(table, str) or not is_remote(table):
            continue
        line = line_for(lines, ("sets", i, "table"))
        set_id = s.get("id", str(i))  # the id names the pinned copy: pinned/<id>.<type>
        bad = plain_name(set_id)
        if bad is not None:
            at = line_for(lines, ("sets", i, "id")) or line
            issues.append(Issue(shown, at, f"sets[{i}].id", f"{_shown_id(set_id)}: {bad}"))
            continue
        bad = url_problem(table)
        if bad is not None:
            issues.append(Issue(shown, line, f"sets[{i}].table", bad))
            continue
        out.append(Remote(game, i, set_id, table, line))
    return out, issues


def _invalid(root: Path, game: str, shown: str, line: int | None) -> list[Issue]:
    """What the validation (`cardstock check`) says of a game file whose `sets` is not a
    list of tables; said here as well should it say nothing."""
    with contextlib.redirect_stdout(io.StringIO()):
        _, found = load_games(root, [game])
    return found.errors or [Issue(shown, line, "sets", "expected a list of sets ([[sets]])")]


def _shown_id(value: object) -> str:
    """A refused set id as a message quotes it: a text in quotes (cut short when long),
    anything else by its kind."""
    if not isinstance(value, str):
        return f"an id of type {type(value).__name__}"
    return repr(value if len(value) <= 40 else value[:40] + "…")


def cmd_pull(args: argparse.Namespace) -> int:
    root: Path = args.root
    games = list(args.games) or discover(root)
    code = EXIT_OK
    pulled_any = False
    ready: list[Pulled] = []
    allowance = Allowance.starting(args.timeout)
    for game in games:
        wanted, problems = remotes(root, game)
        if problems:
            print_issues(problems)
            code = max(code, EXIT_INPUT)
            continue
        if not wanted:
            continue
        pulled_any = True
        done, got = _pull_game(root, game, wanted, args, allowance)
        code = max(code, done)
        if got is not None:
            ready.append(got)
    if not pulled_any and code == EXIT_OK:
        print("no set's table is an https:// address: nothing to pull")
    if not ready:
        return code
    if args.dry_run:
        say_dry_run(ready, list(args.games))
        return code
    refused = accepted(ready, list(args.games), args.yes, args.accept)
    if refused is not None:
        return max(code, refused)
    for p in ready:
        pin(p)
    return code


def _pull_game(
    root: Path, game: str, wanted: list[Remote], args: argparse.Namespace, allowance: Allowance
) -> tuple[int, Pulled | None]:
    """`game`'s online tables downloaded, staged, compared and checked: the exit code, and
    what to pin when all of it held (pinned by the caller, once accepted)."""
    shown = f"catalog/{game}/game.toml"
    now = datetime.now(UTC).replace(microsecond=0).isoformat()
    folder = child(root / "catalog", game)
    rels = [f"catalog/{game}/{PINNED}/{r.set}.csv" for r in wanted] + [f"catalog/{game}/{PINS}"]
    linked = first_link(root, rels)
    if linked is not None:  # cardstock never writes through a link (a downloaded project's)
        print_issues(
            [
                Issue(
                    linked.relative_to(root).as_posix(),
                    None,
                    "",
                    "is a link: pinned copies are written only into the game's own folder",
                )
            ]
        )
        return EXIT_INPUT, None
    pins, broken = read_pins(folder, root)
    if broken:  # a pull writes pinned.toml anew: what cannot be read of it is left out
        print_issues(
            [
                replace(
                    i, level="warning", message=f"{i.message} (left out: a pull writes it anew)"
                )
                for i in broken
            ]
        )
    files, failed = _downloaded(wanted, pins, now, shown, args.timeout, allowance)
    if failed:
        print_issues(failed)
        print(f"{game}: nothing was pulled")
        return EXIT_INPUT, None
    left: list[Issue] = []
    with tempfile.TemporaryDirectory(prefix="cardstock-pull-") as tmp:
        try:
            staged = _staged(root, game, files, pins, Path(tmp), left)
        except (OSError, Overfull) as exc:  # a folder gone while copied, or too much of it
            said = (
                str(exc)
                if isinstance(exc, Overfull)
                else f"cannot be copied to check the pulled tables in: {exc}"
            )
            print_issues([Issue(f"catalog/{game}", None, "", said)])
            print(f"{game}: nothing was pulled")
            return EXIT_INPUT, None
        before = _components(root, game, {r.set for r in wanted})
        after = _components(staged, game, {r.set for r in wanted})
        checked = _check(staged, game)
    compared = diff_lines(before, after)
    for line in compared:
        print(escaped(line))
    if checked != EXIT_OK:
        print_issues(left)  # what the check may have missed in the copy, and why
        print(f"{game}: the pulled tables do not pass the check above: nothing was changed")
        return checked, None
    if args.dry_run:
        print(f"{game}: dry run: nothing was changed")
    return EXIT_OK, Pulled(game, folder, files, pins, compared, now)


def _downloaded(
    wanted: list[Remote],
    pins: dict[str, Pin],
    now: str,
    shown: str,
    timeout: float,
    allowance: Allowance,
) -> tuple[dict[str, bytes], list[Issue]]:
    """The tables of `wanted` downloaded, by the name each is pinned as (their pins added
    to `pins`), and what went wrong, at each set's `table` line. Each download gets what is
    left of `allowance` (its time and bytes); once either is spent no other is tried."""
    files: dict[str, bytes] = {}
    failed: list[Issue] = []
    for r in wanted:
        where = f"sets[{r.index}].table"
        left = allowance.seconds - allowance.spent
        if left <= 0:
            failed.append(Issue(shown, r.line, where, f"{r.url}: {allowance.late()}"))
            break
        limit = min(MAX_BYTES, allowance.left)
        started = time.monotonic()
        try:
            got = fetch(r.url, timeout=min(timeout, left), limit=limit)
        except FetchError as exc:
            allowance.spent += time.monotonic() - started
            spent = allowance.spent >= allowance.seconds
            shared = isinstance(exc, OverLimit) and limit < MAX_BYTES
            said = allowance.late() if spent else allowance.over() if shared else str(exc)
            failed.append(Issue(shown, r.line, where, f"{r.url}: {said}"))
            if spent or shared:
                break
            continue
        allowance.spent += time.monotonic() - started
        allowance.left -= len(got.data)
        kind = table_type(got.url, got.content_type) or table_type(r.url, got.content_type)
        problem = _not_a_table(got, r.url, kind)
        if problem is not None or kind is None:
            failed.append(Issue(shown, r.line, where, problem or ""))
            continue
        name = f"{PINNED}/{r.set}.{kind}"
        files[name] = got.data
        pins[r.set] = Pin(r.set, r.url, name, now, sha256(got.data))
    return files, failed


def _not_a_table(got: Fetched, url: str, kind: str | None) -> str | None:
    """What says the download of `url` is not a table: a web page, or a table of no kind
    cardstock can tell; None when it is one."""
    if web_page(got):
        return (
            f"{url} gave a web page, not a table (a sign-in page?): publish the sheet to the "
            "web, or share it with anyone who has the link, and use its CSV or XLSX export "
            "address"
        )
    if kind is None:
        return (
            f"cannot tell what kind of table {url} is: use an address ending in .csv, .tsv, "
            ".xlsx, .json or .yaml, or an export with format=csv"
        )
    return None


def _staged(
    root: Path,
    game: str,
    files: dict[str, bytes],
    pins: dict[str, Pin],
    tmp: Path,
    left: list[Issue],
) -> Path:
    """A copy of what a check of `game` reads, with the pulled tables pinned in it; what
    was left out of it is said in `left` (`_copied`). Overfull, before anything is copied
    when the sizes tell it, when the copy would pass `MAX_STAGED_FILES` or
    `MAX_STAGED_BYTES`."""
    staged = tmp / "project"
    # the pinned copies left out: the pulled ones are written anew, never through a link
    copies: list[tuple[Path, Path, tuple[str, ...]]] = [
        (child(root / "catalog", game), child(staged / "catalog", game), (PINNED, PINS))
    ]
    for name in COPIED:
        if (root / name).is_dir() and not (root / name).is_symlink():
            copies.append((root / name, staged / name, ()))
    room = _Room()
    for source, _, skipped in copies:
        _told(source, skipped, room)
    room = _Room()  # counted again as the copy is made
    for source, target, skipped in copies:
        _copied(source, target, root, left, room, skipped)
    folder = child(staged / "catalog", game)
    (folder / PINNED).mkdir()
    for name, data in files.items():
        pinned_file(folder, name).write_bytes(data)
    (folder / PINS).write_text(pins_toml(pins), encoding="utf-8")
    return staged


@dataclass
class _Room:
    """What the copy a pull checks in holds so far: its entries (files, folders, links)
    and the bytes of its files, within `MAX_STAGED_FILES` and `MAX_STAGED_BYTES`."""

    entries: int = 0
    size: int = 0

    def add(self, entries: int, size: int) -> None:
        self.entries += entries
        self.size += size
        if self.entries > MAX_STAGED_FILES:
            raise Overfull(_overfull(f"{MAX_STAGED_FILES:,} files and folders"))
        if self.size > MAX_STAGED_BYTES:
            raise Overfull(_overfull(f"{MAX_STAGED_BYTES // MB:,} MB of files"))


def _overfull(bound: str) -> str:
    return (
        f"the copy the pulled tables are checked in (this folder, layouts/ and fonts/) would "
        f"hold more than {bound}, a sparse or hard-linked file counted in full: cardstock's "
        "bound on that copy"
    )


def _told(source: Path, skipped: tuple[str, ...], room: _Room) -> None:
    """`room` told what copying the folder `source` adds, from the sizes its files say
    (each file the door would copy, `MAX_BYTES` at most, counted in full), before anything
    is read; Overfull past the bounds. Links are counted, never followed."""
    for folder, dirs, names in os.walk(source):
        if Path(folder) == source:
            dirs[:] = [d for d in dirs if d not in skipped]
            names = [n for n in names if n not in skipped]
        room.add(len(dirs), 0)
        for name in names:
            try:
                st = os.lstat(os.path.join(folder, name))
            except OSError:
                st = None  # gone since it was listed: the copy says so, if it was a file
            regular = st is not None and stat.S_ISREG(st.st_mode) and st.st_size <= MAX_BYTES
            room.add(1, st.st_size if st is not None and regular else 0)


def _copied(
    source: Path,
    target: Path,
    root: Path,
    left: list[Issue],
    room: _Room,
    skipped: tuple[str, ...] = (),
) -> None:
    """The folder `source` of the project `root` copied to `target` as the check can read
    it: its folders, its links (as links, never followed) and its files, each read through
    the door every input file is read through (`core.files.read_bytes`: a regular file of
    at most `MAX_BYTES`). A pipe, a device or a socket is not opened, and a file the door
    refuses (a larger one: a sparse file of gigabytes) is not copied; each is said in
    `left`, since the check of the copy finds it missing. `skipped`: names left out of
    `source` itself. What is copied is counted in `room` as it is (a file read up to what
    is left of `MAX_STAGED_BYTES`); Overfull past its bounds."""

    def ignored(folder: str, names: list[str]) -> set[str]:
        out = set(skipped) & set(names) if Path(folder) == source else set()
        for name in names:
            path = Path(folder, name)
            try:
                mode = path.lstat().st_mode
            except OSError:
                continue  # gone since it was listed: the copy says so, if it was a file
            if stat.S_ISREG(mode) or stat.S_ISDIR(mode) or stat.S_ISLNK(mode):
                continue
            out.add(name)
            _left(left, path, root, "it is not a regular file (a pipe, a device or a socket)")
        room.add(len(set(names) - out), 0)
        return out

    def copy(src: str, dst: str) -> str:
        limit = min(MAX_BYTES, MAX_STAGED_BYTES - room.size)
        try:
            data = read_bytes(Path(src), root, limit=limit)
        except TooLarge as exc:
            if limit < MAX_BYTES and os.stat(src).st_size <= MAX_BYTES:
                room.add(0, limit + 1)  # Overfull: what is left of the bound is passed
            _left(left, Path(src), root, str(exc))  # a file the door never copies
            return dst
        except Unreadable as exc:
            _left(left, Path(src), root, str(exc))
            return dst
        room.add(0, len(data))
        Path(dst).write_bytes(data)
        return dst

    shutil.copytree(source, target, symlinks=True, ignore=ignored, copy_function=copy)


def _left(left: list[Issue], path: Path, root: Path, why: str) -> None:
    said = f"left out of the copy the pulled tables were checked in: {why}"
    left.append(Issue(shown_path(path, root), None, "", said, "warning"))


def _check(staged: Path, game: str) -> int:
    """The project's validation and rules check, run on the staged copy by `cardstock
    check` itself, in a process of its own (`-P`: nothing of the folder is imported); its
    report is printed when it fails."""
    command = [sys.executable, "-P", "-m", "cardstock", "--root", str(staged), "check", game]
    try:
        done = subprocess.run(
            command, cwd=staged, capture_output=True, text=True, timeout=CHECK_SECONDS
        )
    except subprocess.TimeoutExpired:
        print(f"{game}: the check of the pulled tables took over {CHECK_SECONDS} s")
        return EXIT_INPUT
    if done.returncode != EXIT_OK:
        print(done.stdout, end="")
        print(done.stderr, end="", file=sys.stderr)
    return (
        EXIT_RULES if done.returncode == EXIT_RULES else EXIT_INPUT if done.returncode else EXIT_OK
    )


def _components(root: Path, game: str, sets: set[str]) -> dict[str, dict[str, Any]] | None:
    """The components of the pulled sets as the project at `root` reads them (None when it
    cannot be read: nothing pinned yet)."""
    with contextlib.redirect_stdout(io.StringIO()):
        catalogs, issues = load_games(root, [game])
    if issues.errors or not catalogs:
        return None
    return _rows(catalogs[0], sets)


def _rows(catalog: Catalog, sets: set[str]) -> dict[str, dict[str, Any]]:
    return {
        c.id: {"name": c.name, "count": c.count, **c.fields}
        for c in catalog.components
        if c.set in sets
    }


def diff_lines(
    before: dict[str, dict[str, Any]] | None, after: dict[str, dict[str, Any]] | None
) -> list[str]:
    """The comparison `pull` prints: components added and removed by id, then each changed
    cell as old → new; one line when nothing changed."""
    old, new = before or {}, after or {}
    added = [i for i in new if i not in old]
    removed = [i for i in old if i not in new]
    lines = [f"+ {i} ({new[i].get('name', i)})" for i in added]
    lines += [f"- {i} ({old[i].get('name', i)})" for i in removed]
    for i in new:
        if i not in old:
            continue
        for key in sorted(set(old[i]) | set(new[i])):
            a, b = old[i].get(key), new[i].get(key)
            if a != b:
                lines.append(f"~ {i}: {key}: {_said(a)} → {_said(b)}")
    return lines or ["no card changed"]


def _said(value: Any) -> str:
    return (
        "(empty)"
        if value is None or value == ""
        else repr(value)
        if isinstance(value, str) and "\n" in value
        else str(value)
    )
