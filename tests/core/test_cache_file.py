"""The cache file's shape: its entries a rowid table, so an entry of a kilobyte (a laid-out
face) sits in a shared page of the table, and a file an earlier version wrote (schema 1, a
WITHOUT ROWID table) is emptied and used, not refused. Writes wait in memory and go to the
file together, but a megabyte of them goes at once: a large entry (a rulebook's PDF) is
not held in memory for the rest of a stage."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from cardstock.core.cache import BATCH_BYTES, FORMER, SCHEMA, open_cache


def written(folder: Path) -> set[str]:
    """The keys the cache file holds, as another process reads them."""
    with sqlite3.connect(folder / "cache.sqlite") as db:
        return {k for (k,) in db.execute("SELECT key FROM entries")}


def test_a_thousand_face_sized_entries_take_far_less_than_a_page_each(tmp_path: Path) -> None:
    cache = open_cache(tmp_path)
    for n in range(1000):
        cache.put("face", f"{n:016x}", bytes([n % 251]) * 1100)
    cache.flush()
    cache.close()
    with sqlite3.connect(tmp_path / "cache.sqlite") as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages, size = (db.execute(f"PRAGMA {p}").fetchone()[0] for p in ("page_count", "page_size"))
    assert pages * size < 1000 * size / 2  # a WITHOUT ROWID table took a page an entry


def test_a_file_of_the_former_schema_is_emptied_and_then_used(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / "cache.sqlite") as db:
        db.execute("CREATE TABLE meta (schema INTEGER NOT NULL)")
        db.execute("INSERT INTO meta VALUES (1)")
        db.execute(FORMER[2])
        db.execute("INSERT INTO entries VALUES ('unit', 'old', x'00', 0)")
    cache = open_cache(tmp_path)
    assert cache.get("unit", "old") is None
    cache.put_json("unit", "new", {"a": 1})
    cache.flush()
    assert cache.usable and cache.get_json("unit", "new") == {"a": 1}
    cache.close()
    with sqlite3.connect(tmp_path / "cache.sqlite") as db:
        assert db.execute("SELECT schema FROM meta").fetchall() == [(SCHEMA,)]
        (sql,) = db.execute("SELECT sql FROM sqlite_master WHERE name = 'entries'").fetchone()
    assert "WITHOUT ROWID" not in sql


def test_small_writes_wait_for_a_flush_and_a_megabyte_of_them_is_written_at_once(
    tmp_path: Path,
) -> None:
    cache = open_cache(tmp_path)
    cache.put("book", "small", b"x" * 1000)
    assert written(tmp_path) == set()  # waiting, and read back from memory meanwhile
    assert cache.get("book", "small") == b"x" * 1000
    cache.put("book", "large", b"y" * BATCH_BYTES)
    assert written(tmp_path) == {"small", "large"}  # written with what waited before it
    cache.put("book", "after", b"z")
    assert written(tmp_path) == {"small", "large"}
    cache.flush()
    assert written(tmp_path) == {"small", "large", "after"}
    cache.close()
