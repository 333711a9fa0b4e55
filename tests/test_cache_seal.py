"""Caches kept in a project's `output/.cache/` are pickles, and a pickle can run code when
it is read. A project downloaded from someone else may come with its own `output/`, so
every such entry is sealed with this user's key (kept in the per-user cache folder, never
in the project) and an entry without that seal is never unpickled: the build lays the
faces out and validates the catalog again instead, and the planted code does not run."""

from __future__ import annotations

import pickle
import shutil
import sqlite3

from conftest import FIXTURES


class _Planted:
    """Unpickling this creates a file: proof that a planted pickle ran."""

    def __init__(self, marker: str):
        self.marker = marker

    def __reduce__(self):
        return (open, (self.marker, "w"))


def _project(tmp_path):
    root = tmp_path / "project"
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    return root


def test_planted_cache_entries_in_output_are_never_unpickled(tmp_path, cli, monkeypatch):
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "user-cache"))
    root = _project(tmp_path)
    first = cli("--root", str(root), "build", "mini", "--jobs", "1", "--only", "svg")
    assert first.code == 0, first.err
    cache = root / "output" / ".cache"
    faces = cache / "faces" / "mini.sqlite"
    assert faces.is_file()

    # someone else's project: every stored entry replaced by a pickle that runs code
    marker = tmp_path / "ran"
    planted = pickle.dumps(_Planted(str(marker)))
    with sqlite3.connect(faces) as db:
        db.execute("UPDATE faces SET data = ?", (planted,))
    (root / "catalog" / "mini" / "cards.csv").write_text(
        (root / "catalog" / "mini" / "cards.csv").read_text(encoding="utf-8").replace("Heal 2.", "Heal 3."), encoding="utf-8")

    again = cli("--root", str(root), "build", "mini", "--jobs", "1", "--only", "svg")
    assert again.code == 0, again.err
    assert not marker.exists(), "a planted cache entry was unpickled"
    assert "Heal 3." in (root / "output" / "mini" / "svg" / "spring.svg").read_text(encoding="utf-8")


def test_a_sealed_entry_reads_back_and_a_changed_byte_breaks_its_seal(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "user-cache"))
    from cardstock.core import usercache

    monkeypatch.setattr(usercache, "_KEY", [])
    sealed = usercache.seal(b"faces")
    assert usercache.unseal(sealed) == b"faces"
    assert usercache.unseal(sealed[:-1] + b"t") is None
    assert usercache.unseal(b"faces") is None
    key = tmp_path / "user-cache" / "seal.key"
    assert key.stat().st_mode & 0o777 == 0o600

