"""The cache file's shape: its entries a rowid table, so an entry of a kilobyte (a laid-out
face) sits in a shared page of the table, and a file an earlier version wrote (schema 1, a
WITHOUT ROWID table) is emptied and used, not refused."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from cardstock.core.cache import FORMER, SCHEMA, open_cache


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
