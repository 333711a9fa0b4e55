"""A project's `output/` is not trusted: a downloaded project may ship one with links in it.
A build writes, deletes, sweeps and reads back only below folders cardstock made: a folder
linked elsewhere stops the build with one message naming it (exit 2) and nothing outside
is written, deleted or read; a file linked elsewhere is replaced by the build's own file,
never written through; a manifest naming a device is never read."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import sqlite3
import stat
import time
from pathlib import Path

import pytest
from conftest import FIXTURES

WHAT = ("--only", "svg,cards,tts,print-shop,pnp", "--for", "mpc")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The mini game built once (svg, cards, tts, a print shop, sheets), to copy."""
    root = tmp_path_factory.mktemp("built")
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    from cardstock.cli import main

    assert main(["--root", str(root), *WHAT]) == 0
    return root


@pytest.fixture
def project(built, tmp_path) -> Path:
    root = tmp_path / "project"
    shutil.copytree(built, root, symlinks=True)
    return root


def _outside(tmp_path: Path, names: list[str]) -> tuple[Path, dict[str, tuple[bytes, int]]]:
    """A folder outside the project holding files named like the ones a build writes and
    sweeps; what each holds and when it was changed."""
    folder = tmp_path / "outside"
    for name in names:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(f"not cardstock's: {name}\n".encode())
    return folder, _state(folder)


def _state(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {
        p.relative_to(folder).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


DECOYS = [
    "flood.svg",
    "old.svg",
    "back-deck.svg",
    "LiberationSans-Bold.ttf",
    "mine.otf",
    "OFL.txt",
    "blaze-front.png",
    "old.png",
    "cards-1.png",
    "dice/d6.obj",
    "dice/old.obj",
    "mini-die-d6.obj",
    "mini-deck-cards-1.png",
    "deck/quantities.csv",
    "deck/front/002-blaze.png",
    "poker/front/002-blaze.png",
    "poker/quantities.csv",
    "documents/letter.pdf",
    "notes.txt",
    ".half.tmp",
    "mini-cards.pdf",
]


@pytest.mark.parametrize(
    "linked",
    [
        "mini/svg",
        "mini/svg/fonts",
        "mini/cards/png",
        "mini/cards",
        "mini/tts",
        "mini/tts/Mods/Models",
        "mini/print-shop/mpc",
        "mini/print-shop",
        "mini",
    ],
)
def test_a_folder_of_output_linked_elsewhere_stops_the_build_and_nothing_outside_changes(
    project, tmp_path, cli, linked
):
    outside, before = _outside(tmp_path, DECOYS)
    place = project / "output" / linked
    shutil.rmtree(place)
    place.symlink_to(outside, target_is_directory=True)
    for args in (WHAT, (*WHAT, "--force")):
        result = cli("--root", str(project), *args)
        assert result.code == 2, result.err
        assert f"output/{linked}: not written: a link or not a folder" in result.err.replace(
            str(project) + "/", ""
        )
        assert "internal error" not in result.err
        assert _state(outside) == before
    assert place.is_symlink()


def test_a_file_of_output_linked_elsewhere_is_replaced_by_the_build_and_what_it_named_is_untouched(
    project, tmp_path, cli
):
    outside, before = _outside(
        tmp_path, ["flood.svg", "sheet.pdf", "front.png", "d6.obj", "page.html", "manifest.json"]
    )
    out = project / "output"
    links = {
        "mini/svg/flood.svg": "flood.svg",
        "mini/mini-pnp-letter.pdf": "sheet.pdf",
        "mini/cards/png/blaze-front.png": "front.png",
        "mini/tts/Mods/Models/mini-die-d6.obj": "d6.obj",
        "mini/print-shop/mpc/poker/front/002-blaze.png": "front.png",
        "manifest.json": "manifest.json",
    }
    originals = {rel: (out / rel).read_bytes() for rel in links}
    for rel, name in links.items():
        (out / rel).unlink()
        (out / rel).symlink_to(outside / name)
    stale = (
        out / "mini" / "svg" / "gone.svg"
    )  # a stale name linked out: the link goes, not its target
    stale.symlink_to(outside / "flood.svg")
    result = cli("--root", str(project), *WHAT)
    assert result.code == 0, result.err
    assert _state(outside) == before
    assert not stale.exists() and not stale.is_symlink()
    for rel in (
        links
    ):  # the manifest names the project's own folder (in the TTS file's links): its bytes differ
        assert not (out / rel).is_symlink() and (
            rel == "manifest.json" or (out / rel).read_bytes() == originals[rel]
        )
    entries = json.loads((out / "manifest.json").read_text())["artifacts"]
    assert all(
        hashlib.sha256((out / e["path"]).read_bytes()).hexdigest() == e["sha256"] for e in entries
    )


def test_an_output_folder_that_is_a_link_is_refused_unless_named_with_out(project, tmp_path, cli):
    outside, before = _outside(tmp_path, DECOYS)
    shutil.rmtree(project / "output")
    (project / "output").symlink_to(outside, target_is_directory=True)
    result = cli("--root", str(project), *WHAT)
    assert result.code == 2
    assert "output: a link or a file, not a folder cardstock made" in result.err
    assert _state(outside) == before
    named = cli("--root", str(project), "--out", str(project / "output"), "--only", "svg")
    assert named.code == 0, named.err
    assert (
        outside / "mini" / "svg" / "flood.svg"
    ).is_file()  # named: the user chose to write there


def test_an_output_that_is_a_file_is_refused(project, cli):
    shutil.rmtree(project / "output")
    (project / "output").write_text("mine")
    result = cli("--root", str(project), "--only", "svg")
    assert result.code == 2 and "output: a link or a file" in result.err
    assert (project / "output").read_text() == "mine"


def test_a_half_written_file_a_killed_build_left_is_swept_but_a_linked_one_only_unlinked(
    project, tmp_path, cli
):
    outside, before = _outside(tmp_path, [".flood.svg.abc.tmp", "keep/.x.tmp"])
    svg = project / "output" / "mini" / "svg"
    (svg / ".flood.svg.0123.tmp").write_bytes(b"half")
    (svg / ".link.svg.0123.tmp").symlink_to(outside / ".flood.svg.abc.tmp")
    (project / "output" / "elsewhere").symlink_to(outside / "keep", target_is_directory=True)
    result = cli("--root", str(project), "--only", "svg")
    assert result.code == 0, result.err
    assert list(svg.glob(".*.tmp")) == []
    assert _state(outside) == before


def test_a_stale_folder_link_where_a_stage_sweeps_its_folders_is_removed_as_a_link(
    project, tmp_path, cli, monkeypatch
):
    outside, before = _outside(tmp_path, ["old/d6.obj", "old/front.png", "old/notes.txt"])
    out = project / "output"
    stale = [out / "mini" / "tts" / "Mods" / "old", out / "mini" / "print-shop" / "mpc" / "old"]
    for link in stale:
        link.symlink_to(outside / "old", target_is_directory=True)
    monkeypatch.setenv("CARDSTOCK_CACHE", str(tmp_path / "empty-cache"))  # every stage runs
    result = cli("--root", str(project), *WHAT)
    assert result.code == 0, result.err
    assert [link for link in stale if link.is_symlink() or link.exists()] == []
    assert _state(outside) == before
    listed = [e["path"] for e in json.loads((out / "manifest.json").read_text())["artifacts"]]
    assert not [p for p in listed if "/old/" in p] and "mini/svg/flood.svg" in listed


def test_the_sweep_for_half_written_files_leaves_a_folder_link_for_the_write_to_refuse(tmp_path):
    from cardstock.core import output

    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / ".x.tmp").write_text("not cardstock's")
    out = tmp_path / "out"
    out.mkdir()
    (out / "linked").symlink_to(outside, target_is_directory=True)
    try:
        output.lock(out, lambda _: None)
    finally:
        output.unlock(out)
    assert (out / "linked").is_symlink() and (outside / ".x.tmp").is_file()


@pytest.mark.parametrize("size", ["same", "other"])
def test_an_output_file_swapped_for_other_bytes_is_rebuilt_and_the_manifest_never_lies(
    project, cli, size
):
    out = project / "output"
    pdf = out / "mini" / "mini-pnp-letter.pdf"
    good = pdf.read_bytes()
    pdf.write_bytes(b"%" * len(good) if size == "same" else b"%PDF-1.4 swapped")
    result = cli("--root", str(project), *WHAT)
    assert result.code == 0, result.err
    assert pdf.read_bytes() == good
    entries = {e["path"]: e for e in json.loads((out / "manifest.json").read_text())["artifacts"]}
    assert entries["mini/mini-pnp-letter.pdf"]["sha256"] == hashlib.sha256(good).hexdigest()


def _device_reads(monkeypatch, marker: Path) -> Path:
    """From now on, a read from a device fails and leaves `marker` (a file, so that a
    forked worker's read is seen too): the work is counted, not timed."""
    real = os.read

    def read(fd: int, n: int) -> bytes:
        if stat.S_ISCHR(os.fstat(fd).st_mode) or stat.S_ISBLK(os.fstat(fd).st_mode):
            marker.touch()
            raise OSError(errno.EIO, "a test refuses reads from a device")
        return real(fd, n)

    monkeypatch.setattr(os, "read", read)
    return marker


@pytest.mark.parametrize("how", ["file", "folder", "node"])
def test_a_manifest_entry_naming_a_device_is_never_read(project, cli, monkeypatch, how):
    out = project / "output"
    if how == "file":
        (out / "zero").symlink_to("/dev/zero")
        rel = "zero"
    elif how == "node":  # the device itself, made in the folder
        try:
            os.mknod(out / "zero", 0o666 | stat.S_IFCHR, os.makedev(1, 5))
        except PermissionError:
            pytest.skip("making a device node needs root")
        rel = "zero"
    else:
        (out / "dev").symlink_to("/dev", target_is_directory=True)
        rel = "dev/zero"
    data = json.loads((out / "manifest.json").read_text())
    data["artifacts"].append(
        {
            "path": rel,
            "game": "mini",
            "kind": "svg",
            "paper": None,
            "pages": None,
            "bytes": 1 << 40,
            "sha256": "0" * 64,
        }
    )
    (out / "manifest.json").write_text(json.dumps(data))
    read_a_device = _device_reads(monkeypatch, project.parent / "read-a-device")
    result = cli("--root", str(project), *WHAT)
    assert result.code == 0, result.err
    assert not read_a_device.exists()
    listed = [e["path"] for e in json.loads((out / "manifest.json").read_text())["artifacts"]]
    assert rel not in listed and "mini/svg/flood.svg" in listed


def test_the_output_lock_is_never_taken_through_a_link(tmp_path):
    from cardstock.core import output

    target = tmp_path / "target"
    target.mkdir()
    (tmp_path / "out").symlink_to(target, target_is_directory=True)
    with pytest.raises(output.WriteError, match="a link"):
        output.lock(tmp_path / "out", lambda _: None)
    assert list(target.iterdir()) == []


# ---------------------------------------------------------------- the cache


@pytest.mark.parametrize(
    "linked", ["cache.sqlite", "cache.sqlite-wal", "cache.sqlite-shm", "cache.sqlite-journal"]
)
def test_a_cache_file_that_is_a_link_is_not_opened(tmp_path, monkeypatch, mini, cli, linked):
    other = tmp_path / "other.sqlite"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE faces (x)")
    db.execute("INSERT INTO faces VALUES (1)")
    db.commit()
    db.close()
    before = other.read_bytes()
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / linked).symlink_to(other)
    monkeypatch.setenv("CARDSTOCK_CACHE", str(cache))
    result = cli("--root", str(mini.root), "--only", "svg")
    assert result.code == 0, result.err
    assert other.read_bytes() == before and not Path(f"{other}-wal").exists()
    assert (cache / linked).is_symlink()


SQL_STEPS = 100_000_000  # SQLite instructions one connection may run in a test


def _long_queries(monkeypatch, marker: Path) -> Path:
    """From now on, a SQLite connection that runs more than `SQL_STEPS` instructions is
    interrupted and leaves `marker` (a file, so that a forked worker's is seen too)."""
    real = sqlite3.connect

    def connect(*args: object, **kwargs: object) -> sqlite3.Connection:
        db = real(*args, **kwargs)  # type: ignore[call-overload]
        steps = [0]

        def progress() -> int:
            steps[0] += 1000
            if steps[0] > SQL_STEPS:
                marker.touch()
                return 1
            return 0

        db.set_progress_handler(progress, 1000)
        return db

    monkeypatch.setattr(sqlite3, "connect", connect)
    return marker


@pytest.mark.parametrize(
    "planted",
    [
        "CREATE VIEW meta AS WITH RECURSIVE r(schema) AS (SELECT 1 UNION ALL SELECT schema + 1 "
        "FROM r) SELECT schema FROM r",
        "CREATE VIEW entries AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) "
        "SELECT 'face' AS kind, n AS key, x'00' AS data, 0 AS used FROM r",
        "CREATE TABLE unrelated (x)",
    ],
)
def test_a_cache_file_whose_schema_is_not_cardstocks_is_left_alone_and_the_build_goes_on(
    tmp_path, monkeypatch, mini, cli, planted
):
    cache = tmp_path / "cache"
    cache.mkdir()
    db = sqlite3.connect(cache / "cache.sqlite")
    db.execute(planted)
    db.commit()
    db.close()
    before = (cache / "cache.sqlite").read_bytes()
    monkeypatch.setenv("CARDSTOCK_CACHE", str(cache))
    ran_long = _long_queries(monkeypatch, tmp_path / "ran-long")
    result = cli("--root", str(mini.root), "--only", "svg")
    assert result.code == 0, result.err
    assert not ran_long.exists()  # the planted endless views were never queried
    assert (cache / "cache.sqlite").read_bytes() == before


def test_a_lock_file_and_face_store_planted_in_output_are_never_opened(project, tmp_path, cli):
    outside, before = _outside(tmp_path, ["precious.txt"])
    other = outside / "other.sqlite"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE faces (x)")
    db.commit()
    db.close()
    before = _state(outside)
    planted = project / "output" / ".cache"
    (planted / "faces").mkdir(parents=True)
    (planted / "build.lock").symlink_to(outside / "precious.txt")
    (planted / "faces" / "mini.sqlite").symlink_to(other)
    result = cli("--root", str(project), *WHAT, "--force")
    assert result.code == 0, result.err
    assert _state(outside) == before


def test_only_the_output_module_removes_files():
    from conftest import ROOT

    removers = (".unlink(", "os.remove(", "rmtree(", ".rmdir(")
    found = [
        f"{path.relative_to(ROOT)}: {word}"
        for path in sorted((ROOT / "cardstock").rglob("*.py"))
        if path != ROOT / "cardstock" / "core" / "output.py"
        for word in removers
        if word in path.read_text(encoding="utf-8")
    ]
    assert (
        found == []
    )  # a stage removes its stale files through core.output.remove_stale, which follows no link


def _reads(monkeypatch) -> list[int]:
    """The reads `os.read` makes from now on (their sizes)."""
    made: list[int] = []
    real = os.read

    def counted(fd: int, n: int) -> bytes:
        made.append(n)
        return real(fd, n)

    monkeypatch.setattr(os, "read", counted)
    return made


def test_a_file_unchanged_since_it_was_read_whole_is_not_read_again(tmp_path, monkeypatch):
    from cardstock.core import files, output

    monkeypatch.setattr(files, "SETTLED_NS", 0)  # this test's file counts as settled at once
    data = b"a finished sheet " * 1000
    (tmp_path / "f.pdf").write_bytes(data)
    sha = hashlib.sha256(data).hexdigest()
    time.sleep(0.01)
    reads = _reads(monkeypatch)
    assert output.holds(tmp_path, ["f.pdf"], len(data), sha)
    first = len(reads)
    assert first > 0
    assert output.holds(tmp_path, ["f.pdf"], len(data), sha)
    assert len(reads) == first
    assert not output.holds(
        tmp_path, ["f.pdf"], len(data), "0" * 64
    )  # a claim of other bytes is never taken


def _new_process(monkeypatch) -> None:
    """`core.output` as a new process finds it: no file read yet, no kept reads taken up."""
    from cardstock.core import output

    monkeypatch.setattr(output, "_READ", {})
    monkeypatch.setattr(output, "_USED", set())
    monkeypatch.setattr(output, "_RECALLED", {})


def test_an_output_file_a_process_before_read_is_not_read_again_while_unchanged(
    tmp_path, monkeypatch
):
    from cardstock.core import files, output
    from cardstock.core.cache import open_cache

    monkeypatch.setattr(files, "SETTLED_NS", 0)
    out = tmp_path / "output"
    out.mkdir()
    data = b"a finished sheet " * 1000
    (out / "f.pdf").write_bytes(data)
    sha = hashlib.sha256(data).hexdigest()
    time.sleep(0.01)
    cache = open_cache(tmp_path / "cache")
    _new_process(monkeypatch)
    output.recall_reads(cache, out)
    assert output.holds(out, ["f.pdf"], len(data), sha)
    output.keep_reads(cache, out)
    cache.flush()

    _new_process(monkeypatch)
    output.recall_reads(cache, out)
    reads = _reads(monkeypatch)
    assert output.holds(out, ["f.pdf"], len(data), sha)
    assert reads == []
    (out / "f.pdf").write_bytes(b"another sheet!!! " * 1000)  # the same size, a new status
    assert not output.holds(out, ["f.pdf"], len(data), sha)
    assert reads != []


def test_the_kept_reads_drop_a_file_no_build_looked_at_since(tmp_path, monkeypatch):
    from cardstock.core import files, output
    from cardstock.core.cache import open_cache

    monkeypatch.setattr(files, "SETTLED_NS", 0)
    out = tmp_path / "output"
    out.mkdir()
    (out / "f.pdf").write_bytes(b"x" * 100)
    time.sleep(0.01)
    cache = open_cache(tmp_path / "cache")
    _new_process(monkeypatch)
    assert output.holds(out, ["f.pdf"], 100, hashlib.sha256(b"x" * 100).hexdigest())
    output.keep_reads(cache, out)
    assert len(cache.get_json(output.READS_KIND, output._reads_key(out))) == 1
    _new_process(monkeypatch)
    output.recall_reads(cache, out)
    output.keep_reads(cache, out)  # a build that looked at no file
    assert cache.get_json(output.READS_KIND, output._reads_key(out)) == {}


def test_a_file_rewritten_in_place_with_its_size_and_time_kept_is_read_again(tmp_path, monkeypatch):
    from cardstock.core import files, output

    monkeypatch.setattr(files, "SETTLED_NS", 0)
    path = tmp_path / "f.pdf"
    data = b"x" * 4096
    path.write_bytes(data)
    sha = hashlib.sha256(data).hexdigest()
    time.sleep(0.01)
    assert output.holds(tmp_path, ["f.pdf"], len(data), sha)
    before = path.stat()
    with open(
        path, "r+b"
    ) as f:  # the same inode, the same size, the old modification time put back
        f.write(b"y" * 4096)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert not output.holds(tmp_path, ["f.pdf"], len(data), sha)


def test_a_file_changed_just_before_it_was_read_is_read_again_next_time(tmp_path, monkeypatch):
    from cardstock.core import output

    data = b"z" * 2048
    (tmp_path / "f.pdf").write_bytes(data)
    sha = hashlib.sha256(data).hexdigest()
    reads = _reads(monkeypatch)
    assert output.holds(tmp_path, ["f.pdf"], len(data), sha)
    first = len(reads)
    assert output.holds(tmp_path, ["f.pdf"], len(data), sha)
    assert len(reads) == 2 * first  # its change may share a tick of the clock with a later write
