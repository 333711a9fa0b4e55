"""The one persistent cache: what a build may reuse, kept as data under a key made from
the content of everything that decides it.

Where it lives: `$CARDSTOCK_CACHE`, else `$XDG_CACHE_HOME/cardstock`, else
`~/.cache/cardstock` — outside every project, so a project's `output/` holds only what a
designer hands out, and nothing a downloaded project ships can pose as cached work. It is
one SQLite file, `cache.sqlite`, holding one table of entries:

    (kind, key) -> data, last used

`kind` is one of `KINDS`; `data` is JSON text (a face: lines of JSON, `layout.ops.FaceLines`),
or the bytes of a finished file (a typeset rulebook). Nothing is pickled or marshalled:
an entry can only describe, never run. Nor is anything kept that holds an address with a
user name or password in it (`https://user:secret@host`, `CREDENTIAL`): a project's files
may hold one (cardstock refuses it where it is written), and the cache never copies it to
disk.

Keys come from content: `digest` of a file's bytes, `code_key` of cardstock's own files
and the versions of the libraries it draws with. An entry is read only under the key it
was written with, so a changed input is never served a stale entry, and the folder can be
deleted at any time (the next build is slower, not different). A cache that cannot be
used — a read-only or full disk, a damaged file, a lock held too long — holds nothing for
the rest of the process; a build never fails because of it.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import stat
import sys
import time
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from .issues import Issue

# What is kept, each under its own kind (a key of one kind never meets another's).
KINDS = {
    "unit": "what one build unit (a game's rules check, one stage of a game) found and wrote",
    "face": "a laid-out face: its drawing operations and what the print-safety lint found",
    "book": "a typeset rulebook: a line of JSON (its pages, findings and the sizes of its two "
    "PDFs), then the reading PDF's bytes and those of the PDF as drawn, before its tags",
    "book-findings": "what laying a rulebook out found, by its text, page size and the outlines "
    "of the faces it shows",
    "quickref-fit": "what laying a quick-reference side out at its card's size found, by its "
    "text, its card and the game's files but its tables",
    "epub-svg": "a face's SVG as a rulebook's e-book holds it (trimmed), by the face's key",
    "epub-fonts": "the head of an e-book's zip: its mimetype and its font files deflated, by the "
    "fonts' names and bytes",
    "svg": "the size and sha256 of the SVG file a face was written to, by the face's key and title",
    "sheet-file": "the size and sha256 of a sheet PDF and what its footers found, by its "
    "pages (each face by its content key) and its document's words",
    "check": "what one rules check found (its verdicts, each finding as data), by the parts of "
    "the game's input it declares it reads (rules/keyed.py)",
    "setup": "a setup simulation's figures, by the setup and what its steps read of the catalog",
    "font-probe": 'whether a project\'s font file can be drawn and embedded ("" when it can, '
    "else why not), by the file's bytes (fonts/probe.py)",
    "collation": "the Unicode default collation table with a language's tailoring applied, by "
    "the rules and the default table's bytes (core/collation.py)",
    "pruned": "the day the cache last dropped the entries no build used for KEEP_DAYS days",
    "toml": "a TOML file's data (one without dates or times) as JSON, by its text",
    "toml-lines": "the line of each key path of a TOML text whose lines a build asked for, "
    "by its text",
    "output-reads": "the sha256 each file of an output folder was read to hold, by the file's "
    "status (device, inode, size, change times), under the folder (core/output.py)",
}

# an address's user name or password (`://user:secret@`), in the bytes of an entry
CREDENTIAL = re.compile(rb"://[^/?#@\s\"'<>]*@")

SCHEMA = 2  # bump when an entry's shape changes: an older file is emptied, not misread
KEEP_DAYS = 30  # entries not used for this long are dropped when a build ends
BUSY_SECONDS = 5.0  # how long to wait for another build's write before going without
BATCH_WRITES = 500  # writes waiting in memory before they are written together
# bytes waiting in memory before they are written: a large entry (a rulebook's PDF, which
# grows with a game's cards) goes to the file at once rather than for the rest of a stage
BATCH_BYTES = 1 << 20


def cache_dir() -> Path:
    """The cache folder (made when first written)."""
    own = os.environ.get("CARDSTOCK_CACHE")
    if own:
        return Path(own)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cardstock"


# ---------------------------------------------------------------- keys


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def key_of(*parts: str) -> str:
    """One key from several (each already a key or a short text)."""
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def key_of_each(parts: Iterable[str]) -> str:
    """`key_of(*parts)`, the same key, hashed as the parts come: a key of one part a card
    (a sheet file's pages) does not hold every part, nor their joined text, at once."""
    h = hashlib.sha256()
    first = True
    for part in parts:
        if not first:
            h.update(b"\0")
        h.update(part.encode("utf-8", "surrogatepass"))
        first = False
    return h.hexdigest()


# The distributions whose code decides what a build writes: every runtime dependency.
LIBRARIES = (
    "reportlab",
    "pillow",
    "svgwrite",
    "jinja2",
    "pydantic",
    "pydantic_core",
    "pypdf",
    "markdown_it_py",
    "openpyxl",
    "pypdfium2",
    "pyyaml",
    "fonttools",
    "pyphen",
    "matplotlib",
    "uharfbuzz",  # shapes right-to-left text: the glyphs a PDF draws
    "babel",  # reads translations: what a language prints
    "pyuca",  # collates names: the order a list of components is printed in
    "pikepdf",  # writes a reading PDF's structure tree: the bytes of a tagged book
    "segno",  # encodes a card's version as a QR code: the squares a face draws
    # (httpx is a runtime dependency that writes nothing a build makes: `pull` alone uses it)
)

PACKAGE = Path(__file__).resolve().parents[1]


def installed_versions() -> list[str]:
    """`name-version` of each library in `LIBRARIES` as installed, read from the names of
    the installed distributions' metadata folders (`<name>-<version>.dist-info`, the
    standard layout of an installed package): no library is imported to ask."""
    wanted = set(LIBRARIES)
    found: dict[str, str] = {}
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            if not name.endswith(".dist-info"):
                continue
            dist, _, version = name[: -len(".dist-info")].partition("-")
            dist = dist.lower().replace("-", "_").replace(".", "_")
            if dist in wanted and dist not in found:
                found[dist] = version
    return sorted(f"{n}-{found.get(n, 'missing')}" for n in wanted)


@lru_cache(maxsize=1)
def code_key() -> str:
    """A hash of cardstock's own files (code, fonts, shipped data) and of Python's and the
    libraries' versions: a new cardstock or an upgraded library makes every key new.
    cardstock's files are told apart by name, size and modification time, as Python tells
    a module's compiled code from its source (they are cardstock's, not a project's).
    Taken once per process: the code a process runs is the code it imported when it
    started, whatever is installed later (a `--watch` process keeps its first key)."""
    h = hashlib.sha256(f"cardstock cache {SCHEMA}\0{sys.version}\0".encode())
    h.update("\0".join(installed_versions()).encode())
    for name, st in _own_files():
        h.update(f"{name}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def _own_files() -> list[tuple[str, os.stat_result]]:
    """cardstock's own files in a fixed order: each one's path from the package folder (with
    "/") and what `stat` says of it, read from the folder listing (os.scandir)."""
    out: list[tuple[str, os.stat_result]] = []
    _list_own(str(PACKAGE), "", out)
    return out


def _list_own(folder: str, prefix: str, out: list[tuple[str, os.stat_result]]) -> None:
    with os.scandir(folder) as listing:
        entries = sorted(listing, key=lambda e: e.name)
    dirs = [e for e in entries if e.is_dir()]  # as os.walk tells folders from files
    folders = {d.name for d in dirs}
    for e in entries:
        if e.name in folders or e.name.startswith(".") or e.name.endswith((".pyc", ".pyo")):
            continue
        out.append((prefix + e.name, e.stat()))
    for d in dirs:
        if d.name != "__pycache__" and not d.name.startswith("."):
            _list_own(d.path, f"{prefix}{d.name}/", out)


# ---------------------------------------------------------------- the store

# The cache file's tables, as SQLite keeps their definitions: a file holding anything else
# (another program's tables, a view, a trigger) is not cardstock's and is never used. The
# entries are a rowid table, its key an index SQLite makes (`KEY_INDEX`): an entry of
# about a kilobyte (a face) would not fit a page of a WITHOUT ROWID table's tree and take
# a page of its own, so a 25,000-card game's cache was three times the size and each
# entry slower to write and to read.
TABLES = {
    "meta": "meta (schema INTEGER NOT NULL)",
    "entries": "entries (kind TEXT NOT NULL, key TEXT NOT NULL, data BLOB NOT NULL, "
    "used INTEGER NOT NULL, PRIMARY KEY (kind, key))",
}
KEY_INDEX = ("index", "sqlite_autoindex_entries_1", None)  # the entries' primary key
# the entries as schema 1 kept them: a file of an earlier version is cardstock's, emptied
# when it is opened (`SCHEMA`)
FORMER = (
    "table",
    "entries",
    "CREATE TABLE entries (kind TEXT NOT NULL, key TEXT NOT NULL, data BLOB NOT NULL, "
    "used INTEGER NOT NULL, PRIMARY KEY (kind, key)) WITHOUT ROWID",
)
SIDE_FILES = ("-wal", "-shm", "-journal")  # the files SQLite keeps beside the database


def _plain_or_missing(path: Path) -> os.stat_result | None:
    """The file's own status when it is a plain file, None when it is missing; an error
    for a link or anything else (the cache is never opened through a link)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(st.st_mode):
        raise sqlite3.DatabaseError(f"{path} is not a plain file")
    return st


def _open_own(path: Path) -> sqlite3.Connection:
    """A connection to the cache file at `path`, when it is a plain file (not a link; nor
    are the files SQLite keeps beside it) holding cardstock's tables and nothing else, or
    is new. Nothing is written to a file that is not cardstock's: its tables are read from
    SQLite's own list before any statement touches them."""
    for suffix in SIDE_FILES:
        _plain_or_missing(Path(f"{path}{suffix}"))
    before = _plain_or_missing(path)
    db = sqlite3.connect(str(path), timeout=BUSY_SECONDS, isolation_level=None)
    try:
        after = _plain_or_missing(path)
        if after is None or (
            before is not None and (before.st_dev, before.st_ino) != (after.st_dev, after.st_ino)
        ):
            raise sqlite3.DatabaseError(f"{path} was replaced while it was opened")
        found = db.execute("SELECT type, name, sql FROM sqlite_master").fetchall()
        ours: set[tuple[str, str, str | None]] = {
            ("table", name, f"CREATE TABLE {sql}") for name, sql in TABLES.items()
        }
        ours |= {KEY_INDEX, FORMER}
        if not set(found) <= ours:
            raise sqlite3.DatabaseError(f"{path} holds tables that are not cardstock's")
    except BaseException:
        db.close()
        raise
    return db


class Cache:
    """The cache file, opened in the process that uses it (a forked worker opens its own
    connection). Writes wait in memory and are written together, in one short transaction,
    by `flush` (or once `BATCH_WRITES`, or `BATCH_BYTES` of data, wait): no transaction is
    left open between two calls, so builds in other processes never wait long for this
    one."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._db: sqlite3.Connection | None = None
        self._pid = 0
        self._failed = folder is None
        self._pending: dict[tuple[str, str], bytes] = {}
        self._pending_bytes = 0  # the sizes of `_pending`'s data
        self._used: set[tuple[str, str]] = set()  # entries read today whose day is older
        self._today = int(time.time() // 86400)

    @property
    def usable(self) -> bool:
        return not self._failed

    def _connect(self) -> sqlite3.Connection | None:
        if self._failed:
            return None
        if self._db is not None and self._pid == os.getpid():
            return self._db
        if (
            self._pid != os.getpid()
        ):  # a forked worker: what the parent had not written is the parent's
            self._pending, self._used, self._pending_bytes = {}, set(), 0
        assert self.folder is not None
        db: sqlite3.Connection | None = None
        try:
            self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            path = self.folder / "cache.sqlite"
            db = _open_own(path)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("BEGIN IMMEDIATE")
            db.execute(f"CREATE TABLE IF NOT EXISTS {TABLES['meta']}")
            row = db.execute("SELECT schema FROM meta").fetchone()
            if row is None or row[0] != SCHEMA:
                db.execute("DROP TABLE IF EXISTS entries")
                db.execute("DELETE FROM meta")
                db.execute("INSERT INTO meta VALUES (?)", (SCHEMA,))
            db.execute(f"CREATE TABLE IF NOT EXISTS {TABLES['entries']}")
            db.execute("COMMIT")
        except (OSError, sqlite3.Error):
            self._failed = True
            if db is not None:
                try:
                    db.close()
                except sqlite3.Error:
                    pass
            return None
        self._db, self._pid = db, os.getpid()
        return db

    def _give_up(self) -> None:
        """After an error: hold nothing more in this process (a slower build, never a
        failed one)."""
        self._failed = True
        self._pending, self._used, self._pending_bytes = {}, set(), 0
        if self._db is not None and self._pid == os.getpid():
            try:
                self._db.close()
            except sqlite3.Error:
                pass
        self._db = None

    def get(self, kind: str, key: str) -> bytes | None:
        assert kind in KINDS, kind
        waiting = self._pending.get((kind, key)) if self._pid == os.getpid() else None
        if waiting is not None:
            return waiting
        db = self._connect()
        if db is None:
            return None
        try:
            row = db.execute(
                "SELECT data, used FROM entries WHERE kind = ? AND key = ?", (kind, key)
            ).fetchone()
        except sqlite3.Error:
            self._give_up()
            return None
        if row is None:
            return None
        if row[1] != self._today:
            self._used.add((kind, key))
        return bytes(row[0])

    def put(self, kind: str, key: str, data: bytes) -> None:
        assert kind in KINDS, kind
        if b"://" in data and CREDENTIAL.search(data):
            return  # never written to disk: the next build finds it again (module docstring)
        if self._connect() is None:
            return
        before = self._pending.get((kind, key))
        self._pending[(kind, key)] = data
        self._pending_bytes += len(data) - (len(before) if before is not None else 0)
        if len(self._pending) >= BATCH_WRITES or self._pending_bytes >= BATCH_BYTES:
            self.flush()

    def get_json(self, kind: str, key: str) -> Any:
        data = self.get(kind, key)
        if data is None:
            return None
        try:
            return json.loads(data)
        except ValueError:
            return None

    def put_json(self, kind: str, key: str, value: Any) -> None:
        self.put(
            kind, key, json.dumps(value, separators=(",", ":"), sort_keys=True).encode("utf-8")
        )

    def findings(self, kind: str, key: str, find: Callable[[], list[Issue]]) -> list[Issue]:
        """The findings kept under `key` (each as `Issue.data()`), or else `find()`'s, kept
        there for the next build."""
        kept = self.get_json(kind, key)
        if isinstance(kept, list):
            try:
                return [Issue.from_data(i) for i in kept]
            except (KeyError, TypeError, ValueError):
                pass
        found = find()
        self.put_json(kind, key, [i.data() for i in found])
        return found

    def flush(self) -> None:
        """Write what waits, in one transaction: it is then visible to other processes."""
        if not (self._pending or self._used):
            return
        db = self._connect()
        if db is None:
            return
        try:
            db.execute("BEGIN IMMEDIATE")
            db.executemany(
                "INSERT OR REPLACE INTO entries VALUES (?, ?, ?, ?)",
                [(kind, key, data, self._today) for (kind, key), data in self._pending.items()],
            )
            db.executemany(
                "UPDATE entries SET used = ? WHERE kind = ? AND key = ?",
                [(self._today, k, key) for k, key in self._used],
            )
            db.execute("COMMIT")
        except sqlite3.Error:
            self._give_up()
            return
        self._pending, self._used, self._pending_bytes = {}, set(), 0

    def prune(self) -> None:
        """Drop the entries no build used for `KEEP_DAYS` days, once a day: dropping reads
        every entry of the file (a big game's cache holds hundreds of megabytes), and a
        later build of the same day would find nothing more to drop."""
        if self.get_json("pruned", "") == self._today:
            self.flush()
            return
        self.flush()
        db = self._connect()
        if db is None:
            return
        try:
            db.execute("DELETE FROM entries WHERE used < ?", (self._today - KEEP_DAYS,))
        except sqlite3.Error:
            self._give_up()
            return
        self.put_json("pruned", "", self._today)
        self.flush()

    def close(self) -> None:
        self.flush()
        if self._db is not None and self._pid == os.getpid():
            try:
                self._db.close()
            except sqlite3.Error:
                pass
        self._db = None


def open_cache(folder: Path | None = None) -> Cache:
    """The cache in `folder` (default: `cache_dir()`)."""
    return Cache(folder if folder is not None else cache_dir())


def memory_cache() -> Cache:
    """A cache that holds nothing (a build run with caching off)."""
    return Cache(None)


def kinds() -> Iterable[str]:
    return KINDS.keys()


__all__ = [
    "Cache",
    "KINDS",
    "cache_dir",
    "code_key",
    "digest",
    "key_of",
    "open_cache",
    "memory_cache",
]
