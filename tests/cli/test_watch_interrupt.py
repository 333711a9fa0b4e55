"""`cardstock --watch` stops on the first Ctrl-C, and on SIGTERM, wherever it is: idle,
in the middle of a rebuild, or in a burst of edits that starts one rebuild after another
(valid saves, values the catalog refuses, half-written files, an editor's atomic replace,
a file deleted and written again).

Each round starts the watcher on a terminal of its own (as a person runs it), waits for
its first build, replays 40 quick edits of those kinds, then presses Ctrl-C (the byte the
terminal turns into SIGINT for the whole foreground group) or sends SIGTERM, and checks
that the watcher ends with no process of it left. The hang guard is generous; no time is
asserted. Two rounds by default; twenty with CARDSTOCK_FULL=1. A last test sends the
SIGINT from inside the hook Python runs after forking a worker, where the interrupt it
raises is dropped: the watcher must stop all the same."""

from __future__ import annotations

import os
import pty
import random
import select
import shutil
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import ROOT, processes, repeat

linux_only = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="reads processes from /proc"
)

ROUNDS = repeat(20, 1)  # bursts a test replays: 20 in the full run (CARDSTOCK_FULL=1)
EDITS = 40
HANG_GUARD = 10.0  # seconds a stopped watcher may take before the test calls it a hang
GAME = "atmosfear"


def _project(root: Path) -> Path:
    shutil.copytree(ROOT / "catalog" / GAME, root / "catalog" / GAME)
    shutil.copytree(ROOT / "layouts" / GAME, root / "layouts" / GAME)
    return root


def _in_session(sid: int) -> list[int]:
    """The live processes of session `sid` (the watcher started on its own terminal)."""
    return [pid for pid, stat in processes() if int(stat[3]) == sid and stat[0] not in ("Z", "X")]


def _gone(sid: int, seconds: float) -> bool:
    """Whether every process of session `sid` has ended within `seconds` (the workers
    of a watcher ended by a signal die just after it)."""
    deadline = time.monotonic() + seconds
    while _in_session(sid) and time.monotonic() < deadline:
        time.sleep(0.02)
    return not _in_session(sid)


class Terminal:
    """The watcher on a terminal of its own: what it printed so far, its exit status."""

    def __init__(self, root: Path, env: dict[str, str]) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the watcher, on a terminal of its own, as a person runs it
            try:
                os.execve(
                    sys.executable,
                    [sys.executable, "-m", "cardstock", "--root", str(root), "--watch"],
                    env,
                )
            finally:
                os._exit(127)
        self.text = ""
        self.status: int | None = None

    def pump(self, seconds: float) -> None:
        """Read what the watcher prints for up to `seconds` (a terminal that is not read
        stops the writer once its buffer is full), noticing when it ends."""
        deadline = time.monotonic() + seconds
        while self.status is None:
            done, code = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.status = code
                break
            left = deadline - time.monotonic()
            if left <= 0:
                break
            if select.select([self.fd], [], [], min(left, 0.02))[0]:
                try:
                    self.text += os.read(self.fd, 65536).decode("utf-8", "replace")
                except OSError:  # the terminal closed: the watcher is ending
                    time.sleep(0.01)

    def wait_for(self, condition: Callable[[], bool], seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while not condition() and self.status is None and time.monotonic() < deadline:
            self.pump(0.05)
        return condition()

    def ended_within(self, seconds: float) -> float | None:
        """Seconds until the watcher ended, or None when it still runs after `seconds`."""
        start = time.monotonic()
        while self.status is None and time.monotonic() - start < seconds:
            self.pump(0.01)
        return None if self.status is None else time.monotonic() - start

    def close(self) -> None:
        for p in _in_session(self.pid):
            os.kill(p, signal.SIGKILL)
        if self.status is None:
            try:
                os.waitpid(self.pid, 0)
            except ChildProcessError:
                pass
        os.close(self.fd)


def _edits(table: Path, rng: random.Random) -> list[Callable[[], object]]:
    """EDITS quick changes to `table` (a game's CSV), of five kinds in a shuffled order,
    the last restoring a valid file half the time (so the burst may end in a good build or
    in a refused one)."""
    original = table.read_text(encoding="utf-8")

    def valid(n: int) -> Callable[[], object]:
        return lambda: table.write_text(original.replace("Red Fear,", f"Red Fear {n},", 1))

    def invalid() -> None:
        table.write_text(original.replace("red-fear,Red Fear,1,", "red-fear,Red Fear,many,", 1))

    def truncated() -> None:
        table.write_text(original[: rng.randrange(10, len(original))])

    def replaced(n: int) -> Callable[[], None]:
        def replace() -> None:
            temp = table.with_name(f"{table.name}.{n}.tmp")
            temp.write_text(original.replace("Red Fear,", f"Red Fear R{n},", 1))
            os.replace(temp, table)

        return replace

    def recreated(n: int) -> Callable[[], None]:
        def recreate() -> None:
            table.unlink()
            time.sleep(rng.uniform(0, 0.02))
            table.write_text(original.replace("Red Fear,", f"Red Fear D{n},", 1))

        return recreate

    kinds = [valid, lambda n: invalid, lambda n: truncated, replaced, recreated]
    edits = [kinds[n % len(kinds)](n) for n in range(EDITS)]
    rng.shuffle(edits)
    if rng.random() < 0.5:
        edits[-1] = valid(EDITS)
    return edits


def burst_then_stop(tmp: Path, seed: int, how: str) -> tuple[float | None, int | None, str]:
    """One round: the watcher, its first build, a burst of edits, then `how` ("ctrl-c" or
    "sigterm") at a moment picked by `seed`. Returns the seconds the watcher took to end
    (None: it still ran after HANG_GUARD), its exit status and what it printed."""
    root = _project(tmp / f"project-{seed}")
    env = {**os.environ, "CARDSTOCK_CACHE": str(tmp / "cache")}
    rng = random.Random(seed)
    term = Terminal(root, env)
    try:
        assert term.wait_for(lambda: "built " in term.text, 300), term.text
        term.pump(0.3)  # the first build done, the watcher waiting
        for edit in _edits(root / "catalog" / GAME / "realms.csv", rng):
            edit()
            term.pump(rng.choice((0.0, 0.005, 0.02, 0.05, 0.1)))
        term.pump(rng.choice((0.0, 0.05, 0.2, 0.5, 1.0, 2.0)))  # idle or mid-rebuild
        if how == "ctrl-c":
            os.write(term.fd, b"\x03")  # the terminal sends SIGINT to the foreground group
        else:
            os.kill(term.pid, signal.SIGTERM)
        took = term.ended_within(HANG_GUARD)
        if took is not None:
            assert _gone(term.pid, 5), f"left running: {_in_session(term.pid)}"
        return took, term.status, term.text
    finally:
        term.close()


def _round(tmp: Path, seed: int, how: str) -> None:
    took, status, text = burst_then_stop(tmp, seed, how)
    assert took is not None, f"round {seed}: still running after {how}\n{text[-2000:]}"
    assert status is not None
    if how == "ctrl-c":
        assert (os.WIFEXITED(status) and os.WEXITSTATUS(status) in (0, 130)) or (
            os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGINT
        ), f"round {seed}: status {status}\n{text[-2000:]}"
        assert "Traceback" not in text, text
    else:
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGTERM, status


@linux_only
@pytest.mark.parametrize("seed", range(ROUNDS))
def test_one_ctrl_c_stops_the_watcher_after_a_burst_of_edits(tmp_path: Path, seed: int) -> None:
    _round(tmp_path, seed, "ctrl-c")


@linux_only
@pytest.mark.parametrize("seed", range(ROUNDS))
def test_sigterm_stops_the_watcher_after_a_burst_of_edits(tmp_path: Path, seed: int) -> None:
    _round(tmp_path, 1000 + seed, "sigterm")


# A Ctrl-C that lands while the build forks a worker is raised inside an at-fork hook,
# where Python drops it ("Exception ignored"): the hook below sends the watcher SIGINT
# from inside its first fork's hook, as such a Ctrl-C arrives.
SIGINT_IN_FORK = """
import os, signal, time
_main = os.getpid()
def _after_fork():
    if os.getpid() == _main and not os.environ.get("CARDSTOCK_TEST_FORKED"):
        os.environ["CARDSTOCK_TEST_FORKED"] = "1"
        os.kill(_main, signal.SIGINT)
        time.sleep(0.05)  # the handler runs here, inside the hook
os.register_at_fork(after_in_parent=_after_fork)
"""


@linux_only
def test_a_ctrl_c_that_lands_while_a_worker_is_forked_stops_the_watcher(tmp_path: Path) -> None:
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(SIGINT_IN_FORK, encoding="utf-8")
    root = _project(tmp_path / "project")
    env = {
        **os.environ,
        "CARDSTOCK_CACHE": str(tmp_path / "cache"),
        "PYTHONPATH": os.pathsep.join([str(hook), str(ROOT)]),
    }
    term = Terminal(root, env)
    try:
        took = term.ended_within(300)  # the first build forks its workers, then the SIGINT
        assert took is not None, term.text[-2000:]
        assert term.status is not None and os.WIFEXITED(term.status), term.status
        assert os.WEXITSTATUS(term.status) in (0, 130), term.text[-2000:]
        assert "Exception ignored" not in term.text and "Traceback" not in term.text, term.text
        assert _gone(term.pid, 5), f"left running: {_in_session(term.pid)}"
    finally:
        term.close()
