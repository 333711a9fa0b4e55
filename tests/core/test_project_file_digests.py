"""A project file's hash is read once a process while the file does not change
(`core.project.digest`): kept by the file's status, and only for a file that had settled
when it was read, so a file rewritten within one tick of the file system's clock, a file
swapped for a link out of the project or whose permissions change is read and hashed again."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from cardstock.core import files, project
from cardstock.core.files import placed


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The files the hashing reads through the door from now on (none kept before)."""
    monkeypatch.setattr(project, "_DIGESTS", {})
    seen: list[Path] = []
    door = project.read_bytes  # type: ignore[attr-defined]

    def read(path: Path, root: Path | None, **limits: int) -> bytes:
        seen.append(path)
        return door(path, root, **limits)

    monkeypatch.setattr(project, "read_bytes", read)
    return seen


def settle(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As if `path` was last changed long before it is read: its change times are taken
    as settled from now on."""
    monkeypatch.setattr(files, "SETTLED_NS", -(10**12))


def sha(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def test_a_settled_file_is_read_once_while_its_status_holds(tmp_path, reads, monkeypatch):
    f = tmp_path / "cards.csv"
    f.write_bytes(b"id,name\na,Ace\n")
    settle(f, monkeypatch)
    assert project.digest(f, tmp_path) == sha(b"id,name\na,Ace\n")
    assert project.digest(f, tmp_path) == sha(b"id,name\na,Ace\n")
    assert reads == [f]


def test_a_file_rewritten_keeps_no_hash_of_its_old_bytes(tmp_path, reads, monkeypatch):
    f = tmp_path / "cards.csv"
    f.write_bytes(b"id,name\na,Ace\n")
    settle(f, monkeypatch)
    project.digest(f, tmp_path)
    f.write_bytes(b"id,name\na,Two\n")  # the same size
    assert project.digest(f, tmp_path) == sha(b"id,name\na,Two\n")
    assert len(reads) == 2


def test_a_file_changed_within_its_clock_tick_is_hashed_again(tmp_path, reads, monkeypatch):
    """A file read just after a change (not settled) is not kept: a second change in the
    same tick of a coarse clock would leave its status as it was."""
    f = tmp_path / "cards.csv"
    f.write_bytes(b"id,name\na,Ace\n")
    first = project._status(f, tmp_path)
    assert project.digest(f, tmp_path) == sha(b"id,name\na,Ace\n")
    f.write_bytes(b"id,name\na,Two\n")  # the same size, within the tick of the file's clock:
    monkeypatch.setattr(project, "_status", lambda *_: first)  # its status as it was
    assert project.digest(f, tmp_path) == sha(b"id,name\na,Two\n")
    assert len(reads) == 2


def test_a_file_whose_folder_is_swapped_for_a_link_out_of_the_project_is_refused(
    tmp_path, reads, monkeypatch
):
    """Moving its folder leaves the file's own status (inode, size, times) as it was."""
    root, elsewhere = tmp_path / "proj", tmp_path / "elsewhere"
    (root / "catalog").mkdir(parents=True)
    elsewhere.mkdir()
    f = root / "catalog" / "cards.csv"
    f.write_bytes(b"id,name\na,Ace\n")
    settle(f, monkeypatch)
    kept = project.digest(f, root)
    before = os.stat(f)
    os.rename(root / "catalog", elsewhere / "catalog")
    (root / "catalog").symlink_to(elsewhere / "catalog")
    assert os.stat(f).st_ctime_ns == before.st_ctime_ns  # the file itself did not change
    assert project.digest(f, root) != kept  # the door's reason, hashed
    assert len(reads) == 2


def test_a_file_whose_permissions_change_is_read_again(tmp_path, reads, monkeypatch):
    """The door may refuse it now (its answer is hashed, not the bytes)."""
    f = tmp_path / "cards.csv"
    f.write_bytes(b"id,name\na,Ace\n")
    settle(f, monkeypatch)
    project.digest(f, tmp_path)
    f.chmod(0o600)
    project.digest(f, tmp_path)
    assert reads == [f, f]


def test_bytes_placed_in_a_files_stead_are_hashed_not_its_kept_hash(tmp_path, reads, monkeypatch):
    f = tmp_path / "cards.csv"
    f.write_bytes(b"id,name\na,Ace\n")
    settle(f, monkeypatch)
    project.digest(f, tmp_path)
    with placed({f: b"id,name\na,Two\n"}):
        assert project.digest(f, tmp_path) == sha(b"id,name\na,Two\n")
    assert project.digest(f, tmp_path) == sha(b"id,name\na,Ace\n")


def test_a_link_inside_the_project_is_read_through_the_door_each_time(tmp_path, reads, monkeypatch):
    target = tmp_path / "cards.csv"
    target.write_bytes(b"id,name\na,Ace\n")
    link = tmp_path / "more.csv"
    link.symlink_to(target)
    settle(link, monkeypatch)
    assert project.hash_files([link], tmp_path) == project.hash_files([link], tmp_path)
    assert reads == [link, link]


def test_the_files_of_a_folder_are_hashed_as_each_alone(tmp_path, reads, monkeypatch):
    (tmp_path / "catalog").mkdir()
    files = [tmp_path / "catalog" / f"t{n}.csv" for n in range(3)]
    for n, f in enumerate(files):
        f.write_bytes(f"id\n{n}\n".encode())
    settle(files[0], monkeypatch)
    together = project.hash_files(files, tmp_path)
    monkeypatch.setattr(project, "_DIGESTS", {})
    h = hashlib.sha256()
    for f in files:
        h.update(f.relative_to(tmp_path).as_posix().encode() + b"\0" + project.digest(f, tmp_path))
    assert together == h.hexdigest()
    assert project.hash_files(files, tmp_path) == together
    assert len(reads) == 6  # once each, then once each again after the kept hashes were cleared
