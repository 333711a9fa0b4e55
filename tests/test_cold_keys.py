"""The code key hashes cardstock's whole package (about 3 MB with its fonts) on every
start; `project.tree_hash` keeps that hash in the user cache under the files' paths,
sizes, times and inodes, so a process that finds the same files reads it back instead of
hashing them. It is always the hash the files have: an edit or a new file is hashed
again. Counted through `project.TREE_STATS`, never timed."""

from __future__ import annotations

import os

from cardstock import pipeline
from cardstock.core.project import TREE_STATS, files_in, hash_files, tree_hash


def counts() -> tuple[int, int]:
    return TREE_STATS.hashed, TREE_STATS.read


def test_a_tree_hash_is_the_hash_of_its_files_kept_until_a_file_changes(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    tree = tmp_path / "pkg"
    (tree / "sub" / "__pycache__").mkdir(parents=True)
    (tree / ".hidden-dir").mkdir()
    (tree / "a.py").write_text("A = 1\n")
    (tree / "sub" / "b.py").write_text("B = 2\n")
    (tree / "sub" / "__pycache__" / "b.cpython-311.pyc").write_bytes(b"compiled")  # not counted
    (tree / ".editor-swap").write_text("x")  # a hidden file: not counted
    (tree / ".hidden-dir" / "c.txt").write_text("in a hidden folder")  # counted, as files_in counts it
    hashed, read = counts()

    first = tree_hash(tree)
    assert first == hash_files(files_in(tree), tree)
    assert counts() == (hashed + 1, read)
    assert tree_hash(tree) == first
    assert counts() == (hashed + 1, read + 1)  # read back, not hashed

    (tree / "sub" / "b.py").write_text("B = 3\n")  # same size, new contents
    st = (tree / "sub" / "b.py").stat()
    os.utime(tree / "sub" / "b.py", ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    edited = tree_hash(tree)
    assert edited != first and edited == hash_files(files_in(tree), tree)
    assert counts() == (hashed + 2, read + 1)

    (tree / "sub" / "new.py").write_text("")
    assert tree_hash(tree) == hash_files(files_in(tree), tree) != edited
    assert counts() == (hashed + 3, read + 1)


def test_the_package_hash_is_the_hash_of_the_package_files(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "cache"))
    package = pipeline.PACKAGE
    assert tree_hash(package) == hash_files(files_in(package), package)
    assert tree_hash(package) == hash_files(files_in(package), package)  # the second one read back
