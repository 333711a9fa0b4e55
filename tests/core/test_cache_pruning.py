"""The cache drops what no build used for `KEEP_DAYS` days, and it does so once a day:
dropping reads every entry of the file, and a big game's cache holds hundreds of megabytes,
so the other builds of the day skip it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from cardstock.core.cache import KEEP_DAYS, open_cache


def _age(folder: Path, kind: str, key: str, days: int) -> None:
    """Make an entry look last used `days` days ago."""
    with sqlite3.connect(folder / "cache.sqlite") as db:
        db.execute(
            "UPDATE entries SET used = used - ? WHERE kind = ? AND key = ?", (days, kind, key)
        )


def _keys(folder: Path) -> set[tuple[str, str]]:
    with sqlite3.connect(folder / "cache.sqlite") as db:
        return {(kind, key) for kind, key in db.execute("SELECT kind, key FROM entries")}


def test_an_entry_no_build_used_for_the_kept_days_is_dropped(tmp_path: Path) -> None:
    cache = open_cache(tmp_path)
    cache.put_json("unit", "old", {"a": 1})
    cache.put_json("unit", "recent", {"a": 2})
    cache.flush()
    _age(tmp_path, "unit", "old", KEEP_DAYS + 1)
    _age(tmp_path, "unit", "recent", KEEP_DAYS - 1)
    cache.prune()
    cache.close()
    assert ("unit", "old") not in _keys(tmp_path)
    assert ("unit", "recent") in _keys(tmp_path)


def test_the_cache_is_pruned_once_a_day(tmp_path: Path, monkeypatch) -> None:
    first = open_cache(tmp_path)
    first.put_json("unit", "a", 1)
    first.prune()
    first.close()
    first.put_json("unit", "b", 2)  # written after the day's pruning, then aged
    first.flush()
    first.close()
    _age(tmp_path, "unit", "b", KEEP_DAYS + 1)

    again = open_cache(tmp_path)  # a later build the same day: no second pass over the file
    again.prune()
    again.close()
    assert ("unit", "b") in _keys(tmp_path)

    tomorrow = open_cache(tmp_path)
    monkeypatch.setattr(tomorrow, "_today", tomorrow._today + 1)
    tomorrow.prune()
    tomorrow.close()
    assert ("unit", "b") not in _keys(tmp_path)
    assert ("unit", "a") in _keys(tmp_path)
