"""Faults around a build: a full temporary folder, a cache that cannot be written, and
Ctrl-C. Each gives a slower build or a plain message, never a hang, an internal error
(exit 3) or a process left behind."""

from __future__ import annotations

import os
import pty
import select
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT, processes, repeat

linux_only = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="reads processes from /proc"
)


def _project(root: Path, games: tuple[str, ...] = ()) -> Path:
    if games:
        for game in games:
            shutil.copytree(ROOT / "catalog" / game, root / "catalog" / game)
            shutil.copytree(ROOT / "layouts" / game, root / "layouts" / game)
    else:
        shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    return root


def _build(
    root: Path, *args: str, env: dict[str, str], timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardstock", "--root", str(root), *args],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=timeout,
    )


def _files(out: Path) -> dict[str, bytes]:
    return {
        p.relative_to(out).as_posix(): p.read_bytes()
        for p in sorted(out.rglob("*"))
        if p.is_file() and p.suffix in (".pdf", ".svg", ".png")
    }


@contextmanager
def _small_disk(folder: Path, size: str) -> Iterator[Path]:
    """A small file system of its own at `folder` (a tmpfs), or the test is skipped where
    this process may not mount one."""
    folder.mkdir(parents=True, exist_ok=True)
    made = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)], capture_output=True
    )
    if made.returncode != 0:
        pytest.skip("cannot mount a small file system here (needs root)")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


# ---------------------------------------------------------------- the temporary folder


def test_a_spill_whose_temporary_file_fills_up_keeps_every_stream_in_memory(monkeypatch):
    from cardstock.render import pdfdoc as pdf

    class Full:
        """A temporary file on a disk with room for 100 bytes."""

        def __init__(self) -> None:
            self.data = bytearray()
            self.at = 0

        def seek(self, at: int) -> None:
            self.at = at

        def write(self, data: memoryview) -> int:
            room = 100 - self.at
            if room <= 0:
                raise OSError(28, "No space left on device")
            piece = bytes(data[:room])
            self.data[self.at : self.at + len(piece)] = piece
            self.at += len(piece)
            return len(piece)

        def read(self, n: int) -> bytes:
            got = bytes(self.data[self.at : self.at + n])
            self.at += len(got)
            return got

        def close(self) -> None:
            pass

    monkeypatch.setattr(pdf.tempfile, "TemporaryFile", lambda **kw: Full())
    streams = [bytes([i]) * (30 + 7 * i) for i in range(8)]
    with pdf.Spill() as spill:
        places = [spill.put(s) for s in streams]
        assert [spill.get(at, size) for at, size in places] == streams


def test_a_spill_that_cannot_make_its_temporary_file_keeps_streams_in_memory(monkeypatch):
    from cardstock.render import pdfdoc as pdf

    def refuse(**kw):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(pdf.tempfile, "TemporaryFile", refuse)
    with pdf.Spill() as spill:
        places = [spill.put(b"x" * n) for n in (3, 5, 7)]
        assert [spill.get(at, size) for at, size in places] == [b"xxx", b"xxxxx", b"x" * 7]


@linux_only
def test_a_full_temporary_folder_gives_the_same_files(tmp_path):
    root = _project(tmp_path / "project", ("vortex",))
    # the files as a build with room to spare writes them, through the suite's own cache
    # (what it holds of vortex, other tests laid out: a build writes the same bytes either way)
    normal = _build(root, "--only", "pnp,rulebook,svg", env={})
    assert normal.returncode == 0, normal.stderr
    expected = _files(root / "output")
    shutil.rmtree(root / "output")
    env = {"CARDSTOCK_CACHE": str(tmp_path / "cache")}  # empty: the full build lays out all
    with _small_disk(tmp_path / "tmp", "256k") as tmp:
        (tmp / "filler").write_bytes(
            b"\0" * (200 * 1024)
        )  # a little room left: the sheets' pages do not fit
        full = _build(
            root, "--only", "pnp,rulebook,svg", "--jobs", "2", env={**env, "TMPDIR": str(tmp)}
        )
    assert full.returncode == 0, full.stderr
    assert _files(root / "output") == expected


# ---------------------------------------------------------------- the user's cache


@linux_only
def test_a_read_only_cache_makes_a_build_slower_never_a_failed_one(tmp_path):
    root = _project(tmp_path / "project")
    with _small_disk(tmp_path / "cachefs", "64m") as disk:
        env = {"CARDSTOCK_CACHE": str(disk / "cache")}
        first = _build(root, env=env)
        assert first.returncode == 0, first.stderr
        expected = _files(root / "output")
        assert (
            subprocess.run(["mount", "-o", "remount,ro", str(disk)], capture_output=True).returncode
            == 0
        )
        for fresh in (False, True):
            shutil.rmtree(root / "output")
            again = _build(
                root,
                env={"CARDSTOCK_CACHE": str(disk / ("new" if fresh else "cache"))},
                timeout=120,
            )
            assert again.returncode == 0, again.stderr
            assert _files(root / "output") == expected


def test_a_cache_folder_that_cannot_be_made_makes_a_build_slower_never_a_failed_one(tmp_path):
    root = _project(tmp_path / "project")
    (tmp_path / "afile").write_text("not a folder")
    result = _build(root, env={"CARDSTOCK_CACHE": str(tmp_path / "afile" / "cache")}, timeout=120)
    assert result.returncode == 0, result.stderr
    assert (root / "output" / "mini" / "mini-pnp-letter.pdf").is_file()


# ---------------------------------------------------------------- Ctrl-C


def _in_session(sid: int) -> list[int]:
    """The live processes of session `sid` (a build started on its own terminal)."""
    return [pid for pid, stat in processes() if int(stat[3]) == sid and stat[0] not in ("Z", "X")]


def _wait(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return False


def _interrupt(root: Path, env: dict[str, str], trials: int, presses: int) -> None:
    """Start a build on a terminal of its own `trials` times, and once its workers run,
    press Ctrl-C `presses` times; each time the build must end within 10 s of the last
    press (exit status 130, or killed by the signal) with no process of it left."""
    gaps = (0.05, 0.2, 0.6)  # as fast as a person presses twice, and slower
    for trial in range(trials):
        shutil.rmtree(root / "output", ignore_errors=True)
        pid, terminal = pty.fork()
        if pid == 0:  # the build, on a terminal of its own, as a person runs it
            os.execve(
                sys.executable,
                [sys.executable, "-m", "cardstock", "--root", str(root), "--jobs", "2"],
                env,
            )
        try:
            assert _wait(lambda pid=pid: len(_in_session(pid)) >= 3, 120), (
                f"trial {trial}: no workers started"
            )
            time.sleep(0.2 * (trial % 3))
            for press in range(presses):
                if press:
                    time.sleep(gaps[trial % len(gaps)])
                os.write(
                    terminal, b"\x03"
                )  # what the terminal turns into SIGINT for the whole foreground group
            status = None
            deadline = time.monotonic() + 10
            while status is None and time.monotonic() < deadline:
                done, code = os.waitpid(pid, os.WNOHANG)
                if done:
                    status = code
                elif select.select([terminal], [], [], 0.05)[0]:
                    try:
                        os.read(terminal, 65536)
                    except OSError:
                        pass
            assert status is not None, (
                f"trial {trial}: the build did not end within 10 s of the last Ctrl-C"
            )
            assert os.WIFSIGNALED(status) or os.WEXITSTATUS(status) == 130, (
                f"trial {trial}: status {status}"
            )
            assert _wait(lambda pid=pid: _in_session(pid) == [], 5), (
                f"trial {trial}: left running: {_in_session(pid)}"
            )
        finally:
            for p in _in_session(pid):
                os.kill(p, signal.SIGKILL)
            try:
                os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                pass
            os.close(terminal)


@pytest.fixture(scope="module")
def two_games(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    """Two shipped games built once for the module (faces and checks cached), so workers
    start soon; each trial empties the output first."""
    tmp_path = tmp_path_factory.mktemp("two-games")
    root = _project(tmp_path / "project", ("vortex", "alter-ego"))
    env = {**os.environ, "CARDSTOCK_CACHE": str(tmp_path / "cache")}
    assert _build(root, "--jobs", "2", env=env).returncode in (0, 1)
    return root, env


@linux_only
def test_a_second_ctrl_c_on_a_terminal_ends_the_build_and_every_worker_at_once_time_after_time(
    two_games,
):
    # twenty trials in the full run (CARDSTOCK_FULL=1); by default three, one of each gap
    # between the presses and each wait before them
    _interrupt(*two_games, trials=repeat(20, 3), presses=2)


@linux_only
def test_one_ctrl_c_on_a_terminal_ends_the_build_and_its_workers(two_games):
    _interrupt(*two_games, trials=3, presses=1)
