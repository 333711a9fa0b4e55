"""Where laid-out faces are kept between uses: a small typed store (see `cardstock.layout.faces`).

Each face is stored under two names: its *input key* (a hash of what its layout reads:
the component's row, the game's files other than its tables, the layouts, the fonts, the
code, the side and the bleed) and its *content key* (`Face.key`, a hash of what it draws).
The input key lets a later build skip laying the face out again; the content key lets a
stage that kept only a face's outline (size, shape, cut) fetch its drawing when a page is
written.

`MemoryStore` keeps faces for the life of the process. `DiskStore` keeps them in one
SQLite file per game under `output/.cache/faces/`, so a new process with a warm cache
reads faces back instead of laying them out. Faces are pickled, and each entry is sealed
with this user's key (`cardstock.core.usercache.seal`): an `output/.cache/` that came with a
downloaded project is never unpickled, so it cannot run code.
"""

from __future__ import annotations

import os
import pickle
import sqlite3
from pathlib import Path
from typing import Optional, Protocol

from ..core.usercache import seal, unseal
from .ops import Face

SCHEMA = 2  # bump when the stored value changes shape (a new Face field)



def face_from(blob: bytes) -> Optional[Face]:
    """A stored face, or None: an entry not sealed by this user is never unpickled (it
    could run code), and a damaged or foreign one is simply not remembered."""
    data = unseal(bytes(blob))
    if data is None:
        return None
    try:
        face = pickle.loads(data)
    except Exception:
        return None
    return face if isinstance(face, Face) else None


class FaceStore(Protocol):
    def get(self, key: str) -> Optional[Face]: ...

    def by_content(self, content: str) -> Optional[Face]: ...

    def put(self, key: str, face: Face) -> None: ...

    def flush(self) -> None: ...


class MemoryStore:
    """Every face of the process, by input key and content key (no bound: used when no
    output folder is known, as in a test that lays out one face)."""

    def __init__(self) -> None:
        self._by_key: dict[str, Face] = {}
        self._by_content: dict[str, Face] = {}

    def get(self, key: str) -> Optional[Face]:
        return self._by_key.get(key)

    def by_content(self, content: str) -> Optional[Face]:
        return self._by_content.get(content)

    def put(self, key: str, face: Face) -> None:
        self._by_key[key] = face
        self._by_content.setdefault(face.key, face)

    def flush(self) -> None:
        return None


class DiskStore:
    """Faces in a SQLite file: `faces(key, content, data)`. The connection is opened in the
    process that uses it (a forked worker opens its own) and committed in batches."""

    BATCH = 500

    def __init__(self, path: Path) -> None:
        self.path = path
        self._conn: Optional[sqlite3.Connection] = None
        self._pid = 0
        self._pending = 0
        # when this process found the file empty: the keys it put since, so a face it
        # never put is known to be missing without a query (a cold build asks for each)
        self._mine: Optional[tuple[set[str], set[str]]] = None

    def _db(self) -> sqlite3.Connection:
        if self._conn is None or self._pid != os.getpid():
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=30)
            conn.execute("PRAGMA synchronous=OFF")
            conn.execute("CREATE TABLE IF NOT EXISTS meta (schema INTEGER)")
            row = conn.execute("SELECT schema FROM meta").fetchone()
            if row is None or row[0] != SCHEMA:
                conn.execute("DROP TABLE IF EXISTS faces")
                conn.execute("DELETE FROM meta")
                conn.execute("INSERT INTO meta VALUES (?)", (SCHEMA,))
            conn.execute("CREATE TABLE IF NOT EXISTS faces (key TEXT PRIMARY KEY, content TEXT, data BLOB)")
            conn.execute("CREATE INDEX IF NOT EXISTS faces_content ON faces (content)")
            conn.commit()
            empty = conn.execute("SELECT 1 FROM faces LIMIT 1").fetchone() is None
            self._conn, self._pid, self._pending = conn, os.getpid(), 0
            self._mine = (set(), set()) if empty else None
        return self._conn

    def _missing(self, key: Optional[str] = None, content: Optional[str] = None) -> bool:
        """Whether the face is not here as far as this process can tell without a query:
        the file was empty when this process opened it and this process never put the face.
        (The file a build stages its faces in is its own; were another process to put the
        same face meanwhile, it would only be laid out again, the same.)"""
        self._db()
        mine = self._mine
        if mine is None:
            return False
        return (key is not None and key not in mine[0]) or (content is not None and content not in mine[1])

    def _load(self, row: Optional[tuple[bytes]]) -> Optional[Face]:
        return None if row is None else face_from(row[0])

    def get(self, key: str) -> Optional[Face]:
        try:
            if self._missing(key=key):
                return None
            return self._load(self._db().execute("SELECT data FROM faces WHERE key = ?", (key,)).fetchone())
        except sqlite3.DatabaseError:
            return None

    def by_content(self, content: str) -> Optional[Face]:
        try:
            if self._missing(content=content):
                return None
            return self._load(self._db().execute("SELECT data FROM faces WHERE content = ? LIMIT 1", (content,)).fetchone())
        except sqlite3.DatabaseError:
            return None

    def put(self, key: str, face: Face) -> None:
        try:
            db = self._db()
            db.execute("INSERT OR REPLACE INTO faces VALUES (?, ?, ?)", (key, face.key, seal(pickle.dumps(face, protocol=pickle.HIGHEST_PROTOCOL))))
            if self._mine is not None:
                self._mine[0].add(key)
                self._mine[1].add(face.key)
            self._pending += 1
            if self._pending >= self.BATCH:
                db.commit()
                self._pending = 0
        except sqlite3.DatabaseError:  # a cache that cannot be written costs speed, not output
            return

    def flush(self) -> None:
        if self._conn is not None and self._pid == os.getpid():
            try:
                self._conn.commit()
            except sqlite3.DatabaseError:
                pass
            self._pending = 0

    def close(self) -> None:
        self.flush()
        if self._conn is not None and self._pid == os.getpid():
            self._conn.close()
        self._conn = None


_CURRENT: list[FaceStore] = [MemoryStore()]


def current() -> FaceStore:
    """The store faces are kept in now (cardstock.layout.faces reads it)."""
    return _CURRENT[0]


def use(store: Optional[FaceStore]) -> FaceStore:
    """Keep faces in `store` from now on (None: a fresh one in memory); returns it. The
    previous store's pending entries are written first."""
    _CURRENT[0].flush()
    _CURRENT[0] = store if store is not None else MemoryStore()
    return _CURRENT[0]


__all__ = ["FaceStore", "MemoryStore", "DiskStore", "SCHEMA", "current", "use"]
